package org.ssajit.cytron;

import java.util.Arrays;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.Dominators;

/**
 * The dominator tree and the dominance frontiers of a method's blocks, numbered in reverse postorder
 * as {@link org.ssajit.bytecode.BlockMap} numbers them (the entry is 0).
 *
 * <p>Dominators by Cooper, Harvey and Kennedy ({@link Dominators}); frontiers by their "runner"
 * algorithm from the same paper ("A Simple, Fast Dominance Algorithm", 2001): for every join {@code b},
 * walk up the dominator tree from each predecessor until {@code idom(b)}; every block passed has
 * {@code b} in its frontier. A walk stops early at a block that already got {@code b} from another
 * predecessor, because the rest of its path up to {@code idom(b)} was walked then.
 *
 * <p>Tree children and frontiers are stored in compressed rows ({@code start[b] .. start[b + 1]}), so the
 * whole structure is a handful of int arrays.
 */
public final class DominanceFrontiers {
    private final int[] idom;
    private final int[] childStart;
    private final int[] children;
    private final int[] frontierStart;
    private final int[] frontier;

    public DominanceFrontiers(List<BciBlock> rpo) {
        int n = rpo.size();
        this.idom = Dominators.compute(rpo);

        // Tree children, in increasing reverse-postorder number.
        childStart = new int[n + 1];
        for (int b = 1; b < n; b++) {
            childStart[idom[b] + 1]++;
        }
        for (int b = 0; b < n; b++) {
            childStart[b + 1] += childStart[b];
        }
        children = new int[Math.max(0, n - 1)];
        int[] fill = Arrays.copyOf(childStart, n);
        for (int b = 1; b < n; b++) {
            children[fill[idom[b]]++] = b;
        }

        // Frontiers: (runner, join) pairs, then bucketed by runner.
        int[] pairs = new int[2 * Math.max(4, n)];
        int pairCount = 0;
        int[] lastJoin = new int[n];
        Arrays.fill(lastJoin, -1);
        for (int b = 0; b < n; b++) {
            List<BciBlock> preds = rpo.get(b).predecessors();
            if (preds.size() < 2) {
                continue; // a block with one predecessor is in no frontier through that edge alone
            }
            int stop = idom[b];
            for (BciBlock p : preds) {
                int runner = p.id();
                while (runner != stop && lastJoin[runner] != b) {
                    lastJoin[runner] = b;
                    if (2 * pairCount + 2 > pairs.length) {
                        pairs = Arrays.copyOf(pairs, pairs.length * 2);
                    }
                    pairs[2 * pairCount] = runner;
                    pairs[2 * pairCount + 1] = b;
                    pairCount++;
                    runner = idom[runner];
                }
            }
        }
        frontierStart = new int[n + 1];
        for (int k = 0; k < pairCount; k++) {
            frontierStart[pairs[2 * k] + 1]++;
        }
        for (int b = 0; b < n; b++) {
            frontierStart[b + 1] += frontierStart[b];
        }
        frontier = new int[pairCount];
        int[] at = Arrays.copyOf(frontierStart, n);
        for (int k = 0; k < pairCount; k++) {
            frontier[at[pairs[2 * k]]++] = pairs[2 * k + 1];
        }
    }

    public int blockCount() {
        return idom.length;
    }

    /** The immediate dominator of {@code b}; the entry's is itself. */
    public int idom(int b) {
        return idom[b];
    }

    /** Dominator-tree children of {@code b} are {@code child(i)} for {@code childBegin(b) <= i < childEnd(b)}. */
    public int childBegin(int b) {
        return childStart[b];
    }

    public int childEnd(int b) {
        return childStart[b + 1];
    }

    public int child(int i) {
        return children[i];
    }

    /** The frontier of {@code b} is {@code frontier(i)} for {@code frontierBegin(b) <= i < frontierEnd(b)}. */
    public int frontierBegin(int b) {
        return frontierStart[b];
    }

    public int frontierEnd(int b) {
        return frontierStart[b + 1];
    }

    public int frontier(int i) {
        return frontier[i];
    }

    /** The frontier of {@code b} as a fresh array (for tests and printing). */
    public int[] frontierOf(int b) {
        return Arrays.copyOfRange(frontier, frontierStart[b], frontierStart[b + 1]);
    }
}
