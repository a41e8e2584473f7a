package org.ssajit.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link Bits} against {@link BitSet} as the oracle: the same random operations on both, every query
 * compared after each, over sets of a few bits to a few words, ranges across word boundaries included.
 */
class BitsTest {
    private static final int SETS = 3;

    @Test
    void randomOperationsAgreeWithBitSet() {
        for (long seed = 1; seed <= 300; seed++) {
            Random r = new Random(seed);
            int range = 1 + r.nextInt(seed % 3 == 0 ? 400 : 70);
            Bits[] bits = new Bits[SETS];
            BitSet[] oracle = new BitSet[SETS];
            for (int s = 0; s < SETS; s++) {
                int room = r.nextInt(3) * r.nextInt(200);
                bits[s] = new Bits(room);
                oracle[s] = new BitSet(room);
            }
            for (int step = 0; step < 200; step++) {
                int s = r.nextInt(SETS);
                int t = r.nextInt(SETS);
                int i = r.nextInt(range);
                int j = i + r.nextInt(range - i + 1);
                String what = "seed " + seed + ", step " + step;
                switch (r.nextInt(10)) {
                    case 0, 1 -> { bits[s].set(i); oracle[s].set(i); }
                    case 2 -> { bits[s].set(i, j); oracle[s].set(i, j); }
                    case 3 -> { bits[s].clear(i); oracle[s].clear(i); }
                    case 4 -> { bits[s].clear(i, j); oracle[s].clear(i, j); }
                    case 5 -> { bits[s].or(bits[t]); oracle[s].or(oracle[t]); }
                    case 6 -> { bits[s].andNot(bits[t]); oracle[s].andNot(oracle[t]); }
                    case 7 -> {
                        if (r.nextInt(8) == 0) {
                            bits[s].clear();
                            oracle[s].clear();
                        }
                    }
                    case 8 -> {
                        bits[s] = bits[t].copy();
                        oracle[s] = (BitSet) oracle[t].clone();
                    }
                    default -> assertEquals(oracle[s].get(i), bits[s].get(i), what);
                }
                for (int k = 0; k < SETS; k++) {
                    check(oracle[k], bits[k], range, what + ", set " + k);
                    for (int m = 0; m < SETS; m++) {
                        assertEquals(oracle[k].equals(oracle[m]), bits[k].equals(bits[m]), what + ": equals " + k + " " + m);
                        if (bits[k].equals(bits[m])) {
                            assertEquals(bits[k].hashCode(), bits[m].hashCode(), what);
                        }
                    }
                }
            }
        }
    }

    private static void check(BitSet oracle, Bits bits, int range, String what) {
        assertEquals(oracle.cardinality(), bits.cardinality(), what + ": cardinality");
        assertEquals(oracle.length(), bits.length(), what + ": length");
        assertEquals(oracle.isEmpty(), bits.isEmpty(), what + ": isEmpty");
        assertEquals(oracle.toString(), bits.toString(), what);
        for (int i = 0; i <= range + 64; i++) {
            assertEquals(oracle.get(i), bits.get(i), what + ": get " + i);
            assertEquals(oracle.nextSetBit(i), bits.nextSetBit(i), what + ": nextSetBit " + i);
        }
    }

    @Test
    void setsOfDifferentRoomAreEqualByTheirMembers() {
        Bits small = new Bits(1);
        Bits large = new Bits(1000);
        small.set(3);
        large.set(3);
        large.set(900);
        large.clear(900);
        assertTrue(small.equals(large) && large.equals(small));
        assertEquals(small.hashCode(), large.hashCode());
        large.set(64);
        assertNotEquals(small, large);
        assertFalse(small.equals(new BitSet()), "only another Bits");
    }

    @Test
    void negativeIndexesAndBackwardRangesThrowAsBitSetDoes() {
        Bits b = new Bits();
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> b.get(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> b.nextSetBit(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(5, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> b.clear(-1, 4));
        assertThrows(NegativeArraySizeException.class, () -> new Bits(-1));
    }
}
