package org.ssajit.opt;

import org.ssajit.util.CompilerList;

import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Loops.Loop;

/**
 * Loop-invariant code motion of pure instructions: an instruction of a loop whose operands are all
 * defined outside the loop (or are themselves moved) goes to the end of the block that enters the
 * loop, so {@code i * n} in {@code a[i * n + k]} is computed once per inner loop, not once per
 * iteration.
 *
 * <p>Only {@linkplain Instruction#isPure() pure} instructions move: no side effect, no exception, no
 * memory read (integer division and remainder, which can throw, are not pure; float division is), so
 * running one where the loop would not have run it changes nothing observable. A loop qualifies when
 * it has a {@linkplain Loop#preheader() preheader}, which dominates the whole loop, so the moved value
 * dominates every use it had. Inner loops are
 * treated first, so a value invariant in several nested loops leaves all of them. Returns how many
 * instructions moved; a caller that value-numbers afterwards merges copies that land in one block.
 */
public final class LoopInvariantCodeMotion {
    private LoopInvariantCodeMotion() {
    }

    public static int run(Graph g) {
        int moved = 0;
        for (Loop loop : g.loops().innermostFirst()) {
            Block preheader = loop.preheader();
            if (preheader == null) {
                continue;
            }
            for (Block b : loop.blocks()) {
                for (Instruction x : CompilerList.copyOf(b.instructions())) {
                    if (x.isPure() && x.state() == null && !x.hasExceptionEdge() && operandsInvariant(x, loop)) {
                        b.moveToEnd(x, preheader); // later instructions of the loop see it outside the body
                        moved++;
                    }
                }
            }
        }
        return moved;
    }

    /** Whether every operand of {@code x} is defined outside {@code loop} (instructions moved out already count). */
    private static boolean operandsInvariant(Instruction x, Loop loop) {
        for (int k = 0; k < x.inputCount(); k++) {
            if (!loop.definesNot(x.input(k))) {
                return false;
            }
        }
        return true;
    }
}
