package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/**
 * movz/movn/movk; {@code mov(size, rd, imm)}, judged by what the printed instructions compute and
 * by the promised length; the fixed-length forms and their patching.
 */
class MoveWideTest {
    private static final int[] IMM16 = {0, 1, 0x7f, 0x1234, 0x7fff, 0x8000, 0xfffe, 0xffff};

    @Test
    void movzMovnMovk() {
        ObjdumpCheck c = new ObjdumpCheck("movz/movn/movk");
        int k = 0;
        for (int size : SIZES) {
            for (int shift = 0; shift < size; shift += 16) {
                for (int imm : IMM16) {
                    int s = shift;
                    Register d = GPRS_ZR.get(k++ & 31);
                    c.add(movz(size, d, imm, s), a -> a.movz(size, d, imm, s));
                    c.add(movn(size, d, imm, s), a -> a.movn(size, d, imm, s));
                    c.add(movk(size, d, imm, s), a -> a.movk(size, d, imm, s));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.movz(32, r0, 1, 32));
        assertThrows(IllegalArgumentException.class, () -> a.movz(64, r0, 1, 64));
        assertThrows(IllegalArgumentException.class, () -> a.movk(64, r0, 1, 8));
        assertThrows(IllegalArgumentException.class, () -> a.movn(64, r0, 0x10000, 0));
        assertThrows(IllegalArgumentException.class, () -> a.movn(64, r0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> a.movz(64, sp, 1, 0));
        assertEquals(0, a.position());
    }

    private static final Pattern MOVE = Pattern.compile("(mov|movz|movn|movk|orr) ([wx])(\\d+|zr), (?:[wx]zr, )?#0x([0-9a-f]+)(?:, lsl #(\\d+))?");

    /** What the printed sequence leaves in its register, or null if it is not a constant load of that register. */
    static Long evaluate(List<String> texts, String register) {
        long v = 0;
        for (String t : texts) {
            Matcher m = MOVE.matcher(t);
            if (!m.matches() || !register.equals(m.group(2) + m.group(3))) {
                return null;
            }
            long imm = Long.parseUnsignedLong(m.group(4), 16);
            int shift = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
            v = switch (m.group(1)) {
                case "mov", "orr" -> imm;
                case "movz" -> imm << shift;
                case "movn" -> ~(imm << shift);
                default -> (v & ~(0xffffL << shift)) | imm << shift;
            };
        }
        return register.startsWith("w") ? v & 0xffff_ffffL : v;
    }

    /**
     * The length {@link Aarch64Assembler#mov(int, Register, long)} promises: 1 when a movz, movn or
     * orr does it; for 32 bits 2; for 64 bits the smaller of movz/movn plus a movk per other halfword,
     * and 2 when a bitmask immediate matches three of the four halfwords.
     */
    static int promisedLength(long value, int size, TreeSet<Long> bitmasks) {
        if (isSingleMoveWide(value, size) || bitmasks.contains(value)) {
            return 1;
        }
        if (size == 32) {
            return 2;
        }
        int zeros = 0;
        int ones = 0;
        for (int i = 0; i < 4; i++) {
            long h = (value >>> (16 * i)) & 0xffff;
            zeros += h == 0 ? 1 : 0;
            ones += h == 0xffff ? 1 : 0;
        }
        int wide = 4 - Math.max(zeros, ones);
        for (int i = 0; i < 4 && wide > 2; i++) {
            long others = ~(0xffffL << (16 * i));
            for (long b : bitmasks) {
                if ((b & others) == (value & others)) {
                    return 2;
                }
            }
        }
        return wide;
    }

    static List<Long> values(int size) {
        List<Long> v = new ArrayList<>(List.of(0L, 1L, -1L, 0xffffL, 0x10000L, 0xffff0000L, 0x12345678L, 0x80000000L, 0x7fffffffL,
                0xffff1234L, 0x1234ffffL, 0x0f0f0f0fL, 0xfffffffeL, (long) Integer.MIN_VALUE));
        if (size == 64) {
            v.addAll(List.of(0x1234_0000_5678L, Long.MIN_VALUE, Long.MAX_VALUE, 0xffff_ffff_0000_0000L, 0x5555_5555_5555_5555L,
                    0x00ff_00ff_00ff_00ffL, 0x5555_5555_5555_1234L, 0x00ff_00ff_1234_00ffL, 0x0000_00ff_ffff_1234L, 0x1234_5678_9abc_def0L,
                    0xffff_1234_ffff_5678L, 0x0000_1234_ffff_5678L, 0xdead_beef_0000_0000L, 0x0000_7fff_ffff_fff0L, 0x7ff8_0000_0000_0000L,
                    0xbff0_0000_0000_0000L));
        }
        Random random = new Random(7);
        for (int i = 0; i < 600; i++) {
            long r = random.nextLong();
            // Some halfwords forced to 0 or 0xffff, the common shapes of real constants.
            for (int h = 0; h < 4; h++) {
                int pick = random.nextInt(4);
                if (pick == 0) {
                    r &= ~(0xffffL << (16 * h));
                } else if (pick == 1) {
                    r |= 0xffffL << (16 * h);
                }
            }
            v.add(size == 32 ? r & 0xffff_ffffL : r);
        }
        return v;
    }

    @Test
    void movImmediateComputesTheValueInThePromisedLength() {
        ObjdumpCheck c = new ObjdumpCheck("mov rd, #imm sequences");
        for (int size : SIZES) {
            TreeSet<Long> bitmasks = LogicalImmediateTest.allImmediates(size);
            int k = 0;
            for (long value : values(size)) {
                Register d = GPRS_ZR.get(k++ % 31);
                String name = reg(size, d);
                int length = promisedLength(value, size, bitmasks);
                c.add(name + " = 0x" + Long.toHexString(value), a -> a.mov(size, d, value), texts -> {
                    Long got = evaluate(texts, name);
                    if (got == null || got != (size == 32 ? value & 0xffff_ffffL : value)) {
                        return "computes " + (got == null ? "no constant" : "0x" + Long.toHexString(got)) + ": " + texts;
                    }
                    return texts.size() == length ? null : texts.size() + " instructions, promised " + length + ": " + texts;
                });
            }
        }
        // A 32-bit value may be given sign-extended.
        c.add(List.of("mov w3, #0xffff8000"), a -> a.mov(32, r3, -0x8000));
        c.add(List.of("mov x3, #0xffffffffffff8000"), a -> a.mov(64, r3, -0x8000));
        c.add(List.of("mov x4, #0x5555555555555555", "movk x4, #0x1234"), a -> a.mov(64, r4, 0x5555_5555_5555_1234L));
        c.add(List.of("mov x5, #0x5678", "movk x5, #0x1234, lsl #32"), a -> a.mov(64, r5, 0x1234_0000_5678L));
        c.add(List.of("mov x6, #0xffffffffffff5678", "movk x6, #0x1234, lsl #32"), a -> a.mov(64, r6, 0xffff_1234_ffff_5678L));
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().mov(32, r0, 0x1_0000_0000L));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().mov(64, sp, 1));
    }

    @Test
    void fixedLengthFormsAndTheirPatching() {
        ObjdumpCheck c = new ObjdumpCheck("movImm48Fixed/movImm64Fixed");
        Aarch64Assembler a = c.asm();
        int[] at = new int[4];
        c.add(List.of("mov x0, #0x0", "movk x0, #0x0, lsl #16", "movk x0, #0x0, lsl #32"), x -> at[0] = x.movImm48Fixed(r0, 0));
        c.add(List.of("mov x9, #0x5678", "movk x9, #0x1234, lsl #16", "movk x9, #0xffff, lsl #32"),
                x -> at[1] = x.movImm48Fixed(r9, 0xffff_1234_5678L));
        c.add(List.of("mov x17, #0xdef0", "movk x17, #0x9abc, lsl #16", "movk x17, #0x5678, lsl #32", "movk x17, #0x1234, lsl #48"),
                x -> at[2] = x.movImm64Fixed(r17, 0x1234_5678_9abc_def0L));
        // Emitted with one value, patched to the expected one.
        c.add(List.of("mov x30, #0x3000", "movk x30, #0x2000, lsl #16", "movk x30, #0x1000, lsl #32", "movk x30, #0xffff, lsl #48"),
                x -> at[3] = x.movImm64Fixed(r30, -1));
        a.patchMovImm64Fixed(at[3], 0xffff_1000_2000_3000L);
        assertEquals(0, at[0]);
        assertEquals(12, at[1]);
        assertEquals(24, at[2]);
        assertEquals(40, at[3]);
        c.verify();

        Aarch64Assembler b = new Aarch64Assembler();
        int p = b.movImm48Fixed(r2, 0x7fff_0000_0001L);
        b.patchMovImm48Fixed(p, 0xffff_ffff_ffffL);
        assertEquals(0xf2dfffe2, b.intAt(8), "movk x2, #0xffff, lsl #32");
        assertThrows(IllegalArgumentException.class, () -> b.patchMovImm48Fixed(p, 1L << 48));
        assertThrows(IllegalArgumentException.class, () -> b.patchMovImm64Fixed(p, 1), "only three instructions there");
        assertThrows(IllegalArgumentException.class, () -> b.patchMovImm48Fixed(4, 1), "not at a movz");
        assertThrows(IllegalArgumentException.class, () -> b.movImm48Fixed(r0, 1L << 48));
        assertThrows(IllegalArgumentException.class, () -> b.movImm48Fixed(r0, -1));
    }
}
