package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.amd64.asm.Intel.*;
import static org.ssajit.amd64.asm.OperandSize.*;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** mov in all its forms, movzx/movsx/movsxd, lea, xchg, push/pop: every register, every size. */
class IntegerMoveTest {
    private static final long[] QWORD_IMMS = {0, 1, 127, 128, -1, -128, -129, 0x7fff_ffffL, 0x8000_0000L, 0xffff_ffffL,
        0x1_0000_0000L, Integer.MIN_VALUE, Integer.MIN_VALUE - 1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x1234_5678_9abc_def0L};

    @Test
    void movRegisterToRegister() {
        ObjdumpCheck c = new ObjdumpCheck("mov r, r");
        for (OperandSize size : OperandSize.values()) {
            for (Register d : GPRS) {
                for (Register s : GPRS) {
                    c.add("mov " + reg(d, size) + "," + reg(s, size), a -> a.mov(size, d, s));
                }
            }
        }
        c.verify();
    }

    @Test
    void movImmediateToRegisterPicksTheShortestForm() {
        ObjdumpCheck c = new ObjdumpCheck("mov r, imm");
        for (Register d : GPRS) {
            int rexB = d.encoding >= 8 ? 1 : 0;
            for (long v : QWORD_IMMS) {
                if (v >= 0 && v <= 0xffff_ffffL) {
                    c.add("mov " + reg(d, DWORD) + "," + hex(v), 5 + rexB, a -> a.mov(QWORD, d, v));
                } else if (v == (int) v) {
                    c.add("mov " + d.name + "," + imm(v, QWORD), 7, a -> a.mov(QWORD, d, v));
                } else {
                    c.add("movabs " + d.name + "," + hex(v), 10, a -> a.mov(QWORD, d, v));
                }
                c.add("movabs " + d.name + "," + hex(v), 10, a -> a.movabs(d, v));
            }
            for (long v : new long[] {0, 1, -1, 0x7fff_ffff, Integer.MIN_VALUE, 0xffff_ffffL}) {
                c.add("mov " + reg(d, DWORD) + "," + imm(v, DWORD), 5 + rexB, a -> a.mov(DWORD, d, v));
                // The patchable form is this one, whatever the value (0 included: never xor).
                c.add("mov " + reg(d, DWORD) + "," + imm(v, DWORD), 5 + rexB, a -> a.movImm32Patchable(d, (int) v));
            }
            for (long v : new long[] {0, 0x7fff, -0x8000, 0xffff, -1}) {
                c.add("mov " + reg(d, WORD) + "," + imm(v, WORD), 4 + rexB, a -> a.mov(WORD, d, v));
            }
            int byteRex = d.encoding >= 4 ? 1 : 0;
            for (long v : new long[] {0, 0x7f, -0x80, 0xff, -1}) {
                c.add("mov " + reg(d, BYTE) + "," + imm(v, BYTE), 2 + byteRex, a -> a.mov(BYTE, d, v));
            }
        }
        c.verify();
    }

    @Test
    void repStos() {
        ObjdumpCheck c = new ObjdumpCheck("rep stos");
        c.add("rep stos BYTE PTR es:[rdi],al", a -> a.repStos(BYTE));
        c.add("rep stos WORD PTR es:[rdi],ax", a -> a.repStos(WORD));
        c.add("rep stos DWORD PTR es:[rdi],eax", a -> a.repStos(DWORD));
        c.add("rep stos QWORD PTR es:[rdi],rax", a -> a.repStos(QWORD));
        c.verify();
    }

