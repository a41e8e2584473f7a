package org.ssajit.jvmci;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The "whole language" corpus, for {@link LanguageCorpusTest}: every static method here is compiled by
 * ssajit, installed and compared with HotSpot's interpreter over many inputs (surefire keeps HotSpot's
 * JITs off this class). Where {@link EndToEndCorpus} covers bytecodes one by one, these methods combine
 * them as Java programs do: calls of every kind (virtual, interface, default, super, private, native,
 * through lambdas), recursion and deep chains, strings, records, enums, pattern matching, boxing,
 * allocation, reference stores, type checks, exception handling, monitors and arithmetic edge cases.
 * The callees live in the nested classes (every static method of this class is a test target), the
 * methods are deterministic (no identity hashes, no timing) and quick (loops are cut with {@code &}).
 */
@SuppressWarnings("all")
final class LanguageCorpus {
    private LanguageCorpus() {
    }

    /** Reset to zero or null before every call and compared after it (so only values with a deterministic toString). */
    static int sCount;
    static long sTotal;
    static String sLog;
    static Object sRef;

    /** Long-lived (allocated once, old after a few collections): methods store young objects in them and read back what they stored. */
    static final Object[] OLD = new Object[64];
    static final Holder OLD_HOLDER = new Holder();

    // Virtual calls ----------------------------------------------------------------------------------

    /** Virtual calls on the Shape hierarchy: exact, monomorphic, bimorphic and megamorphic sites, super, final, private, bridges. */
    static int virtualExact(int x) { Shape s = new Square(x); return s.area() + s.perimeter(); }

    static int virtualMonomorphic(int x) { Shape s = Lib.square(x); return s.area() * 7 + s.perimeter(); }

    static int virtualBimorphic(int k, int x) { Shape s = (k & 1) == 0 ? new Square(x) : new Rect(x, k); return s.area() ^ s.perimeter(); }

    static int virtualMegamorphic(int k, int x) { Shape s = Lib.shape(k, x); return s.area() * 31 + s.perimeter(); }

    static long virtualMegamorphicLoop(int n, int x) {
        long sum = 0;
        for (int i = 0; i < (n & 63); i++) {
            Shape s = Lib.shape(i + n, x + i);
            sum = sum * 17 + s.area() + s.hookB(i);
        }
        return sum;
    }

    static String virtualNames(int k) { return Lib.shape(k, k).name() + "/" + Lib.shape(k + 1, k).name(); }

    static int virtualFinalCallsAbstract(int k, int x) { return Lib.shape(k, x).twiceArea(); }

    static int virtualOnNull(int k, int x) { Shape s = k < 0 ? null : Lib.shape(k, x); return s.area(); }

    static String virtualSuperCalls(int k, int x) { return Lib.shape(k, x).describe(); }

    static int virtualTemplateMethod(int k, int x, int y) { return Lib.shape(k, x).template(y); }

    static String virtualCovariantBridge(int k, int x) {
        Shape s = Lib.shape(k, x);
        Shape c = s.copy();
        Square q = s instanceof Square sq ? sq.copy() : null;
        return c + " " + q;
    }

    static int virtualPrivateNestmate(int x) { Acc a = new Acc(x); return a.bumpTwice() * 3 + a.bump(); }

    static String virtualOverloads(int x, long y, Object o) { return Lib.over(x) + Lib.over(y) + Lib.over(o) + Lib.over((Integer) x) + Lib.over((short) x) + Lib.over((Object) y); }

    static int virtualGenericBridge(int a, int b) { Comparable c = new Word("w" + a); return c.compareTo(new Word("w" + b)); }

    static int virtualObjectMethods(int k, int x) {
        Object a = Lib.shape(k, x);
        Object b = Lib.shape(k, x);
        return (a.equals(b) ? 1 : 0) + (a.equals(a) ? 2 : 0) + a.toString().length() * 4;
    }

    // Interface calls --------------------------------------------------------------------------------

    /** Interface calls: five implementors (a lambda among them), default methods overridden or not, static interface methods, two interfaces. */
    static int interfaceMegamorphic(int k, int x) { Sized s = Lib.sized(k, x); return s.size(); }

    static int interfaceDefault(int k, int x) { return Lib.sized(k, x).doubled(); }

    static String interfaceTwoViews(int k, int x) { Sized s = Lib.sized(k, x); return s instanceof Named n ? n.greet() + s.size() : "anon" + s.doubled(); }

    static int interfaceStaticMethod(int k, int x) { return Sized.sum(Lib.sized(k, x), Lib.sized(k + 1, x + 1)); }

    static String interfaceDefaultSuper(int k) {
        Named n = switch (Math.floorMod(k, 3)) {
            case 0 -> new Both();
            case 1 -> new Word("w" + k);
            default -> new Bag(new int[k & 7]);
        };
        return n.greet();
    }

    static String interfaceCastFails(int k, int x) { return ((Named) Lib.sized(k, x)).name(); }

    static int interfaceOnNull(int k, int x) { Sized s = (k & 3) == 3 ? null : Lib.sized(k, x); return s.doubled(); }

    static int interfaceJdkComparable(int a, int b, String s) {
        Comparable<Integer> c = a;
        Comparable<String> d = s;
        return c.compareTo(b) * 3 + Integer.signum(d.compareTo("m"));
    }

    static int interfaceCharSequence(String s, int k) {
        CharSequence cs = (k & 1) == 0 ? s : new StringBuilder(s);
        return cs.length() * 31 + cs.charAt(k & 3);
    }

    static long interfaceIterators(int k, int n) {
        long s = 0;
        for (int v : Lib.iterable(k, n & 31)) {
            s = s * 31 + v;
        }
        return s;
    }

    static long interfaceManyArguments(int k, int a, long b) { Wide w = Lib.wide(k); return w.call(a, b, a + 1, b - 1, a * 3, b * 5, -a, ~b, (float) a / 3, (double) b / 7); }

    // Recursion --------------------------------------------------------------------------------------

    /** Recursion bounded by the input: the target calling itself, recursive helpers, mutual recursion over two and three methods. */
    static long recFactorial(int n) { n &= 31; return n <= 1 ? 1 : n * recFactorial(n - 1); }

    static int recFib(int n) { n &= 11; return n < 2 ? n : recFib(n - 1) + recFib(n - 2); }

    static int recAckermann(int m, int n) { return Lib.ack(Math.floorMod(m, 3), n & 7); }

    static boolean recMutualEvenOdd(int n) { return Lib.isEven(n & 63); }

    static int recHofstadter(int n) { return Lib.hofF(n & 15) * 100 + Lib.hofM(n & 15); }

    static int recMutualThreeWay(int n) { return Lib.ra(n & 63); }

    static long recArraySum(int[] a) { return Lib.sumFrom(a, 0); }

    static int recTreeShape(int n) { TreeNode t = Lib.balanced(n & 7, 1); return Lib.height(t) * 1000 + Lib.count(t); }

    static long recHanoi(int n) { long[] log = new long[2]; Lib.hanoi(n & 7, 0, 2, 1, log); return log[0] * 1_000_000_007L + log[1]; }

    // Deep call chains -------------------------------------------------------------------------------

    /** Deep call chains (12 frames and more): plain, with mixed argument kinds, virtual links, an exception from the bottom caught or not. */
    static int chainDeep(int x) { return Lib.c1(x); }

    static int chainDeepThrows(int x, int k) { return Lib.t1(x, k); }

    static int chainDeepCaught(int x, int k) {
        try {
            return Lib.t1(x, k);
        } catch (ArithmeticException | NullPointerException e) {
            return e instanceof ArithmeticException ? -1 : -2;
        }
    }

    static long chainVirtualLinks(int k, long v) { return Lib.links(k, 12).run(v); }

    static double chainMixedKinds(int a, long b, double c) { return Lib.m1(a, b, c); }

    // Many arguments ---------------------------------------------------------------------------------

    /** Calls with many arguments of mixed kinds (beyond the argument registers: the rest on the stack), and targets with many parameters. */
    static long manyArgsStatic(int a, long b, float c, double d) { return Lib.many14(a, b, c, d, "o" + a, a + 1, b - 1, c * 2, d / 3, null, a ^ 5, ~b, -c, d + 1); }

    static long manyArgsVirtual(int k, int a, long b, double d) { return Lib.shape(k, a).many(a, b, (float) d, d, k, a * 3, b >> 2, (float) a, d * d, "x" + k); }

    static double manyArgsDoubles(double a, double b, float f) { return Lib.doubles12(a, b, a + b, a - b, a * b, f, f * 2, a / 3, b / 5, 1.5, -2.5, f + a); }

    static String manyArgsObjects(String s, Object o, int k) { return Lib.objects10(s, o, k, "c", null, Lib.shape(k, k), new Pt(k, -k), Color.values()[k & 3], 'x', 2.5); }

    static long manyParams9(int a, long b, float c, double d, int e, long f, float g, double h, Object i) {
        // c * 0.5f, not c + g: the payload of NaN + NaN depends on the operand order, which the JLS leaves open.
        return Lib.many14(e, f, g, h, i, a, b, c, d, i, a + e, b + f, c * 0.5f, d - h);
    }

    static double manyParams12(int a, long b, float c, double d, int e, long f, float g, double h, int i, long j, float k, double l) {
        return a + 2.0 * b + 3.0 * c + 4 * d + 5.0 * e + 6.0 * f + 7.0 * g + 8 * h + 9.0 * i + 10.0 * j + 11.0 * k + 12 * l;
    }

    static long manyArgsPassThrough(int a, long b, float c, double d, int e, long f, float g, double h, int i, long j) {
        return Lib.many14(a, b, c, d, null, e, f, g, h, "p", i, j, c * 2, d - h);
    }

    // Native calls -----------------------------------------------------------------------------------

    /** Calls of native JDK methods: System.arraycopy (and its exceptions), raw float/double bits, getClass, currentThread, clone, Array.newInstance, Class queries. */
    static int[] nativeArraycopy(int[] a, int from, int to, int len) { int[] b = new int[8]; System.arraycopy(a, from % 8, b, to % 8, len % 8); return b; }

    static int[] nativeArraycopyOverlap(int[] a, int shift) {
        int s = shift & 3;
        if (a.length > s) {
            System.arraycopy(a, 0, a, s, a.length - s);
        }
        return a;
    }

    static String nativeArraycopyTypes(int k, int n) {
        Object src = Lib.arraySource(k);
        Object dst = Lib.arrayDest(k >> 2);
        System.arraycopy(src, 0, dst, 0, n & 3);
        return Lib.render(dst);
    }

    static long nativeFloatBits(float f) { return ((long) Float.floatToRawIntBits(f) << 32) | (Float.floatToIntBits(f) & 0xFFFFFFFFL); }

    static long nativeDoubleBitsRoundTrip(long bits) { return Double.doubleToRawLongBits(Lib.identity(Double.longBitsToDouble(bits))) ^ Double.doubleToLongBits(Double.longBitsToDouble(bits)); }

    static int nativeFloatBitsRoundTrip(int bits) { return Float.floatToRawIntBits(Lib.identity(Float.intBitsToFloat(bits))); }

    static String nativeGetClass(int k, int x) { return Lib.shape(k, x).getClass().getSimpleName() + (Lib.object(k).getClass() == String.class); }

