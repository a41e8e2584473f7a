package org.ssajit.lir;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ssajit.ir.Block;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.Graph;

/**
 * Loop nesting depth of every block: one level per natural loop (a back edge to a dominating
 * header) that contains it. Spill decisions weigh uses by it; nothing depends on it for correctness.
 */
final class LoopDepths {
    private LoopDepths() {
    }

    static int[] compute(Graph g, List<Block> order) {
        Map<Block, Integer> index = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            index.put(order.get(i), i);
        }
        Dominance dom = new Dominance(g);
        int[] depth = new int[order.size()];
        for (Block header : order) {
            boolean[] inLoop = null;
            for (Block p : header.predecessors()) {
                if (!index.containsKey(p) || !p.terminator().targets().contains(header) || !dom.dominates(header, p)) {
                    continue;
                }
                if (inLoop == null) {
                    inLoop = new boolean[order.size()];
                    inLoop[index.get(header)] = true;
                }
                ArrayDeque<Block> work = new ArrayDeque<>();
                if (!inLoop[index.get(p)]) {
                    inLoop[index.get(p)] = true;
                    work.add(p);
                }
                while (!work.isEmpty()) {
                    Block b = work.poll();
                    for (Block q : b.predecessors()) {
                        Integer qi = index.get(q);
                        if (qi != null && !inLoop[qi] && q.terminator().targets().contains(b)) {
                            inLoop[qi] = true;
                            work.add(q);
                        }
                    }
                }
            }
            if (inLoop != null) {
                for (int i = 0; i < inLoop.length; i++) {
                    if (inLoop[i]) {
                        depth[i]++;
                    }
                }
            }
        }
        return depth;
    }
}
