package org.ssajit.ir;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerList;
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
    /**
     * The dominator tree's preorder number of each block (by its reverse-postorder number), and the
     * largest one in its subtree: {@code a} dominates {@code b} exactly when {@code b}'s number lies
     * in {@code a}'s range, one comparison however deep the tree (a long method's chain of checks).
     */
    private final int[] pre;
    private final int[] last;

    public Dominance(Graph g) {
        int limit = g.blockIdLimit();
        order = new int[limit];
        ArrayFill.fill(order, -1);
        rpo = reversePostorder(g.entry(), limit);
        for (int i = 0; i < rpo.size(); i++) {
            order[rpo.get(i).id()] = i;
        }
        int[][] preds = new int[rpo.size()][];
        for (int i = 0; i < rpo.size(); i++) {
            List<Block> ps = rpo.get(i).predecessors();
            int[] ids = new int[ps.size()];
            int k = 0;
            for (int pi = 0; pi < ps.size(); pi++) {
                Block p = ps.get(pi);
                if (order[p.id()] >= 0) {
                    ids[k++] = order[p.id()]; // predecessors unreachable from the entry do not count
                }
            }
            preds[i] = CompilerArrays.copyOf(ids, k);
        }
        idom = ImmediateDominators.compute(preds);
        int n = rpo.size();
        int[] firstChild = new int[n];
        int[] sibling = new int[n];
        ArrayFill.fill(firstChild, -1);
        for (int b = n - 1; b >= 1; b--) {
            sibling[b] = firstChild[idom[b]];
            firstChild[idom[b]] = b;
        }
        pre = new int[n];
        last = new int[n];
        int[] stack = new int[n];
        int[] nextChild = new int[n];
        int sp = 0;
        int counter = 0;
        stack[sp] = 0;
        nextChild[sp++] = firstChild[0];
        pre[0] = counter++;
        while (sp > 0) {
            int c = nextChild[sp - 1];
            if (c >= 0) {
                nextChild[sp - 1] = sibling[c];
                pre[c] = counter++;
                stack[sp] = c;
                nextChild[sp++] = firstChild[c];
            } else {
                last[stack[--sp]] = counter - 1;
            }
        }
    }

    static List<Block> reversePostorder(Block entry, int limit) {
        List<Block> post = new CompilerList<>();
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
        List<Block> rpo = new CompilerList<>(post.size());
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
        int oa = order[a.id()];
        int ob = order[b.id()];
        return pre[oa] <= pre[ob] && pre[ob] <= last[oa];
    }

    public Block immediateDominator(Block b) {
        int o = order[b.id()];
        return o <= 0 ? null : rpo.get(idom[o]);
    }
}
