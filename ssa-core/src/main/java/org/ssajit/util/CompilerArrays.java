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
        return copy(a, a.length, 0, new int[length], length);
    }

    public static long[] copyOf(long[] a, int length) {
        return copy(a, a.length, 0, new long[length], length);
    }

    public static byte[] copyOf(byte[] a, int length) {
        return copy(a, a.length, 0, new byte[length], length);
    }

    public static boolean[] copyOf(boolean[] a, int length) {
        return copy(a, a.length, 0, new boolean[length], length);
    }

    public static double[] copyOf(double[] a, int length) {
        return copy(a, a.length, 0, new double[length], length);
    }

    /** A copy of the same array class as {@code a}. */
    @SuppressWarnings("unchecked")
    public static <T> T[] copyOf(T[] a, int length) {
        return copy(a, a.length, 0, (T[]) (a.getClass() == Object[].class ? new Object[length] : Array.newInstance(a.getClass().getComponentType(), length)),
                        length);
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with zeros past {@code a}'s end. */
    public static int[] copyOfRange(int[] a, int from, int to) {
        int length = checkedLength(a.length, from, to);
        return copy(a, a.length, from, new int[length], length);
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with zeros past {@code a}'s end. */
    public static long[] copyOfRange(long[] a, int from, int to) {
        int length = checkedLength(a.length, from, to);
        return copy(a, a.length, from, new long[length], length);
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with zeros past {@code a}'s end. */
    public static byte[] copyOfRange(byte[] a, int from, int to) {
        int length = checkedLength(a.length, from, to);
        return copy(a, a.length, from, new byte[length], length);
    }

    /** {@code a[from]} to {@code a[to - 1]}, padded with nulls past {@code a}'s end; the same array class. */
    @SuppressWarnings("unchecked")
    public static <T> T[] copyOfRange(T[] a, int from, int to) {
        int length = checkedLength(a.length, from, to);
        return copy(a, a.length, from, (T[]) (a.getClass() == Object[].class ? new Object[length] : Array.newInstance(a.getClass().getComponentType(), length)),
                        length);
    }

    /** {@code to}, holding {@code from}'s elements from {@code start} on, as many as fit. */
    private static <A> A copy(Object from, int fromLength, int start, A to, int toLength) {
        System.arraycopy(from, start, to, 0, IntMath.min(fromLength - start, toLength));
        return to;
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
        Object[] range = new Object[to - from];
        System.arraycopy(a, from, range, 0, range.length);
        int[] sorted = sortedIndices(range.length, (x, y) -> order.compare((T) range[x], (T) range[y]));
        for (int k = 0; k < sorted.length; k++) {
            a[from + k] = (T) range[sorted[k]];
        }
    }

    /** Sorts {@code a} by {@code c}, stably. */
    public static <T> void sort(T[] a, Comparator<? super T> c) {
        sort(a, 0, a.length, c);
    }

    /** A comparison of two ints (indices, ids): negative, zero or positive as {@link Comparator#compare}. */
    @FunctionalInterface
    public interface IntOrder {
        int compare(int a, int b);
    }

    /** Up to this many elements a range is sorted by insertion. */
    private static final int INSERTION_LIMIT = 16;

    /**
     * The ints 0 to {@code n - 1} sorted by {@code c}, stably: without boxing them. The one merge sort
     * here; {@link #sort} sorts the indices of the objects.
     */
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
            return;
        }
        int n = mid - from;
        System.arraycopy(a, from, scratch, 0, n);
        int i = 0;
        int j = mid;
        int k = from;
        while (i < n && j < to) {
            a[k++] = c.compare(a[j], scratch[i]) < 0 ? a[j++] : scratch[i++]; // the left run's first when equal: stable
        }
        while (i < n) {
            a[k++] = scratch[i++];
        }
    }

}
