package org.ssajit.ssa;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Node;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.JavaKind;

/**
 * SSA construction by Braun, Buchwald, Hack, Leißa, Mallon and Zwinkau, "Simple and Efficient
 * Construction of Static Single Assignment Form" (CC 2013): Algorithms 1-4, with the marker variant
 * of Section 3.3 on by default.
 *
 * <p>A block is <em>filled</em> once all its instructions are parsed, and <em>sealed</em> once no
 * further predecessors will be added. Only filled blocks get successors, so the predecessors of a
 * sealed block are all filled and a lookup may walk into them. A lookup in an unsealed block places
 * an <em>incomplete phi</em> whose operands {@link #sealBlock} adds later.
 *
 * <p>The paper's recursion (readVariableRecursive / addPhiOperands / tryRemoveTrivialPhi) runs on
 * explicit stacks here: bytecode of generated code has chains of tens of thousands of blocks.
 *
 * <p>With markers, a lookup through a sealed join does not place a phi before recursing; it marks the
 * block. Only if the lookup comes back to a marked block (a data-flow cycle) is a phi placed there; a
 * join whose predecessors all deliver one value gets no phi at all. So no temporary phi is ever created
 * in an acyclic region. Without markers, every sealed join on the lookup path gets an operandless phi
 * first, as in Algorithm 2, and trivial ones are removed again.
 */
public final class BraunSsa implements SsaConstruction {
    private static final byte ORIGIN_INCOMPLETE = 1;
    private static final byte ORIGIN_CYCLE = 2;
    private static final byte ORIGIN_MERGE = 3;
    private static final byte ORIGIN_EAGER = 4;

    private final Graph graph;
    /** Variables numbered so far; a row of {@link #currentDef} holds at most this many. */
    private int variableCount;
    private final boolean markers;
    private final SsaStats stats;
    private UnsealedLookup unsealedLookup;

    /**
     * currentDef[block id][variable] (Algorithm 1); rows are allocated on first use. The tables indexed
     * by block id grow as blocks are created ({@link #ensureBlock}), so a builder may add blocks while
     * it goes (an inlined callee's); rows grow as variables are added ({@link #addVariables}).
     */
    private Value[][] currentDef;
    private boolean[] sealed;
    /** An operandless phi of an unsealed block, for one variable (Algorithm 2's first case). */
    private record IncompletePhi(int variable, Phi phi) {
    }

    /** Incomplete phis of unsealed blocks, by block id (null: none). */
    private final List<List<IncompletePhi>> incompletePhis;

    /** Removed phis forward to their replacement, so stale entries of currentDef resolve correctly. */
    private Value[] forward = new Value[64];
    private byte[] origin = new byte[64];

    /** The lookup in progress: a frame per block being searched; doubles as the marker of Section 3.3. */
    private Frame[] frameOfBlock;
    private final CompilerList<Frame> frames = new CompilerList<>();
    private int frameDepth;
    private final CompilerList<Phi> worklist = new CompilerList<>();

    private static final class Frame {
        Block block;
        int variable;
        JavaKind kind;
        int nextPred;
        Value[] values = new Value[2];
        /** The phi of this block for the looked-up variable, if one was placed before the operands were known. */
        Phi phi;
        /** An unsealed loop header searched through its forward predecessors only (see {@link UnsealedLookup}). */
        boolean forwardOnly;
    }

    /**
     * What the whole CFG tells about an unsealed block. Bytecode is not an AST: every edge is known
     * before parsing starts, and a loop header is unsealed only because its back edges come from blocks
     * not filled yet. For a variable that no block of the loop writes, those back edges carry the
     * header's own value, so the header's value is what its (filled) forward predecessors deliver.
     */
    public interface UnsealedLookup {
        /**
         * Whether the value of {@code variable} at the unsealed block {@code b} is determined by its
         * forward predecessors ({@link #isForward}).
         */
        boolean forwardPredecessorsSuffice(Block b, int variable);

        /** Whether {@code pred -> b} is a forward edge: {@code pred} comes before {@code b} in the order blocks are filled. */
        boolean isForward(Block pred, Block b);
    }

    public BraunSsa(Graph graph, int variableCount, boolean markers, SsaStats stats) {
        this.graph = graph;
        this.variableCount = variableCount;
        this.markers = markers;
        this.stats = stats;
        int n = IntMath.max(graph.blockIdLimit(), 16);
        this.currentDef = new Value[n][];
        this.sealed = new boolean[n];
        this.frameOfBlock = new Frame[n];
        this.incompletePhis = new CompilerList<>(java.util.Collections.nCopies(n, (List<IncompletePhi>) null));
    }

