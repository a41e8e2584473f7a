package org.ssajit.demo.suite;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Collections and hashing, with keys of hand-written {@code hashCode} and {@code equals}:
 * <ul>
 * <li>the Game of Life on an unbounded board as a {@link HashSet} of live cells and a {@link HashMap}
 * of neighbour counts, checked against the same generations on a bounded array;
 * <li>an LRU cache ({@link LinkedHashMap} in access order) over generated requests, checked against a
 * cache of its own (a list searched from the front);
 * <li>breadth-first distances in a generated maze with an {@link ArrayDeque}, and the cells at each
 * distance in a {@link TreeMap};
 * <li>an index of generated words in a {@link TreeMap} with a comparator, entries removed through an
 * iterator.
 * </ul>
 */
final class Hashing extends SuiteProgram {
    Hashing() {
        super("hashing");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return -458591247899431977L;
    }

    @Override
    protected long unit() {
        long sum = life();
        sum = sum * 31 + lru();
        sum = sum * 31 + maze();
        return sum * 31 + words();
    }

    /** A cell of the board; its hash mixes both coordinates so that rows and columns spread. */
    static final class Cell {
        final int x;
        final int y;

        Cell(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Cell c && c.x == x && c.y == y;
        }

        @Override
        public int hashCode() {
            int h = x * 0x9E3779B1 + y;
            return h ^ (h >>> 15);
        }
    }

