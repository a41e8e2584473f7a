package org.ssajit.tools.fuzz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates, from a seed, a valid, deterministic and terminating Java program in its own package
 * ({@code fuzz.s<seed>}, class {@code Main}): a small class hierarchy behind an interface, static
 * methods with arguments of every kind calling the ones before them (so calls never cycle), one
 * bounded recursion, loops of every shape with labelled break and continue, arithmetic of every
 * primitive type with edge values, arrays of every element kind and a matrix (two walked together
 * under a test of their lengths, at times one past or replaced in the loop), switches (table, lookup,
 * string, expression), strings and boxing, a list copied into an array of another class, lambdas, try/catch/finally around every implicit exception,
 * synchronized blocks and methods, a volatile field, objects that never leave their block, and
 * {@code System.gc()}.
 *
 * <p>{@code main} runs {@code run(iter)} a few hundred times (each call caught, so one exception does
 * not hide the rest) and a long loop three times (for on-stack replacement), folding every value it
 * computes, and every exception's class and message, into a checksum that it prints. Nothing depends
 * on identity hash codes, timing or NaN payloads; loops have constant or masked trip counts and loop
 * counters are never assigned in the body, so every program ends. A cost estimate bounds the work: a
 * program runs in well under a second in the interpreter.
 */
final class ProgramGenerator {
    /**
     * A generated program; {@code heaviest}: the most times one of its statements runs per call of
     * its method, by the cost estimate (loop trips multiplied; {@code rec}'s recursion counts 16), but
     * for {@code hot}'s loop of 3000 iterations (for on-stack replacement), which nests nothing.
     */
    record Program(long seed, Node root, Map<String, byte[]> classFiles, int heaviest) {
        String packageName() {
            return ProgramGenerator.packageName(seed);
        }

        String className() {
            return packageName() + ".Main";
        }

        String source() {
            return root.render(Map.of());
        }
    }

    static String packageName(long seed) {
        return "fuzz.s" + Long.toUnsignedString(seed);
    }

    /** The types values of a program have. */
    enum T {
        INT("int", "I"), LONG("long", "L"), FLOAT("float", "F"), DOUBLE("double", "D"), BOOLEAN("boolean", "Z"), BYTE("byte", "B"), SHORT("short", "S"),
        CHAR("char", "C"), STRING("String", "Str"), OBJ("A", "O"), SHAPE("Shape", "Sh"), INTS("int[]", "Ia"), LONGS("long[]", "La"), DOUBLES("double[]", "Da"),
        FLOATS("float[]", "Fa"), BYTES("byte[]", "Ba"), SHORTS("short[]", "Sa"), CHARS("char[]", "Ca"), BOOLEANS("boolean[]", "Za"), OBJECTS("Object[]", "Oa"),
        MATRIX("int[][]", "Im");

        final String java;
        final String tag;

        T(String java, String tag) {
            this.java = java;
            this.tag = tag;
        }

        boolean numeric() {
            return ordinal() <= CHAR.ordinal() && this != BOOLEAN;
        }

        boolean integral() {
            return this == INT || this == LONG || this == BYTE || this == SHORT || this == CHAR;
        }

        boolean array() {
            return ordinal() >= INTS.ordinal();
        }

        /** The element type of an array type (MATRIX: INTS). */
        T element() {
            return switch (this) {
                case INTS -> INT;
                case LONGS -> LONG;
                case DOUBLES -> DOUBLE;
                case FLOATS -> FLOAT;
                case BYTES -> BYTE;
                case SHORTS -> SHORT;
                case CHARS -> CHAR;
                case BOOLEANS -> BOOLEAN;
                case OBJECTS -> STRING;
                case MATRIX -> INTS;
                default -> throw new IllegalArgumentException(toString());
            };
        }
    }

    private static final T[] PRIMS = {T.INT, T.LONG, T.FLOAT, T.DOUBLE, T.BOOLEAN, T.BYTE, T.SHORT, T.CHAR};
    private static final T[] ARRAYS = {T.INTS, T.LONGS, T.DOUBLES, T.FLOATS, T.BYTES, T.SHORTS, T.CHARS, T.BOOLEANS, T.OBJECTS, T.MATRIX};
    private static final String[] INT_EDGES = {"0", "1", "-1", "2", "3", "7", "31", "32", "33", "63", "64", "127", "128", "-128", "255", "32767", "-32768",
        "65535", "Integer.MIN_VALUE", "Integer.MAX_VALUE", "0x55555555", "-1000000"};
    private static final String[] LONG_EDGES = {"0L", "1L", "-1L", "63L", "64L", "65L", "4294967296L", "0xFFFFFFFFL", "Long.MIN_VALUE", "Long.MAX_VALUE",
        "(long) Integer.MIN_VALUE", "0x123456789ABCDEFL", "-7L"};
    private static final String[] DOUBLE_EDGES = {"0.0", "-0.0", "1.0", "-1.5", "0.1", "Double.NaN", "Double.POSITIVE_INFINITY", "Double.NEGATIVE_INFINITY",
        "Double.MIN_VALUE", "Double.MAX_VALUE", "2147483648.0", "-2147483649.0", "9.223372036854776E18", "1e-310", "3.5"};
    private static final String[] FLOAT_EDGES = {"0.0f", "-0.0f", "1.0f", "-2.5f", "0.1f", "Float.NaN", "Float.POSITIVE_INFINITY", "Float.NEGATIVE_INFINITY",
        "Float.MIN_VALUE", "Float.MAX_VALUE", "2.14748365E9f", "1e-40f", "16777217.0f"};
    private static final String[] STRINGS = {"\"\"", "\"a\"", "\"ssa\"", "\"jit\"", "\"0123456789\"", "\"\\u00e9\\u4e2d\"", "\"Z\""};
    private static final String[] INT_OPS = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", ">>>"};
    private static final String[] FP_OPS = {"+", "-", "*", "/", "%"};
    private static final String[] COMPARISONS = {"<", "<=", ">", ">=", "==", "!="};
    private static final String[] EXCEPTIONS = {"ArithmeticException", "NullPointerException", "ArrayIndexOutOfBoundsException", "ClassCastException",
        "NegativeArraySizeException", "ArrayStoreException", "IndexOutOfBoundsException", "IllegalStateException", "RuntimeException"};
    /** Work one method may do per call, in estimated statements. */
    private static final int METHOD_BUDGET = 1500;
    /** A statement nests (a loop, an if, a try...) only in a body that runs fewer times than this per call. */
    private static final int NEST_LIMIT = 200;
    /**
     * The most times a statement may run per call of its method: a loop nests in a body that runs
     * fewer than {@link #NEST_LIMIT} times, its own body then at most 8 times as often.
     */
    static final int MAX_STATEMENT_RUNS = NEST_LIMIT * 8;
    /** Iterations of the body of {@link #labelledLoops} per iteration of its enclosing code: 8 x 6. */
    private static final int LABELLED_TRIPS = 8 * 6;

    /** A variable in scope. */
    private record Var(String name, T type, boolean assignable) {
    }

    /** A static method generated so far. */
    private record Method(String name, T result, List<T> params, int cost) {
    }

    private final Random r;
    private final long seed;
    private int ids;
    private int names;
    private final List<Method> methods = new ArrayList<>();
    /** The largest estimated cost of the instance methods f and g, which static methods call virtually. */
    private long virtualCost;

    // Per method being generated.
    private List<Var> scope;
    private int depth;
    private int multiplier;
    private long cost;
    /** The largest {@link #multiplier} a statement got (see {@link Program#heaviest}). */
    private int heaviest;
    private int loops;
    private final List<String> labels = new ArrayList<>();
    private boolean instance;
    private T result;
    private boolean maySync;

    private ProgramGenerator(long seed) {
        this.seed = seed;
        this.r = new Random(seed);
    }

    static Program generate(long seed) {
        return new ProgramGenerator(seed).program();
    }

    private Node leaf(String text) {
        return new Node(ids++, text, null);
    }

    private Node block(String head, String tail) {
        return new Node(ids++, head, tail);
    }

    private Node group() {
        return new Node(ids++, null, null);
    }