    /** Makes room for block {@code id} (created after this builder). */
    private void ensureBlock(int id) {
        if (id < sealed.length) {
            return;
        }
        int n = IntMath.max(id + 1, sealed.length * 2);
        currentDef = CompilerArrays.copyOf(currentDef, n);
        sealed = CompilerArrays.copyOf(sealed, n);
        frameOfBlock = CompilerArrays.copyOf(frameOfBlock, n);
        while (incompletePhis.size() < n) {
            incompletePhis.add(null);
        }
    }

    /**
     * Adds {@code n} variables and returns the number of the first: a separate namespace, e.g. for
     * the locals, stack and lock slots of a method parsed into this graph (an inlined callee).
     */
    public int addVariables(int n) {
        int first = variableCount;
        variableCount += n;
        return first;
    }

    public int variableCount() {
        return variableCount;
    }

    /** Installs knowledge about unsealed loop headers; without it, every lookup there places an incomplete phi. */
    public void setUnsealedLookup(UnsealedLookup u) {
        this.unsealedLookup = u;
    }

    public boolean isSealed(Block b) {
        ensureBlock(b.id());
        return sealed[b.id()];
    }

    // Algorithm 1 ---------------------------------------------------------------------------------

    @Override
    public void writeVariable(int variable, Block block, Value value) {
        ensureBlock(block.id());
        Value[] row = currentDef[block.id()];
        if (row == null) {
            row = currentDef[block.id()] = new Value[variableCount];
        } else if (variable >= row.length) {
            row = currentDef[block.id()] = CompilerArrays.copyOf(row, variableCount);
        }
        row[variable] = value;
    }

    @Override
    public Value readVariable(int variable, Block block, JavaKind kind) {
        ensureBlock(block.id());
        Value[] row = currentDef[block.id()];
        if (row != null && variable < row.length && row[variable] != null) {
            // local value numbering
            return resolve(row[variable]);
        }
        // global value numbering
        return readVariableRecursive(variable, block, kind);
    }

    private Value currentDef(Block b, int variable) {
        ensureBlock(b.id());
        Value[] row = currentDef[b.id()];
        return row == null || variable >= row.length || row[variable] == null ? null : resolve(row[variable]);
    }

    // Algorithm 2, iteratively ---------------------------------------------------------------------

    private Value readVariableRecursive(int variable, Block start, JavaKind kind) {
        stats.globalLookups++;
        int base = frameDepth;
        Value v = enter(variable, start, kind);
        if (v != null) {
            return v;
        }
        while (true) {
            Frame f = frames.get(frameDepth - 1);
            List<Block> preds = f.block.predecessors();
            if (f.nextPred < preds.size()) {
                if (f.forwardOnly && !unsealedLookup.isForward(preds.get(f.nextPred), f.block)) {
                    f.values[f.nextPred++] = null; // a back edge: carries the header's own value
                    continue;
                }
                Value r = enter(variable, preds.get(f.nextPred), kind);
                if (r != null) {
                    f.values[f.nextPred++] = r;
                }
                continue; // either the operand is in, or a frame for the predecessor was pushed
            }
            Value result = finish(f);
            frameOfBlock[f.block.id()] = null;
            f.phi = null;
            f.block = null;
            frameDepth--;
            if (frameDepth == base) {
                return result;
            }
            Frame parent = frames.get(frameDepth - 1);
            parent.values[parent.nextPred++] = result;
        }
    }

    /** The definition of {@code variable} reaching the end of {@code b}, or null after pushing a frame for {@code b}. */
    private Value enter(int variable, Block b, JavaKind kind) {
        Value d = currentDef(b, variable);
        if (d != null) {
            return d;
        }
        Frame inProgress = frameOfBlock[b.id()];
        if (inProgress != null) {
            // The lookup came back to a marked block: a data-flow cycle. Break it with a phi here
            // (Section 3.3); its operands are the values the marked frame is still collecting.
            if (inProgress.phi == null) {
                if (inProgress.forwardOnly) {
                    // Unsealed: the phi must wait for sealing like any incomplete phi.
                    inProgress.phi = newPhi(b, kind, ORIGIN_INCOMPLETE);
                    addIncomplete(b, variable, inProgress.phi);
                } else {
                    inProgress.phi = newPhi(b, kind, ORIGIN_CYCLE);
                }
            }
            return inProgress.phi;
        }
        if (!sealed[b.id()] && unsealedLookup != null && unsealedLookup.forwardPredecessorsSuffice(b, variable)) {
            pushFrame(b, variable, kind, b.predecessors().size()).forwardOnly = true;
            return null;
        }
        if (!sealed[b.id()]) {
            // Incomplete CFG: an operandless phi, completed by sealBlock.
            Phi phi = newPhi(b, kind, ORIGIN_INCOMPLETE);
            addIncomplete(b, variable, phi);
            writeVariable(variable, b, phi);
            return phi;
        }
        List<Block> preds = b.predecessors();
        if (preds.isEmpty()) {
            // The entry block (nothing assigned the variable) or a block no edge reaches.
            Value u = graph.undefined(kind);
            writeVariable(variable, b, u);
            return u;
        }
        Frame f = pushFrame(b, variable, kind, preds.size());
        if (!markers && preds.size() > 1) {
            // Plain Algorithm 2: break potential cycles with an operandless phi.
            f.phi = newPhi(b, kind, ORIGIN_EAGER);
            writeVariable(variable, b, f.phi);
        }
        return null;
    }

