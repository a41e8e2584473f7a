package org.ssajit.regalloc;

/**
 * Counts of what one allocation did, and of its work in units that should grow linearly with the
 * method for the usual shapes (tests check that instead of timing).
 */
public final class AllocationStats {
    int intervals;
    int splits;
    int spillSlots;
    int insertedMoves;
    int storesAtDefinition;
    int materializedConstants;
    long livenessBlockVisits;
    long walkerWork;
    long splitPositionWork;
    long resolutionWork;

    /** Variable intervals before splitting. */
    public int intervals() {
        return intervals;
    }

    /** Interval splits. */
    public int splits() {
        return splits;
    }

    /** Spill slots taken from the frame map (one per spilled variable, plus scratch slots). */
    public int spillSlots() {
        return spillSlots;
    }

    /** Moves and constant loads the allocator inserted (splits, spills, reloads, phis, edges). */
    public int insertedMoves() {
        return insertedMoves;
    }

    /** Constants loaded into a variable before allocation because their operand does not allow a constant. */
    public int materializedConstants() {
        return materializedConstants;
    }

    /** (block, variable) pairs the liveness visited: one per variable live into a block. */
    public long livenessBlockVisits() {
        return livenessBlockVisits;
    }

    /** Intervals looked at by the walker (active and inactive lists scanned, per allocated interval). */
    public long walkerWork() {
        return walkerWork;
    }

    /** Blocks looked at while choosing split positions. */
    public long splitPositionWork() {
        return splitPositionWork;
    }

    /** (edge, live variable) pairs looked at by resolution. */
    public long resolutionWork() {
        return resolutionWork;
    }

    /** Variables stored in their spill slot once, after their definition (spill at definition). */
    public int storesAtDefinition() {
        return storesAtDefinition;
    }

    /** Sum of the work counters. */
    public long totalWork() {
        return livenessBlockVisits + walkerWork + splitPositionWork + resolutionWork;
    }

    @Override
    public String toString() {
        return String.format("intervals=%d splits=%d spillSlots=%d storedAtDef=%d moves=%d materialized=%d work[liveness=%d walker=%d splitPos=%d resolution=%d]",
                        intervals, splits, spillSlots, storesAtDefinition, insertedMoves, materializedConstants, livenessBlockVisits, walkerWork, splitPositionWork,
                        resolutionWork);
    }
}
