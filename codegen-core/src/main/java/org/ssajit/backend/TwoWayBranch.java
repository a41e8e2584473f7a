package org.ssajit.backend;

import org.ssajit.lir.BranchOp;
import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.meta.Value;

/**
 * The base of a target's block-ending conditional branches (a compare, a bit test, a float compare,
 * a compare-and-swap that branches on its outcome): an op that uses its operands, defines nothing, and
 * goes to one of its two successor blocks. It knows the two blocks ({@link BranchOp}), which the block
 * layout reads and the emitter's fall-through choice uses; a target's subclass sets the flags and names
 * the condition.
 *
 * @param <E> the target's emitter
 */
public abstract class TwoWayBranch<E extends CodeEmitter> extends TargetOp<E> implements BranchOp {
    protected final LirBlock trueTarget;
    protected final LirBlock falseTarget;

    protected TwoWayBranch(Value[] uses, LirBlock trueTarget, LirBlock falseTarget) {
        this(uses, null, null, trueTarget, falseTarget);
    }

    protected TwoWayBranch(Value[] uses, Value[] alives, Value[] temps, LirBlock trueTarget, LirBlock falseTarget) {
        super(null, uses, alives, temps);
        this.trueTarget = trueTarget;
        this.falseTarget = falseTarget;
    }

    @Override
    public final LirBlock trueTarget() {
        return trueTarget;
    }

    @Override
    public final LirBlock falseTarget() {
        return falseTarget;
    }
}
