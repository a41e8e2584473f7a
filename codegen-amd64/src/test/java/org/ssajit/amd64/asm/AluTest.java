package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.amd64.asm.Intel.*;
import static org.ssajit.amd64.asm.OperandSize.*;

import java.util.Locale;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** add/or/adc/sbb/and/sub/xor/cmp, test, imul, the F6/F7 group, shifts, setcc, cmov, the bit counts, bt, atomics. */
class AluTest {
    /** Boundary immediates per size, including the imm8/imm32 switch points. */
    private static final int[][] IMMS = {
        {0, 1, 0x7f, -0x80, 0x80, 0xff, -1},
        {0, 0x7f, -0x80, 0x80, -0x81, 0x7fff, -0x8000, 0xffff, 0xff80},
        {0, 0x7f, -0x80, 0x80, -0x81, 0x7fff_ffff, Integer.MIN_VALUE, -1},
        {0, 0x7f, -0x80, 0x80, -0x81, 0x7fff_ffff, Integer.MIN_VALUE, -1},
    };

    private static String name(Enum<?> op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    private static boolean fitsImm8(OperandSize size, int v) {
        int x = size == WORD ? (short) v : v;
        return x >= -128 && x <= 127;
    }

    @Test
    void registerRegister() {
        ObjdumpCheck c = new ObjdumpCheck("alu r, r");
        for (AluOp op : AluOp.values()) {
            for (OperandSize size : OperandSize.values()) {
                for (Register d : GPRS) {
                    for (Register s : GPRS) {
                        c.add(name(op) + " " + reg(d, size) + "," + reg(s, size), a -> a.alu(op, size, d, s));
                    }
                }
            }
        }
        c.verify();
    }

    @Test
    void registerImmediateUsesImm8WhenItFits() {
        ObjdumpCheck c = new ObjdumpCheck("alu r, imm");
        for (AluOp op : AluOp.values()) {
            for (OperandSize size : OperandSize.values()) {
                for (Register d : GPRS) {
                    for (int v : IMMS[size.ordinal()]) {
                        int prefix = (size == WORD ? 1 : 0) + (size == QWORD || d.encoding >= 8 || (size == BYTE && d.encoding >= 4) ? 1 : 0);
                        int length;
                        if (size == BYTE) {
                            length = d == rax ? 2 : prefix + 3;
                        } else if (fitsImm8(size, v)) {
                            length = prefix + 3;
                        } else {
                            int immLen = size == WORD ? 2 : 4;
                            length = d == rax ? prefix + 1 + immLen : prefix + 2 + immLen;
                        }
                        c.add(name(op) + " " + reg(d, size) + "," + imm(v, size), length, a -> a.alu(op, size, d, v));
                    }
                }
            }
        }
        c.verify();
        Amd64Assembler a = new Amd64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.alu(AluOp.ADD, BYTE, rax, 0x100));
        assertThrows(IllegalArgumentException.class, () -> a.alu(AluOp.ADD, WORD, Address.of(rax), -0x8001));
    }

    @Test
    void memoryOperands() {
        ObjdumpCheck c = new ObjdumpCheck("alu r/mem, mem/r, mem/imm");
        for (AluOp op : AluOp.values()) {
            String n = name(op);
            for (OperandSize size : OperandSize.values()) {
                for (Address m : ADDRESSES) {
                    for (Register r : GPRS) {
                        c.add(n + " " + reg(r, size) + "," + mem(size, m), a -> a.alu(op, size, r, m));
                        c.add(n + " " + mem(size, m) + "," + reg(r, size), a -> a.alu(op, size, m, r));
                    }
                    for (int v : IMMS[size.ordinal()]) {
                        c.add(n + " " + mem(size, m) + "," + imm(v, size), a -> a.alu(op, size, m, v));
                    }
                }
            }
        }
        c.verify();
    }

    @Test
    void test() {
        ObjdumpCheck c = new ObjdumpCheck("test");
        for (OperandSize size : OperandSize.values()) {
            for (Register x : GPRS) {
                for (Register y : GPRS) {
                    c.add("test " + reg(x, size) + "," + reg(y, size), a -> a.test(size, x, y));
                }
                for (int v : IMMS[size.ordinal()]) {
                    c.add("test " + reg(x, size) + "," + imm(v, size), a -> a.test(size, x, v));
                }
                for (Address m : ADDRESSES) {
                    c.add("test " + mem(size, m) + "," + reg(x, size), a -> a.test(size, m, x));
                }
            }
            for (Address m : ADDRESSES) {
                for (int v : IMMS[size.ordinal()]) {
                    c.add("test " + mem(size, m) + "," + imm(v, size), a -> a.test(size, m, v));
                }
            }
        }
        c.verify();
    }

    @Test
    void imul() {
        ObjdumpCheck c = new ObjdumpCheck("imul");
        for (OperandSize size : new OperandSize[] {WORD, DWORD, QWORD}) {
            for (Register d : GPRS) {
                for (Register s : GPRS) {
                    c.add("imul " + reg(d, size) + "," + reg(s, size), a -> a.imul(size, d, s));
                    int v = IMMS[size.ordinal()][(d.encoding + s.encoding) % IMMS[size.ordinal()].length];
                    c.add("imul " + reg(d, size) + "," + reg(s, size) + "," + imm(v, size), a -> a.imul(size, d, s, v));
                }
                for (Address m : ADDRESSES) {
                    c.add("imul " + reg(d, size) + "," + mem(size, m), a -> a.imul(size, d, m));
                    for (int v : new int[] {-128, 0x80}) {
                        c.add("imul " + reg(d, size) + "," + mem(size, m) + "," + imm(v, size), a -> a.imul(size, d, m, v));
                    }
                }
            }
            for (int v : IMMS[size.ordinal()]) {
                c.add("imul " + reg(r9, size) + "," + reg(rax, size) + "," + imm(v, size), a -> a.imul(size, r9, rax, v));
            }
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().imul(BYTE, rax, rcx));
    }

