package org.ssajit.cytron;

import java.util.Arrays;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.FrameShapes;
import org.ssajit.bytecode.FrameShapes.Effects;
import org.ssajit.bytecode.FrameShapes.Shape;
import org.ssajit.bytecode.Liveness;
import org.ssajit.parse.FrontEnd;

/**
 * For every frame variable (numbered as in {@link Liveness}), the blocks that assign it: Cytron et al.'s
 * {@code A(v)}, the seed of phi placement. The assignments are exactly the writes the
 * {@link org.ssajit.parse.BytecodeParser} performs through its {@code SsaConstruction}:
 * <ul>
 * <li>every write {@link FrameShapes#step} reports for an instruction (stores, pushes, stack shuffles,
 * iinc, monitorenter's lock slot), as collected per block by {@link Liveness#writes};</li>
 * <li>in the entry block, the incoming arguments and a synchronized method's own lock (lock 0);</li>
 * <li>at a handler entry, the caught exception in stack slot 0.</li>
 * </ul>
 * Stored as compressed rows: the blocks of {@code v} are {@code block(i)} for
 * {@code begin(v) <= i < end(v)}, each block once, in reverse postorder.
 */
public final class DefinitionSites {
    private final int[] start;
    private final int[] blocks;

    private DefinitionSites(int[] start, int[] blocks) {
        this.start = start;
        this.blocks = blocks;
    }

    public int begin(int variable) {
        return start[variable];
    }

    public int end(int variable) {
        return start[variable + 1];
    }

    public int block(int i) {
        return blocks[i];
    }

    public static DefinitionSites compute(FrontEnd fe) {
        Collector c = new Collector(fe);
        List<BciBlock> rpo = fe.blocks().blocks();
        FrameShapes shapes = fe.shapes();

        // The entry block: what BytecodeParser.writeParameters writes.
        c.block = 0;
        Shape initial = shapes.initialShape();
        for (int i = 0; i < initial.locals.length; i++) {
            if (FrameShapes.kindOf(initial.locals[i]) != null) {
                c.writeLocal(i);
            }
        }
        if (initial.locks > 0) {
            c.writeLock(0);
        }

        // Every other write is in the per-block write sets liveness computed from the same FrameShapes.step
        // (including the caught exception written to stack slot 0 at a handler entry).
        Liveness liveness = fe.liveness();
        for (BciBlock b : rpo) {
            c.block = b.id();
            long[] w = liveness.writes(b);
            for (int word = 0; word < w.length; word++) {
                long bits = w[word];
                while (bits != 0) {
                    int v = (word << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    c.def(v);
                }
            }
        }
        return c.finish();
    }

    /** Collects (variable, block) pairs; blocks come in order, so a repeat is always the latest pair. */
    private static final class Collector implements Effects {
        private final Liveness liveness;
        private final int variableCount;
        private final int[] lastBlock;
        private int[] pairs = new int[64];
        private int count;
        int block;

        Collector(FrontEnd fe) {
            this.liveness = fe.liveness();
            this.variableCount = liveness.variableCount();
            this.lastBlock = new int[variableCount];
            Arrays.fill(lastBlock, -1);
        }

        private void def(int v) {
            if (lastBlock[v] == block) {
                return;
            }
            lastBlock[v] = block;
            if (2 * count + 2 > pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[2 * count] = v;
            pairs[2 * count + 1] = block;
            count++;
        }

        @Override
        public void writeLocal(int index) {
            def(index);
        }

        @Override
        public void writeStack(int slot) {
            def(liveness.stackVariable(slot));
        }

        @Override
        public void writeLock(int index) {
            def(liveness.lockVariable(index));
        }

        DefinitionSites finish() {
            // Counting sort by variable; stable, so each row stays in block order.
            int[] start = new int[variableCount + 1];
            for (int k = 0; k < count; k++) {
                start[pairs[2 * k] + 1]++;
            }
            for (int v = 0; v < variableCount; v++) {
                start[v + 1] += start[v];
            }
            int[] at = Arrays.copyOf(start, variableCount);
            int[] blocks = new int[count];
            for (int k = 0; k < count; k++) {
                blocks[at[pairs[2 * k]]++] = pairs[2 * k + 1];
            }
            return new DefinitionSites(start, blocks);
        }
    }
}
