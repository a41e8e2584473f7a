package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.io.IOException;
import java.util.List;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.disasm.Objdump;

import jdk.vm.ci.code.Register;

/**
 * Branches, literal loads and adr to labels, backward and forward (patched at bind), checked by the
 * absolute target objdump prints; the exact limits of each reach and the exception beyond them;
 * placeholders and patching; register branches, adrp, brk/udf/hint.
 */
class ControlFlowTest {
    /** objdump's text for one word of {@code a}, decoded as if at its own position (for code too big to dump whole). */
    static String textAt(Aarch64Assembler a, int at) {
        int w = a.intAt(at);
        try {
            List<Objdump.Instruction> insns = Objdump.decode(new byte[] {(byte) w, (byte) (w >>> 8), (byte) (w >>> 16), (byte) (w >>> 24)}, at);
            return insns.get(0).text();
        } catch (IOException e) {
            throw new AssertionError("objdump for AArch64 is required by the assembler tests: " + e.getMessage(), e);
        }
    }

    /** Each way of referring to a label, with objdump's text for a given target. */
    private record Form(String name, BiConsumer<Aarch64Assembler, Label> emit, java.util.function.LongFunction<String> text) {
    }

    private static List<Form> forms() {
        List<Form> f = new java.util.ArrayList<>();
        f.add(new Form("b", Aarch64Assembler::b, t -> "b " + addr(t)));
        f.add(new Form("bl", Aarch64Assembler::bl, t -> "bl " + addr(t)));
        for (Condition cc : Condition.values()) {
            f.add(new Form("b." + cc.mnemonic(), (a, l) -> a.b(cc, l), t -> "b." + cond(cc) + " " + addr(t)));
        }
        for (int size : SIZES) {
            Register r = size == 32 ? r3 : zr;
            f.add(new Form("cbz", (a, l) -> a.cbz(size, r, l), t -> "cbz " + reg(size, r) + ", " + addr(t)));
            f.add(new Form("cbnz", (a, l) -> a.cbnz(size, r30, l), t -> "cbnz " + reg(size, r30) + ", " + addr(t)));
        }
        for (int bit : new int[] {0, 1, 31, 32, 63}) {
            String r = bit < 32 ? "w7" : "x7";
            f.add(new Form("tbz", (a, l) -> a.tbz(r7, bit, l), t -> "tbz " + r + ", #" + bit + ", " + addr(t)));
            f.add(new Form("tbnz", (a, l) -> a.tbnz(r7, bit, l), t -> "tbnz " + r + ", #" + bit + ", " + addr(t)));
        }
        f.add(new Form("adr", (a, l) -> a.adr(r9, l), t -> "adr x9, " + addr(t)));
        f.add(new Form("ldr", (a, l) -> a.ldr(64, r2, l), t -> "ldr x2, " + addr(t)));
        return f;
    }

    @Test
    void labelsBackwardAndForward() {
        ObjdumpCheck c = new ObjdumpCheck("branches to labels");
        Aarch64Assembler a = c.asm();
        Label back = new Label("back");
        a.nop();
        a.bind(back);
        List<Form> forms = forms();
        Label fwd = new Label("fwd");
        // Layout: nop, back:, one backward and one forward reference per form, 4 nops, fwd:.
        long fwdAt = 4 + 8L * forms.size() + 16;
        for (Form f : forms) {
            c.add(f.text.apply(4), x -> f.emit.accept(x, back));
            c.add(f.text.apply(fwdAt), x -> f.emit.accept(x, fwd));
        }
        for (int i = 0; i < 4; i++) {
            a.nop();
        }
        a.bind(fwd);
        c.add("nop", Aarch64Assembler::nop);
        // A label referenced again after binding, and a branch to itself.
        c.add("b " + addr(fwdAt), x -> x.b(fwd));
        Label self = new Label();
        c.add("b.ne " + addr(a.position()), x -> {
            x.bind(self);
            x.b(Condition.NE, self);
        });
        c.verify();
    }

