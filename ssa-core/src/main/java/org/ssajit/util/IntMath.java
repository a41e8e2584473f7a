package org.ssajit.util;

/**
 * {@code Math.max} and {@code Math.min} of ints and longs, as ssajit's code. The compiler calls them in
 * its innermost loops (interval intersection, list growth); called from its code while it still runs
 * in the interpreter, the JDK's methods counted those calls and were queued for tier-4 compiles of
 * their own on the compiler thread (see {@link IndexedList}).
 */
public final class IntMath {
    private IntMath() {
    }

    public static int max(int a, int b) {
        return a >= b ? a : b;
    }

    public static int min(int a, int b) {
        return a <= b ? a : b;
    }

    public static long max(long a, long b) {
        return a >= b ? a : b;
    }

    public static long min(long a, long b) {
        return a <= b ? a : b;
    }

    /** {@code Integer.compare}. */
    public static int compare(int a, int b) {
        return a < b ? -1 : a == b ? 0 : 1;
    }
}
