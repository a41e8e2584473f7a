package org.ssajit.cytron;

import java.util.Arrays;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.FrameShapes;
import org.ssajit.bytecode.FrameShapes.Shape;
import org.ssajit.bytecode.Liveness;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;
import org.ssajit.parse.FrontEnd;
import org.ssajit.ssa.SsaConstruction;

import jdk.vm.ci.meta.JavaKind;

/**
 * Cytron et al.'s two phases as an {@link SsaConstruction} the bytecode parser can drive.
 *
 * <p><b>Placement</b> ({@link #placePhis}): for each variable {@code v}, a phi in every block of the
 * iterated dominance frontier of {@code v}'s definition sites, computed with a worklist, but only where
 * {@code v} is live on entry (pruned SSA, Choi, Cytron and Ferrante 1991). A block where {@code v} is
 * dead neither gets a phi nor joins the worklist: every path from it to a use of {@code v} passes a
 * definition first, and the frontier walk from that definition reaches the same joins. Per-variable
 * marks are stamps (the variable's number plus one), so nothing is cleared between variables.
 *
 * <p><b>Renaming</b>: the driver visits blocks in a depth-first walk of the dominator tree and parses
 * each; the current definition of every variable is the top of its rename stack. The stacks are one
 * array of current values plus an undo log: a block logs a variable's previous value on its first write
 * of that variable and {@link #leaveBlock} restores the log on the way back up, which is the paper's
 * "pop" without a stack per variable.
 */
public final class CytronSsa implements SsaConstruction {
    private final Graph graph;
    private final FrontEnd fe;
    private final Block[] irBlocks;
    private final DominanceFrontiers df;
    private final int variableCount;
    private final int maxLocals;
    private final int maxStack;

    // Edges: for block p, (successor, p's index among the successor's predecessors), compressed rows.
    private final int[] succStart;
    private final int[] succBlock;
    private final int[] succPredIndex;

    // Placed phis, grouped by block in placement order (which is the order of Block.phis()).
    private int[] phiStart;
    private Phi[] phis;
    private int[] phiVariable;
    private int untypedLiveSkipped;

    // Renaming state.
    private final Value[] current;
    private final int[] loggedInVisit;
    private int[] undoVariable = new int[64];
    private Value[] undoValue = new Value[64];
    private int undoSize;
    private int visit;
    private Block currentBlock;

    // Edge reports of the parser for the block being parsed.
    private final int[] staticEdgeVisit;
    private final int[] reportedEdgeVisit;
    private int reportedEdges;

    public CytronSsa(Graph graph, FrontEnd fe, Block[] irBlocks, DominanceFrontiers df) {
        this.graph = graph;
        this.fe = fe;
        this.irBlocks = irBlocks;
        this.df = df;
        this.variableCount = fe.liveness().variableCount();
        this.maxLocals = fe.shapes().maxLocals();
        this.maxStack = fe.shapes().maxStack();
        this.current = new Value[variableCount];
        this.loggedInVisit = new int[variableCount];

        List<BciBlock> rpo = fe.blocks().blocks();
        int n = rpo.size();
        succStart = new int[n + 1];
        int edges = 0;
        for (BciBlock s : rpo) {
            for (BciBlock p : s.predecessors()) {
                succStart[p.id() + 1]++;
                edges++;
            }
        }
        for (int b = 0; b < n; b++) {
            succStart[b + 1] += succStart[b];
        }
        succBlock = new int[edges];
        succPredIndex = new int[edges];
        int[] at = Arrays.copyOf(succStart, n);
        for (BciBlock s : rpo) {
            List<BciBlock> preds = s.predecessors();
            for (int i = 0; i < preds.size(); i++) {
                int e = at[preds.get(i).id()]++;
                succBlock[e] = s.id();
                succPredIndex[e] = i;
            }
        }
        staticEdgeVisit = new int[n];
        reportedEdgeVisit = new int[n];
    }

    // Placement ------------------------------------------------------------------------------------

    /** Places the phis of pruned SSA (see the class comment); returns how many. */
    public int placePhis(DefinitionSites defs) {
        List<BciBlock> rpo = fe.blocks().blocks();
        Liveness liveness = fe.liveness();
        int n = rpo.size();
        int[] hasAlready = new int[n];
        int[] work = new int[n];
        int[] everOnWorklist = new int[n];
        // Triples (block, variable, phi) in placement order, bucketed by block afterwards.
        int[] placedBlock = new int[16];
        int[] placedVariable = new int[16];
        Phi[] placedPhi = new Phi[16];
        int placed = 0;
        for (int v = 0; v < variableCount; v++) {
            int begin = defs.begin(v);
            int end = defs.end(v);
            if (begin == end) {
                continue;
            }
            int stamp = v + 1;
            int wsp = 0;
            for (int i = begin; i < end; i++) {
                int b = defs.block(i);
                everOnWorklist[b] = stamp;
                work[wsp++] = b;
            }
            while (wsp > 0) {
                int x = work[--wsp];
                for (int i = df.frontierBegin(x), e = df.frontierEnd(x); i < e; i++) {
                    int y = df.frontier(i);
                    if (hasAlready[y] == stamp) {
                        continue;
                    }
                    hasAlready[y] = stamp;
                    BciBlock yb = rpo.get(y);
                    if (!liveness.isLiveIn(yb, v)) {
                        continue; // pruned
                    }
                    JavaKind kind = kindOnEntry(yb, v);
                    if (kind == null) {
                        // Live but holding no typed value: verified bytecode never gets here (a read
                        // would need the kind). No phi; a reader would see the dominating definition.
                        untypedLiveSkipped++;
                        continue;
                    }
                    Block block = irBlocks[y];
                    Phi phi = block.addPhi(graph, kind);
                    for (int k = block.predecessors().size(); k > 0; k--) {
                        phi.appendOperand(null); // filled by fillSuccessorPhis, one per predecessor
                    }
                    if (placed == placedPhi.length) {
                        placedBlock = Arrays.copyOf(placedBlock, placed * 2);
                        placedVariable = Arrays.copyOf(placedVariable, placed * 2);
                        placedPhi = Arrays.copyOf(placedPhi, placed * 2);
                    }
                    placedBlock[placed] = y;
                    placedVariable[placed] = v;
                    placedPhi[placed] = phi;
                    placed++;
                    if (everOnWorklist[y] != stamp) {
                        everOnWorklist[y] = stamp;
                        work[wsp++] = y;
                    }
                }
            }
        }
        // Bucket by block (stable: within a block, the order phis were added).
        phiStart = new int[n + 1];
        for (int k = 0; k < placed; k++) {
            phiStart[placedBlock[k] + 1]++;
        }
        for (int b = 0; b < n; b++) {
            phiStart[b + 1] += phiStart[b];
        }
        phis = new Phi[placed];
        phiVariable = new int[placed];
        int[] at = Arrays.copyOf(phiStart, n);
        for (int k = 0; k < placed; k++) {
            int slot = at[placedBlock[k]]++;
            phis[slot] = placedPhi[k];
            phiVariable[slot] = placedVariable[k];
        }
        return placed;
    }