    /** Checks the limits of one reach with a fresh assembler each: max backward and forward work, one word beyond throws. */
    private static void checkReach(String form, int range, BiConsumer<Aarch64Assembler, Label> emit, java.util.function.LongFunction<String> text) {
        int words = range / 4;
        // Backward: the farthest is exactly -range.
        Aarch64Assembler a = new Aarch64Assembler(range + 64);
        Label start = new Label("start");
        a.bind(start);
        for (int i = 0; i < words; i++) {
            a.nop();
        }
        int at = a.position();
        emit.accept(a, start);
        assertEquals(text.apply(0), textAt(a, at), form + " backward");
        BranchOutOfRangeException back = assertThrows(BranchOutOfRangeException.class, () -> emit.accept(a, start));
        assertEquals(at + 4, a.position(), "nothing emitted by the refused branch");
        assertEquals(form + " at 0x" + Integer.toHexString(at + 4) + " cannot reach start@0x0: offset " + (-(long) range - 4) + " is outside "
                + rangeText(range), back.getMessage());

        // Forward: the farthest is range - 4; one word more fails at bind.
        Aarch64Assembler b = new Aarch64Assembler(range + 64);
        Label near = new Label("near");
        Label far = new Label("far");
        emit.accept(b, near);
        emit.accept(b, far);
        for (int i = 0; i < words - 3; i++) {
            b.nop();
        }
        b.bind(near);
        assertEquals(range - 4, near.position());
        assertEquals(text.apply(range - 4), textAt(b, 0), form + " forward");
        b.nop();
        b.nop();
        BranchOutOfRangeException fwd = assertThrows(BranchOutOfRangeException.class, () -> b.bind(far));
        assertEquals(form + " at 0x4 cannot reach far: offset " + range + " is outside " + rangeText(range), fwd.getMessage());
        assertThrows(IllegalStateException.class, b::code, "far is still unbound");
    }

    private static String rangeText(int range) {
        return range >= 1 << 20 ? "+-" + (range >> 20) + " MiB" : "+-" + (range >> 10) + " KiB";
    }

    @Test
    void reachOfTestBranches() {
        checkReach("tbz/tbnz", Aarch64Assembler.TEST_BRANCH_RANGE, (a, l) -> a.tbz(r1, 40, l), t -> "tbz x1, #40, " + addr(t));
        checkReach("tbz/tbnz", Aarch64Assembler.TEST_BRANCH_RANGE, (a, l) -> a.tbnz(r1, 4, l), t -> "tbnz w1, #4, " + addr(t));
    }

    @Test
    void reachOfConditionalBranchesLiteralsAndAdr() {
        int range = Aarch64Assembler.CONDITIONAL_BRANCH_RANGE;
        checkReach("b.cond", range, (a, l) -> a.b(Condition.GE, l), t -> "b.ge " + addr(t));
        checkReach("cbz/cbnz", range, (a, l) -> a.cbnz(64, r5, l), t -> "cbnz x5, " + addr(t));
        checkReach("ldr (literal)", range, (a, l) -> a.ldr(64, v5, l), t -> "ldr d5, " + addr(t));
        // adr counts bytes: its reach is -1 MiB .. 1 MiB - 1, which at word positions ends at 1 MiB - 4 too.
        checkReach("adr", range, (a, l) -> a.adr(r5, l), t -> "adr x5, " + addr(t));
    }

    @Test
    void reachOfUnconditionalBranches() {
        checkReach("b", Aarch64Assembler.BRANCH_RANGE, Aarch64Assembler::b, t -> "b " + addr(t));
    }

