package org.ssajit.bytecode;

import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.util.ImmediateDominators;

/** Immediate dominators of the bytecode blocks, numbered in reverse postorder ({@code idom[0] == 0}). */
public final class Dominators {
    private Dominators() {
    }

    public static int[] compute(List<BciBlock> rpo) {
        int[][] preds = new int[rpo.size()][];
        for (BciBlock b : rpo) {
            List<BciBlock> ps = b.predecessors();
            int[] ids = new int[ps.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = ps.get(i).id();
            }
            preds[b.id()] = ids;
        }
        return ImmediateDominators.compute(preds);
    }

    /** Whether block {@code a} dominates block {@code b}. */
    public static boolean dominates(int[] idom, int a, int b) {
        return ImmediateDominators.dominates(idom, a, b);
    }
}
