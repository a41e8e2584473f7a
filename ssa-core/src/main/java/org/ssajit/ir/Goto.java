package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

public final class Goto extends Terminator {
    private final Block target;
    /** {@link #targets()}, made once: the compiler asks for a block's successors very often. */
    private final List<Block> targets;

    public Goto(int bci, Block target) {
        super(bci);
        this.target = target;
        this.targets = CompilerList.of(target);
    }

    public Block target() {
        return target;
    }

    @Override
    public List<Block> targets() {
        return targets;
    }
}
