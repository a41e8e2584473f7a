package org.ssajit.regalloc;

import java.util.List;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.IntMath;

/**
 * The walk's unhandled intervals, smallest start first, then in the order they were made
 * ({@link Interval#sequence}): a total order, so the walk does not depend on the heap's shape. A
 * binary min-heap on one packed {@code long} key per interval (start in the high half, sequence in
 * the low), so that no comparator is called: the allocator runs as C1's code in production, where the
 * JDK's comparator-driven {@code PriorityQueue} cost about a tenth of the allocation's time.
 *
 * <p>An interval's start must not change while it is queued (the walk splits only the interval it
 * took out, and queues the part split off).
 */
final class IntervalQueue {
    private long[] keys;
    private Interval[] items;
    private int size;

    IntervalQueue(List<Interval> initial) {
        int n = initial.size();
        keys = new long[IntMath.max(16, n)];
        items = new Interval[keys.length];
        for (int i = 0; i < n; i++) {
            Interval v = initial.get(i);
            keys[i] = key(v);
            items[i] = v;
        }
        size = n;
        for (int i = (n >>> 1) - 1; i >= 0; i--) {
            siftDown(i, keys[i], items[i]);
        }
    }

    /** Start, then sequence (a non-negative int): the signed long order is the pair's order. */
    static long key(Interval v) {
        return (long) v.from() << 32 | v.sequence;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(Interval v) {
        if (size == keys.length) {
            keys = CompilerArrays.copyOf(keys, size * 2);
            items = CompilerArrays.copyOf(items, size * 2);
        }
        long k = key(v);
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (keys[parent] <= k) {
                break;
            }
            keys[i] = keys[parent];
            items[i] = items[parent];
            i = parent;
        }
        keys[i] = k;
        items[i] = v;
    }

    /** Removes and returns the interval with the smallest key; the queue must not be empty. */
    Interval poll() {
        Interval first = items[0];
        int last = --size;
        long k = keys[last];
        Interval v = items[last];
        items[last] = null;
        if (last > 0) {
            siftDown(0, k, v);
        }
        return first;
    }

    private void siftDown(int i, long k, Interval v) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && keys[right] < keys[child]) {
                child = right;
            }
            if (k <= keys[child]) {
                break;
            }
            keys[i] = keys[child];
            items[i] = items[child];
            i = child;
        }
        keys[i] = k;
        items[i] = v;
    }
}
