package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.asm.Gnu.*;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.asm.Gnu.Bitfield;

import jdk.vm.ci.code.Register;

/**
 * ubfm/sbfm/bfm over every immr x imms, each alias over every shift or lsb x width, extr and ror
 * immediate; objdump picks the alias by ARM ARM's rules, which {@link Gnu#bitfield} states.
 */
class BitfieldTest {
    private static Register reg(int k) {
        return GPRS_ZR.get(k & 31);
    }

    @Test
    void everyImmrAndImms() {
        ObjdumpCheck c = new ObjdumpCheck("ubfm/sbfm/bfm, every immr x imms");
        int k = 0;
        for (int size : SIZES) {
            for (int immr = 0; immr < size; immr++) {
                for (int imms = 0; imms < size; imms++, k++) {
                    int r = immr;
                    int s = imms;
                    Register d = reg(k);
                    Register n = reg(k * 7 + 3);
                    c.add(bitfield(Bitfield.UBFM, size, d, n, r, s), a -> a.ubfm(size, d, n, r, s));
                    c.add(bitfield(Bitfield.SBFM, size, d, n, r, s), a -> a.sbfm(size, d, n, r, s));
                    c.add(bitfield(Bitfield.BFM, size, d, n, r, s), a -> a.bfm(size, d, n, r, s));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ubfm(32, r0, r1, 32, 0));
        assertThrows(IllegalArgumentException.class, () -> a.sbfm(64, r0, r1, 0, 64));
        assertThrows(IllegalArgumentException.class, () -> a.bfm(64, r0, r1, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> a.ubfm(64, sp, r1, 0, 0));
    }

    @Test
    void shiftsByImmediate() {
        ObjdumpCheck c = new ObjdumpCheck("lsl/lsr/asr/ror #imm");
        int k = 0;
        for (int size : SIZES) {
            for (int amount = 0; amount < size; amount++, k++) {
                int sh = amount;
                Register d = reg(k * 3);
                Register n = reg(k * 5 + 1);
                Register m = reg(k * 11 + 2);
                c.add(bitfield(Bitfield.UBFM, size, d, n, (size - sh) % size, size - 1 - sh), a -> a.lsl(size, d, n, sh));
                c.add(bitfield(Bitfield.UBFM, size, d, n, sh, size - 1), a -> a.lsr(size, d, n, sh));
                c.add(bitfield(Bitfield.SBFM, size, d, n, sh, size - 1), a -> a.asr(size, d, n, sh));
                c.add("ror " + Gnu.reg(size, d) + ", " + Gnu.reg(size, n) + ", #" + sh, a -> a.ror(size, d, n, sh));
                c.add("extr " + Gnu.reg(size, d) + ", " + Gnu.reg(size, n) + ", " + Gnu.reg(size, m) + ", #" + sh, a -> a.extr(size, d, n, m, sh));
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.lsl(32, r0, r1, 32));
        assertThrows(IllegalArgumentException.class, () -> a.asr(64, r0, r1, 64));
        assertThrows(IllegalArgumentException.class, () -> a.ror(64, r0, r1, -1));
        assertThrows(IllegalArgumentException.class, () -> a.extr(32, r0, r1, r2, 32));
        assertEquals(0, a.position());
    }

    @Test
    void fieldAliasesOverEveryLsbAndWidth() {
        ObjdumpCheck c = new ObjdumpCheck("ubfx/sbfx/ubfiz/sbfiz/bfi/bfxil, every lsb x width");
        int k = 0;
        for (int size : SIZES) {
            for (int lsb = 0; lsb < size; lsb++) {
                for (int width = 1; lsb + width <= size; width++, k++) {
                    int l = lsb;
                    int w = width;
                    Register d = reg(k);
                    Register n = reg(k * 13 + 1);
                    // The architectural definitions of the aliases.
                    int insertImmr = (size - l) % size;
                    c.add(bitfield(Bitfield.UBFM, size, d, n, l, l + w - 1), a -> a.ubfx(size, d, n, l, w));
                    c.add(bitfield(Bitfield.SBFM, size, d, n, l, l + w - 1), a -> a.sbfx(size, d, n, l, w));
                    c.add(bitfield(Bitfield.UBFM, size, d, n, insertImmr, w - 1), a -> a.ubfiz(size, d, n, l, w));
                    c.add(bitfield(Bitfield.SBFM, size, d, n, insertImmr, w - 1), a -> a.sbfiz(size, d, n, l, w));
                    c.add(bitfield(Bitfield.BFM, size, d, n, insertImmr, w - 1), a -> a.bfi(size, d, n, l, w));
                    c.add(bitfield(Bitfield.BFM, size, d, n, l, l + w - 1), a -> a.bfxil(size, d, n, l, w));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ubfx(32, r0, r1, 16, 17));
        assertThrows(IllegalArgumentException.class, () -> a.sbfiz(64, r0, r1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> a.bfi(64, r0, r1, 64, 1));
        assertThrows(IllegalArgumentException.class, () -> a.bfxil(64, r0, r1, -1, 2));
        assertEquals(0, a.position());
    }

    @Test
    void extensions() {
        ObjdumpCheck c = new ObjdumpCheck("sxtb/sxth/sxtw/uxtb/uxth");
        for (int i = 0; i < 32; i++) {
            Register d = reg(i);
            Register n = reg(i * 9 + 4);
            for (int size : SIZES) {
                c.add("sxtb " + Gnu.reg(size, d) + ", " + w(n), a -> a.sxtb(size, d, n));
                c.add("sxth " + Gnu.reg(size, d) + ", " + w(n), a -> a.sxth(size, d, n));
            }
            c.add("sxtw " + x(d) + ", " + w(n), a -> a.sxtw(d, n));
            c.add("uxtb " + w(d) + ", " + w(n), a -> a.uxtb(d, n));
            c.add("uxth " + w(d) + ", " + w(n), a -> a.uxth(d, n));
        }
        c.verify();
    }
}
