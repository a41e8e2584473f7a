package org.ssajit.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link CompilerArrays}, {@link IntMath} and {@link Nulls} against the JDK's methods they stand for,
 * as the oracle: the same random arrays, ranges and values through both, every result compared;
 * the sorts with many equal keys, so that an unstable sort shows.
 */
class CompilerArraysTest {
    /** An element that sorts by its key only; its position tells whether equal keys kept their order. */
    private record Item(int key, int position) {
    }

    private static final Comparator<Item> BY_KEY = (a, b) -> Integer.compare(a.key, b.key);

    @Test
    void copiesAsArraysCopyOf() {
        Random r = new Random(1);
        for (int round = 0; round < 500; round++) {
            int n = r.nextInt(40);
            int[] ints = r.ints(n).toArray();
            long[] longs = r.longs(n).toArray();
            double[] doubles = r.doubles(n).toArray();
            byte[] bytes = new byte[n];
            r.nextBytes(bytes);
            boolean[] booleans = new boolean[n];
            String[] strings = new String[n];
            for (int i = 0; i < n; i++) {
                booleans[i] = r.nextBoolean();
                strings[i] = r.nextInt(5) == 0 ? null : "s" + r.nextInt(9);
            }
            int length = r.nextInt(50);
            assertArrayEquals(Arrays.copyOf(ints, length), CompilerArrays.copyOf(ints, length));
            assertArrayEquals(Arrays.copyOf(longs, length), CompilerArrays.copyOf(longs, length));
            assertArrayEquals(Arrays.copyOf(doubles, length), CompilerArrays.copyOf(doubles, length));
            assertArrayEquals(Arrays.copyOf(bytes, length), CompilerArrays.copyOf(bytes, length));
            assertArrayEquals(Arrays.copyOf(booleans, length), CompilerArrays.copyOf(booleans, length));
            String[] s = CompilerArrays.copyOf(strings, length);
            assertArrayEquals(Arrays.copyOf(strings, length), s);
            assertSame(String[].class, s.getClass(), "the copy keeps the array's class");
            Object[] objects = Arrays.copyOf(strings, n, Object[].class);
            assertSame(Object[].class, CompilerArrays.copyOf(objects, length).getClass());

            int from = r.nextInt(n + 1);
            int to = from + r.nextInt(50);
            assertArrayEquals(Arrays.copyOfRange(ints, from, to), CompilerArrays.copyOfRange(ints, from, to));
            assertArrayEquals(Arrays.copyOfRange(longs, from, to), CompilerArrays.copyOfRange(longs, from, to));
            assertArrayEquals(Arrays.copyOfRange(bytes, from, to), CompilerArrays.copyOfRange(bytes, from, to));
            String[] range = CompilerArrays.copyOfRange(strings, from, to);
            assertArrayEquals(Arrays.copyOfRange(strings, from, to), range);
            assertSame(String[].class, range.getClass());
        }
    }

    @Test
    void badRangesThrowAsTheJdksDo() {
        int[] a = {1, 2, 3};
        assertThrows(NegativeArraySizeException.class, () -> CompilerArrays.copyOf(a, -1));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> CompilerArrays.copyOfRange(a, -1, 2));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> CompilerArrays.copyOfRange(a, 4, 5));
        assertThrows(IllegalArgumentException.class, () -> CompilerArrays.copyOfRange(a, 2, 1));
        Item[] items = new Item[3];
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> CompilerArrays.sort(items, 0, 4, BY_KEY));
        assertThrows(IllegalArgumentException.class, () -> CompilerArrays.sort(items, 2, 1, BY_KEY));
    }

    @Test
    void sortsStablyAsArraysSort() {
        Random r = new Random(2);
        for (int round = 0; round < 400; round++) {
            int n = r.nextInt(round < 200 ? 20 : 300);
            int keys = 1 + r.nextInt(8); // few keys: many equal elements
            Item[] items = new Item[n];
            for (int i = 0; i < n; i++) {
                items[i] = new Item(r.nextInt(keys), i);
            }
            int from = r.nextInt(n + 1);
            int to = from + r.nextInt(n - from + 1);
            Item[] expected = items.clone();
            Arrays.sort(expected, from, to, BY_KEY); // stable: its merge sort
            Item[] actual = items.clone();
            CompilerArrays.sort(actual, from, to, BY_KEY);
            assertArrayEquals(expected, actual, "n " + n + ", from " + from + " to " + to);
        }
    }

    @Test
    void sortsByTheNaturalOrderWithoutAComparator() {
        Random r = new Random(3);
        Integer[] a = new Integer[100];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt(30);
        }
        Integer[] expected = a.clone();
        Arrays.sort(expected);
        CompilerList<Integer> list = new CompilerList<>(Arrays.asList(a));
        list.sort(null);
        assertArrayEquals(expected, list.toArray());
    }

    @Test
    void sortedIndicesAsABoxedStableSort() {
        Random r = new Random(4);
        for (int round = 0; round < 300; round++) {
            int n = r.nextInt(round < 150 ? 20 : 200);
            int[] keys = r.ints(n, 0, 1 + r.nextInt(6)).toArray();
            Integer[] expected = new Integer[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i;
            }
            Arrays.sort(expected, (a, b) -> Integer.compare(keys[b], keys[a])); // descending, stable
            int[] actual = CompilerArrays.sortedIndices(n, (a, b) -> IntMath.compare(keys[b], keys[a]));
            assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), actual);
        }
    }

    @Test
    void intMathAsMathAndInteger() {
        int[] ints = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -2, -1, 0, 1, 2, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        long[] longs = {Long.MIN_VALUE, Integer.MIN_VALUE - 1L, -1, 0, 1, Integer.MAX_VALUE + 1L, Long.MAX_VALUE};
        for (int a : ints) {
            for (int b : ints) {
                assertEquals(Math.max(a, b), IntMath.max(a, b));
                assertEquals(Math.min(a, b), IntMath.min(a, b));
                assertEquals(Integer.compare(a, b), IntMath.compare(a, b));
            }
        }
        for (long a : longs) {
            for (long b : longs) {
                assertEquals(Math.max(a, b), IntMath.max(a, b));
                assertEquals(Math.min(a, b), IntMath.min(a, b));
            }
        }
    }

    @Test
    void nullsAsObjectsRequireNonNull() {
        String s = "x";
        assertSame(s, Nulls.requireNonNull(s));
        assertSame(s, Nulls.requireNonNull(s, "s"));
        assertThrows(NullPointerException.class, () -> Nulls.requireNonNull(null));
        assertEquals("what", assertThrows(NullPointerException.class, () -> Nulls.requireNonNull(null, "what")).getMessage());
    }
}
