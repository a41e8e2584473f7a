package org.ssajit.jvmci;

/**
 * Callers whose small callees ssajit's inlining parses into them ({@code -Dssajit.Inline}), each a
 * target of {@link InliningTest}: the callees return through several paths, loop, nest, narrow their
 * results, throw (implicit and explicit exceptions, so the code deoptimizes into two interpreter
 * frames), have side effects before a deoptimization (a caller frame that re-executed its invoke
 * would repeat them), and collect garbage while the caller holds references (the caller's frame in
 * the debug info must name them).
 */
final class InlineTargets {
    InlineTargets() {
    }

    /** Side effects of callees; reset by the test before each run. */
    static int counter;
    static final int[] LOG = new int[4];

    static int square(int x) {
        return x * x;
    }

    static int max(int a, int b) {
        if (a >= b) {
            return a;
        }
        return b;
    }

    static long mix(long a, double d, int b) {
        return a * 31 + (long) d - b;
    }

    static int triangle(int n) {
        int s = 0;
        for (int i = 1; i <= n; i++) {
            s += i;
        }
        return s;
    }

    static int quotient(int a, int b) {
        return a / b;
    }

    static int element(int[] a, int i) {
        return a[i];
    }

    static int countThenDivide(int a, int b) {
        counter++;
        return a / b;
    }

