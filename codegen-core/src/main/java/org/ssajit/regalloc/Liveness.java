package org.ssajit.regalloc;

import java.util.List;

import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.Variable;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.Value;

/**
 * The variables live into and out of each block, as sorted arrays of variable indices: exact for any
 * control flow, irreducible included. A label's phis are definitions in its block and a jump's phi
 * values uses in the jumping block, so no special case is needed.
 *
 * <p>Computed variable by variable (path exploration): from every block where the variable is read
 * before any write, up the predecessors until a block that writes it. Each (block, variable) pair is
 * visited once, so the work and the memory grow with the sizes of the live sets, not with blocks times
 * variables: a long method with many blocks and many short-lived variables (array initializers, whose
 * every allocation and store brings a slow-path block) stays linear. Dense bit sets per block would
 * each be as long as the highest variable index live there, which grows along such a method.
 */
final class Liveness {
    /** Block id {@code b}'s live-in variables are {@code inVars[inStart[b] .. inStart[b + 1])}, increasing. */
    private final int[] inStart;
    private final int[] inVars;
    private final int[] outStart;
    private final int[] outVars;
    /** (block, variable) pairs visited. */
    final long visits;

    private static final Mode[] READS = {Mode.USE, Mode.ALIVE};
    private static final Mode[] WRITES = {Mode.TEMP, Mode.DEF};

