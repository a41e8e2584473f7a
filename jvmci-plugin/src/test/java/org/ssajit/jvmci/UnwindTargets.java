package org.ssajit.jvmci;

/**
 * Exceptions that leave compiled frames (ExceptionUnwindingTest): thrown by an {@code athrow} or by a
 * callee, through frames without handlers, past handlers that do not match, out of a synchronized
 * method, through recursion and interface calls. HotSpot's compilers are kept off this class (the
 * module's surefire flags), so its methods run in the interpreter or as ssajit's code.
 */
final class UnwindTargets {
    /** Counts the calls of {@link #thrower} and the code run after calls that returned. */
    static int effects;

    private UnwindTargets() {
    }

    static final class Checked extends Exception {
        private static final long serialVersionUID = 1L;

        Checked(String message) {
            super(message);
        }
    }

    /** An athrow of a new exception for k = 0, 1, 2 (runtime, error, checked), else a value. */
    static int thrower(int k) throws Checked {
        effects++;
        if (k == 0) {
            throw new IllegalStateException("zero");
        }
        if (k == 1) {
            throw new AssertionError("one");
        }
        if (k == 2) {
            throw new Checked("two");
        }
        return k * 2;
    }

    /** No handler: the callee's exception passes through. */
    static int through(int k) throws Checked {
        int r = thrower(k);
        effects += 10;
        return r + 1;
    }

    /** Six calls without handlers (more than the exception entry compares one by one): each may throw. */
    static int sixCalls(int k) throws Checked {
        int s = thrower(k);
        s += thrower(k - 1);
        s += thrower(k - 2);
        s += thrower(k - 3);
        s += thrower(k - 4);
        s += thrower(k - 5);
        effects += 100;
        return s;
    }

    /** An athrow of a parameter: null throws a NullPointerException (the interpreter's). */
    static int throwIt(RuntimeException e, int k) {
        effects++;
        if (k > 0) {
            throw e;
        }
        return k;
    }

    /** A handler that matches only some: the others leave the frame after the dispatch tried it. */
    static int catchesSome(int k) throws Checked {
        try {
            return through(k);
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    /** Caught two compiled frames below where it was thrown, whatever it is. */
    static int catchesAll(int k) {
        try {
            return sixCalls(k) + catchesSome(k + 1);
        } catch (Checked | RuntimeException | Error e) {
            return -100 - e.getMessage().length();
        }
    }

    /** Synchronized: the exception must leave with the class's lock released. */
    static synchronized int locked(int k) throws Checked {
        return through(k) + (Thread.holdsLock(UnwindTargets.class) ? 1000 : 0);
    }

    /** A synchronized block: javac's handler releases the lock and throws again. */
    static int lockedBlock(int k) throws Checked {
        synchronized (UnwindTargets.class) {
            return through(k) + 1;
        }
    }

    /** {@code n} frames of this method between the throw and the caller. */
    static int deep(int n, int k) throws Checked {
        if (n == 0) {
            return thrower(k);
        }
        return deep(n - 1, k) + 1;
    }

    interface Op {
        int apply(int k) throws Checked;
    }

    static final class Thrower implements Op {
        @Override
        public int apply(int k) throws Checked {
            return through(k);
        }
    }

    static final class Doubler implements Op {
        @Override
        public int apply(int k) {
            return 2 * k;
        }
    }

    /** An interface call whose callee throws (or a null receiver: the call's NullPointerException). */
    static int viaInterface(Op op, int k) throws Checked {
        int r = op.apply(k);
        effects += 1000;
        return r;
    }
}