    private Frame pushFrame(Block b, int variable, JavaKind kind, int predCount) {
        stats.lookupFrames++;
        if (frameDepth == frames.size()) {
            frames.add(new Frame());
        }
        Frame f = frames.get(frameDepth++);
        f.block = b;
        f.variable = variable;
        f.kind = kind;
        f.nextPred = 0;
        f.phi = null;
        f.forwardOnly = false;
        if (f.values.length < predCount) {
            f.values = new Value[IntMath.max(predCount, f.values.length * 2)];
        }
        frameOfBlock[b.id()] = f;
        return f;
    }

    /** All operands of the frame's block are known: decide on the phi (addPhiOperands). */
    private Value finish(Frame f) {
        Block b = f.block;
        int n = b.predecessors().size();
        Value[] vals = f.values;
        for (int i = 0; i < n; i++) {
            vals[i] = resolve(vals[i]);
        }
        Value result;
        if (f.forwardOnly) {
            result = finishForwardOnly(f, vals, n);
        } else if (f.phi == null) {
            // Markers (or a single predecessor): a phi only where different values meet.
            Value same = vals[0];
            boolean allSame = true;
            for (int i = 1; i < n; i++) {
                if (vals[i] != same) {
                    allSame = false;
                    break;
                }
            }
            if (allSame) {
                result = same;
            } else {
                Phi phi = newPhi(b, f.kind, ORIGIN_MERGE);
                for (int i = 0; i < n; i++) {
                    phi.appendOperand(vals[i]);
                }
                result = phi;
            }
        } else {
            Phi phi = f.phi;
            for (int i = 0; i < n; i++) {
                phi.appendOperand(vals[i]);
            }
            result = tryRemoveTrivialPhi(phi);
        }
        ArrayFill.fill(vals, 0, n, null);
        writeVariable(f.variable, b, result);
        return result;
    }

    /** An unsealed loop header whose back edges carry its own value: one value in, or a phi completed at sealing. */
    private Value finishForwardOnly(Frame f, Value[] vals, int n) {
        if (f.phi != null) {
            return f.phi; // placed when the lookup came back here; sealBlock adds its operands
        }
        Value same = null;
        boolean allSame = true;
        for (int i = 0; i < n; i++) {
            if (vals[i] != null) {
                if (same == null) {
                    same = vals[i];
                } else if (vals[i] != same) {
                    allSame = false;
                }
            }
        }
        if (same != null && allSame) {
            return same;
        }
        Phi phi = newPhi(f.block, f.kind, ORIGIN_INCOMPLETE);
        addIncomplete(f.block, f.variable, phi);
        return phi;
    }

    // Algorithm 3, iteratively ---------------------------------------------------------------------

    /**
     * Removes {@code phi} if it references only itself and one other value, then rechecks every phi that
     * used it, transitively. Returns what {@code phi} now stands for.
     */
    public Value tryRemoveTrivialPhi(Phi phi) {
        worklist.add(phi);
        while (!worklist.isEmpty()) {
            Phi p = worklist.remove(worklist.size() - 1);
            if (p.isRemoved()) {
                continue;
            }
            Value same = trivialValue(p);
            if (same == null) {
                continue;
            }
            // Remember all users except the phi itself, reroute uses, remove the phi.
            List<Phi> users = new CompilerList<>();
            for (int i = 0; i < p.userCount(); i++) {
                Node u = p.user(i);
                if (u != p && u instanceof Phi up) {
                    users.add(up);
                }
            }
            boolean inCycle = reachesItself(p);
            p.replaceAllUsesWith(same);
            p.block().removePhi(p);
            setForward(p, same);
            countTemporary(p, inCycle);
            worklist.addAll(users);
        }
        return resolve(phi);
    }