    @Test
    void placeholdersAndPatching() {
        ObjdumpCheck c = new ObjdumpCheck("placeholders, patchBranch");
        Aarch64Assembler a = c.asm();
        int[] at = new int[8];
        c.add("bl " + addr(0x12340), x -> at[0] = x.emitBlPlaceholder());
        c.add("b " + addr(0x8000000 - 4 + 4), x -> at[1] = x.emitBPlaceholder());
        c.add("b " + addr(8), x -> at[2] = x.emitBPlaceholder());
        Label l = new Label();
        c.add("b.lt " + addr(0x100), x -> {
            at[3] = x.position();
            x.b(Condition.LT, l);
        });
        c.add("tbnz w1, #2, " + addr(0x10), x -> {
            at[4] = x.position();
            x.tbnz(r1, 2, l);
        });
        c.add("adr x3, " + addr(0x1), x -> {
            at[5] = x.position();
            x.adr(r3, 0);
        });
        c.add("cbz x4, " + addr(0x4), x -> {
            at[6] = x.position();
            x.cbz(64, r4, l);
        });
        c.add("ldr w5, " + addr(0xfffe0), x -> {
            at[7] = x.position();
            x.ldr(32, r5, l);
        });
        a.bind(l);
        assertEquals(0, at[0]);
        assertEquals(4, at[1]);
        a.patchBranch(at[0], 0x12340);
        a.patchBranch(at[1], 0x8000000);
        a.patchBranch(at[2], 8);
        a.patchBranch(at[3], 0x100);
        a.patchBranch(at[4], 0x10);
        a.patchBranch(at[5], 1);
        a.patchBranch(at[6], 4);
        a.patchBranch(at[7], 0xfffe0);
        c.verify();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.patchBranch(at[1], 0x8000004));
        assertEquals("b at 0x4 cannot reach 0x8000004: offset 134217728 is outside +-128 MiB", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.patchBranch(at[3], 0x102), "not word-aligned");
        assertThrows(IllegalArgumentException.class, () -> a.patchBranch(at[4], 0x8000 + at[4]));
        IllegalArgumentException notBranch = assertThrows(IllegalArgumentException.class, () -> {
            Aarch64Assembler b = new Aarch64Assembler();
            b.nop();
            b.patchBranch(0, 8);
        });
        assertEquals("d503201f is not a pc-relative branch, literal load or adr", notBranch.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> a.patchBranch(a.position(), 0));
        assertThrows(IllegalArgumentException.class, () -> a.patchBranch(2, 0));
    }

    @Test
    void registerBranches() {
        ObjdumpCheck c = new ObjdumpCheck("br/blr/ret");
        for (Register r : GPRS_ZR) {
            c.add("br " + x(r), a -> a.br(r));
            c.add("blr " + x(r), a -> a.blr(r));
            c.add(r == r30 ? "ret" : "ret " + x(r), a -> a.ret(r));
        }
        c.add("ret", Aarch64Assembler::ret);
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().br(sp));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().cbz(64, sp, new Label()));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().tbz(r0, 64, new Label()));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().tbnz(r0, -1, new Label()));
    }

    @Test
    void adrAndAdrpWithRawOffsets() {
        ObjdumpCheck c = new ObjdumpCheck("adr/adrp #offset");
        Aarch64Assembler a = c.asm();
        for (int i = 0; i < 1024; i++) {
            a.nop(); // adr/adrp below start from 0x1000, so negative offsets stay printable
        }
        int base = a.position();
        int k = 0;
        for (int off : new int[] {0, 1, 2, 3, -1, -4, 0xfff, 0x1000, -0x1000}) {
            int here = base + 4 * k++;
            c.add("adr x1, " + addr(here + off), x -> x.adr(r1, off));
        }
        c.add("adr xzr, " + addr(base + 4 * k + (1 << 20) - 1), x -> x.adr(zr, (1 << 20) - 1));
        k++;
        for (long off : new long[] {0, 0x1000, -0x1000, 0x7fff_f000L, (1L << 32) - 0x1000}) {
            int here = base + 4 * k++;
            c.add("adrp x2, " + addr((here & ~0xfffL) + off), x -> x.adrp(r2, off));
        }
        c.verify();
        Aarch64Assembler b = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> b.adr(r0, 1 << 20));
        assertThrows(IllegalArgumentException.class, () -> b.adr(r0, -(1 << 20) - 1));
        assertThrows(IllegalArgumentException.class, () -> b.adrp(r0, 0x800));
        assertThrows(IllegalArgumentException.class, () -> b.adrp(r0, 1L << 32));
        assertThrows(IllegalArgumentException.class, () -> b.adrp(r0, -(1L << 32) - 4096));
        assertThrows(IllegalArgumentException.class, () -> b.adr(sp, 0));
        assertEquals(0, b.position());
        // The lowest adrp reaches -4 GiB: objdump prints the target modulo 2^64.
        Aarch64Assembler low = new Aarch64Assembler();
        low.adrp(r0, -(1L << 32));
        assertEquals("adrp x0, " + addr(-(1L << 32)), textAt(low, 0));
    }

    @Test
    void hintsTrapsAndNops() {
        ObjdumpCheck c = new ObjdumpCheck("brk/udf/hint/nop/yield");
        for (int imm : new int[] {0, 1, 0x7fff, 0x8000, 0xf000, 0xffff}) {
            c.add("brk " + hex(imm), a -> a.brk(imm));
            c.add("udf #" + imm, a -> a.udf(imm));
        }
        c.add("nop", Aarch64Assembler::nop);
        c.add("yield", Aarch64Assembler::yield);
        c.add("nop", a -> a.hint(0));
        c.add("yield", a -> a.hint(1));
        for (int imm : new int[] {0x6, 0x25, 0x40, 0x50, 0x7f}) {
            c.add("hint " + hex(imm), a -> a.hint(imm));
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.brk(0x10000));
        assertThrows(IllegalArgumentException.class, () -> a.udf(-1));
        assertThrows(IllegalArgumentException.class, () -> a.hint(0x80));
        assertEquals(0, a.position());
    }

    @Test
    void labelMisuseIsRefused() {
        Aarch64Assembler a = new Aarch64Assembler();
        Label l = new Label("L");
        a.b(l);
        IllegalStateException unbound = assertThrows(IllegalStateException.class, a::code);
        assertEquals("labels referenced but never bound: [L]", unbound.getMessage());
        a.bind(l);
        a.code();
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> a.bind(l));
        assertEquals("label L@0x4 is already bound", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().b(l), "belongs to another assembler");
        assertThrows(IllegalStateException.class, () -> new Label().position());
        assertThrows(NullPointerException.class, () -> a.b((Label) null));
        if (l.position() != 4) {
            fail("label at " + l.position());
        }
    }
}
