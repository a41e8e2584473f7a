package org.ssajit.bytecode;

import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.util.CompilerList;
import org.ssajit.util.IntMath;

/**
 * For each natural-loop header, the frame variables some block of the loop writes. A loop header is
 * filled before its back edges, so Braun's builder cannot seal it early; but a variable that no block
 * of the loop writes reaches every back edge with the header's own value, so for that variable the
 * header is as good as sealed once its forward predecessors are filled. Only natural loops (the
 * header dominates every block that jumps back to it) qualify; other headers get null.
 */
public final class LoopWrites {
    private final long[][] writesByHeader;

    public LoopWrites(BlockMap map, Liveness liveness) {
        List<BciBlock> blocks = map.blocks();
        int n = blocks.size();
        writesByHeader = new long[n][];
        int[] idom = map.dominators();
        int words = IntMath.max(1, (liveness.variableCount() + 63) >>> 6);
        int[] mark = new int[n];
        int stamp = 0;
        CompilerList<BciBlock> work = new CompilerList<>();
        for (int hi = 0; hi < blocks.size(); hi++) {
            BciBlock h = blocks.get(hi);
            if (!h.isLoopHeader()) {
                continue;
            }
            boolean natural = true;
            List<BciBlock> preds = h.predecessors();
            for (int pi = 0; pi < preds.size(); pi++) {
                BciBlock p = preds.get(pi);
                if (p.id() >= h.id() && !Dominators.dominates(idom, h.id(), p.id())) {
                    natural = false;
                }
            }
            if (!natural) {
                continue;
            }
            // The natural loop: the header plus everything that reaches a latch without passing it.
            long[] w = new long[words];
            stamp++;
            mark[h.id()] = stamp;
            or(w, liveness.writes(h));
            for (int pi = 0; pi < preds.size(); pi++) {
                BciBlock p = preds.get(pi);
                if (p.id() >= h.id() && mark[p.id()] != stamp) {
                    mark[p.id()] = stamp;
                    work.add(p);
                }
            }
            while (!work.isEmpty()) {
                BciBlock b = work.remove(work.size() - 1);
                or(w, liveness.writes(b));
                List<BciBlock> bPreds = b.predecessors();
                for (int pi = 0; pi < bPreds.size(); pi++) {
                    BciBlock p = bPreds.get(pi);
                    if (mark[p.id()] != stamp) {
                        mark[p.id()] = stamp;
                        work.add(p);
                    }
                }
            }
            writesByHeader[h.id()] = w;
        }
    }

    /** Whether {@code header} heads a natural loop in which no block writes {@code variable}. */
    public boolean isInvariant(BciBlock header, int variable) {
        long[] w = writesByHeader[header.id()];
        return w != null && (w[variable >>> 6] & (1L << variable)) == 0;
    }

    private static void or(long[] into, long[] from) {
        for (int i = 0; i < into.length; i++) {
            into[i] |= from[i];
        }
    }
}
