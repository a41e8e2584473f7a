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
 */
public record BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs, boolean statesNameAllLocals) {
    public static final BuildOptions DEFAULT = new BuildOptions(true, true, true, false);

    public BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs) {
        this(optimize, markers, removeRedundantPhiSccs, false);
    }

    public BuildOptions withOptimize(boolean v) {
        return new BuildOptions(v, markers, removeRedundantPhiSccs, statesNameAllLocals);
    }

    public BuildOptions withMarkers(boolean v) {
        return new BuildOptions(optimize, v, removeRedundantPhiSccs, statesNameAllLocals);
    }

    public BuildOptions withRedundantPhiSccs(boolean v) {
        return new BuildOptions(optimize, markers, v, statesNameAllLocals);
    }

    public BuildOptions withStatesNamingAllLocals(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, v);
    }
}
