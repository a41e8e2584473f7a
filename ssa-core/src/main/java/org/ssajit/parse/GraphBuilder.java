package org.ssajit.parse;

import java.util.ArrayList;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.LoopWrites;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.opt.DeadCodeElimination;
import org.ssajit.opt.GlobalValueNumbering;
import org.ssajit.opt.LoopCheckedLengths;
import org.ssajit.opt.LoopFill;
import org.ssajit.opt.LoopInvariantCodeMotion;
import org.ssajit.opt.PhiOperandSinking;
import org.ssajit.opt.LoopInvariantLengths;
import org.ssajit.opt.NodeFactory;
import org.ssajit.ssa.BraunSsa;
import org.ssajit.ssa.RedundantPhiElimination;
import org.ssajit.ssa.SsaStats;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Builds a method's SSA graph straight from its bytecode with {@link BraunSsa}.
 *
 * <p>Order (Section 2.3): blocks are filled in reverse postorder and each is sealed as soon as its last
 * predecessor has been filled, so a join is sealed before it is filled and only loop headers (targets
 * of retreating edges) are filled unsealed; they seal after their back edges. A block that no filled
 * block jumps to (every edge into it folded away) is never filled: it is dead.
 */
public final class GraphBuilder {
    /** The outcome of one build. */
    public record Result(Graph graph, SsaStats stats, FrontEnd frontEnd, int phisBeforeSccPass) {
    }

    private GraphBuilder() {
    }

    public static Result build(ResolvedJavaMethod method, BuildOptions options, Providers providers) {
        return build(FrontEnd.analyze(method), options, providers);
    }

    public static Result build(FrontEnd fe, BuildOptions options, Providers providers) {
        List<BciBlock> rpo = fe.blocks().blocks();
        Graph graph = new Graph(fe.method(), fe.osrBci());
        Block[] ir = new Block[rpo.size()];
        for (BciBlock bb : rpo) {
            ir[bb.id()] = graph.newBlock(bb.startBci());
            assert ir[bb.id()].id() == bb.id() : "IR blocks are numbered like the bytecode blocks";
        }
        SsaStats stats = new SsaStats();
        BraunSsa ssa = new BraunSsa(graph, fe.liveness().variableCount(), options.markers(), stats);
        NodeFactory factory = new NodeFactory(graph, options.optimize());
        BytecodeParser parser = new BytecodeParser(graph, fe.blocks(), fe.shapes(), fe.liveness(), fe.linkage(), factory, ssa, providers, ir,
                        (from, to) -> to.addPredecessor(from));

        parser.setStatesNameAllLocals(options.statesNameAllLocals());
        Driver driver = new Driver(rpo, ir, ssa, parser);
        LoopWrites loopWrites = new LoopWrites(fe.blocks(), fe.liveness());
        ssa.setUnsealedLookup((b, variable) -> driver.forwardPredecessorsDone(b) && loopWrites.isInvariant(rpo.get(b.id()), variable));
        driver.run();

        int phisBefore = graph.phiCount();
        graph.removeBlocks(b -> b.terminator() == null);
        if (options.removeRedundantPhiSccs()) {
            stats.redundantSccPhis += RedundantPhiElimination.run(graph);
        }
        if (options.optimize()) {
            valueNumber(graph);
            DeadCodeElimination.run(graph);
            LoopInvariantLengths.run(graph);
            LoopCheckedLengths.run(graph);
            if (LoopInvariantCodeMotion.run(graph) > 0) {
                // Copies of one value moved out of sibling loops meet in one block.
                valueNumber(graph);
                DeadCodeElimination.run(graph);
            }
            LoopFill.run(graph);
            PhiOperandSinking.run(graph);
        }
        return new Result(graph, stats, fe, phisBefore);
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

    /** Fill and seal bookkeeping. */
    private static final class Driver {
        private final List<BciBlock> rpo;
        private final Block[] ir;
        private final BraunSsa ssa;
        private final BytecodeParser parser;
        /** Static predecessors not yet filled or found dead. */
        private final int[] pending;
        /** The same, counting only forward predecessors (earlier in reverse postorder). */
        private final int[] pendingForward;
        private final boolean[] processed;
        private final List<BciBlock> deferred = new ArrayList<>();

        Driver(List<BciBlock> rpo, Block[] ir, BraunSsa ssa, BytecodeParser parser) {
            this.rpo = rpo;
            this.ir = ir;
            this.ssa = ssa;
            this.parser = parser;
            this.pending = new int[rpo.size()];
            this.pendingForward = new int[rpo.size()];
            this.processed = new boolean[rpo.size()];
            for (BciBlock b : rpo) {
                pending[b.id()] = b.predecessors().size();
                for (BciBlock p : b.predecessors()) {
                    if (p.id() < b.id()) {
                        pendingForward[b.id()]++;
                    }
                }
            }
        }

        void run() {
            BciBlock entry = rpo.get(0);
            ssa.sealBlock(ir[entry.id()]);
            if (parser.isOsr()) {
                parser.writeOsrLocals(ir[entry.id()], entry.successors()[0]);
            } else {
                parser.writeParameters(ir[entry.id()]);
            }
            for (BciBlock bb : rpo) {
                visit(bb);
            }
            // Blocks first reached only through a retreating edge (irreducible loops whose forward
            // entries were folded away) are filled once an edge reaches them.
            boolean progress = true;
            while (progress && !deferred.isEmpty()) {
                progress = false;
                for (BciBlock bb : new ArrayList<>(deferred)) {
                    if (!ir[bb.id()].predecessors().isEmpty()) {
                        deferred.remove(bb);
                        fill(bb);
                        progress = true;
                    }
                }
            }
            for (BciBlock bb : new ArrayList<>(deferred)) {
                dead(bb);
            }
            for (BciBlock bb : rpo) {
                if (!ssa.isSealed(ir[bb.id()])) {
                    throw new IllegalStateException(ir[bb.id()] + " was never sealed");
                }
            }
        }

        private void visit(BciBlock bb) {
            if (bb.id() != 0 && ir[bb.id()].predecessors().isEmpty()) {
                if (pending[bb.id()] == 0) {
                    dead(bb);
                } else {
                    deferred.add(bb);
                }
                return;
            }
            fill(bb);
        }

        private void fill(BciBlock bb) {
            parser.parseBlock(bb);
            finish(bb);
        }

        private void dead(BciBlock bb) {
            finish(bb);
        }

        /** Blocks and IR blocks share ids (both numbered in reverse postorder). */
        boolean forwardPredecessorsDone(Block b) {
            return pendingForward[b.id()] == 0;
        }

        private void finish(BciBlock bb) {
            processed[bb.id()] = true;
            for (BciBlock succ : bb.allSuccessors()) {
                if (bb.id() < succ.id()) {
                    pendingForward[succ.id()]--;
                }
                if (--pending[succ.id()] == 0) {
                    ssa.sealBlock(ir[succ.id()]);
                }
            }
        }
    }
}
