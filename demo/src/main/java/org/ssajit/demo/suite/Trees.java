package org.ssajit.demo.suite;

/**
 * Allocation-heavy trees:
 * <ul>
 * <li>complete binary trees of labelled nodes built top-down, mirrored into new trees and walked,
 * many short-lived and one long-lived, checked by closed forms (2^(d+1) - 1 nodes, the sum of their
 * labels) and by comparing a tree with its mirror mirrored;
 * <li>a persistent AVL map (immutable nodes, insertion and deletion copy the path), every version
 * kept: each version's size, order and balance are checked, and old versions still answer lookups;
 * <li>persistent lists (cons cells) mapped, filtered and reversed into new lists.
 * </ul>
 */
final class Trees extends SuiteProgram {
    Trees() {
        super("trees");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return -5065156023238946107L;
    }

    @Override
    protected long unit() {
        long sum = binaryTrees();
        sum = sum * 31 + persistentMap();
        return sum * 31 + lists();
    }

    /** A node of a complete binary tree; children both null or both present. */
    static final class Node {
        final Node left;
        final Node right;
        final int label;

        Node(Node left, Node right, int label) {
            this.left = left;
            this.right = right;
            this.label = label;
        }

        /** The tree of the given depth whose root is labelled {@code label} and children 2l and 2l + 1. */
        static Node build(int label, int depth) {
            if (depth == 0) {
                return new Node(null, null, label);
            }
            return new Node(build(2 * label, depth - 1), build(2 * label + 1, depth - 1), label);
        }

        Node mirror() {
            return left == null ? new Node(null, null, label) : new Node(right.mirror(), left.mirror(), label);
        }

        int count() {
            return left == null ? 1 : 1 + left.count() + right.count();
        }

        long labels() {
            return left == null ? label : label + left.labels() + right.labels();
        }

        boolean sameAs(Node o) {
            return label == o.label && (left == null ? o.left == null : o.left != null && left.sameAs(o.left) && right.sameAs(o.right));
        }
    }

    private long binaryTrees() {
        Node longLived = Node.build(1, 18);
        long sum = 0;
        for (int depth = 4; depth <= 16; depth += 2) {
            int trees = 1 << (18 - depth);
            long nodes = 0;
            for (int i = 0; i < trees; i++) {
                Node t = Node.build(1, depth);
                Node m = t.mirror();
                nodes += m.count();
                if (i == 0) {
                    check(m.mirror().sameAs(t) && !m.sameAs(t), "trees: mirroring twice at depth " + depth);
                }
            }
            check(nodes == (long) trees * ((1L << (depth + 1)) - 1), "trees: " + nodes + " nodes at depth " + depth);
            // Labels 1 .. 2^(d+1) - 1: their sum is n (n + 1) / 2.
            long n = (1L << (depth + 1)) - 1;
            long labels = Node.build(1, depth).labels();
            check(labels == n * (n + 1) / 2, "trees: labels at depth " + depth);
            sum = sum * 31 + nodes + labels;
        }
        check(longLived.count() == (1 << 19) - 1, "trees: the long-lived tree");
        return sum * 31 + longLived.labels();
    }

    /** An immutable AVL node; a version of the map is its root (null: empty). */
    static final class Avl {
        final int key;
        final int value;
        final Avl left;
        final Avl right;
        final int height;
        final int size;

        Avl(int key, int value, Avl left, Avl right) {
            this.key = key;
            this.value = value;
            this.left = left;
            this.right = right;
            this.height = 1 + Math.max(height(left), height(right));
            this.size = 1 + size(left) + size(right);
        }

        static int height(Avl t) {
            return t == null ? 0 : t.height;
        }

        static int size(Avl t) {
            return t == null ? 0 : t.size;
        }

        static Avl put(Avl t, int key, int value) {
            if (t == null) {
                return new Avl(key, value, null, null);
            }
            if (key < t.key) {
                return balance(t.key, t.value, put(t.left, key, value), t.right);
            }
            if (key > t.key) {
                return balance(t.key, t.value, t.left, put(t.right, key, value));
            }
            return new Avl(key, value, t.left, t.right);
        }

        static Avl remove(Avl t, int key) {
            if (t == null) {
                return null;
            }
            if (key < t.key) {
                return balance(t.key, t.value, remove(t.left, key), t.right);
            }
            if (key > t.key) {
                return balance(t.key, t.value, t.left, remove(t.right, key));
            }
            if (t.left == null) {
                return t.right;
            }
            if (t.right == null) {
                return t.left;
            }
            Avl min = t.right;
            while (min.left != null) {
                min = min.left;
            }
            return balance(min.key, min.value, t.left, remove(t.right, min.key));
        }

        static Integer get(Avl t, int key) {
            while (t != null) {
                if (key == t.key) {
                    return t.value;
                }
                t = key < t.key ? t.left : t.right;
            }
            return null;
        }

