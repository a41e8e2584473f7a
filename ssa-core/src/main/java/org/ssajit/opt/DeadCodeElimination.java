package org.ssajit.opt;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;

/**
 * Removes pure instructions and phis that nothing uses. On-the-fly simplification leaves such values
 * behind ({@code -(-x)} is {@code x}, but the inner negation was already appended); construction
 * itself creates no dead phi (pruned SSA). Instructions with side effects or exceptions stay.
 */
public final class DeadCodeElimination {
    private DeadCodeElimination() {
    }

    /** Returns the number of instructions and phis removed. */
    public static int run(Graph graph) {
        List<Value> work = new CompilerList<>();
        List<Block> blocks = graph.blocks();
        for (int bi = 0; bi < blocks.size(); bi++) {
            Block b = blocks.get(bi);
            List<Phi> phis = b.phis();
            for (int k = 0; k < phis.size(); k++) {
                work.add(phis.get(k));
            }
            List<Instruction> instructions = b.instructions();
            for (int k = 0; k < instructions.size(); k++) {
                work.add(instructions.get(k));
            }
        }
        int removed = 0;
        while (!work.isEmpty()) {
            Value v = work.remove(work.size() - 1);
            if (v.hasUsers() && !onlyUsedBySelf(v)) {
                continue;
            }
            List<Value> operands = new CompilerList<>(v.inputs());
            if (v instanceof Instruction i && i.isPure() && i.block() != null) {
                i.block().removeInstruction(i);
            } else if (v instanceof Phi p && !p.isRemoved()) {
                if (p.hasUsers()) {
                    p.replaceAllUsesWith(graph.undefined(p.kind())); // only itself: drop the self-reference first
                }
                p.block().removePhi(p);
            } else {
                continue;
            }
            removed++;
            for (Value op : operands) {
                if (op instanceof Instruction || op instanceof Phi) {
                    work.add(op);
                }
            }
        }
        return removed;
    }

    private static boolean onlyUsedBySelf(Value v) {
        for (int i = 0; i < v.userCount(); i++) {
            if (v.user(i) != v) {
                return false;
            }
        }
        return true;
    }
}
