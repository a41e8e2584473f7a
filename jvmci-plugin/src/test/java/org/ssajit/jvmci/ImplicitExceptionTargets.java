package org.ssajit.jvmci;

/**
 * Implicit exceptions caught by a handler of the same method (ImplicitThrows): null dereferences,
 * division by zero, failed casts and array stores inside try ranges. Each handler reports what it
 * caught with {@link #describe}: class, message (NullPointerException's helpful message is computed
 * from the bytecode at the top frame's bci) and the top frame's method and line, so an exception
 * created with the wrong bci, class or message shows. Kept off HotSpot's compilers by the test JVM's
 * flags (the callees run interpreted).
 */
final class ImplicitExceptionTargets {
    private ImplicitExceptionTargets() {
    }

    static final class Node {
        int value;
        long wide;
        Node next;
        Object ref;

        Node(int value, Node next) {
            this.value = value;
            this.wide = value * 3L;
            this.next = next;
            this.ref = value % 2 == 0 ? "even" : Integer.valueOf(value);
        }

        @Override
        public String toString() {
            return "Node(" + value + ")";
        }
    }

    static final Object LOCK = new Object();
    static int counter;

    /** What a handler caught: class, message, top frame. */
    static String describe(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        String top = trace.length == 0 ? "no frames" : trace[0].getMethodName() + ":" + trace[0].getLineNumber();
        return t.getClass().getName() + ": " + t.getMessage() + " at " + top;
    }

    static String nullField(Node n) {
        int v;
        try {
            v = n.value;
        } catch (NullPointerException e) {
            return describe(e);
        }
        return "value " + v;
    }

    static String nullChain(Node n) {
        long w;
        try {
            w = n.next.next.wide;
        } catch (NullPointerException e) {
            return describe(e);
        }
        return "wide " + w;
    }

    static String nullStore(Node n, int v) {
        try {
            n.value = v;
            n.ref = n.next;
        } catch (RuntimeException e) {
            return describe(e);
        }
        return "stored";
    }

    static String nullArray(int[] a, int i) {
        int v;
        try {
            v = a.length + a[i];
        } catch (NullPointerException e) {
            return "null: " + describe(e);
        } catch (ArrayIndexOutOfBoundsException e) {
            return "bounds: " + describe(e);
        }
        return "sum " + v;
    }

    static String divide(int x, int y) {
        int q;
        try {
            q = x / y;
        } catch (ArithmeticException e) {
            return describe(e);
        }
        return "q " + q;
    }

    static String remainders(int x, long y) {
        long r;
        try {
            r = x % (int) y + (y % x) + x / y;
        } catch (ArithmeticException e) {
            return describe(e);
        }
        return "r " + r;
    }

    static String cast(Object o) {
        try {
            String s = (String) o;
            return "string " + (s == null ? "null" : s.length());
        } catch (ClassCastException e) {
            return describe(e);
        }
    }

    static String castToInterfaceAndArray(Object o) {
        int k = 0;
        try {
            CharSequence cs = (CharSequence) o;
            k += cs == null ? 1 : 2;
            Object[] arr = (Object[]) o;
            k += arr == null ? 10 : 20;
        } catch (ClassCastException e) {
            return k + " " + describe(e);
        }
        return "k " + k;
    }

    static String arrayStore(Object[] a, Object v) {
        try {
            a[0] = v;
        } catch (ArrayStoreException e) {
            return "store: " + describe(e);
        } catch (NullPointerException e) {
            return "null: " + describe(e);
        } catch (ArrayIndexOutOfBoundsException e) {
            return "bounds: " + describe(e);
        }
        return "stored " + (a[0] == v);
    }

    /** The message formatted by the stub: negative indexes, MIN_VALUE, MAX_VALUE, zero lengths. */
    static String bounds(int[] a, int i) {
        int v;
        try {
            v = a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return describe(e);
        }
        return "v " + v;
    }

