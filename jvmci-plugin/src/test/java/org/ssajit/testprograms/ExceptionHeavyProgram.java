package org.ssajit.testprograms;

/**
 * Implicit exceptions caught in the method that throws them, hundreds of thousands of times: a null
 * dereference, a division by zero and a call on a null receiver, each in a try range of its own
 * method, starting only after the methods are compiled. Under ssajit the first code deoptimizes on them (the profile has not seen
 * them), HotSpot recompiles after a few traps, and from then on the exceptions are created and caught
 * in compiled code.
 */
public final class ExceptionHeavyProgram {
    private ExceptionHeavyProgram() {
    }

    static final class Node {
        final int value;

        Node(int value) {
            this.value = value;
        }
    }

    static int read(Node n) {
        try {
            return n.value;
        } catch (NullPointerException e) {
            return e.getMessage().length();
        }
    }

    static int divide(int x, int y) {
        try {
            return x / y;
        } catch (ArithmeticException e) {
            return -e.getMessage().length();
        }
    }

    /** A virtual call: its receiver's null check comes before the call (no implicit check in a call). */
    static int hash(Object o) {
        try {
            return o.hashCode() & 0xFF;
        } catch (NullPointerException e) {
            return e.getMessage().length();
        }
    }

    public static void main(String[] args) {
        // First no exceptions (the methods are compiled meanwhile), then many.
        Node[] nodes = {new Node(1), new Node(2), new Node(3), new Node(4)};
        Object[] things = {"text", 42, 'c', 7L};
        long s = 0;
        for (int i = 0; i < 300_000; i++) {
            if (i == 100_000) {
                nodes[1] = null;
                nodes[3] = null;
                things[2] = null;
            }
            s += read(nodes[i & 3]);
            s += divide(i, i < 100_000 ? 1 + i % 5 : i % 5);
            s += hash(things[i & 3]);
        }
        System.out.println("sum=" + s);
    }
}
