package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.asm.Gnu.*;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** Multiply (and the long and high forms), divide, variable shifts, clz/cls/rbit/rev, the vector bit count (cnt, addv). */
class DataProcessingTest {
    @Test
    void multiplyAllRegisterPairs() {
        ObjdumpCheck c = new ObjdumpCheck("madd/msub/mul/mneg, 32x32 registers");
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                for (int j = 0; j < 32; j++) {
                    Register n = GPRS_ZR.get(i);
                    Register m = GPRS_ZR.get(j);
                    Register d = GPRS_ZR.get((i * 3 + j) & 31);
                    Register acc = GPRS_ZR.get((i + j * 5 + 9) & 31);
                    String ops = reg(size, d) + ", " + reg(size, n) + ", " + reg(size, m);
                    c.add(acc == zr ? "mul " + ops : "madd " + ops + ", " + reg(size, acc), a -> a.madd(size, d, n, m, acc));
                    c.add(acc == zr ? "mneg " + ops : "msub " + ops + ", " + reg(size, acc), a -> a.msub(size, d, n, m, acc));
                    c.add("mul " + ops, a -> a.mul(size, d, n, m));
                    c.add("mneg " + ops, a -> a.mneg(size, d, n, m));
                }
            }
        }
        c.verify();
    }

    @Test
    void longAndHighMultiplies() {
        ObjdumpCheck c = new ObjdumpCheck("smaddl/umaddl/smull/umull/smulh/umulh");
        for (int i = 0; i < 32; i++) {
            for (int j = 0; j < 32; j += 3) {
                Register n = GPRS_ZR.get(i);
                Register m = GPRS_ZR.get(j);
                Register d = GPRS_ZR.get((i * 7 + j) & 31);
                Register acc = GPRS_ZR.get((i * 5 + j + 1) & 31);
                String longOps = x(d) + ", " + w(n) + ", " + w(m);
                String acc64 = acc == zr ? "" : ", " + x(acc);
                c.add((acc == zr ? "smull " : "smaddl ") + longOps + acc64, a -> a.smaddl(d, n, m, acc));
                c.add((acc == zr ? "smnegl " : "smsubl ") + longOps + acc64, a -> a.smsubl(d, n, m, acc));
                c.add((acc == zr ? "umull " : "umaddl ") + longOps + acc64, a -> a.umaddl(d, n, m, acc));
                c.add((acc == zr ? "umnegl " : "umsubl ") + longOps + acc64, a -> a.umsubl(d, n, m, acc));
                c.add("smull " + longOps, a -> a.smull(d, n, m));
                c.add("umull " + longOps, a -> a.umull(d, n, m));
                c.add("smulh " + x(d) + ", " + x(n) + ", " + x(m), a -> a.smulh(d, n, m));
                c.add("umulh " + x(d) + ", " + x(n) + ", " + x(m), a -> a.umulh(d, n, m));
            }
        }
        c.verify();
    }

    @Test
    void divideAndVariableShiftsAllRegisterPairs() {
        ObjdumpCheck c = new ObjdumpCheck("sdiv/udiv/lslv/lsrv/asrv/rorv, 32x32 registers");
        for (int size : SIZES) {
            for (int i = 0; i < 32; i++) {
                for (int j = 0; j < 32; j++) {
                    Register n = GPRS_ZR.get(i);
                    Register m = GPRS_ZR.get(j);
                    Register d = GPRS_ZR.get((i + j * 3 + 1) & 31);
                    String ops = " " + reg(size, d) + ", " + reg(size, n) + ", " + reg(size, m);
                    c.add("sdiv" + ops, a -> a.sdiv(size, d, n, m));
                    c.add("udiv" + ops, a -> a.udiv(size, d, n, m));
                    c.add("lsl" + ops, a -> a.lslv(size, d, n, m));
                    c.add("lsr" + ops, a -> a.lsrv(size, d, n, m));
                    c.add("asr" + ops, a -> a.asrv(size, d, n, m));
                    c.add("ror" + ops, a -> a.rorv(size, d, n, m));
                }
            }
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().sdiv(64, r0, sp, r1));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().udiv(8, r0, r1, r1));
    }

    @Test
    void bitCountsAndReversals() {
        ObjdumpCheck c = new ObjdumpCheck("clz/cls/rbit/rev/rev16/rev32/cnt/addv");
        for (int i = 0; i < 32; i++) {
            Register d = GPRS_ZR.get(i);
            Register n = GPRS_ZR.get((i * 7 + 2) & 31);
            for (int size : SIZES) {
                String ops = " " + reg(size, d) + ", " + reg(size, n);
                c.add("clz" + ops, a -> a.clz(size, d, n));
                c.add("cls" + ops, a -> a.cls(size, d, n));
                c.add("rbit" + ops, a -> a.rbit(size, d, n));
                c.add("rev" + ops, a -> a.rev(size, d, n));
                c.add("rev16" + ops, a -> a.rev16(size, d, n));
            }
            c.add("rev32 " + x(d) + ", " + x(n), a -> a.rev32(d, n));
            Register vd = SIMDS.get(i);
            Register vn = SIMDS.get((i * 7 + 2) & 31);
            c.add("cnt v" + vd.encoding + ".8b, v" + vn.encoding + ".8b", a -> a.cnt8b(vd, vn));
            c.add("addv b" + vd.encoding + ", v" + vn.encoding + ".8b", a -> a.addv8b(vd, vn));
        }
        c.verify();
    }
}
