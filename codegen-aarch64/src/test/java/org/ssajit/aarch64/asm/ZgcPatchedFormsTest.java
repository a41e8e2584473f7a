package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.ssajit.aarch64.asm.Gnu.addr;

import org.junit.jupiter.api.Test;

/**
 * The instruction forms ZGC's barriers use ({@code lir.Aarch64ZBarriers}) and the VM patches in place
 * ({@code ZBarrierSetAssembler::patch_barrier_relocation}, aarch64): their exact words (ARM ARM
 * encodings), objdump's reading of them, and objdump's reading after the VM's patch of the bits it
 * owns: bits 19..23 of a {@code tbz}/{@code tbnz} (the bit number, log2(ZPointerRemapped), 12..15:
 * b40 and b5 untouched, so the test stays on a W-range bit) and bits 5..20 of a 32-bit {@code movz}
 * (the mask). The VM recognizes neither alias: a {@code movz} of 0 must stay a {@code movz}
 * ({@code 0x52800000 | rd}), never {@code orr wd, wzr, wzr}.
 */
class ZgcPatchedFormsTest {
    /** HotSpot's {@code change_immediate(instr, imm, start, end)}. */
    static int patch(int word, int value, int start, int end) {
        int mask = ((1 << (end - start + 1)) - 1) << start;
        return word & ~mask | value << start;
    }

    private static int word(java.util.function.Consumer<Aarch64Assembler> emit) {
        Aarch64Assembler a = new Aarch64Assembler();
        emit.accept(a);
        assertEquals(4, a.position());
        return a.intAt(0);
    }

    /** A test-bit branch at 0 to a label bound at 8. */
    private static int testBranch(boolean nonZero, jdk.vm.ci.code.Register r, int bit) {
        Aarch64Assembler a = new Aarch64Assembler();
        Label l = new Label();
        if (nonZero) {
            a.tbnz(r, bit, l);
        } else {
            a.tbz(r, bit, l);
        }
        a.nop();
        a.bind(l);
        return a.intAt(0);
    }

    @Test
    void exactWords() {
        assertEquals(0x52800009, word(a -> a.movz(32, r9, 0, 0)), "movz w9, #0");
        assertEquals(0x52800000, word(a -> a.movz(32, r0, 0, 0)), "movz w0, #0");
        assertEquals(0x37600040, testBranch(true, r0, 12), "tbnz x0, #12, +8");
        assertEquals(0x37000040, testBranch(true, r0, 0), "tbnz x0, #0, +8");
        assertEquals(0x36000041, testBranch(false, r1, 0), "tbz x1, #0, +8");
        assertEquals(0x6B21211F, word(a -> a.cmp(32, r8, r1, ExtendType.UXTH, 0)), "cmp w8, w1, uxth");
        assertEquals(0xEA08003F, word(a -> a.tst(64, r1, r8)), "tst x1, x8");
        assertEquals(0xAA014000, word(a -> a.orr(64, r0, r0, r1, ShiftType.LSL, 16)), "orr x0, x0, x1, lsl #16");
        assertEquals(0xD350FC20, word(a -> a.lsr(64, r0, r1, 16)), "lsr x0, x1, #16");
        // The VM's patch of the unpatched forms gives the patched ones.
        assertEquals(0x37600040, patch(testBranch(true, r0, 0), 12, 19, 23));
        assertEquals(0x36780041, patch(testBranch(false, r1, 0), 15, 19, 23));
        assertEquals(0x528246A9, patch(0x52800009, 0x1235, 5, 20));
    }

    @Test
    void objdumpReadsTheFormsAndTheirPatchedImmediates() {
        ObjdumpCheck c = new ObjdumpCheck("ZGC's patched forms");
        c.add("mov w9, #0x0", a -> a.movz(32, r9, 0, 0));
        c.add("mov w17, #0x0", a -> a.movz(32, r17, 0, 0));
        c.add("cmp w8, w1, uxth", a -> a.cmp(32, r8, r1, ExtendType.UXTH, 0));
        c.add("cmp w10, w0, uxth", a -> a.cmp(32, r10, r0, ExtendType.UXTH, 0));
        c.add("tst x1, x8", a -> a.tst(64, r1, r8));
        c.add("orr x0, x0, x1, lsl #16", a -> a.orr(64, r0, r0, r1, ShiftType.LSL, 16));
        c.add("lsr x3, x4, #16", a -> a.lsr(64, r3, r4, 16));
        for (int bit = 12; bit <= 15; bit++) {
            int b = bit;
            c.add("tbnz w2, #" + b + ", " + addr(c.asm().position() + 8), a -> a.emitInt(patch(testBranch(true, r2, 0), b, 19, 23)));
            c.add("tbz w30, #" + b + ", " + addr(c.asm().position() + 8), a -> a.emitInt(patch(testBranch(false, r30, 0), b, 19, 23)));
        }
        for (int mask : new int[] {0x1, 0x5, 0x10, 0xfff0, 0xffff}) {
            c.add("mov w9, " + Gnu.hex(mask), a -> a.emitInt(patch(0x52800009, mask, 5, 20)));
        }
        c.verify();
    }
}
