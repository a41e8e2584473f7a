package org.ssajit.ssa;

/**
 * Counters of one SSA construction, in the terms of Braun et al. A <em>temporary</em> phi was created
 * and later removed as trivial; the marker variant (Section 3.3) creates none outside data-flow cycles.
 */
public final class SsaStats {
    /** Every phi created, including incomplete ones. */
    public int phisCreated;
    /** Phis created and later removed as trivial (Algorithm 3). */
    public int temporaryPhis;
    /** Temporary phis that were incomplete phis of an unsealed block (a loop header under construction). */
    public int temporaryIncomplete;
    /** Temporary phis the marker variant placed because its lookup came back to a marked block. */
    public int temporaryCycle;
    /** Temporary phis that merged distinct values when created and became trivial when an operand collapsed. */
    public int temporaryMerge;
    /** Temporary phis created up front by the plain algorithm at a sealed join (never with markers). */
    public int temporaryEager;
    /**
     * Temporary phis that, when found trivial, were not reachable from themselves through phi operands:
     * outside every data-flow cycle. The marker variant aims to create none.
     */
    public int temporaryOutsideCycles;
    /** Phis removed by the SCC pass (Algorithm 5). */
    public int redundantSccPhis;
    /** Number of readVariable calls that needed the global lookup (Algorithm 2). */
    public long globalLookups;
    /** Blocks visited by global lookups (frames pushed): the work of Algorithm 2, for complexity tests. */
    public long lookupFrames;

    public void add(SsaStats o) {
        phisCreated += o.phisCreated;
        temporaryPhis += o.temporaryPhis;
        temporaryIncomplete += o.temporaryIncomplete;
        temporaryCycle += o.temporaryCycle;
        temporaryMerge += o.temporaryMerge;
        temporaryEager += o.temporaryEager;
        temporaryOutsideCycles += o.temporaryOutsideCycles;
        redundantSccPhis += o.redundantSccPhis;
        globalLookups += o.globalLookups;
        lookupFrames += o.lookupFrames;
    }

    @Override
    public String toString() {
        return "phis created " + phisCreated + ", temporary " + temporaryPhis + " (incomplete " + temporaryIncomplete + ", cycle " + temporaryCycle
                        + ", merge " + temporaryMerge + ", eager " + temporaryEager + "; outside data-flow cycles " + temporaryOutsideCycles + "), removed by SCC pass " + redundantSccPhis;
    }
}