    static int checked(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative: " + x);
        }
        return x + 1;
    }

    static boolean isOdd(int x) {
        return (x & 1) != 0;
    }

    static byte low(int x) {
        return (byte) x;
    }

    static char code(int x) {
        return (char) x;
    }

    static void record(int i, int v) {
        LOG[i & 3] = v;
    }

    static int outer(int x) {
        return middle(x) + 1;
    }

    static int middle(int x) {
        return square(x) - max(x, 3);
    }

    static int fail(boolean b) {
        if (b) {
            throw new IllegalStateException("fail");
        }
        return 1;
    }

    static int gcThenRead(int[] a) {
        System.gc();
        return a[0];
    }

    static int factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    // Callers ---------------------------------------------------------------------------------------

    /** The callee's loop reads {@code a.length} once, before the loop: that read's state keeps the caller's (a fuzz finding). */
    static int sumTwice(int[] a, int k) {
        return sum(a) * k + sum(a);
    }

    static int sumOfSquares(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += square(i) + max(i, n - i);
        }
        return s;
    }

    static long mixed(long a, double d, int b) {
        return mix(a, d, b) + mix(b, -d, (int) a);
    }

    static int nestedLoops(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += triangle(i);
        }
        return s;
    }

    static int divide(int a, int b) {
        int before = square(a);
        return before + quotient(a, b);
    }

    static int load(int[] a, int i) {
        return element(a, i) + element(a, 0);
    }

    static int sideEffectThenTrap(int a, int b) {
        return countThenDivide(a, b) + counter;
    }

    static int explicitThrow(int x) {
        return checked(x) * 2;
    }

    static int narrowed(int x) {
        int s = isOdd(x) ? 1 : 0;
        s += low(x);
        s += code(x);
        record(x, s);
        return s + LOG[x & 3];
    }

    static int chain(int x) {
        return outer(x) + outer(x + 1);
    }

    static int neverReturns(int x) {
        if (x > 0) {
            return fail(true);
        }
        return fail(false) + x;
    }

    static int keepsAcrossGc(int x) {
        int[] kept = {x, x + 1};
        Object other = new int[]{7};
        int v = gcThenRead(kept);
        return v + kept[1] + ((int[]) other)[0];
    }

    static int recursive(int n) {
        return factorial(n) + factorial(n + 1);
    }

    static int handlerAfterInlinedCall(int a, int b) {
        int q = square(a);
        try {
            q += a / b;
        } catch (ArithmeticException e) {
            q -= 1;
        }
        return q;
    }

    private int field = 5;

    private int plus(int x) {
        return field + x;
    }

    final int times(int x) {
        return field * x;
    }

    int instanceCaller(int x) {
        return plus(x) + times(x) + this.plus(1);
    }

    /** Not initialized until {@link #sideEffectThenDeoptimize} runs: its code deoptimizes at the read of {@link #VALUE}. */
    static final class Late {
        static int VALUE = Integer.parseInt("42");
    }

    /** The same as {@link Late}, for the interpreter's run of the twin caller. */
    static final class LateTwin {
        static int VALUE = Integer.parseInt("42");
    }

    static int countThenReadLate(int x) {
        counter++;
        return Late.VALUE + x;
    }

    static int countThenReadLateTwin(int x) {
        counter++;
        return LateTwin.VALUE + x;
    }

    /**
     * The inlined callee deoptimizes after its side effect (its class is initialized by the
     * interpreter then) and returns normally in the interpreter: the caller's frame must continue
     * after the invoke, not call again.
     */
    static int sideEffectThenDeoptimize(int x) {
        return countThenReadLate(x) * 1000 + counter;
    }

    static int sideEffectThenDeoptimizeTwin(int x) {
        return countThenReadLateTwin(x) * 1000 + counter;
    }

    static final class Point {
        private final int x;

        Point(int x) {
            this.x = x;
        }

        int x() {
            return x;
        }
    }

    /** The receiver may be null: the inlined call checks it first, and the interpreter throws at the invoke. */
    static int getterOnParameter(Point p, int k) {
        return p.x() * k + 1;
    }

    /** The same inside a try range: the receiver check throws to the caller's handler. */
    static int getterInTry(Point p, int k) {
        try {
            return p.x() / k;
        } catch (NullPointerException e) {
            return -1 - counter;
        } catch (ArithmeticException e) {
            return -2;
        }
    }

    static int privateOnOther(InlineTargets t, int k) {
        return t.plus(k) - k;
    }

    static int onNewObject(int x) {
        InlineTargets t = new InlineTargets();
        t.field = x;
        return t.plus(2) + t.times(3);
    }

    /** Final fields: the inlined constructor's return freezes them (a StoreStore barrier on AArch64). */
    static final class Pair {
        final int a;
        final long b;

        Pair(int a, long b) {
            this.a = a;
            this.b = b;
        }
    }

    static long newPair(int x) {
        Pair p = new Pair(x, x * 3L);
        return p.a + p.b;
    }

    /** A constructor that throws: the interpreter's frames of the constructor above the caller's. */
    static final class Ratio {
        final int value;

        Ratio(int a, int b) {
            counter++;
            value = a / b;
        }
    }

    static int newRatio(int a, int b) {
        return new Ratio(a, b).value + counter;
    }

    /** A chain of constructors, each inlined: the subclass's, the superclass's, Object's. */
    static class Base {
        int base;

        Base(int b) {
            base = b;
            LOG[0] = b;
        }
    }

    static final class Derived extends Base {
        final int extra;

        Derived(int b, int e) {
            super(b * 2);
            extra = e;
        }
    }

    static int newDerived(int x) {
        Derived d = new Derived(x, x + 1);
        return d.base + d.extra;
    }

    /** Its objects are registered at Object.<init>'s return: inlined, that return's registration stays. */
    static final class Finalizable {
        int v;

        Finalizable(int v) {
            this.v = v;
        }

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
        }
    }

    static int newFinalizable(int x) {
        return new Finalizable(x).v + 1;
    }

    static class Shape {
        int area() {
            return 0;
        }
    }

    static final class Rect extends Shape implements java.util.function.IntUnaryOperator {
        final int w;
        final int h;

        Rect(int w, int h) {
            this.w = w;
            this.h = h;
        }

        @Override
        int area() {
            return w * h;
        }

        @Override
        public int applyAsInt(int x) {
            counter++;
            return x / w;
        }
    }

    /** Virtual and interface calls on objects of a known class: the class's own methods are inlined. */
    static int exactReceivers(int w, int h) {
        Shape s = new Rect(w, h);
        java.util.function.IntUnaryOperator op = new Rect(h, w);
        return s.area() + op.applyAsInt(w);
    }

    // Class-hierarchy analysis (InliningTest): each base class's method has one implementation until
    // the test loads the subclass that overrides it, by name (no signature or code here names one).

    static class Polygon {
        int sides() {
            return 4;
        }
    }

    static final class Quad extends Polygon {
    }

    static final class Triangle extends Polygon {
        @Override
        int sides() {
            return 3;
        }
    }

    /**
     * Both calls are inlined by class-hierarchy analysis; {@code later} may load {@link Triangle},
     * which breaks the assumption while this frame waits for it: HotSpot must deoptimize the frame,
     * so that the second call, in the interpreter, runs Triangle's method.
     */
    static int sidesTwice(Polygon p, java.util.function.Supplier<Polygon> later) {
        int a = p.sides();
        counter++;
        Polygon q = later.get();
        return a * 10 + q.sides();
    }

    static class Tally {
        int add(int x) {
            return x + 1;
        }
    }

    static final class LateTally extends Tally {
        @Override
        int add(int x) {
            return x + 2;
        }
    }

    static int tally(Tally t, int x) {
        return t.add(x);
    }

    // Inlined for the receiver classes a call's profile saw (InliningTest): Solid has several
    // implementations loaded, so class-hierarchy analysis answers nothing, and the test warms the calls
    // with some of them only.

    abstract static class Solid {
        abstract int volume(int k);
    }

    static class Cube extends Solid {
        final int e;

        Cube(int e) {
            this.e = e;
        }

        @Override
        int volume(int k) {
            counter++;
            return e * e * e + k;
        }
    }

    /** A subclass of a class the profile saw: the guard must not take it for its superclass. */
    static final class BigCube extends Cube {
        BigCube(int e) {
            super(e);
        }

        @Override
        int volume(int k) {
            LOG[1]++;
            return super.volume(k) * 2;
        }
    }

    static final class Slab extends Solid {
        final int w;
        final int h;

        Slab(int w, int h) {
            this.w = w;
            this.h = h;
        }

        @Override
        int volume(int k) {
            LOG[0]++;
            return w * h / k; // k == 0: ArithmeticException in inlined code
        }
    }

    static final class Rod extends Solid {
        @Override
        int volume(int k) {
            return -k;
        }
    }

    static int volumeOf(Solid s, int k) {
        return s.volume(k) + 1;
    }

    /** An interface call, the receivers lambdas (hidden classes). */
    static int twice(java.util.function.IntUnaryOperator f, int x) {
        return f.applyAsInt(f.applyAsInt(x)) - 1;
    }

    /** The value {@link #rareCallInLoop}'s rare branch tests for. */
    static final int RARE = 1_000_003;

    /**
     * A call the profile saw run once in many thousands of iterations (InliningTest): left a call, in
     * a cold block laid out after the loop; the values the loop carries are saved around the call there.
     */
    static long rareCallInLoop(int[] a, int n) {
        long s = 0;
        long t = 1;
        int u = 7;
        for (int i = 0; i < n; i++) {
            int x = a[i];
            s += x;
            t = t * 31 + (x ^ u);
            if (x == RARE) {
                u += rareStep(a, i, s, t);
            }
        }
        return s ^ t ^ u;
    }

    /** More than 35 bytes of bytecode, so a call that is not hot keeps it; reads past the array's end at its last element. */
    static int rareStep(int[] a, int i, long s, long t) {
        int next = a[i + 1];
        long mixed = (s * 17) ^ (t >>> 7) ^ next;
        for (int k = 0; k < (next & 3); k++) {
            mixed = mixed * 5 + k;
        }
        return (int) (mixed % 1009) + 3;
    }

    // Inlined at calls inside try ranges (InliningTest): the callee's exceptions deoptimize, and the
    // interpreter unwinds into the caller's handler. The twins are the oracle (reflection runs the
    // code installed for the others).

    static int guardedCallee(int[] a, int i, int d) {
        counter++;
        return a[i] / d;
    }

    static int guarded(int[] a, int i, int d) {
        try {
            return guardedCallee(a, i, d) + 1;
        } catch (ArithmeticException e) {
            return -1000 - counter;
        } catch (ArrayIndexOutOfBoundsException e) {
            return -2000 - counter;
        }
    }

    static int guardedCalleeTwin(int[] a, int i, int d) {
        counter++;
        return a[i] / d;
    }

    static int guardedTwin(int[] a, int i, int d) {
        try {
            return guardedCalleeTwin(a, i, d) + 1;
        } catch (ArithmeticException e) {
            return -1000 - counter;
        } catch (ArrayIndexOutOfBoundsException e) {
            return -2000 - counter;
        }
    }

    static int lengthOf(int[] a) {
        counter++;
        return a.length;
    }

    static int lengthOrMinus(int[] a) {
        try {
            return lengthOf(a);
        } catch (NullPointerException e) {
            return -1 - counter;
        }
    }

    static int lengthOfTwin(int[] a) {
        counter++;
        return a.length;
    }

    static int lengthOrMinusTwin(int[] a) {
        try {
            return lengthOfTwin(a);
        } catch (NullPointerException e) {
            return -1 - counter;
        }
    }

    // Inlined through method handles (MethodHandleInliningTest): invokeExact of constant handles,
    // whose lambda forms and targets the VM names once the handle is a constant, and invokedynamic.
    static final java.lang.invoke.MethodHandle PLUS_MH;
    static final java.lang.invoke.MethodHandle LENGTH_MH;
    static final java.lang.invoke.MethodHandle NEW_POINT_MH;
    static final java.lang.invoke.MethodHandle COUNTED_QUOTIENT_MH;
    static final java.lang.invoke.MethodHandle PRIVATE_TIMES_MH;
    static final java.lang.invoke.MethodHandle BOUND_PLUS_MH;
    static final java.lang.invoke.MethodHandle TO_STRING_MH;
    static final java.lang.invoke.MethodHandle CORNERS_MH;

    static {
        java.lang.invoke.MethodHandles.Lookup l = java.lang.invoke.MethodHandles.lookup();
        java.lang.invoke.MethodType intInt = java.lang.invoke.MethodType.methodType(int.class, int.class, int.class);
        try {
            PLUS_MH = l.findStatic(InlineTargets.class, "plusStatic", intInt);
            LENGTH_MH = l.findVirtual(String.class, "length", java.lang.invoke.MethodType.methodType(int.class));
            NEW_POINT_MH = l.findConstructor(Point.class, java.lang.invoke.MethodType.methodType(void.class, int.class));
            COUNTED_QUOTIENT_MH = l.findStatic(InlineTargets.class, "countedQuotient", intInt);
            PRIVATE_TIMES_MH = l.findVirtual(InlineTargets.class, "privateTimes", java.lang.invoke.MethodType.methodType(int.class, int.class));
            BOUND_PLUS_MH = java.lang.invoke.MethodHandles.insertArguments(PLUS_MH, 1, 40);
            TO_STRING_MH = l.findVirtual(Object.class, "toString", java.lang.invoke.MethodType.methodType(String.class));
            CORNERS_MH = l.findVirtual(Figure.class, "corners", java.lang.invoke.MethodType.methodType(int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static int plusStatic(int a, int b) {
        return a + b;
    }

    /** A side effect, then an implicit exception: inlined, the division deoptimizes inside the handle's frames. */
    static int countedQuotient(int a, int b) {
        counter++;
        return a / b;
    }

    private int privateTimes(int k) {
        return k * 7;
    }

    static int handleStatic(int x) throws Throwable {
        return (int) PLUS_MH.invokeExact(x, 3) * 2;
    }

    /** About 30 bytes of bytecode. */
    static int pad(int x) {
        int y = x * 31 + 7;
        y ^= y >>> 3;
        y += x << 2;
        return y ^ (y >>> 11);
    }

    /** The compile's inlining budget spent on 120 calls of {@link #pad}, then a constant handle's call. */
    static int handleAfterBudget(int x) throws Throwable {
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        return (int) PLUS_MH.invokeExact(x, 3) * 2;
    }

    /** linkToVirtual: a null receiver throws NullPointerException, from the handle's call. */
    static int handleVirtual(String s) throws Throwable {
        return (int) LENGTH_MH.invokeExact(s) + 1;
    }

    /** A constructor handle: the allocation and linkToSpecial of the constructor. */
    static int handleConstructor(int x) throws Throwable {
        Point p = (Point) NEW_POINT_MH.invokeExact(x);
        return p.x() - 1;
    }

    static int handleThrows(int a, int b) throws Throwable {
        int q = (int) COUNTED_QUOTIENT_MH.invokeExact(a, b);
        return q + counter * 100;
    }

    /** A private method through a handle: the receiver may be null. */
    static int handlePrivate(InlineTargets t, int k) throws Throwable {
        return (int) PRIVATE_TIMES_MH.invokeExact(t, k);
    }

    /** linkToVirtual of Object.toString: the receiver's class selects the method, as invokevirtual does. */
    static String handleDispatch(Object o) throws Throwable {
        return (String) TO_STRING_MH.invokeExact(o);
    }

    static class Figure {
        int corners() {
            return 0;
        }
    }

    static final class Square extends Figure {
        @Override
        int corners() {
            return 4;
        }
    }

    /** linkToVirtual of a method with an override loaded: only the receiver's class says which runs. */
    static int handleOverride(Figure f) throws Throwable {
        return (int) CORNERS_MH.invokeExact(f) * 10;
    }

    /** A bound handle: its lambda form reads the bound argument from the constant handle. */
    static int handleBound(int x) throws Throwable {
        return (int) BOUND_PLUS_MH.invokeExact(x);
    }

    /** invokedynamic of a lambda that captures nothing: its one instance is the call site's constant. */
    static int lambdaCall(int x) {
        java.util.function.IntUnaryOperator f = v -> v * 3 + 1;
        return f.applyAsInt(x);
    }

    static int capturingLambdaCall(int x, int y) {
        java.util.function.IntUnaryOperator f = v -> v / y;
        return f.applyAsInt(x) + counter;
    }

    /** A record: its equals and hashCode are invokedynamic of ObjectMethods, guarded by Class.isInstance. */
    record Entry(int key, String name) {
    }

    static int recordEquals(Entry e, Object o) {
        return e.equals(o) ? 1 : 0;
    }

    static int recordHash(Entry e) {
        return e.hashCode();
    }

    static String concatCall(int x, Object o) {
        return "x=" + x + "/" + o;
    }

    // Exceptions of inlined code caught in compiled code: by the callee's own handlers, and by the
    // caller's at a call inside a try range (an athrow, a call's exception, an implicit exception),
    // in the exception table's order, a callee's handlers before its caller's.

    static int throwsIfNegative(int x) {
        counter++;
        if (x < 0) {
            throw new IllegalStateException("negative");
        }
        return x * 2;
    }

    static int catchesInlinedThrow(int x) {
        try {
            return throwsIfNegative(x) + 1;
        } catch (IllegalStateException e) {
            return -1 - counter;
        }
    }

    /** Two levels, each adding a side effect; the caller's handler takes only one of the two types thrown. */
    static int passesOn(int x) {
        LOG[0]++;
        return throwsIfNegative(x) + 100 / (x & 7);
    }

    static int catchesTwoLevelsDown(int x) {
        try {
            return passesOn(x);
        } catch (ArithmeticException e) {
            return -1000 - counter - LOG[0];
        }
    }

    /** A callee with a handler of its own, for an implicit exception and for its callee's throw. */
    static int divideOr(int a, int b) {
        try {
            return throwsIfNegative(a) / b;
        } catch (ArithmeticException e) {
            return Integer.MIN_VALUE + counter;
        }
    }

    static int callsCalleeWithHandler(int a, int b) {
        return divideOr(a, b) + divideOr(b, a);
    }

    /** The callee's handler first: it takes ArithmeticException, the caller's both types. */
    static int calleeHandlerFirst(int a, int b) {
        try {
            return divideOr(a, b) + 1;
        } catch (ArithmeticException e) {
            return -1;
        } catch (RuntimeException e) {
            return -2 - counter;
        }
    }

    /**
     * A callee's finally (a catch-any handler that rethrows) runs before the caller's handler. (The
     * exceptions that leave a caller uncaught are explicit ones: a hot implicit exception may be the
     * VM's preallocated instance, without message, as under C2.)
     */
    static int countsInFinally(int x) {
        try {
            return throwsIfNegative(x) + 1;
        } finally {
            LOG[1]++;
        }
    }

    static int catchesAfterCalleesFinally(int x) {
        try {
            return countsInFinally(x);
        } catch (IllegalStateException e) {
            return -LOG[1] - counter;
        }
    }

    /** A call inside the inlined callee that is not inlined (too big): its exception reaches the caller's handler too. */
    static int bigThrower(int x) {
        int s = 0;
        for (int i = 0; i < 3; i++) {
            s += x * i + (x >>> i) + (x ^ i) + (x | i) + (x & i);
        }
        if (x == 7) {
            throw new UnsupportedOperationException("seven");
        }
        return s;
    }

    static int callsBigThrower(int x) {
        LOG[2]++;
        return bigThrower(x) + 1;
    }

    static int catchesFromACallInInlinedCode(int x) {
        try {
            return callsBigThrower(x);
        } catch (UnsupportedOperationException e) {
            return -LOG[2];
        }
    }

    // Locks in inlined code: a synchronized callee's own lock (its receiver's, its class's) and a
    // callee's synchronized block, at calls in and out of try ranges and inside a lock the caller
    // holds; exceptions leave the callees with their locks held. The callees record the locks held
    // inside them, the callers add those held after the call: code that left a monitor held, or
    // released another one, differs there (or fails HotSpot's own checks).

    static final Object GATE = new Object();

    /** Which of the monitors of these callers the current thread holds, as bits (GATE 1, the class 2, {@code receiver} 4). */
    static int held(Object receiver) {
        int bits = Thread.holdsLock(GATE) ? 1 : 0;
        if (Thread.holdsLock(InlineTargets.class)) {
            bits += 2;
        }
        if (receiver != null && Thread.holdsLock(receiver)) {
            bits += 4;
        }
        return bits;
    }

    synchronized int lockedPlus(int x) {
        counter++;
        LOG[0] = held(this);
        return x + 1;
    }

    static synchronized int lockedDivide(int a, int b) {
        counter++;
        LOG[1] = held(null);
        return a / b;
    }

    static int blockDivide(int a, int b) {
        synchronized (GATE) {
            counter++;
            LOG[2] = held(null);
            return a / b;
        }
    }

    static synchronized int lockedThrows(int x) {
        counter++;
        if (x < 0) {
            throw new IllegalStateException("negative");
        }
        return x * 2;
    }

    /** The callees' locks, no handler: a division by zero leaves the synchronized callee and the caller. */
    static int synchronizedCallees(int a, int b) {
        InlineTargets t = new InlineTargets();
        int r = t.lockedPlus(a) + lockedDivide(a, b);
        return r * 8 + held(t);
    }

    static int catchesFromSynchronized(int a, int b) {
        try {
            return lockedDivide(a, b) + held(null) * 1000;
        } catch (ArithmeticException e) {
            return -1 - counter - held(null) * 1000;
        }
    }

    static int catchesFromSynchronizedBlock(int a, int b) {
        try {
            return blockDivide(a, b) + held(null) * 1000;
        } catch (ArithmeticException e) {
            return -1 - counter - held(null) * 1000;
        }
    }

    static int catchesThrowThroughSynchronized(int x) {
        try {
            return lockedThrows(x) + held(null) * 1000;
        } catch (IllegalStateException e) {
            return -1 - counter - held(null) * 1000;
        }
    }

    static int divideViaSynchronized(int a, int b) {
        LOG[3]++;
        return lockedDivide(a, b) + 1;
    }

    /**
     * The division by zero leaves the synchronized callee (which releases its lock) and then its
     * caller, inlined too, whose caller's handler does not take it: the frame deoptimizes, and the
     * interpreter throws it on from the middle frame's invoke (re-executing the invoke would run the
     * callees again).
     */
    static int catchesOtherThanDivision(int a, int b) {
        try {
            return divideViaSynchronized(a, b) * 2;
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    static int throwsViaSynchronized(int x) {
        LOG[3]++;
        return lockedThrows(x) + 1;
    }

    /**
     * An explicit throw in the synchronized callee reaches its handler of last resort in compiled
     * code, which releases the lock and offers it to the outermost caller's handler, which does not
     * take it: it leaves the compiled frame.
     */
    static int catchesOtherThanIllegalState(int x) {
        try {
            return throwsViaSynchronized(x) * 2;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /**
     * The same in a synchronized caller, whose lock compiled code does not release as it leaves: the
     * frame deoptimizes, the interpreter to throw the exception on from the middle frame's invoke
     * (re-executing the invoke would run the callee again).
     */
    static synchronized int lockedCatchesOtherThanIllegalState(int x) {
        try {
            return throwsViaSynchronized(x) * 2 + held(null) * 1000;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** Inside the caller's own lock: the callees' locks in the slots after it, GATE taken again by the block. */
    static int nestedLocks(int a, int b) {
        InlineTargets t = new InlineTargets();
        synchronized (GATE) {
            try {
                return t.lockedPlus(a) + lockedDivide(a, b) + blockDivide(b, a) + held(t) * 1000;
            } catch (ArithmeticException e) {
                return -counter - held(t) * 1000;
            }
        }
    }

    /** A counter threads update through inlined synchronized code ({@link CompiledMonitorsTest}). */
    static final class Counter {
        final Object gate = new Object();
        int count;

        synchronized int add(int n) {
            count += n;
            return count;
        }

        int addInBlock(int n) {
            synchronized (this) {
                count += n;
                return count;
            }
        }

        synchronized int divide(int n) {
            count += 100 / n;
            return count;
        }
    }

    /** Divides under the counter's gate and the counter's own lock (an inlined synchronized method); a division by zero is caught outside both. */
    static int divideUnderGate(Counter c, int n) {
        synchronized (c.gate) {
            try {
                return c.divide(n);
            } catch (ArithmeticException e) {
                return -1;
            }
        }
    }

    /**
     * Adds 1 to {@code c}: for an even {@code i} under the counter's gate, through its synchronized
     * method (whose lock takes monitor slot 1), else through its synchronized block (slot 0).
     */
    static int contend(Counter c, int i) {
        if ((i & 1) == 0) {
            synchronized (c.gate) {
                return c.add(1);
            }
        }
        return c.addInBlock(1);
    }
}
