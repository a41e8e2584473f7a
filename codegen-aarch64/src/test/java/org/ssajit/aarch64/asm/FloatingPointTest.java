package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.util.Locale;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** Scalar floating point: arithmetic, fused multiply-add, moves and immediates, compares, selects, conversions, rounding. */
class FloatingPointTest {
    @FunctionalInterface
    interface Op3 {
        void emit(Aarch64Assembler a, int size, Register d, Register n, Register m);
    }

    @FunctionalInterface
    interface Op2 {
        void emit(Aarch64Assembler a, int size, Register d, Register n);
    }

    @Test
    void arithmeticAllRegisterPairs() {
        ObjdumpCheck c = new ObjdumpCheck("fadd/fsub/fmul/fdiv/fmax/fmin/fmaxnm/fminnm/fnmul, 32x32 registers");
        String[] names = {"fadd", "fsub", "fmul", "fdiv", "fmax", "fmin", "fmaxnm", "fminnm", "fnmul"};
        Op3[] ops = {Aarch64Assembler::fadd, Aarch64Assembler::fsub, Aarch64Assembler::fmul, Aarch64Assembler::fdiv, Aarch64Assembler::fmax,
            Aarch64Assembler::fmin, Aarch64Assembler::fmaxnm, Aarch64Assembler::fminnm, Aarch64Assembler::fnmul};
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                for (int j = 0; j < 32; j++) {
                    Register n = SIMDS.get(i);
                    Register m = SIMDS.get(j);
                    Register d = SIMDS.get(i * 3 + j * 7 + 1 & 31);
                    int op = (i + j) % ops.length;
                    c.add(names[op] + " " + fp(size, d) + ", " + fp(size, n) + ", " + fp(size, m), a -> ops[op].emit(a, size, d, n, m));
                    c.add("fadd " + fp(size, d) + ", " + fp(size, n) + ", " + fp(size, m), a -> a.fadd(size, d, n, m));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.fadd(16, v0, v1, v2), "half precision is not supported");
        assertThrows(IllegalArgumentException.class, () -> a.fadd(64, r0, v1, v2));
        assertEquals(0, a.position());
    }

