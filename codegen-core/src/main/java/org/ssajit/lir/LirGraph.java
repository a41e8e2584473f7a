package org.ssajit.lir;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.debug.FaultInjection;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;

/** A method in LIR: blocks in emission order (the entry first) and the variables they use. */
public final class LirGraph {
    private final Graph ir;
    private final CompilerList<LirBlock> blocks = new CompilerList<>();
    private final org.ssajit.util.ReadOnlyList<LirBlock> blocksView = new org.ssajit.util.ReadOnlyList<>(blocks);
    private final List<Variable> variables = new CompilerList<>();
    private final FrameMap frameMap;

    public LirGraph(Graph ir, FrameMap frameMap) {
        this.ir = ir;
        this.frameMap = frameMap;
    }

    public Graph ir() {
        return ir;
    }

    /** The fault injector of this compile: its graph's; none for LIR made by hand (tests). */
    public FaultInjection faults() {
        return ir == null ? FaultInjection.NONE : ir.faults();
    }

    public FrameMap frameMap() {
        return frameMap;
    }

    public org.ssajit.util.ReadOnlyList<LirBlock> blocks() {
        return blocksView;
    }

    public LirBlock entry() {
        return blocks.get(0);
    }

    /** Appends a block at the end of the emission order. */
    public LirBlock newBlock(Block irBlock) {
        LirBlock b = new LirBlock(blocks.size(), irBlock);
        blocks.add(b);
        return b;
    }

    public void addEdge(LirBlock from, LirBlock to) {
        from.addSuccessor(to);
    }

    public Variable newVariable(LirKind kind) {
        Variable v = new Variable(kind, variables.size());
        variables.add(v);
        return v;
    }

    public int variableCount() {
        return variables.size();
    }

    public Variable variable(int index) {
        return variables.get(index);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (LirBlock b : blocks) {
            sb.append(b);
            if (!b.predecessors().isEmpty()) {
                sb.append(" <- ").append(b.predecessors());
            }
            if (b.loopDepth() > 0) {
                sb.append(" (loop depth ").append(b.loopDepth()).append(')');
            }
            sb.append('\n');
            for (LirOp op : b.ops()) {
                sb.append("  ");
                if (op.id() >= 0) {
                    sb.append(String.format("%4d ", op.id()));
                }
                sb.append(op);
                if (op.state() != null) {
                    sb.append("  ").append(op.state());
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