    @Test
    void unaryGroup() {
        ObjdumpCheck c = new ObjdumpCheck("not/neg/mul/imul/div/idiv");
        for (UnaryOp op : UnaryOp.values()) {
            for (OperandSize size : OperandSize.values()) {
                for (Register r : GPRS) {
                    c.add(name(op) + " " + reg(r, size), a -> a.unary(op, size, r));
                }
                for (Address m : ADDRESSES) {
                    c.add(name(op) + " " + mem(size, m), a -> a.unary(op, size, m));
                }
            }
        }
        c.add("cdq", 1, Amd64Assembler::cdq);
        c.add("cqo", 2, Amd64Assembler::cqo);
        c.verify();
    }

    @Test
    void shifts() {
        ObjdumpCheck c = new ObjdumpCheck("shifts");
        for (ShiftOp op : ShiftOp.values()) {
            for (OperandSize size : OperandSize.values()) {
                for (Register r : GPRS) {
                    String dst = name(op) + " " + reg(r, size) + ",";
                    for (int n : new int[] {0, 1, 2, 7, 31, 63, 255}) {
                        c.add(dst + (n == 1 ? "1" : hex(n)), a -> a.shift(op, size, r, n));
                    }
                    c.add(dst + "cl", a -> a.shiftByCl(op, size, r));
                }
            }
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().shift(ShiftOp.SHL, DWORD, rax, 256));
    }

    @Test
    void conditionals() {
        ObjdumpCheck c = new ObjdumpCheck("setcc/cmovcc");
        for (Condition cc : Condition.values()) {
            for (Register r : GPRS) {
                c.add("set" + cc.suffix() + " " + reg(r, BYTE), a -> a.setcc(cc, r));
            }
            for (OperandSize size : new OperandSize[] {WORD, DWORD, QWORD}) {
                for (Register d : GPRS) {
                    for (Register s : GPRS) {
                        c.add("cmov" + cc.suffix() + " " + reg(d, size) + "," + reg(s, size), a -> a.cmov(cc, size, d, s));
                    }
                }
                for (int i = 0; i < ADDRESSES.size(); i++) {
                    Address m = ADDRESSES.get(i);
                    Register d = GPRS.get((cc.code() * 5 + i) & 15);
                    c.add("cmov" + cc.suffix() + " " + reg(d, size) + "," + mem(size, m), a -> a.cmov(cc, size, d, m));
                }
            }
        }
        c.verify();
    }

    @Test
    void bitCounts() {
        ObjdumpCheck c = new ObjdumpCheck("lzcnt/tzcnt/popcnt/bsr/bsf");
        for (OperandSize size : new OperandSize[] {DWORD, QWORD}) {
            for (Register d : GPRS) {
                for (Register s : GPRS) {
                    String ops = " " + reg(d, size) + "," + reg(s, size);
                    c.add("lzcnt" + ops, a -> a.lzcnt(size, d, s));
                    c.add("tzcnt" + ops, a -> a.tzcnt(size, d, s));
                    c.add("popcnt" + ops, a -> a.popcnt(size, d, s));
                    c.add("bsr" + ops, a -> a.bsr(size, d, s));
                    c.add("bsf" + ops, a -> a.bsf(size, d, s));
                }
            }
        }
        c.verify();
    }

    @Test
    void bitTest() {
        ObjdumpCheck c = new ObjdumpCheck("bt");
        for (OperandSize size : new OperandSize[] {WORD, DWORD, QWORD}) {
            for (Register b : GPRS) {
                for (Register i : GPRS) {
                    c.add("bt " + reg(b, size) + "," + reg(i, size), a -> a.bt(size, b, i));
                }
                for (int n : new int[] {0, 5, 31, 63}) {
                    c.add("bt " + reg(b, size) + "," + hex(n), a -> a.bt(size, b, n));
                }
            }
        }
        c.verify();
    }

    @Test
    void atomicsAndFences() {
        ObjdumpCheck c = new ObjdumpCheck("lock/xadd/cmpxchg/fences");
        for (OperandSize size : OperandSize.values()) {
            for (Register r : GPRS) {
                for (Address m : ADDRESSES) {
                    c.add("lock xadd " + mem(size, m) + "," + reg(r, size), a -> {
                        a.lock();
                        a.xadd(size, m, r);
                    });
                    c.add("lock cmpxchg " + mem(size, m) + "," + reg(r, size), a -> {
                        a.lock();
                        a.cmpxchg(size, m, r);
                    });
                }
            }
        }
        c.add("xadd " + mem(QWORD, Address.of(rax)) + ",rcx", a -> a.xadd(QWORD, Address.of(rax), rcx));
        c.add("cmpxchg " + mem(DWORD, Address.of(r12)) + ",r8d", a -> a.cmpxchg(DWORD, Address.of(r12), r8));
        // The classic full fence on x86 (cheaper than mfence).
        c.add("lock add " + mem(DWORD, Address.of(rsp)) + ",0x0", a -> {
            a.lock();
            a.alu(AluOp.ADD, DWORD, Address.of(rsp), 0);
        });
        c.add("mfence", 3, Amd64Assembler::mfence);
        c.add("lfence", 3, Amd64Assembler::lfence);
        c.add("sfence", 3, Amd64Assembler::sfence);
        c.add("pause", 2, Amd64Assembler::pause);
        c.verify();
    }
}
