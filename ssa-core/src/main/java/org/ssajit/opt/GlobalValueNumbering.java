package org.ssajit.opt;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;

import org.ssajit.ir.Block;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;

/**
 * Dominator-based value numbering of pure instructions, after construction: an instruction equal to
 * one in a dominating block (same operation, kind, attribute and operands, commutative operands in
 * either order) is replaced by it. On-the-fly value numbering ({@link NodeFactory}) merges within a
 * block only; this pass merges across blocks, e.g. {@code zr * zr} in a loop test and again in the
 * loop body. Pure means no memory access, no exception, no side effect ({@link Instruction#isPure()}:
 * arithmetic, conversions, comparisons, float division); integer division, loads and everything with
 * a frame state are left alone. Every block is visited after the blocks dominating it (reverse
 * postorder), so operands are already canonical when an instruction is looked up.
 */
public final class GlobalValueNumbering {
    private GlobalValueNumbering() {
    }

    /** Returns the number of instructions replaced by a dominating equal one. */
    public static int run(Graph graph) {
        Dominance dominance = graph.dominance();
        Map<NodeFactory.Key, List<Instruction>> table = new CompilerMap<>();
        int replaced = 0;
        for (Block b : dominance.reversePostorder()) {
            for (Instruction i : CompilerList.copyOf(b.instructions())) {
                if (!i.isPure()) {
                    continue;
                }
                NodeFactory.Key key = new NodeFactory.Key(i, -1);
                List<Instruction> candidates = table.computeIfAbsent(key, k -> new CompilerList<>(1));
                Instruction existing = null;
                for (Instruction c : candidates) {
                    // An earlier instruction of this block, or one in a block that dominates it.
                    if (c.block() == b || dominance.dominates(c.block(), b)) {
                        existing = c;
                        break;
                    }
                }
                if (existing == null) {
                    candidates.add(i);
                    continue;
                }
                i.replaceAllUsesWith(existing);
                b.removeInstruction(i);
                replaced++;
            }
        }
        return replaced;
    }
}
