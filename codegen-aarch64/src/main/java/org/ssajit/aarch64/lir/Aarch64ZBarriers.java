package org.ssajit.aarch64.lir;

import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.ExtendType;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.backend.TwoWayBranch;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.ZTest;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * ZGC's three target ops (the lowering expands the barriers, {@code lowering.ZBarrierExpansion}), in
 * the instruction forms whose immediates the VM patches with the current colors, each with its
 * relocation mark (docs/HOTSPOT-NOTES.md, "ZGC"): the value the code was installed with is 0. Every
 * AArch64 mark is at the start of the instruction it patches: {@code LOAD_GOOD_BEFORE_TB_X} on a
 * {@code tbz}/{@code tbnz} whose bit number (bits 19..23; b40, bit 31, stays 0) the VM sets to
 * log2(ZPointerRemapped), a bit a load-good pointer has clear; {@code MARK_BAD_BEFORE_MOV},
 * {@code STORE_BAD_BEFORE_MOV} and {@code STORE_GOOD_BEFORE_MOV} on a 32-bit {@code movz wT, #0}
 * whose imm16 (bits 5..20) the VM sets to the mask. The load shift is the constant
 * {@link HotSpotVmConfig#zPointerLoadShift} (16), never patched. HotSpot's
 * {@code ZBarrierSetAssembler} (aarch64) emits the same forms.
 */
public final class Aarch64ZBarriers {
    /** What the code holds until the VM patches it. */
    private static final int UNPATCHED = 0;

    private Aarch64ZBarriers() {
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#Z_TEST} fused with its branch. {@code LOAD_BAD}: the bit
     * test of the remapped bit, {@code tbz}/{@code tbnz x, #patched} over a {@code b} (any distance,
     * {@link Aarch64CodeEmitter#branchOnBit}). {@code MARK_BAD}, {@code STORE_BAD}: {@code movz wT,
     * #mask; tst x, xT; b.ne} when bad. {@code NOT_STORE_GOOD}: {@code movz wT, #store_good; cmp wT,
     * wX, uxth} (the pointer's low 16 bits, its color, against exactly the store-good color),
     * {@code b.ne} when not. {@code T} is a temp of the op, written before the pointer is read: the
     * pointer is an alive operand there, so the allocator never gives the temp its register (as a
     * use it may: a use ends where a temp starts).
     */
    public static final class TestBranch extends TwoWayBranch<Aarch64CodeEmitter> {
        private final ZTest test;
        private final boolean ifBad;

        public TestBranch(ZTest test, boolean ifBad, AllocatableValue pointer, AllocatableValue temp, LirBlock trueTarget, LirBlock falseTarget) {
            super(test == ZTest.LOAD_BAD ? values(pointer) : null, test == ZTest.LOAD_BAD ? null : values(pointer), test == ZTest.LOAD_BAD ? null : values(temp),
                            trueTarget, falseTarget);
            this.test = test;
            this.ifBad = ifBad;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register p = reg(get(test == ZTest.LOAD_BAD ? Mode.USE : Mode.ALIVE, 0));
            if (test == ZTest.LOAD_BAD) {
                // Bad: the remapped bit set.
                e.branchOnBit(p, UNPATCHED, ifBad, () -> e.frame().recordMark(c.markZLoadGoodBeforeTbX), trueTarget, falseTarget);
                return;
            }
            Register t = reg(get(Mode.TEMP, 0));
            if (t.equals(p)) {
                throw new IllegalStateException("zbranch: the temp in the pointer's register " + p);
            }
            e.frame().recordMark(switch (test) {
                case MARK_BAD -> c.markZMarkBadBeforeMov;
                case STORE_BAD -> c.markZStoreBadBeforeMov;
                case NOT_STORE_GOOD -> c.markZStoreGoodBeforeMov;
                case LOAD_BAD -> throw new IllegalStateException();
            });
            asm.movz(32, t, UNPATCHED, 0);
            if (test == ZTest.NOT_STORE_GOOD) {
                asm.cmp(32, t, p, ExtendType.UXTH, 0);
            } else {
                asm.tst(64, p, t);
            }
            e.branch(ifBad ? Condition.NE : Condition.EQ, trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "zbranch " + test.name().toLowerCase(java.util.Locale.ROOT) + (ifBad ? " " : " not ") + trueTarget + " else " + falseTarget;
        }
    }

    /** {@link org.ssajit.hotspot.ir.HotSpotOp#Z_UNCOLOR}: {@code lsr r, p, #load_shift}. */
    public static final class Uncolor extends Aarch64Op {
        public Uncolor(AllocatableValue result, AllocatableValue pointer) {
            super(values(result), values(pointer), null, null);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().lsr(64, reg(get(Mode.DEF, 0)), reg(get(Mode.USE, 0)), loadShift(e.config()));
        }

        @Override
        public String name() {
            return "zuncolor";
        }
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#Z_COLOR}: {@code movz wR, #store_good; orr xR, xR, xRef,
     * lsl #load_shift}. The reference is alive through the op: the result never takes its register.
     */
    public static final class Color extends Aarch64Op {
        public Color(AllocatableValue result, AllocatableValue reference) {
            super(values(result), null, values(reference), null);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register r = reg(get(Mode.DEF, 0));
            Register ref = reg(get(Mode.ALIVE, 0));
            if (r.equals(ref)) {
                throw new IllegalStateException("zcolor: the result in the reference's register " + r);
            }
            e.frame().recordMark(c.markZStoreGoodBeforeMov);
            asm.movz(32, r, UNPATCHED, 0);
            asm.orr(64, r, r, ref, ShiftType.LSL, loadShift(c));
        }

        @Override
        public String name() {
            return "zcolor";
        }
    }

    /** {@code ZPointerLoadShift}, a constant on AArch64. */
    private static int loadShift(HotSpotVmConfig c) {
        if (c.zPointerLoadShift <= 0) {
            throw new IllegalStateException("ZGC on AArch64 without the VM's ZPointerLoadShift");
        }
        return c.zPointerLoadShift;
    }
}
