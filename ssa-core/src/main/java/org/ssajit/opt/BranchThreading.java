package org.ssajit.opt;

import java.util.List;

import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Value;
import org.ssajit.ssa.RedundantPhiElimination;

import jdk.vm.ci.meta.JavaKind;

/**
 * Jump threading over a phi of constants: a branch on a value that, on some of the edges into its
 * block, is a constant goes, on those edges, straight to the side the constant takes.
 *
 * <p>An inlined method that returns a boolean ({@code equals}, {@code contains}, a comparison) whose
 * result its caller tests leaves {@code r = phi(1, 0); if (r == 0)} (often with the {@code & 1} the
 * JVM's boolean return adds): each return materializes 0 or 1, jumps to the merge and branches again.
 * Threaded, each return jumps where its value leads, and the merge, the phi and the test go.
 *
 * <p>The shape, exactly: an {@link If} without a safepoint state compares, with an int constant, a
 * {@link Phi} (or a chain of {@code and}s with constants of it) that nothing else uses; the phi's
 * block holds no other phi, and it and the blocks from it to the branch (each entered only from the
 * one before, by a plain jump) hold nothing but that chain and have no handlers. For each
 * predecessor whose phi operand is a constant, and that ends in a jump or a branch without a
 * safepoint state, not already going to the side the constant takes, and not a back edge into the
 * phi's block: its edge goes to that side instead, whose phis take, for it, the operands they had for
 * the branch's block. Those operands dominate the new predecessor (nothing between the phi's block
 * and the branch defines a value besides the chain, whose only use is the branch), so SSA holds. A
 * loop's back-edge branch is never threaded: its safepoint state holds its operands, so the phi has
 * another user; and no side may be a loop header the branch jumps back to (a new edge there would be
 * a back edge without a safepoint). What is left unreachable goes. Returns how many edges were
 * threaded.
 */
public final class BranchThreading {
    private final Graph g;
    /** The graph's dominators before any edge was threaded (what a threaded edge changes does not matter to the tests made of them). */
    private Dominance dom;
    private boolean deadMerges;

    private BranchThreading(Graph g) {
        this.g = g;
    }

    public static int run(Graph g) {
        BranchThreading t = new BranchThreading(g);
        int threaded = 0;
        // No block is added or removed until the end: the list is walked as it is.
        List<Block> blocks = g.blocks();
        for (int k = 0; k < blocks.size(); k++) {
            if (blocks.get(k).terminator() instanceof If f) {
                threaded += t.thread(blocks.get(k), f);
            }
        }
        if (t.deadMerges) {
            UnreachableBlocks.remove(g);
        } else if (threaded > 0) {
            RedundantPhiElimination.run(g);
        }
        return threaded;
    }

    /** Whether {@code w} is an {@code and} with a constant that only its one user reads. */
    private static boolean isMask(Value w) {
        return w instanceof Instruction i && i.op() == Op.AND && i.input(1) instanceof Constant && i.userCount() == 1 && i.state() == null;
    }

    /** Whether {@code i} is one of the masks from {@code v} down to the phi. */
    private static boolean isMaskOf(Instruction i, Value v) {
        for (Value w = v; isMask(w); w = ((Instruction) w).input(0)) {
            if (w == i) {
                return true;
            }
        }
        return false;
    }

    private int thread(Block b, If f) {
        if (f.state() != null) {
            return 0;
        }
        Value v;
        Constant c;
        Condition cond;
        if (f.y() instanceof Constant k && k.kind() == JavaKind.Int) {
            v = f.x();
            c = k;
            cond = f.condition();
        } else if (f.x() instanceof Constant k && k.kind() == JavaKind.Int) {
            v = f.y();
            c = k;
            cond = f.condition().mirror();
        } else {
            return 0;
        }
        // The chain of masks between the phi and the test, each used only by the next.
        Value w = v;
        int mask = -1;
        while (isMask(w)) {
            mask &= ((Constant) ((Instruction) w).input(1)).asInt();
            w = ((Instruction) w).input(0);
        }
        if (!(w instanceof Phi p) || p.userCount() != 1 || p.kind() != JavaKind.Int) {
            return 0;
        }
        Block merge = p.block();
        if (merge.phis().size() != 1 || !merge.handlers().isEmpty() || merge == g.blocks().get(0) || merge.predecessors().isEmpty()) {
            return 0;
        }
        // From the merge to the branch: blocks of nothing but the masks, each entered only from the one before.
        Block cur = merge;
        while (true) {
            for (Instruction i : cur.instructions()) {
                if (!isMaskOf(i, v)) {
                    return 0;
                }
            }
            if (cur == b) {
                break;
            }
            if (!(cur.terminator() instanceof Goto jump) || jump.state() != null) {
                return 0;
            }
            cur = jump.target();
            if (cur.predecessors().size() != 1 || !cur.phis().isEmpty() || !cur.handlers().isEmpty() || cur == merge) {
                return 0;
            }
        }
        Block onTrue = f.trueTarget();
        Block onFalse = f.falseTarget();
        if (onTrue == onFalse) {
            return 0;
        }
        if (dom == null) {
            dom = g.dominance();
        }
        if (dom.dominates(onTrue, b) || dom.dominates(onFalse, b)) {
            return 0; // one side is a loop header this branch jumps back to
        }
        int threaded = 0;
        // Last to first: dropping predecessor k moves only the ones after it.
        for (int k = merge.predecessors().size() - 1; k >= 0; k--) {
            Block x = merge.predecessors().get(k);
            if (!(p.operand(k) instanceof Constant kc) || kc.kind() != JavaKind.Int || dom.dominates(merge, x) || merge.predecessorIndex(x) != k
                            || !x.handlers().isEmpty()) {
                continue; // not a constant; a back edge; x reaches the merge twice (its first edge is at an earlier index)
            }
            Terminator t = x.terminator();
            if (t.state() != null || !(t instanceof Goto || t instanceof If) || t instanceof If xi && xi.trueTarget() == xi.falseTarget()) {
                continue;
            }
            Block side = cond.test(kc.asInt() & mask, c.asInt()) ? onTrue : onFalse;
            if (t.targets().contains(side)) {
                continue; // it would reach the side twice
            }
            retarget(x, merge, side);
            side.addPredecessor(x);
            int from = side.predecessorIndex(b);
            for (Phi q : side.phis()) {
                q.appendOperand(q.operand(from));
            }
            merge.removePredecessor(x);
            threaded++;
        }
        if (merge.predecessors().isEmpty()) {
            deadMerges = true;
        }
        return threaded;
    }

    /** Replaces {@code x}'s terminator by one that goes to {@code side} where it went to {@code merge}. */
    private static void retarget(Block x, Block merge, Block side) {
        Terminator t = x.terminator();
        if (t instanceof Goto jump) {
            x.replaceTerminator(new Goto(jump.bci(), side));
        } else {
            If branch = (If) t;
            x.replaceTerminator(new If(branch.bci(), branch.condition(), branch.x(), branch.y(), branch.trueTarget() == merge ? side : branch.trueTarget(),
                            branch.falseTarget() == merge ? side : branch.falseTarget()));
        }
    }
}
