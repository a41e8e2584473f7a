package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.amd64.asm.Intel.*;
import static org.ssajit.amd64.asm.OperandSize.*;

import org.junit.jupiter.api.Test;

/**
 * Labels: backward jumps pick rel8 exactly when the offset fits, forward jumps are rel32 and patched
 * at bind, forced short jumps fail loudly when out of reach, rip-relative operands follow labels and
 * patches. objdump prints every jump's absolute target, which is what is compared.
 */
class LabelTest {
    @Test
    void backwardJumpsUseRel8ExactlyWhenItFits() {
        ObjdumpCheck c = new ObjdumpCheck("backward jmp/jcc");
        Amd64Assembler a = c.asm();
        for (int gap : new int[] {0, 1, 125, 126, 127, 128, 200}) {
            for (Condition cc : new Condition[] {null, Condition.E, Condition.NE, Condition.B, Condition.AE, Condition.L,
                Condition.GE, Condition.LE, Condition.G, Condition.BE, Condition.A, Condition.O, Condition.NO,
                Condition.S, Condition.NS, Condition.P, Condition.NP}) {
                Label target = new Label();
                a.bind(target);
                int at = target.position();
                a.nops(gap);
                // rel8 reaches back 128 bytes from the end of its 2-byte instruction.
                boolean shortForm = gap + 2 <= 128;
                String mnemonic = cc == null ? "jmp" : "j" + cc.suffix();
                int longLength = cc == null ? 5 : 6;
                c.add(mnemonic + " " + hex(at), shortForm ? 2 : longLength, x -> {
                    if (cc == null) {
                        x.jmp(target);
                    } else {
                        x.jcc(cc, target);
                    }
                });
            }
        }
        c.verify();
    }

    @Test
    void forwardJumpsAreRel32AndPatchedAtBind() {
        Amd64Assembler a = new Amd64Assembler();
        Label end = new Label("end");
        int[] sites = new int[Condition.values().length + 2];
        int n = 0;
        sites[n++] = a.position();
        a.jmp(end);
        for (Condition cc : Condition.values()) {
            sites[n++] = a.position();
            a.jcc(cc, end);
        }
        sites[n++] = a.position();
        a.call(end);
        a.nops(300);
        a.bind(end);
        a.ret();
        int target = end.position();
        // Check the patched sites by re-emitting the same shapes as cases after the fact.
        ObjdumpCheck d = new ObjdumpCheck("forward jmp/jcc/call, patched");
        Amd64Assembler b = d.asm();
        Label end2 = new Label();
        d.add("jmp " + hex(target), 5, x -> x.jmp(end2));
        for (Condition cc : Condition.values()) {
            d.add("j" + cc.suffix() + " " + hex(target), 6, x -> x.jcc(cc, end2));
        }
        d.add("call " + hex(target), 5, x -> x.call(end2));
        b.nops(300);
        b.bind(end2);
        d.add("ret", 1, Amd64Assembler::ret);
        d.verify();
        assertArrayEquals(a.code(), b.code(), "deterministic: same calls, same bytes");
        assertEquals(0, sites[0]);
        assertEquals(5, sites[1]);
    }

    @Test
    void forcedShortJumps() {
        ObjdumpCheck c = new ObjdumpCheck("jmpShort/jccShort");
        Amd64Assembler a = c.asm();
        Label fwd = new Label();
        c.add("jmp " + hex(2 + 127), 2, x -> x.jmpShort(fwd));
        a.nops(127); // the farthest a rel8 reaches forward
        a.bind(fwd);
        int back = a.position();
        Label b = new Label();
        a.bind(b);
        c.add("jne " + hex(back), 2, x -> x.jccShort(Condition.NE, b));
        c.verify();

        Amd64Assembler tooFar = new Amd64Assembler();
        Label l = new Label("far");
        tooFar.jccShort(Condition.E, l);
        tooFar.nops(128);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> tooFar.bind(l));
        assertEquals("short jump at 0 cannot reach far@130: offset 128", e.getMessage());

