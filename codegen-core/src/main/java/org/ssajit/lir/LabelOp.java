package org.ssajit.lir;

import jdk.vm.ci.meta.Value;

/**
 * The first instruction of every block. Its definitions are the block's phis (Wimmer and Franz: SSA
 * form is kept in the LIR; the values flow in from the {@link JumpOp}s of the predecessors, in
 * the same order).
 */
public final class LabelOp extends LirOp {
    private final LirBlock block;

    public LabelOp(LirBlock block, Variable[] phis) {
        super(phis, null, null, null);
        this.block = block;
    }

    public LirBlock block() {
        return block;
    }

    public int phiCount() {
        return count(Mode.DEF);
    }

    public Value phi(int i) {
        return get(Mode.DEF, i);
    }

    /** Removes the phis once register allocation has placed their values with moves. */
    public void clearPhis() {
        clearOperands(Mode.DEF);
    }

    @Override
    public void emit(CodeEmitter emitter) {
        emitter.bind(block);
    }

    @Override
    public String name() {
        return "label " + block;
    }
}