    /** An R-pentomino and a glider, 150 generations; the population is checked on an array board. */
    private long life() {
        int[][] start = {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}, {40, 40}, {41, 41}, {39, 42}, {40, 42}, {41, 42}};
        Set<Cell> live = new HashSet<>();
        for (int[] p : start) {
            live.add(new Cell(p[0], p[1]));
        }
        int size = 240;
        int off = size / 2;
        boolean[][] board = new boolean[size][size];
        for (int[] p : start) {
            board[p[0] + off][p[1] + off] = true;
        }
        long sum = 0;
        for (int gen = 0; gen < 150; gen++) {
            Map<Cell, Integer> counts = new HashMap<>();
            for (Cell c : live) {
                for (int dx = -1; dx <= 1; dx++) {
                    for (int dy = -1; dy <= 1; dy++) {
                        if (dx != 0 || dy != 0) {
                            counts.merge(new Cell(c.x + dx, c.y + dy), 1, Integer::sum);
                        }
                    }
                }
            }
            Set<Cell> next = new HashSet<>();
            for (Map.Entry<Cell, Integer> e : counts.entrySet()) {
                int n = e.getValue();
                if (n == 3 || n == 2 && live.contains(e.getKey())) {
                    next.add(e.getKey());
                }
            }
            // The array board steps only the live cells' bounding box and its border.
            int minX = Integer.MAX_VALUE;
            int maxX = Integer.MIN_VALUE;
            int minY = Integer.MAX_VALUE;
            int maxY = Integer.MIN_VALUE;
            for (Cell c : live) {
                minX = Math.min(minX, c.x);
                maxX = Math.max(maxX, c.x);
                minY = Math.min(minY, c.y);
                maxY = Math.max(maxY, c.y);
            }
            live = next;
            board = step(board, minX - 1 + off, maxX + 1 + off, minY - 1 + off, maxY + 1 + off);
            int population = 0;
            for (boolean[] row : board) {
                for (boolean b : row) {
                    population += b ? 1 : 0;
                }
            }
            check(population == live.size(), "life: generation " + gen + ": " + live.size() + " cells, the array board has " + population);
            sum = sum * 31 + population;
        }
        long xs = 0;
        for (Cell c : live) {
            check(board[c.x + off][c.y + off], "life: a live cell the array board does not have");
            xs += c.x * 7L + c.y;
        }
        return sum * 31 + xs;
    }

    /** The next generation of the cells in [x0, x1] x [y0, y1] (clipped to the board less its edge); none outside. */
    private static boolean[][] step(boolean[][] board, int x0, int x1, int y0, int y1) {
        int n = board.length;
        boolean[][] next = new boolean[n][n];
        for (int x = Math.max(1, x0); x <= Math.min(n - 2, x1); x++) {
            for (int y = Math.max(1, y0); y <= Math.min(n - 2, y1); y++) {
                int k = 0;
                for (int dx = -1; dx <= 1; dx++) {
                    for (int dy = -1; dy <= 1; dy++) {
                        if ((dx != 0 || dy != 0) && board[x + dx][y + dy]) {
                            k++;
                        }
                    }
                }
                next[x][y] = k == 3 || k == 2 && board[x][y];
            }
        }
        return next;
    }

    /** A request of {@link #lru}: a user and a page, as a key of two parts. */
    record Request(String user, int page) {
    }

    /** 60,000 requests through a cache of 256 entries; hits and misses compared with a list cache. */
    private long lru() {
        int capacity = 256;
        Map<Request, Long> cache = new LinkedHashMap<>(capacity * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Request, Long> eldest) {
                return size() > capacity;
            }
        };
        List<Request> recent = new ArrayList<>(); // most recent last
        Rng rng = new Rng(7);
        String[] users = new String[64];
        for (int i = 0; i < users.length; i++) {
            users[i] = "user-" + i;
        }
        long hits = 0;
        long value = 0;
        for (int i = 0; i < 60_000; i++) {
            // A skewed pattern: most requests go to a few pages of a few users.
            int u = rng.below(8) == 0 ? rng.below(64) : rng.below(6);
            int page = rng.below(4) == 0 ? rng.below(300) : rng.below(20);
            Request r = new Request(users[u], page);
            Long v = cache.get(r);
            boolean listHit = recent.remove(r);
            recent.add(r);
            if (recent.size() > capacity) {
                recent.remove(0);
            }
            check((v != null) == listHit, "lru: request " + i + ": the two caches disagree");
            if (v == null) {
                cache.put(r, (long) u * 1000 + page);
            } else {
                hits++;
                value += v;
            }
        }
        return hits * 31 + value;
    }

    /** A 300 x 300 maze with a third of the cells walls; distances from a corner by breadth-first search. */
    private long maze() {
        int n = 300;
        Rng rng = new Rng(99);
        boolean[][] wall = new boolean[n][n];
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                wall[x][y] = rng.below(3) == 0 && (x + y) > 1;
            }
        }
        int[][] dist = new int[n][n];
        for (int[] row : dist) {
            java.util.Arrays.fill(row, -1);
        }
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        queue.add(new int[]{0, 0});
        dist[0][0] = 0;
        TreeMap<Integer, Integer> atDistance = new TreeMap<>();
        int[][] moves = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!queue.isEmpty()) {
            int[] p = queue.poll();
            int d = dist[p[0]][p[1]];
            atDistance.merge(d, 1, Integer::sum);
            for (int[] m : moves) {
                int x = p[0] + m[0];
                int y = p[1] + m[1];
                if (x >= 0 && y >= 0 && x < n && y < n && !wall[x][y] && dist[x][y] < 0) {
                    dist[x][y] = d + 1;
                    queue.add(new int[]{x, y});
                }
            }
        }
        int reached = 0;
        for (int c : atDistance.values()) {
            reached += c;
        }
        int counted = 0;
        for (int[] row : dist) {
            for (int d : row) {
                counted += d >= 0 ? 1 : 0;
            }
        }
        check(reached == counted, "maze: " + reached + " cells by distance, " + counted + " reached");
        return (long) reached * 31 + atDistance.lastKey() * 7L + atDistance.headMap(50).size();
    }

    /** 40,000 generated words indexed by position, ordered by length then text; short words removed. */
    private long words() {
        Rng rng = new Rng(3);
        TreeMap<String, List<Integer>> index = new TreeMap<>(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
        Map<String, Integer> counts = new HashMap<>();
        char[] letters = "etaoinshrdlu".toCharArray();
        char[] w = new char[8];
        for (int i = 0; i < 40_000; i++) {
            int len = rng.between(1, 7);
            for (int k = 0; k < len; k++) {
                w[k] = letters[rng.below(letters.length)];
            }
            String word = new String(w, 0, len);
            index.computeIfAbsent(word, k -> new ArrayList<>()).add(i);
            counts.merge(word, 1, Integer::sum);
        }
        for (Map.Entry<String, List<Integer>> e : index.entrySet()) {
            check(e.getValue().size() == counts.get(e.getKey()), "words: " + e.getKey() + " indexed " + e.getValue().size() + " times");
        }
        int before = index.size();
        int removed = 0;
        for (Iterator<Map.Entry<String, List<Integer>>> it = index.entrySet().iterator(); it.hasNext();) {
            if (it.next().getKey().length() < 3) {
                it.remove();
                removed++;
            }
        }
        check(index.size() == before - removed && index.firstKey().length() == 3, "words: removal through the iterator");
        long sum = 0;
        for (Map.Entry<String, List<Integer>> e : index.tailMap("aaaaaa").entrySet()) {
            sum = sum * 31 + e.getKey().hashCode() + e.getValue().get(0);
        }
        return sum * 31 + before * 7L + removed;
    }
}
