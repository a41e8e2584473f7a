package org.ssajit.parse;

/**
 * How to build a graph.
 *
 * @param optimize on-the-fly optimizations of Section 3.1 (folding, simplification, value numbering,
 *            branch folding); off, every bytecode becomes the instruction it names
 * @param markers the marker variant of Section 3.3; off, the plain Algorithm 2 (phi before recursing)
 * @param removeRedundantPhiSccs run Algorithm 5 afterwards: minimal SSA for irreducible control flow too
 */
public record BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs) {
    public static final BuildOptions DEFAULT = new BuildOptions(true, true, true);

    public BuildOptions withOptimize(boolean v) {
        return new BuildOptions(v, markers, removeRedundantPhiSccs);
    }

    public BuildOptions withMarkers(boolean v) {
        return new BuildOptions(optimize, v, removeRedundantPhiSccs);
    }

    public BuildOptions withRedundantPhiSccs(boolean v) {
        return new BuildOptions(optimize, markers, v);
    }
}
