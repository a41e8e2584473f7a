package org.ssajit.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * {@link CompilerList}, {@link CompilerMap} and {@link CompilerSet} against {@code java.util} as the
 * oracle: the same random operations on both ({@code ArrayList}, {@code LinkedHashMap} for the
 * insertion order, {@code IdentityHashMap} for identity keys), every answer and the whole contents in
 * iteration order compared after each; then the unmodifiable lists and the fail-fast iterators.
 */
class CompilerCollectionsTest {
    private static final int STEPS = 4000;

    @Test
    void listAgainstArrayList() {
        for (int seed = 0; seed < 20; seed++) {
            Random r = new Random(seed);
            List<Integer> expected = new ArrayList<>();
            List<Integer> actual = new CompilerList<>(r.nextInt(3));
            for (int step = 0; step < STEPS; step++) {
                Integer v = r.nextInt(8) == 0 ? null : r.nextInt(20);
                int n = expected.size();
                int i = n == 0 ? 0 : r.nextInt(n);
                switch (r.nextInt(14)) {
                    case 0, 1, 2 -> assertEquals(expected.add(v), actual.add(v));
                    case 3 -> {
                        expected.add(i, v);
                        actual.add(i, v);
                    }
                    case 4 -> {
                        if (n > 0) {
                            assertEquals(expected.remove(i), actual.remove(i));
                        }
                    }
                    case 5 -> assertEquals(expected.remove(v), actual.remove(v));
                    case 6 -> {
                        if (n > 0) {
                            assertEquals(expected.set(i, v), actual.set(i, v));
                        }
                    }
                    case 7 -> {
                        List<Integer> more = List.of(r.nextInt(20), r.nextInt(20));
                        assertEquals(expected.addAll(i, more), actual.addAll(i, more));
                    }
                    case 8 -> {
                        int k = r.nextInt(20);
                        assertEquals(expected.removeIf(e -> e != null && e % 7 == k % 7), actual.removeIf(e -> e != null && e % 7 == k % 7));
                    }
                    case 9 -> {
                        if (r.nextInt(10) == 0) {
                            expected.clear();
                            actual.clear();
                        }
                    }
                    case 10 -> {
                        if (n > 0) {
                            int to = i + r.nextInt(n - i + 1);
                            assertEquals(expected.subList(i, to), actual.subList(i, to));
                            if (r.nextBoolean() && to > i) {
                                expected.subList(i, to).remove(0);
                                actual.subList(i, to).remove(0);
                            }
                        }
                    }
                    case 11 -> {
                        ListIterator<Integer> a = expected.listIterator(i);
                        ListIterator<Integer> b = actual.listIterator(i);
                        while (a.hasNext()) {
                            assertEquals(a.nextIndex(), b.nextIndex());
                            assertEquals(a.next(), b.next());
                            if (r.nextInt(4) == 0) {
                                a.remove();
                                b.remove();
                            } else if (r.nextInt(8) == 0) {
                                a.add(v);
                                b.add(v);
                            }
                        }
                        assertFalse(b.hasNext());
                    }
                    case 12 -> {
                        expected.sort((x, y) -> Integer.compare(x == null ? -1 : x / 3, y == null ? -1 : y / 3));
                        actual.sort((x, y) -> Integer.compare(x == null ? -1 : x / 3, y == null ? -1 : y / 3));
                    }
                    default -> {
                        if (n > 0) {
                            expected.removeLast();
                            actual.removeLast();
                        }
                    }
                }
                assertEquals(expected.indexOf(v), actual.indexOf(v));
                assertEquals(expected.lastIndexOf(v), actual.lastIndexOf(v));
                assertEquals(expected.contains(v), actual.contains(v));
                assertSameContents(expected, actual);
            }
        }
    }