    /** The kind {@code v} holds on entry to {@code b} by the frame shape there, or null if none (TOP). */
    private JavaKind kindOnEntry(BciBlock b, int v) {
        Shape shape = fe.shapes().entry(b);
        if (v < maxLocals) {
            return FrameShapes.kindOf(shape.locals[v]);
        }
        if (v < maxLocals + maxStack) {
            int slot = v - maxLocals;
            return slot < shape.sp ? FrameShapes.kindOf(shape.stack[slot]) : null;
        }
        return v - maxLocals - maxStack < shape.locks ? JavaKind.Object : null;
    }

    /** Live variables whose frame shape said TOP at a join of their frontier; 0 for verified bytecode. */
    public int untypedLiveSkipped() {
        return untypedLiveSkipped;
    }

    // Renaming -------------------------------------------------------------------------------------

    /**
     * Starts block {@code b} of the dominator-tree walk: its phis become the current definitions of
     * their variables. Returns the undo mark to pass to {@link #leaveBlock} once {@code b}'s subtree is done.
     */
    public int enterBlock(int b) {
        visit++;
        currentBlock = irBlocks[b];
        int mark = undoSize;
        for (int k = phiStart[b], e = phiStart[b + 1]; k < e; k++) {
            writeVariable(phiVariable[k], currentBlock, phis[k]);
        }
        for (int i = succStart[b], e = succStart[b + 1]; i < e; i++) {
            staticEdgeVisit[succBlock[i]] = visit;
        }
        return mark;
    }

    /** {@code b} is parsed: its current definitions flow into the phis of its successors. */
    public void fillSuccessorPhis(int b) {
        for (int i = succStart[b], e = succStart[b + 1]; i < e; i++) {
            int s = succBlock[i];
            int index = succPredIndex[i];
            for (int k = phiStart[s], pe = phiStart[s + 1]; k < pe; k++) {
                Phi phi = phis[k];
                Value v = current[phiVariable[k]];
                phi.setInput(index, v != null ? v : graph.undefined(phi.kind()));
            }
        }
    }

    /** Pops the definitions made since {@code mark} (the block's and, before it, its subtree's). */
    public void leaveBlock(int mark) {
        while (undoSize > mark) {
            undoSize--;
            current[undoVariable[undoSize]] = undoValue[undoSize];
            undoValue[undoSize] = null;
        }
        currentBlock = null;
    }

    @Override
    public void writeVariable(int variable, Block block, Value value) {
        checkCurrent(block);
        if (loggedInVisit[variable] != visit) {
            loggedInVisit[variable] = visit;
            if (undoSize == undoVariable.length) {
                undoVariable = Arrays.copyOf(undoVariable, undoSize * 2);
                undoValue = Arrays.copyOf(undoValue, undoSize * 2);
            }
            undoVariable[undoSize] = variable;
            undoValue[undoSize] = current[variable];
            undoSize++;
        }
        current[variable] = value;
    }

    @Override
    public Value readVariable(int variable, Block block, JavaKind kind) {
        checkCurrent(block);
        Value v = current[variable];
        return v != null ? v : graph.undefined(kind);
    }

    private void checkCurrent(Block block) {
        if (block != currentBlock) {
            throw new IllegalStateException("access to " + block + " while renaming " + currentBlock);
        }
    }

    // Edges ----------------------------------------------------------------------------------------

    /**
     * The parser's {@link org.ssajit.parse.BytecodeParser.EdgeSink}: the CFG was built up front from the
     * block map, so every edge the parser reports must be one of the current block's static edges, and
     * each is reported once.
     */
    public void checkEdge(Block from, Block to) {
        if (from != currentBlock) {
            throw new IllegalStateException("edge " + from + " -> " + to + " reported while parsing " + currentBlock);
        }
        int t = to.id();
        if (staticEdgeVisit[t] != visit) {
            throw new IllegalStateException("the parser created edge " + from + " -> " + to + ", which the block map does not have");
        }
        if (reportedEdgeVisit[t] == visit) {
            throw new IllegalStateException("edge " + from + " -> " + to + " reported twice");
        }
        reportedEdgeVisit[t] = visit;
        reportedEdges++;
    }

    /** Edges the parser reported so far. */
    public int reportedEdges() {
        return reportedEdges;
    }
}
