package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.asm.Gnu.LogicOp;

import jdk.vm.ci.code.Register;

/**
 * The bitmask-immediate encoder against every valid immediate, enumerated here from the definition
 * (a rotated run of ones in a 2..64-bit element, replicated), each emitted and read back by objdump,
 * and against values that are not bitmask immediates.
 */
class LogicalImmediateTest {
    /** All bitmask immediates of a {@code size}-bit operation, zero-extended, by construction. */
    static TreeSet<Long> allImmediates(int size) {
        TreeSet<Long> all = new TreeSet<>(Long::compareUnsigned);
        for (int e = 2; e <= size; e *= 2) {
            long mask = e == 64 ? -1L : (1L << e) - 1;
            for (int ones = 1; ones < e; ones++) {
                long run = (1L << ones) - 1;
                for (int rot = 0; rot < e; rot++) {
                    long element = ((run >>> rot) | (run << (e - rot))) & mask;
                    long value = 0;
                    for (int at = 0; at < size; at += e) {
                        value |= element << at;
                    }
                    all.add(value);
                }
            }
        }
        return all;
    }

    @Test
    void countsMatchTheArchitecture() {
        assertEquals(5334, allImmediates(64).size());
        assertEquals(1302, allImmediates(32).size());
    }

    @Test
    void everyValidImmediateEncodesAndObjdumpAgrees() {
        for (int size : SIZES) {
            ObjdumpCheck c = new ObjdumpCheck("logical immediates, " + size + "-bit", 1 << 18);
            int k = 0;
            for (long imm : allImmediates(size)) {
                assertTrue(LogicalImmediate.isEncodable(imm, size), Long.toHexString(imm));
                assertTrue(Aarch64Assembler.isLogicalImmediate(imm, size));
                Register d = GPRS_SP.get(k % 32);
                Register d2 = GPRS_ZR.get((k * 7) % 32);
                Register n = GPRS_ZR.get((k * 13 + 1) % 32);
                c.add(logicalImmediate(LogicOp.AND, size, d, n, imm), a -> a.and(size, d, n, imm));
                c.add(logicalImmediate(LogicOp.ORR, size, d, zr, imm), a -> a.orr(size, d, zr, imm));
                c.add(logicalImmediate(LogicOp.EOR, size, d, n, imm), a -> a.eor(size, d, n, imm));
                c.add(logicalImmediate(LogicOp.ANDS, size, d2, n, imm), a -> a.ands(size, d2, n, imm));
                c.add(logicalImmediate(LogicOp.ANDS, size, zr, n, imm), a -> a.tst(size, n, imm));
                k++;
            }
            c.verify();
        }
    }

    @Test
    void thirtyTwoBitImmediatesMayBeSignExtended() {
        ObjdumpCheck c = new ObjdumpCheck("32-bit logical immediates given as int");
        c.add("and w0, w1, #0xffff0000", a -> a.and(32, r0, r1, 0xffff0000));
        c.add("and w0, w1, #0xffff0000", a -> a.and(32, r0, r1, 0xffff0000L));
        c.add("orr w2, w3, #0x80000000", a -> a.orr(32, r2, r3, Integer.MIN_VALUE));
        c.verify();
        assertEquals(LogicalImmediate.encode(0xfffffffeL, 32), LogicalImmediate.encode(-2, 32));
        assertFalse(LogicalImmediate.isEncodable(0x1_0000_0001L, 32), "bits above 32 that are not a sign extension");
        assertFalse(LogicalImmediate.isEncodable(0xffff_fffe_0000_0001L, 32));
    }

    @Test
    void everythingElseIsRefused() {
        for (int size : SIZES) {
            TreeSet<Long> valid = allImmediates(size);
            long mask = size == 64 ? -1L : 0xffff_ffffL;
            // Every valid immediate with one bit flipped, and random values.
            Random random = new Random(42);
            int refused = 0;
            for (long imm : valid) {
                for (int bit = 0; bit < size; bit++) {
                    long v = imm ^ (1L << bit);
                    assertEquals(valid.contains(v), LogicalImmediate.isEncodable(v, size), Long.toHexString(v));
                    refused += valid.contains(v) ? 0 : 1;
                }
            }
            for (int i = 0; i < 200_000; i++) {
                long v = random.nextLong() & mask;
                assertEquals(valid.contains(v), LogicalImmediate.isEncodable(v, size), Long.toHexString(v));
            }
            assertTrue(refused > valid.size() * size / 2, "refused " + refused);
            assertFalse(LogicalImmediate.isEncodable(0, size));
            assertFalse(LogicalImmediate.isEncodable(mask, size));
            assertFalse(LogicalImmediate.isEncodable(-1, size));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().orr(size, r0, r1, 0x1234));
            assertEquals("0x1234 is not a " + size + "-bit logical (bitmask) immediate", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().and(size, r0, r1, 0));
        }
        assertThrows(IllegalArgumentException.class, () -> LogicalImmediate.isEncodable(1, 16));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().ands(64, sp, r1, 1), "ands writes zr, not sp");
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().and(64, zr, r1, 1), "and (immediate) writes sp, not zr");
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().and(64, r0, sp, 1), "rn is zr-form");
    }
}
