package org.ssajit.jvmci;

/**
 * Methods whose objects escape analysis replaces, or must not ({@link EscapeAnalysisTest}). Their
 * constructors are small and inlined; each method returns what it read from its objects.
 */
final class EscapeTargets {
    private EscapeTargets() {
    }

    static Object sink;
    static int counter;

    static final class Point {
        int x;
        int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    /** Every primitive kind and a reference, for the values a deoptimization writes back. */
    static final class Mixed {
        boolean z;
        byte b;
        short s;
        char c;
        int i;
        long l;
        float f;
        double d;
        Object o;
    }

    /** Public, for a generated class's {@code putfield}s of ints that are not narrowed first ({@link EscapeAnalysisTest}). */
    public static final class Narrow {
        public boolean z;
        public byte b;
        public short s;
        public char c;

        public Narrow() {
        }
    }

    static final class Holder {
        Object value;
        volatile int seen;
    }

    // Replaced: the object is only read and written.

    static int sum(int a, int b) {
        Point p = new Point(a, b);
        return p.x + p.y;
    }

    static int branches(int a) {
        Point p = new Point(0, 0);
        if (a > 0) {
            p.x = a;
        } else {
            p.y = -a;
        }
        return p.x * 31 + p.y;
    }

    /** Fields written in a loop: phis at the loop's header. */
    static int loop(int n) {
        Point acc = new Point(0, 1);
        for (int i = 0; i < n; i++) {
            acc.x += i;
            if ((i & 3) == 0) {
                acc.y *= 3;
            }
        }
        return acc.x * 7 + acc.y;
    }

    /** Unwritten fields read their defaults. */
    static long defaults(int a) {
        Mixed m = new Mixed();
        m.i = a;
        return m.i + m.l + (m.z ? 1 : 0) + m.b + m.s + m.c + (long) m.f + (long) m.d + (m.o == null ? 100 : 200);
    }

    static long mixed(int a, long l, double d, String s) {
        Mixed m = new Mixed();
        m.z = a > 0;
        m.b = (byte) a;
        m.s = (short) a;
        m.c = (char) a;
        m.i = a;
        m.l = l;
        m.f = (float) d;
        m.d = d;
        m.o = s;
        return (m.z ? 1 : 0) + m.b * 3L + m.s * 5L + m.c * 7L + m.i * 11L + m.l * 13 + Float.floatToRawIntBits(m.f) + Double.doubleToRawLongBits(m.d)
                        + (m.o == null ? -1 : ((String) m.o).length());
    }