    private static <E> void assertSameContents(List<E> expected, List<E> actual) {
        assertEquals(expected.size(), actual.size());
        assertEquals(expected.isEmpty(), actual.isEmpty());
        assertEquals(expected, actual);
        assertEquals(actual, expected);
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.toString(), actual.toString());
        List<E> iterated = new ArrayList<>();
        for (E e : actual) {
            iterated.add(e);
        }
        assertEquals(expected, iterated);
        assertEquals(expected, java.util.Arrays.asList(actual.toArray()));
        assertEquals(expected, java.util.Arrays.asList(actual.toArray(new Object[0])));
    }

    @Test
    void unmodifiableLists() {
        CompilerList<String> l = CompilerList.of("a", "b", "c");
        assertEquals(List.of("a", "b", "c"), l);
        assertThrows(UnsupportedOperationException.class, () -> l.add("d"));
        assertThrows(UnsupportedOperationException.class, () -> l.set(0, "d"));
        assertThrows(UnsupportedOperationException.class, () -> l.remove(0));
        assertThrows(UnsupportedOperationException.class, () -> l.remove("a"));
        assertThrows(UnsupportedOperationException.class, l::clear);
        assertThrows(UnsupportedOperationException.class, () -> {
            Iterator<String> it = l.iterator();
            it.next();
            it.remove();
        });
        assertThrows(NullPointerException.class, () -> CompilerList.of("a", null));
        assertThrows(NullPointerException.class, () -> CompilerList.copyOf(java.util.Arrays.asList("a", null)));
        assertSame(l, CompilerList.copyOf(l), "an unmodifiable list is its own copy");
        CompilerList<String> growable = new CompilerList<>(l);
        growable.add("d");
        CompilerList<String> copy = CompilerList.copyOf(growable);
        growable.set(0, "z");
        assertEquals(List.of("a", "b", "c", "d"), copy, "a copy does not see later changes");
        assertEquals(List.of(), CompilerList.of());
        assertThrows(IndexOutOfBoundsException.class, () -> l.get(3));
        assertThrows(IndexOutOfBoundsException.class, () -> l.get(-1));
    }

    @Test
    void iteratorsFailFast() {
        CompilerList<Integer> l = new CompilerList<>(List.of(1, 2, 3));
        Iterator<Integer> it = l.iterator();
        it.next();
        l.add(4);
        assertThrows(ConcurrentModificationException.class, it::next);
        CompilerMap<Integer, Integer> m = new CompilerMap<>();
        m.put(1, 1);
        m.put(2, 2);
        Iterator<Integer> keys = m.keySet().iterator();
        keys.next();
        m.put(3, 3);
        assertThrows(ConcurrentModificationException.class, keys::next);
    }

    @Test
    void mapAgainstLinkedHashMap() {
        for (int seed = 0; seed < 20; seed++) {
            Random r = new Random(seed);
            Map<Integer, String> expected = new LinkedHashMap<>();
            Map<Integer, String> actual = new CompilerMap<>();
            for (int step = 0; step < STEPS; step++) {
                Integer k = r.nextInt(16) == 0 ? null : r.nextInt(seed < 10 ? 40 : 400);
                String v = r.nextInt(10) == 0 ? null : "v" + r.nextInt(5);
                switch (r.nextInt(12)) {
                    case 0, 1, 2 -> assertEquals(expected.put(k, v), actual.put(k, v));
                    case 3, 4 -> assertEquals(expected.remove(k), actual.remove(k));
                    case 5 -> assertEquals(expected.computeIfAbsent(k, x -> v), actual.computeIfAbsent(k, x -> v));
                    case 6 -> assertEquals(expected.putIfAbsent(k, v), actual.putIfAbsent(k, v));
                    case 7 -> {
                        if (v != null) {
                            assertEquals(expected.merge(k, v, (a, b) -> a.length() > 4 ? null : a + b), actual.merge(k, v, (a, b) -> a.length() > 4 ? null : a + b));
                        }
                    }
                    case 8 -> assertEquals(expected.compute(k, (a, b) -> b == null ? v : null), actual.compute(k, (a, b) -> b == null ? v : null));
                    case 9 -> {
                        Iterator<Integer> a = expected.keySet().iterator();
                        Iterator<Integer> b = actual.keySet().iterator();
                        while (a.hasNext()) {
                            assertEquals(a.next(), b.next());
                            if (r.nextInt(5) == 0) {
                                a.remove();
                                b.remove();
                            }
                        }
                        assertFalse(b.hasNext());
                    }
                    case 10 -> {
                        if (r.nextInt(20) == 0) {
                            expected.clear();
                            actual.clear();
                        }
                    }
                    default -> assertEquals(expected.computeIfPresent(k, (a, b) -> b + "!"), actual.computeIfPresent(k, (a, b) -> b + "!"));
                }
                assertEquals(expected.get(k), actual.get(k));
                assertEquals(expected.getOrDefault(k, "none"), actual.getOrDefault(k, "none"));
                assertEquals(expected.containsKey(k), actual.containsKey(k));
                assertEquals(expected.containsValue(v), actual.containsValue(v));
                assertSameMap(expected, actual);
            }
        }
    }

    private static <K, V> void assertSameMap(Map<K, V> expected, Map<K, V> actual) {
        assertEquals(expected.size(), actual.size());
        assertEquals(expected.isEmpty(), actual.isEmpty());
        assertEquals(expected, actual);
        assertEquals(actual, expected);
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.toString(), actual.toString());
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(actual.keySet()), "insertion order");
        assertEquals(new ArrayList<>(expected.values()), new ArrayList<>(actual.values()));
        assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(actual.entrySet()));
        assertEquals(expected.keySet(), actual.keySet());
        assertEquals(expected.entrySet(), actual.entrySet());
    }

    @Test
    void identityMapAgainstIdentityHashMap() {
        Random r = new Random(7);
        // Equal but distinct keys: an identity map tells them apart.
        String[] keys = new String[50];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = new String("k" + (i % 10));
        }
        Map<String, Integer> expected = new IdentityHashMap<>();
        CompilerMap<String, Integer> actual = CompilerMap.identity();
        for (int step = 0; step < STEPS; step++) {
            String k = keys[r.nextInt(keys.length)];
            Integer v = step; // one box for both: IdentityHashMap compares entries' values by identity too
            switch (r.nextInt(3)) {
                case 0, 1 -> assertEquals(expected.put(k, v), actual.put(k, v));
                default -> assertEquals(expected.remove(k), actual.remove(k));
            }
            assertEquals(expected.get(k), actual.get(k));
            assertEquals(expected.containsKey(new String(k)), actual.containsKey(new String(k)));
            assertEquals(expected.size(), actual.size());
            assertEquals(expected, actual);
        }
    }

    @Test
    void setAgainstLinkedHashSet() {
        Random r = new Random(3);
        Set<Integer> expected = new LinkedHashSet<>();
        Set<Integer> actual = new CompilerSet<>();
        for (int step = 0; step < STEPS; step++) {
            Integer e = r.nextInt(10) == 0 ? null : r.nextInt(60);
            switch (r.nextInt(4)) {
                case 0, 1 -> assertEquals(expected.add(e), actual.add(e));
                case 2 -> assertEquals(expected.remove(e), actual.remove(e));
                default -> assertEquals(expected.removeIf(x -> x != null && x % 5 == 0), actual.removeIf(x -> x != null && x % 5 == 0));
            }
            assertEquals(expected.contains(e), actual.contains(e));
            assertEquals(expected, actual);
            assertEquals(actual, expected);
            assertEquals(expected.hashCode(), actual.hashCode());
            assertEquals(new ArrayList<>(expected), new ArrayList<>(actual), "insertion order");
        }
        CompilerSet<String> ids = CompilerSet.identity();
        String a = new String("x");
        assertTrue(ids.add(a));
        assertTrue(ids.add(new String("x")));
        assertFalse(ids.add(a));
        assertEquals(2, ids.size());
    }
}
