package org.ssajit.opt;

import org.ssajit.ir.Graph;
import org.ssajit.parse.BuildOptions;
import org.ssajit.ssa.RedundantPhiElimination;

/**
 * The optimizations after SSA construction, in their order; the one place that order is written (the
 * builder only builds, optimizing on the fly through the {@link NodeFactory}).
 *
 * <ol>
 * <li>Global value numbering to a fixed point, with redundant phis removed in between, then dead code.</li>
 * <li>{@link LoopUnrolling}: loops with a constant trip count of at most 16 become copies of their body,
 * inner loops first; then value numbering and dead code again if any did.</li>
 * <li>{@link LoopInvariantLengths}: a loop header's length reads move before the loop.</li>
 * <li>{@link LoopCheckedLengths}: array accesses in loops check against a length read before it.</li>
 * <li>{@link LoopInvariantCodeMotion}, then value numbering again if anything moved.</li>
 * <li>{@link LoopFill}: fill loops become one fill before the loop.</li>
 * <li>{@link PhiOperandSinking}: values feeding only the next block's phis computed last.</li>
 * <li>{@link EscapeAnalysis} (when the build asks for it): allocations that do not escape replaced by
 * their fields' values, then value numbering and dead code again if it replaced any.</li>
 * <li>{@link BranchThreading}: a branch on a phi of constants (an inlined boolean method's result)
 * taken straight from the edges that give the constants.</li>
 * </ol>
 */
public final class Optimizations {
    private Optimizations() {
    }

    /** Runs the optimizations {@code options} ask for (none when {@link BuildOptions#optimize()} is off). */
    public static void run(Graph graph, BuildOptions options) {
        if (!options.optimize()) {
            return;
        }
        org.ssajit.debug.FaultInjection faults = graph.faults();
        faults.point("optimization");
        valueNumber(graph);
        DeadCodeElimination.run(graph);
        faults.point("optimization");
        if (LoopUnrolling.run(graph) > 0) {
            valueNumber(graph);
            DeadCodeElimination.run(graph);
        }
        LoopInvariantLengths.run(graph);
        LoopCheckedLengths.run(graph);
        faults.point("optimization");
        if (LoopInvariantCodeMotion.run(graph) > 0) {
            // Copies of one value moved out of sibling loops meet in one block.
            valueNumber(graph);
            DeadCodeElimination.run(graph);
        }
        LoopFill.run(graph);
        PhiOperandSinking.run(graph);
        faults.point("optimization");
        if (options.escapeAnalysis() && EscapeAnalysis.run(graph) > 0) {
            RedundantPhiElimination.run(graph); // the fields' phis where paths wrote nothing new
            valueNumber(graph);
            DeadCodeElimination.run(graph);
        }
        BranchThreading.run(graph);
    }

    /**
     * Global value numbering to a fixed point: merging values can make phis trivial ({@code phi(x, x)})
     * or redundant; removing those can expose more equal instructions. A few rounds reach the fixed
     * point in practice.
     */
    private static void valueNumber(Graph graph) {
        for (int round = 0; round < 4 && GlobalValueNumbering.run(graph) > 0 && RedundantPhiElimination.run(graph) > 0; round++) {
            // repeat
        }
    }
}
