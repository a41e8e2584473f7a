package org.ssajit.util;


/**
 * Immediate dominators of a graph whose nodes are numbered in reverse postorder from its entry 0, by
 * Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm" (2001): iterate over the nodes in
 * reverse postorder, intersecting the dominator chains of the processed predecessors, until nothing
 * changes. Shared by the bytecode block map and the IR, which number their blocks the same way.
 */
public final class ImmediateDominators {
    private ImmediateDominators() {
    }

    /**
     * @param predecessors for each node, its predecessors' numbers (every node reachable from 0)
     * @return {@code idom[b]} for every node, {@code idom[0] == 0}
     */
    public static int[] compute(int[][] predecessors) {
        int n = predecessors.length;
        int[] idom = new int[n];
        ArrayFill.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = 1; b < n; b++) {
                int newIdom = -1;
                for (int p : predecessors[b]) {
                    if (idom[p] < 0) {
                        continue; // not processed yet (a retreating edge in the first round)
                    }
                    newIdom = newIdom < 0 ? p : intersect(idom, p, newIdom);
                }
                if (idom[b] != newIdom) {
                    idom[b] = newIdom;
                    changed = true;
                }
            }
        }
        return idom;
    }

    private static int intersect(int[] idom, int a, int b) {
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

    /** Whether {@code a} dominates {@code b}: walks {@code b}'s dominator chain (numbers decrease along it). */
    public static boolean dominates(int[] idom, int a, int b) {
        while (b > a) {
            b = idom[b];
        }
        return a == b;
    }
}