    private String fresh(String prefix) {
        return prefix + (names++);
    }

    private <E> E pick(E[] a) {
        return a[r.nextInt(a.length)];
    }

    private boolean chance(double p) {
        return r.nextDouble() < p;
    }

    private Program program() {
        Node root = group();
        root.add(leaf("package " + packageName(seed) + ";"));
        root.add(leaf("import java.util.*;"));
        root.add(leaf("import java.util.function.*;"));
        Node main = block("public final class Main {", "}");
        root.add(main);
        main.add(leaf("static long sum = " + seed % 1000 + ";"));
        main.add(leaf("static long state = " + seed + "L;"));
        main.add(leaf("static int sI = 3; static long sL = -5L; static double sD = 0.25; static float sF = 1.5f;"));
        main.add(leaf("static short sS = 12; static byte sB = -3; static char sC = 'q'; static boolean sZ = true;"));
        main.add(leaf("static String sStr = \"s\"; static volatile int vI; static volatile long vL;"));
        main.add(leaf("static int[] sIa = new int[8]; static Object[] sOa = new Object[4]; static A sO = new B(4, 9L);"));
        main.add(leaf("static final Object LOCK = new Object();"));
        main.add(leaf("static final ArrayList<Integer> LIST = new ArrayList<>();"));
        main.add(leaf("static final IntBinaryOperator OP = (x, y) -> x * 31 + (y ^ (x >>> 3));"));
        main.add(leaf("static final LongUnaryOperator LOP = v -> v * 0x9E3779B97F4A7C15L + 7;"));
        main.add(leaf("static final BiFunction<Integer, Long, Long> BOX = (x, y) -> y == null ? (long) x : x + y;"));
        main.add(leaf("static final Function<A, String> DESCRIBE = a -> a == null ? \"null\" : a.toString();"));
        main.add(leaf("static final java.lang.invoke.MethodHandle NEW_C = newC();"));
        main.add(leaf("static java.lang.invoke.MethodHandle newC() { try { return java.lang.invoke.MethodHandles.lookup().findConstructor(C.class, "
                        + "java.lang.invoke.MethodType.methodType(void.class, int.class, long.class)); } catch (ReflectiveOperationException e) { throw new IllegalStateException(e); } }"));
        main.add(leaf("static A construct(int x, long y) { try { return (C) NEW_C.invokeExact(x, y); } catch (Throwable t) { throw new IllegalStateException(t); } }"));
        // Linked once here: linking spins the handle's classes through deep call chains, which deep in rec would overflow the stack.
        main.add(leaf("static final A LINKED = construct(0, 0L);"));
        main.add(leaf("static void mix(long v) { sum = sum * 1000003L + v; }"));
        main.add(leaf("static void mix(double v) { mix(Double.doubleToLongBits(v)); }"));
        main.add(leaf("static void mix(float v) { mix(Float.floatToIntBits(v)); }"));
        main.add(leaf("static void mix(boolean v) { mix(v ? 1231L : 1237L); }"));
        main.add(leaf("static void mix(String v) { mix(v == null ? 17L : v.hashCode() + 31L * v.length()); }"));
        main.add(leaf("static void mix(A v) { mix(DESCRIBE.apply(v)); }"));
        main.add(leaf("static void mix(Shape v) { mix(v == null ? 3L : v.g(11L)); }"));
        main.add(leaf("static void mix(Throwable t) { mix(t.getClass().getName()); mix(t.getMessage()); }"));
        main.add(leaf("static double sign(double v) { return v != v ? 1.0 : v; }"));
        main.add(leaf("static float sign(float v) { return v != v ? 1.0f : v; }"));
        main.add(leaf("static String cap(String s) { return s.length() > 48 ? s.substring(s.length() - 20) : s; }"));
        main.add(leaf("static long rnd() { state = state * 6364136223846793005L + 1442695040888963407L; return state >>> 17; }"));
        classes(main);
        int count = 2 + r.nextInt(3);
        for (int k = 0; k < count; k++) {
            main.add(staticMethod("m" + k));
        }
        List<Method> statics = new ArrayList<>(methods);
        main.add(recursion());
        main.add(hotMethod());
        main.add(runMethod(statics));
        int iterations = 300 + r.nextInt(300);
        Node mainMethod = block("public static void main(String[] args) {", "}");
        mainMethod.add(leaf("for (int rep = 0; rep < 3; rep++) { try { mix(hot(rep)); } catch (RuntimeException e) { mix(e); } }"));
        Node loop = block("for (int iter = 0; iter < " + iterations + "; iter++) {", "}");
        loop.add(leaf("run(iter);"));
        mainMethod.add(loop);
        mainMethod.add(leaf("mix(sI); mix(sL); mix(sD); mix(sF); mix(sS); mix(sB); mix(sC); mix(sZ); mix(sStr); mix(vI); mix(vL); mix(sO);"));
        mainMethod.add(leaf("for (int v : sIa) { mix(v); }"));
        mainMethod.add(leaf("for (Object o : sOa) { mix(String.valueOf(o)); }"));
        mainMethod.add(leaf("for (Integer v : LIST) { mix(v); }"));
        mainMethod.add(leaf("System.out.println(\"checksum \" + sum);"));
        main.add(mainMethod);
        return new Program(seed, root, Map.of(packageName(seed) + ".Irr", IrreducibleLoops.generate(packageName(seed) + ".Irr", r.nextLong())), heaviest);
    }

    // ---- classes ------------------------------------------------------------------------------

    private void classes(Node main) {
        main.add(leaf("interface Shape { long g(long v); default int h(int x) { return x * 3 + 1; } }"));
        Node a = block("static class A implements Shape {", "}");
        a.add(leaf("int x; long y; double z; float f; String s = \"a\"; byte b; char c = 'c'; short sh; boolean flag;"));
        a.add(leaf("A(int x, long y) { this.x = x; this.y = y; this.z = x * 0.5; this.f = (float) y; }"));
        a.add(instanceMethod("public long g(long v)", T.LONG, List.of(new Var("v", T.LONG, true))));
        a.add(instanceMethod((chance(0.3) ? "synchronized " : "") + "int f(int v, double d)", T.INT,
                        List.of(new Var("v", T.INT, true), new Var("d", T.DOUBLE, true))));
        a.add(leaf("public String toString() { return \"A(\" + x + \",\" + y + \",\" + z + \",\" + f + \",\" + s + \",\" + b + \",\" + (int) c + \",\" + sh + \",\" + flag + \")\"; }"));
        main.add(a);
        Node b = block("static class B extends A {", "}");
        b.add(leaf("long w;"));
        b.add(leaf("B(int x, long y) { super(x ^ 5, y); w = y >>> 3; }"));
        b.add(instanceMethod("@Override int f(int v, double d)", T.INT, List.of(new Var("v", T.INT, true), new Var("d", T.DOUBLE, true))));
        b.add(leaf("@Override public long g(long v) { return super.g(v) + w; }"));
        b.add(leaf("@Override public String toString() { return \"B\" + w + super.toString(); }"));
        main.add(b);
        Node c = block("static final class C extends B {", "}");
        c.add(leaf("C(int x, long y) { super(x, ~y); s = \"c\" + x; }"));
        c.add(instanceMethod((chance(0.5) ? "synchronized " : "") + "@Override int f(int v, double d)", T.INT,
                        List.of(new Var("v", T.INT, true), new Var("d", T.DOUBLE, true))));
        main.add(c);
        main.add(leaf("static final class D implements Shape { final int k; D(int k) { this.k = k; } public long g(long v) { return v * k - 1; } public int h(int x) { return x - k; } }"));
    }

    private Node instanceMethod(String signature, T type, List<Var> params) {
        if (signature.startsWith("synchronized @Override")) {
            signature = "@Override synchronized" + signature.substring("synchronized @Override".length());
        }
        startMethod(type, params, true);
        maySync = true;
        Node m = block(signature + " {", "}");
        declareLocals(m, 2);
        statements(m, 2 + r.nextInt(3), 1);
        mixLocals(m);
        m.add(leaf("return " + expr(type, 2) + ";"));
        virtualCost = Math.max(virtualCost, Math.max(1, cost));
        return m;
    }