    /** A division in a try range: the object's reads lose their exception edges, the division keeps its. */
    static int inTry(int a, int b) {
        try {
            Point p = new Point(a, b);
            return p.x / p.y;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /**
     * The point's allocation, reads and writes (its constructor's too) have exception edges to the
     * handler: they lose them. The handler's own point is left out as well.
     */
    static int handlerOnlyTheObjectReaches(int a) {
        try {
            Point p = new Point(a, 1);
            p.y += p.x;
            return p.x + p.y;
        } catch (Throwable t) {
            Point q = new Point(-1, a);
            return q.x + q.y;
        }
    }

    /**
     * One object's fields written from the other's: a value written is a read the analysis replaces;
     * the array store's state, after the reads are gone, names both objects.
     */
    static int fieldsCopiedBetweenObjects(int[] array, int i) {
        Point p = new Point(i, i + 1);
        Point q = new Point(0, 0);
        q.y = p.x;
        q.x = p.y * 2;
        array[i] = q.y;
        return q.x + q.y + p.x + p.y;
    }

    /** An exception thrown while the object is live: its frame state names it. */
    static int throwsWhileLive(int[] array, int i) {
        Point p = new Point(i, 3);
        p.y = array[p.x];
        return p.x + p.y;
    }

    // Not replaced: the object escapes, or a field is volatile.

    static int escapesToStatic(int a) {
        Point p = new Point(a, a);
        sink = p;
        p.x++;
        return ((Point) sink).x;
    }

    static Object escapesByReturn(int a) {
        return new Point(a, a);
    }

    static int escapesThroughPhi(int a) {
        Point p = a > 0 ? new Point(a, 1) : new Point(1, a);
        return p.x + p.y;
    }

    static int escapesByComparison(int a) {
        Point p = new Point(a, a);
        Point q = new Point(a, a);
        return p == q ? 1 : p.x;
    }

    static int escapesIntoAnother(int a) {
        Holder h = new Holder();
        h.value = new Point(a, 2);
        return ((Point) h.value).x;
    }

    static int volatileField(int a) {
        Holder h = new Holder();
        h.seen = a;
        return h.seen + 1;
    }

    // Replaced, its locks eliminated: no other thread can lock it.

    static int locked(int a) {
        Point p = new Point(a, 1);
        synchronized (p) {
            p.x++;
        }
        return p.x;
    }

    static final class Counter {
        int n;

        synchronized void add(int k) {
            n += k;
        }
    }

    /** A synchronized method inlined on the object; nested in a lock of its own. */
    static int lockedMethod(int a) {
        Counter c = new Counter();
        synchronized (c) {
            c.add(a);
            c.add(a >> 3);
        }
        return c.n;
    }

    // Deoptimization with unallocated objects in the state.

    /** Not initialized until {@link #deoptimizes} runs: the compiled code deoptimizes at the read. */
    static final class Late {
        static int VALUE = Integer.parseInt("5");
    }

    static final class LateTwin {
        static int VALUE = Integer.parseInt("5");
    }

    /** The object's fields when the code deoptimizes are the interpreter's object's. */
    static long deoptimizes(int a, String s) {
        Mixed m = new Mixed();
        m.z = a > 0;
        m.b = (byte) a;
        m.s = (short) (a * 3);
        m.c = (char) a;
        m.i = a * 5;
        m.l = a * 7L;
        m.f = a / 3f;
        m.d = a / 7.0;
        m.o = s;
        m.i += Late.VALUE;
        return (m.z ? 1 : 0) + m.b * 3L + m.s * 5L + m.c * 7L + m.i * 11L + m.l * 13 + Float.floatToRawIntBits(m.f) + Double.doubleToRawLongBits(m.d)
                        + (m.o == null ? -1 : ((String) m.o).length());
    }

    static long deoptimizesTwin(int a, String s) {
        Mixed m = new Mixed();
        m.z = a > 0;
        m.b = (byte) a;
        m.s = (short) (a * 3);
        m.c = (char) a;
        m.i = a * 5;
        m.l = a * 7L;
        m.f = a / 3f;
        m.d = a / 7.0;
        m.o = s;
        m.i += LateTwin.VALUE;
        return (m.z ? 1 : 0) + m.b * 3L + m.s * 5L + m.c * 7L + m.i * 11L + m.l * 13 + Float.floatToRawIntBits(m.f) + Double.doubleToRawLongBits(m.d)
                        + (m.o == null ? -1 : ((String) m.o).length());
    }

    static final class Late4 {
        static int VALUE = Integer.parseInt("4");
    }

    static final class Late4Twin {
        static int VALUE = Integer.parseInt("4");
    }

    /** Constants in every small field when the code deoptimizes (HotSpot takes int constants only). */
    static long deoptimizesWithConstants(int a) {
        Mixed m = new Mixed();
        m.z = true;
        m.b = -3;
        m.s = 300;
        m.c = 'x';
        m.f = 1.5f;
        m.l = -2;
        m.i = a + Late4.VALUE;
        return (m.z ? 1 : 0) + m.b * 3L + m.s * 5L + m.c * 7L + m.i * 11L + m.l * 13 + Float.floatToRawIntBits(m.f) + Double.doubleToRawLongBits(m.d);
    }

    static long deoptimizesWithConstantsTwin(int a) {
        Mixed m = new Mixed();
        m.z = true;
        m.b = -3;
        m.s = 300;
        m.c = 'x';
        m.f = 1.5f;
        m.l = -2;
        m.i = a + Late4Twin.VALUE;
        return (m.z ? 1 : 0) + m.b * 3L + m.s * 5L + m.c * 7L + m.i * 11L + m.l * 13 + Float.floatToRawIntBits(m.f) + Double.doubleToRawLongBits(m.d);
    }

    static final class Late2 {
        static int VALUE = Integer.parseInt("9");
    }

    static final class Late2Twin {
        static int VALUE = Integer.parseInt("9");
    }

    static int readLate2(Point p) {
        return Late2.VALUE + p.y;
    }

    static int readLate2Twin(Point p) {
        return Late2Twin.VALUE + p.y;
    }

    /** The deoptimization is inside an inlined callee: the object is in its frame and in the caller's. */
    static int deoptimizesInCallee(int a) {
        Point p = new Point(a, a + 1);
        p.x = p.x * 2 + readLate2(p);
        return p.x * 100 + p.y;
    }

    static int deoptimizesInCalleeTwin(int a) {
        Point p = new Point(a, a + 1);
        p.x = p.x * 2 + readLate2Twin(p);
        return p.x * 100 + p.y;
    }

    static final class Late3 {
        static int VALUE = Integer.parseInt("3");
    }

    static final class Late3Twin {
        static int VALUE = Integer.parseInt("3");
    }

    /**
     * The code deoptimizes inside the object's lock: the interpreter must hold it (HotSpot locks the
     * object it allocates), else its {@code monitorexit} throws IllegalMonitorStateException.
     */
    static int deoptimizesInsideLock(int a) {
        Point p = new Point(a, 1);
        synchronized (p) {
            p.x += Late3.VALUE;
            p.y++;
        }
        return p.x * 10 + p.y;
    }

    static int deoptimizesInsideLockTwin(int a) {
        Point p = new Point(a, 1);
        synchronized (p) {
            p.x += Late3Twin.VALUE;
            p.y++;
        }
        return p.x * 10 + p.y;
    }

    /** Set by the test: the code {@link #invalidatedDuringCall} runs in, which its callee invalidates. */
    static jdk.vm.ci.code.InstalledCode running;

    /** A call that is not inlined (an interface call without a profile) while the object lives. */
    static int invalidatedDuringCall(int a, Runnable r) {
        Point p = new Point(a, a * 3);
        p.y++;
        r.run();
        return p.x * 1000 + p.y;
    }
}