    /** Only out-of-bounds is caught: a null array's NullPointerException is not (it must not take the bounds check's path). */
    static String boundsNotNull(long[] a, int i) {
        long v;
        try {
            v = a[i] + a[i / 2];
        } catch (ArrayIndexOutOfBoundsException e) {
            return describe(e);
        }
        return "v " + v;
    }

    static String boundsStore(Object[] a, int i, Object v) {
        try {
            a[i] = v;
        } catch (IndexOutOfBoundsException e) {
            return describe(e);
        } catch (ArrayStoreException e) {
            return "store: " + describe(e);
        }
        return "stored";
    }

    static String negativeSize(int n) {
        try {
            return "length " + new int[n].length;
        } catch (NegativeArraySizeException e) {
            return describe(e);
        }
    }

    static String negativeObjectArraySize(int n) {
        Object[] a;
        try {
            a = new String[n];
        } catch (RuntimeException e) {
            return describe(e);
        }
        return "length " + a.length;
    }

    /** The first handler does not take it (type test fails), the second does. */
    static String handlerOrder(Node n, int d) {
        try {
            return "v " + (n.value / d);
        } catch (ArithmeticException e) {
            return "arith: " + describe(e);
        } catch (RuntimeException e) {
            return "runtime: " + describe(e);
        }
    }

    /** Values changed in the loop reach the handler through its phis; many exceptions, one frame. */
    static long inLoop(Node n, int d) {
        long s = 0;
        int caught = 0;
        Node p = n;
        for (int i = 0; i < 40; i++) {
            try {
                s += p.value / (d + i % 3 - 1);
                p = p.next;
            } catch (NullPointerException e) {
                caught += 1;
                p = n;
            } catch (ArithmeticException e) {
                caught += 100;
                s ^= i;
            }
        }
        return s * 1000 + caught;
    }

    /** A finally (catch-any) around the access: the handler runs, then rethrows to the caller. */
    static int withFinally(Node n) {
        counter = 0;
        try {
            return n.value;
        } finally {
            counter++;
        }
    }

    /** Nested ranges: the inner handler does not catch NullPointerException, the outer one does. */
    static String nested(Object o, Node n) {
        try {
            try {
                return ((String) o).length() + n.value + "";
            } catch (ClassCastException e) {
                return "inner: " + describe(e);
            }
        } catch (NullPointerException e) {
            return "outer: " + describe(e);
        }
    }

    /** Thrown inside a synchronized block: the block's catch-any releases the lock, the outer handler catches. */
    static String synchronizedBlock(Node n) {
        try {
            synchronized (LOCK) {
                return "locked " + n.value + " " + Thread.holdsLock(LOCK);
            }
        } catch (NullPointerException e) {
            return describe(e) + " held " + Thread.holdsLock(LOCK);
        }
    }

    /** The caught exception is the result: its identity does not matter, its stack trace does. */
    static String stackTrace(Node n) {
        try {
            return "v " + n.next.value;
        } catch (NullPointerException e) {
            StringBuilder sb = new StringBuilder();
            for (StackTraceElement el : e.getStackTrace()) {
                if (el.getClassName().equals(ImplicitExceptionTargets.class.getName())) {
                    sb.append(el.getMethodName()).append(':').append(el.getLineNumber()).append(' ');
                }
            }
            return sb.toString();
        }
    }

    /**
     * A throwing bytecode right before the try range, in the same block as the range's first throwing
     * bytecode (a range's start need not begin a block): its NullPointerException is not caught here.
     */
    static String nullBeforeRange(Node n, int d) {
        int a = n.value;
        try {
            a = a / d;
        } catch (RuntimeException e) {
            return describe(e);
        }
        return "a " + a;
    }

    /** The same with monitorenter: a null lock is not caught by the synchronized block's own handler (which would unlock). */
    static String lockedDivide(Object o, int d) {
        synchronized (o) {
            try {
                return "q " + (10 / d);
            } catch (ArithmeticException e) {
                return describe(e);
            }
        }
    }

