package org.ssajit.testprograms;

/**
 * Hot implicit exceptions caught in the method that throws them, as {@link ExceptionHeavyProgram}, but
 * with handlers that read neither message nor stack trace for the result: a null dereference, a
 * division by zero, an index out of bounds and a call on a null receiver, 75,000 to 100,000 times each
 * after the methods are compiled.
 * Prints the sum (the same in every mode) and, apart, how many of the caught exceptions had no stack
 * trace: the preallocated instances that C2's hot throws use when the VM omits their stack traces
 * ({@code -XX:+OmitStackTraceInFastThrow}, the default); the interpreter's all have one.
 */
public final class HotThrowProgram {
    private HotThrowProgram() {
    }

    static final class Node {
        final int value;

        Node(int value) {
            this.value = value;
        }
    }

    static int traceless;
    static int tracelessWithMessage;

    static void note(Throwable e) {
        if (e.getStackTrace().length == 0) {
            traceless++;
            if (e.getMessage() != null) {
                tracelessWithMessage++;
            }
        }
    }

    static int read(Node n) {
        try {
            return n.value;
        } catch (NullPointerException e) {
            note(e);
            return -1;
        }
    }

    static int divide(int x, int y) {
        try {
            return x / y;
        } catch (ArithmeticException e) {
            note(e);
            return -2;
        }
    }

    static int index(int[] a, int i) {
        try {
            return a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            note(e);
            return -3;
        }
    }

    /** {@code early}: exceptions from the first iteration on, so the profile has seen them before any tier-4 compile. */
    static int hash(Object o) {
        try {
            return o.hashCode() & 0xFF;
        } catch (NullPointerException e) {
            note(e);
            return -4;
        }
    }

    public static void main(String[] args) {
        // First no exceptions (the methods are compiled meanwhile), then many; or many from the start.
        int start = args.length > 0 && args[0].equals("early") ? 0 : 100_000;
        Node[] nodes = {new Node(1), new Node(2), new Node(3), new Node(4)};
        int[] values = {5, 6, 7, 8};
        Object[] things = {"text", 42, 'c', 7L};
        long s = 0;
        for (int i = 0; i < 400_000; i++) {
            if (i == start) {
                nodes[1] = null;
                values = new int[3];
                things[2] = null;
            }
            s += read(nodes[i & 3]);
            s += divide(i, i < start ? 1 + i % 5 : i % 4);
            s += index(values, i & 3);
            s += hash(things[i & 3]);
        }
        System.out.println("sum=" + s);
        System.out.println("traceless=" + traceless + " with a message: " + tracelessWithMessage);
    }
}
