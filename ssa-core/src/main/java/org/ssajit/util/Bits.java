package org.ssajit.util;

import java.util.Arrays;

/**
 * A growable set of small non-negative ints in 64-bit words, with the operations of
 * {@link java.util.BitSet} that the compiler's analyses use (block sets, liveness), and their meaning.
 * The compiler's own rather than the JDK's: ssajit runs in the program's JVM, where JDK methods it
 * calls in every compile become hot and are compiled at tier 4 on its behalf (the compiler's modules
 * are left to C1, so this class's methods never are). No method calls JDK code but
 * {@link Arrays#copyOf} and {@link Long}'s bit counts (intrinsics).
 */
public final class Bits {
    private long[] words;

    /** An empty set. */
    public Bits() {
        this(64);
    }

    /** An empty set with room for ints below {@code bits} before it grows. */
    public Bits(int bits) {
        if (bits < 0) {
            throw new NegativeArraySizeException("bits < 0: " + bits);
        }
        words = new long[IntMath.max(1, (bits + 63) >>> 6)];
    }

    private Bits(long[] words) {
        this.words = words;
    }

    /** A set of its own with the same members. */
    public Bits copy() {
        return new Bits(words.clone());
    }

    private void ensureWords(int n) {
        if (n > words.length) {
            words = CompilerArrays.copyOf(words, IntMath.max(n, 2 * words.length));
        }
    }

    private static void checkIndex(int i) {
        if (i < 0) {
            throw new IndexOutOfBoundsException("index < 0: " + i);
        }
    }

    private static void checkRange(int from, int to) {
        if (from < 0 || to < 0 || from > to) {
            throw new IndexOutOfBoundsException("from " + from + ", to " + to);
        }
    }

    public boolean get(int i) {
        checkIndex(i);
        int w = i >>> 6;
        return w < words.length && (words[w] & (1L << i)) != 0;
    }

    public void set(int i) {
        checkIndex(i);
        int w = i >>> 6;
        ensureWords(w + 1);
        words[w] |= 1L << i;
    }

    /** Adds every int from {@code from} (inclusive) to {@code to} (exclusive). */
    public void set(int from, int to) {
        checkRange(from, to);
        if (from == to) {
            return;
        }
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        ensureWords(last + 1);
        long firstMask = -1L << from;
        long lastMask = -1L >>> -to;
        if (first == last) {
            words[first] |= firstMask & lastMask;
            return;
        }
        words[first] |= firstMask;
        for (int w = first + 1; w < last; w++) {
            words[w] = -1L;
        }
        words[last] |= lastMask;
    }

    public void clear(int i) {
        checkIndex(i);
        int w = i >>> 6;
        if (w < words.length) {
            words[w] &= ~(1L << i);
        }
    }

    /** Removes every int from {@code from} (inclusive) to {@code to} (exclusive). */
    public void clear(int from, int to) {
        checkRange(from, to);
        int limit = words.length << 6;
        if (from >= limit || from == to) {
            return;
        }
        to = IntMath.min(to, limit);
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        long firstMask = -1L << from;
        long lastMask = -1L >>> -to;
        if (first == last) {
            words[first] &= ~(firstMask & lastMask);
            return;
        }
        words[first] &= ~firstMask;
        for (int w = first + 1; w < last; w++) {
            words[w] = 0;
        }
        words[last] &= ~lastMask;
    }

    /** Removes every member. */
    public void clear() {
        ArrayFill.fill(words, 0);
    }

    /** The smallest member at or above {@code from}, or -1. */
    public int nextSetBit(int from) {
        checkIndex(from);
        int w = from >>> 6;
        if (w >= words.length) {
            return -1;
        }
        long word = words[w] & (-1L << from);
        while (true) {
            if (word != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++w == words.length) {
                return -1;
            }
            word = words[w];
        }
    }

    /** One more than the largest member, or 0 for the empty set. */
    public int length() {
        for (int w = words.length - 1; w >= 0; w--) {
            if (words[w] != 0) {
                return (w << 6) + 64 - Long.numberOfLeadingZeros(words[w]);
            }
        }
        return 0;
    }

    public boolean isEmpty() {
        for (long w : words) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    /** How many members. */
    public int cardinality() {
        int n = 0;
        for (long w : words) {
            n += Long.bitCount(w);
        }
        return n;
    }

    /** Adds the members of {@code other}. */
    public void or(Bits other) {
        long[] o = other.words;
        int n = o.length;
        while (n > 0 && o[n - 1] == 0) {
            n--;
        }
        ensureWords(n);
        for (int w = 0; w < n; w++) {
            words[w] |= o[w];
        }
    }

    /** Removes the members of {@code other}. */
    public void andNot(Bits other) {
        long[] o = other.words;
        int n = IntMath.min(words.length, o.length);
        for (int w = 0; w < n; w++) {
            words[w] &= ~o[w];
        }
    }

    /** Whether {@code o} is a set of the same members (however much room each has). */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Bits b)) {
            return false;
        }
        long[] x = words;
        long[] y = b.words;
        int common = IntMath.min(x.length, y.length);
        for (int w = 0; w < common; w++) {
            if (x[w] != y[w]) {
                return false;
            }
        }
        for (int w = common; w < x.length; w++) {
            if (x[w] != 0) {
                return false;
            }
        }
        for (int w = common; w < y.length; w++) {
            if (y[w] != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        long h = 1234;
        for (int w = length() + 63 >>> 6; --w >= 0;) {
            h ^= words[w] * (w + 1);
        }
        return (int) (h >> 32 ^ h);
    }

    /** The members in increasing order, as {@code {1, 5, 7}}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = nextSetBit(0); i >= 0; i = nextSetBit(i + 1)) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(i);
        }
        return sb.append('}').toString();
    }
}