    @Test
    void unaryAndFused() {
        ObjdumpCheck c = new ObjdumpCheck("fabs/fneg/fsqrt/frint*/fmov/fcvt, fmadd/fmsub/fnmadd/fnmsub");
        String[] names = {"fabs", "fneg", "fsqrt", "frintn", "frintp", "frintm", "frintz", "fmov"};
        Op2[] ops = {Aarch64Assembler::fabs, Aarch64Assembler::fneg, Aarch64Assembler::fsqrt, Aarch64Assembler::frintn, Aarch64Assembler::frintp,
            Aarch64Assembler::frintm, Aarch64Assembler::frintz, Aarch64Assembler::fmov};
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                Register d = SIMDS.get(i);
                Register n = SIMDS.get(i * 7 + 3 & 31);
                Register m = SIMDS.get(i * 5 + 1 & 31);
                Register acc = SIMDS.get(i * 11 + 2 & 31);
                for (int op = 0; op < ops.length; op++) {
                    int o = op;
                    c.add(names[op] + " " + fp(size, d) + ", " + fp(size, n), a -> ops[o].emit(a, size, d, n));
                }
                String four = " " + fp(size, d) + ", " + fp(size, n) + ", " + fp(size, m) + ", " + fp(size, acc);
                c.add("fmadd" + four, a -> a.fmadd(size, d, n, m, acc));
                c.add("fmsub" + four, a -> a.fmsub(size, d, n, m, acc));
                c.add("fnmadd" + four, a -> a.fnmadd(size, d, n, m, acc));
                c.add("fnmsub" + four, a -> a.fnmsub(size, d, n, m, acc));
                int other = 96 - size;
                c.add("fcvt " + fp(other, d) + ", " + fp(size, n), a -> a.fcvt(other, size, d, n));
            }
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().fcvt(64, 64, v0, v1));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().fcvt(16, 32, v0, v1));
    }

    @Test
    void movesBetweenRegisterFiles() {
        ObjdumpCheck c = new ObjdumpCheck("fmov gpr<->fpr");
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                Register v = SIMDS.get(i);
                Register g = GPRS_ZR.get(i * 7 + 5 & 31);
                c.add("fmov " + fp(size, v) + ", " + reg(size, g), a -> a.fmov(size, v, g));
                c.add("fmov " + reg(size, g) + ", " + fp(size, v), a -> a.fmov(size, g, v));
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.fmov(64, r0, r1));
        assertThrows(IllegalArgumentException.class, () -> a.fmov(64, v0, sp));
        assertThrows(IllegalArgumentException.class, () -> a.fmov(64, sp, v0));
        assertEquals(0, a.position());
    }

    /** The 256 values of {@code fmov} (immediate), from the definition: +-n/16 * 2^r, n in 16..31, r in -3..4. */
    static TreeSet<Double> fpImmediates() {
        TreeSet<Double> all = new TreeSet<>();
        for (int n = 16; n <= 31; n++) {
            for (int r = -3; r <= 4; r++) {
                double v = n / 16.0 * Math.pow(2, r);
                all.add(v);
                all.add(-v);
            }
        }
        return all;
    }

    @Test
    void everyFpImmediate() {
        ObjdumpCheck c = new ObjdumpCheck("fmov #imm");
        TreeSet<Double> all = fpImmediates();
        assertEquals(256, all.size());
        int k = 0;
        for (double value : all) {
            assertTrue(Aarch64Assembler.isFpImmediate(value), Double.toString(value));
            for (int size : SIZES) {
                Register d = SIMDS.get(k++ & 31);
                c.add("fmov " + fp(size, d) + ", #" + String.format(Locale.ROOT, "%.18e", value), a -> a.fmov(size, d, value));
            }
        }
        c.verify();
        for (double bad : new double[] {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 0.0625, 32.0, 1.0 + 1.0 / 32, 31.5, 0.1, -100,
            Double.MIN_VALUE, Double.MAX_VALUE}) {
            assertFalse(Aarch64Assembler.isFpImmediate(bad), Double.toString(bad));
            assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().fmov(64, v0, bad));
        }
        Random random = new Random(3);
        for (int i = 0; i < 100_000; i++) {
            double d = Double.longBitsToDouble(random.nextLong() & 0xffff_0000_0000_0000L);
            assertEquals(all.contains(d), Aarch64Assembler.isFpImmediate(d), Double.toString(d));
        }
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().fmov(32, v0, 1.0 + Math.ulp(1.0)));
    }

    @Test
    void comparesAndSelects() {
        ObjdumpCheck c = new ObjdumpCheck("fcmp/fcmpe/fcsel");
        int k = 0;
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                Register n = SIMDS.get(i);
                Register m = SIMDS.get(i * 9 + 4 & 31);
                c.add("fcmp " + fp(size, n) + ", " + fp(size, m), a -> a.fcmp(size, n, m));
                c.add("fcmpe " + fp(size, n) + ", " + fp(size, m), a -> a.fcmpe(size, n, m));
                c.add("fcmp " + fp(size, n) + ", #0.0", a -> a.fcmpZero(size, n));
                c.add("fcmpe " + fp(size, n) + ", #0.0", a -> a.fcmpeZero(size, n));
            }
            for (Condition cc : Condition.values()) {
                for (int i = 0; i < 3; i++, k++) {
                    Register d = SIMDS.get(k & 31);
                    Register n = SIMDS.get(k * 3 + 1 & 31);
                    Register m = SIMDS.get(k * 7 + 2 & 31);
                    c.add("fcsel " + fp(size, d) + ", " + fp(size, n) + ", " + fp(size, m) + ", " + cond(cc), a -> a.fcsel(size, d, n, m, cc));
                }
            }
        }
        c.verify();
    }

    @Test
    void conversions() {
        ObjdumpCheck c = new ObjdumpCheck("fcvtzs/fcvtzu/scvtf/ucvtf");
        int k = 0;
        for (int gprSize : SIZES) {
            for (int fpSize : SIZES) {
                for (int i = 0; i < 32; i++, k++) {
                    Register g = GPRS_ZR.get(i);
                    Register v = SIMDS.get(k * 5 + 3 & 31);
                    c.add("fcvtzs " + reg(gprSize, g) + ", " + fp(fpSize, v), a -> a.fcvtzs(gprSize, fpSize, g, v));
                    c.add("fcvtzu " + reg(gprSize, g) + ", " + fp(fpSize, v), a -> a.fcvtzu(gprSize, fpSize, g, v));
                    c.add("scvtf " + fp(fpSize, v) + ", " + reg(gprSize, g), a -> a.scvtf(fpSize, gprSize, v, g));
                    c.add("ucvtf " + fp(fpSize, v) + ", " + reg(gprSize, g), a -> a.ucvtf(fpSize, gprSize, v, g));
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.fcvtzs(64, 64, v0, v1), "destination is a general register");
        assertThrows(IllegalArgumentException.class, () -> a.scvtf(64, 64, r0, r1), "destination is an fp register");
        assertThrows(IllegalArgumentException.class, () -> a.scvtf(64, 64, v0, sp));
        assertEquals(0, a.position());
    }
}