    /**
     * The handler of a caught NullPointerException reads the same null reference again (outside any try
     * range: the second one escapes). The first check's block dominates the handler, yet the handler is
     * where the null arrives: its read must be checked (found by ssajit fuzz, seed 194, as a SIGSEGV).
     */
    static String handlerReadsTheNullAgain(Node n) {
        try {
            return "value " + n.value;
        } catch (NullPointerException e) {
            return "again " + n.value;
        }
    }

    /**
     * The handler of a caught ClassCastException casts the same object again, to a supertype of the
     * first cast's type (outside the try range: its exception escapes). The first cast's block
     * dominates the handler, yet the handler is where the failed cast arrives: its cast must be tested.
     */
    static String handlerCastsAgain(Object o) {
        String s;
        try {
            s = (String) o; // the range's only throwing bytecode: its block is the handler's one predecessor
        } catch (ClassCastException e) {
            return "again " + ((CharSequence) o).length();
        }
        return "string " + (s == null ? "null" : s.length());
    }

    /** The same for a bounds check: the handler of the failed index reads the same element again. */
    static String handlerIndexesAgain(int[] a, int i) {
        int v;
        try {
            v = a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return "again " + a[i];
        }
        return "value " + v;
    }

    /** The same with a finally block around a synchronized region, as the generated program had it. */
    static String finallyReadsTheNullAgain(Node n, int d) {
        int r = 0;
        synchronized (LOCK) {
            try {
                r = n.value / d;
            } finally {
                r += n.next == null ? 1 : 2;
            }
        }
        return "r " + r;
    }

    // Never called: their profiles have not seen an exception (unseenCaughtChecksAskForARecompile).

    static int unseenNull(Node n) {
        try {
            return n.value;
        } catch (NullPointerException e) {
            return -1;
        }
    }

    static int unseenDivide(int x, int y) {
        try {
            return x / y;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    static int unseenCast(Object o) {
        try {
            return ((String) o).length();
        } catch (ClassCastException e) {
            return -1;
        }
    }

    static int unseenBounds(int[] a, int i) {
        try {
            return a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    static int unseenNegativeSize(int n) {
        try {
            return new byte[n].length;
        } catch (NegativeArraySizeException e) {
            return -1;
        }
    }

    // Hot throws (ImplicitExceptions=preallocated): each returns the exception its handler caught, or null.

    static Throwable hotNull(Node n) {
        try {
            counter += n.value;
        } catch (NullPointerException e) {
            return e;
        }
        return null;
    }

    static Throwable hotDivide(int x, int y) {
        try {
            counter += x / y;
        } catch (ArithmeticException e) {
            return e;
        }
        return null;
    }

    static Throwable hotBounds(int[] a, int i) {
        try {
            counter += a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return e;
        }
        return null;
    }

    static Throwable hotCast(Object o) {
        try {
            String s = (String) o;
            counter += s == null ? 0 : 1;
        } catch (ClassCastException e) {
            return e;
        }
        return null;
    }

    static Throwable hotStore(Object[] a, Object v) {
        try {
            a[0] = v;
        } catch (ArrayStoreException e) {
            return e;
        }
        return null;
    }

    static Throwable hotNegativeSize(int n) {
        try {
            counter += new int[n].length;
        } catch (NegativeArraySizeException e) {
            return e;
        }
        return null;
    }

    /** A call's null receiver caught around the call (the call's own null check throws to the handler). */
    static String receiverNull(Object o) {
        boolean same;
        try {
            same = o.equals(o);
        } catch (NullPointerException e) {
            return describe(e);
        }
        return "equals itself: " + same;
    }

    /** An interface call's null receiver, with a handler for another exception first. */
    static String interfaceReceiverNull(Object o) {
        CharSequence cs = o instanceof CharSequence c ? c : null;
        try {
            return "length " + cs.length();
        } catch (IllegalStateException e) {
            return "wrong handler";
        } catch (RuntimeException e) {
            return describe(e);
        }
    }

    static Throwable hotReceiver(Object o) {
        try {
            counter += o.hashCode() & 1;
        } catch (NullPointerException e) {
            return e;
        }
        return null;
    }
}