    // ---- methods ------------------------------------------------------------------------------

    private void startMethod(T type, List<Var> params, boolean isInstance) {
        scope = new ArrayList<>(params);
        depth = 0;
        multiplier = 1;
        cost = 0;
        loops = 0;
        labels.clear();
        instance = isInstance;
        result = type;
        if (isInstance) {
            scope.add(new Var("x", T.INT, true));
            scope.add(new Var("y", T.LONG, true));
            scope.add(new Var("z", T.DOUBLE, true));
            scope.add(new Var("f", T.FLOAT, true));
            scope.add(new Var("b", T.BYTE, true));
            scope.add(new Var("c", T.CHAR, true));
            scope.add(new Var("sh", T.SHORT, true));
            scope.add(new Var("flag", T.BOOLEAN, true));
            scope.add(new Var("s", T.STRING, true));
        }
        scope.add(new Var("sI", T.INT, true));
        scope.add(new Var("sL", T.LONG, true));
        scope.add(new Var("sD", T.DOUBLE, true));
        scope.add(new Var("sF", T.FLOAT, true));
        scope.add(new Var("sS", T.SHORT, true));
        scope.add(new Var("sB", T.BYTE, true));
        scope.add(new Var("sC", T.CHAR, true));
        scope.add(new Var("sZ", T.BOOLEAN, true));
        scope.add(new Var("sStr", T.STRING, true));
        scope.add(new Var("vI", T.INT, true));
        scope.add(new Var("vL", T.LONG, true));
        scope.add(new Var("sIa", T.INTS, true));
        scope.add(new Var("sOa", T.OBJECTS, true));
        scope.add(new Var("sO", T.OBJ, true));
    }

    private T paramType() {
        int k = r.nextInt(20);
        if (k < 12) {
            return PRIMS[k % PRIMS.length];
        }
        return switch (k) {
            case 12, 13 -> T.OBJ;
            case 14 -> T.STRING;
            case 15 -> T.SHAPE;
            default -> pick(ARRAYS);
        };
    }

    private Node staticMethod(String name) {
        T type = chance(0.15) ? T.STRING : chance(0.1) ? T.OBJ : PRIMS[r.nextInt(PRIMS.length)];
        int n = 1 + r.nextInt(5);
        List<Var> params = new ArrayList<>();
        List<T> types = new ArrayList<>();
        StringBuilder sig = new StringBuilder();
        for (int k = 0; k < n; k++) {
            T t = paramType();
            types.add(t);
            params.add(new Var("p" + k, t, true));
            sig.append(k == 0 ? "" : ", ").append(t.java).append(" p").append(k);
        }
        startMethod(type, params, false);
        maySync = true;
        Node m = block("static " + (chance(0.15) ? "synchronized " : "") + type.java + " " + name + "(" + sig + ") {", "}");
        declareLocals(m, 3 + r.nextInt(3));
        statements(m, 3 + r.nextInt(5), 1);
        mixLocals(m);
        m.add(leaf("return " + expr(type, 2) + ";"));
        methods.add(new Method(name, type, types, (int) Math.max(1, cost)));
        return m;
    }

    private Node recursion() {
        startMethod(T.LONG, List.of(new Var("n", T.INT, false), new Var("acc", T.LONG, true), new Var("o", T.OBJ, true)), false);
        Node m = block("static long rec(int n, long acc, A o) {", "}");
        m.add(leaf("if (n <= 0) { return acc; }"));
        multiplier = 16;
        statements(m, 1 + r.nextInt(3), 1);
        m.add(leaf("return rec(n - 1, acc * 31 + " + expr(T.LONG, 1) + ", o) + " + expr(T.INT, 1) + ";"));
        methods.add(new Method("rec", T.LONG, List.of(T.INT, T.LONG, T.OBJ), (int) Math.max(1, cost)));
        return m;
    }

    /** A method with one long loop, called three times: on-stack replacement. */
    private Node hotMethod() {
        startMethod(T.LONG, List.of(new Var("rep", T.INT, false)), false);
        maySync = false;
        Node m = block("static long hot(int rep) {", "}");
        declareLocals(m, 3);
        String k = fresh("k");
        Node loop = block("for (int " + k + " = 0; " + k + " < 3000; " + k + "++) {", "}");
        List<Method> saved = new ArrayList<>(methods);
        methods.clear(); // no static calls inside: the loop stays cheap
        int heaviestBefore = heaviest;
        loopBody(loop, k, 1, 3000);
        heaviest = heaviestBefore; // by design: no nesting in it (3000 is over NEST_LIMIT)
        methods.addAll(saved);
        m.add(loop);
        mixLocals(m);
        m.add(leaf("return " + expr(T.LONG, 2) + ";"));
        return m;
    }

    private Node runMethod(List<Method> statics) {
        startMethod(T.INT, List.of(new Var("iter", T.INT, false)), false);
        Node m = block("static void run(int iter) {", "}");
        m.add(leaf("int e0 = iter % 7 == 3 ? 0 : (int) rnd(); long e1 = rnd() * (iter % 5 - 2); double e2 = (rnd() % 1000) / 7.0 - 60;"));
        m.add(leaf("A o0 = iter % 9 == 4 ? null : iter % 3 == 0 ? new C(iter, e1) : iter % 3 == 1 ? new B(e0, iter) : new A(iter, e1);"));
        scope.add(new Var("e0", T.INT, false));
        scope.add(new Var("e1", T.LONG, false));
        scope.add(new Var("e2", T.DOUBLE, false));
        scope.add(new Var("o0", T.OBJ, false));
        for (Method callee : statics) {
            StringBuilder args = new StringBuilder();
            for (int k = 0; k < callee.params().size(); k++) {
                args.append(k == 0 ? "" : ", ").append(argument(callee.params().get(k)));
            }
            m.add(leaf("try { mix(" + callee.name() + "(" + args + ")); } catch (RuntimeException ex) { mix(ex); }"));
        }
        m.add(leaf("try { mix(rec(iter & 15, e1, o0)); } catch (RuntimeException ex) { mix(ex); }"));
        m.add(leaf("try { mix(Irr.irr(e0, e1, iter)); } catch (RuntimeException ex) { mix(ex); }"));
        m.add(leaf("try { mix(o0.f(e0, e2)); mix(o0.g(e1)); mix(o0.h(e0)); } catch (RuntimeException ex) { mix(ex); }"));
        m.add(leaf("Shape sh0 = iter % 4 == 0 ? new D(iter) : o0; try { mix(sh0.g(e1)); mix(sh0.h(iter)); } catch (RuntimeException ex) { mix(ex); }"));
        if (chance(0.3)) {
            m.add(leaf("if (iter % 97 == 50) { System.gc(); }"));
        }
        m.add(leaf("if (LIST.size() > 64) { LIST.clear(); }"));
        return m;
    }

    /** An argument for a call from {@code run}: mostly varied, sometimes an edge value. */
    private String argument(T t) {
        if (chance(0.25)) {
            return constant(t);
        }
        return switch (t) {
            case INT -> "e0";
            case LONG -> "e1";
            case DOUBLE -> "e2";
            case FLOAT -> "(float) e2";
            case BOOLEAN -> "(iter & 1) == 0";
            case BYTE -> "(byte) e0";
            case SHORT -> "(short) e1";
            case CHAR -> "(char) (e0 >>> 7)";
            case STRING -> "String.valueOf(e0 % 1000)";
            case OBJ -> "o0";
            case SHAPE -> "iter % 5 == 0 ? new D(e0 & 7) : o0";
            default -> newArray(t, "(iter & 7) + 1");
        };
    }

    private void declareLocals(Node m, int count) {
        for (int k = 0; k < count; k++) {
            T t = k < 2 ? PRIMS[r.nextInt(4)] : chance(0.7) ? PRIMS[r.nextInt(PRIMS.length)] : chance(0.5) ? pick(ARRAYS) : chance(0.5) ? T.STRING : T.OBJ;
            String name = fresh("v");
            m.add(leaf(t.java + " " + name + " = " + initial(t) + ";"));
            scope.add(new Var(name, t, true));
        }
    }

