package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** csel/csinc/csinv/csneg and their aliases over every condition; ccmp/ccmn; {@link Condition} itself. */
class ConditionalTest {
    /**
     * objdump's text for a conditional select: with rn == rm and a condition other than al, csinc,
     * csinv and csneg print as cinc/cinv/cneg of the negated condition, csinc/csinv of zr as
     * cset/csetm.
     */
    static String select(String op, int size, Register d, Register n, Register m, Condition c) {
        if (!op.equals("csel") && c != Condition.AL && n == m) {
            String inv = cond(c.negate());
            return switch (op) {
                case "csinc" -> n == zr ? "cset " + reg(size, d) + ", " + inv : "cinc " + reg(size, d) + ", " + reg(size, n) + ", " + inv;
                case "csinv" -> n == zr ? "csetm " + reg(size, d) + ", " + inv : "cinv " + reg(size, d) + ", " + reg(size, n) + ", " + inv;
                default -> "cneg " + reg(size, d) + ", " + reg(size, n) + ", " + inv;
            };
        }
        return op + " " + reg(size, d) + ", " + reg(size, n) + ", " + reg(size, m) + ", " + cond(c);
    }

    @Test
    void selectsOverEveryCondition() {
        ObjdumpCheck c = new ObjdumpCheck("csel/csinc/csinv/csneg");
        int k = 0;
        for (int size : SIZES) {
            for (Condition cc : Condition.values()) {
                for (int variant = 0; variant < 12; variant++, k++) {
                    Register d = GPRS_ZR.get(k * 7 & 31);
                    Register n = variant == 0 ? zr : GPRS_ZR.get(k * 3 + 1 & 31);
                    Register m = variant < 3 ? n : variant == 3 ? zr : GPRS_ZR.get(k * 5 + 2 & 31);
                    c.add(select("csel", size, d, n, m, cc), a -> a.csel(size, d, n, m, cc));
                    c.add(select("csinc", size, d, n, m, cc), a -> a.csinc(size, d, n, m, cc));
                    c.add(select("csinv", size, d, n, m, cc), a -> a.csinv(size, d, n, m, cc));
                    c.add(select("csneg", size, d, n, m, cc), a -> a.csneg(size, d, n, m, cc));
                }
            }
        }
        c.verify();
    }

    @Test
    void aliasesOverEveryCondition() {
        ObjdumpCheck c = new ObjdumpCheck("cset/csetm/cinc/cinv/cneg");
        int k = 0;
        for (int size : SIZES) {
            for (Condition cc : Condition.values()) {
                if (cc == Condition.AL) {
                    continue;
                }
                for (int variant = 0; variant < 4; variant++, k++) {
                    Register d = GPRS_ZR.get(k * 7 + 3 & 31);
                    Register n = variant == 0 ? zr : GPRS_ZR.get(k * 3 & 31);
                    String cs = cond(cc);
                    c.add("cset " + reg(size, d) + ", " + cs, a -> a.cset(size, d, cc));
                    c.add("csetm " + reg(size, d) + ", " + cs, a -> a.csetm(size, d, cc));
                    // cinc/cinv of zr are cset/csetm: the same instruction.
                    c.add(n == zr ? "cset " + reg(size, d) + ", " + cs : "cinc " + reg(size, d) + ", " + reg(size, n) + ", " + cs,
                            a -> a.cinc(size, d, n, cc));
                    c.add(n == zr ? "csetm " + reg(size, d) + ", " + cs : "cinv " + reg(size, d) + ", " + reg(size, n) + ", " + cs,
                            a -> a.cinv(size, d, n, cc));
                    c.add("cneg " + reg(size, d) + ", " + reg(size, n) + ", " + cs, a -> a.cneg(size, d, n, cc));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.cset(64, r0, Condition.AL));
        assertEquals("al has no negation", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.cneg(64, r0, r1, Condition.AL));
        assertThrows(NullPointerException.class, () -> a.csel(64, r0, r1, r2, null));
        assertThrows(IllegalArgumentException.class, () -> a.csel(64, sp, r1, r2, Condition.EQ));
        assertEquals(0, a.position());
    }

    @Test
    void conditionalCompares() {
        ObjdumpCheck c = new ObjdumpCheck("ccmp/ccmn");
        int k = 0;
        for (int size : SIZES) {
            for (Condition cc : Condition.values()) {
                for (int nzcv = 0; nzcv < 16; nzcv++, k++) {
                    int flags = nzcv;
                    Register n = GPRS_ZR.get(k & 31);
                    Register m = GPRS_ZR.get(k * 7 + 5 & 31);
                    int imm = k & 31;
                    String tail = ", " + hex(flags) + ", " + cond(cc);
                    c.add("ccmp " + reg(size, n) + ", " + reg(size, m) + tail, a -> a.ccmp(size, n, m, flags, cc));
                    c.add("ccmn " + reg(size, n) + ", " + reg(size, m) + tail, a -> a.ccmn(size, n, m, flags, cc));
                    c.add("ccmp " + reg(size, n) + ", " + hex(imm) + tail, a -> a.ccmp(size, n, imm, flags, cc));
                    c.add("ccmn " + reg(size, n) + ", " + hex(imm) + tail, a -> a.ccmn(size, n, imm, flags, cc));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ccmp(64, r0, 32, 0, Condition.EQ));
        assertThrows(IllegalArgumentException.class, () -> a.ccmn(64, r0, -1, 0, Condition.EQ));
        assertThrows(IllegalArgumentException.class, () -> a.ccmp(64, r0, r1, 16, Condition.EQ));
        assertThrows(IllegalArgumentException.class, () -> a.ccmp(64, sp, r1, 0, Condition.EQ));
        assertEquals(0, a.position());
    }

    @Test
    void conditionCodesAndNegation() {
        assertEquals(15, Condition.values().length);
        List<String> names = List.of("eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al");
        for (Condition cc : Condition.values()) {
            assertEquals(cc.ordinal(), cc.code());
            assertEquals(names.get(cc.code()), cc.mnemonic());
            if (cc != Condition.AL) {
                assertEquals(cc, cc.negate().negate());
            }
        }
        assertEquals(Condition.LO, Condition.HS.negate());
        assertEquals(Condition.LS, Condition.HI.negate());
        assertEquals(Condition.LT, Condition.GE.negate());
        assertEquals(Condition.LE, Condition.GT.negate());
        assertEquals(Condition.VC, Condition.VS.negate());
    }
}
