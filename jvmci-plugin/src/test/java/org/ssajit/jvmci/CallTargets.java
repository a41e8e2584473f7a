package org.ssajit.jvmci;

import java.util.List;

import jdk.vm.ci.code.InstalledCode;

/**
 * Methods that call, for {@link CompiledCallsTest}: each {@code call*} method is compiled by ssajit and
 * compared with HotSpot's interpreter. The surefire configuration keeps HotSpot's own compilers off
 * this class, so a callee runs in the interpreter (a compiled-to-interpreted call through HotSpot's
 * adapters) unless the test installs ssajit's code for it too (compiled to compiled).
 */
final class CallTargets {
    private CallTargets() {
    }

    /** Written by callees with side effects, read back by the test (reset before each run). */
    static long effects;
    /** A reference callees and callers read, to see that references live across calls survive a moving GC. */
    static Object kept = new int[]{1, 2, 3};
    /** The installed code {@link #invalidateCaller} invalidates while its caller waits for it. */
    static volatile InstalledCode toInvalidate;

    static void reset() {
        effects = 0;
    }

    // Callees ------------------------------------------------------------------------------------------

    static int add(int a, int b) {
        return a + b;
    }

    static long addLong(long a, long b) {
        return a + b;
    }

    static float half(float f) {
        return f / 2;
    }

    static double twice(double d) {
        return d * 2;
    }

    static void record(int x) {
        effects = effects * 31 + x;
    }

    static boolean isOdd(int x) {
        return (x & 1) != 0;
    }

    static byte low(int x) {
        return (byte) x;
    }

    static char charOf(int x) {
        return (char) x;
    }

    static short shortOf(int x) {
        return (short) x;
    }

    static Object pick(Object a, Object b, int which) {
        return (which & 1) == 0 ? a : b;
    }

    /** Eighteen arguments of every kind: more than the registers, so the rest go on the stack. */
    static long many(int a, long b, float c, double d, Object e, int f, long g, double h, float i, int j, long k, double l, int m, Object n,
                    boolean o, byte p, char q, short r) {
        long x = a;
        x = x * 31 + b;
        x = x * 31 + Float.floatToRawIntBits(c);
        x = x * 31 + Double.doubleToRawLongBits(d);
        x = x * 31 + (e == null ? 7 : e.hashCode());
        x = x * 31 + f;
        x = x * 31 + g;
        x = x * 31 + Double.doubleToRawLongBits(h);
        x = x * 31 + Float.floatToRawIntBits(i);
        x = x * 31 + j;
        x = x * 31 + k;
        x = x * 31 + Double.doubleToRawLongBits(l);
        x = x * 31 + m;
        x = x * 31 + (n == null ? 11 : n.hashCode());
        x = x * 31 + (o ? 1 : 0);
        x = x * 31 + p;
        x = x * 31 + q;
        x = x * 31 + r;
        return x;
    }

    /** Nine doubles and nine floats: more than the eight xmm argument registers. */
    static double manyFloats(double a, float b, double c, float d, double e, float f, double g, float h, double i, float j, double k, float l,
                    double m, float n, double o, float p, double q, float r) {
        return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j + 11 * k + 12 * l + 13 * m + 14 * n + 15 * o + 16 * p + 17 * q
                        + 18 * r;
    }

    static int thrower(int x) {
        if (x < 0) {
            throw new IllegalStateException("negative " + x);
        }
        if (x == 0) {
            throw new ArithmeticException("zero");
        }
        return x * 2;
    }

    /** What {@link #collect} was given last: a root the collector updates when it moves the object. */
    static Object seen;

    /**
     * A full collection (which moves objects) when {@code n} is a multiple of 8 (a few of the inputs:
     * the GC matrix runs this with heap verification), after a little garbage; remembers {@code o}.
     */
    static int collect(int n, Object o) {
        seen = o;
        if ((n & 7) == 0) {
            for (int i = 0; i < 100; i++) {
                seen = new int[]{i};
            }
            seen = o;
            System.gc();
        }
        return n;
    }

    static int invalidateCaller(int x) {
        InstalledCode c = toInvalidate;
        if (c != null && (x & 3) == 0) {
            c.invalidate();
        }
        return x + 1;
    }

    // A class hierarchy and an interface for virtual and interface calls.

    abstract static class Shape {
        final int size;

        Shape(int size) {
            this.size = size;
        }

        abstract int area();

        int perimeter() {
            return 4 * size;
        }

        final int finalScaled(int k) {
            return area() * k;
        }

