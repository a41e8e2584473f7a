package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.backend.TwoWayBranch;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.ZTest;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * ZGC's three target ops (the lowering expands the barriers, {@code lowering.ZBarrierExpansion}), in
 * the instruction forms whose immediates the VM patches with the current colors, each with its
 * relocation mark (docs/HOTSPOT-NOTES.md, "ZGC"): the value the code was installed with is 0.
 * {@code LOAD_GOOD_BEFORE_SHL} marks the start of a {@code shl}/{@code shr r64, imm8} and the VM writes the
 * shift at offset 3; the other marks follow their instruction, whose last 16 bits the VM writes.
 */
public final class Amd64ZBarriers {
    /** What the code holds until the VM patches it. */
    private static final int UNPATCHED = 0;

    private Amd64ZBarriers() {
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#Z_TEST} fused with its branch: {@code test r32, mask} for
     * the bad masks ({@code jnz} when bad), {@code cmp r16, store_good} for the exact store-good color
     * ({@code jne} when not).
     */
    public static final class TestBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final ZTest test;
        private final boolean ifBad;

        public TestBranch(ZTest test, boolean ifBad, AllocatableValue pointer, LirBlock trueTarget, LirBlock falseTarget) {
            super(values(pointer), trueTarget, falseTarget);
            this.test = test;
            this.ifBad = ifBad;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register p = reg(get(Mode.USE, 0));
            if (test == ZTest.NOT_STORE_GOOD) {
                asm.cmpWordImm16(p, UNPATCHED);
                e.frame().recordMark(c.markZStoreGoodAfterCmp);
            } else {
                asm.testDwordImm32(p, UNPATCHED);
                e.frame().recordMark(switch (test) {
                    case LOAD_BAD -> c.markZLoadBadAfterTest;
                    case MARK_BAD -> c.markZMarkBadAfterTest;
                    case STORE_BAD -> c.markZStoreBadAfterTest;
                    case NOT_STORE_GOOD -> throw new IllegalStateException();
                });
            }
            e.branch(ifBad ? Condition.NE : Condition.E, trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "zbranch " + test.name().toLowerCase(java.util.Locale.ROOT) + (ifBad ? " " : " not ") + trueTarget + " else " + falseTarget;
        }
    }

    /** {@link org.ssajit.hotspot.ir.HotSpotOp#Z_UNCOLOR}: {@code mov r, p; shr r, load_shift}. */
    public static final class Uncolor extends Amd64Op {
        public Uncolor(AllocatableValue result, AllocatableValue pointer) {
            super(values(result), values(pointer), null, null);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register p = reg(get(Mode.USE, 0));
            if (!r.equals(p)) {
                asm.mov(QWORD, r, p);
            }
            e.frame().recordMark(e.config().markZLoadGoodBeforeShl);
            asm.shiftQwordImm8(ShiftOp.SHR, r, UNPATCHED);
        }

        @Override
        public String name() {
            return "zuncolor";
        }
    }

    /** {@link org.ssajit.hotspot.ir.HotSpotOp#Z_COLOR}: {@code mov r, ref; shl r, load_shift; or r, store_good}. */
    public static final class Color extends Amd64Op {
        public Color(AllocatableValue result, AllocatableValue reference) {
            super(values(result), values(reference), null, null);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register r = reg(get(Mode.DEF, 0));
            Register ref = reg(get(Mode.USE, 0));
            if (!r.equals(ref)) {
                asm.mov(QWORD, r, ref);
            }
            e.frame().recordMark(c.markZLoadGoodBeforeShl);
            asm.shiftQwordImm8(ShiftOp.SHL, r, UNPATCHED);
            asm.aluQwordImm32(AluOp.OR, r, UNPATCHED);
            e.frame().recordMark(c.markZStoreGoodAfterOr);
        }

        @Override
        public String name() {
            return "zcolor";
        }
    }
}
