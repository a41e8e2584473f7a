package org.ssajit.bytecode;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import static org.ssajit.bytecode.Bytecodes.*;

import org.ssajit.util.Bits;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.ProfilingInfo;

/**
 * How often each block of a method runs per entry into the method, estimated from its branch profile:
 * the entry runs once; a block's frequency flows to its normal successors in the proportions the profile
 * recorded for its branch or switch (where it recorded nothing: none to a path that only throws,
 * {@link BlockMap#isThrowBound}, evenly otherwise); exception edges carry none. A loop
 * runs its header {@code 1 / (1 - p)} times per entry, {@code p} the probability of coming back to the
 * header once there (what flows along its back edges when the header runs once, inner loops counted
 * first), at most {@link #MAX_LOOP_FREQUENCY} times: so what leaves a loop adds up to what entered it.
 * Irreducible control flow has no such headers: its frequencies are unknown ({@link #of} NaN).
 *
 * <p>What the inliner asks ({@code org.ssajit.parse.Inlining}): how often a call runs per entry into
 * the compiled method, the product of the frequencies of the call sites it is inlined through.
 */
public final class BlockFrequencies {
    /** The most times a loop's header is taken to run per entry into the loop (a loop the profile never saw leave). */
    public static final double MAX_LOOP_FREQUENCY = 1000;

    /** The branch profile as the estimate reads it; {@link #of(ProfilingInfo)} adapts HotSpot's. */
    public interface BranchProfile {
        /** The probability that the conditional branch at {@code bci} is taken, or a value outside [0, 1] if unknown. */
        double taken(int bci);

        /** The probabilities of the switch at {@code bci}'s cases in order, the default's last; null if unknown. */
        double[] switchProbabilities(int bci);
    }

    /** A profile that knows nothing: every branch even. */
    public static final BranchProfile NONE = new BranchProfile() {
        @Override
        public double taken(int bci) {
            return -1;
        }

        @Override
        public double[] switchProbabilities(int bci) {
            return null;
        }
    };

    /** HotSpot's profile of a method ({@code null}: none, every branch even). */
    public static BranchProfile of(ProfilingInfo p) {
        if (p == null) {
            return NONE;
        }
        return new BranchProfile() {
            @Override
            public double taken(int bci) {
                return p.getBranchTakenProbability(bci);
            }

            @Override
            public double[] switchProbabilities(int bci) {
                return p.getSwitchProbabilities(bci);
            }
        };
    }

    private final double[] frequency;

    private BlockFrequencies(double[] frequency) {
        this.frequency = frequency;
    }

    /** Block {@code b}'s runs per entry into the method; NaN if unknown (irreducible control flow). */
    public double of(BciBlock b) {
        return frequency == null ? Double.NaN : frequency[b.id()];
    }

    /** Whether the frequencies are known (the control flow is reducible). */
    public boolean known() {
        return frequency != null;
    }

    public static BlockFrequencies estimate(BlockMap map, BranchProfile profile) {
        if (!map.isReducible()) {
            return new BlockFrequencies(null);
        }
        List<BciBlock> blocks = map.blocks();
        int n = blocks.size();
        double[][] edge = new double[n][];
        for (BciBlock b : blocks) {
            edge[b.id()] = successorProbabilities(map, b, profile);
        }
        // Loops, innermost first: an inner loop's body is a strict subset of its outer loop's.
        List<Bits> bodies = new CompilerList<>();
        List<BciBlock> headers = new CompilerList<>();
        for (BciBlock h : blocks) {
            if (h.isLoopHeader()) {
                headers.add(h);
                bodies.add(body(h));
            }
        }
        int[] sizes = new int[headers.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = bodies.get(i).cardinality();
        }
        int[] order = CompilerArrays.sortedIndices(sizes.length, (a, b) -> IntMath.compare(sizes[a], sizes[b]));
        double[] multiplier = new double[n];
        ArrayFill.fill(multiplier, 1);
        double[] local = new double[n];
        for (int i : order) {
            BciBlock h = headers.get(i);
            Bits body = bodies.get(i);
            propagate(blocks, body, h, edge, multiplier, local);
            double back = 0;
            for (BciBlock u : h.predecessors()) {
                if (u.id() >= h.id() && body.get(u.id())) {
                    back += local[u.id()] * probability(u, h, edge);
                }
            }
            multiplier[h.id()] = 1 / (1 - Math.min(Math.max(back, 0), 1 - 1 / MAX_LOOP_FREQUENCY));
        }
        Bits all = new Bits(n);
        all.set(0, n);
        double[] frequency = new double[n];
        propagate(blocks, all, blocks.get(0), edge, multiplier, frequency);
        return new BlockFrequencies(frequency);
    }

