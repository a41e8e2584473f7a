package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.amd64.asm.Intel.*;
import static org.ssajit.amd64.asm.OperandSize.*;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.amd64.disasm.Objdump;

import jdk.vm.ci.code.Register;

/** Indirect jumps and calls, returns, traps, NOPs and alignment, and the fixed-size patch sites. */
class ControlFlowTest {
    @Test
    void indirectJumpsAndCalls() {
        ObjdumpCheck c = new ObjdumpCheck("jmp/call r, mem");
        for (Register r : GPRS) {
            c.add("jmp " + r.name, r.encoding >= 8 ? 3 : 2, a -> a.jmp(r));
            c.add("call " + r.name, r.encoding >= 8 ? 3 : 2, a -> a.call(r));
        }
        for (Address m : ADDRESSES) {
            c.add("jmp " + mem(QWORD, m), a -> a.jmp(m));
            c.add("call " + mem(QWORD, m), a -> a.call(m));
        }
        c.verify();
    }

    @Test
    void returnsAndTraps() {
        ObjdumpCheck c = new ObjdumpCheck("ret/int3/hlt/ud2");
        c.add("ret", 1, Amd64Assembler::ret);
        for (int n : new int[] {0, 8, 0x7fff, 0xffff}) {
            c.add("ret " + hex(n), 3, a -> a.ret(n));
        }
        c.add("int3", 1, Amd64Assembler::int3);
        c.add("hlt", 1, Amd64Assembler::hlt);
        c.add("ud2", 2, Amd64Assembler::ud2);
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().ret(0x10000));
    }

    @Test
    void nopOfEachLengthIsOneInstruction() {
        String[] expected = {
            null,
            "nop",
            "xchg ax,ax",
            "nop DWORD PTR [rax]",
            "nop DWORD PTR [rax+0x0]",
            "nop DWORD PTR [rax+rax*1+0x0]",
            "nop WORD PTR [rax+rax*1+0x0]",
            "nop DWORD PTR [rax+0x0]",
            "nop DWORD PTR [rax+rax*1+0x0]",
            "nop WORD PTR [rax+rax*1+0x0]",
        };
        ObjdumpCheck c = new ObjdumpCheck("nop(n)");
        c.add("nop", 1, Amd64Assembler::nop);
        for (int n = 1; n <= Amd64Assembler.MAX_NOP_LENGTH; n++) {
            int len = n;
            c.add(expected[n], n, a -> a.nop(len));
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().nop(10));
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().nop(0));
    }

    @Test
    void alignPadsWithFewestNops() throws IOException {
        for (int start = 0; start < 40; start++) {
            for (int alignment : new int[] {1, 2, 4, 8, 16, 32}) {
                Amd64Assembler a = new Amd64Assembler();
                for (int i = 0; i < start; i++) {
                    a.int3();
                }
                a.align(alignment);
                int pad = a.position() - start;
                assertEquals(0, a.position() % alignment, "aligned");
                assertEquals((alignment - start % alignment) % alignment, pad, "minimal padding");
            }
        }
        // The padding decodes as NOPs only, the fewest of them: 31 bytes are 9 + 9 + 9 + 4.
        Amd64Assembler a = new Amd64Assembler();
        a.int3();
        a.align(32);
        assertEquals(32, a.position());
        List<Objdump.Instruction> padding = Objdump.decode(Arrays.copyOfRange(a.code(), 1, 32), 1);
        assertEquals(List.of(9, 9, 9, 4), padding.stream().map(Objdump.Instruction::length).toList());
        for (Objdump.Instruction insn : padding) {
            assertTrue(insn.text().startsWith("nop "), insn.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().align(12));
    }

    @Test
    void patchSites() {
        ObjdumpCheck c = new ObjdumpCheck("patch sites");
        Amd64Assembler a = c.asm();
        int p = a.position();
        c.add("call " + hex(p + 5), 5, x -> assertEquals(p, x.emitCallRel32Placeholder()));
        int q = a.position();
        c.add("jmp " + hex(q + 5), 5, x -> assertEquals(q, x.emitJmpRel32Placeholder()));
        int r = a.position();
        c.add("movabs r10,0x0", 10, x -> assertEquals(r, x.movabs(r10, 0)));
        c.add("cmp " + mem(DWORD, Address.of(r15, 0x20)) + ",0x0", 8, x -> x.cmpDwordImm32(Address.of(r15, 0x20), 0));
        c.add("cmp " + mem(DWORD, Address.of(r15, 0x400)) + ",0x1", 11, x -> x.cmpDwordImm32(Address.of(r15, 0x400), 1));
        // ZGC's patched forms (the lengths pin them: never the short encodings the value 0 would allow).
        c.add("shr rax,0x0", 4, x -> x.shiftQwordImm8(org.ssajit.amd64.asm.ShiftOp.SHR, rax, 0));
        c.add("shl r11,0x0", 4, x -> x.shiftQwordImm8(org.ssajit.amd64.asm.ShiftOp.SHL, r11, 0));
        c.add("or rax,0x0", 7, x -> x.aluQwordImm32(AluOp.OR, rax, 0));
        c.add("or r9,0x0", 7, x -> x.aluQwordImm32(AluOp.OR, r9, 0));
        c.add("test eax,0x0", 6, x -> x.testDwordImm32(rax, 0));
        c.add("test r10d,0x0", 7, x -> x.testDwordImm32(r10, 0));
        c.add("cmp ax,0x0", 5, x -> x.cmpWordImm16(rax, 0));
        c.add("cmp r11w,0x0", 6, x -> x.cmpWordImm16(r11, 0));
        // The verified entry's first instruction: one 5-byte NOP HotSpot can overwrite with a jmp.
        c.add("nop DWORD PTR [rax+rax*1+0x0]", 5, x -> x.nop(5));
        // Stack bang and the return poll from the frame shape in JVMCI-FACTS.md.
        c.add("mov " + mem(DWORD, Address.of(rsp, -0x6000)) + ",eax", x -> x.mov(DWORD, Address.of(rsp, -0x6000), rax));
        c.add("cmp rsp," + mem(QWORD, Address.of(r15, 0x28)), 4, x -> x.alu(AluOp.CMP, QWORD, rsp, Address.of(r15, 0x28)));
        c.verify();
    }
}