    /** The unique non-self operand of a trivial phi, undefined if there is none, null if not trivial. */
    private Value trivialValue(Phi p) {
        Value same = null;
        for (int i = 0; i < p.operandCount(); i++) {
            Value op = p.operand(i);
            if (op == same || op == p) {
                continue; // unique value or self-reference
            }
            if (same != null) {
                return null; // the phi merges at least two values: not trivial
            }
            same = op;
        }
        // The phi references only itself: it is unreachable or in the start block.
        return same == null ? graph.undefined(p.kind()) : same;
    }

    /** Whether {@code p} is an operand of itself, directly or through other phis (statistics only). */
    private static boolean reachesItself(Phi p) {
        CompilerList<Phi> stack = new CompilerList<>();
        java.util.Set<Phi> seen = CompilerSet.identity();
        stack.add(p);
        while (!stack.isEmpty() && seen.size() < 10_000) {
            Phi q = stack.remove(stack.size() - 1);
            for (int i = 0; i < q.operandCount(); i++) {
                if (q.operand(i) == p) {
                    return true;
                }
                if (q.operand(i) instanceof Phi r && seen.add(r)) {
                    stack.add(r);
                }
            }
        }
        return false;
    }

    // Algorithm 4 ---------------------------------------------------------------------------------

    /** No more predecessors will be added to {@code block}: complete its incomplete phis. */
    public void sealBlock(Block block) {
        int id = block.id();
        ensureBlock(id);
        if (sealed[id]) {
            throw new IllegalStateException(block + " sealed twice");
        }
        List<IncompletePhi> phis = incompletePhis.get(id);
        incompletePhis.set(id, null);
        sealed[id] = true;
        if (phis == null) {
            return;
        }
        for (IncompletePhi p : phis) {
            addPhiOperands(p.variable(), p.phi());
        }
    }

    private void addPhiOperands(int variable, Phi phi) {
        List<Block> preds = phi.block().predecessors();
        // Collect first, append after: a lookup may rewrite operands already appended.
        Value[] vals = new Value[preds.size()];
        for (int i = 0; i < vals.length; i++) {
            vals[i] = readVariable(variable, preds.get(i), phi.kind());
        }
        for (Value v : vals) {
            phi.appendOperand(resolve(v));
        }
        tryRemoveTrivialPhi(phi);
    }

    private void addIncomplete(Block b, int variable, Phi phi) {
        ensureBlock(b.id());
        List<IncompletePhi> list = incompletePhis.get(b.id());
        if (list == null) {
            list = new CompilerList<>(4);
            incompletePhis.set(b.id(), list);
        }
        list.add(new IncompletePhi(variable, phi));
    }

    // Bookkeeping ------------------------------------------------------------------------------------

    private Phi newPhi(Block b, JavaKind kind, byte how) {
        Phi p = b.addPhi(graph, kind);
        stats.phisCreated++;
        int id = p.id();
        if (id >= origin.length) {
            origin = CompilerArrays.copyOf(origin, IntMath.max(id + 1, origin.length * 2));
        }
        origin[id] = how;
        return p;
    }

    private void countTemporary(Phi p, boolean inCycle) {
        stats.temporaryPhis++;
        if (!inCycle) {
            stats.temporaryOutsideCycles++;
        }
        switch (origin[p.id()]) {
            case ORIGIN_INCOMPLETE -> stats.temporaryIncomplete++;
            case ORIGIN_CYCLE -> stats.temporaryCycle++;
            case ORIGIN_MERGE -> stats.temporaryMerge++;
            case ORIGIN_EAGER -> stats.temporaryEager++;
            default -> throw new IllegalStateException("phi of unknown origin");
        }
    }

    private void setForward(Phi p, Value to) {
        int id = p.id();
        if (id >= forward.length) {
            forward = CompilerArrays.copyOf(forward, IntMath.max(id + 1, forward.length * 2));
        }
        forward[id] = to;
    }

    /** Follows removed phis to the value that replaced them (with path compression). */
    public Value resolve(Value v) {
        if (!(v instanceof Phi p) || !p.isRemoved()) {
            return v;
        }
        Value r = v;
        while (r instanceof Phi rp && rp.isRemoved()) {
            r = forward[rp.id()];
        }
        Value c = v;
        while (c instanceof Phi cp && cp.isRemoved()) {
            Value next = forward[cp.id()];
            forward[cp.id()] = r;
            c = next;
        }
        return r;
    }

    /** Phis of unsealed blocks still waiting for operands (none once every block is sealed). */
    public int pendingIncompletePhis() {
        int n = 0;
        for (List<IncompletePhi> l : incompletePhis) {
            n += l == null ? 0 : l.size();
        }
        return n;
    }
}
