package org.ssajit.parse;

/**
 * How to build a graph.
 *
 * @param optimize on-the-fly optimizations of Section 3.1 (folding, simplification, value numbering,
 *            branch folding); off, every bytecode becomes the instruction it names
 * @param markers the marker variant of Section 3.3; off, the plain Algorithm 2 (phi before recursing)
 * @param removeRedundantPhiSccs run Algorithm 5 afterwards: minimal SSA for irreducible control flow too
 * @param statesNameAllLocals an experiment, never for compiling: frame states name every local holding
 *            a value instead of only the live ones, to measure how many phis liveness saves
 * @param inline parse small callees into the graph ({@link Inlining}); their frame states chain the
 *            caller's state at the call
 * @param hotCalleeBytes with {@code inline}: the largest callee inlined at a hot call
 *            ({@link Inlining#HOT_CALL_FREQUENCY}); at most {@link Inlining#MAX_CALLEE_BYTES} (the
 *            default): no callee larger than that anywhere
 */
public record BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs, boolean statesNameAllLocals, boolean inline, int hotCalleeBytes) {
    public static final BuildOptions DEFAULT = new BuildOptions(true, true, true, false, false);

    public BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs, boolean statesNameAllLocals, boolean inline) {
        this(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, Inlining.MAX_CALLEE_BYTES);
    }

    public BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs) {
        this(optimize, markers, removeRedundantPhiSccs, false, false);
    }

    public BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs, boolean statesNameAllLocals) {
        this(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, false);
    }

    public BuildOptions withInlining(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, v, hotCalleeBytes);
    }

    /** The largest callee inlined at a hot call ({@link #hotCalleeBytes()}). */
    public BuildOptions withHotCalleeBytes(int bytes) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, bytes);
    }

    public BuildOptions withOptimize(boolean v) {
        return new BuildOptions(v, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes);
    }

    public BuildOptions withMarkers(boolean v) {
        return new BuildOptions(optimize, v, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes);
    }

    public BuildOptions withRedundantPhiSccs(boolean v) {
        return new BuildOptions(optimize, markers, v, statesNameAllLocals, inline, hotCalleeBytes);
    }

    public BuildOptions withStatesNamingAllLocals(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, v, inline, hotCalleeBytes);
    }
}