    private String initial(T t) {
        if (t.array()) {
            return chance(0.3) ? arrayLiteral(t) : newArray(t, "(" + expr(T.INT, 1) + " & 7) + 1");
        }
        return expr(t, 1);
    }

    private void mixLocals(Node m) {
        for (Var v : scope) {
            if (v.name().startsWith("v") && !v.name().startsWith("vI") && !v.name().startsWith("vL")) {
                m.add(leaf(mixOf(v)));
            }
        }
    }

    private String mixOf(Var v) {
        return switch (v.type()) {
            case INTS, LONGS, DOUBLES, FLOATS, BYTES, SHORTS, CHARS, BOOLEANS -> "mix(Arrays.toString(" + v.name() + "));";
            case OBJECTS -> "mix(Arrays.toString(" + v.name() + "));";
            case MATRIX -> "mix(Arrays.deepToString(" + v.name() + "));";
            default -> "mix(" + v.name() + ");";
        };
    }

    // ---- statements ---------------------------------------------------------------------------

    private void statements(Node parent, int count, int level) {
        for (int k = 0; k < count; k++) {
            if (cost > METHOD_BUDGET) {
                return;
            }
            parent.add(statement(level));
        }
    }

    private Node statement(int level) {
        cost += multiplier;
        heaviest = Math.max(heaviest, multiplier);
        boolean nest = level < 4 && multiplier < NEST_LIMIT;
        int kind = r.nextInt(nest ? 31 : 14);
        return switch (kind) {
            case 0, 1, 2, 3 -> leaf(assignment());
            case 4 -> leaf(compound());
            case 5 -> leaf(arrayStore());
            case 6 -> leaf(fieldStore());
            case 7 -> leaf("mix(" + expr(anyType(), 2) + ");");
            case 8 -> leaf(call());
            case 9 -> jump();
            case 10 -> leaf(stringBuilding());
            case 11 -> leaf(boxing());
            case 12 -> leaf(lambda());
            case 13 -> leaf(objectStatement());
            case 14, 15, 16 -> ifStatement(level);
            case 17, 18, 19 -> loop(level);
            // Two loops at once: their body runs up to 48 times an iteration (seed 1068602 put one in a
            // loop of rec, whose body then ran 6,144 times a call: a minute in the interpreter).
            case 20 -> multiplier * LABELLED_TRIPS <= MAX_STATEMENT_RUNS ? labelledLoops(level) : loop(level);
            case 21, 22 -> switchStatement(level);
            case 23, 24, 25 -> tryStatement(level);
            case 26 -> synchronizedStatement(level);
            case 27 -> patternMatch(level);
            case 28 -> whileLoop(level);
            case 29 -> chance(0.5) ? pairLoop(level) : doLoop(level);
            default -> doLoop(level);
        };
    }

    private T anyType() {
        return chance(0.8) ? PRIMS[r.nextInt(PRIMS.length)] : chance(0.5) ? T.STRING : T.OBJ;
    }

    private Var variable(T t, boolean assignable) {
        return anyVariable(assignable, x -> x == t);
    }

    private Var anyVariable(boolean assignable, java.util.function.Predicate<T> filter) {
        List<Var> candidates = new ArrayList<>();
        for (Var v : scope) {
            if (filter.test(v.type()) && (!assignable || v.assignable())) {
                candidates.add(v);
            }
        }
        return candidates.isEmpty() ? null : candidates.get(r.nextInt(candidates.size()));
    }

    private String assignment() {
        Var v = anyVariable(true, t -> true);
        String value = v.type().array() && chance(0.5) ? newArray(v.type(), sizeExpr()) : expr(v.type(), 3);
        if (v.type() == T.STRING) {
            value = "cap(" + value + ")";
        }
        return v.name() + " = " + value + ";";
    }

    private String compound() {
        Var v = anyVariable(true, T::numeric);
        if (chance(0.3)) {
            return v.name() + (chance(0.5) ? "++;" : "--;");
        }
        String[] ops = v.type().integral() ? INT_OPS : FP_OPS;
        String op = pick(ops);
        T operand = chance(0.5) ? v.type() : PRIMS[r.nextInt(PRIMS.length)];
        if (operand == T.BOOLEAN) {
            operand = T.INT;
        }
        if (!v.type().integral() && operand.integral() && op.contains("<")) {
            op = "+";
        }
        if (v.type().integral() && !operand.integral() && (op.equals("&") || op.equals("|") || op.equals("^") || op.contains("<") || op.contains(">"))) {
            operand = T.INT;
        }
        return v.name() + " " + op + "= " + expr(operand, 2) + ";";
    }

    private String arrayStore() {
        Var a = anyVariable(false, T::array);
        if (a == null) {
            return "sIa[" + index("sIa") + "] = " + expr(T.INT, 2) + ";";
        }
        if (chance(0.12)) {
            return arrayCopy(a);
        }
        if (a.type() == T.MATRIX) {
            return a.name() + "[" + index(a.name()) + "][" + index(a.name() + "[0]") + "] = " + expr(T.INT, 2) + ";";
        }
        if (a.type() == T.OBJECTS) {
            String value = chance(0.3) ? "Integer.valueOf(" + expr(T.INT, 1) + ")" : expr(T.STRING, 1);
            return a.name() + "[" + index(a.name()) + "] = " + value + ";";
        }
        T e = a.type().element();
        if (e.numeric() && chance(0.3)) {
            return a.name() + "[" + index(a.name()) + "] += " + expr(e == T.BOOLEAN ? T.INT : e, 2) + ";";
        }
        return a.name() + "[" + index(a.name()) + "] = " + expr(e, 2) + ";";
    }

    /**
     * {@code System.arraycopy} from {@code a} into an array of its type (itself, overlapping, at times),
     * or from an {@code Object[]} into {@code sOa}, which may be a {@code String[]} (the store checks);
     * indexes and a length usually in bounds, at times not (the exceptions).
     */
    private String arrayCopy(Var a) {
        Var other = anyVariable(false, t -> t == a.type());
        String dest = a.type() == T.OBJECTS && chance(0.3) ? "sOa" : other == null || chance(0.3) ? a.name() : other.name();
        String length = chance(0.7) ? "(" + expr(T.INT, 1) + " & 7)" : "(" + expr(T.INT, 1) + ") % 9";
        return "System.arraycopy(" + a.name() + ", " + index(a.name()) + " & 3, " + dest + ", " + index(dest) + " & 3, " + length + ");";
    }

    /** An index into {@code array}: usually in bounds, sometimes anything small. */
    private String index(String array) {
        if (chance(0.15)) {
            return "(" + expr(T.INT, 1) + ") % 11";
        }
        return "(" + expr(T.INT, 1) + " & 0x7fffffff) % " + array + ".length";
    }

    private String fieldStore() {
        String[] fields = {"x", "y", "z", "f", "s", "b", "c", "sh", "flag"};
        T[] types = {T.INT, T.LONG, T.DOUBLE, T.FLOAT, T.STRING, T.BYTE, T.CHAR, T.SHORT, T.BOOLEAN};
        int k = r.nextInt(fields.length);
        Var o = variable(T.OBJ, false);
        String target = o == null ? "sO" : o.name();
        String value = expr(types[k], 2);
        if (types[k] == T.STRING) {
            value = "cap(" + value + ")";
        }
        if (chance(0.3)) {
            return (chance(0.5) ? "vI" : "vL") + " += " + expr(T.INT, 1) + ";";
        }
        return target + "." + fields[k] + " = " + value + ";";
    }

    private String call() {
        if (instance) {
            // Instance methods call nothing virtual: f and g would call themselves.
            return "mix(" + expr(T.LONG, 2) + ");";
        }
        if ((methods.isEmpty() || chance(0.2)) && virtualCost * multiplier + cost <= METHOD_BUDGET * 2L) {
            cost += virtualCost * multiplier;
            Var o = variable(T.OBJ, false);
            String target = o == null ? "sO" : o.name();
            return "mix(" + target + ".f(" + expr(T.INT, 1) + ", " + expr(T.DOUBLE, 1) + "));";
        }
        if (methods.isEmpty()) {
            return "mix(" + expr(T.INT, 2) + ");";
        }
        Method m = methods.get(r.nextInt(methods.size()));
        if ((long) m.cost() * multiplier + cost > METHOD_BUDGET * 2L) {
            return "mix(" + expr(T.INT, 2) + ");";
        }
        cost += (long) m.cost() * multiplier;
        return "mix(" + callExpr(m) + ");";
    }

