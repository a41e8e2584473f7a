package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** add/adds/sub/subs in the shifted-register, extended-register and immediate forms; cmp, cmn, neg, negs, register mov. */
class ArithmeticTest {
    /** The four operations: sub?, set flags?. */
    private enum Op {
        ADD(false, false), ADDS(false, true), SUB(true, false), SUBS(true, true);

        final boolean sub;
        final boolean flags;

        Op(boolean sub, boolean flags) {
            this.sub = sub;
            this.flags = flags;
        }

        void emit(Aarch64Assembler a, int size, Register d, Register n, Register m, ShiftType s, int amount) {
            switch (this) {
                case ADD -> a.add(size, d, n, m, s, amount);
                case ADDS -> a.adds(size, d, n, m, s, amount);
                case SUB -> a.sub(size, d, n, m, s, amount);
                case SUBS -> a.subs(size, d, n, m, s, amount);
            }
        }

        void emit(Aarch64Assembler a, int size, Register d, Register n, Register m, ExtendType e, int amount) {
            switch (this) {
                case ADD -> a.add(size, d, n, m, e, amount);
                case ADDS -> a.adds(size, d, n, m, e, amount);
                case SUB -> a.sub(size, d, n, m, e, amount);
                case SUBS -> a.subs(size, d, n, m, e, amount);
            }
        }

        void emit(Aarch64Assembler a, int size, Register d, Register n, long imm) {
            switch (this) {
                case ADD -> a.add(size, d, n, imm);
                case ADDS -> a.adds(size, d, n, imm);
                case SUB -> a.sub(size, d, n, imm);
                case SUBS -> a.subs(size, d, n, imm);
            }
        }

        void emit(Aarch64Assembler a, int size, Register d, Register n, Register m) {
            switch (this) {
                case ADD -> a.add(size, d, n, m);
                case ADDS -> a.adds(size, d, n, m);
                case SUB -> a.sub(size, d, n, m);
                case SUBS -> a.subs(size, d, n, m);
            }
        }
    }

    @Test
    void allRegisterPairsShifted() {
        ObjdumpCheck c = new ObjdumpCheck("add/sub (shifted register), 32x32 registers");
        for (Op op : Op.values()) {
            for (int size : SIZES) {
                for (int i = 0; i < 32; i++) {
                    for (int j = 0; j < 32; j++) {
                        Register n = GPRS_ZR.get(i);
                        Register m = GPRS_ZR.get(j);
                        Register d = GPRS_ZR.get((i + 3 * j + 7) & 31);
                        c.add(addSubShifted(op.sub, op.flags, size, d, n, m, ShiftType.LSL, 0), a -> op.emit(a, size, d, n, m));
                    }
                }
            }
        }
        c.verify();
    }