    /**
     * Frequencies in {@code region} with {@code start} running once (a loop's header, or the method's
     * entry, which never has predecessors): reverse postorder visits every block of a reducible region
     * after all the blocks with forward edges into it; an inner loop's header runs its multiplier times
     * what enters it.
     */
    private static void propagate(List<BciBlock> blocks, Bits region, BciBlock start, double[][] edge, double[] multiplier, double[] out) {
        out[start.id()] = 1;
        for (int id = region.nextSetBit(start.id() + 1); id >= 0; id = region.nextSetBit(id + 1)) {
            BciBlock b = blocks.get(id);
            double in = 0;
            for (BciBlock p : b.predecessors()) {
                if (p.id() < b.id() && region.get(p.id())) {
                    in += out[p.id()] * probability(p, b, edge);
                }
            }
            out[id] = in * multiplier[id];
        }
    }

    /** The probability of the normal edge {@code p -> b} when {@code p} runs (0 for an exception edge). */
    private static double probability(BciBlock p, BciBlock b, double[][] edge) {
        BciBlock[] succ = p.successors();
        for (int k = 0; k < succ.length; k++) {
            if (succ[k] == b) {
                return edge[p.id()][k];
            }
        }
        return 0;
    }

    /** The blocks of the natural loop of header {@code h}: {@code h} and what reaches a back edge's source without passing {@code h}. */
    private static Bits body(BciBlock h) {
        Bits body = new Bits();
        body.set(h.id());
        List<BciBlock> work = new CompilerList<>();
        for (BciBlock u : h.predecessors()) {
            if (u.id() >= h.id() && !body.get(u.id())) {
                body.set(u.id());
                work.add(u);
            }
        }
        while (!work.isEmpty()) {
            BciBlock x = work.remove(work.size() - 1);
            for (BciBlock p : x.predecessors()) {
                if (!body.get(p.id())) {
                    body.set(p.id());
                    work.add(p);
                }
            }
        }
        return body;
    }

    /** The probabilities of {@code b}'s normal successors, in {@link BciBlock#successors()} order, adding up to 1 (or none). */
    static double[] successorProbabilities(BlockMap map, BciBlock b, BranchProfile profile) {
        BciBlock[] succ = b.successors();
        double[] p = new double[succ.length];
        if (succ.length == 0) {
            return p;
        }
        if (succ.length == 1 || b.isSynthetic()) {
            ArrayFill.fill(p, 1.0 / succ.length);
            return p;
        }
        int bci = b.endBci();
        int op = map.code()[bci] & 0xff;
        if (Bytecodes.isConditionalBranch(op)) {
            // successors: the branch target, then the next instruction (distinct, else there is one)
            double taken = profile.taken(bci);
            if (!(taken >= 0 && taken <= 1)) {
                // unknown: a path that only throws is taken to be rare (a failed check), else even
                boolean targetThrows = map.isThrowBound(succ[0]);
                boolean nextThrows = map.isThrowBound(succ[1]);
                taken = targetThrows == nextThrows ? 0.5 : targetThrows ? 0 : 1;
            }
            p[0] = taken;
            p[1] = 1 - taken;
            return p;
        }
        if (op == TABLESWITCH || op == LOOKUPSWITCH) {
            BytecodeStream s = new BytecodeStream(map.code());
            s.at(bci);
            int cases = s.switchCaseCount();
            double[] byCase = profile.switchProbabilities(bci);
            boolean usable = byCase != null && byCase.length == cases + 1;
            double sum = 0;
            for (int k = 0; usable && k < byCase.length; k++) {
                usable = byCase[k] >= 0 && byCase[k] <= 1;
                sum += usable ? byCase[k] : 0;
            }
            if (usable && sum > 0) {
                // the default first in the successors, then the cases' targets; shared targets add up
                add(p, succ, map.blockStartingAt(s.switchDefaultTarget()), byCase[cases] / sum);
                for (int k = 0; k < cases; k++) {
                    add(p, succ, map.blockStartingAt(s.switchTarget(k)), byCase[k] / sum);
                }
                return p;
            }
            // unknown: each case, and the default, as likely as another
            add(p, succ, map.blockStartingAt(s.switchDefaultTarget()), 1.0 / (cases + 1));
            for (int k = 0; k < cases; k++) {
                add(p, succ, map.blockStartingAt(s.switchTarget(k)), 1.0 / (cases + 1));
            }
            return p;
        }
        ArrayFill.fill(p, 1.0 / succ.length);
        return p;
    }

    private static void add(double[] p, BciBlock[] succ, BciBlock target, double share) {
        for (int k = 0; k < succ.length; k++) {
            if (succ[k] == target) {
                p[k] += share;
                return;
            }
        }
    }
}
