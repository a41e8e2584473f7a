package org.ssajit.lir;

import jdk.vm.ci.meta.Value;

/**
 * An unconditional jump; its uses are the values for the target's phis, in the order of the target's
 * {@link LabelOp}. Only a block with one successor passes phi values (critical edges into blocks with
 * phis are split), so phi resolution always places its moves before a jump.
 */
public final class JumpOp extends LirOp {
    private final LirBlock target;

    public JumpOp(LirBlock target, Value[] phiValues) {
        super(null, phiValues, null, null);
        this.target = target;
    }

    public LirBlock target() {
        return target;
    }

    /** Phi values may be anywhere: resolution moves them into place. */
    @Override
    public int allowed(Mode m, int i) {
        return REG | STACK | CONST;
    }

    /** Removes the phi values once register allocation has moved them into the target's phi locations. */
    public void clearPhiValues() {
        clearOperands(Mode.USE);
    }

    @Override
    public void emit(CodeEmitter emitter) {
        emitter.jump(target);
    }

    @Override
    public String name() {
        return "jump " + target;
    }
}
