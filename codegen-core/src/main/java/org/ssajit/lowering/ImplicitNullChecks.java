package org.ssajit.lowering;

import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Value;

/**
 * Implicit null checks, the step after {@link CheckElimination}: a {@link HotSpotOp#NULL_CHECK} left in the
 * graph becomes the first access of the same reference after it in its block, a {@link HotSpotOp#READ} or
 * {@link HotSpotOp#WRITE} without an index at a displacement within the VM's protected page (a null base
 * faults there): the access takes the check's frame state, and a {@code READ}/{@code WRITE} with a
 * frame state is its base's implicit null check. Only pure instructions and memory barriers may lie
 * between (nothing that writes memory, reads it, calls, or deoptimizes: the fault must be the first
 * thing the bytecode does that can be seen). A check whose failure throws to a handler in compiled
 * code ({@link Deopt#compiledThrow}) stays explicit. The caller runs it only where implicit null checks
 * are on and the method's profile records no null-check deoptimization.
 */
final class ImplicitNullChecks {
    private ImplicitNullChecks() {
    }

    /** Folds the null checks of {@code g} into their accesses; {@code pageSize}: the VM's protected page. */
    static void run(Graph g, int pageSize) {
        for (Block b : g.blocks()) {
            List<Instruction> code = b.instructions();
            for (int k = 0; k < code.size(); k++) {
                Instruction c = code.get(k);
                if (c.op() != HotSpotOp.NULL_CHECK || c.attribute(Deopt.class).compiledThrow()) {
                    continue;
                }
                Instruction access = access(c, code, k, pageSize);
                if (access != null) {
                    access.setState(c.takeState());
                    b.removeInstruction(c);
                    k--;
                }
            }
        }
    }

    /** The access after null check {@code code[k]} that can be it, or null. */
    private static Instruction access(Instruction c, List<Instruction> code, int k, int pageSize) {
        Value object = CheckElimination.withoutPi(c.input(In.OBJECT));
        for (int j = k + 1; j < code.size(); j++) {
            Instruction x = code.get(j);
            if ((x.op() == HotSpotOp.READ || x.op() == HotSpotOp.WRITE) && x.state() == null && CheckElimination.withoutPi(x.input(In.BASE)) == object) {
                Access a = x.attribute(Access.class);
                boolean indexed = x.input(In.INDEX) != null;
                return !indexed && a.displacement() >= 0 && a.displacement() < pageSize ? x : null;
            }
            if (x.state() != null || !(x.isPure() || x.op() == HotSpotOp.MEMBAR)) {
                return null;
            }
        }
        return null;
    }
}
