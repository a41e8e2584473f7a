package org.ssajit.cytron;

import java.util.ArrayList;
import java.util.List;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Node;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;
import org.ssajit.opt.NodeFactory;
import org.ssajit.parse.BytecodeParser;
import org.ssajit.parse.ParseScope;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.Providers;
import org.ssajit.ssa.RedundantPhiElimination;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Builds a method's SSA graph with the reference construction of Cytron et al., pruned by liveness,
 * over the same front end and the same {@link BytecodeParser} as {@link org.ssajit.parse.GraphBuilder}
 * (with on-the-fly optimizations off), so the two can be compared phi for phi.
 *
 * <ol>
 * <li>The CFG is complete before any parsing: one IR block per {@link BciBlock}, predecessors in the
 * block map's order (normal and exception edges). With optimizations off the parser emits exactly the
 * static edges; it only reports them, and {@link CytronSsa#checkEdge} checks each one exists.</li>
 * <li>Phi placement: iterated dominance frontiers of each variable's {@link DefinitionSites}, pruned by
 * {@link org.ssajit.bytecode.Liveness#isLiveIn}.</li>
 * <li>Renaming: an iterative depth-first walk of the dominator tree (no recursion over blocks: generated
 * bytecode has chains of tens of thousands of blocks) that parses each block and then fills the operands
 * its current definitions give to the phis of its successors.</li>
 * <li>Cleanup, the same in spirit as what Braun's output gets: trivial phis (Algorithm 3's definition)
 * are removed until none is left, then {@link RedundantPhiElimination} (Algorithm 5).</li>
 * </ol>
 *
 * <p>Why a cleanup at all: Cytron's minimality is about <em>assignments</em> to a variable, but both
 * builders propagate copies by construction ({@code iload 1; istore 2} makes local 2's definition the
 * very value of local 1, and dup/swap only move values between stack slots). So raw Cytron keeps phis
 * that merge one and the same value from every predecessor, or cycles of phis around a single value;
 * Braun et al. note (Section 3.2) that exactly these appear after copy propagation on Cytron's output
 * and that Algorithm 5 removes them there too. {@link Result#phisPlaced} is the textbook count,
 * {@link Result#phisAfterCleanup} the one comparable with Braun's.
 */
public final class CytronBuilder {
    /**
     * The outcome of one build.
     *
     * @param phisPlaced phis after placement (pruned Cytron)
     * @param phisAfterCleanup phis left after trivial-phi removal and Algorithm 5
     */
    public record Result(Graph graph, int phisPlaced, int phisAfterCleanup) {
    }

    private CytronBuilder() {
    }

    public static Result build(ResolvedJavaMethod method, Providers providers) {
        return build(FrontEnd.analyze(method), providers);
    }

    public static Result build(FrontEnd fe, Providers providers) {
        List<BciBlock> rpo = fe.blocks().blocks();
        int n = rpo.size();
        Graph graph = new Graph(fe.method());
        Block[] ir = new Block[n];
        for (BciBlock bb : rpo) {
            ir[bb.id()] = graph.newBlock(bb.startBci());
        }
        for (BciBlock bb : rpo) {
            for (BciBlock p : bb.predecessors()) {
                ir[bb.id()].addPredecessor(ir[p.id()]);
            }
        }

        DominanceFrontiers df = new DominanceFrontiers(rpo);
        CytronSsa ssa = new CytronSsa(graph, fe, ir, df);
        int placed = ssa.placePhis(DefinitionSites.compute(fe));

        NodeFactory factory = new NodeFactory(graph, false);
        BytecodeParser parser = new BytecodeParser(graph, ParseScope.root(fe, ir), factory, ssa, providers, ssa::checkEdge);
        rename(rpo, df, ssa, parser, ir[0]);
        if (ssa.reportedEdges() != fe.blocks().edgeCount()) {
            throw new BailoutException(BailoutException.Reason.INTERNAL_ERROR,
                            "the parser reported " + ssa.reportedEdges() + " edges, the block map has " + fe.blocks().edgeCount());
        }

        removeTrivialPhis(graph);
        RedundantPhiElimination.run(graph);
        return new Result(graph, placed, graph.phiCount());
    }

    /** Depth-first over the dominator tree with an explicit stack; each block is parsed on the way down. */
    private static void rename(List<BciBlock> rpo, DominanceFrontiers df, CytronSsa ssa, BytecodeParser parser, Block entry) {
        int n = rpo.size();
        int[] block = new int[n];
        int[] nextChild = new int[n];
        int[] undoMark = new int[n];
        int sp = 0;

        undoMark[sp] = ssa.enterBlock(0);
        parser.writeParameters(entry);
        parser.parseBlock(rpo.get(0));
        ssa.fillSuccessorPhis(0);
        block[sp] = 0;
        nextChild[sp] = df.childBegin(0);
        sp++;
        while (sp > 0) {
            int b = block[sp - 1];
            if (nextChild[sp - 1] < df.childEnd(b)) {
                int c = df.child(nextChild[sp - 1]++);
                undoMark[sp] = ssa.enterBlock(c);
                parser.parseBlock(rpo.get(c));
                ssa.fillSuccessorPhis(c);
                block[sp] = c;
                nextChild[sp] = df.childBegin(c);
                sp++;
            } else {
                ssa.leaveBlock(undoMark[sp - 1]);
                sp--;
            }
        }
    }

    /**
     * Algorithm 3's rule applied after the fact: a phi whose operands are only itself and one other value
     * is replaced by that value, and the phis that used it are checked again. Returns how many went.
     */
    static int removeTrivialPhis(Graph graph) {
        List<Phi> work = new ArrayList<>();
        for (Block b : graph.blocks()) {
            work.addAll(b.phis());
        }
        int removed = 0;
        while (!work.isEmpty()) {
            Phi p = work.remove(work.size() - 1);
            if (p.isRemoved()) {
                continue;
            }
            Value same = null;
            boolean trivial = true;
            for (int i = 0; i < p.operandCount(); i++) {
                Value op = p.operand(i);
                if (op == same || op == p) {
                    continue;
                }
                if (same != null) {
                    trivial = false;
                    break;
                }
                same = op;
            }
            if (!trivial) {
                continue;
            }
            if (same == null) {
                same = graph.undefined(p.kind()); // only self-references: no definition reaches it
            }
            for (int i = 0; i < p.userCount(); i++) {
                Node u = p.user(i);
                if (u != p && u instanceof Phi up) {
                    work.add(up);
                }
            }
            p.replaceAllUsesWith(same);
            p.block().removePhi(p);
            removed++;
        }
        return removed;
    }
}
