package org.ssajit.lir;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.ir.Block;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.util.Identity;

/**
 * A block of LIR: a {@link LabelOp}, instructions, and a block-ending instruction (a {@link JumpOp}, a
 * target's conditional branch or switch, a return, a deoptimization). Blocks are numbered in the
 * emission order ({@link #id()}).
 */
public final class LirBlock extends Identity {
    private final int id;
    private final Block irBlock;
    private final CompilerList<LirBlock> predecessors = new CompilerList<>(2);
    private final CompilerList<LirBlock> successors = new CompilerList<>(2);
    private final org.ssajit.util.ReadOnlyList<LirBlock> predecessorsView = new org.ssajit.util.ReadOnlyList<>(predecessors);
    private final org.ssajit.util.ReadOnlyList<LirBlock> successorsView = new org.ssajit.util.ReadOnlyList<>(successors);
    /** Sized for the label, one op per instruction of its block and the terminator's few: most never grow. */
    private final CompilerList<LirOp> ops;
    private int loopDepth;
    private Loop loop;

    LirBlock(int id, Block irBlock) {
        this.id = id;
        this.irBlock = irBlock;
        this.ops = new CompilerList<>(irBlock == null ? 2 : irBlock.instructions().size() + 4);
    }

    /** Position in the linear (emission) order. */
    public int id() {
        return id;
    }

    /** The SSA block this comes from, or null for a block splitting a critical edge. */
    public Block irBlock() {
        return irBlock;
    }

    public org.ssajit.util.ReadOnlyList<LirBlock> predecessors() {
        return predecessorsView;
    }

    public org.ssajit.util.ReadOnlyList<LirBlock> successors() {
        return successorsView;
    }

    void addSuccessor(LirBlock s) {
        successors.add(s);
        s.predecessors.add(this);
    }

    /** The instructions, label first and block end last. Mutable: the allocator inserts moves. */
    public CompilerList<LirOp> ops() {
        return ops;
    }

    public LabelOp label() {
        return (LabelOp) ops.get(0);
    }

    public LirOp last() {
        return ops.get(ops.size() - 1);
    }

    /** Loop nesting depth (0 outside loops): spill heuristics weigh uses by it. */
    public int loopDepth() {
        return loopDepth;
    }

    void setLoopDepth(int d) {
        loopDepth = d;
    }

    /**
     * The innermost loop of the SSA graph ({@link org.ssajit.ir.Graph#loops()}) this block belongs
     * to, or null: for a block splitting an edge, the innermost loop containing both ends of the edge.
     */
    public Loop loop() {
        return loop;
    }

    void setLoop(Loop l) {
        loop = l;
    }

    @Override
    public String toString() {
        return "B" + id;
    }
}