        Amd64Assembler backFar = new Amd64Assembler();
        Label m = new Label();
        backFar.bind(m);
        backFar.nops(127);
        assertThrows(IllegalStateException.class, () -> backFar.jmpShort(m));
    }

    @Test
    void ripRelativeLabelsCountFromTheEndOfTheInstruction() {
        ObjdumpCheck c = new ObjdumpCheck("rip + label");
        Amd64Assembler a = c.asm();
        Label data = new Label("data");
        // Forward: lea, then a compare whose imm32 follows the displacement (end = after the imm).
        int lea = a.position();
        c.add("lea rax,[rip+" + hex(0x40 - (lea + 7)) + "]", 7, x -> x.lea(QWORD, rax, Address.rip(data)));
        int cmp = a.position();
        c.add("cmp DWORD PTR [rip+" + hex(0x40 - (cmp + 10)) + "],0x12345678", 10,
                x -> x.alu(AluOp.CMP, DWORD, Address.rip(data), 0x12345678));
        int mov = a.position();
        c.add("mov BYTE PTR [rip+" + hex(0x40 - (mov + 7)) + "],0x1", 7, x -> x.mov(BYTE, Address.rip(data), 1));
        a.nops(0x40 - a.position());
        a.bind(data);
        // Backward: the return-address store a safepoint stub needs.
        c.add("lea r10,[rip+" + hex(0xffff_ffff_ffff_ffffL - (a.position() + 7 - 0x40) + 1) + "]", 7,
                x -> x.lea(QWORD, r10, Address.rip(data)));
        c.verify();
    }

    @Test
    void ripDisplacementPatchedAfterTheFact() {
        ObjdumpCheck c = new ObjdumpCheck("rip patch");
        Amd64Assembler a = c.asm();
        RipReference[] refs = new RipReference[2];
        c.add("movsd xmm3,QWORD PTR [rip+" + hex(0x100 - 8) + "]", 8, x -> {
            x.movsd(xmm3, Address.rip(0));
            refs[0] = x.lastRipReference();
        });
        c.add("test DWORD PTR [rip+" + hex(0x100 - 18) + "],0x7", 10, x -> {
            x.test(DWORD, Address.rip(0), 7);
            refs[1] = x.lastRipReference();
        });
        assertEquals(new RipReference(4, 8), refs[0]);
        assertEquals(new RipReference(10, 18), refs[1]);
        a.patchRipDisplacement(refs[0], 0x100); // e.g. a constant in a data section after the code
        a.patchRipDisplacement(refs[1], 0x100);
        c.verify();
    }

    @Test
    void misuseIsRefused() {
        Amd64Assembler a = new Amd64Assembler();
        Label l = new Label("L");
        a.jmp(l);
        IllegalStateException unbound = assertThrows(IllegalStateException.class, a::code);
        assertEquals("labels referenced but never bound: [L]", unbound.getMessage());
        a.bind(l);
        a.code();
        assertThrows(IllegalStateException.class, () -> a.bind(l));
        assertThrows(IllegalArgumentException.class, () -> new Amd64Assembler().jmp(l));
        assertThrows(IllegalStateException.class, () -> new Label().position());
        assertThrows(IllegalStateException.class, () -> new Amd64Assembler().lastRipReference());
    }

    @Test
    void bufferGrowsAndCodeIsACopy() {
        Amd64Assembler a = new Amd64Assembler(1);
        for (int i = 0; i < 10_000; i++) {
            a.alu(AluOp.ADD, QWORD, r8, i);
        }
        byte[] code = a.code();
        assertEquals(a.position(), code.length);
        code[0] = 0;
        assertEquals(0x49, a.byteAt(0));
        a.emitLong(0x0102030405060708L);
        assertEquals(0x08, a.byteAt(code.length));
        assertEquals(0x01, a.byteAt(code.length + 7));
    }
}