    /** The liveness of {@code blocks} (indexed by id, {@code 0 .. blocks.size() - 1}) over {@code variables} variables. */
    Liveness(List<LirBlock> blocks, int variables) {
        int nb = blocks.size();
        // Per block: the variables read before any write in it (gen) and those it writes (kill), as
        // pairs (block, variable * 2 + 1 if kill). Per variable, the block stamp (id + 1) it was last
        // seen in, and whether there it was read first (IN) and written (KILL) so far.
        Pairs genKill = new Pairs(2 * variables);
        int[] seen = new int[variables];
        for (int bi = 0; bi < nb; bi++) {
            LirBlock b = blocks.get(bi);
            int stamp = (b.id() + 1) << 3;
            CompilerList<LirOp> ops = b.ops();
            for (int o = 0; o < ops.size(); o++) {
                LirOp op = ops.get(o);
                for (Mode m : READS) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof Variable v) {
                            read(genKill, seen, stamp, b.id(), v.index());
                        }
                    }
                }
                if (op.state() != null) {
                    for (Value v : op.state().values()) {
                        if (v instanceof Variable var) {
                            read(genKill, seen, stamp, b.id(), var.index());
                        }
                    }
                }
                for (Mode m : WRITES) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof Variable v) {
                            int x = v.index();
                            int flags = (seen[x] & ~FLAGS) == stamp ? seen[x] & FLAGS : 0;
                            if ((flags & KILL) == 0) {
                                seen[x] = stamp | flags | KILL;
                                genKill.add(b.id(), (x << 1) | 1);
                            }
                        }
                    }
                }
            }
        }
        // Per variable: block * 2 + 1 if the block writes it, block * 2 if it reads it first.
        int[] refStart = new int[variables + 1];
        int[] refBlocks = genKill.byVariable(variables, refStart);

        // Per block, its predecessors' ids (flat, like the variables' blocks).
        int[] predStart = new int[nb + 1];
        for (int bi = 0; bi < nb; bi++) {
            predStart[bi + 1] = predStart[bi] + blocks.get(bi).predecessors().size();
        }
        int[] predIds = new int[predStart[nb]];
        for (int bi = 0; bi < nb; bi++) {
            LirBlock b = blocks.get(bi);
            org.ssajit.util.ReadOnlyList<LirBlock> preds = b.predecessors();
            for (int i = 0, at = predStart[bi]; i < preds.size(); i++) {
                predIds[at + i] = preds.get(i).id();
            }
        }

        // Per variable, in increasing order, so that each block's lists come out sorted. Per block, the
        // variable stamp (index + 1) it was last marked for, and whether the variable is live in (IN),
        // live out (OUT) and written (KILL) there.
        Pairs in = new Pairs(genKill.size);
        Pairs out = new Pairs(genKill.size);
        int[] mark = new int[nb];
        int[] stack = new int[nb];
        long visited = 0;
        for (int v = 0; v < variables; v++) {
            int stamp = (v + 1) << 3;
            int top = 0;
            for (int i = refStart[v]; i < refStart[v + 1]; i++) {
                int b = refBlocks[i] >>> 1;
                int flags = (mark[b] & ~FLAGS) == stamp ? mark[b] & FLAGS : 0;
                if ((refBlocks[i] & 1) != 0) {
                    mark[b] = stamp | flags | KILL;
                } else if ((flags & IN) == 0) {
                    mark[b] = stamp | flags | IN;
                    stack[top++] = b;
                }
            }
            while (top > 0) {
                int b = stack[--top];
                visited++;
                in.add(b, v);
                for (int i = predStart[b], end = predStart[b + 1]; i < end; i++) {
                    int p = predIds[i];
                    int flags = (mark[p] & ~FLAGS) == stamp ? mark[p] & FLAGS : 0;
                    if ((flags & OUT) == 0) {
                        flags |= OUT;
                        out.add(p, v);
                        if ((flags & (KILL | IN)) == 0) {
                            flags |= IN;
                            stack[top++] = p;
                        }
                        mark[p] = stamp | flags;
                    }
                }
            }
        }
        this.visits = visited;
        this.inStart = new int[nb + 1];
        this.inVars = in.byBlock(nb, inStart);
        this.outStart = new int[nb + 1];
        this.outVars = out.byBlock(nb, outStart);
    }

    /** The flags in the low bits of a mark: read before written (gen) or live in, live out, written. */
    private static final int IN = 1;
    private static final int OUT = 2;
    private static final int KILL = 4;
    private static final int FLAGS = 7;

    private static void read(Pairs genKill, int[] seen, int stamp, int block, int v) {
        int flags = (seen[v] & ~FLAGS) == stamp ? seen[v] & FLAGS : 0;
        if (flags == 0) {
            seen[v] = stamp | IN;
            genKill.add(block, v << 1);
        }
    }

    /** Where block id {@code b}'s live-in variables begin in {@link #inVars()}. */
    int inStart(int b) {
        return inStart[b];
    }

    int inEnd(int b) {
        return inStart[b + 1];
    }

    int[] inVars() {
        return inVars;
    }

    /** Where block id {@code b}'s live-out variables begin in {@link #outVars()}. */
    int outStart(int b) {
        return outStart[b];
    }

    int outEnd(int b) {
        return outStart[b + 1];
    }

    int[] outVars() {
        return outVars;
    }

    /** Block id {@code b}'s live-in variables, as {@code {1, 5, 7}}. */
    String inToString(int b) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = inStart[b]; i < inStart[b + 1]; i++) {
            if (i > inStart[b]) {
                sb.append(", ");
            }
            sb.append(inVars[i]);
        }
        return sb.append('}').toString();
    }

    /** A growable list of (block, variable) pairs. */
    private static final class Pairs {
        int[] blocks;
        int[] vars;
        int size;

        /** With room for {@code capacity} pairs before it grows. */
        Pairs(int capacity) {
            blocks = new int[IntMath.max(16, capacity)];
            vars = new int[blocks.length];
        }

        void add(int block, int variable) {
            if (size == blocks.length) {
                blocks = CompilerArrays.copyOf(blocks, 2 * size);
                vars = CompilerArrays.copyOf(vars, 2 * size);
            }
            blocks[size] = block;
            vars[size] = variable;
            size++;
        }

        /** The variables grouped by block (counting sort, stable): block {@code b}'s from {@code start[b]} to {@code start[b + 1]}. */
        int[] byBlock(int nb, int[] start) {
            return group(blocks, vars, 0, nb, start);
        }

        /**
         * The blocks grouped by variable, for pairs whose variable is {@code v * 2 + bit}: variable
         * {@code v}'s from {@code start[v]} to {@code start[v + 1]}, each as {@code block * 2 + bit}.
         */
        int[] byVariable(int variables, int[] start) {
            return group(vars, blocks, 1, variables, start);
        }

        /** A stable counting sort by {@code key >>> shift}; the value moves over by {@code shift} bits and takes the key's low bits. */
        private int[] group(int[] key, int[] value, int shift, int keys, int[] start) {
            // start[k] counts keys up to k, then, filled from the back, becomes where k's group begins.
            for (int i = 0; i < size; i++) {
                start[key[i] >>> shift]++;
            }
            for (int k = 1; k <= keys; k++) {
                start[k] += start[k - 1];
            }
            int low = (1 << shift) - 1;
            int[] grouped = new int[size];
            for (int i = size - 1; i >= 0; i--) {
                grouped[--start[key[i] >>> shift]] = (value[i] << shift) | (key[i] & low);
            }
            return grouped;
        }
    }
}