        private int privateSize() {
            return size;
        }

        int viaPrivate() {
            return privateSize() + 1;
        }
    }

    static class Square extends Shape {
        Square(int size) {
            super(size);
        }

        @Override
        int area() {
            return size * size;
        }
    }

    static class Rect extends Shape {
        Rect(int size) {
            super(size);
        }

        @Override
        int area() {
            return size * (size + 1);
        }

        @Override
        int perimeter() {
            return 4 * size + 2;
        }
    }

    static final class Tri extends Square {
        Tri(int size) {
            super(size);
        }

        @Override
        int area() {
            return size * size / 2;
        }

        @Override
        int perimeter() {
            return super.perimeter() - size;
        }
    }

    interface Fn {
        int apply(int x);

        default int applyTwice(int x) {
            return apply(apply(x));
        }
    }

    static final class Inc implements Fn {
        @Override
        public int apply(int x) {
            return x + 1;
        }
    }

    static final class Neg implements Fn {
        @Override
        public int apply(int x) {
            return -x;
        }
    }

    static final class Shift implements Fn {
        @Override
        public int apply(int x) {
            return x << 3;
        }

        @Override
        public int applyTwice(int x) {
            return x << 6;
        }
    }

    static List<Shape> shapes() {
        return List.of(new Square(3), new Rect(4), new Tri(5), new Square(-7));
    }

    static List<Fn> fns() {
        return List.of(new Inc(), new Neg(), new Shift());
    }

    // Compiled callers -----------------------------------------------------------------------------------

    static int callStatic(int a, int b) {
        return add(a, b) * 3 + add(b, 1);
    }

    static long callKinds(int a, long b, double c) {
        long x = addLong(b, a);
        float f = half((float) c);
        double d = twice(c);
        boolean odd = isOdd(a);
        return x + Float.floatToRawIntBits(f) + Double.doubleToRawLongBits(d) + (odd ? 1 : 0) + low(a) + charOf(a) + shortOf(a);
    }

    static void callVoid(int a, int b) {
        record(a);
        record(b);
        record(a ^ b);
    }

    /** Values of every kind live across several calls: none may be in a register the callee clobbers. */
    static double liveAcross(int a, long b, float c, double d) {
        int i = a * 7;
        long l = b ^ 0x5555L;
        float f = c * 2;
        double e = d - 1;
        int s = add(a, 1);
        long t = addLong(l, b);
        record(s);
        return i + l + f + e + s + t + add(i, s) + a + b + c + d;
    }

    static long callMany(int a, long b, double c) {
        return many(a, b, (float) c, c, "x", a + 1, b - 1, c * 2, (float) (c / 3), a ^ 5, b * 3, -c, a - 9, null, a > 0, (byte) a, (char) a,
                        (short) b);
    }

    static long callManyTwice(int a, long b) {
        long x = many(a, b, 1.5f, 2.5, null, 6, 7, 8.5, 9.5f, 10, 11, 12.5, 13, "n", true, (byte) 15, 'q', (short) 17);
        long y = many(-a, ~b, -1.5f, -2.5, "e", -6, -7, -8.5, -9.5f, -10, -11, -12.5, -13, null, false, (byte) -15, 'r', (short) -17);
        return x * 3 + y + a;
    }

    static double callManyFloats(double a, float b) {
        return manyFloats(a, b, a + 1, b + 1, a + 2, b + 2, a + 3, b + 3, a + 4, b + 4, a + 5, b + 5, a + 6, b + 6, a + 7, b + 7, a + 8, b + 8);
    }

    static Object callPick(Object a, Object b, int which) {
        return pick(a, b, which);
    }

    static int callInLoop(int n) {
        int s = 0;
        for (int i = 0; i < (n & 63); i++) {
            s = add(s, i) ^ add(i, n);
        }
        return s;
    }

    static int fib(int n) {
        int m = n & 15;
        return m < 2 ? m : fib(m - 1) + fib(m - 2);
    }