    @Test
    void immediatesOutOfRangeAreRejected() {
        Amd64Assembler a = new Amd64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.mov(BYTE, rax, 256));
        assertThrows(IllegalArgumentException.class, () -> a.mov(BYTE, rax, -129));
        assertThrows(IllegalArgumentException.class, () -> a.mov(WORD, rax, 0x10000));
        assertThrows(IllegalArgumentException.class, () -> a.mov(DWORD, rax, 0x1_0000_0000L));
        assertThrows(IllegalArgumentException.class, () -> a.mov(BYTE, Address.of(rax), 0x100));
        assertThrows(IllegalArgumentException.class, () -> a.mov(QWORD, xmm0, 1));
        assertThrows(IllegalArgumentException.class, () -> a.mov(QWORD, r16, rax));
    }

    @Test
    void loadsAndStores() {
        ObjdumpCheck c = new ObjdumpCheck("mov load/store");
        for (OperandSize size : OperandSize.values()) {
            for (Register r : GPRS) {
                for (Address m : ADDRESSES) {
                    c.add("mov " + reg(r, size) + "," + mem(size, m), a -> a.mov(size, r, m));
                    c.add("mov " + mem(size, m) + "," + reg(r, size), a -> a.mov(size, m, r));
                }
            }
        }
        c.verify();
    }

    @Test
    void immediateStores() {
        ObjdumpCheck c = new ObjdumpCheck("mov mem, imm");
        int[][] imms = {
            {0, 0x7f, -0x80, 0xff, -1},
            {0, 0x7fff, -0x8000, 0xffff, -1, 0x80},
            {0, -1, 0x7fff_ffff, Integer.MIN_VALUE, 0x1234_5678},
            {0, -1, 0x7fff_ffff, Integer.MIN_VALUE, 0x1234_5678, -129},
        };
        for (OperandSize size : OperandSize.values()) {
            for (int v : imms[size.ordinal()]) {
                for (Address m : ADDRESSES) {
                    c.add("mov " + mem(size, m) + "," + imm(v, size), a -> a.mov(size, m, v));
                }
            }
        }
        c.verify();
    }

    @Test
    void zeroAndSignExtension() {
        ObjdumpCheck c = new ObjdumpCheck("movzx/movsx/movsxd");
        for (OperandSize dst : new OperandSize[] {DWORD, QWORD}) {
            for (OperandSize src : new OperandSize[] {BYTE, WORD}) {
                for (Register d : GPRS) {
                    for (Register s : GPRS) {
                        c.add("movzx " + reg(d, dst) + "," + reg(s, src), a -> a.movzx(dst, d, src, s));
                        c.add("movsx " + reg(d, dst) + "," + reg(s, src), a -> a.movsx(dst, d, src, s));
                    }
                    for (Address m : ADDRESSES) {
                        c.add("movzx " + reg(d, dst) + "," + mem(src, m), a -> a.movzx(dst, d, src, m));
                        c.add("movsx " + reg(d, dst) + "," + mem(src, m), a -> a.movsx(dst, d, src, m));
                    }
                }
            }
        }
        for (Register d : GPRS) {
            for (Register s : GPRS) {
                c.add("movsxd " + d.name + "," + reg(s, DWORD), a -> a.movsxd(d, s));
            }
            for (Address m : ADDRESSES) {
                c.add("movsxd " + d.name + "," + mem(DWORD, m), a -> a.movsxd(d, m));
            }
        }
        c.verify();
        Amd64Assembler a = new Amd64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.movzx(DWORD, rax, DWORD, rcx));
        assertThrows(IllegalArgumentException.class, () -> a.movsx(DWORD, rax, DWORD, rcx));
        assertThrows(IllegalArgumentException.class, () -> a.movsx(WORD, rax, BYTE, rcx));
    }

    @Test
    void lea() {
        ObjdumpCheck c = new ObjdumpCheck("lea");
        for (OperandSize size : new OperandSize[] {DWORD, QWORD}) {
            for (Register d : GPRS) {
                for (Address m : ADDRESSES) {
                    c.add("lea " + reg(d, size) + "," + mem(m), a -> a.lea(size, d, m));
                }
            }
        }
        c.verify();
    }

    @Test
    void xchg() {
        ObjdumpCheck c = new ObjdumpCheck("xchg");
        for (OperandSize size : OperandSize.values()) {
            for (Register x : GPRS) {
                for (Register y : GPRS) {
                    c.add("xchg " + reg(x, size) + "," + reg(y, size), a -> a.xchg(size, x, y));
                }
                for (Address m : ADDRESSES) {
                    c.add("xchg " + mem(size, m) + "," + reg(x, size), a -> a.xchg(size, m, x));
                }
            }
        }
        c.verify();
    }

    @Test
    void pushAndPop() {
        ObjdumpCheck c = new ObjdumpCheck("push/pop");
        for (Register r : GPRS) {
            int len = r.encoding >= 8 ? 2 : 1;
            c.add("push " + r.name, len, a -> a.push(r));
            c.add("pop " + r.name, len, a -> a.pop(r));
        }
        for (int v : new int[] {0, 127, -128, 128, -129, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            c.add("push " + imm(v, QWORD), v >= -128 && v <= 127 ? 2 : 5, a -> a.push(v));
        }
        c.verify();
    }
}
