package org.ssajit.parse;

import java.util.Objects;

import org.ssajit.options.OptionValues;

/**
 * How to build a graph: {@link #DEFAULT}, changed by name ({@code DEFAULT.withOptimize(false)}).
 * A compile's build comes from its options ({@link #forCompile}); the rest are the construction's
 * variants, for tests, tools and measurements.
 *
 * <ul>
 * <li>{@link #optimize()}: the on-the-fly optimizations of Section 3.1 (folding, simplification, value
 * numbering, branch folding) and the {@link org.ssajit.opt.Optimizations} after; off, every bytecode
 * becomes the instruction it names (default on)</li>
 * <li>{@link #markers()}: the marker variant of Section 3.3; off, the plain Algorithm 2 (phi before
 * recursing) (default on)</li>
 * <li>{@link #removeRedundantPhiSccs()}: Algorithm 5 afterwards, minimal SSA for irreducible control
 * flow too (default on)</li>
 * <li>{@link #statesNameAllLocals()}: an experiment, never for compiling: frame states name every local
 * holding a value instead of only the live ones, to measure how many phis liveness saves (default off)</li>
 * <li>{@link #inline()}: parse small callees into the graph ({@link Inlining}); their frame states chain
 * the caller's state at the call (default off here; a compile's options turn it on, {@link Inlining#INLINE})</li>
 * <li>{@link #hotCalleeBytes()}: with inlining, the largest callee inlined at a hot call
 * ({@link #hotCallFrequency()}); at most {@link Inlining#MAX_CALLEE_BYTES} (the default here; a
 * compile's options set {@link Inlining#HOT_CALLEE_BYTES}, {@link Inlining#HOT_INLINE_SIZE}): no callee
 * larger than that anywhere</li>
 * <li>{@link #hotCallFrequency()}: how often a call runs per entry into the compiled method for it to
 * be hot (default {@link Inlining#HOT_CALL_FREQUENCY}; a compile's options set it, {@link
 * Inlining#HOT_CALL_FREQUENCY_OPTION})</li>
 * <li>{@link #explainInlining()}: the inliner's reasons in full (sizes, the profile's classes and
 * shares), for {@code -Dssajit.PrintInlining}, dumps and tools; off, fixed texts that cost nothing to
 * make (default on; a JIT compile that prints nothing turns it off)</li>
 * <li>{@link #untakenBranchTraps()}: a side of a conditional branch that the method's profile counted
 * never taken (over at least {@link BytecodeParser#UNTAKEN_MIN_COUNT} runs) deoptimizes instead of
 * being parsed (default off here; a compile's options turn it on, {@link BytecodeParser#UNTAKEN_BRANCH_TRAPS})</li>
 * <li>{@link #lockingCallees()}: with inlining, callees that lock may be inlined (default on)</li>
 * <li>{@link #escapeAnalysis()}: allocations that do not escape are not made ({@link org.ssajit.opt.EscapeAnalysis};
 * default off here; a compile's options turn it on)</li>
 * <li>{@link #receiverTraps()}: a call inlined for every receiver class its profile recorded
 * deoptimizes for any other receiver instead of calling ({@link
 * Inlining#selectByProfile}; default off here; a compile's options turn it on, {@link
 * Inlining#RECEIVER_TRAPS})</li>
 * <li>{@link #maxInlineLevel()}: with inlining, how deep inlined calls nest (default {@link
 * Inlining#MAX_DEPTH}; a compile's options set it, {@link Inlining#MAX_INLINE_LEVEL})</li>
 * </ul>
 */
public final class BuildOptions {
    public static final BuildOptions DEFAULT = new BuildOptions(true, true, true, false, false, Inlining.MAX_CALLEE_BYTES, Inlining.HOT_CALL_FREQUENCY, true, false, true, false, false, Inlining.MAX_DEPTH);

    private final boolean optimize;
    private final boolean markers;
    private final boolean removeRedundantPhiSccs;
    private final boolean statesNameAllLocals;
    private final boolean inline;
    private final int hotCalleeBytes;
    private final double hotCallFrequency;
    private final boolean explainInlining;
    private final boolean untakenBranchTraps;
    private final boolean lockingCallees;
    private final boolean escapeAnalysis;
    private final boolean receiverTraps;
    private final int maxInlineLevel;

    private BuildOptions(boolean optimize, boolean markers, boolean removeRedundantPhiSccs, boolean statesNameAllLocals, boolean inline, int hotCalleeBytes,
                    double hotCallFrequency, boolean explainInlining, boolean untakenBranchTraps, boolean lockingCallees, boolean escapeAnalysis,
                    boolean receiverTraps, int maxInlineLevel) {
        this.optimize = optimize;
        this.markers = markers;
        this.removeRedundantPhiSccs = removeRedundantPhiSccs;
        this.statesNameAllLocals = statesNameAllLocals;
        this.inline = inline;
        this.hotCalleeBytes = hotCalleeBytes;
        this.hotCallFrequency = hotCallFrequency;
        this.explainInlining = explainInlining;
        this.untakenBranchTraps = untakenBranchTraps;
        this.lockingCallees = lockingCallees;
        this.escapeAnalysis = escapeAnalysis;
        this.receiverTraps = receiverTraps;
        this.maxInlineLevel = maxInlineLevel;
    }

