package org.ssajit.parse;

import java.util.ArrayList;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.LoopWrites;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.opt.NodeFactory;
import org.ssajit.opt.Optimizations;
import org.ssajit.ssa.BraunSsa;
import org.ssajit.ssa.RedundantPhiElimination;
import org.ssajit.ssa.SsaStats;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Builds a method's SSA graph straight from its bytecode with {@link BraunSsa}, then runs the
 * {@link Optimizations} the options ask for (their order is theirs, not the builder's).
 *
 * <p>Order (Section 2.3): blocks are filled in reverse postorder and each is sealed as soon as its last
 * predecessor has been filled, so a join is sealed before it is filled and only loop headers (targets
 * of retreating edges) are filled unsealed; they seal after their back edges. A block that no filled
 * block jumps to (every edge into it folded away) is never filled: it is dead. Which bytecode block a
 * graph block stands for is the {@link ParseScope}'s map; graph block ids are the graph's own.
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
        return build(fe, options, providers, false);
    }

    /**
     * {@code scrambleBlockIds}: create the graph's blocks other than the entry in reverse order, so
     * graph block ids are unrelated to the bytecode's reverse postorder (a test that nothing relies on
     * them being equal, as an inliner's blocks would not be).
     */
    static Result build(FrontEnd fe, BuildOptions options, Providers providers, boolean scrambleBlockIds) {
        List<BciBlock> rpo = fe.blocks().blocks();
        Graph graph = new Graph(fe.method(), fe.osrBci());
        Block[] ir = new Block[rpo.size()];
        ir[0] = graph.newBlock(rpo.get(0).startBci());
        for (int k = 1; k < rpo.size(); k++) {
            BciBlock bb = rpo.get(scrambleBlockIds ? rpo.size() - k : k);
            ir[bb.id()] = graph.newBlock(bb.startBci());
        }
        ParseScope scope = ParseScope.root(fe, ir);
        SsaStats stats = new SsaStats();
        BraunSsa ssa = new BraunSsa(graph, 0, options.markers(), stats);
        if (ssa.addVariables(scope.variableCount()) != scope.variableBase()) {
            throw new IllegalStateException("the root scope's variables start at 0");
        }
        NodeFactory factory = new NodeFactory(graph, options.optimize());
        BytecodeParser parser = new BytecodeParser(graph, scope, factory, ssa, providers, (from, to) -> to.addPredecessor(from));

        parser.setStatesNameAllLocals(options.statesNameAllLocals());
        Driver driver = new Driver(rpo, scope, ssa, parser);
        LoopWrites loopWrites = new LoopWrites(fe.blocks(), fe.liveness());
        ssa.setUnsealedLookup(new BraunSsa.UnsealedLookup() {
            @Override
            public boolean forwardPredecessorsSuffice(Block b, int variable) {
                return driver.forwardPredecessorsDone(b) && loopWrites.isInvariant(driver.bytecodeBlock(b), variable - scope.variableBase());
            }

            @Override
            public boolean isForward(Block pred, Block b) {
                return driver.bytecodeBlock(pred).id() < driver.bytecodeBlock(b).id();
            }
        });
        driver.run();

        int phisBefore = graph.phiCount();
        graph.removeBlocks(b -> b.terminator() == null);
        if (options.removeRedundantPhiSccs()) {
            stats.redundantSccPhis += RedundantPhiElimination.run(graph);
        }
        Optimizations.run(graph, options);
        return new Result(graph, stats, fe, phisBefore);
    }

    /** Fill and seal bookkeeping. */
    private static final class Driver {
        private final List<BciBlock> rpo;
        private final Block[] ir;
        /** The bytecode block of each graph block, by graph block id. */
        private final BciBlock[] bytecodeBlockOf;
        private final BraunSsa ssa;
        private final BytecodeParser parser;
        /** Static predecessors not yet filled or found dead. */
        private final int[] pending;
        /** The same, counting only forward predecessors (earlier in reverse postorder). */
        private final int[] pendingForward;
        private final boolean[] processed;
        private final List<BciBlock> deferred = new ArrayList<>();

        Driver(List<BciBlock> rpo, ParseScope scope, BraunSsa ssa, BytecodeParser parser) {
            this.rpo = rpo;
            this.ir = scope.blocks();
            int limit = 0;
            for (Block b : ir) {
                limit = Math.max(limit, b.id() + 1);
            }
            this.bytecodeBlockOf = new BciBlock[limit];
            for (BciBlock bb : rpo) {
                bytecodeBlockOf[ir[bb.id()].id()] = bb;
            }
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

        /** The bytecode block graph block {@code b} stands for. */
        BciBlock bytecodeBlock(Block b) {
            return bytecodeBlockOf[b.id()];
        }

        /** Whether every predecessor of {@code b} before it in reverse postorder has been filled (or found dead). */
        boolean forwardPredecessorsDone(Block b) {
            return pendingForward[bytecodeBlock(b).id()] == 0;
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