    private String callExpr(Method m) {
        StringBuilder args = new StringBuilder();
        for (int k = 0; k < m.params().size(); k++) {
            args.append(k == 0 ? "" : ", ").append(expr(m.params().get(k), 1));
        }
        if (m.name().equals("rec")) {
            return "rec((" + expr(T.INT, 1) + ") & 7, " + expr(T.LONG, 1) + ", " + expr(T.OBJ, 1) + ")";
        }
        return m.name() + "(" + args + ")";
    }

    private Node jump() {
        if (loops == 0) {
            if (chance(0.5)) {
                return leaf("if (" + expr(T.BOOLEAN, 2) + ") { return " + expr(result, 1) + "; }");
            }
            return leaf("if (" + expr(T.BOOLEAN, 2) + ") { throw new IllegalStateException(\"t\" + " + expr(T.INT, 1) + "); }");
        }
        String target = !labels.isEmpty() && chance(0.5) ? " " + labels.get(r.nextInt(labels.size())) : "";
        return leaf("if (" + expr(T.BOOLEAN, 2) + ") { " + (chance(0.5) ? "break" : "continue") + target + "; }");
    }

    private String stringBuilding() {
        Var s = variable(T.STRING, true);
        String name = fresh("sb");
        StringBuilder sb = new StringBuilder("{ StringBuilder " + name + " = new StringBuilder(); ");
        int n = 1 + r.nextInt(4);
        for (int k = 0; k < n; k++) {
            T t = anyType();
            sb.append(name).append(".append(").append(expr(t, 1)).append("); ");
        }
        if (chance(0.3)) {
            sb.append(name).append(".reverse(); ");
        }
        if (chance(0.2)) {
            sb.append(name).append(".insert(").append("(").append(expr(T.INT, 1)).append(") & 3, '").append((char) ('a' + r.nextInt(26))).append("'); ");
        }
        sb.append(s == null ? "mix(" + name + ".toString());" : s.name() + " = cap(" + name + ".toString());").append(" }");
        return sb.toString();
    }

    private String boxing() {
        String b = fresh("bx");
        return switch (r.nextInt(6)) {
            // The list's Object[] into a Number[] (System.arraycopy between arrays of different classes,
            // every element checked), one of the given length or a new one when it is too short.
            case 5 -> "{ Number[] " + b + " = LIST.toArray(new Number[" + expr(T.INT, 1) + " & 7]); int " + b + "h = " + b + ".length; for (Number " + b + "n : " + b
                            + ") { " + b + "h = " + b + "h * 31 + (" + b + "n == null ? 7 : " + b + "n.intValue()); } mix(" + b + "h); }";
            // A constructor through a method handle: the handle's code allocates with Unsafe.allocateInstance.
            // (No call of its g: the statement may be in g itself.)
            case 4 -> "{ A " + b + " = construct(" + expr(T.INT, 1) + ", " + expr(T.LONG, 1) + "); mix(" + b + "); mix(" + b + ".y - " + b + ".x); }";
            case 0 -> "{ Integer " + b + " = (int) (" + expr(T.INT, 1) + "); LIST.add(" + b + "); mix(" + b + ".equals(LIST.get(0))); mix(" + b + " == LIST.get(LIST.size() - 1)); }";
            case 1 -> "{ Long " + b + " = (long) (" + expr(T.LONG, 1) + "); mix(BOX.apply(" + expr(T.INT, 1) + ", " + b + ")); }";
            case 2 -> "{ Object " + b + " = " + boxedExpr() + "; mix(String.valueOf(" + b + ")); mix(" + b + " instanceof Number); }";
            default -> "{ Double " + b + " = (double) (" + expr(T.DOUBLE, 1) + "); mix(" + b + ".compareTo(" + expr(T.DOUBLE, 1) + ")); mix(" + b + ".hashCode()); }";
        };
    }

    private String boxedExpr() {
        T t = PRIMS[r.nextInt(PRIMS.length)];
        return "(Object) (" + expr(t, 1) + ")";
    }

    private String lambda() {
        String c = fresh("cap");
        String op = fresh("op");
        String q = fresh("q");
        return switch (r.nextInt(3)) {
            case 0 -> "{ final int " + c + " = " + expr(T.INT, 1) + "; IntUnaryOperator " + op + " = " + q + " -> " + q + " * 7 - " + c + "; mix(" + op + ".applyAsInt("
                            + expr(T.INT, 1) + ")); }";
            case 1 -> "mix(OP.applyAsInt(" + expr(T.INT, 1) + ", " + expr(T.INT, 1) + ") + LOP.applyAsLong(" + expr(T.LONG, 1) + "));";
            default -> "{ final long " + c + " = " + expr(T.LONG, 1) + "; LongBinaryOperator " + op + " = (" + q + ", w" + q + ") -> " + q + " / (w" + q + " | 1) + " + c
                            + "; mix(" + op + ".applyAsLong(" + expr(T.LONG, 1) + ", " + expr(T.LONG, 1) + ")); }";
        };
    }

    private String objectStatement() {
        Var o = variable(T.OBJ, true);
        String target = o == null ? "sO" : o.name();
        return switch (r.nextInt(6)) {
            case 5 -> localObject();
            case 0 -> target + " = " + expr(T.OBJ, 2) + ";";
            case 1 -> "mix(((B) " + target + ").w);";
            case 2 -> "sOa = " + expr(T.BOOLEAN, 1) + " ? new String[" + (1 + r.nextInt(4)) + "] : new Object[" + (1 + r.nextInt(4)) + "];";
            case 3 -> "mix(" + newArray(pick(ARRAYS), sizeExpr()) + ".length);";
            default -> "mix(((Shape) " + target + ").h(" + expr(T.INT, 1) + "));";
        };
    }

    /**
     * An object that never leaves its block, for escape analysis: its fields written in branches and a
     * loop, with expressions that may throw (the object live in their states), then every field mixed.
     */
    private String localObject() {
        String t = fresh("lo");
        String k = fresh("q");
        return "{ A " + t + " = new " + pick(new String[]{"A", "B", "C"}) + "(" + expr(T.INT, 1) + ", " + expr(T.LONG, 1) + "); " + t + ".x += " + expr(T.INT, 1) + "; "
                        + "if (" + expr(T.BOOLEAN, 1) + ") { " + t + ".b = (byte) (" + expr(T.INT, 1) + "); " + t + ".flag = !" + t + ".flag; } else { " + t + ".sh = (short) "
                        + t + ".y; } for (int " + k + " = 0; " + k + " < 3; " + k + "++) { " + t + ".y = " + t + ".y * 31 + " + k + "; " + t + ".c += (char) " + k + "; } "
                        + t + ".z = " + t + ".z / " + expr(T.DOUBLE, 1) + "; " + t + ".f -= " + expr(T.FLOAT, 1) + "; " + t + ".x = " + t + ".x / (" + expr(T.INT, 1) + "); "
                        + "mix(" + t + ".x); mix(" + t + ".y); mix(" + t + ".z); mix(" + t + ".f); mix(" + t + ".b); mix(" + t + ".c); mix(" + t + ".sh); mix(" + t + ".flag); mix("
                        + t + ".s); }";
    }

    private Node ifStatement(int level) {
        Node g = group();
        Node then = block("if (" + expr(T.BOOLEAN, 3) + ") {", "}");
        g.add(then);
        statements(then, 1 + r.nextInt(3), level + 1);
        if (chance(0.5)) {
            Node otherwise = block("else {", "}");
            g.add(otherwise);
            statements(otherwise, 1 + r.nextInt(3), level + 1);
        }
        return g;
    }

    private String trips() {
        return chance(0.6) ? String.valueOf(1 + r.nextInt(8)) : "(" + expr(T.INT, 1) + " & 7)";
    }

