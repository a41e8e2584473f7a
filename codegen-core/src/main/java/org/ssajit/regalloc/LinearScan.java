package org.ssajit.regalloc;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import org.ssajit.util.Bits;
import java.util.List;
import java.util.Map;

import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.FrameMap;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.MoveFactory;
import org.ssajit.lir.MoveOp;
import org.ssajit.lir.Variable;
import org.ssajit.util.IntMath;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Linear scan register allocation on SSA form (Wimmer and Franz, "Linear Scan Register Allocation
 * on SSA Form", CGO 2010). See {@code package-info.java} for the phases and their invariants.
 */
public final class LinearScan {
    private final LirGraph lir;
    private final RegisterAllocationConfig config;
    private final MoveFactory moves;
    private final FrameMap frameMap;
    private final List<LirBlock> blocks;
    private final AllocationResult result;
    private final AllocationStats stats;

    /**
     * The allocation order of the blocks: the emission order, but each block splitting a critical edge
     * right after its predecessor (the generator emits them last, which would stretch every interval
     * live across such an edge to the end of the method).
     */
    private LirBlock[] linear;
    private int[] linearIndex;
    /** Op {@code k} of the linear order sits at position {@code 2k}. */
    private LirOp[] opAt;
    private int[] blockOfOp;
    private int[] firstOpOfBlock;
    private int[] blockFrom;
    private int[] blockLast;

    private Liveness liveness;

    /**
     * Per variable: its spill slot is written once, right after its definition, and every other store
     * of it into its slot is left out ({@link #chooseSpillStores}). Null if no variable is.
     */
    private boolean[] storedAtDefinition;

    private Interval[] intervals;
    private Interval[] fixedIntervals;
    private int sequence;
    /** How many ops destroy the caller-saved registers (calls). */
    private int calls;
    private final Map<LirKind, StackSlot> scratchSlots = new CompilerMap<>();

    /** The operand modes an op reads, and those it writes (no array per op). */
    private static final Mode[] READS = {Mode.USE, Mode.ALIVE};
    private static final Mode[] WRITES = {Mode.TEMP, Mode.DEF};
    private static final Mode[] WRITES_DEF_FIRST = {Mode.DEF, Mode.TEMP};
    private static final Mode[] MODES = Mode.values();

    private LinearScan(LirGraph lir, RegisterAllocationConfig config) {
        this.lir = lir;
        this.config = config;
        this.moves = config.moveFactory();
        this.frameMap = lir.frameMap();
        this.blocks = lir.blocks();
        this.result = new AllocationResult(lir, config);
        this.stats = result.stats;
    }

    /**
     * Allocates registers and stack slots for every variable of {@code lir}, rewriting it in place:
     * afterwards no operand and no frame-state value is a {@link Variable}, moves are inserted, labels
     * and jumps carry no phi operands, and every frame state knows its live references.
     *
     * @throws RegisterAllocationException if the LIR cannot be allocated (a bailout)
     * @throws AllocationVerificationError if verification is on and finds an error (a bug here)
     */
    public static AllocationResult allocate(LirGraph lir, RegisterAllocationConfig config) {
        LinearScan ls = new LinearScan(lir, config);
        ls.run();
        if (config.verify()) {
            ls.result.verify();
        }
        return ls.result;
    }

    private void run() {
        materializeConstants();
        if (config.recordsOriginals()) {
            result.snapshot();
        }
        number();
        computeLiveness();
        buildIntervals();
        lir.faults().point("register allocation");
        new LinearScanWalker(this, variableIntervals(), fixedIntervalList()).walk();
        lir.faults().point("register allocation");
        result.recordIntervals(intervals, fixedIntervals);
        chooseSpillStores();
        result.recordStoresAtDefinition(storedAtDefinition);
        List<LirOp>[] splitMoves = splitMoves();
        List<List<LirOp>> inEdge = new CompilerList<>();
        List<List<LirOp>> outEdge = new CompilerList<>();
        resolveEdges(inEdge, outEdge);
        rewrite();
        insertMoves(splitMoves, inEdge, outEdge);
    }

    // Accessors for the walker and the move resolver ------------------------------------------------

    RegisterAllocationConfig config() {
        return config;
    }

    MoveFactory moveFactory() {
        return moves;
    }

    AllocationStats stats() {
        return stats;
    }

    int nextSequence() {
        return sequence++;
    }

    StackSlot spillSlot(Interval it) {
        Interval p = it.parent;
        if (p.spillSlot == null) {
            p.spillSlot = frameMap.allocateSpillSlot(p.kind);
            stats.spillSlots++;
        }
        return p.spillSlot;
    }

    /** A slot for breaking a move cycle: only used between two moves of one parallel move, so shared. */
    StackSlot scratchSlot(LirKind kind) {
        return scratchSlots.computeIfAbsent(kind, k -> {
            stats.spillSlots++;
            return frameMap.allocateSpillSlot(k);
        });
    }

    LirOp move(AllocatableValue dst, AllocatableValue src) {
        LirOp op = moves.createMove(dst, src);
        result.recordMove(op, dst, src);
        return op;
    }

    LirOp load(AllocatableValue dst, ConstantValue c) {
        LirOp op = moves.createLoad(dst, c.constant());
        result.recordLoad(op, dst, c);
        return op;
    }

    // Constants the instruction cannot take -----------------------------------------------------------

    /** A constant where the operand does not allow one is loaded into a new variable right before the use. */
    private void materializeConstants() {
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock b = blocks.get(bi);
            CompilerList<LirOp> ops = b.ops();
            List<LirOp> out = null;
            for (int k = 0; k < ops.size(); k++) {
                LirOp op = ops.get(k);
                for (Mode m : READS) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof ConstantValue c && (op.allowed(m, i) & LirOp.CONST) == 0) {
                            if (out == null) {
                                out = new CompilerList<>(ops.subList(0, k));
                            }
                            Variable t = lir.newVariable(c.kind());
                            LirOp load = moves.createLoad(t, c.constant());
                            if (load.count(Mode.DEF) != 1 || load.get(Mode.DEF, 0) != t) {
                                throw new IllegalStateException("MoveFactory.createLoad must make its destination DEF operand 0: " + load);
                            }
                            out.add(load);
                            op.set(m, i, t);
                            stats.materializedConstants++;
                        }
                    }
                }
                if (out != null) {
                    out.add(op);
                }
            }
            if (out != null) {
                ops.clear();
                ops.addAll(out);
            }
        }
    }

    // Numbering -------------------------------------------------------------------------------------

    private void number() {
        int n = 0;
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock b = blocks.get(bi);
            if (b.ops().size() < 2 || !(b.ops().get(0) instanceof LabelOp)) {
                throw new IllegalArgumentException(b + " must start with its label and end with a block end");
            }
            CompilerList<LirOp> ops = b.ops();
            for (int opi = 0; opi < ops.size(); opi++) {
                LirOp op = ops.get(opi);
                // Each state is rewritten to the locations at its own op.
                if (op.state() != null && !op.state().claim(this)) {
                    throw new IllegalArgumentException("a frame state shared by two ops: " + op);
                }
                if (op.destroysCallerSavedRegisters()) {
                    calls++;
                }
            }
            n += b.ops().size();
        }
        linear = linearOrder();
        linearIndex = new int[blocks.size()];
        opAt = new LirOp[n];
        blockOfOp = new int[n];
        firstOpOfBlock = new int[blocks.size()];
        blockFrom = new int[blocks.size()];
        blockLast = new int[blocks.size()];
        int k = 0;
        for (int i = 0; i < linear.length; i++) {
            LirBlock b = linear[i];
            linearIndex[b.id()] = i;
            firstOpOfBlock[b.id()] = k;
            blockFrom[b.id()] = 2 * k;
            CompilerList<LirOp> ops = b.ops();
            for (int opi = 0; opi < ops.size(); opi++) {
                LirOp op = ops.get(opi);
                op.setId(2 * k);
                opAt[k] = op;
                blockOfOp[k] = b.id();
                k++;
            }
            blockLast[b.id()] = 2 * (k - 1);
        }
    }

    private LirBlock[] linearOrder() {
        LirBlock[] order = new LirBlock[blocks.size()];
        boolean[] placed = new boolean[blocks.size()];
        int i = 0;
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock b = blocks.get(bi);
            if (placed[b.id()] || isEdgeBlock(b)) {
                continue;
            }
            order[i++] = b;
            placed[b.id()] = true;
            org.ssajit.util.ReadOnlyList<LirBlock> succs = b.successors();
            for (int si = 0; si < succs.size(); si++) {
                LirBlock s = succs.get(si);
                if (!placed[s.id()] && isEdgeBlock(s)) {
                    order[i++] = s;
                    placed[s.id()] = true;
                }
            }
        }
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock b = blocks.get(bi);
            if (!placed[b.id()]) {
                order[i++] = b;
            }
        }
        return order;
    }

    private static boolean isEdgeBlock(LirBlock b) {
        return b.irBlock() == null && b.predecessors().size() == 1;
    }

    boolean isBlockBegin(int pos) {
        return (pos & 1) == 0 && blockFrom[blockOfOp[pos >> 1]] == pos;
    }

    /** The block containing the op at (even) {@code pos}, or, for an odd position, the op before it. */
    int blockOfPosition(int pos) {
        return blockOfOp[pos >> 1];
    }

    int blockFrom(int block) {
        return blockFrom[block];
    }

    int maxPosition() {
        return 2 * opAt.length;
    }

    /**
     * The latest position at or before {@code x} where an interval may be split: a block begin (moves
     * go on the incoming edges) or an odd position between two ops of one block (moves go right there).
     * Between a block's end and the next label no move can go. Returns -1 if there is none.
     */
    int validSplitAtOrBefore(int x) {
        if (x <= 0) {
            return -1;
        }
        if (x >= maxPosition()) {
            x = maxPosition() - 1;
        }
        if ((x & 1) == 0) {
            return isBlockBegin(x) ? x : x - 1;
        }
        int next = (x + 1) >> 1;
        if (next >= opAt.length || opAt[next] instanceof LabelOp) {
            return x - 2; // after a block's last op: before it instead
        }
        return x;
    }

    /**
     * A split position in {@code [min, max]}: the begin of the latest block with the smallest loop
     * depth in between if that is shallower than {@code max}'s block (moves out of loops), else as late
     * as possible. -1 if there is no valid position.
     */
    int optimalSplitPosition(int min, int max) {
        int latest = validSplitAtOrBefore(max);
        if (latest < min) {
            return -1;
        }
        int minBlock = linearIndex[blockOfPosition(min)];
        int maxBlock = linearIndex[blockOfPosition(latest)];
        int best = latest;
        int bestDepth = linear[maxBlock].loopDepth();
        for (int i = maxBlock; i > minBlock && bestDepth > 0; i--) {
            stats.splitPositionWork++;
            LirBlock b = linear[i];
            if (b.loopDepth() < bestDepth && blockFrom[b.id()] >= min) {
                bestDepth = b.loopDepth();
                best = blockFrom[b.id()];
            }
        }
        return best;
    }

    // Liveness ------------------------------------------------------------------------------------------

    /** The variables live into and out of each block ({@link Liveness}); none may be live into the entry. */
    private void computeLiveness() {
        liveness = new Liveness(blocks, lir.variableCount());
        stats.livenessBlockVisits += liveness.visits;
        int entry = lir.entry().id();
        if (liveness.inStart(entry) != liveness.inEnd(entry)) {
            throw new RegisterAllocationException("variables used before their definition: " + liveness.inToString(entry));
        }
    }

    // Intervals -------------------------------------------------------------------------------------------

    private Interval interval(Variable v) {
        Interval it = intervals[v.index()];
        if (it == null) {
            it = new Interval(v, null, v.kind(), nextSequence(), 2);
            intervals[v.index()] = it;
        }
        return it;
    }

    /** The fixed interval of {@code v}'s register, or null if the allocator does not manage that register. */
    private Interval fixed(Value v) {
        if (!(v instanceof RegisterValue rv) || !config.isAllocatable(rv.getRegister())) {
            return null;
        }
        return fixed(rv.getRegister());
    }

    private Interval fixed(Register r) {
        Interval it = fixedIntervals[r.number];
        if (it == null) {
            // A caller-saved register gets a range at every call: room for them all at once.
            it = new Interval(null, r, null, nextSequence(), config.isCallerSaved(r) ? calls + 2 : 2);
            fixedIntervals[r.number] = it;
        }
        return it;
    }

    private static int priority(LirOp op, Mode m, int i) {
        if (op instanceof JumpOp || op instanceof LabelOp) {
            return Interval.NO_REGISTER; // phi values: resolution moves them wherever they are
        }
        int a = op.allowed(m, i);
        if ((a & LirOp.REG) == 0) {
            throw new RegisterAllocationException("variable operand " + op.get(m, i) + " of " + op + " must allow a register");
        }
        return (a & LirOp.STACK) != 0 ? Interval.SHOULD_HAVE_REGISTER : Interval.MUST_HAVE_REGISTER;
    }

    /** Builds all intervals in one backward pass over the blocks (Wimmer and Franz, BuildIntervals). */
    private void buildIntervals() {
        intervals = new Interval[lir.variableCount()];
        fixedIntervals = new Interval[config.registerLimit()];
        List<Register> callerSaved = new CompilerList<>();
        List<Register> rs = config.allocatableRegisters();
        for (int ri = 0; ri < rs.size(); ri++) {
            Register r = rs.get(ri);
            if (config.isCallerSaved(r)) {
                callerSaved.add(r);
            }
        }
        // Last block first: ranges and use positions arrive in decreasing order.
        for (int li = linear.length - 1; li >= 0; li--) {
            LirBlock block = linear[li];
            int b = block.id();
            int from = blockFrom[b];
            int to = blockLast[b] + 2;
            int[] out = liveness.outVars();
            for (int i = liveness.outStart(b); i < liveness.outEnd(b); i++) {
                interval(lir.variable(out[i])).addRange(from, to);
            }
            CompilerList<LirOp> ops = block.ops();
            for (int k = ops.size() - 1; k >= 0; k--) {
                LirOp op = ops.get(k);
                int p = op.id();
                for (int i = 0; i < op.count(Mode.DEF); i++) {
                    Value v = op.get(Mode.DEF, i);
                    if (v instanceof Variable var) {
                        Interval it = interval(var);
                        it.setDefinition(p);
                        it.addUse(p, priority(op, Mode.DEF, i));
                    } else if (fixed(v) != null) {
                        fixed(v).setDefinition(p);
                    }
                }
                if (op.destroysCallerSavedRegisters()) {
                    for (int ri = 0; ri < callerSaved.size(); ri++) {
                        Register r = callerSaved.get(ri);
                        fixed(r).addRange(p, p + 1);
                    }
                }
                for (int i = 0; i < op.count(Mode.TEMP); i++) {
                    Value v = op.get(Mode.TEMP, i);
                    if (v instanceof Variable var) {
                        Interval it = interval(var);
                        it.addRange(p, p + 1);
                        it.addUse(p, Interval.MUST_HAVE_REGISTER);
                    } else if (fixed(v) != null) {
                        fixed(v).addRange(p, p + 1);
                    }
                }
                for (int i = 0; i < op.count(Mode.ALIVE); i++) {
                    Value v = op.get(Mode.ALIVE, i);
                    if (v instanceof Variable var) {
                        Interval it = interval(var);
                        it.addRange(from, p + 1);
                        it.addUse(p, priority(op, Mode.ALIVE, i));
                    } else if (fixed(v) != null) {
                        fixed(v).addRange(from, p + 1);
                    }
                }
                if (op.state() != null) {
                    // State values are read when the op deoptimizes, after a call returns, or by a GC
                    // during the op: they must survive the op like ALIVE operands, anywhere.
                    for (Value v : op.state().values()) {
                        if (v instanceof Variable var) {
                            Interval it = interval(var);
                            it.addRange(from, p + 1);
                            it.addUse(p, Interval.NO_REGISTER);
                        }
                    }
                }
                for (int i = 0; i < op.count(Mode.USE); i++) {
                    Value v = op.get(Mode.USE, i);
                    if (v instanceof Variable var) {
                        Interval it = interval(var);
                        it.addRange(from, p);
                        it.addUse(p, priority(op, Mode.USE, i));
                    } else if (fixed(v) != null) {
                        fixed(v).addRange(from, p);
                    }
                }
                addHints(op, p);
            }
        }
        for (Interval it : intervals) {
            if (it != null) {
                it.finish();
                stats.intervals++;
            }
        }
        for (Interval it : fixedIntervals) {
            if (it != null) {
                it.finish();
                it.register = it.fixed;
            }
        }
    }

    /** Moves and phi edges suggest a register that would make the move unnecessary. */
    private void addHints(LirOp op, int p) {
        if (op instanceof JumpOp j) {
            LabelOp target = j.target().label();
            for (int i = 0; i < j.count(Mode.USE) && i < target.phiCount(); i++) {
                if (j.get(Mode.USE, i) instanceof Variable x && target.phi(i) instanceof Variable phi) {
                    Interval xi = interval(x);
                    Interval pi = interval(phi);
                    // Blocks are visited last to first: the earliest predecessor's input, the one
                    // allocated before the phi, wins.
                    pi.hint = xi;
                    pi.hintPosition = p - 1;
                    if (xi.hint == null) {
                        xi.hint = pi;
                        xi.hintPosition = blockFrom[j.target().id()];
                    }
                }
            }
        } else if (op instanceof MoveOp && op.count(Mode.DEF) == 1 && op.count(Mode.USE) == 1) {
            Value d = op.get(Mode.DEF, 0);
            Value u = op.get(Mode.USE, 0);
            if (d instanceof Variable dv) {
                Interval ui = u instanceof Variable uv ? interval(uv) : fixed(u);
                if (ui != null) {
                    Interval di = interval(dv);
                    di.hint = ui;
                    di.hintPosition = p - 1;
                }
            } else if (u instanceof Variable uv && fixed(d) != null) {
                Interval ui = interval(uv);
                if (ui.hint == null) {
                    ui.hint = fixed(d);
                }
            }
        }
    }

    private List<Interval> variableIntervals() {
        List<Interval> list = new CompilerList<>();
        for (Interval it : intervals) {
            if (it != null && !it.isEmpty()) {
                list.add(it);
            }
        }
        return list;
    }

    private List<Interval> fixedIntervalList() {
        List<Interval> list = new CompilerList<>();
        for (Interval it : fixedIntervals) {
            if (it != null && !it.isEmpty()) {
                list.add(it);
            }
        }
        return list;
    }

    // Resolution --------------------------------------------------------------------------------------

    /**
     * Moves between the parts of split intervals inside blocks, as parallel moves per position (all
     * parts ending at an odd position hand over to their successors at once), by the index of the op
     * they go before (null: none). Splits at block begins get their moves on the edges instead.
     */
    /**
     * Spill at definition (Wimmer and Mössenböck, VEE 2005, Section 5): a variable is defined once, so
     * once its slot holds it, the slot holds it wherever the variable is live (the definition
     * dominates every such point). For a variable with a spilled part, the slot is written right
     * after its definition (after the label for a phi, where the edges' moves have given it its
     * value) and every other store into it, at a split or on an edge, is left out, if the definition
     * runs no more often than the costliest of those stores by loop depth (a cold block counting
     * least): a value defined outside a loop and spilled inside it, or at a loop's latch, is stored
     * once instead of each iteration. A reference stored so is in every reference map where it is
     * live after the op, in its slot as well as where it is ({@link #liveReferences}), so that a
     * reload after a GC reads the moved object.
     */
    private void chooseSpillStores() {
        int[] cost = new int[blocks.size()];
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock b = blocks.get(bi);
            cost[b.id()] = b.irBlock() != null && b.irBlock().isCold() ? -1 : b.loopDepth();
        }
        int[] storeCost = null;
        for (int v = 0; v < intervals.length; v++) {
            Interval it = intervals[v];
            if (it == null || it.spillSlot == null) {
                continue;
            }
            if (storeCost == null) {
                storeCost = new int[intervals.length];
                ArrayFill.fill(storeCost, Integer.MIN_VALUE);
            }
            for (int i = 1; i < it.partCount(); i++) {
                Interval next = it.part(i);
                if (next.location == it.spillSlot && it.part(i - 1).location != it.spillSlot) {
                    storeCost[v] = IntMath.max(storeCost[v], cost[blockOfPosition(next.splitStart)]);
                }
            }
        }
        if (storeCost == null) {
            return;
        }
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock block = blocks.get(bi);
            int begin = blockFrom[block.id()];
            org.ssajit.util.ReadOnlyList<LirBlock> preds = block.predecessors();
            for (int pi = 0; pi < preds.size(); pi++) {
                LirBlock pred = preds.get(pi);
                int end = blockLast[pred.id()] + 1;
                int edgeCost = IntMath.min(cost[pred.id()], cost[block.id()]);
                int[] in = liveness.inVars();
                for (int li = liveness.inStart(block.id()); li < liveness.inEnd(block.id()); li++) {
                    int v = in[li];
                    Interval it = intervals[v];
                    if (it.spillSlot != null && it.partAt(begin).location == it.spillSlot && it.partAt(end).location != it.spillSlot) {
                        storeCost[v] = IntMath.max(storeCost[v], edgeCost);
                    }
                }
            }
        }
        for (int v = 0; v < intervals.length; v++) {
            Interval it = intervals[v];
            if (it == null || it.spillSlot == null || storeCost[v] == Integer.MIN_VALUE) {
                continue;
            }
            int k = it.splitStart >> 1;
            if ((it.splitStart & 1) != 0 || !(opAt[k] instanceof LabelOp l ? isPhi(l, v) : defines(opAt[k], v)) || k + 1 >= opAt.length
                            || blockOfOp[k + 1] != blockOfOp[k]) {
                continue; // no op after the definition in its block
            }
            if (it.location == it.spillSlot || cost[blockOfOp[k]] <= storeCost[v]) {
                if (storedAtDefinition == null) {
                    storedAtDefinition = new boolean[intervals.length];
                }
                storedAtDefinition[v] = true;
                stats.storesAtDefinition++;
            }
        }
    }

    private static boolean isPhi(LabelOp l, int variable) {
        for (int i = 0; i < l.phiCount(); i++) {
            if (l.phi(i) instanceof Variable v && v.index() == variable) {
                return true;
            }
        }
        return false;
    }

    /** Whether the move of {@code it}'s variable from {@code src} to {@code dst} is a store left out ({@link #chooseSpillStores}). */
    private boolean storeLeftOut(Interval it, AllocatableValue dst, AllocatableValue src) {
        Interval p = it.parent;
        return storedAtDefinition != null && p.variable != null && storedAtDefinition[p.variable.index()] && dst == p.spillSlot && src != dst;
    }

    private List<LirOp>[] splitMoves() {
        ParallelMove[] atOp = null;
        for (Interval it : intervals) {
            if (it == null || it.partCount() < 2) {
                continue;
            }
            for (int i = 1; i < it.partCount(); i++) {
                Interval prev = it.part(i - 1);
                Interval next = it.part(i);
                int s = next.splitStart;
                if (next.from() == s && !isBlockBegin(s) && !storeLeftOut(it, next.location, prev.location)) {
                    if (atOp == null) {
                        atOp = new ParallelMove[opAt.length + 1];
                    }
                    // An odd position s lies right before op (s + 1) / 2.
                    int k = (s + 1) >> 1;
                    if (atOp[k] == null) {
                        atOp[k] = new ParallelMove(this);
                    }
                    atOp[k].add(next.location, prev.location);
                }
            }
        }
        if (storedAtDefinition != null) {
            for (int v = 0; v < intervals.length; v++) {
                Interval it = intervals[v];
                if (storedAtDefinition[v] && it.location != it.spillSlot) {
                    if (atOp == null) {
                        atOp = new ParallelMove[opAt.length + 1];
                    }
                    int k = (it.splitStart >> 1) + 1; // the op after the definition: its block's, chooseSpillStores made sure
                    if (atOp[k] == null) {
                        atOp[k] = new ParallelMove(this);
                    }
                    atOp[k].add(it.spillSlot, it.location);
                }
            }
        }
        @SuppressWarnings("unchecked")
        List<LirOp>[] before = new List[opAt.length + 1];
        if (atOp != null) {
            for (int k = 0; k < atOp.length; k++) {
                if (atOp[k] != null && !atOp[k].isEmpty()) {
                    // No liveness at hand here: a cycle (rare) goes through a scratch stack slot.
                    before[k] = atOp[k].sequence(null, null);
                }
            }
        }
        return before;
    }

    /**
     * Data-flow resolution (Wimmer and Franz, Section 5): on every edge, each variable live into the
     * successor moves from where it is at the predecessor's end to where it is at the successor's begin,
     * and each phi gets its input, all as one parallel move. It goes before the predecessor's jump if
     * that block has one successor, else after the successor's label (critical edges are split).
     */
    private void resolveEdges(List<List<LirOp>> inEdge, List<List<LirOp>> outEdge) {
        for (int b = 0; b < blocks.size(); b++) {
            inEdge.add(null);
            outEdge.add(null);
        }
        // Per register number: the kind of the value it holds after an edge's moves (null: none), and
        // whether it holds a live value before them; reset after each edge.
        LirKind[] busyAfter = new LirKind[config.registerLimit()];
        boolean[] busyBefore = new boolean[config.registerLimit()];
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock block = blocks.get(bi);
            int b = block.id();
            int begin = blockFrom[b];
            LabelOp label = block.label();
            org.ssajit.util.ReadOnlyList<LirBlock> preds = block.predecessors();
            for (int pi0 = 0; pi0 < preds.size(); pi0++) {
                LirBlock pred = preds.get(pi0);
                int p = pred.id();
                int end = blockLast[p] + 1;
                ParallelMove pm = new ParallelMove(this);
                int[] in = liveness.inVars();
                for (int li = liveness.inStart(b); li < liveness.inEnd(b); li++) {
                    int v = in[li];
                    stats.resolutionWork++;
                    Interval it = intervals[v];
                    AllocatableValue src = it.partAt(end).location;
                    AllocatableValue dst = it.partAt(begin).location;
                    if (storeLeftOut(it, dst, src)) {
                        continue;
                    }
                    pm.add(dst, src);
                    busy(src, null, busyBefore, null);
                    busy(dst, it.kind, busyBefore, busyAfter);
                }
                if (label.phiCount() > 0) {
                    if (!(pred.last() instanceof JumpOp j) || j.target() != block || j.count(Mode.USE) != label.phiCount()) {
                        throw new RegisterAllocationException(pred + " passes no phi values to " + block);
                    }
                    for (int i = 0; i < label.phiCount(); i++) {
                        stats.resolutionWork++;
                        Interval pi = intervals[((Variable) label.phi(i)).index()];
                        if (pi.partCount() == 1 && pi.to() <= begin + 1) {
                            continue; // a phi nobody reads
                        }
                        AllocatableValue dst = pi.partAt(begin).location;
                        Value x = j.get(Mode.USE, i);
                        if (x instanceof Variable xv) {
                            AllocatableValue src = intervals[xv.index()].partAt(blockLast[p] - 1).location;
                            pm.add(dst, src);
                            busy(src, null, busyBefore, null);
                        } else if (x instanceof ConstantValue c) {
                            pm.addLoad(dst, c);
                        } else if (x instanceof AllocatableValue fixedLocation) {
                            pm.add(dst, fixedLocation);
                            busy(fixedLocation, null, busyBefore, null);
                        } else {
                            throw new RegisterAllocationException("phi value " + x + " of " + pred);
                        }
                        busy(dst, pi.kind, busyBefore, busyAfter);
                    }
                }
                if (!pm.isEmpty()) {
                    List<LirOp> seq = pm.sequence(busyBefore, busyAfter);
                    if (pred.successors().size() == 1 && pred.last() instanceof JumpOp) {
                        outEdge.set(p, append(outEdge.get(p), seq));
                    } else if (block.predecessors().size() == 1) {
                        inEdge.set(b, append(inEdge.get(b), seq));
                    } else {
                        throw new RegisterAllocationException("no place for the moves of edge " + pred + " -> " + block + ": " + pred.last()
                                        + " is not a jump and the edge is critical");
                    }
                }
                ArrayFill.fill(busyBefore, false);
                ArrayFill.fill(busyAfter, null);
            }
        }
    }

    private static void busy(AllocatableValue loc, LirKind kind, boolean[] before, LirKind[] after) {
        int key = Locations.key(loc);
        if (Locations.isRegisterKey(key)) {
            before[key] = true;
            if (after != null) {
                after[key] = kind;
            }
        }
    }

    private static List<LirOp> append(List<LirOp> list, List<LirOp> more) {
        List<LirOp> l = list == null ? new CompilerList<>() : list;
        l.addAll(more);
        return l;
    }

    // Rewriting -------------------------------------------------------------------------------------

    private AllocatableValue location(Variable v, int pos) {
        Interval it = intervals[v.index()];
        AllocatableValue loc = it == null ? null : it.partAt(pos).location;
        if (loc == null) {
            throw new IllegalStateException("no location for " + v + " at " + pos);
        }
        return loc;
    }

    /**
     * Replaces every variable by its location at the op (a USE at {@code p} is read at {@code p - 1},
     * where the moves before the op have run), clears phi operands and records live references.
     */
    private void rewrite() {
        Bits live = new Bits(lir.variableCount());
        List<Value> refs = new CompilerList<>();
        for (int bi = 0; bi < blocks.size(); bi++) {
            LirBlock block = blocks.get(bi);
            live.clear();
            int[] out = liveness.outVars();
            for (int i = liveness.outStart(block.id()); i < liveness.outEnd(block.id()); i++) {
                live.set(out[i]);
            }
            CompilerList<LirOp> ops = block.ops();
            for (int k = ops.size() - 1; k >= 0; k--) {
                LirOp op = ops.get(k);
                int p = op.id();
                if (op.state() != null) {
                    refs.clear();
                    seenReferences.clear();
                    liveReferences(op, p, live, refs);
                    op.state().setLiveReferences(refs);
                }
                for (Mode m : WRITES_DEF_FIRST) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof Variable v) {
                            live.clear(v.index());
                        }
                    }
                }
                for (Mode m : READS) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof Variable v) {
                            live.set(v.index());
                        }
                    }
                }
                if (op.state() != null) {
                    Value[] values = op.state().values();
                    for (int i = 0; i < values.length; i++) {
                        if (values[i] instanceof Variable v) {
                            live.set(v.index());
                            values[i] = location(v, p);
                        }
                    }
                }
                if (op instanceof LabelOp l) {
                    l.clearPhis();
                    continue;
                }
                if (op instanceof JumpOp j) {
                    j.clearPhiValues();
                    continue;
                }
                for (Mode m : MODES) {
                    int at = m == Mode.USE ? p - 1 : p;
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof Variable v) {
                            op.set(m, i, location(v, at));
                        }
                    }
                }
            }
        }
    }

    /**
     * Adds to {@code refs} the references a GC during {@code op} must update: variables live across the
     * op (live after it and not defined by it), its ALIVE operands and its state values, at their
     * locations during the op, each location once.
     */
    private void liveReferences(LirOp op, int p, Bits liveAfter, List<Value> refs) {
        for (int v = liveAfter.nextSetBit(0); v >= 0; v = liveAfter.nextSetBit(v + 1)) {
            if (!defines(op, v)) {
                Variable var = lir.variable(v);
                addReference(var, p, refs);
                if (storedAtDefinition != null && storedAtDefinition[v] && var.kind().isReference()
                                && seenReferences.add(Locations.key(intervals[v].spillSlot))) {
                    // Read again later: a GC must update the slot too, wherever the value is now.
                    refs.add(intervals[v].spillSlot);
                }
            }
        }
        for (int i = 0; i < op.count(Mode.ALIVE); i++) {
            if (op.get(Mode.ALIVE, i) instanceof Variable v) {
                addReference(v, p, refs);
            }
        }
        for (Value v : op.state().values()) {
            if (v instanceof Variable var) {
                addReference(var, p, refs);
            }
        }
    }

    private static boolean defines(LirOp op, int variable) {
        for (int i = 0; i < op.count(Mode.DEF); i++) {
            if (op.get(Mode.DEF, i) instanceof Variable v && v.index() == variable) {
                return true;
            }
        }
        return false;
    }

    /** The location keys in the references list {@link #rewrite} is making. */
    private final org.ssajit.util.IntSet seenReferences = new org.ssajit.util.IntSet();

    /** Adds {@code v}'s location at {@code p} to {@code refs} if it holds a reference and is not there yet. */
    private void addReference(Variable v, int p, List<Value> refs) {
        if (v.kind().isReference()) {
            AllocatableValue loc = location(v, p);
            if (seenReferences.add(Locations.key(loc))) {
                refs.add(loc);
            }
        }
    }

    private void insertMoves(List<LirOp>[] splitMoves, List<List<LirOp>> inEdge, List<List<LirOp>> outEdge) {
        for (int blockIndex = 0; blockIndex < blocks.size(); blockIndex++) {
            LirBlock block = blocks.get(blockIndex);
            int b = block.id();
            CompilerList<LirOp> ops = block.ops();
            List<LirOp> in = inEdge.get(b);
            List<LirOp> out = outEdge.get(b);
            boolean any = in != null || out != null;
            for (int k = 1; k < ops.size() && !any; k++) {
                any = splitMoves[firstOpOfBlock[b] + k] != null;
            }
            if (!any) {
                continue;
            }
            List<LirOp> result = new CompilerList<>(ops.size() + 8);
            int last = ops.size() - 1;
            for (int k = 0; k <= last; k++) {
                if (k == 1 && in != null) {
                    result.addAll(in); // edge moves define the locations at the block begin
                }
                List<LirOp> split = splitMoves[firstOpOfBlock[b] + k];
                if (split != null) {
                    result.addAll(split);
                }
                if (k == last && out != null) {
                    result.addAll(out); // read the locations at the block end, after any split there
                }
                result.add(ops.get(k));
            }
            ops.clear();
            ops.addAll(result);
        }
    }
}
