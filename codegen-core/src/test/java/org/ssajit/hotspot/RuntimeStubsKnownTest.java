package org.ssajit.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStubs.Known}, the stub addresses by key and shape that spare the frame builders a
 * stub's name at every use, against a map as the oracle: a stub is found only under both numbers it
 * was recorded with, the first address recorded stays, and the table grows past its first size.
 */
class RuntimeStubsKnownTest {
    @Test
    void findsWhatWasAddedUnderBothNumbersOnly() {
        Random r = new Random(5);
        for (int round = 0; round < 50; round++) {
            RuntimeStubs.Known known = new RuntimeStubs.Known();
            Map<String, Long> oracle = new HashMap<>();
            for (int step = 0; step < 200; step++) {
                long key = 0x7f00_0000_0000L + r.nextInt(12) * 16L; // addresses that share high bits
                int shape = r.nextInt(4);
                String k = key + "/" + shape;
                if (r.nextBoolean()) {
                    long address = 0x7e00_0000_0000L + r.nextInt(1 << 20) * 32L + 32;
                    known.add(key, shape, address);
                    oracle.putIfAbsent(k, address);
                }
                assertEquals(oracle.getOrDefault(k, 0L), known.find(key, shape), k);
            }
        }
    }

    @Test
    void refusesAddressZero() {
        assertThrows(IllegalArgumentException.class, () -> new RuntimeStubs.Known().add(1, 0, 0));
    }
}