    private Node loopBody(Node loop, String counter, int level, int maxTrips) {
        int saved = multiplier;
        multiplier *= maxTrips;
        loops++;
        int mark = scope.size();
        if (counter != null) {
            scope.add(new Var(counter, T.INT, false));
        }
        statements(loop, 1 + r.nextInt(4), level + 1);
        while (scope.size() > mark) {
            scope.remove(scope.size() - 1);
        }
        loops--;
        multiplier = saved;
        return loop;
    }

    private Node loop(int level) {
        String k = fresh("k");
        String head = switch (r.nextInt(4)) {
            case 0 -> "for (int " + k + " = 0; " + k + " < " + trips() + "; " + k + "++) {";
            case 1 -> "for (int " + k + " = " + trips() + "; " + k + " > 0; " + k + "--) {";
            case 2 -> "for (int " + k + " = -3; " + k + " <= 9; " + k + " += 2) {";
            default -> "for (int " + k + " = 0; " + k + " < " + trips() + "; " + k + "++) { if ((" + k + " & 1) == 1) { continue; }";
        };
        return loopBody(block(head, "}"), k, level, 8);
    }

    /** Primitive array types: their elements go to {@code mix} directly. */
    private static final T[] PRIMITIVE_ARRAYS = {T.INTS, T.LONGS, T.DOUBLES, T.FLOATS, T.BYTES, T.SHORTS, T.CHARS, T.BOOLEANS};

    /**
     * Two arrays walked together under a test of their lengths, the shape in which the bound of one
     * array proves the other's index ({@code if (a.length == b.length) for (k < a.length) ... b[k]}),
     * with the variants where it must not: the other edge of the test, an index one past, a bound
     * one past, and the second array replaced inside the loop. Arrays may be null (the exception is the
     * program's).
     */
    private Node pairLoop(int level) {
        Var a = anyVariable(false, T::array);
        Var b = anyVariable(chance(0.3), t -> java.util.Arrays.asList(PRIMITIVE_ARRAYS).contains(t));
        if (a == null || b == null) {
            return loop(level);
        }
        String k = fresh("k");
        String test = chance(0.8) ? " == " : " != ";
        String bound = chance(0.85) ? " < " : " <= ";
        String at = chance(0.85) ? k : k + " + 1";
        Node g = block("if (" + a.name() + ".length" + test + b.name() + ".length) {", "}");
        Node loop = block("for (int " + k + " = 0; " + k + bound + a.name() + ".length; " + k + "++) {", "}");
        if (b.assignable() && chance(0.5)) {
            loop.add(leaf("if (" + k + " == " + r.nextInt(3) + ") { " + b.name() + " = " + newArray(b.type(), sizeExpr()) + "; }"));
        }
        loop.add(leaf("mix(" + b.name() + "[" + at + "]);"));
        g.add(loopBody(loop, k, level, 8));
        return g;
    }

    private Node whileLoop(int level) {
        String k = fresh("k");
        Node g = group();
        g.add(leaf("int " + k + " = 0;"));
        Node loop = block("while (" + k + "++ < " + trips() + ") {", "}");
        g.add(loopBody(loop, k, level, 8));
        return g;
    }

    private Node doLoop(int level) {
        String k = fresh("k");
        Node g = group();
        g.add(leaf("int " + k + " = " + trips() + ";"));
        Node loop = block("do {", "} while (--" + k + " > 0);");
        g.add(loopBody(loop, k, level, 8));
        return g;
    }

    private Node labelledLoops(int level) {
        String label = fresh("L");
        String k = fresh("k");
        String j = fresh("j");
        Node outer = block(label + ": for (int " + k + " = 0; " + k + " < " + trips() + "; " + k + "++) {", "}");
        labels.add(label);
        int saved = multiplier;
        multiplier *= 8;
        loops++;
        scope.add(new Var(k, T.INT, false));
        Node inner = block("for (int " + j + " = " + k + "; " + j + " < 6; " + j + "++) {", "}");
        loopBody(inner, j, level + 1, 6);
        outer.add(inner);
        if (chance(0.5)) {
            statements(outer, 1, level + 1);
        }
        scope.remove(scope.size() - 1);
        loops--;
        multiplier = saved;
        labels.remove(label);
        return outer;
    }

    private Node switchStatement(int level) {
        if (chance(0.2)) {
            Var s = variable(T.STRING, false);
            String subject = s == null ? "sStr" : s.name();
            Node sw = block("switch (" + subject + ") {", "}");
            String[] cases = {"\"a\"", "\"ssa\"", "\"jit\"", "\"\"", "\"0\""};
            for (int k = 0; k < 2 + r.nextInt(3); k++) {
                Node c = block("case " + cases[k] + ": {", "}");
                statements(c, 1, level + 1);
                sw.add(c);
                if (chance(0.7)) {
                    sw.add(leaf("break;"));
                }
            }
            Node d = block("default: {", "}");
            statements(d, 1, level + 1);
            sw.add(d);
            return sw;
        }
        boolean sparse = chance(0.4);
        String subject = chance(0.8) ? expr(T.INT, 2) : "(int) " + expr(pick(new T[]{T.CHAR, T.BYTE, T.SHORT}), 2);
        Node sw = block("switch (" + subject + ") {", "}");
        java.util.Set<Integer> used = new java.util.HashSet<>();
        int n = 1 + r.nextInt(5);
        for (int k = 0; k < n; k++) {
            int value = sparse ? r.nextInt(2000) - 1000 : r.nextInt(8) - 1;
            if (!used.add(value)) {
                continue;
            }
            Node c = block("case " + value + ": {", "}");
            statements(c, 1 + r.nextInt(2), level + 1);
            sw.add(c);
            if (chance(0.7)) {
                sw.add(leaf("break;"));
            }
        }
        if (chance(0.7)) {
            Node d = block("default: {", "}");
            statements(d, 1, level + 1);
            sw.add(d);
        }
        return sw;
    }

    private Node tryStatement(int level) {
        Node g = group();
        Node body = block("try {", "}");
        g.add(body);
        statements(body, 1 + r.nextInt(4), level + 1);
        List<String> caught = new ArrayList<>();
        int n = r.nextInt(3);
        for (int k = 0; k < n; k++) {
            String ex = EXCEPTIONS[r.nextInt(EXCEPTIONS.length)];
            if (caught.stream().anyMatch(c -> subclass(ex, c))) {
                continue;
            }
            caught.add(ex);
            String e = fresh("ex");
            Node c = block("catch (" + ex + " " + e + ") {", "}");
            c.add(leaf("mix(" + e + ");"));
            if (chance(0.4)) {
                statements(c, 1, level + 1);
            }
            g.add(c);
        }
        if (n == 0 || chance(0.3)) {
            Node f = block("finally {", "}");
            f.add(leaf("mix(" + expr(T.INT, 1) + ");"));
            if (chance(0.3)) {
                statements(f, 1, level + 1);
            }
            g.add(f);
        }
        return g;
    }

    private static final Map<String, String> SUPER = new HashMap<>();

    static {
        SUPER.put("ArithmeticException", "RuntimeException");
        SUPER.put("NullPointerException", "RuntimeException");
        SUPER.put("ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException");
        SUPER.put("IndexOutOfBoundsException", "RuntimeException");
        SUPER.put("ClassCastException", "RuntimeException");
        SUPER.put("NegativeArraySizeException", "RuntimeException");
        SUPER.put("ArrayStoreException", "RuntimeException");
        SUPER.put("IllegalStateException", "RuntimeException");
    }

    /** Whether {@code sub} is {@code sup} or a subclass of it (a later catch of it is unreachable). */
    private static boolean subclass(String sub, String sup) {
        for (String c = sub; c != null; c = SUPER.get(c)) {
            if (c.equals(sup)) {
                return true;
            }
        }
        return false;
    }