    static boolean nativeCurrentThread(int x) { Thread t = Thread.currentThread(); return t != null && t == Thread.currentThread() && !Thread.holdsLock(t) && x != 0; }

    static int[] nativeClone(int[] a) {
        int[] b = a.clone();
        if (b.length > 0) {
            b[0]++;
        }
        return b;
    }

    static String nativeCloneObjects(int k, String s) { Object[] a = {s, k, null}; Object[] b = a.clone(); b[2] = "c"; return Arrays.toString(a) + Arrays.toString(b) + (a.getClass() == b.getClass()); }

    static int nativeArrayNewInstance(int n, int k) { Object a = Array.newInstance((k & 1) == 0 ? int.class : String.class, n % 64); return Array.getLength(a) * 2 + (a instanceof int[] ? 1 : 0); }

    static int nativeClassQueries(int k) {
        Object o = Lib.object(k);
        Class<?> c = o == null ? void.class : o.getClass();
        return (c.isArray() ? 1 : 0) | (Number.class.isInstance(o) ? 2 : 0) | (CharSequence.class.isAssignableFrom(c) ? 4 : 0) | (c.isInterface() ? 8 : 0) | (c.isPrimitive() ? 16 : 0);
    }

    static double nativeSqrt(double d) { return Math.sqrt(d) + StrictMath.sqrt(d * 2); }

    // Lambdas and method references ------------------------------------------------------------------

    /** Lambdas and method references: capturing and not, static, bound, unbound and constructor references, composition, Comparator chains. */
    static int lambdaNonCapturing(int x) { IntUnaryOperator f = v -> v * 3 + 1; return f.applyAsInt(x) * 7 + f.applyAsInt(x >> 1); }

    static int lambdaCapturing(int x, int y) { IntBinaryOperator op = (a, b) -> a * x + b * y; return op.applyAsInt(x, y) ^ op.applyAsInt(y, x); }

    static int lambdaCompose(int x) {
        Function<Integer, Integer> f = v -> v + 1;
        Function<Integer, Integer> g = v -> v * 2;
        return f.andThen(g).compose((Integer v) -> v - 3).apply(x);
    }

    static int lambdaSuppliers(int k, int x) {
        Supplier<Shape> s = switch (Math.floorMod(k, 4)) {
            case 0 -> () -> new Square(x);
            case 1 -> () -> new Circle(x);
            case 2 -> () -> new Rect(x, k);
            default -> () -> new Tri(x);
        };
        return s.get().area();
    }

    static int lambdaMethodRefStatic(int k, int a, int b) {
        IntBinaryOperator op = switch (k & 3) {
            case 0 -> Math::max;
            case 1 -> Integer::sum;
            case 2 -> Lib::mix;
            default -> Math::floorMod;
        };
        return op.applyAsInt(a, b);
    }

    static int lambdaBoundReceiver(String s, int k) {
        Supplier<Integer> len = s::length;
        IntUnaryOperator at = s::charAt;
        return len.get() * 31 + ((k & 1) == 0 ? 0 : at.applyAsInt(k & 3));
    }

    static int lambdaUnboundReceiver(String a, String b) {
        Comparator<String> c = String::compareTo;
        BiPredicate<String, String> eq = String::equals;
        return c.compare(a, b) * 2 + (eq.test(a, b) ? 1 : 0);
    }

    static int lambdaConstructorRefs(int n, int x) {
        IntFunction<int[]> ints = int[]::new;
        IntFunction<Shape> squares = Square::new;
        return ints.apply(n % 50).length + squares.apply(x).area();
    }

