package org.ssajit.ir;

import java.util.List;

/**
 * The last node of a block: where control goes next. A terminator may carry a {@link FrameState}:
 * a {@link Throw} always does, and so does every branch or switch with a target at or before its own
 * bytecode: it is a {@linkplain #isSafepoint() safepoint}. Every cycle of a method's control flow
 * passes one, since only a branch can go backwards in the bytecode (falling through goes forwards),
 * so every loop polls, reducible or not, whichever of its edges the loop analysis calls back edges.
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

    /** Replaces the frame state (the old one is unlinked from its values). */
    public void replaceState(FrameState s) {
        if (state != null) {
            state.clearInputs();
        }
        state = s;
    }

    /** Whether compiled code polls for a safepoint here, with this terminator's state: a backward branch. */
    public boolean isSafepoint() {
        return state != null && !(this instanceof Throw);
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