    private Node synchronizedStatement(int level) {
        if (!maySync) {
            return leaf("mix(" + expr(T.LONG, 2) + ");");
        }
        Var o = variable(T.OBJ, false);
        String lock = switch (r.nextInt(3)) {
            case 0 -> "LOCK";
            case 1 -> o == null ? "LOCK" : o.name();
            default -> instance ? "this" : "Main.class";
        };
        Node s = block("synchronized (" + lock + ") {", "}");
        statements(s, 1 + r.nextInt(3), level + 1);
        return s;
    }

    private Node patternMatch(int level) {
        Var o = variable(T.OBJ, false);
        String subject = o == null ? "sO" : o.name();
        String name = fresh("pb");
        String type = chance(0.5) ? "B" : "C";
        Node then = block("if (" + subject + " instanceof " + type + " " + name + ") {", "}");
        scope.add(new Var(name, T.OBJ, false));
        then.add(leaf("mix(" + name + ".w);"));
        statements(then, 1 + r.nextInt(2), level + 1);
        scope.removeIf(v -> v.name().equals(name));
        return then;
    }

    // ---- expressions --------------------------------------------------------------------------

    private String sizeExpr() {
        return chance(0.1) ? "(" + expr(T.INT, 1) + ") % 5" : "(" + expr(T.INT, 1) + " & 7)";
    }

    private String newArray(T t, String size) {
        if (t == T.MATRIX) {
            return "new int[" + size + "][" + (1 + r.nextInt(3)) + "]";
        }
        if (t == T.OBJECTS) {
            return chance(0.5) ? "new String[" + size + "]" : "new Object[" + size + "]";
        }
        return "new " + t.element().java + "[" + size + "]";
    }

    private String arrayLiteral(T t) {
        if (t == T.MATRIX) {
            return "new int[][]{{" + expr(T.INT, 1) + ", 2}, {" + expr(T.INT, 1) + "}}";
        }
        T e = t == T.OBJECTS ? T.STRING : t.element();
        StringBuilder sb = new StringBuilder("new " + (t == T.OBJECTS ? "Object" : e.java) + "[]{");
        int n = 1 + r.nextInt(4);
        for (int k = 0; k < n; k++) {
            sb.append(k == 0 ? "" : ", ").append(expr(e, 1));
        }
        return sb.append("}").toString();
    }

    String constant(T t) {
        return switch (t) {
            case INT -> chance(0.7) ? pick(INT_EDGES) : String.valueOf(r.nextInt());
            case LONG -> chance(0.7) ? pick(LONG_EDGES) : r.nextLong() + "L";
            case DOUBLE -> chance(0.7) ? pick(DOUBLE_EDGES) : String.valueOf(r.nextGaussian() * 1000);
            case FLOAT -> chance(0.7) ? pick(FLOAT_EDGES) : (float) (r.nextGaussian() * 100) + "f";
            case BOOLEAN -> r.nextBoolean() ? "true" : "false";
            case BYTE -> "(byte) " + pick(new String[]{"0", "1", "-1", "127", "-128", "100"});
            case SHORT -> "(short) " + pick(new String[]{"0", "-1", "32767", "-32768", "1000"});
            case CHAR -> pick(new String[]{"'a'", "'\\u0000'", "'\\uffff'", "'\\u00e9'", "'7'"});
            case STRING -> chance(0.1) ? "(String) null" : pick(STRINGS);
            case OBJ -> chance(0.15) ? "(A) null" : "new " + pick(new String[]{"A", "B", "C"}) + "(" + r.nextInt(100) + ", " + r.nextInt(1000) + "L)";
            case SHAPE -> chance(0.5) ? "new D(" + r.nextInt(9) + ")" : "new B(1, 2L)";
            default -> newArray(t, String.valueOf(1 + r.nextInt(6)));
        };
    }

    private String expr(T t, int budget) {
        if (budget <= 0 || chance(0.25)) {
            Var v = variable(t, false);
            if (v != null && chance(0.75)) {
                return v.name();
            }
            if (t.array()) {
                return v != null ? v.name() : constant(t);
            }
            return constant(t);
        }
        int b = budget - 1;
        switch (t) {
            case INT:
                return intExpr(b);
            case LONG:
                return longExpr(b);
            case DOUBLE:
                return fpExpr(T.DOUBLE, b);
            case FLOAT:
                return fpExpr(T.FLOAT, b);
            case BOOLEAN:
                return boolExpr(b);
            case BYTE:
            case SHORT:
            case CHAR:
                return switch (r.nextInt(4)) {
                    case 0 -> "(" + t.java + ") (" + expr(T.INT, b) + ")";
                    case 1 -> "(" + t.java + ") " + expr(PRIMS[r.nextInt(4)], b);
                    case 2 -> arrayRead(t, b);
                    default -> "(" + t.java + ") (" + expr(t, b) + " " + pick(INT_OPS) + " " + expr(t, b) + ")";
                };
            case STRING:
                return switch (r.nextInt(9)) {
                    case 0 -> "String.valueOf(" + expr(anyType(), b) + ")";
                    case 1 -> "(" + expr(T.STRING, b) + " + " + expr(anyType(), b) + ")";
                    case 2 -> "String.valueOf(" + expr(T.STRING, b) + ").substring(" + (r.nextInt(3)) + ")";
                    case 3 -> "Integer.toString(" + expr(T.INT, b) + ", " + (2 + r.nextInt(35)) + ")";
                    case 4 -> "Long.toHexString(" + expr(T.LONG, b) + ")";
                    case 5 -> "String.valueOf(" + expr(T.OBJ, b) + ")";
                    // The natives ssajit expands: getClass through a class (invokevirtual) or an interface
                    // (invokeinterface), null included; the thread's name, the same in every run.
                    case 7 -> "(" + expr(chance(0.5) ? T.OBJ : T.SHAPE, b) + ").getClass().getSimpleName()";
                    case 8 -> "Thread.currentThread().getName()";
                    default -> "(" + expr(T.BOOLEAN, b) + " ? " + expr(T.STRING, b) + " : " + constant(T.STRING) + ")";
                };
            case OBJ:
                return switch (r.nextInt(4)) {
                    case 0 -> "new " + pick(new String[]{"A", "B", "C"}) + "(" + expr(T.INT, b) + ", " + expr(T.LONG, b) + ")";
                    case 1 -> "(" + expr(T.BOOLEAN, b) + " ? " + expr(T.OBJ, b) + " : " + expr(T.OBJ, b) + ")";
                    case 2 -> "(A) " + "(" + expr(T.BOOLEAN, b) + " ? (Object) " + expr(T.OBJ, b) + " : (Object) " + expr(T.STRING, b) + ")";
                    default -> constant(T.OBJ);
                };
            case SHAPE:
                return "(" + expr(T.BOOLEAN, b) + " ? (Shape) " + expr(T.OBJ, b) + " : new D(" + expr(T.INT, b) + "))";
            default:
                return chance(0.5) ? newArray(t, sizeExpr()) : arrayLiteral(t);
        }
    }

    private String arrayRead(T element, int b) {
        for (T a : ARRAYS) {
            if (a != T.MATRIX && a != T.OBJECTS && a.element() == element) {
                Var v = variable(a, false);
                if (v != null) {
                    return v.name() + "[" + index(v.name()) + "]";
                }
            }
        }
        if (element == T.INT) {
            Var m = variable(T.MATRIX, false);
            if (m != null) {
                return m.name() + "[" + index(m.name()) + "][" + index(m.name() + "[0]") + "]";
            }
            return "sIa[" + index("sIa") + "]";
        }
        return constant(element);
    }

    private String methodCall(T t, int b) {
        List<Method> candidates = new ArrayList<>();
        for (Method m : methods) {
            if (m.result() == t && (long) m.cost() * multiplier + cost <= METHOD_BUDGET * 2L) {
                candidates.add(m);
            }
        }
        if (candidates.isEmpty()) {
            return null;
        }
        Method m = candidates.get(r.nextInt(candidates.size()));
        cost += (long) m.cost() * multiplier;
        return callExpr(m);
    }

