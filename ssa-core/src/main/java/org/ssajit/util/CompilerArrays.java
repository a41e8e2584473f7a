package org.ssajit.util;

import java.lang.reflect.Array;
import java.util.Comparator;

/**
 * {@code java.util.Arrays.copyOf}, {@code copyOfRange} and the stable {@code sort} of objects, as
 * ssajit's code: the compiler grows, trims and sorts arrays in every compile, and the JDK's methods
 * (with the {@code Math.min} and {@code TimSort} they call), called from the compiler's code, were
 * queued for tier-4 compiles of their own on the compiler thread (see {@link IndexedList}). Each
 * gives what the JDK's method of the same name gives: the first {@code length} elements, padded with
 * zeros, nulls or {@code false}; a sort that keeps equal elements in their order.
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

    /** Sorts {@code a[from]} to {@code a[to - 1]} by {@code c}, stably (equal elements keep their order), as {@code Arrays.sort} does. */
    @SuppressWarnings("unchecked")
    public static <T> void sort(T[] a, int from, int to, Comparator<? super T> c) {
        checkedLength(a.length, from, to);
        if (to > a.length) {
            throw new ArrayIndexOutOfBoundsException("to " + to + " of " + a.length);
        }
        if (to - from < 2) {
            return;
        }
        Comparator<? super T> order = c != null ? c : (x, y) -> ((Comparable<Object>) x).compareTo(y); // null: the natural order
        mergeSort(a, (T[]) new Object[to - from], from, to, order);
    }

    /** A comparison of two ints (indices, ids): negative, zero or positive as {@link Comparator#compare}. */
    @FunctionalInterface
    public interface IntOrder {
        int compare(int a, int b);
    }

    /** The ints 0 to {@code n - 1} sorted by {@code c}, stably: without boxing them. */
    public static int[] sortedIndices(int n, IntOrder c) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        if (n > 1) {
            mergeSort(a, new int[n], 0, n, c);
        }
        return a;
    }

    private static void mergeSort(int[] a, int[] scratch, int from, int to, IntOrder c) {
        if (to - from <= INSERTION_LIMIT) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i;
                while (j > from && c.compare(a[j - 1], x) > 0) {
                    a[j] = a[j - 1];
                    j--;
                }
                a[j] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, scratch, from, mid, c);
        mergeSort(a, scratch, mid, to, c);
        if (c.compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        int n = mid - from;
        System.arraycopy(a, from, scratch, 0, n);
        int i = 0;
        int j = mid;
        int k = from;
        while (i < n && j < to) {
            a[k++] = c.compare(a[j], scratch[i]) < 0 ? a[j++] : scratch[i++];
        }
        while (i < n) {
            a[k++] = scratch[i++];
        }
    }

    /** Sorts {@code a} by {@code c}, stably. */
    public static <T> void sort(T[] a, Comparator<? super T> c) {
        sort(a, 0, a.length, c);
    }

    /** Up to this many elements a range is sorted by insertion. */
    private static final int INSERTION_LIMIT = 16;

    private static <T> void mergeSort(T[] a, T[] scratch, int from, int to, Comparator<? super T> c) {
        if (to - from <= INSERTION_LIMIT) {
            for (int i = from + 1; i < to; i++) {
                T x = a[i];
                int j = i;
                while (j > from && c.compare(a[j - 1], x) > 0) { // strictly greater: equal ones stay before
                    a[j] = a[j - 1];
                    j--;
                }
                a[j] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, scratch, from, mid, c);
        mergeSort(a, scratch, mid, to, c);
        if (c.compare(a[mid - 1], a[mid]) <= 0) {
            return; // already in order
        }
        int n = mid - from;
        System.arraycopy(a, from, scratch, 0, n);
        int i = 0;
        int j = mid;
        int k = from;
        while (i < n && j < to) {
            // The left run's element first when equal: stable.
            a[k++] = c.compare(a[j], scratch[i]) < 0 ? a[j++] : scratch[i++];
        }
        while (i < n) {
            a[k++] = scratch[i++];
        }
    }
}
