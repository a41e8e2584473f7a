package org.ssajit.opt;

import org.ssajit.util.CompilerList;

import org.ssajit.ir.Block;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Node;
import org.ssajit.ir.Phi;

/**
 * Moves a pure instruction whose value only flows into the phis of the block's one successor (and
 * into the frame state of the jump there, the safepoint of a back edge) to the end of its block.
 *
 * <p>In {@code zr = zr * zr - zi * zi + cr; zi = 2.0 * zr * zi + ci} the new {@code zr} is computed
 * while the old one is still needed. Its register cannot be the old one's, so the back edge copies
 * it, and on a loop-carried chain that copy adds to every iteration (register copies are not free on
 * every core). Computed last, after the old value's last use, the new value can take the phi's
 * register: the allocator's phi hint gives it that register and the copy disappears. Order within a
 * block does not matter to an out-of-order core otherwise.
 *
 * <p>Only instructions that are {@linkplain Instruction#isPure() pure}, carry no frame state and
 * have no exception edge move, so the order of everything observable is unchanged; they stay
 * before the jump, whose state may name them. An instruction that another instruction of the block
 * uses stays where it is (moving it would put a use before its definition). Returns how many moved.
 */
public final class PhiOperandSinking {
    private PhiOperandSinking() {
    }

    public static int run(Graph g) {
        int moved = 0;
        for (Block b : g.blocks()) {
            if (!(b.terminator() instanceof Goto jump) || b.successors().size() != 1) {
                continue;
            }
            Block successor = b.successors().get(0);
            for (Instruction x : CompilerList.copyOf(b.instructions())) {
                if (x.isPure() && x.state() == null && !x.hasExceptionEdge() && onlyFeedsPhisOf(x, successor, jump)) {
                    b.moveToEnd(x, b);
                    moved++;
                }
            }
        }
        return moved;
    }

    private static boolean onlyFeedsPhisOf(Instruction x, Block successor, Goto jump) {
        if (x.userCount() == 0) {
            return false;
        }
        for (int k = 0; k < x.userCount(); k++) {
            Node u = x.user(k);
            boolean phiThere = u instanceof Phi p && p.block() == successor;
            if (!phiThere && u != jump.state()) {
                return false;
            }
        }
        return true;
    }
}
