package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

/**
 * {@code if (x cond y) goto trueTarget else goto falseTarget}. Operands are both Int or both Object
 * (long, float and double comparisons go through LCMP/FCMPx/DCMPx first, as in the bytecode); in a
 * lowered graph also both Long: words ({@link Op.Kinds#WORD}), compared as 64-bit integers.
 * The two targets are distinct; a branch whose targets coincide is a {@link Goto}.
 */
public final class If extends Terminator {
    private final Condition condition;
    private final Block trueTarget;
    private final Block falseTarget;
    /** {@link #targets()}, made once: the compiler asks for a block's successors very often. */
    private final List<Block> targets;

    public If(int bci, Condition condition, Value x, Value y, Block trueTarget, Block falseTarget) {
        super(bci);
        if (trueTarget == falseTarget) {
            throw new IllegalArgumentException("If with identical targets");
        }
        this.condition = condition;
        this.trueTarget = trueTarget;
        this.falseTarget = falseTarget;
        this.targets = CompilerList.of(trueTarget, falseTarget);
        initInputs(x, y);
    }

    public Condition condition() {
        return condition;
    }

    public Value x() {
        return input(0);
    }

    public Value y() {
        return input(1);
    }

    public Block trueTarget() {
        return trueTarget;
    }

    public Block falseTarget() {
        return falseTarget;
    }

    @Override
    public List<Block> targets() {
        return targets;
    }
}
