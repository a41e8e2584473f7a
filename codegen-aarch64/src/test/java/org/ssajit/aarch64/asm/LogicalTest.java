package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.asm.Gnu.*;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.asm.Gnu.LogicOp;

import jdk.vm.ci.code.Register;

/** and/orr/eor/ands/bic/orn/eon/bics (shifted register); tst, mov, mvn. The immediate forms: {@link LogicalImmediateTest}. */
class LogicalTest {
    static void emit(Aarch64Assembler a, LogicOp op, int size, Register d, Register n, Register m, ShiftType s, int amount) {
        switch (op) {
            case AND -> a.and(size, d, n, m, s, amount);
            case ORR -> a.orr(size, d, n, m, s, amount);
            case EOR -> a.eor(size, d, n, m, s, amount);
            case ANDS -> a.ands(size, d, n, m, s, amount);
            case BIC -> a.bic(size, d, n, m, s, amount);
            case ORN -> a.orn(size, d, n, m, s, amount);
            case EON -> a.eon(size, d, n, m, s, amount);
            case BICS -> a.bics(size, d, n, m, s, amount);
        }
    }

    static void emit(Aarch64Assembler a, LogicOp op, int size, Register d, Register n, Register m) {
        switch (op) {
            case AND -> a.and(size, d, n, m);
            case ORR -> a.orr(size, d, n, m);
            case EOR -> a.eor(size, d, n, m);
            case ANDS -> a.ands(size, d, n, m);
            case BIC -> a.bic(size, d, n, m);
            case ORN -> a.orn(size, d, n, m);
            case EON -> a.eon(size, d, n, m);
            case BICS -> a.bics(size, d, n, m);
        }
    }

    @Test
    void allRegisterPairs() {
        ObjdumpCheck c = new ObjdumpCheck("logical (shifted register), 32x32 registers");
        for (LogicOp op : LogicOp.values()) {
            for (int size : SIZES) {
                for (int i = 0; i < 32; i++) {
                    for (int j = 0; j < 32; j++) {
                        Register n = GPRS_ZR.get(i);
                        Register m = GPRS_ZR.get(j);
                        Register d = GPRS_ZR.get((5 * i + j + 1) & 31);
                        c.add(logicalShifted(op, size, d, n, m, ShiftType.LSL, 0), a -> emit(a, op, size, d, n, m));
                    }
                }
            }
        }
        c.verify();
    }

    @Test
    void everyShiftIncludingRor() {
        ObjdumpCheck c = new ObjdumpCheck("logical shifts");
        for (LogicOp op : LogicOp.values()) {
            for (int size : SIZES) {
                for (ShiftType s : ShiftType.values()) {
                    for (int amount = 0; amount < size; amount++) {
                        int k = amount;
                        Register d = GPRS_ZR.get((amount * 3 + s.ordinal()) & 31);
                        Register n = GPRS_ZR.get((amount * 7 + 31) & 31);
                        Register m = GPRS_ZR.get((amount * 5 + 2) & 31);
                        c.add(logicalShifted(op, size, d, n, m, s, k), a -> emit(a, op, size, d, n, m, s, k));
                    }
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.and(32, r0, r1, r2, ShiftType.ROR, 32));
        assertThrows(IllegalArgumentException.class, () -> a.orr(64, r0, r1, r2, ShiftType.LSL, 64));
        assertThrows(IllegalArgumentException.class, () -> a.eor(64, sp, r1, r2), "the register forms write zr, not sp");
        assertThrows(IllegalArgumentException.class, () -> a.orr(64, r0, sp, r2));
        assertThrows(IllegalArgumentException.class, () -> a.orr(64, r0, r1, v2));
    }

    @Test
    void aliases() {
        ObjdumpCheck c = new ObjdumpCheck("tst/mov/mvn");
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                Register n = GPRS_ZR.get(i);
                Register m = GPRS_ZR.get((i * 11 + 5) & 31);
                c.add(logicalShifted(LogicOp.ANDS, size, zr, n, m, ShiftType.LSL, 0), a -> a.tst(size, n, m));
                c.add(logicalShifted(LogicOp.ANDS, size, zr, n, m, ShiftType.ROR, 7), a -> a.tst(size, n, m, ShiftType.ROR, 7));
                c.add(logicalShifted(LogicOp.ORN, size, n, zr, m, ShiftType.LSL, 0), a -> a.mvn(size, n, m));
                c.add(logicalShifted(LogicOp.ORN, size, n, zr, m, ShiftType.LSR, 31), a -> a.mvn(size, n, m, ShiftType.LSR, 31));
                c.add(logicalShifted(LogicOp.ORR, size, n, zr, m, ShiftType.LSL, 0), a -> a.mov(size, n, m));
                // A shifted orr from zr is not a mov.
                c.add(logicalShifted(LogicOp.ORR, size, n, zr, m, ShiftType.LSL, 1), a -> a.orr(size, n, zr, m, ShiftType.LSL, 1));
            }
        }
        c.verify();
    }
}
