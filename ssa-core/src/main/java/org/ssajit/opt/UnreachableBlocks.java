package org.ssajit.opt;

import java.util.List;
import java.util.Set;

import org.ssajit.ir.Block;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Phi;
import org.ssajit.ssa.RedundantPhiElimination;
import org.ssajit.util.CompilerList;
import org.ssajit.util.CompilerSet;

/**
 * Removes the blocks no path from the entry reaches any more (a pass removed the edges into them), then
 * the phis that became trivial.
 */
public final class UnreachableBlocks {
    private UnreachableBlocks() {
    }

    /**
     * Removes the exception edges of {@code b} (its handlers, and {@code b} as a predecessor of their
     * targets, unless a normal edge goes there too); the instructions' marks are the caller's.
     */
    public static void dropExceptionEdges(Block b) {
        if (b.handlers().isEmpty()) {
            return;
        }
        Set<Block> targets = new CompilerSet<>();
        for (Handler h : b.handlers()) {
            targets.add(h.target());
        }
        b.clearHandlers();
        for (Block t : targets) {
            if (!b.successors().contains(t)) {
                t.removePredecessor(b);
            }
        }
    }

    /** Returns whether a block was removed. Trivial phis are removed either way. */
    public static boolean remove(Graph g) {
        Dominance reach = g.dominance();
        List<Block> dead = new CompilerList<>();
        for (Block b : g.blocks()) {
            if (!reach.isReachable(b)) {
                dead.add(b);
            }
        }
        if (dead.isEmpty()) {
            RedundantPhiElimination.run(g);
            return false;
        }
        Set<Block> reachable = new CompilerSet<>(reach.reversePostorder());
        for (Block b : dead) {
            for (Block s : b.successors()) {
                if (reachable.contains(s)) {
                    s.removePredecessor(b);
                }
            }
        }
        for (Block b : dead) {
            // Unlink what dead code uses, so live values keep only live users.
            for (Phi p : b.phis()) {
                p.clearInputs();
            }
            for (Instruction i : b.instructions()) {
                i.clearInputs();
                if (i.state() != null) {
                    i.state().clearInputs();
                }
            }
            b.terminator().delete();
        }
        g.removeBlocks(b -> !reachable.contains(b));
        RedundantPhiElimination.run(g);
        return true;
    }
}
