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

    static int bounds;
    static int boundsTraceless;

    /**
     * Two kinds in one method ({@code mixed}): the division fails every other call, the index one
     * call in a hundred, so that the division's checks trap and recompile the method before the
     * index's have trapped, while the profile has seen both.
     */
    static int both(int[] a, int i, int d) {
        int r = 0;
        try {
            r += 1000 / d;
        } catch (ArithmeticException e) {
            note(e);
            r -= 2;
        }
        try {
            r += a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            bounds++;
            boundsTraceless += e.getStackTrace().length == 0 ? 1 : 0;
            r -= 3;
        }
        return r;
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("mixed")) {
            int[] values = {5, 6, 7, 8};
            long s = 0;
            for (int i = 0; i < 400_000; i++) {
                s += both(values, i % 100 == 0 ? 4 : i & 3, (i & 1) == 0 ? 0 : 1 + i % 5);
            }
            System.out.println("sum=" + s);
            System.out.println("bounds: " + boundsTraceless + " of " + bounds + " traceless");
            return;
        }
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
