package org.ssajit.util;

import java.lang.reflect.Array;

/**
 * {@code java.util.Arrays.copyOf} and {@code copyOfRange}, as ssajit's code: the compiler grows and
 * trims arrays in every compile, and the JDK's methods (with the {@code Math.min} they call), called
 * from the compiler's code, were queued for tier-4 compiles of their own on the compiler thread (see
 * {@link IndexedList}). Each gives what the JDK's method of the same name gives: the first {@code
 * length} elements, padded with zeros, nulls or {@code false}.
 */
public final class CompilerArrays {
    private CompilerArrays() {
    }

    public static int[] copyOf(int[] a, int length) {
        int[] b = new int[length];
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    public static long[] copyOf(long[] a, int length) {
        long[] b = new long[length];
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    public static byte[] copyOf(byte[] a, int length) {
        byte[] b = new byte[length];
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    public static boolean[] copyOf(boolean[] a, int length) {
        boolean[] b = new boolean[length];
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    public static double[] copyOf(double[] a, int length) {
        double[] b = new double[length];
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    /** A copy of the same array class as {@code a}. */
    @SuppressWarnings("unchecked")
    public static <T> T[] copyOf(T[] a, int length) {
        T[] b = a.getClass() == Object[].class ? (T[]) new Object[length] : (T[]) Array.newInstance(a.getClass().getComponentType(), length);
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with zeros past {@code a}'s end. */
    public static int[] copyOfRange(int[] a, int from, int to) {
        int[] b = new int[checkedLength(a.length, from, to)];
        System.arraycopy(a, from, b, 0, IntMath.min(a.length - from, to - from));
        return b;
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with zeros past {@code a}'s end. */
    public static long[] copyOfRange(long[] a, int from, int to) {
        long[] b = new long[checkedLength(a.length, from, to)];
        System.arraycopy(a, from, b, 0, IntMath.min(a.length - from, to - from));
        return b;
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with zeros past {@code a}'s end. */
    public static byte[] copyOfRange(byte[] a, int from, int to) {
        byte[] b = new byte[checkedLength(a.length, from, to)];
        System.arraycopy(a, from, b, 0, IntMath.min(a.length - from, to - from));
        return b;
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with nulls past {@code a}'s end; the same array class. */
    @SuppressWarnings("unchecked")
    public static <T> T[] copyOfRange(T[] a, int from, int to) {
        int length = checkedLength(a.length, from, to);
        T[] b = a.getClass() == Object[].class ? (T[]) new Object[length] : (T[]) Array.newInstance(a.getClass().getComponentType(), length);
        System.arraycopy(a, from, b, 0, IntMath.min(a.length - from, length));
        return b;
    }

    private static int checkedLength(int arrayLength, int from, int to) {
        if (from < 0 || from > arrayLength) {
            throw new ArrayIndexOutOfBoundsException("from " + from + " of " + arrayLength);
        }
        if (from > to) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        return to - from;
    }
}
