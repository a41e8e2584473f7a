package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.amd64.asm.Intel.*;
import static org.ssajit.amd64.asm.OperandSize.*;

import java.util.Locale;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** SSE/SSE2 scalar arithmetic, compares, conversions, moves and bitwise ops over xmm0-xmm15. */
class SseTest {
    /** What objdump calls the memory operand: the width the instruction reads. */
    private static String memOperand(SseOp op, Address m) {
        return switch (op) {
            case ADDSS, SUBSS, MULSS, DIVSS, SQRTSS, MINSS, MAXSS, UCOMISS, COMISS, CVTSS2SD -> mem(DWORD, m);
            case ADDSD, SUBSD, MULSD, DIVSD, SQRTSD, MINSD, MAXSD, UCOMISD, COMISD, CVTSD2SS -> mem(QWORD, m);
            case ANDPS, ANDPD, ANDNPS, ANDNPD, ORPS, ORPD, XORPS, XORPD, PXOR, MOVAPS, MOVAPD -> xmmword(m);
        };
    }

    @Test
    void twoOperandForms() {
        ObjdumpCheck c = new ObjdumpCheck("sse xmm, xmm/mem");
        for (SseOp op : SseOp.values()) {
            String n = op.name().toLowerCase(Locale.ROOT);
            for (Register d : XMMS) {
                for (Register s : XMMS) {
                    c.add(n + " " + d.name + "," + s.name, a -> a.sse(op, d, s));
                }
                for (Address m : ADDRESSES) {
                    c.add(n + " " + d.name + "," + memOperand(op, m), a -> a.sse(op, d, m));
                }
            }
        }
        c.verify();
    }

    /** Every first source register once with each destination, the second source over all registers and addresses. */
    @Test
    void vexThreeOperandForms() {
        ObjdumpCheck c = new ObjdumpCheck("vop xmm, xmm, xmm/mem");
        Register[] firstSources = {xmm0, xmm5, xmm8, xmm15};
        for (SseOp op : SseOp.values()) {
            if (!op.hasVexForm()) {
                continue;
            }
            String n = "v" + op.name().toLowerCase(Locale.ROOT);
            for (Register d : XMMS) {
                for (Register s1 : firstSources) {
                    for (Register s2 : XMMS) {
                        c.add(n + " " + d.name + "," + s1.name + "," + s2.name, a -> a.vex(op, d, s1, s2));
                    }
                }
                for (Address m : ADDRESSES) {
                    Register s1 = XMMS.get((d.encoding + 3) % XMMS.size());
                    c.add(n + " " + d.name + "," + s1.name + "," + memOperand(op, m), a -> a.vex(op, d, s1, m));
                }
            }
        }
        c.verify();
    }

    @Test
    void vexRefusesOperationsWithoutAThreeOperandForm() {
        for (SseOp op : new SseOp[] {SseOp.UCOMISD, SseOp.COMISS, SseOp.SQRTSD, SseOp.CVTSS2SD, SseOp.MOVAPD}) {
            assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().vex(op, xmm1, xmm2, xmm3), op.name());
        }
    }

    @Test
    void scalarMoves() {
        ObjdumpCheck c = new ObjdumpCheck("movss/movsd/movd/movq");
        for (Register d : XMMS) {
            for (Register s : XMMS) {
                c.add("movss " + d.name + "," + s.name, a -> a.movss(d, s));
                c.add("movsd " + d.name + "," + s.name, a -> a.movsd(d, s));
            }
            for (Address m : ADDRESSES) {
                c.add("movss " + d.name + "," + mem(DWORD, m), a -> a.movss(d, m));
                c.add("movss " + mem(DWORD, m) + "," + d.name, a -> a.movss(m, d));
                c.add("movsd " + d.name + "," + mem(QWORD, m), a -> a.movsd(d, m));
                c.add("movsd " + mem(QWORD, m) + "," + d.name, a -> a.movsd(m, d));
            }
            for (Register g : GPRS) {
                c.add("movd " + d.name + "," + reg(g, DWORD), a -> a.movd(d, g));
                c.add("movd " + reg(g, DWORD) + "," + d.name, a -> a.movd(g, d));
                c.add("movq " + d.name + "," + g.name, a -> a.movq(d, g));
                c.add("movq " + g.name + "," + d.name, a -> a.movq(g, d));
            }
        }
        c.verify();
    }

    @Test
    void conversions() {
        ObjdumpCheck c = new ObjdumpCheck("cvtsi2ss/sd, cvttss/sd2si");
        for (OperandSize size : new OperandSize[] {DWORD, QWORD}) {
            for (Register x : XMMS) {
                for (Register g : GPRS) {
                    c.add("cvtsi2ss " + x.name + "," + reg(g, size), a -> a.cvtsi2ss(size, x, g));
                    c.add("cvtsi2sd " + x.name + "," + reg(g, size), a -> a.cvtsi2sd(size, x, g));
                    c.add("cvttss2si " + reg(g, size) + "," + x.name, a -> a.cvttss2si(size, g, x));
                    c.add("cvttsd2si " + reg(g, size) + "," + x.name, a -> a.cvttsd2si(size, g, x));
                }
                for (Address m : ADDRESSES) {
                    c.add("cvtsi2ss " + x.name + "," + mem(size, m), a -> a.cvtsi2ss(size, x, m));
                    c.add("cvtsi2sd " + x.name + "," + mem(size, m), a -> a.cvtsi2sd(size, x, m));
                }
            }
            for (Register g : GPRS) {
                for (Address m : ADDRESSES) {
                    c.add("cvttss2si " + reg(g, size) + "," + mem(DWORD, m), a -> a.cvttss2si(size, g, m));
                    c.add("cvttsd2si " + reg(g, size) + "," + mem(QWORD, m), a -> a.cvttsd2si(size, g, m));
                }
            }
        }
        c.verify();
    }

    @Test
    void roundToIntegral() {
        ObjdumpCheck c = new ObjdumpCheck("roundsd xmm, xmm, imm8");
        for (Register d : XMMS) {
            for (Register s : XMMS) {
                for (int mode = 0; mode <= 3; mode++) {
                    int m = mode;
                    c.add("roundsd " + d.name + "," + s.name + "," + (m == 0 ? "0x0" : "0x" + m), a -> a.roundsd(d, s, m));
                }
            }
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().roundsd(xmm0, xmm1, 4));
    }

    @Test
    void registersOutsideTheLegacyEncodingAreRejected() {
        Amd64Assembler a = new Amd64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.sse(SseOp.ADDSD, xmm16, xmm0));
        assertThrows(IllegalArgumentException.class, () -> a.sse(SseOp.ADDSD, xmm0, xmm31));
        assertThrows(IllegalArgumentException.class, () -> a.sse(SseOp.ADDSD, rax, xmm0));
        assertThrows(IllegalArgumentException.class, () -> a.movq(rax, rcx));
        assertThrows(IllegalArgumentException.class, () -> a.cvtsi2sd(BYTE, xmm0, rax));
        assertThrows(IllegalArgumentException.class, () -> a.cvttsd2si(QWORD, xmm0, xmm1));
    }
}
