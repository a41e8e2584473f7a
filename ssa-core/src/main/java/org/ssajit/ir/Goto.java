package org.ssajit.ir;

import java.util.List;

public final class Goto extends Terminator {
    private final Block target;

    public Goto(int bci, Block target) {
        super(bci);
        this.target = target;
    }

    public Block target() {
        return target;
    }

    @Override
    public List<Block> targets() {
        return List.of(target);
    }
}