    @Test
    void everyShiftAndAmount() {
        ObjdumpCheck c = new ObjdumpCheck("add/sub shifts");
        for (Op op : Op.values()) {
            for (int size : SIZES) {
                for (ShiftType s : List.of(ShiftType.LSL, ShiftType.LSR, ShiftType.ASR)) {
                    for (int amount = 0; amount < size; amount++) {
                        int k = amount;
                        Register d = GPRS_ZR.get((amount * 5) & 31);
                        Register n = GPRS_ZR.get((amount * 7 + 1) & 31);
                        Register m = GPRS_ZR.get((amount * 11 + 2) & 31);
                        c.add(addSubShifted(op.sub, op.flags, size, d, n, m, s, k), a -> op.emit(a, size, d, n, m, s, k));
                    }
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, r1, r2, ShiftType.ROR, 1));
        assertThrows(IllegalArgumentException.class, () -> a.add(32, r0, r1, r2, ShiftType.LSL, 32));
        assertThrows(IllegalArgumentException.class, () -> a.sub(64, r0, r1, r2, ShiftType.ASR, 64));
        assertThrows(IllegalArgumentException.class, () -> a.sub(64, r0, r1, r2, ShiftType.ASR, -1));
        assertThrows(IllegalArgumentException.class, () -> a.add(16, r0, r1, r2));
        assertEquals(0, a.position());
    }

    @Test
    void extendedRegisterEveryExtendAndShift() {
        ObjdumpCheck c = new ObjdumpCheck("add/sub (extended register)");
        int k = 0;
        for (Op op : Op.values()) {
            for (int size : SIZES) {
                for (ExtendType e : ExtendType.values()) {
                    for (int amount = 0; amount <= 4; amount++) {
                        int sh = amount;
                        // rd and rn cycle through sp, zr (rd of adds/subs) and ordinary registers.
                        for (int variant = 0; variant < 4; variant++, k++) {
                            Register d = switch (variant) {
                                case 0 -> op.flags ? zr : sp;
                                case 1 -> GPRS.get(k % 31);
                                default -> GPRS.get((k * 3) % 31);
                            };
                            Register n = variant == 2 ? sp : GPRS.get((k * 5 + 1) % 31);
                            Register m = variant == 3 ? zr : GPRS.get((k * 7 + 2) % 31);
                            c.add(addSubExtended(op.sub, op.flags, size, d, n, m, e, sh), a -> op.emit(a, size, d, n, m, e, sh));
                        }
                    }
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, r1, r2, ExtendType.UXTW, 5));
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, r1, sp, ExtendType.UXTW, 0), "rm is zr-form");
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, zr, r2, ExtendType.UXTW, 0), "rn is sp-form");
        assertThrows(IllegalArgumentException.class, () -> a.adds(64, sp, r1, r2, ExtendType.UXTW, 0), "adds writes zr, not sp");
        assertThrows(IllegalArgumentException.class, () -> a.add(64, zr, r1, r2, ExtendType.UXTW, 0), "add (extended) writes sp, not zr");
    }

    @Test
    void immediatesAtTheirBoundaries() {
        ObjdumpCheck c = new ObjdumpCheck("add/sub (immediate)");
        long[] imms = {0, 1, 0x7ff, 0xffe, 0xfff, 0x1000, 0x2000, 0x7ff000, 0xffe000, 0xfff000};
        int k = 0;
        for (Op op : Op.values()) {
            for (int size : SIZES) {
                for (long imm : imms) {
                    for (int variant = 0; variant < 5; variant++, k++) {
                        Register d = switch (variant) {
                            case 0 -> op.flags ? zr : sp;
                            case 1 -> GPRS.get(k % 31);
                            default -> GPRS.get((k * 13) % 31);
                        };
                        Register n = variant == 2 || variant == 0 ? sp : GPRS.get((k * 5 + 1) % 31);
                        c.add(addSubImmediate(op.sub, op.flags, size, d, n, imm), a -> op.emit(a, size, d, n, imm));
                    }
                }
            }
        }
        c.verify();
        for (long bad : new long[] {-1, 0x1001, 0x1fff, 0xfff001, 0x1000000, Long.MIN_VALUE}) {
            assertFalse(Aarch64Assembler.isArithmeticImmediate(bad), Long.toHexString(bad));
            assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().add(64, r0, r1, bad));
        }
        for (long good : imms) {
            assertTrue(Aarch64Assembler.isArithmeticImmediate(good));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().add(64, r0, r1, -16));
        assertEquals("add/sub immediate must be 0..4095 or a multiple of 4096 up to 0xfff000, not -16 (use the opposite operation with 16)",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().add(64, zr, r1, 1), "add (immediate) writes sp, not zr");
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().subs(64, sp, r1, 1), "subs writes zr");
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().add(64, r0, zr, 1), "rn is sp-form");
    }

    @Test
    void stackPointerOperandsUseTheExtendedForm() {
        ObjdumpCheck c = new ObjdumpCheck("add/sub with sp");
        c.add("add sp, x1, x2", a -> a.add(64, sp, r1, r2));
        c.add("add x0, sp, x2, lsl #3", a -> a.add(64, r0, sp, r2, ShiftType.LSL, 3));
        c.add("sub sp, sp, x9", a -> a.sub(64, sp, sp, r9));
        c.add("sub wsp, w3, w4, lsl #4", a -> a.sub(32, sp, r3, r4, ShiftType.LSL, 4));
        c.add("adds x0, sp, x1", a -> a.adds(64, r0, sp, r1));
        c.add("cmp sp, x1", a -> a.cmp(64, sp, r1));
        c.add("cmn wsp, w2, lsl #2", a -> a.cmn(32, sp, r2, ShiftType.LSL, 2));
        c.add("add sp, sp, #0x10", a -> a.add(64, sp, sp, 16));
        c.add("sub sp, sp, #0x1, lsl #12", a -> a.sub(64, sp, sp, 4096));
        c.add("mov sp, x29", a -> a.mov(64, sp, r29));
        c.add("mov x29, sp", a -> a.mov(64, r29, sp));
        c.add("mov wsp, w3", a -> a.mov(32, sp, r3));
        c.add("mov sp, sp", a -> a.mov(64, sp, sp));
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.add(64, sp, r1, r2, ShiftType.LSR, 1));
        assertEquals("with sp as an operand only lsl #0..4 is encodable (extended-register form), not lsr #1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, sp, r2, ShiftType.LSL, 5));
        assertThrows(IllegalArgumentException.class, () -> a.adds(64, sp, r1, r2), "adds cannot write sp");
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, r1, sp), "the second source is never sp");
        assertThrows(IllegalArgumentException.class, () -> a.neg(64, sp, r1));
        assertThrows(IllegalArgumentException.class, () -> a.mov(64, sp, zr));
        assertThrows(IllegalArgumentException.class, () -> a.mov(64, zr, sp));
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, r31, r1), "r31 is ambiguous");
        assertThrows(IllegalArgumentException.class, () -> a.add(64, r0, v1, r1), "not a general register");
        assertEquals(0, a.position());
    }

    @Test
    void aliases() {
        ObjdumpCheck c = new ObjdumpCheck("cmp/cmn/neg/negs/mov");
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                Register n = GPRS_ZR.get(i);
                Register m = GPRS_ZR.get((i * 7 + 3) & 31);
                c.add(addSubShifted(true, true, size, zr, n, m, ShiftType.LSL, 0), a -> a.cmp(size, n, m));
                c.add(addSubShifted(true, true, size, zr, n, m, ShiftType.ASR, 3), a -> a.cmp(size, n, m, ShiftType.ASR, 3));
                Register ns = GPRS_SP.get(i);
                c.add(addSubExtended(true, true, size, zr, ns, m, ExtendType.SXTW, 2), a -> a.cmp(size, ns, m, ExtendType.SXTW, 2));
                c.add(addSubShifted(false, true, size, zr, n, m, ShiftType.LSL, 0), a -> a.cmn(size, n, m));
                c.add(addSubShifted(false, true, size, zr, n, m, ShiftType.LSR, 1), a -> a.cmn(size, n, m, ShiftType.LSR, 1));
                c.add(addSubExtended(false, true, size, zr, ns, m, ExtendType.UXTB, 0), a -> a.cmn(size, ns, m, ExtendType.UXTB, 0));
                c.add(addSubShifted(true, false, size, n, zr, m, ShiftType.LSL, 0), a -> a.neg(size, n, m));
                c.add(addSubShifted(true, false, size, n, zr, m, ShiftType.LSL, 5), a -> a.neg(size, n, m, ShiftType.LSL, 5));
                c.add(addSubShifted(true, true, size, n, zr, m, ShiftType.LSL, 0), a -> a.negs(size, n, m));
                c.add(addSubShifted(true, true, size, n, zr, m, ShiftType.ASR, 9), a -> a.negs(size, n, m, ShiftType.ASR, 9));
                c.add("mov " + reg(size, n) + ", " + reg(size, m), a -> a.mov(size, n, m));
                long imm = i * 128L;
                Register s = GPRS_SP.get(i);
                c.add(addSubImmediate(true, true, size, zr, s, imm), a -> a.cmp(size, s, imm));
                c.add(addSubImmediate(false, true, size, zr, s, imm << 12), a -> a.cmn(size, s, imm << 12));
            }
        }
        c.verify();
    }
}