        /** A node of these parts, rotated once or twice if the heights of its subtrees differ by two. */
        private static Avl balance(int key, int value, Avl l, Avl r) {
            int hl = height(l);
            int hr = height(r);
            if (hl > hr + 1) {
                if (height(l.left) >= height(l.right)) {
                    return new Avl(l.key, l.value, l.left, new Avl(key, value, l.right, r));
                }
                return new Avl(l.right.key, l.right.value, new Avl(l.key, l.value, l.left, l.right.left), new Avl(key, value, l.right.right, r));
            }
            if (hr > hl + 1) {
                if (height(r.right) >= height(r.left)) {
                    return new Avl(r.key, r.value, new Avl(key, value, l, r.left), r.right);
                }
                return new Avl(r.left.key, r.left.value, new Avl(key, value, l, r.left.left), new Avl(r.key, r.value, r.left.right, r.right));
            }
            return new Avl(key, value, l, r);
        }

        /** Checks order within (lo, hi), balance and the cached height and size; returns the key sum. */
        static long verify(Avl t, long lo, long hi, Trees p) {
            if (t == null) {
                return 0;
            }
            p.check(t.key > lo && t.key < hi, "avl: order");
            p.check(Math.abs(height(t.left) - height(t.right)) <= 1, "avl: balance");
            p.check(t.height == 1 + Math.max(height(t.left), height(t.right)) && t.size == 1 + size(t.left) + size(t.right), "avl: cached fields");
            return t.key + verify(t.left, lo, t.key, p) + verify(t.right, t.key, hi, p);
        }
    }

    private long persistentMap() {
        int n = 30_000;
        Avl[] versions = new Avl[n + 1];
        boolean[] present = new boolean[4096];
        int[] keys = new int[n];
        Rng rng = new Rng(5);
        int live = 0;
        for (int i = 0; i < n; i++) {
            int k = rng.below(present.length);
            keys[i] = k;
            // Two in three steps insert, one removes (the key may be absent: the version is unchanged).
            if (rng.below(3) < 2) {
                versions[i + 1] = Avl.put(versions[i], k, i);
                live += present[k] ? 0 : 1;
                present[k] = true;
            } else {
                versions[i + 1] = Avl.remove(versions[i], k);
                live -= present[k] ? 1 : 0;
                present[k] = false;
            }
            check(Avl.size(versions[i + 1]) == live, "avl: version " + (i + 1) + " has " + Avl.size(versions[i + 1]) + " keys, not " + live);
            if (i % 2000 == 0) {
                Avl.verify(versions[i + 1], Long.MIN_VALUE, Long.MAX_VALUE, this);
            }
        }
        long sum = Avl.verify(versions[n], Long.MIN_VALUE, Long.MAX_VALUE, this);
        // Old versions are untouched by later steps: version i + 1 still maps an inserted key to i.
        long found = 0;
        for (int i = 0; i < n; i++) {
            Integer v = Avl.get(versions[i + 1], keys[i]);
            if (v != null) {
                check(v == i, "avl: version " + (i + 1) + " maps " + keys[i] + " to " + v);
                found++;
            }
        }
        return (sum * 31 + found) * 31 + Avl.height(versions[n]);
    }

    /** An immutable cons cell; null is the empty list. */
    record Cons(int head, Cons tail) {
    }

    private long lists() {
        long sum = 0;
        for (int round = 0; round < 200; round++) {
            Cons list = null;
            for (int i = 0; i < 3000; i++) {
                list = new Cons(i * 7 + round, list);
            }
            // map (x * 3), filter (even), reverse: each a new list; the input stays as it was.
            Cons mapped = null;
            for (Cons c = list; c != null; c = c.tail()) {
                mapped = new Cons(c.head() * 3, mapped);
            }
            Cons evens = null;
            for (Cons c = mapped; c != null; c = c.tail()) {
                if ((c.head() & 1) == 0) {
                    evens = new Cons(c.head(), evens);
                }
            }
            int length = 0;
            long total = 0;
            int previous = Integer.MAX_VALUE;
            for (Cons c = evens; c != null; c = c.tail()) {
                check(c.head() < previous, "lists: order");
                previous = c.head();
                length++;
                total += c.head();
            }
            // Of i * 7 + round for i < 3000, times 3, the even ones: i * 7 + round even.
            long expected = 0;
            int count = 0;
            for (int i = 0; i < 3000; i++) {
                int x = (i * 7 + round) * 3;
                if ((x & 1) == 0) {
                    expected += x;
                    count++;
                }
            }
            check(length == count && total == expected && list.head() == 2999 * 7 + round, "lists: round " + round);
            sum = sum * 31 + total;
        }
        return sum;
    }
}