    static String lambdaComparatorChain(int[] a) {
        List<Pt> l = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            l.add(new Pt(a[i] & 7, i));
        }
        l.sort(Comparator.comparingInt(Pt::x).thenComparing(Pt::y, Comparator.reverseOrder()).reversed());
        return l.toString();
    }

    static String lambdaComparatorNulls(String[] a) {
        String[] c = a.clone();
        Arrays.sort(c, Comparator.nullsFirst(Comparator.<String>naturalOrder().reversed()));
        return Arrays.toString(c);
    }

    static int lambdaInLoop(int n) {
        IntUnaryOperator[] fs = new IntUnaryOperator[n & 15];
        for (int i = 0; i < fs.length; i++) {
            int j = i;
            fs[i] = v -> v * j + 1;
        }
        int acc = 1;
        for (IntUnaryOperator f : fs) {
            acc = f.applyAsInt(acc);
        }
        return acc;
    }

    static int lambdaThrows(int x, int y) { IntBinaryOperator div = (a, b) -> a / b; return div.applyAsInt(x, y % 4); }

    static int lambdaRunnableCounter(int n) {
        int[] c = new int[1];
        Runnable r = () -> c[0] += 3;
        for (int i = 0; i < (n & 31); i++) {
            r.run();
        }
        return c[0];
    }

    /**
     * 72 longs live across calls: a frame of over 600 bytes of spill slots, past the 504 bytes {@code stp}
     * reaches from sp. AArch64 saved such a frame's own x29 instead of the caller's, and an interpreted
     * caller then ran on with a wrong frame pointer (found by the emulated fuzz run, seeds 100 and 134).
     */
    static long largeFrameAcrossCalls(long a) {
        long v0 = Lib.touch(a * 3L + 0);
        long v1 = Lib.touch(a * 5L + 1);
        long v2 = Lib.touch(a * 7L + 2);
        long v3 = Lib.touch(a * 9L + 3);
        long v4 = Lib.touch(a * 11L + 4);
        long v5 = Lib.touch(a * 13L + 5);
        long v6 = Lib.touch(a * 15L + 6);
        long v7 = Lib.touch(a * 17L + 7);
        long v8 = Lib.touch(a * 19L + 8);
        long v9 = Lib.touch(a * 21L + 9);
        long v10 = Lib.touch(a * 23L + 10);
        long v11 = Lib.touch(a * 25L + 11);
        long v12 = Lib.touch(a * 27L + 12);
        long v13 = Lib.touch(a * 29L + 13);
        long v14 = Lib.touch(a * 31L + 14);
        long v15 = Lib.touch(a * 33L + 15);
        long v16 = Lib.touch(a * 35L + 16);
        long v17 = Lib.touch(a * 37L + 17);
        long v18 = Lib.touch(a * 39L + 18);
        long v19 = Lib.touch(a * 41L + 19);
        long v20 = Lib.touch(a * 43L + 20);
        long v21 = Lib.touch(a * 45L + 21);
        long v22 = Lib.touch(a * 47L + 22);
        long v23 = Lib.touch(a * 49L + 23);
        long v24 = Lib.touch(a * 51L + 24);
        long v25 = Lib.touch(a * 53L + 25);
        long v26 = Lib.touch(a * 55L + 26);
        long v27 = Lib.touch(a * 57L + 27);
        long v28 = Lib.touch(a * 59L + 28);
        long v29 = Lib.touch(a * 61L + 29);
        long v30 = Lib.touch(a * 63L + 30);
        long v31 = Lib.touch(a * 65L + 31);
        long v32 = Lib.touch(a * 67L + 32);
        long v33 = Lib.touch(a * 69L + 33);
        long v34 = Lib.touch(a * 71L + 34);
        long v35 = Lib.touch(a * 73L + 35);
        long v36 = Lib.touch(a * 75L + 36);
        long v37 = Lib.touch(a * 77L + 37);
        long v38 = Lib.touch(a * 79L + 38);
        long v39 = Lib.touch(a * 81L + 39);
        long v40 = Lib.touch(a * 83L + 40);
        long v41 = Lib.touch(a * 85L + 41);
        long v42 = Lib.touch(a * 87L + 42);
        long v43 = Lib.touch(a * 89L + 43);
        long v44 = Lib.touch(a * 91L + 44);
        long v45 = Lib.touch(a * 93L + 45);
        long v46 = Lib.touch(a * 95L + 46);
        long v47 = Lib.touch(a * 97L + 47);
        long v48 = Lib.touch(a * 99L + 48);
        long v49 = Lib.touch(a * 101L + 49);
        long v50 = Lib.touch(a * 103L + 50);
        long v51 = Lib.touch(a * 105L + 51);
        long v52 = Lib.touch(a * 107L + 52);
        long v53 = Lib.touch(a * 109L + 53);
        long v54 = Lib.touch(a * 111L + 54);
        long v55 = Lib.touch(a * 113L + 55);
        long v56 = Lib.touch(a * 115L + 56);
        long v57 = Lib.touch(a * 117L + 57);
        long v58 = Lib.touch(a * 119L + 58);
        long v59 = Lib.touch(a * 121L + 59);
        long v60 = Lib.touch(a * 123L + 60);
        long v61 = Lib.touch(a * 125L + 61);
        long v62 = Lib.touch(a * 127L + 62);
        long v63 = Lib.touch(a * 129L + 63);
        long v64 = Lib.touch(a * 131L + 64);
        long v65 = Lib.touch(a * 133L + 65);
        long v66 = Lib.touch(a * 135L + 66);
        long v67 = Lib.touch(a * 137L + 67);
        long v68 = Lib.touch(a * 139L + 68);
        long v69 = Lib.touch(a * 141L + 69);
        long v70 = Lib.touch(a * 143L + 70);
        long v71 = Lib.touch(a * 145L + 71);
        long r = Lib.touch(a);
        return r + v0 * 1L + v1 * 2L + v2 * 3L + v3 * 4L + v4 * 5L + v5 * 6L + v6 * 7L + v7 * 8L + v8 * 9L + v9 * 10L + v10 * 11L + v11 * 12L + v12 * 13L + v13 * 14L + v14 * 15L + v15 * 16L + v16 * 17L + v17 * 18L + v18 * 19L + v19 * 20L + v20 * 21L + v21 * 22L + v22 * 23L + v23 * 24L + v24 * 25L + v25 * 26L + v26 * 27L + v27 * 28L + v28 * 29L + v29 * 30L + v30 * 31L + v31 * 32L + v32 * 33L + v33 * 34L + v34 * 35L + v35 * 36L + v36 * 37L + v37 * 38L + v38 * 39L + v39 * 40L + v40 * 41L + v41 * 42L + v42 * 43L + v43 * 44L + v44 * 45L + v45 * 46L + v46 * 47L + v47 * 48L + v48 * 49L + v49 * 50L + v50 * 51L + v51 * 52L + v52 * 53L + v53 * 54L + v54 * 55L + v55 * 56L + v56 * 57L + v57 * 58L + v58 * 59L + v59 * 60L + v60 * 61L + v61 * 62L + v62 * 63L + v63 * 64L + v64 * 65L + v65 * 66L + v66 * 67L + v67 * 68L + v68 * 69L + v69 * 70L + v70 * 71L + v71 * 72L;
    }

    static long lambdaStream(int n) { return IntStream.range(0, n & 63).filter(i -> i % 3 != 0).mapToLong(i -> (long) i * i).sum(); }

    static String lambdaBoxingFunction(Integer a, Long b) { BiFunction<Integer, Long, String> f = (x, y) -> x + ":" + (y + x); return f.apply(a, b); }

    static int lambdaPredicates(int x) {
        IntPredicate p = v -> v > 0;
        IntPredicate q = v -> (v & 1) == 0;
        return (p.and(q).test(x) ? 1 : 0) | (p.or(q.negate()).test(x) ? 2 : 0) | (p.negate().and(q).test(x) ? 4 : 0);
    }

    static int lambdaSelfReference(int n) { Cell c = new Cell(); c.f = v -> v <= 0 ? 0 : v + c.f.applyAsInt(v - 1); return c.f.applyAsInt(n & 31); }

    // String concatenation and building --------------------------------------------------------------

    /** String concatenation (invokedynamic) of every kind, null, NaN, -0.0 and chars included; StringBuilder; String methods and switch. */
    static String concatAllKinds(int i, long l, float f, double d, char c, boolean z, String s, Object o) {
        return "i=" + i + " l=" + l + " f=" + f + " d=" + d + " c=" + c + " z=" + z + " s=" + s + " o=" + o;
    }

    static String concatSpecials(int k) {
        String n = k > 1000 ? "big" : null;
        Object o = k < -1000 ? Integer.valueOf(k) : null;
        double nan = Lib.nan();
        return n + "|" + o + "|" + nan + "|" + (float) nan + "|" + -0.0 * k + "|" + (0.0f * -k) + "|" + Double.MIN_VALUE + "|" + Long.MIN_VALUE + "|" + (char) (k & 0x7f) + "|"
                        + (k > 0) + "|" + (byte) k + "|" + (short) k + "|" + Float.intBitsToFloat(k);
    }

    static String concatFloatDouble(float f, double d) { return f + "/" + d + "/" + (f + d) + "/" + (float) d + "/" + (double) f; }

    static String concatChars(char a, char b, byte x, short y) { return "" + a + b + (char) (a + 1) + x + y + (a + b); }

    static String concatLoop(int n, String s) {
        String r = "";
        for (int i = 0; i < (n & 15); i++) {
            r = r + s + i;
        }
        return r;
    }

    static String concatObjects(int k, int x) { return "shape " + Lib.shape(k, x) + " pt " + new Pt(k, x) + " color " + Color.values()[k & 3] + " arr " + Arrays.toString(new int[]{k, x}); }

    static int concatLength(String a, String b) { return (a + b).length() * 1000 + (b + a + b).length(); }

    static String builderAppends(int i, long l, float f, double d, char c, boolean z) {
        StringBuilder sb = new StringBuilder();
        sb.append(i).append(',').append(l).append(',').append(f).append(',').append(d).append(',').append(c).append(',').append(z);
        sb.append(',').append((Object) null).append(',').append((String) null).append(new char[]{'x', 'y'}).appendCodePoint(0x1F600);
        return sb.toString();
    }

    static String builderEdits(String s, int k) {
        StringBuilder sb = new StringBuilder(s);
        sb.insert(0, k).reverse();
        sb.setCharAt(k & 7, '#');
        sb.deleteCharAt(sb.length() - 1);
        return sb.toString();
    }

    static String builderLoop(int n) {
        StringBuilder sb = new StringBuilder(4);
        for (int i = 0; i < (n & 63); i++) {
            sb.append(i % 10).append(i % 3 == 0 ? "-" : "");
        }
        return sb.toString();
    }

    static int stringMethods(String s, int i) {
        String t = s.substring(i & 7).toUpperCase();
        return t.indexOf('A') * 100 + t.replace('L', 'l').length() + s.lastIndexOf("l");
    }

    static int stringEqualsHash(String a, String b) { return (a.equals(b) ? 1 : 0) + a.hashCode() * 3 + (b == null ? 0 : a.compareTo(b)); }

    static int stringSwitch(String s) {
        switch (s) {
            case "Aa": return 1;
            case "BB": return 2;
            case "": return 3;
            case "abc": return 4;
            case "Hello, World": return 5;
            default: return s.length() + 10;
        }
    }

    static String stringNumberFormats(int x, long y, double d) {
        return Integer.toString(x, 7) + " " + Integer.toHexString(x) + " " + Long.toBinaryString(y & 0xFFFF) + " " + Long.toString(y, 36) + " " + Double.toString(d) + " " + Integer.toUnsignedString(x);
    }

    static int stringParse(int x, String s) { return Integer.parseInt(x + s); }

    static String stringJoin(String[] a) { return String.join(",", a) + "|" + String.join("-", List.of("x", "y")); }

    static int stringChars(String s) {
        int h = 0;
        for (char c : s.toCharArray()) {
            h = h * 33 + Character.toUpperCase(c);
        }
        return h + (s.isBlank() ? 1 : 0);
    }

    static long stringHashes(String s, int x) { return s.hashCode() * 31L + Integer.hashCode(x) + Double.hashCode(x * 0.5) + Boolean.hashCode(x > 0) + java.util.Objects.hash(s, x); }

    // Records ----------------------------------------------------------------------------------------

    /** Records: generated toString, equals and hashCode (deterministic for ints and strings), compact constructors, nesting, records as map keys. */
    static String recordToString(int x, String s) { return new Person(s, x).toString() + new Pt(x, -x); }

    static int recordEquals(int a, int b) {
        Pt p = new Pt(a, b);
        return (p.equals(new Pt(b, a)) ? 1 : 0) | (p.equals(new Pt(a, b)) ? 2 : 0) | (p.equals(null) ? 4 : 0) | (p.equals("x") ? 8 : 0);
    }

    static int recordHashCode(int a, int b, String s) { return new Pt(a, b).hashCode() * 31 + new Person(s, a).hashCode(); }

    static int recordCompactConstructor(int lo, int hi) { return new Range(lo, hi).length(); }

    static String recordNested(int a, int b) {
        Line l = new Line(new Pt(a, b), new Pt(b, a));
        return l + " " + l.equals(new Line(new Pt(a, b), new Pt(b, a))) + " " + l.hashCode();
    }

    static String recordMapKeys(int n) {
        Map<Pt, Integer> m = new HashMap<>();
        for (int i = 0; i < (n & 31); i++) {
            m.merge(new Pt(i % 5, i % 3), i, Integer::sum);
        }
        return m.toString();
    }

    static String recordWithers(int x) { Pt q = new Pt(x, 0).withX(x + 1).withY(x * 2); return q + " " + q.x() + " " + q.manhattan(); }

    // Enums ------------------------------------------------------------------------------------------

    /** Enums: switch statements and expressions on enums, values(), valueOf, constant-specific bodies, EnumMap, a null selector. */
    static int enumSwitch(int k) {
        Color c = Color.values()[k & 3];
        switch (c) {
            case RED: return 10;
            case GREEN: return 20;
            case BLUE: return 30;
            default: return c.ordinal();
        }
    }

    static int enumIndexOutOfRange(int k) { return Color.values()[k % 8].ordinal(); }

    static String enumSwitchExpression(int k) {
        Color c = Color.values()[Math.floorMod(k, 4)];
        return switch (c) {
            case RED -> "r";
            case GREEN -> {
                String s = "g";
                yield s + k;
            }
            case BLUE, ALPHA -> c.name().toLowerCase();
        };
    }

    static int enumValueOf(String s) { return Color.valueOf(s.isEmpty() ? "RED" : s.length() == 1 ? "BLUE" : s).ordinal(); }

    static int enumConstantBodies(int k, int a, int b) { return Op.values()[Math.floorMod(k, 5)].applyAsInt(a, b); }

    static int enumCompare(int a, int b) {
        Color x = Color.values()[a & 3];
        Color y = Color.values()[b & 3];
        return x.compareTo(y) * 100 + x.name().compareTo(y.name()) + (x == y ? 1000 : 0);
    }

    static String enumMapCounts(int[] a) {
        EnumMap<Color, Integer> m = new EnumMap<>(Color.class);
        for (int v : a) {
            m.merge(Color.values()[v & 3], 1, Integer::sum);
        }
        return m.toString();
    }

    static int enumSwitchOnNull(int k) {
        Color c = k < 0 ? null : Color.values()[k & 3];
        switch (c) {
            case RED: return 1;
            default: return 2;
        }
    }

    static String enumAsInterface(int k) { IntBinaryOperator op = Op.values()[k & 3]; return op.applyAsInt(k, 3) + ((Op) op).symbol(); }

    // Pattern matching -------------------------------------------------------------------------------

    /** Pattern matching: switch over a sealed interface of records (record and guarded patterns), instanceof patterns, switch on Object and String. */
    static int patternSealedEval(int seed) {
        Expr e = Lib.expr(seed, 3);
        return switch (e) {
            case Lit l -> l.v();
            case Add(Expr a, Expr b) -> Lib.eval(a) + Lib.eval(b);
            case Mul(var a, var b) -> Lib.eval(a) * Lib.eval(b);
            case Neg(Expr x) -> -Lib.eval(x);
            case Div(Expr a, Expr b) -> Lib.eval(a) / Lib.eval(b);
        };
    }

    static String patternSealedShow(int seed) {
        Expr e = Lib.expr(seed, 4);
        if (e instanceof Add(Expr l, Expr r)) {
            return "sum of " + Lib.show(l) + " and " + Lib.show(r);
        }
        return Lib.show(e);
    }

    static String patternGuards(int seed) {
        Expr e = Lib.expr(seed, 2);
        return switch (e) {
            case Lit(int v) when v < 0 -> "neg";
            case Lit(int v) when v == 0 -> "zero";
            case Lit l -> "lit" + l.v();
            case Add a when a.l() instanceof Lit -> "add-lit";
            case Add a -> "add";
            case Mul m -> "mul";
            case Neg n -> "neg(" + n.e().getClass().getSimpleName() + ")";
            case Div d -> "div";
        };
    }

    static int patternInstanceof(Object o) {
        if (o instanceof String s && !s.isEmpty()) {
            return s.length();
        }
        if (o instanceof Integer i) {
            return i * 2;
        }
        if (o instanceof Double d && d > 1) {
            return (int) (d * 10);
        }
        return o == null ? -1 : -2;
    }

    static String patternInstanceofKinds(int k) {
        Object o = Lib.object(k);
        if (o instanceof int[] a) {
            return "ints" + a.length;
        }
        if (o instanceof Object[] a && a.length > 0 && a[0] instanceof Integer i) {
            return "boxed" + i;
        }
        if (o instanceof Shape s) {
            return s.name();
        }
        if (o instanceof CharSequence cs) {
            return "cs" + cs.length();
        }
        if (o instanceof Sized z) {
            return "sized" + z.size();
        }
        return o instanceof Enum<?> e ? e.name() : o == null ? "null" : "other";
    }

    static String patternSwitchObject(int k) {
        Object o = Lib.object(k);
        return switch (o) {
            case null -> "null";
            case Integer i when i > 10 -> "big";
            case Integer i -> "int" + i;
            case String s -> "str" + s;
            case int[] a -> "ints" + a.length;
            case Object[] a -> "objs" + a.length;
            case Color c -> "color" + c.ordinal();
            case Pt(int x, int y) -> "pt" + (x + y);
            default -> "other";
        };
    }

    static int patternSwitchNoNullCase(int k) {
        Object o = Lib.object(k);
        return switch (o) {
            case String s -> 1;
            case Integer i -> 2;
            default -> 3;
        };
    }

    static int patternRecordNested(int a, int b) {
        Object o = (a & 1) == 0 ? new Line(new Pt(a, b), new Pt(b, a)) : new Pt(a, b);
        if (o instanceof Line(Pt(var x1, var y1), Pt p2) && x1 > y1) {
            return x1 - y1 + p2.x();
        }
        if (o instanceof Pt(int x, int y)) {
            return x ^ y;
        }
        return 0;
    }

    static String patternSwitchString(String s) {
        return switch (s) {
            case null -> "null";
            case "a" -> "A";
            case String t when t.length() > 3 -> "long";
            default -> "short" + s.length();
        };
    }

    // Boxing -----------------------------------------------------------------------------------------

    /** Boxing and unboxing: the Integer, Long, Character, Byte and Short caches (== in and out of -128..127), null unboxing, boxed arithmetic, NaN boxes. */
    static boolean boxIntegerCache(int x) { Integer a = x, b = x; return a == b; }

    static boolean boxLongCache(long x) { Long a = x, b = x; return a == b; }

    static int boxSmallCaches(char c, boolean z, byte y, short s) {
        Character a = c, a2 = c;
        Boolean b = z, b2 = z;
        Byte y1 = y, y2 = y;
        Short s1 = s, s2 = s;
        return (a == a2 ? 1 : 0) | (b == b2 ? 2 : 0) | (y1 == y2 ? 4 : 0) | (s1 == s2 ? 8 : 0);
    }

    static int boxUnboxNull(Integer a, Integer b) { return a + b; }

    static double boxMixedArithmetic(Integer a, Long b, Double c) { return a * b + c; }

    static int boxEqualsVsIdentity(int x, int y) {
        Integer a = x, b = y;
        return (a.equals(b) ? 1 : 0) | (a == b ? 2 : 0) | (a.intValue() == b ? 4 : 0) | (a.compareTo(b) < 0 ? 8 : 0);
    }

    static int boxFloatNaN(float f, double d) {
        Float a = f;
        Double b = d;
        return (a.equals(f) ? 1 : 0) | (a == f ? 2 : 0) | (b.equals(d) ? 4 : 0) | (b == d ? 8 : 0) | (Float.valueOf(0f).equals(-0f * f) ? 16 : 0);
    }

    static long boxListSum(int n) {
        List<Integer> l = new ArrayList<>();
        for (int i = -(n & 63); i < (n & 63); i += 3) {
            l.add(i * 7);
        }
        long s = 0;
        for (Integer v : l) {
            s += v;
        }
        return s;
    }

    static int boxCountIdentical(int n) {
        int same = 0;
        for (int i = -200; i < -200 + (n & 511); i++) {
            if (Integer.valueOf(i) == Integer.valueOf(i)) {
                same++;
            }
        }
        return same;
    }

    static Integer boxReturnNullable(int x) { return x > 0 ? Integer.valueOf(x) : x == 0 ? null : Integer.valueOf(-x); }

    // Allocation -------------------------------------------------------------------------------------

    /** Allocation-heavy code: linked lists, trees, jagged arrays, ArrayList, HashMap with Integer keys, TreeMap, ArrayDeque, garbage in loops, large arrays. */
    static long allocLinkedList(int n) {
        Node head = null;
        for (int i = 0; i < (n & 63); i++) {
            head = new Node(i * 3, head);
        }
        head = Lib.reverse(head);
        long s = 0;
        int pos = 0;
        for (Node p = head; p != null; p = p.next) {
            s += (long) p.v * ++pos;
        }
        return s;
    }

    static String allocTree(int[] a) {
        TreeNode root = null;
        for (int v : a) {
            root = Lib.insert(root, v);
        }
        return Lib.sum(root) + "/" + Lib.height(root) + "/" + Lib.inorder(root);
    }

    static long allocJagged(int n, int m) {
        int[][] a = new int[n & 15][];
        for (int i = 0; i < a.length; i++) {
            a[i] = new int[(m + i) & 15];
            for (int j = 0; j < a[i].length; j++) {
                a[i][j] = i * j;
            }
        }
        long s = 0;
        for (int[] r : a) {
            for (int v : r) {
                s += v;
            }
        }
        return s * 100 + a.length;
    }

    static String allocArrayList(int n, int k) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < (n & 31); i++) {
            l.add(i * k);
        }
        if (!l.isEmpty()) {
            l.remove(0);
        }
        l.add(0, k);
        return l.get(k & 7) + " " + l;
    }

    static String allocHashMap(int[] a) {
        Map<Integer, Integer> m = new HashMap<>();
        for (int v : a) {
            m.merge(v % 100, 1, Integer::sum);
        }
        return m.toString();
    }

    static int allocHashMapGrowth(int n) {
        Map<Integer, String> m = new HashMap<>(4);
        for (int i = 0; i < (n & 127); i++) {
            m.put(i * 37 - 500, "v" + i);
        }
        int s = 0;
        for (Map.Entry<Integer, String> e : m.entrySet()) {
            s = s * 31 + e.getKey() + e.getValue().length();
        }
        return s;
    }

    static long allocGarbageLoop(int n) {
        long s = 0;
        for (int i = 0; i < (n & 63); i++) {
            long[] t = new long[i + 1];
            t[i] = i;
            Object o = new Pt(i, i);
            s += t[i] + o.hashCode() + t.length;
        }
        return s;
    }

    static int allocLargeArray(int n) {
        long[] a = new long[(n & 15) << 13];
        if (a.length > 0) {
            a[a.length - 1] = n;
        }
        return a.length + (a.length == 0 ? 0 : (int) a[a.length - 1]);
    }

    static String allocSortStrings(String[] a) {
        List<String> l = new ArrayList<>(Arrays.asList(a));
        Collections.sort(l);
        return l.toString();
    }

    static String allocTreeMap(int[] a) {
        TreeMap<Integer, Long> m = new TreeMap<>();
        for (int v : a) {
            m.put(v >> 3, (long) v * v);
        }
        return m.headMap(0).size() + " " + m;
    }

    static String allocDeque(int n) {
        ArrayDeque<Integer> d = new ArrayDeque<>();
        for (int i = 0; i < (n & 31); i++) {
            if ((i & 1) == 0) {
                d.addFirst(i);
            } else {
                d.addLast(i);
            }
        }
        if ((n & 32) != 0) {
            d.pollFirst();
        }
        return d.toString();
    }

    static String allocObjectMatrix(int n) {
        Object[][] m = new Object[n & 3][];
        for (int i = 0; i < m.length; i++) {
            m[i] = new Object[]{i, "r" + i, new Pt(i, n), null};
        }
        return Arrays.deepToString(m);
    }

    // Reference stores -------------------------------------------------------------------------------

    /** Reference stores: object fields, static fields, Object[] elements, young objects into long-lived objects and arrays (with garbage around). */
    static String storeYoungIntoOld(int x) {
        OLD_HOLDER.ref = new Pt(x, x + 1);
        OLD_HOLDER.next = new Holder();
        OLD_HOLDER.next.v = x;
        String r = OLD_HOLDER.ref + " " + OLD_HOLDER.next.v;
        OLD_HOLDER.ref = null;
        OLD_HOLDER.next = null;
        return r;
    }

    static long storeOldArray(int n, int x) {
        int m = n & 63;
        for (int i = 0; i < m; i++) {
            OLD[i] = new long[]{x, i};
        }
        long s = 0;
        for (int i = 0; i < m; i++) {
            long[] a = (long[]) OLD[i];
            s = s * 31 + a[0] + a[1];
            OLD[i] = null;
        }
        return s;
    }

    static String storeStatics(int x) {
        sRef = new Pt(x, -x);
        sLog = "stored " + x;
        sCount = x;
        sTotal += x;
        return String.valueOf(sRef);
    }

    static String storeObjectArray(int n, String s) {
        Object[] a = new Object[n & 15];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 3 == 0 ? s : i % 3 == 1 ? Integer.valueOf(i) : null;
        }
        return Arrays.toString(a);
    }

    static int storeIntoBox(EndToEndCorpus.Box b, int x) {
        b.next = new EndToEndCorpus.Box();
        b.next.i = x;
        b.arr = new int[]{x, b.i};
        return b.next.i + b.arr.length;
    }

    static long storeLongLivedList(int n) {
        Holder h = OLD_HOLDER;
        h.next = null;
        for (int i = 0; i < (n & 63); i++) {
            Holder c = new Holder();
            c.v = i;
            c.ref = "s" + i;
            c.next = h.next;
            h.next = c;
        }
        long s = 0;
        for (Holder p = h.next; p != null; p = p.next) {
            s = s * 7 + p.v + ((String) p.ref).length();
        }
        h.next = null;
        return s;
    }

    static String storeStringArray(String[] a, String s) { a[0] = s; return Arrays.toString(a); }

    static int storeOverwrite(int x) {
        Holder h = new Holder();
        h.ref = new int[x & 7];
        h.ref = null;
        h.ref = "x" + x;
        OLD[63] = h;
        Holder back = (Holder) OLD[63];
        OLD[63] = null;
        return ((String) back.ref).length();
    }

    static long storeWithGarbage(int n) {
        int m = n & 31;
        for (int i = 0; i < m; i++) {
            OLD[i] = new int[]{i, n};
            byte[] garbage = new byte[4096];
            garbage[i] = 1;
        }
        long s = 0;
        for (int i = 0; i < m; i++) {
            int[] a = (int[]) OLD[i];
            s = s * 3 + a[0] + a[1];
            OLD[i] = null;
        }
        return s;
    }

    // Type checks ------------------------------------------------------------------------------------

    /** Type checks: instanceof and checkcast of classes, interfaces and arrays (Object[], String[], int[]), ClassCastException, ArrayStoreException, a hierarchy deeper than the primary supers. */
    static int typeInstanceofMatrix(int k) {
        Object o = Lib.object(k);
        int m = 0;
        m |= o instanceof Object[] ? 1 : 0;
        m |= o instanceof String[] ? 2 : 0;
        m |= o instanceof int[] ? 4 : 0;
        m |= o instanceof Comparable ? 8 : 0;
        m |= o instanceof CharSequence ? 16 : 0;
        m |= o instanceof Number ? 32 : 0;
        m |= o instanceof Cloneable ? 64 : 0;
        m |= o instanceof Serializable ? 128 : 0;
        m |= o instanceof Object[][] ? 256 : 0;
        m |= o instanceof long[][] ? 512 : 0;
        m |= o instanceof Shape ? 1024 : 0;
        m |= o instanceof Sized ? 2048 : 0;
        m |= o instanceof Number[] ? 4096 : 0;
        m |= o instanceof Comparable[] ? 8192 : 0;
        m |= o instanceof Enum ? 16384 : 0;
        m |= o instanceof Record ? 32768 : 0;
        return m;
    }

    static String typeCastMatrix(int k, int t) {
        Object o = Lib.object(k);
        switch (t & 7) {
            case 0: return ((String) o).trim();
            case 1: return "" + ((Object[]) o).length;
            case 2: return "" + ((int[]) o).length;
            case 3: return ((Comparable<?>) o).getClass().getSimpleName();
            case 4: return "" + ((Number) o).intValue();
            case 5: return "" + ((Sized) o).size();
            case 6: return "" + ((Number[]) o).length;
            default: return ((Shape) o).name();
        }
    }

    static String typeArrayStore(int k, int x) {
        Object[] a = Lib.objectArray(k);
        a[0] = Integer.valueOf(x);
        a[a.length - 1] = "s";
        return Arrays.toString(a);
    }

    static int typeArrayStoreLoop(int k, int n) {
        Object[] a = Lib.objectArray(k);
        int stored = 0;
        for (int i = 0; i < (n & 15); i++) {
            a[i & 1] = Lib.object(i);
            stored++;
        }
        return stored;
    }

    static int typeArrayCovariance(int k) {
        Object o = (k & 1) == 0 ? new String[]{"a"} : new Integer[]{1, 2};
        Object[] objs = (Object[]) o;
        Comparable[] cs = (Comparable[]) objs;
        String[] ss = (String[]) o;
        return ss.length + cs.length;
    }

    static int typePrimitiveArrayCast(int k) { return ((Object[]) Lib.object(k)).length; }

    static int typeDeepHierarchy(int k) {
        D1 d = Lib.deep(k);
        int m = 0;
        m |= d instanceof D3 ? 1 : 0;
        m |= d instanceof D6 ? 2 : 0;
        m |= d instanceof D8 ? 4 : 0;
        m |= d instanceof D9 ? 8 : 0;
        m |= d instanceof D10 ? 16 : 0;
        m |= d instanceof Sized ? 32 : 0;
        return m * 100 + d.depth();
    }

    static int typeDeepCast(int k) { return ((D9) Lib.deep(k)).depth(); }

    static int typeClassIdentity(int k) {
        Class<?> c = Lib.object(k).getClass();
        return (c == String.class ? 1 : 0) | (c == String[].class ? 2 : 0) | (c == int[].class ? 4 : 0) | (c.getSuperclass() == Object.class ? 8 : 0)
                        | (c.isArray() && c.getComponentType().isPrimitive() ? 16 : 0);
    }

    static int typeNullCasts(int k) {
        Object o = k < 0 ? null : Lib.object(k);
        String s = (String) (k < 0 ? o : null);
        String[] a = (String[]) (Object) s;
        return (s == null ? 1 : 0) + (a == null ? 2 : 0) + (o instanceof String ? 4 : 0);
    }

    static int typeChecksInLoop(int n) {
        int c = 0;
        for (int i = 0; i < (n & 63); i++) {
            Object o = Lib.object(i);
            if (o instanceof Comparable) {
                c += 1;
            }
            if (o instanceof Object[]) {
                c += 10;
            }
            if (o instanceof Sized s) {
                c += 100 * s.size();
            }
        }
        return c;
    }

    static boolean typeIsInstanceDynamic(int k, int t) { return Lib.classOf(t).isInstance(Lib.object(k)); }

    /** Class.isInstance of mirrors the compile does not know: primitive types' and void's (false for any object), a null one (NullPointerException), a deep class, an array of arrays. */
    static int typeIsInstanceOfAnyMirror(int k, int t) {
        Class<?> c = switch (Math.floorMod(t, 7)) {
            case 0 -> int.class;
            case 1 -> void.class;
            case 2 -> null;
            case 3 -> Runnable.class;
            case 4 -> D9.class;
            case 5 -> D8.class;
            default -> long[][].class;
        };
        Object o = Lib.object(k);
        return (c.isInstance(o) ? 1 : 0) + (Object[].class.isInstance(o) ? 2 : 0);
    }

    // Exceptions -------------------------------------------------------------------------------------

    /** try/catch/finally: finally with return, exceptions in catch and finally, rethrow, multi-catch, custom exceptions with fields, try-with-resources, implicit exceptions thrown deep and caught up. */
    static int tryFinallyReturn(int x) {
        try {
            return 100 / x;
        } finally {
            if (x < 0) {
                return -1;
            }
        }
    }

    static int tryNested(int x, int y) {
        int r = 0;
        try {
            try {
                r = 100 / x;
                r += Lib.bottom(y, 3); // NegativeArraySizeException from the callee for y < 0
            } catch (ArithmeticException e) {
                r = -1;
            }
            r += 10 / (y & 3);
        } catch (ArithmeticException e) {
            r -= 1000;
        } catch (NegativeArraySizeException e) {
            r -= 2000;
        }
        return r;
    }

    static int tryExceptionInCatch(int x) {
        try {
            return 10 / x;
        } catch (ArithmeticException e) {
            int[] a = new int[x - 1];
            return a.length;
        }
    }

    static int tryRethrow(int x) {
        try {
            return Lib.bottom(x, x >>> 29);
        } catch (RuntimeException e) {
            if (e instanceof ArithmeticException) {
                throw e;
            }
            return -1;
        }
    }

    static int tryWrap(int x) {
        try {
            return Lib.bottom(x, x & 7);
        } catch (RuntimeException e) {
            throw new LcException(e instanceof NullPointerException ? 1 : 2, x, 0.5);
        }
    }

    static int tryMultiCatch(int k, int[] a) {
        try {
            return a[k & 7] / a[0] + Lib.bottom(k, k >> 4);
        } catch (NullPointerException | ArrayIndexOutOfBoundsException e) {
            return e instanceof NullPointerException ? -1 : -2;
        } catch (ArithmeticException | ClassCastException | NegativeArraySizeException | ArrayStoreException e) {
            return -3;
        }
    }

    static long tryCustomFields(int x, long y) {
        try {
            Lib.throwCustom(x, y);
            return 0;
        } catch (LcException e) {
            return e.code * 1000L + e.payload + (long) (e.ratio * 10);
        }
    }

    static int tryCheckedOut(int x) throws LcChecked {
        if (x < 0) {
            throw new LcChecked(x);
        }
        return Lib.maybeChecked(x);
    }

    static int tryCheckedCaught(int x) {
        try {
            return Lib.maybeChecked(x);
        } catch (LcChecked e) {
            return e.code;
        }
    }

    static String tryFinallyOrder(int x) {
        StringBuilder sb = new StringBuilder();
        try {
            sb.append('a');
            try {
                sb.append('b');
                sb.append(10 / x);
            } finally {
                sb.append('c');
            }
            sb.append('d');
        } catch (ArithmeticException e) {
            sb.append('e');
        } finally {
            sb.append('f');
        }
        return sb.toString();
    }

    static int tryExceptionInFinally(int x) {
        try {
            try {
                return 10 / x;
            } finally {
                if (x > 100 || x == 0) {
                    throw new IllegalStateException();
                }
            }
        } catch (IllegalStateException e) {
            return -5;
        }
    }

    static int tryFinallyInLoop(int n) {
        int c = 0;
        for (int i = 0; i < (n & 31); i++) {
            try {
                if (i % 5 == 0) {
                    continue;
                }
                if (i == 20) {
                    break;
                }
                c += i;
            } finally {
                c++;
            }
        }
        return c;
    }

    static String tryWithResources(int k) {
        StringBuilder log = new StringBuilder();
        try (Res a = new Res(log, "a", (k & 1) != 0); Res b = new Res(log, "b", (k & 2) != 0)) {
            log.append("body ");
            if ((k & 4) != 0) {
                throw new IllegalArgumentException("body");
            }
        } catch (RuntimeException e) {
            log.append("caught ").append(e.getMessage()).append(" suppressed ").append(e.getSuppressed().length);
        }
        return log.toString();
    }

    static int tryDeepCaughtUp(int depth, int kind) {
        try {
            return Lib.throwAt(depth & 15, depth, kind);
        } catch (NullPointerException e) {
            return -1;
        } catch (ArrayIndexOutOfBoundsException e) {
            return -2;
        } catch (ArithmeticException e) {
            return -3;
        } catch (NegativeArraySizeException e) {
            return -4;
        } catch (ClassCastException e) {
            return -5;
        } catch (ArrayStoreException e) {
            return -6;
        }
    }

    static int tryDeepPartlyCaught(int depth, int kind) {
        try {
            return Lib.catchInMiddle(depth & 15, depth, kind);
        } catch (RuntimeException e) {
            return -100 - (e instanceof ArithmeticException ? 1 : 0);
        }
    }

    static int tryDeepUncaught(int depth, int kind) { return Lib.throwAt(depth & 15, depth, kind) * 2; }

    static int tryCatchErrors(int x) {
        try {
            Lib.fail(x);
            return 1;
        } catch (AssertionError e) {
            return 2;
        } catch (Throwable t) {
            return 3;
        }
    }

    static long tryCatchInLoop(int[] a) {
        long s = 0;
        for (int i = 0; i < 8; i++) {
            try {
                s += 100 / a[i];
            } catch (ArithmeticException e) {
                s -= 1;
            } catch (ArrayIndexOutOfBoundsException e) {
                s -= 1000;
                break;
            }
        }
        return s;
    }

    // Monitors ---------------------------------------------------------------------------------------

    /** synchronized methods and blocks (one thread): on this, on classes, on arrays, nested, recursive, deeper than the lock stack, exceptions inside. */
    static int syncInstanceMethod(int x) { Acc a = new Acc(x); return a.add(x) + a.add(1); }

    static synchronized int syncStaticMethod(int x) { sCount = x; return Thread.holdsLock(LanguageCorpus.class) ? x + 1 : -1; }

    static synchronized int syncStaticThrows(int x) { return 10 / x + (Thread.holdsLock(LanguageCorpus.class) ? 1 : 0); }

    static int syncNested(int x) {
        Object a = new Object();
        int[] b = new int[1];
        synchronized (a) {
            synchronized (b) {
                synchronized (a) {
                    a.notifyAll();
                    return (Thread.holdsLock(a) ? 1 : 0) + (Thread.holdsLock(b) ? 2 : 0) + x;
                }
            }
        }
    }

    static int syncOnArray(int[] a) {
        synchronized (a) {
            int s = 0;
            for (int v : a) {
                s += v;
            }
            return s;
        }
    }

    static int syncWithException(int x) {
        Object lock = new Object();
        int r;
        try {
            synchronized (lock) {
                r = 100 / x;
            }
        } catch (ArithmeticException e) {
            r = Thread.holdsLock(lock) ? -2 : -1;
        }
        return r + (Thread.holdsLock(lock) ? 1000 : 0);
    }

    static int syncRecursiveMethod(int n) { return new Acc(1).addRecursively(n & 15); }

    static int syncInLoop(int n) {
        int s = 0;
        Object[] locks = {new Object(), "lock", new int[0]};
        for (int i = 0; i < (n & 63); i++) {
            synchronized (locks[i % 3]) {
                s += i + (Thread.holdsLock(locks[i % 3]) ? 1 : 0);
            }
        }
        return s;
    }

    static int syncClassLiterals(int x) {
        synchronized (Shape.class) {
            synchronized (LanguageCorpus.class) {
                return x * (Thread.holdsLock(Shape.class) ? 2 : 3);
            }
        }
    }

    static int syncUncaught(int[] a, int i) {
        synchronized (a) {
            return a[i];
        }
    }

    static int syncDeeperThanLockStack(int x) {
        Object[] o = new Object[10];
        for (int i = 0; i < o.length; i++) {
            o[i] = new Object();
        }
        synchronized (o[0]) {
            synchronized (o[1]) {
                synchronized (o[2]) {
                    synchronized (o[3]) {
                        synchronized (o[4]) {
                            synchronized (o[5]) {
                                synchronized (o[6]) {
                                    synchronized (o[7]) {
                                        synchronized (o[8]) {
                                            synchronized (o[9]) {
                                                int held = 0;
                                                for (Object l : o) {
                                                    held += Thread.holdsLock(l) ? 1 : 0;
                                                }
                                                x = x * 16 + held;
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return x * 2 + (Thread.holdsLock(o[0]) ? 1 : 0);
    }

    static int syncBlockInSyncMethod(int x) { return new Acc(x).addInBlock(x); }

    static int syncAroundSynchronizedCalls(int n) {
        Acc a = new Acc(0);
        synchronized (a) {
            for (int i = 0; i < (n & 15); i++) {
                a.add(i);
            }
        }
        return a.total() + (Thread.holdsLock(a) ? 1000 : 0);
    }

    // Arithmetic edge cases --------------------------------------------------------------------------

    /** Integer and floating-point edge cases, through calls: MIN_VALUE / -1, floorMod and floorDiv, shifts by 32 and more, saturating conversions, exact and unsigned arithmetic. */
    static int arithMinDivMinusOne(int x) { return Lib.idiv(Integer.MIN_VALUE, -1) + Lib.irem(Integer.MIN_VALUE, -1) + Lib.idiv(x, -1) + Lib.irem(x, (x & 3) - 1) + Integer.MIN_VALUE / (x | -1); }

    static long arithLongMinDiv(long x, long y) { return Lib.ldiv(x, y) * 3 + Lib.ldiv(Long.MIN_VALUE, -1) + Lib.lrem(Long.MIN_VALUE, -1) + Long.MIN_VALUE / (y | -1L); }

    static int arithFloorModDiv(int a, int b) { return Math.floorMod(a, b) * 31 + Math.floorDiv(a, b); }

    static long arithFloorModLong(long a, int b) { return Math.floorMod(a, b) + Math.floorDiv(a, (long) b) * 7; }

    static long arithShifts(int x, int s, long y) {
        int a = x << (s + 32);
        int b = x >> 33;
        int c = x >>> -1;
        long d = y << (s + 64);
        long e = y >> 65;
        long f = y >>> s;
        return Lib.lmix(a + b + c, d + e + f, Lib.shl(x, s + 32) + Lib.lushr(y, s + 64));
    }

    static String arithConversions(float f, double d) {
        double nan = Lib.nan();
        double huge = Math.abs(d) + 1e30;
        return (int) nan + " " + (long) nan + " " + (int) (float) nan + " " + (int) huge + " " + (long) huge + " " + (int) -huge + " " + (long) -huge + " " + (char) d + " "
                        + (short) f + " " + (byte) d + " " + (int) f + " " + (long) f + " " + (int) d + " " + (long) d + " " + (float) d + " " + (double) f;
    }

    static String arithFloatDoubleEdges(double a, double b) {
        return Math.min(a, b) + " " + Math.max(a, b) + " " + Math.abs(a) + " " + Math.copySign(a, b) + " " + Double.compare(a, b) + " " + (a == b) + " " + (a < b) + " "
                        + Math.signum(b) + " " + (float) (a * b);
    }

    static float arithFloatRemainder(float a, float b) { return a % b + Lib.identity(a) % 3f; }

    static double arithDoubleRemainder(double a, double b) { return a % b - Lib.identity(b) % -2.5; }

    static int arithExact(int a, int b) { return Math.addExact(a, b) ^ Math.multiplyExact(a, b & 0xFF) ^ Math.negateExact(a); }

    static long arithUnsigned(int a, int b) { return Integer.divideUnsigned(a, b) * 31L + Integer.remainderUnsigned(a, b) + Integer.compareUnsigned(a, b) + Integer.toUnsignedLong(a); }

    static long arithLongBits(long x) {
        return Long.bitCount(x) + Long.numberOfLeadingZeros(x) * 100L + Long.numberOfTrailingZeros(x) * 10000L + Long.reverse(x) + Long.rotateLeft(x, 13) + Long.highestOneBit(x)
                        + Long.reverseBytes(x);
    }

    static String arithDoubleStrings(double d, float f) { return Double.toString(d) + " " + Double.parseDouble(Double.toString(d)) + " " + Float.toString(f) + " " + Double.toHexString(d); }

    static double arithMixedPrecision(int n, float f, double d) {
        double s = 0;
        float g = f;
        for (int i = 0; i < (n & 31); i++) {
            g = g * 1.5f - i;
            s += g * d + Lib.half(s);
        }
        return s;
    }

    static int arithCharByteShort(char c, byte b, short s) {
        char c2 = (char) (c + b);
        short s2 = (short) (s * b);
        byte b2 = (byte) (c ^ s);
        return Lib.mixCBS(c2, b2, s2) + (c2 >> 3) + (s2 >>> 28) + (b2 << 30);
    }

    static long arithLongThroughCalls(long a, long b) { return Lib.lmix(a, b, Lib.lmix(b, a, Long.MIN_VALUE)); }

    static String arithDoubleThroughCalls(double a, double b) { return Lib.dmix(a, b, Lib.dmix(-0.0, a, b * 0.5)) + " " + Lib.dmix(Lib.nan(), -0.0, a) + " " + Lib.dmix(-0.0, -0.0, 0.0); }

    // multianewarray ---------------------------------------------------------------------------------

    /**
     * multianewarray: two and three dimensions, a partial dimension, object and double elements. No
     * negative dimension here, nor a negative length at newarray/anewarray anywhere in the corpus:
     * ssajit's code then calls the VM, which constructs the NegativeArraySizeException in Java, and a
     * collection during that constructor crashes the VM (walking ssajit's frame as if it were at an
     * invoke: "Unexpected bytecode: multianewarray").
     */
    static int multiNew2(int a, int b) {
        int[][] m = new int[a & 7][b & 7];
        int s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = i + j;
                s += m[i][j];
            }
        }
        return s * 100 + m.length;
    }

    static int multiNew3(int a, int b, int c) { long[][][] m = new long[a & 3][b & 3][c & 3]; return m.length * 100 + (m.length > 0 ? m[0].length * 10 : 0) + (m.length > 0 && m[0].length > 0 ? m[0][0].length : 0); }

    static String multiNewPartial(int a, int k) {
        String[][] m = new String[a & 3][];
        if (m.length > 0) {
            m[0] = new String[]{"x"};
        }
        return m[k & 3][0];
    }

    static String multiNewObjects(int a, int b) {
        Object[][][] m = new Object[a & 3][b & 3][2];
        for (Object[][] p : m) {
            for (Object[] q : p) {
                q[0] = p.length;
                q[1] = "q";
            }
        }
        return Arrays.deepToString(m);
    }

    static double multiNewMatrixMultiply(int n, double d) {
        int k = (n & 3) + 1;
        double[][] x = new double[k][k];
        double[][] y = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                x[i][j] = d * i - j;
                y[i][j] = i == j ? 2 : d;
            }
        }
        double trace = 0;
        for (int i = 0; i < k; i++) {
            double s = 0;
            for (int j = 0; j < k; j++) {
                s += x[i][j] * y[j][i];
            }
            trace += s;
        }
        return trace;
    }

    static int multiNewTypeChecks(int a) {
        Object o = new int[a & 3][2];
        return (o instanceof int[][] ? 1 : 0) | (o instanceof Object[] ? 2 : 0) | (o instanceof long[][] ? 4 : 0) | (((Object[]) o).length << 3);
    }

    // Helper types -----------------------------------------------------------------------------------

    /** A mutable cell with a deterministic toString. */
    static final class Holder {
        Object ref;
        Holder next;
        int v;

        @Override
        public String toString() {
            return "Holder(" + v + "," + ref + ")";
        }
    }

    /** A cell for a lambda that calls itself. */
    static final class Cell {
        IntUnaryOperator f;
    }

    abstract static class Shape {
        final int x;

        Shape(int x) {
            this.x = x;
        }

        abstract int area();

        int perimeter() {
            return 0;
        }

        String name() {
            return "shape";
        }

        final int twiceArea() {
            return 2 * area();
        }

        String describe() {
            return name() + "[" + area() + "," + perimeter() + "]";
        }

        int template(int k) {
            return hookA(k) * 31 + hookB(k);
        }

        int hookA(int k) {
            return k + x;
        }

        abstract int hookB(int k);

        Shape copy() {
            return this;
        }

        long many(int a, long b, float c, double d, int e, int f, long g, float h, double i, Object j) {
            long r = a * 31L + b;
            r = r * 31 + Float.floatToRawIntBits(c);
            r = r * 31 + Double.doubleToRawLongBits(d);
            r = r * 31 + e + f;
            r = r * 31 + g + Float.floatToRawIntBits(h);
            return r * 31 + Double.doubleToRawLongBits(i) + Lib.hash(j) + x;
        }

        @Override
        public String toString() {
            return name() + "(" + x + ")";
        }
    }

    static class Square extends Shape {
        Square(int x) {
            super(x);
        }

        @Override
        int area() {
            return x * x;
        }

        @Override
        int perimeter() {
            return 4 * x;
        }

        @Override
        String name() {
            return "square";
        }

        @Override
        int hookB(int k) {
            return k ^ x;
        }

        @Override
        Square copy() {
            return new Square(x + 1);
        }
    }

    static final class Cube extends Square {
        Cube(int x) {
            super(x);
        }

        @Override
        int area() {
            return 6 * super.area();
        }

        @Override
        String name() {
            return "cube/" + super.name();
        }

        @Override
        int hookA(int k) {
            return super.hookA(k) + 1;
        }

        @Override
        Cube copy() {
            return new Cube(x + 2);
        }
    }

    static final class Rect extends Shape {
        final int h;

        Rect(int x, int h) {
            super(x);
            this.h = h;
        }

        @Override
        int area() {
            return x * h;
        }

        @Override
        int perimeter() {
            return 2 * (x + h);
        }

        @Override
        String name() {
            return "rect";
        }

        @Override
        int hookB(int k) {
            return k * h;
        }

        @Override
        String describe() {
            return "rect:" + super.describe();
        }

        @Override
        long many(int a, long b, float c, double d, int e, int f, long g, float h, double i, Object j) {
            return super.many(f, g, h, i, e, a, b, c, d, j) ^ this.h;
        }
    }

    static final class Circle extends Shape {
        Circle(int r) {
            super(r);
        }

        @Override
        int area() {
            return 3 * x * x;
        }

        @Override
        String name() {
            return "circle";
        }

        @Override
        int hookB(int k) {
            return -k;
        }
    }

    static final class Tri extends Shape {
        Tri(int x) {
            super(x);
        }

        @Override
        int area() {
            return x * x / 2;
        }

        @Override
        int perimeter() {
            return 3 * x;
        }

        @Override
        int hookB(int k) {
            return k / (x | 1);
        }
    }

    interface Named {
        String name();

        default String greet() {
            return "hello " + name();
        }
    }

    interface Loud {
        default String greet() {
            return "HEY";
        }
    }

    interface Sized {
        int size();

        default int doubled() {
            return 2 * size();
        }

        static int sum(Sized a, Sized b) {
            return a.size() + b.size();
        }
    }

    static final class Word implements Named, Sized, Comparable<Word> {
        final String w;

        Word(String w) {
            this.w = w;
        }

        @Override
        public String name() {
            return w;
        }

        @Override
        public int size() {
            return w.length();
        }

        @Override
        public int compareTo(Word o) {
            return w.compareTo(o.w);
        }

        @Override
        public String toString() {
            return "Word(" + w + ")";
        }
    }

    static final class Num implements Sized {
        final int n;

        Num(int n) {
            this.n = n;
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public int doubled() {
            return n + n + 1;
        }

        @Override
        public String toString() {
            return "Num(" + n + ")";
        }
    }

    static final class Bag implements Sized, Named {
        final int[] items;

        Bag(int[] items) {
            this.items = items;
        }

        @Override
        public int size() {
            return items.length;
        }

        @Override
        public String name() {
            return "bag" + items.length;
        }

        @Override
        public String greet() {
            return Named.super.greet() + "!";
        }

        @Override
        public String toString() {
            return "Bag(" + items.length + ")";
        }
    }

    static final class Team implements Sized {
        final Sized a;
        final Sized b;

        Team(Sized a, Sized b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public int size() {
            return a.size() + b.size();
        }
    }

    static final class Both implements Named, Loud {
        @Override
        public String name() {
            return "both";
        }

        @Override
        public String greet() {
            return Named.super.greet() + "/" + Loud.super.greet();
        }
    }

    /** Ten arguments through an interface. */
    interface Wide {
        long call(int a, long b, int c, long d, int e, long f, int g, long h, float i, double j);
    }

    static final class WideSum implements Wide {
        @Override
        public long call(int a, long b, int c, long d, int e, long f, int g, long h, float i, double j) {
            return a + b + c + d + e + f + g + h + (long) i + (long) j;
        }
    }

    static final class WideHash implements Wide {
        @Override
        public long call(int a, long b, int c, long d, int e, long f, int g, long h, float i, double j) {
            return ((((a * 31L + b) * 31 + c) * 31 + d) * 31 + e) * 31 + f + g * h + Float.floatToRawIntBits(i) + Double.doubleToRawLongBits(j);
        }
    }

    abstract static class Link {
        Link next;

        abstract long step(long v);

        long run(long v) {
            long r = step(v);
            return next == null ? r : next.run(r);
        }
    }

    static final class AddLink extends Link {
        @Override
        long step(long v) {
            return v + 3;
        }
    }

    static final class MulLink extends Link {
        @Override
        long step(long v) {
            return v * 5;
        }
    }

    static final class XorLink extends Link {
        @Override
        long step(long v) {
            return v ^ 0x55;
        }
    }

    static final class DivLink extends Link {
        final long d;

        DivLink(long d) {
            this.d = d;
        }

        @Override
        long step(long v) {
            return v / d;
        }
    }

    static final class Node {
        final int v;
        Node next;

        Node(int v, Node next) {
            this.v = v;
            this.next = next;
        }
    }

    static final class TreeNode {
        final int v;
        TreeNode left;
        TreeNode right;

        TreeNode(int v, TreeNode left, TreeNode right) {
            this.v = v;
            this.left = left;
            this.right = right;
        }
    }

    /** Synchronized and private instance methods. */
    static final class Acc {
        private int total;

        Acc(int start) {
            total = start;
        }

        synchronized int add(int v) {
            total += v;
            return Thread.holdsLock(this) ? total : -total;
        }

        synchronized int addRecursively(int n) {
            if (n <= 0) {
                return total;
            }
            total += n;
            return addRecursively(n - 1);
        }

        int addInBlock(int v) {
            synchronized (this) {
                synchronized (this) {
                    total += v;
                }
            }
            return total + (Thread.holdsLock(this) ? 1000 : 0);
        }

        private int bump() {
            return ++total;
        }

        int bumpTwice() {
            bump();
            return bump();
        }

        int total() {
            return total;
        }
    }

    /** A resource that logs its opening and closing, and may fail to close. */
    static final class Res implements AutoCloseable {
        private final StringBuilder log;
        private final String id;
        private final boolean failOnClose;

        Res(StringBuilder log, String id, boolean failOnClose) {
            this.log = log;
            this.id = id;
            this.failOnClose = failOnClose;
            log.append("open ").append(id).append(' ');
        }

        @Override
        public void close() {
            log.append("close ").append(id).append(' ');
            if (failOnClose) {
                throw new IllegalStateException(id);
            }
        }
    }

    static final class LcException extends RuntimeException {
        final int code;
        final long payload;
        final double ratio;

        LcException(int code, long payload, double ratio) {
            super("code " + code);
            this.code = code;
            this.payload = payload;
            this.ratio = ratio;
        }
    }

    static final class LcChecked extends Exception {
        final int code;

        LcChecked(int code) {
            super("checked " + code);
            this.code = code;
        }
    }

    /** A hierarchy deeper than HotSpot's primary-super display (D8 and below are checked through the secondary supers). */
    static class D1 {
        int depth() {
            return 1;
        }

        @Override
        public String toString() {
            return "D" + depth();
        }
    }

    static class D2 extends D1 {
        @Override
        int depth() {
            return 2;
        }
    }

    static class D3 extends D2 {
        @Override
        int depth() {
            return 3;
        }
    }

    static class D4 extends D3 {
        @Override
        int depth() {
            return 4;
        }
    }

    static class D5 extends D4 {
        @Override
        int depth() {
            return 5;
        }
    }

    static class D6 extends D5 {
        @Override
        int depth() {
            return 6;
        }
    }

    static class D7 extends D6 {
        @Override
        int depth() {
            return 7;
        }
    }

    static class D8 extends D7 implements Sized {
        @Override
        int depth() {
            return 8;
        }

        @Override
        public int size() {
            return 8;
        }
    }

    static class D9 extends D8 {
        @Override
        int depth() {
            return 9;
        }
    }

    static final class D10 extends D9 {
        @Override
        int depth() {
            return 10;
        }
    }

    record Pt(int x, int y) {
        Pt withX(int nx) {
            return new Pt(nx, y);
        }

        Pt withY(int ny) {
            return new Pt(x, ny);
        }

        int manhattan() {
            return Math.abs(x) + Math.abs(y);
        }
    }

    record Person(String name, int age) {
    }

    record Range(int lo, int hi) {
        Range {
            if (lo > hi) {
                throw new IllegalArgumentException(lo + " > " + hi);
            }
        }

        int length() {
            return hi - lo;
        }
    }

    record Line(Pt a, Pt b) {
    }

    sealed interface Expr permits Lit, Add, Mul, Neg, Div {
    }

    record Lit(int v) implements Expr {
    }

    record Add(Expr l, Expr r) implements Expr {
    }

    record Mul(Expr l, Expr r) implements Expr {
    }

    record Neg(Expr e) implements Expr {
    }

    record Div(Expr l, Expr r) implements Expr {
    }

    enum Color {
        RED, GREEN, BLUE, ALPHA
    }

    enum Op implements IntBinaryOperator {
        PLUS("+") {
            @Override
            public int applyAsInt(int a, int b) {
                return a + b;
            }
        },
        MINUS("-") {
            @Override
            public int applyAsInt(int a, int b) {
                return a - b;
            }
        },
        TIMES("*") {
            @Override
            public int applyAsInt(int a, int b) {
                return a * b;
            }
        },
        DIV("/") {
            @Override
            public int applyAsInt(int a, int b) {
                return a / b;
            }
        },
        SHL("<<") {
            @Override
            public int applyAsInt(int a, int b) {
                return a << b;
            }
        };

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        String symbol() {
            return symbol;
        }
    }

    /** An Iterable of its own, so that for-each sites see another Iterator class. */
    static final class Span implements Iterable<Integer> {
        final int n;

        Span(int n) {
            this.n = n;
        }

        @Override
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                int i;

                @Override
                public boolean hasNext() {
                    return i < n;
                }

                @Override
                public Integer next() {
                    return i++ * 3;
                }
            };
        }
    }

    // Callees ----------------------------------------------------------------------------------------

    /** The callees of the targets (static methods of the corpus itself would be targets too). */
    static final class Lib {
        private Lib() {
        }

        static Shape square(int x) {
            return new Square(x);
        }

        static Shape shape(int k, int x) {
            switch (Math.floorMod(k, 5)) {
                case 0: return new Square(x);
                case 1: return new Cube(x);
                case 2: return new Rect(x, x >>> 3);
                case 3: return new Circle(x);
                default: return new Tri(x);
            }
        }

        static Sized sized(int k, int x) {
            switch (Math.floorMod(k, 5)) {
                case 0: return new Word("w".repeat(x & 7));
                case 1: return new Num(x);
                case 2: return new Bag(new int[x & 15]);
                case 3: return new Team(new Num(x), new Word("ab"));
                default: return () -> x * 3;
            }
        }

        static Wide wide(int k) {
            switch (Math.floorMod(k, 3)) {
                case 0: return new WideSum();
                case 1: return new WideHash();
                default: return (a, b, c, d, e, f, g, h, i, j) -> a - b + c - d + e - f + g - h;
            }
        }

        static Iterable<Integer> iterable(int k, int n) {
            List<Integer> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(i * 3);
            }
            switch (Math.floorMod(k, 5)) {
                case 0: return values;
                case 1: return new LinkedList<>(values);
                case 2: return List.copyOf(values);
                case 3: return new ArrayDeque<>(values);
                default: return new Span(n);
            }
        }

        static int mix(int a, int b) {
            return a * 31 + (b ^ (b >>> 7));
        }

        static String over(int x) {
            return "i";
        }

        static String over(long x) {
            return "l";
        }

        static String over(Object x) {
            return "o";
        }

        static String over(Integer x) {
            return "I";
        }

        static int hash(Object o) {
            return o == null ? 7 : o.toString().hashCode();
        }

        static long touch(long v) {
            return v ^ 0x5DEECE66DL;
        }

        static double identity(double d) {
            return d;
        }

        static float identity(float f) {
            return f;
        }

        static double nan() {
            return Double.NaN;
        }

        static double half(double d) {
            return d / 2;
        }

        // Recursion

        static int ack(int m, int n) {
            return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1));
        }

        static boolean isEven(int n) {
            return n == 0 || isOdd(n - 1);
        }

        static boolean isOdd(int n) {
            return n != 0 && isEven(n - 1);
        }

        static int hofF(int n) {
            return n == 0 ? 1 : n - hofM(hofF(n - 1));
        }

        static int hofM(int n) {
            return n == 0 ? 0 : n - hofF(hofM(n - 1));
        }

        static int ra(int n) {
            return n <= 0 ? 1 : rb(n - 1) + 1;
        }

        static int rb(int n) {
            return n <= 0 ? 2 : rc(n - 1) * 2;
        }

        static int rc(int n) {
            return n <= 0 ? 3 : ra(n - 1) - 3;
        }

        static long sumFrom(int[] a, int i) {
            return i >= a.length ? 0 : a[i] + sumFrom(a, i + 1);
        }

        static TreeNode balanced(int depth, int v) {
            return depth == 0 ? null : new TreeNode(v, balanced(depth - 1, v * 2), balanced(depth - 1, v * 2 + 1));
        }

        static int height(TreeNode t) {
            return t == null ? 0 : 1 + Math.max(height(t.left), height(t.right));
        }

        static int count(TreeNode t) {
            return t == null ? 0 : 1 + count(t.left) + count(t.right);
        }

        static long sum(TreeNode t) {
            return t == null ? 0 : t.v + sum(t.left) + sum(t.right);
        }

        static String inorder(TreeNode t) {
            return t == null ? "" : inorder(t.left) + t.v + " " + inorder(t.right);
        }

        static TreeNode insert(TreeNode t, int v) {
            if (t == null) {
                return new TreeNode(v, null, null);
            }
            if (v < t.v) {
                t.left = insert(t.left, v);
            } else {
                t.right = insert(t.right, v);
            }
            return t;
        }

        static Node reverse(Node n) {
            Node prev = null;
            while (n != null) {
                Node next = n.next;
                n.next = prev;
                prev = n;
                n = next;
            }
            return prev;
        }

        static void hanoi(int n, int from, int to, int via, long[] log) {
            if (n == 0) {
                return;
            }
            hanoi(n - 1, from, via, to, log);
            log[0]++;
            log[1] = log[1] * 7 + from * 3 + to;
            hanoi(n - 1, via, to, from, log);
        }

        // Deep chains

        static int c1(int x) {
            return c2(x + 1) * 3;
        }

        static int c2(int x) {
            return c3(x ^ 2) + 5;
        }

        static int c3(int x) {
            return c4(x * 7) - 1;
        }

        static int c4(int x) {
            return c5(x >>> 1) ^ 9;
        }

        static int c5(int x) {
            return c6(x + 11) * 13;
        }

        static int c6(int x) {
            return c7(x - 15) + x;
        }

        static int c7(int x) {
            return c8(x << 2) | 1;
        }

        static int c8(int x) {
            return c9(x ^ 0x5555) - x;
        }

        static int c9(int x) {
            return c10(x + 17) * 19;
        }

        static int c10(int x) {
            return c11(x >> 3) + 23;
        }

        static int c11(int x) {
            return c12(x * 29) ^ x;
        }

        static int c12(int x) {
            return x * 31 + 1;
        }

        static int t1(int x, int k) {
            return t2(x, k) + 1;
        }

        static int t2(int x, int k) {
            return t3(x, k) * 2;
        }

        static int t3(int x, int k) {
            return t4(x, k) + 3;
        }

        static int t4(int x, int k) {
            return t5(x, k) ^ 4;
        }

        static int t5(int x, int k) {
            return t6(x, k) + 5;
        }

        static int t6(int x, int k) {
            return t7(x, k) * 6;
        }

        static int t7(int x, int k) {
            return t8(x, k) - 7;
        }

        static int t8(int x, int k) {
            return t9(x, k) + 8;
        }

        static int t9(int x, int k) {
            return t10(x, k) ^ 9;
        }

        static int t10(int x, int k) {
            return t11(x, k) + 10;
        }

        static int t11(int x, int k) {
            return t12(x, k) * 11;
        }

        static int t12(int x, int k) {
            return bottom(x, k & 1) + 12;
        }

        static double m1(int a, long b, double c) {
            return m2(b, c, a) + 1;
        }

        static double m2(long b, double c, int a) {
            return m3(c, a, b) * 2;
        }

        static double m3(double c, int a, long b) {
            return m4(a + 1, b - 1, c * 0.5) - 3;
        }

        static double m4(int a, long b, double c) {
            return m5(b, c, a) + a;
        }

        static double m5(long b, double c, int a) {
            return m6(c, a, b) - b % 1000;
        }

        static double m6(double c, int a, long b) {
            return m7(a ^ 3, b >> 1, c + 1) * 0.25;
        }

        static double m7(int a, long b, double c) {
            return m8(b, c, a) + c;
        }

        static double m8(long b, double c, int a) {
            return m9(c, a, b) - 8;
        }

        static double m9(double c, int a, long b) {
            return m10(a, b, c) / 3;
        }

        static double m10(int a, long b, double c) {
            return a + b * 0.5 + c;
        }

        static Link links(int k, int n) {
            Link head = null;
            for (int i = n - 1; i >= 0; i--) {
                Link l;
                switch (Math.floorMod(k + i, 4)) {
                    case 0: l = new AddLink(); break;
                    case 1: l = new MulLink(); break;
                    case 2: l = new XorLink(); break;
                    default: l = new DivLink(Math.floorMod(k >> 2, 3));
                }
                l.next = head;
                head = l;
            }
            return head;
        }

        // Many arguments

        static long many14(int a, long b, float c, double d, Object e, int f, long g, float h, double i, Object j, int k, long l, float m, double n) {
            long x = a;
            x = x * 31 + b;
            x = x * 31 + Float.floatToRawIntBits(c);
            x = x * 31 + Double.doubleToRawLongBits(d);
            x = x * 31 + hash(e);
            x = x * 31 + f;
            x = x * 31 + g;
            x = x * 31 + Float.floatToRawIntBits(h);
            x = x * 31 + Double.doubleToRawLongBits(i);
            x = x * 31 + hash(j);
            x = x * 31 + k;
            x = x * 31 + l;
            x = x * 31 + Float.floatToRawIntBits(m);
            return x * 31 + Double.doubleToRawLongBits(n);
        }

        static double doubles12(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j, double k, double l) {
            return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j + 11 * k + 12 * l;
        }

        static String objects10(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h, Object i, Object j) {
            return a + "," + b + "," + c + "," + d + "," + e + "," + f + "," + g + "," + h + "," + i + "," + j;
        }

        // Exceptions

        /** Throws an implicit exception chosen by {@code k} (for some {@code x}), else returns. */
        static int bottom(int x, int k) {
            switch (k & 7) {
                case 0:
                    return 1000 / x;
                case 1: {
                    int[] a = x < 0 ? null : new int[x & 7];
                    return a.length;
                }
                case 2: {
                    int[] a = new int[4];
                    return a[x];
                }
                case 3:
                    return new int[x % 100].length;
                case 4: {
                    Object o = (x & 1) == 0 ? "s" : Integer.valueOf(x);
                    return ((String) o).length();
                }
                case 5: {
                    Object[] a = (x & 1) == 0 ? new String[1] : new Object[1];
                    a[0] = x;
                    return 5;
                }
                case 6: {
                    String s = x > 100 ? null : "abc";
                    return s.length();
                }
                default:
                    return x;
            }
        }

        static int throwAt(int depth, int x, int k) {
            return depth <= 0 ? bottom(x, k) : throwAt(depth - 1, x, k) + 1;
        }

        static int catchInMiddle(int depth, int x, int k) {
            if (depth == 0) {
                return bottom(x, k);
            }
            if (depth == 4) {
                try {
                    return catchInMiddle(depth - 1, x, k) + 1;
                } catch (IndexOutOfBoundsException | NullPointerException e) {
                    return -depth;
                }
            }
            return catchInMiddle(depth - 1, x, k) + 1;
        }

        static void throwCustom(int x, long y) {
            if ((x & 3) != 0) {
                throw new LcException(x & 3, y, x * 0.25);
            }
        }

        static int maybeChecked(int x) throws LcChecked {
            if (x % 3 == 0) {
                throw new LcChecked(x);
            }
            return x;
        }

        static void fail(int x) {
            if (x > 0) {
                throw new AssertionError(x);
            }
            if (x < 0) {
                throw new IllegalStateException();
            }
        }

        // Type checks

        static Object object(int k) {
            switch (Math.floorMod(k, 16)) {
                case 0: return null;
                case 1: return "str";
                case 2: return Integer.valueOf(k);
                case 3: return new int[2];
                case 4: return new String[]{"a"};
                case 5: return new Object[]{1};
                case 6: return new Integer[]{2};
                case 7: return new long[1][2];
                case 8: return new Square(2);
                case 9: return new Word("w");
                case 10: return new Num(3);
                case 11: return new Pt(1, 2);
                case 12: return Color.GREEN;
                case 13: return new StringBuilder("sb");
                case 14: return new Number[]{1.5};
                default: return new D9();
            }
        }

        static Object[] objectArray(int k) {
            switch (Math.floorMod(k, 7)) {
                case 0: return new String[2];
                case 1: return new Object[2];
                case 2: return new Integer[2];
                case 3: return new Number[2];
                case 4: return new Comparable[2];
                case 5: return new Serializable[2];
                default: return new CharSequence[2];
            }
        }

        static Class<?> classOf(int t) {
            switch (Math.floorMod(t, 8)) {
                case 0: return Object.class;
                case 1: return String.class;
                case 2: return Object[].class;
                case 3: return Comparable.class;
                case 4: return int[].class;
                case 5: return Sized.class;
                case 6: return D8.class;
                default: return Number.class;
            }
        }

        static D1 deep(int k) {
            switch (Math.floorMod(k, 10)) {
                case 0: return new D1();
                case 1: return new D2();
                case 2: return new D3();
                case 3: return new D4();
                case 4: return new D5();
                case 5: return new D6();
                case 6: return new D7();
                case 7: return new D8();
                case 8: return new D9();
                default: return new D10();
            }
        }

        static Object arraySource(int k) {
            switch (Math.floorMod(k, 4)) {
                case 0: return new Object[]{"a", 1, "c"};
                case 1: return new String[]{"a", "b", "c"};
                case 2: return new int[]{1, 2, 3};
                default: return new Integer[]{1, 2, 3};
            }
        }

        static Object arrayDest(int k) {
            switch (Math.floorMod(k, 5)) {
                case 0: return new Object[3];
                case 1: return new String[3];
                case 2: return new int[3];
                case 3: return new long[3];
                default: return new Integer[3];
            }
        }

        static String render(Object array) {
            if (array instanceof int[] a) {
                return Arrays.toString(a);
            }
            if (array instanceof long[] a) {
                return Arrays.toString(a);
            }
            return Arrays.deepToString((Object[]) array);
        }

        // Pattern matching

        static Expr expr(int seed, int depth) {
            int h = seed * 0x9E3779B1 + depth * 0x7F4A7C15;
            h ^= h >>> 15;
            int kind = depth == 0 ? 0 : Math.floorMod(h, 7);
            switch (kind) {
                case 0:
                case 1:
                    return new Lit((h >> 8) % 10);
                case 2:
                case 3:
                    return new Add(expr(h, depth - 1), expr(h ^ 0x55AA, depth - 1));
                case 4:
                    return new Mul(expr(h + 1, depth - 1), expr(h - 1, depth - 1));
                case 5:
                    return new Neg(expr(h * 3, depth - 1));
                default:
                    return new Div(expr(h + 7, depth - 1), expr(h >>> 3, depth - 1));
            }
        }

        static int eval(Expr e) {
            return switch (e) {
                case Lit l -> l.v();
                case Add a -> eval(a.l()) + eval(a.r());
                case Mul m -> eval(m.l()) * eval(m.r());
                case Neg n -> -eval(n.e());
                case Div d -> eval(d.l()) / eval(d.r());
            };
        }

        static String show(Expr e) {
            if (e instanceof Lit(int v)) {
                return Integer.toString(v);
            }
            if (e instanceof Add(Expr l, Expr r)) {
                return "(" + show(l) + "+" + show(r) + ")";
            }
            if (e instanceof Mul(Expr l, Expr r)) {
                return show(l) + "*" + show(r);
            }
            if (e instanceof Neg(Expr x)) {
                return "-" + show(x);
            }
            Div d = (Div) e;
            return show(d.l()) + "/" + show(d.r());
        }

        // Arithmetic

        static int idiv(int a, int b) {
            return a / b;
        }

        static int irem(int a, int b) {
            return a % b;
        }

        static long ldiv(long a, long b) {
            return a / b;
        }

        static long lrem(long a, long b) {
            return a % b;
        }

        static int shl(int x, int s) {
            return x << s;
        }

        static long lushr(long x, int s) {
            return x >>> s;
        }

        static long lmix(long a, long b, long c) {
            return a * 31 + (b >>> 7) ^ c;
        }

        static double dmix(double a, double b, double c) {
            return a * 0.5 + b - c * 2;
        }

        static int mixCBS(char c, byte b, short s) {
            return c * 7 + b * 3 + s;
        }
    }
}
