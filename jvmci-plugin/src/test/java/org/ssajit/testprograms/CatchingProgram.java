package org.ssajit.testprograms;

/**
 * A small program for child JVMs started as {@code ssajit run} starts programs (outside ssajit's
 * packages, which are the compiler's modules there): hot calls, some of which throw into a handler
 * of their caller. Prints one checksum.
 */
public final class CatchingProgram {
    private CatchingProgram() {
    }

    static int check(int i) {
        if (i % 7 == 0) {
            throw new IllegalStateException("multiple of 7: " + i);
        }
        return i * 31 + (i >>> 3);
    }

    static int guarded(int i) {
        try {
            return check(i);
        } catch (IllegalStateException e) {
            return e.getMessage().length();
        }
    }

    public static long run() {
        long sum = 0;
        for (int i = 0; i < 200_000; i++) {
            sum += guarded(i);
        }
        return sum;
    }

    public static void main(String[] args) {
        System.out.println("result=" + run());
    }
}