    /** The build of a compile under {@code options}: the default one, inlining as {@link Inlining#INLINE} and {@link Inlining#HOT_INLINE_SIZE} say. */
    public static BuildOptions forCompile(OptionValues options) {
        return DEFAULT.withInlining(options.get(Inlining.INLINE)).withHotCalleeBytes(options.get(Inlining.HOT_INLINE_SIZE))
                        .withHotCallFrequency(options.get(Inlining.HOT_CALL_FREQUENCY_OPTION))
                        .withUntakenBranchTraps(options.get(BytecodeParser.UNTAKEN_BRANCH_TRAPS)).withEscapeAnalysis(options.get(org.ssajit.opt.EscapeAnalysis.ENABLED))
                        .withReceiverTraps(options.get(Inlining.RECEIVER_TRAPS)).withMaxInlineLevel(options.get(Inlining.MAX_INLINE_LEVEL));
    }

    public boolean optimize() {
        return optimize;
    }

    public boolean markers() {
        return markers;
    }

    public boolean removeRedundantPhiSccs() {
        return removeRedundantPhiSccs;
    }

    public boolean statesNameAllLocals() {
        return statesNameAllLocals;
    }

    public boolean inline() {
        return inline;
    }

    public int hotCalleeBytes() {
        return hotCalleeBytes;
    }

    /** How often a call must run per entry into the compiled method to be hot ({@link Inlining#HOT_CALL_FREQUENCY}). */
    public double hotCallFrequency() {
        return hotCallFrequency;
    }

    /** The frequency from which a call is hot ({@link #hotCallFrequency()}). */
    public BuildOptions withHotCallFrequency(double v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, v, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    public boolean explainInlining() {
        return explainInlining;
    }

    public BuildOptions withOptimize(boolean v) {
        return new BuildOptions(v, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    public BuildOptions withMarkers(boolean v) {
        return new BuildOptions(optimize, v, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    public BuildOptions withRedundantPhiSccs(boolean v) {
        return new BuildOptions(optimize, markers, v, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    public BuildOptions withStatesNamingAllLocals(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, v, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    public BuildOptions withInlining(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, v, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    /** The largest callee inlined at a hot call ({@link #hotCalleeBytes()}). */
    public BuildOptions withHotCalleeBytes(int bytes) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, bytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    /** Whether a branch side the profile never saw taken deoptimizes ({@link #untakenBranchTraps()}). */
    public BuildOptions withUntakenBranchTraps(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, v, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    public boolean untakenBranchTraps() {
        return untakenBranchTraps;
    }

    /**
     * Whether callees that lock (synchronized ones, ones with {@code monitorenter}) may be inlined
     * (default on; a compile's options turn it off where monitors are, {@code -Dssajit.Monitors=false}:
     * a caller that inlined one would be refused with them).
     */
    public boolean lockingCallees() {
        return lockingCallees;
    }

    /** Whether callees that lock may be inlined ({@link #lockingCallees()}). */
    public BuildOptions withLockingCallees(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, v, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    /**
     * Whether allocations that do not escape are replaced by their fields' values
     * ({@link org.ssajit.opt.EscapeAnalysis}; default off here, a compile's options turn it on).
     */
    public boolean escapeAnalysis() {
        return escapeAnalysis;
    }

    /** Whether allocations that do not escape are replaced ({@link #escapeAnalysis()}). */
    public BuildOptions withEscapeAnalysis(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, v, receiverTraps, maxInlineLevel);
    }

    /**
     * Whether a call inlined for every receiver class its profile recorded deoptimizes for any other
     * receiver (a class seen since, null) instead of calling ({@link Inlining#RECEIVER_TRAPS}).
     */
    public boolean receiverTraps() {
        return receiverTraps;
    }

    /** Whether receivers the profile never saw deoptimize ({@link #receiverTraps()}). */
    public BuildOptions withReceiverTraps(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, v, maxInlineLevel);
    }

    /** Whether the inliner's reasons say everything ({@link #explainInlining()}). */
    public BuildOptions withExplainedInlining(boolean v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, v, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, maxInlineLevel);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BuildOptions b && optimize == b.optimize && markers == b.markers && removeRedundantPhiSccs == b.removeRedundantPhiSccs
                        && statesNameAllLocals == b.statesNameAllLocals && inline == b.inline && hotCalleeBytes == b.hotCalleeBytes
                        && hotCallFrequency == b.hotCallFrequency && explainInlining == b.explainInlining && untakenBranchTraps == b.untakenBranchTraps && lockingCallees == b.lockingCallees
                        && escapeAnalysis == b.escapeAnalysis && receiverTraps == b.receiverTraps && maxInlineLevel == b.maxInlineLevel;
    }

    @Override
    public int hashCode() {
        return Objects.hash(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps,
                        maxInlineLevel);
    }

    @Override
    public String toString() {
        return "BuildOptions[optimize=" + optimize + ", markers=" + markers + ", removeRedundantPhiSccs=" + removeRedundantPhiSccs + ", statesNameAllLocals="
                        + statesNameAllLocals + ", inline=" + inline + ", hotCalleeBytes=" + hotCalleeBytes + ", hotCallFrequency=" + hotCallFrequency + ", explainInlining=" + explainInlining
                        + ", untakenBranchTraps=" + untakenBranchTraps + ", lockingCallees=" + lockingCallees
                        + ", escapeAnalysis=" + escapeAnalysis + ", receiverTraps=" + receiverTraps + ", maxInlineLevel=" + maxInlineLevel + "]";
    }

    /** How deep inlined calls nest, the compiled method being level 0 ({@link Inlining#MAX_DEPTH}). */
    public int maxInlineLevel() {
        return maxInlineLevel;
    }

    /** The deepest level of inlined calls ({@link #maxInlineLevel()}). */
    public BuildOptions withMaxInlineLevel(int v) {
        return new BuildOptions(optimize, markers, removeRedundantPhiSccs, statesNameAllLocals, inline, hotCalleeBytes, hotCallFrequency, explainInlining, untakenBranchTraps, lockingCallees, escapeAnalysis, receiverTraps, v);
    }
}