    static int catches(int x) {
        try {
            return thrower(x) + 1;
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    static int propagates(int x, int y) {
        int a = thrower(x);
        int b = thrower(y);
        return a * 100 + b;
    }

    /** The array and the object must be found again after the callee's collection moved them. */
    static int gcAcross(int[] a, Object o, int n) {
        Object k = kept;
        int before = a.length;
        collect(n, a);
        boolean same = a == seen;
        collect(n, o);
        int after = a.length + a[0] + (o == null ? 0 : o.hashCode());
        return after * 31 + before + (k == kept ? 1000 : 0) + (same ? 2000 : 0) + (o == seen ? 4000 : 0);
    }

    static int nativeCalls(float f, double d) {
        return Float.floatToRawIntBits(f) ^ (int) Double.doubleToRawLongBits(d) ^ Integer.bitCount(Float.floatToRawIntBits(f));
    }

    static int virtualCall(Shape s) {
        return s.area() + s.perimeter();
    }

    static int finalAndPrivate(Shape s, int k) {
        return s.finalScaled(k) + s.viaPrivate();
    }

    static int interfaceCall(Fn f, int x) {
        return f.apply(x) + f.applyTwice(x);
    }

    static int objectMethods(Object o, Object p) {
        return (o.equals(p) ? 1 : 0) + o.hashCode();
    }

    static int stringMethods(Object o) {
        String s = String.valueOf(o);
        return s.length() * 31 + s.indexOf('h') + (s.isEmpty() ? 7 : s.charAt(0));
    }

    static float frem(float a, float b) {
        return a % b;
    }

    static double drem(double a, double b) {
        return a % b;
    }

    /** Values live across the C call, and remainders of both kinds in one loop. */
    static double remainders(float a, double b, int n) {
        double s = 0;
        float f = a;
        for (int i = 0; i < (n & 7); i++) {
            f = f % (b == 0 ? 3f : (float) b) + i;
            s += b % (a + i) + f;
        }
        return s + a + b + n;
    }

    static final IllegalStateException PREALLOCATED = new IllegalStateException("preallocated");

    /** athrow in compiled code: the frame deoptimizes at the athrow and the interpreter throws. */
    static int throwsIfNegative(int x) {
        if (x < 0) {
            throw PREALLOCATED;
        }
        return x + 1;
    }

    static int rethrows(Object o, int x) {
        if (o instanceof RuntimeException r && x > 2) {
            throw r;
        }
        return x;
    }

    static int throwsNull(int x) {
        RuntimeException e = (x & 3) == 1 ? null : PREALLOCATED;
        if (x > 2) {
            throw e; // null: NullPointerException
        }
        return x;
    }

    static int throwsAndCatches(int x) {
        try {
            if (x < 0) {
                throw PREALLOCATED;
            }
            return add(x, 1);
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    // Compiled exception handlers for athrow (ExceptionDispatch): the thrown value tested against this frame's handlers.

    /** Two handlers in table order, the second (RuntimeException) also a supertype of the first's type. */
    static int throwCaught(int x) {
        try {
            if (x < 0) {
                throw new IllegalArgumentException("negative " + x);
            }
            if (x % 3 == 0) {
                throw new ArithmeticException("three");
            }
            return x * 2;
        } catch (IllegalArgumentException e) {
            return e.getMessage().length();
        } catch (RuntimeException e) {
            return -3;
        }
    }

    /** A value that may be null thrown in a try range: null goes back to the interpreter, whose NullPointerException is caught here. */
    static int throwMaybeNullCaught(int x) {
        RuntimeException e = (x & 3) == 1 ? null : PREALLOCATED;
        try {
            if (x > 2) {
                throw e;
            }
            return x;
        } catch (NullPointerException npe) {
            return -7;
        } catch (IllegalStateException ise) {
            return -8;
        }
    }

    /** No handler of this frame takes it: the interpreter throws it again and unwinds to the caller. */
    static int throwNotCaught(int x) {
        try {
            if (x > 0) {
                throw new UnsupportedOperationException("x=" + x);
            }
            return x;
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    /** Thrown and caught in a loop: the loop's values through the handler's phis. */
    static long throwInLoop(int n, long seed) {
        long s = seed;
        int caught = 0;
        for (int i = 0; i < (n & 63); i++) {
            try {
                if ((i & 3) == 1) {
                    throw new IllegalStateException();
                }
                s += i;
            } catch (IllegalStateException e) {
                caught++;
                s = s * 31 + caught;
            }
        }
        return s + caught;
    }

    /** A handler throws a new exception that an outer handler of the same frame catches. */
    static int throwFromHandler(int x) {
        try {
            try {
                if (x < 5) {
                    throw new IllegalStateException("inner");
                }
                return x;
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException(e.getMessage() + x);
            }
        } catch (IllegalArgumentException e) {
            return e.getMessage().length() + 100;
        }
    }

    // Compiled exception handlers (ExceptionDispatch): exceptions thrown by callees, caught in this frame.

    /** Three handlers in table order; the first that matches wins (RuntimeException last). */
    static int handlerOrder(int x) {
        try {
            return thrower(x);
        } catch (IllegalStateException e) {
            return -10 - e.getMessage().length();
        } catch (ArithmeticException e) {
            return -20;
        } catch (RuntimeException e) {
            return -30;
        }
    }

    /** Values changed between two calls reach one handler: a phi over the two dispatch paths. */
    static long twoCallsOneHandler(int x, long y) {
        long acc = y;
        int step = 1;
        try {
            acc += thrower(x);
            step = 2;
            acc *= thrower(x - 1);
            step = 3;
        } catch (IllegalStateException | ArithmeticException e) {
            return acc * 31 + step * 7 + (e instanceof ArithmeticException ? 1 : 2);
        }
        return acc + step;
    }

    /** finally: a catch-any handler that rethrows (athrow out of the handler deoptimizes). */
    static int withFinally(int x) {
        long before = effects;
        try {
            return thrower(x) + 1;
        } finally {
            record(x);
            effects += before;
        }
    }

    /** A handler inside a loop: many exceptions caught, the loop's phis through the handler. */
    static long catchInLoop(int n, long seed) {
        long s = seed;
        int caught = 0;
        for (int i = -2; i < (n & 63); i++) {
            try {
                s += thrower(i % 3 - (i & 1));
            } catch (RuntimeException e) {
                caught++;
                s ^= caught * 1_000_003L + e.getClass().getSimpleName().length();
            }
        }
        return s * 1000 + caught;
    }

    /** Nested try blocks: the inner handler takes ArithmeticException, the outer IllegalStateException. */
    static int nestedTry(int x, int y) {
        int r = 0;
        try {
            try {
                r = thrower(x);
                r += thrower(y);
            } catch (ArithmeticException e) {
                r += 1000;
                r += thrower(y - 1); // may throw into the outer handler
            }
        } catch (IllegalStateException e) {
            r -= 5000 + e.getMessage().length();
        }
        return r;
    }

    /** Not caught here (only IllegalArgumentException is): the exception leaves through the interpreter. */
    static int notCaughtHere(int x) {
        try {
            return thrower(x);
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    /** References, a long and a double live into the handler, a collection in the callee. */
    static String referencesIntoHandler(int x, Object o) {
        int[] array = {x, x + 1};
        String s = "s" + x;
        double d = x * 0.5;
        long l = x * 3L;
        try {
            collect(x, o);
            thrower(x & 7);
            return s;
        } catch (ArithmeticException e) {
            return s + array[1] + d + l + (o == null ? "null" : o.getClass().getSimpleName()) + e.getMessage();
        }
    }

    /** A lock held across the call and in the handler: the handler unlocks on its way out. */
    static int lockedHandler(Object lock, int x) {
        Object l = lock == null ? CallTargets.class : lock;
        synchronized (l) {
            try {
                return thrower(x);
            } catch (RuntimeException e) {
                return Thread.holdsLock(l) ? -7 : -8;
            }
        }
    }

    /** The caught exception itself is the result (its identity and type, not only that one was caught). */
    static Object caughtIsTheResult(int x) {
        try {
            return thrower(x);
        } catch (RuntimeException e) {
            return e.getClass().getName() + ":" + e.getMessage();
        }
    }

    // invokedynamic: a static call of the site's adapter with its appendix.

    static String concat(int a, Object o, double d) {
        return "a=" + a + " o=" + o + " d=" + d;
    }

    static int lambda(int x) {
        java.util.function.IntUnaryOperator f = v -> v * 3 + 1;
        return f.applyAsInt(x) + f.applyAsInt(-x);
    }

    static int capturingLambda(int x, long y) {
        java.util.function.IntUnaryOperator f = v -> (int) (v * y) + x;
        return f.applyAsInt(x);
    }

    static int methodReference(Object o) {
        java.util.function.Function<Object, String> f = String::valueOf;
        return f.apply(o).length();
    }

    record Point(int x, String label) {
    }

    static final Point POINT = new Point(3, "p");

    /** A record's toString, equals and hashCode are invokedynamic (ObjectMethods) in the record's own methods. */
    static int recordMethods(Object o) {
        return POINT.toString().length() * 31 + (POINT.equals(o) ? 1 : 0) + POINT.hashCode();
    }

    // Signature-polymorphic calls (HotSpot's invokehandle): a static call of the site's adapter
    // (Invokers$Holder, VarHandleGuards) with its appendix.

    static final java.lang.invoke.MethodHandle ADD_MH;
    static final java.lang.invoke.MethodHandle CONCAT_MH;
    static final java.lang.invoke.MethodHandle HASH_MH;
    static final java.lang.invoke.VarHandle COUNTER_VH;
    static final java.lang.invoke.VarHandle LONGS_VH;
    static final java.lang.invoke.VarHandle LABEL_VH;
    static int counter;

    static final class Holder {
        volatile Object label;
    }

    static {
        java.lang.invoke.MethodHandles.Lookup l = java.lang.invoke.MethodHandles.lookup();
        try {
            ADD_MH = l.findStatic(CallTargets.class, "add", java.lang.invoke.MethodType.methodType(int.class, int.class, int.class));
            CONCAT_MH = l.findStatic(CallTargets.class, "concat", java.lang.invoke.MethodType.methodType(String.class, int.class, Object.class, double.class));
            HASH_MH = l.findVirtual(Object.class, "hashCode", java.lang.invoke.MethodType.methodType(int.class));
            COUNTER_VH = l.findStaticVarHandle(CallTargets.class, "counter", int.class);
            LONGS_VH = java.lang.invoke.MethodHandles.arrayElementVarHandle(long[].class);
            LABEL_VH = l.findVarHandle(Holder.class, "label", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** invokeExact of a static method: the exact type, ints in and out. */
    static int invokeExact(int x) throws Throwable {
        return (int) ADD_MH.invokeExact(x, 5) * 3 + (int) ADD_MH.invokeExact(-x, x >> 1);
    }

    /** invokeExact of every argument kind and a reference result. */
    static int invokeExactMixed(int a, Object o, double d) throws Throwable {
        String s = (String) CONCAT_MH.invokeExact(a, o, d);
        return s.length() * 31 + s.charAt(s.length() - 1);
    }

    /** invokeExact of a virtual method: a null receiver throws in the target, through the adapter. */
    static int invokeExactVirtual(Object o) throws Throwable {
        return (int) HASH_MH.invokeExact(o) == o.hashCode() ? 1 : 0;
    }

    /** invoke with conversions (asType: short to int, int to long, boxing of the result). */
    static long invokeConverting(int x, long y) throws Throwable {
        long a = (long) ADD_MH.invoke((short) x, 7);
        Object b = ADD_MH.invoke(x, 1);
        return a * 17 + ((Integer) b) + y;
    }

    /** invokeExact with a type that does not match: WrongMethodTypeException, every time. */
    static long invokeExactWrongType(int x) throws Throwable {
        return (long) ADD_MH.invokeExact(x, 1);
    }

    /** A handle that may be null (a NullPointerException from the adapter). */
    static int invokeExactMaybeNull(Object o) throws Throwable {
        java.lang.invoke.MethodHandle h = o == null ? null : ADD_MH;
        return (int) h.invokeExact(2, 3);
    }

    /** VarHandle access modes on a static int field: set, getAndAdd, compareAndSet, getVolatile. */
    static int varHandleStatic(int x) {
        COUNTER_VH.set(x);
        int old = (int) COUNTER_VH.getAndAdd(3);
        boolean swapped = COUNTER_VH.compareAndSet(old + 3, x * 2);
        boolean failed = COUNTER_VH.compareAndSet(x + 12345, 0);
        return (int) COUNTER_VH.getVolatile() * 4 + (swapped ? 2 : 0) + (failed ? 1 : 0) + old;
    }

    /** VarHandle on a long[] element: out of bounds throws (from the VarHandle's code). */
    static long varHandleArray(int i, long v) {
        long[] a = new long[8];
        LONGS_VH.setRelease(a, i & 7, v);
        long got = (long) LONGS_VH.getAcquire(a, i & 7);
        long prev = (long) LONGS_VH.getAndSet(a, i, got + 1);
        return prev * 3 + a[i];
    }

    /** VarHandle on a reference field (the collector's barriers inside the VarHandle's code). */
    static int varHandleReference(Object o) {
        Holder h = new Holder();
        LABEL_VH.setVolatile(h, o);
        Object was = LABEL_VH.compareAndExchange(h, o, (Object) "next");
        return (was == o ? 1 : 0) + String.valueOf(LABEL_VH.get(h)).length() * 2;
    }

    static int deoptDuringCall(int x, long y, double z) {
        int a = x * 3;
        long b = y + x;
        int r = invalidateCaller(x);
        return (int) (a + b + r + (long) z);
    }
}
