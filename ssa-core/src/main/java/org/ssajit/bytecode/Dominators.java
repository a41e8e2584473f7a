package org.ssajit.bytecode;

import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;

/**
 * Immediate dominators of blocks numbered in reverse postorder (Cooper, Harvey and Kennedy, "A Simple,
 * Fast Dominance Algorithm"). {@code idom[0] == 0}; unreachable blocks do not occur.
 */
public final class Dominators {
    private Dominators() {
    }

    public static int[] compute(List<BciBlock> rpo) {
        int n = rpo.size();
        int[] idom = new int[n];
        java.util.Arrays.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = 1; b < n; b++) {
                int newIdom = -1;
                for (BciBlock p : rpo.get(b).predecessors()) {
                    int pid = p.id();
                    if (idom[pid] < 0) {
                        continue;
                    }
                    newIdom = newIdom < 0 ? pid : intersect(idom, pid, newIdom);
                }
                if (idom[b] != newIdom) {
                    idom[b] = newIdom;
                    changed = true;
                }
            }
        }
        return idom;
    }

    static int intersect(int[] idom, int a, int b) {
        while (a != b) {
            while (a > b) {
                a = idom[a];
            }
            while (b > a) {
                b = idom[b];
            }
        }
        return a;
    }

    /** Whether block {@code a} dominates block {@code b} (walks b's dominator chain). */
    public static boolean dominates(int[] idom, int a, int b) {
        while (b > a) {
            b = idom[b];
        }
        return a == b;
    }
}
