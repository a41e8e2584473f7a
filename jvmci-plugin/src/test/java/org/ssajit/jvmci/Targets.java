package org.ssajit.jvmci;

/**
 * Java methods whose code the tests replace with hand-assembled machine code. The tests run with
 * {@code -XX:CompileCommand=dontinline,org.ssajit.jvmci.Targets::*} so callers compiled by C1/C2 call
 * them instead of inlining their bytecode. Each method serves one test: installed code stays until it
 * is invalidated. {@link Reference} holds twins that are never replaced, to compute expected results.
 */
public final class Targets {
    private Targets() {
    }

    /** Replaced by code returning {@code x + 1000}: proves that calls really enter installed code. */
    public static int marker(int x) {
        return x;
    }

    public static int add1(int x) {
        return x + 1;
    }

    /** Installed the way a broker compile would be (through a compilation request). */
    public static int twice(int x) {
        return x + x;
    }

    /** A flag another thread sets; volatile, so every compiled form of a loop re-reads it. */
    public static final class Gate {
        public volatile int open;
    }

    /** Spins until the gate opens; {@code out[0]} = iterations, {@code out[1]} = sum of 0..iterations-1. */
    public static void spin(Gate gate, long[] out) {
        long i = 0;
        long s = 0;
        while (gate.open == 0) {
            s += i;
            i++;
        }
        out[0] = i;
        out[1] = s;
    }

    /** The same bytecode as {@link #spin}: a second copy for the test that invalidates its code. */
    public static void spinDeopt(Gate gate, long[] out) {
        long i = 0;
        long s = 0;
        while (gate.open == 0) {
            s += i;
            i++;
        }
        out[0] = i;
        out[1] = s;
    }

    /** Deoptimized at bci 0. */
    public static long mixAtEntry(int a, long b, Object o) {
        int c = a * 3;
        long d = b - c;
        return d * 7 + c + o.hashCode();
    }

    /** Deoptimized at its {@code lmul}, with {@code d} and the constant 7 on the operand stack. */
    public static long mixAtMul(int a, long b, Object o) {
        int c = a * 3;
        long d = b - c;
        return d * 7 + c + o.hashCode();
    }

    /** Deoptimized at its {@code invokevirtual}, with a long and a reference on the operand stack. */
    public static long mixAtCall(int a, long b, Object o) {
        int c = a * 3;
        long d = b - c;
        return d * 7 + c + o.hashCode();
    }

    /** Division in compiled code; division by zero deoptimizes so the interpreter throws. */
    public static int div(int a, int b) {
        return a / b;
    }

    /** Like {@link #div}, but the trap invalidates the code (InvalidateRecompile). */
    public static int divInvalidating(int a, int b) {
        return a / b;
    }

    /** Replaced by code that calls a VM stub throwing StackOverflowError at the invoke: caught here. */
    public static int guarded(int x) {
        try {
            return callee(x);
        } catch (StackOverflowError e) {
            return -x;
        }
    }

    public static int callee(int x) {
        return x;
    }

    /** An instance method: the installer must refuse code without an inline-cache check for it. */
    public int identity(int x) {
        return x;
    }

    /** Never replaced: the expected results. */
    public static final class Reference {
        private Reference() {
        }

        public static long mix(int a, long b, Object o) {
            int c = a * 3;
            long d = b - c;
            return d * 7 + c + o.hashCode();
        }
    }
}
