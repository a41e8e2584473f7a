package org.ssajit.util;

/**
 * A set of ints for the compiler's hot loops: open addressing, no boxing, and a {@link #clear} that
 * costs nothing (each slot is stamped with the generation that filled it), so one set serves every
 * op of a compile.
 */
public final class IntSet {
    private int[] keys = new int[16];
    private int[] stamps = new int[16];
    private int generation = 1;
    private int size;

    /** Adds {@code key}; whether it was absent. */
    public boolean add(int key) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (stamps[i] == generation) {
            if (keys[i] == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        stamps[i] = generation;
        keys[i] = key;
        size++;
        return true;
    }

    public void clear() {
        size = 0;
        if (++generation == 0) {
            ArrayFill.fill(stamps, 0);
            generation = 1;
        }
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private void grow() {
        int[] oldKeys = keys;
        int[] oldStamps = stamps;
        int g = generation;
        keys = new int[oldKeys.length * 2];
        stamps = new int[oldKeys.length * 2];
        generation = 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldStamps[i] == g) {
                add(oldKeys[i]);
            }
        }
    }
}
