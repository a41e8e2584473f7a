package org.ssajit.ir;

import java.util.List;

/**
 * The last node of a block: where control goes next. A terminator may carry a {@link FrameState}:
 * a {@link Throw} always does, and branches with a backward target do (the safepoint of a loop).
 */
public abstract sealed class Terminator extends Node permits Goto, If, Switch, Return, Throw {
    private final int bci;
    private Block block;
    private FrameState state;

    protected Terminator(int bci) {
        this.bci = bci;
    }

    /** Bytecode index of the branch/return/throw, or -1 for a synthetic jump. */
    public int bci() {
        return bci;
    }

    public Block block() {
        return block;
    }

    void setBlock(Block b) {
        this.block = b;
    }

    public FrameState state() {
        return state;
    }

    public void setState(FrameState s) {
        if (state != null) {
            throw new IllegalStateException("state already set");
        }
        state = s;
    }

    /** Normal successors, without duplicates, in a fixed order. Exception edges are on the block. */
    public abstract List<Block> targets();

    /** Unlinks operands and state (when the terminator is replaced). */
    public void delete() {
        clearInputs();
        if (state != null) {
            state.clearInputs();
        }
    }
}
