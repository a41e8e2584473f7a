package org.ssajit.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ssajit.util.ImmediateDominators;

/**
 * Reverse postorder and immediate dominators of a graph's blocks ({@link ImmediateDominators}).
 * Blocks unreachable from the entry get no order number.
 */
public final class Dominance {
    private final List<Block> rpo;
    private final int[] order;
    private final int[] idom;

    public Dominance(Graph g) {
        int limit = g.blockIdLimit();
        order = new int[limit];
        Arrays.fill(order, -1);
        rpo = reversePostorder(g.entry(), limit);
        for (int i = 0; i < rpo.size(); i++) {
            order[rpo.get(i).id()] = i;
        }
        int[][] preds = new int[rpo.size()][];
        for (int i = 0; i < rpo.size(); i++) {
            List<Block> ps = rpo.get(i).predecessors();
            int[] ids = new int[ps.size()];
            int k = 0;
            for (Block p : ps) {
                if (order[p.id()] >= 0) {
                    ids[k++] = order[p.id()]; // predecessors unreachable from the entry do not count
                }
            }
            preds[i] = Arrays.copyOf(ids, k);
        }
        idom = ImmediateDominators.compute(preds);
    }

    static List<Block> reversePostorder(Block entry, int limit) {
        List<Block> post = new ArrayList<>();
        boolean[] seen = new boolean[limit];
        Block[] stack = new Block[limit];
        int[] next = new int[limit];
        int sp = 0;
        stack[sp++] = entry;
        seen[entry.id()] = true;
        while (sp > 0) {
            Block b = stack[sp - 1];
            List<Block> succ = b.successors();
            if (next[sp - 1] < succ.size()) {
                Block t = succ.get(next[sp - 1]++);
                if (!seen[t.id()]) {
                    seen[t.id()] = true;
                    next[sp] = 0;
                    stack[sp++] = t;
                }
            } else {
                post.add(b);
                sp--;
            }
        }
        List<Block> rpo = new ArrayList<>(post.size());
        for (int i = post.size() - 1; i >= 0; i--) {
            rpo.add(post.get(i));
        }
        return rpo;
    }

    /** Blocks reachable from the entry, in reverse postorder. */
    public List<Block> reversePostorder() {
        return rpo;
    }

    public boolean isReachable(Block b) {
        return b.id() < order.length && order[b.id()] >= 0;
    }

    /** Whether {@code a} dominates {@code b} (both reachable). */
    public boolean dominates(Block a, Block b) {
        return ImmediateDominators.dominates(idom, order[a.id()], order[b.id()]);
    }

    public Block immediateDominator(Block b) {
        int o = order[b.id()];
        return o <= 0 ? null : rpo.get(idom[o]);
    }
}
