package org.ssajit.util;

/**
 * {@code java.util.Arrays.fill}, as ssajit's code: the compiler fills arrays in every compile, and the
 * JDK's methods, called from the compiler's code, became hot on the compiler thread and were queued
 * for tier-4 compiles of their own (see {@link IndexedList}).
 */
public final class ArrayFill {
    private ArrayFill() {
    }

    public static void fill(int[] a, int value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Fills {@code a[from]} to {@code a[to - 1]}. */
    public static void fill(int[] a, int from, int to, int value) {
        if (from < 0 || from > to || to > a.length) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " to " + to + " of " + a.length);
        }
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static void fill(long[] a, long value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Fills {@code a[from]} to {@code a[to - 1]}. */
    public static void fill(long[] a, int from, int to, long value) {
        if (from < 0 || from > to || to > a.length) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " to " + to + " of " + a.length);
        }
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static void fill(double[] a, double value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Fills {@code a[from]} to {@code a[to - 1]}. */
    public static void fill(double[] a, int from, int to, double value) {
        if (from < 0 || from > to || to > a.length) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " to " + to + " of " + a.length);
        }
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static void fill(byte[] a, byte value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Fills {@code a[from]} to {@code a[to - 1]}. */
    public static void fill(byte[] a, int from, int to, byte value) {
        if (from < 0 || from > to || to > a.length) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " to " + to + " of " + a.length);
        }
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static void fill(boolean[] a, boolean value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Fills {@code a[from]} to {@code a[to - 1]}. */
    public static void fill(boolean[] a, int from, int to, boolean value) {
        if (from < 0 || from > to || to > a.length) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " to " + to + " of " + a.length);
        }
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static void fill(Object[] a, Object value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Fills {@code a[from]} to {@code a[to - 1]}. */
    public static void fill(Object[] a, int from, int to, Object value) {
        if (from < 0 || from > to || to > a.length) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " to " + to + " of " + a.length);
        }
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }
}