    private String intExpr(int b) {
        switch (r.nextInt(16)) {
            case 0, 1, 2, 3: {
                String op = pick(INT_OPS);
                String right = expr(T.INT, b);
                if ((op.equals("/") || op.equals("%")) && chance(0.7)) {
                    right = chance(0.5) ? "(" + right + " | 1)" : "(" + right + " == 0 ? -1 : " + right + ")";
                }
                return "(" + expr(T.INT, b) + " " + op + " " + right + ")";
            }
            case 4:
                return "(int) " + expr(pick(new T[]{T.LONG, T.DOUBLE, T.FLOAT, T.CHAR, T.BYTE, T.SHORT}), b);
            case 5:
                return pick(new String[]{"-", "~", "+"}) + "(" + expr(T.INT, b) + ")";
            case 6:
                return switch (r.nextInt(12)) {
                    case 0 -> "Integer.bitCount(" + expr(T.INT, b) + ")";
                    case 1 -> (r.nextBoolean() ? "Integer.numberOfLeadingZeros(" : "Integer.numberOfTrailingZeros(") + expr(T.INT, b) + ")";
                    case 2 -> "Integer.rotateLeft(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
                    case 3 -> "Math.abs(" + expr(T.INT, b) + ")";
                    case 4 -> "Math.max(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
                    case 5 -> "Math.min(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
                    case 6 -> "Integer.compare(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
                    case 7 -> "Double.compare(" + expr(T.DOUBLE, b) + ", " + expr(T.DOUBLE, b) + ")";
                    case 8 -> "Math.addExact(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
                    case 9 -> "Math.floorMod(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
                    case 10 -> "Integer.reverseBytes(" + expr(T.INT, b) + ")";
                    default -> "Long.signum(" + expr(T.LONG, b) + ")";
                };
            case 7:
                return "(" + expr(T.BOOLEAN, b) + " ? " + expr(T.INT, b) + " : " + expr(T.INT, b) + ")";
            case 8: {
                String call = methodCall(T.INT, b);
                return call != null ? call : "OP.applyAsInt(" + expr(T.INT, b) + ", " + expr(T.INT, b) + ")";
            }
            case 9:
                return arrayRead(T.INT, b);
            case 10: {
                Var a = anyVariable(false, T::array);
                return a != null ? a.name() + ".length" : "sIa.length";
            }
            case 11: {
                Var o = variable(T.OBJ, false);
                return (o == null ? "sO" : o.name()) + ".x";
            }
            case 12:
                return "(" + expr(T.STRING, b) + ").length()";
            case 13:
                return "(switch (" + expr(T.INT, b) + " & 3) { case 0 -> " + expr(T.INT, b) + "; case 1 -> " + expr(T.INT, b) + "; default -> " + expr(T.INT, b) + "; })";
            case 14:
                return "(int) LIST.size()";
            default:
                return "(" + expr(T.CHAR, b) + " + " + expr(T.BYTE, b) + ")";
        }
    }

    private String longExpr(int b) {
        switch (r.nextInt(11)) {
            case 0, 1, 2, 3: {
                String op = pick(INT_OPS);
                T rightType = op.contains("<") || op.contains(">") ? (chance(0.5) ? T.INT : T.LONG) : T.LONG;
                String right = expr(rightType, b);
                if ((op.equals("/") || op.equals("%")) && chance(0.7)) {
                    right = "(" + right + " | 1L)";
                }
                return "(" + expr(T.LONG, b) + " " + op + " " + right + ")";
            }
            case 4:
                return "(long) " + expr(pick(new T[]{T.INT, T.DOUBLE, T.FLOAT, T.CHAR}), b);
            case 5:
                return switch (r.nextInt(7)) {
                    case 0 -> "Long.bitCount(" + expr(T.LONG, b) + ")";
                    case 1 -> (r.nextBoolean() ? "Long.numberOfTrailingZeros(" : "Long.numberOfLeadingZeros(") + expr(T.LONG, b) + ")";
                    case 2 -> "Math.multiplyHigh(" + expr(T.LONG, b) + ", " + expr(T.LONG, b) + ")";
                    case 3 -> "Math.max(" + expr(T.LONG, b) + ", " + expr(T.LONG, b) + ")";
                    case 4 -> "Math.multiplyExact(" + expr(T.LONG, b) + ", " + expr(T.LONG, b) + ")";
                    case 5 -> "Long.rotateRight(" + expr(T.LONG, b) + ", " + expr(T.INT, b) + ")";
                    default -> "LOP.applyAsLong(" + expr(T.LONG, b) + ")";
                };
            case 6:
                return "(" + expr(T.BOOLEAN, b) + " ? " + expr(T.LONG, b) + " : " + expr(T.LONG, b) + ")";
            case 7: {
                String call = methodCall(T.LONG, b);
                return call != null ? call : "(" + expr(T.INT, b) + " * 3L)";
            }
            case 8:
                return arrayRead(T.LONG, b);
            case 9: {
                if (instance || virtualCost * multiplier + cost > METHOD_BUDGET * 2L) {
                    return "(" + expr(T.LONG, b) + " >>> 1)";
                }
                cost += virtualCost * multiplier;
                Var o = variable(T.OBJ, false);
                return (o == null ? "sO" : o.name()) + ".g(" + expr(T.LONG, b) + ")";
            }
            default:
                return "-(" + expr(T.LONG, b) + ")";
        }
    }

    private String fpExpr(T t, int b) {
        String cast = "(" + t.java + ") ";
        switch (r.nextInt(9)) {
            case 0, 1, 2, 3:
                return "(" + expr(t, b) + " " + pick(FP_OPS) + " " + expr(t, b) + ")";
            case 4:
                return cast + expr(pick(new T[]{T.INT, T.LONG, T.DOUBLE, T.FLOAT, T.CHAR}), b);
            case 5:
                return switch (r.nextInt(7)) {
                    case 0 -> cast + "Math.sqrt(" + expr(t, b) + ")";
                    case 1 -> "Math.abs(" + expr(t, b) + ")";
                    case 2 -> "Math.min(" + expr(t, b) + ", " + expr(t, b) + ")";
                    case 3 -> "Math.max(" + expr(t, b) + ", " + expr(t, b) + ")";
                    case 4 -> cast + "Math.floor(" + expr(T.DOUBLE, b) + ")";
                    // A NaN's sign bit is not Java's to say (Math.copySign: "some NaN arguments" may count as
                    // negative); it differed between HotSpot's interpreter and compiled code. sign() makes it a number.
                    case 5 -> "Math.copySign(" + expr(t, b) + ", sign(" + expr(t, b) + "))";
                    default -> cast + (chance(0.5) ? "Math.rint(" : "Math.ceil(") + expr(T.DOUBLE, b) + ")";
                };
            case 6:
                return "(" + expr(T.BOOLEAN, b) + " ? " + expr(t, b) + " : " + expr(t, b) + ")";
            case 7: {
                String call = methodCall(t, b);
                return call != null ? call : arrayRead(t, b);
            }
            default:
                return "-(" + expr(t, b) + ")";
        }
    }

    private String boolExpr(int b) {
        switch (r.nextInt(8)) {
            case 0, 1, 2: {
                T t = pick(new T[]{T.INT, T.LONG, T.DOUBLE, T.FLOAT, T.CHAR, T.INT});
                return "(" + expr(t, b) + " " + pick(COMPARISONS) + " " + expr(t, b) + ")";
            }
            case 3:
                return "!" + expr(T.BOOLEAN, b);
            case 4:
                return "(" + expr(T.BOOLEAN, b) + " " + pick(new String[]{"&&", "||", "^", "&", "|"}) + " " + expr(T.BOOLEAN, b) + ")";
            case 5: {
                Var o = variable(T.OBJ, false);
                String subject = o == null ? "sO" : o.name();
                return chance(0.5) ? "(" + subject + " instanceof " + pick(new String[]{"B", "C", "Shape"}) + ")" : "(" + subject + " == null)";
            }
            case 6:
                return pick(new String[]{"Double.isNaN(" + expr(T.DOUBLE, b) + ")", "Float.isInfinite(" + expr(T.FLOAT, b) + ")",
                    "(" + expr(T.STRING, b) + ").isEmpty()", "\"ssa\".equals(" + expr(T.STRING, b) + ")"});
            default:
                return arrayRead(T.BOOLEAN, b);
        }
    }
}
