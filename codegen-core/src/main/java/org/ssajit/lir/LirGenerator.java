package org.ssajit.lir;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Loops;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Undefined;
import org.ssajit.util.IntMath;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * Lowers an SSA graph to LIR; the target selects instructions through the abstract hooks.
 *
 * <p>What is decided here, for every target:
 * <ul>
 * <li>the emission order: reverse postorder over normal control flow, each loop's blocks together after
 * its header, {@linkplain org.ssajit.ir.Block#isCold cold} blocks (slow paths) moved to its end. Exception edges are not
 * followed: compiled code deoptimizes where an exception would be raised, and the interpreter
 * dispatches to the handler, so blocks reached only by exception edges are not generated;</li>
 * <li>critical edges (from a block with several successors to one with several predecessors) get a
 * block of their own, so the register allocator always has a place for edge moves; so does every
 * edge from a branch or switch into a block with phis, so that phi values always come from a
 * {@link JumpOp};</li>
 * <li>every SSA value gets an LIR operand: a {@link Variable} for phis, instructions and parameters,
 * a {@link ConstantValue} for constants (the target decides how to materialize them);</li>
 * <li>phis become the definitions of each block's {@link LabelOp}, and their inputs the uses of the
 * predecessors' {@link JumpOp}s;</li>
 * <li>frame states become {@link LirFrameState}s over the same operands.</li>
 * </ul>
 */
public abstract class LirGenerator {
    protected final Graph ir;
    protected final LirGraph lir;
    protected final Architecture architecture;
    private final Value[] operands;
    /** The LIR block of each generated block, by block id. */
    private final LirBlock[] lirBlockOf;
    /**
     * The edges that get a block of their own, by the id of the block they leave: a short list each
     * (one entry per such successor); an edge's block is null until the branch first names the edge.
     */
    private final Edge[] edgesFrom;
    /** The edge each block splitting an edge splits, by LIR block id (null for the others). */
    private Edge[] edgeOf = new Edge[16];
    private LirBlock current;
    private Block currentIr;

    /** An edge that gets a block of its own, and that block once made; {@code next}: the next edge from the same block. */
    private static final class Edge {
        final Block from;
        final Block to;
        LirBlock block;
        final Edge next;

        Edge(Block from, Block to, Edge next) {
            this.from = from;
            this.to = to;
            this.next = next;
        }
    }

    /** The edge from {@code from} to {@code to} that gets a block of its own, or null. */
    private Edge edge(Block from, Block to) {
        for (Edge e = edgesFrom[from.id()]; e != null; e = e.next) {
            if (e.to == to) {
                return e;
            }
        }
        return null;
    }

    protected LirGenerator(Graph ir, Architecture architecture, FrameMap frameMap) {
        this.ir = ir;
        this.architecture = architecture;
        this.lir = new LirGraph(ir, frameMap);
        this.operands = new Value[ir.valueIdLimit()];
        this.lirBlockOf = new LirBlock[ir.blockIdLimit()];
        this.edgesFrom = new Edge[ir.blockIdLimit()];
    }

    public LirGraph lir() {
        return lir;
    }

    /** Builds the whole LIR. */
    public LirGraph generate() {
        List<Block> order = emissionOrder();
        Loops loops = ir.loops();
        // Blocks first (phis need variables before any predecessor jumps to them).
        for (int i = 0; i < order.size(); i++) {
            Block b = order.get(i);
            LirBlock lb = lir.newBlock(b);
            lb.setLoopDepth(loops.depth(b));
            lb.setLoop(loops.innermost(b));
            lirBlockOf[b.id()] = lb;
            for (Phi p : b.phis()) {
                operands[p.id()] = lir.newVariable(kindOf(p.kind()));
            }
        }
        for (Block b : order) {
            List<Block> succs = b.terminator().targets();
            for (Block s : succs) {
                // A block with phis also needs a jump from each predecessor to carry the phi values,
                // even when it has a single generated predecessor (the others only reachable through
                // exception handlers, which are not generated).
                boolean phisFromBranch = !s.phis().isEmpty() && !(b.terminator() instanceof Goto);
                if ((succs.size() > 1 && normalPredecessorCount(s) > 1 || phisFromBranch) && edge(b, s) == null) {
                    edgesFrom[b.id()] = new Edge(b, s, edgesFrom[b.id()]); // its block is created below, in order
                }
            }
        }
        for (Block b : order) {
            ir.faults().point("LIR generation");
            current = lirBlockOf[b.id()];
            currentIr = b;
            Variable[] phis = new Variable[b.phis().size()];
            for (int i = 0; i < phis.length; i++) {
                phis[i] = (Variable) operands[b.phis().get(i).id()];
            }
            append(new LabelOp(current, phis));
            if (b == ir.entry()) {
                for (Parameter p : ir.parameters()) {
                    operands[p.id()] = lir.newVariable(kindOf(p.kind()));
                }
                emitEntry(ir.parameters());
            }
            for (Instruction i : b.instructions()) {
                emitInstruction(i);
            }
            emitTerminator(b.terminator());
        }
        // Edge blocks come after all others, in the order branches named them: a label and a jump
        // carrying the phi values of the edge.
        for (LirBlock eb : CompilerList.copyOf(lir.blocks())) {
            Edge e = eb.id() < edgeOf.length ? edgeOf[eb.id()] : null;
            if (e == null) {
                continue;
            }
            current = eb;
            currentIr = null;
            append(new LabelOp(eb, new Variable[0]));
            append(new JumpOp(lirBlockOf[e.to.id()], phiValues(e.from, e.to)));
            lir.addEdge(eb, lirBlockOf[e.to.id()]);
        }
        return lir;
    }

    /**
     * Reverse postorder over normal edges (exception edges are not followed; see the class comment),
     * each loop contiguous ({@link #loopsContiguous}), cold blocks moved last.
     */
    private List<Block> emissionOrder() {
        List<Block> post = new CompilerList<>();
        boolean[] seen = new boolean[ir.blockIdLimit()];
        Block[] stack = new Block[ir.blockIdLimit()];
        int[] next = new int[ir.blockIdLimit()];
        int depth = 0;
        stack[depth++] = ir.entry();
        seen[ir.entry().id()] = true;
        while (depth > 0) {
            int top = depth - 1;
            Block b = stack[top];
            List<Block> succ = b.terminator().targets();
            int k = next[top];
            if (k < succ.size()) {
                next[top] = k + 1;
                Block t = succ.get(k);
                if (!seen[t.id()]) {
                    seen[t.id()] = true;
                    stack[depth] = t;
                    next[depth] = 0;
                    depth++;
                }
            } else {
                post.add(b);
                depth--;
            }
        }
        List<Block> rpo = new CompilerList<>(post.size());
        List<Block> cold = new CompilerList<>();
        for (Block b : loopsContiguous(post, seen)) {
            // Cold blocks last: the linear order the register allocator walks then has the paths that
            // run first, and a value live across a cold block's call is split and saved inside it.
            (b.isCold() && movesLast(b) ? cold : rpo).add(b);
        }
        rpo.addAll(cold);
        reachable = seen;
        return rpo;
    }

    /**
     * Whether cold block {@code b} can go after every other block: what it defines is used in it or
     * by phis along the edges out of it only (after the merges threading and phi elimination leave, a
     * call's result may be used directly in the one block after it; a phi that takes the value along
     * an edge from a block {@code b} dominates needs it before that block's jump), and each successor
     * has a predecessor that is not cold, which comes before it.
     */
    private static boolean movesLast(Block b) {
        for (Phi phi : b.phis()) {
            if (!usedOnlyInOrAfter(b, phi)) {
                return false;
            }
        }
        for (Instruction i : b.instructions()) {
            if (!usedOnlyInOrAfter(b, i)) {
                return false;
            }
        }
        for (Block s : b.terminator().targets()) {
            boolean warmPredecessor = false;
            for (Block p : s.predecessors()) {
                warmPredecessor |= !p.isCold();
            }
            if (!warmPredecessor) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code v}, defined in {@code b}, is used in {@code b} or on the edges out of it only. */
    private static boolean usedOnlyInOrAfter(Block b, org.ssajit.ir.Value v) {
        for (org.ssajit.ir.Node u : v.users()) {
            if (!(u instanceof Phi p && onlyAlongEdgesFrom(b, p, v) || u instanceof Instruction x && x.block() == b || u == b.terminator())) {
                return false;
            }
        }
        return true;
    }

    /** Whether phi {@code p} takes {@code v} only along edges from {@code b}. */
    private static boolean onlyAlongEdgesFrom(Block b, Phi p, org.ssajit.ir.Value v) {
        List<Block> predecessors = p.block().predecessors();
        for (int k = 0; k < p.operandCount(); k++) {
            if (p.operand(k) == v && predecessors.get(k) != b) {
                return false;
            }
        }
        return true;
    }

    /**
     * The reverse of {@code post} (a postorder of the blocks {@code seen}), each loop's blocks moved
     * up to follow its header at once, in the same relative order: a path that leaves the loop (its
     * exit's code, a call there) comes after the loop, not between its body and its latch, where the
     * register allocator would split the values the loop carries around it and reload them on every
     * iteration. Every block still follows its dominator. Irreducible graphs keep the plain order.
     */
    private List<Block> loopsContiguous(List<Block> post, boolean[] seen) {
        int n = post.size();
        List<Block> rpo = new CompilerList<>(n);
        for (int i = n - 1; i >= 0; i--) {
            rpo.add(post.get(i));
        }
        Loops loops = ir.loops();
        if (loops.loops().isEmpty() || !loops.isReducible()) {
            return rpo;
        }
        int[] index = new int[ir.blockIdLimit()];
        for (int i = 0; i < n; i++) {
            index[rpo.get(i).id()] = i;
        }
        List<Block> order = new CompilerList<>(n);
        boolean[] placed = new boolean[ir.blockIdLimit()];
        for (int i = 0; i < n; i++) {
            place(rpo.get(i), loops, index, seen, placed, order);
        }
        return order;
    }

    private static void place(Block b, Loops loops, int[] index, boolean[] seen, boolean[] placed, List<Block> order) {
        if (placed[b.id()]) {
            return;
        }
        placed[b.id()] = true;
        order.add(b);
        Loop l = loops.loopHeadedBy(b);
        if (l == null) {
            return;
        }
        List<Block> body = new CompilerList<>(l.blocks().size());
        for (Block x : l.blocks()) {
            if (x != b && seen[x.id()]) {
                body.add(x);
            }
        }
        body.sort((x, y) -> IntMath.compare(index[x.id()], index[y.id()]));
        for (Block x : body) {
            place(x, loops, index, seen, placed, order); // an inner loop's header places its body first
        }
    }

    /** The blocks reached from the entry by normal edges, by block id. */
    private boolean[] reachable;

    /** Predecessors that reach {@code b} by a normal edge from generated code. */
    private int normalPredecessorCount(Block b) {
        int n = 0;
        for (Block p : b.predecessors()) {
            if (reachable[p.id()] && p.terminator().targets().contains(b)) {
                n++;
            }
        }
        return n;
    }

    // Terminators ----------------------------------------------------------------------------------

    private void emitTerminator(Terminator t) {
        if (t.isSafepoint()) {
            emitLoopSafepoint(state(t.state(), false));
        }
        // Tests, not a switch on the type: that links through java.lang.invoke (SwitchBootstraps), whose
        // code, slow while the compiler still runs in the interpreter, then ran for every block.
        if (t instanceof Goto g) {
            jumpTo(g.target());
        } else if (t instanceof If f) {
            emitIf(f, target(f.trueTarget()), target(f.falseTarget()));
        } else if (t instanceof Switch s) {
            LirBlock[] keyTargets = new LirBlock[s.keyCount()];
            for (int i = 0; i < keyTargets.length; i++) {
                keyTargets[i] = target(s.keyTarget(i));
            }
            emitSwitch(s, keyTargets, target(s.defaultTarget()));
        } else if (t instanceof Return r) {
            emitReturn(r);
        } else {
            emitThrow((Throw) t);
        }
    }

    /** Ends the current block with a jump to {@code succ}, passing the values of its phis. */
    protected final void jumpTo(Block succ) {
        LirBlock t = target(succ);
        append(new JumpOp(t, t.irBlock() == succ ? phiValues(currentIr, succ) : new Value[0]));
    }

    /**
     * The LIR block control goes to from the current block towards {@code succ}: the successor's block,
     * or the block splitting the edge if it is critical. Records the CFG edge.
     */
    protected final LirBlock target(Block succ) {
        Edge e = edge(currentIr, succ);
        LirBlock t;
        if (e != null) {
            t = e.block;
            if (t == null) {
                t = lir.newBlock(null);
                t.setLoopDepth(lirBlockOf[succ.id()].loopDepth());
                Loop l = ir.loops().innermost(succ);
                while (l != null && !l.contains(currentIr)) {
                    l = l.parent();
                }
                t.setLoop(l);
                e.block = t;
                if (t.id() >= edgeOf.length) {
                    edgeOf = org.ssajit.util.CompilerArrays.copyOf(edgeOf, IntMath.max(t.id() + 1, 2 * edgeOf.length));
                }
                edgeOf[t.id()] = e;
            }
        } else {
            t = lirBlockOf[succ.id()];
        }
        if (!current.successors().contains(t)) {
            lir.addEdge(current, t);
        }
        return t;
    }

    private Value[] phiValues(Block from, Block to) {
        int index = to.predecessorIndex(from);
        Value[] v = new Value[to.phis().size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = operand(to.phis().get(i).operand(index));
        }
        return v;
    }

    // Operands -------------------------------------------------------------------------------------

    /** The LIR operand of an SSA value: its variable, or the constant itself. */
    protected final Value operand(org.ssajit.ir.Value v) {
        if (v instanceof Constant c) {
            return new ConstantValue(kindOf(c.kind()), c.value());
        }
        if (v instanceof Undefined u) {
            // Only in data flow no execution reaches (verified bytecode never reads an unassigned local).
            return new ConstantValue(kindOf(u.kind()), JavaConstant.defaultForKind(u.kind()));
        }
        Value op = operands[v.id()];
        if (op == null) {
            throw new IllegalStateException("no operand for " + v + " (used before lowered)");
        }
        return op;
    }

    /** Records the result of lowering {@code i}. */
    protected final void setResult(Instruction i, Value result) {
        operands[i.id()] = result;
    }

    protected final Variable newVariable(JavaKind kind) {
        return lir.newVariable(kindOf(kind));
    }

    protected final Variable newVariable(LirKind kind) {
        return lir.newVariable(kind);
    }

    /** The LIR kind of an SSA kind: the architecture's machine kind; references are marked as such. */
    protected LirKind kindOf(JavaKind kind) {
        LirKind k = kinds[kind.ordinal()];
        if (k == null) {
            k = new LirKind(architecture.getPlatformKind(kind.getStackKind()), kind == JavaKind.Object);
            kinds[kind.ordinal()] = k;
        }
        return k;
    }

    /** {@link #kindOf} by JavaKind ordinal, made once (LIR kinds are immutable values). */
    private final LirKind[] kinds = new LirKind[JavaKind.values().length];

    /**
     * The registers of the C convention's arguments of {@code kinds}, for a leaf of the VM returning
     * {@code resultKind} (a C function or a stub with its convention); {@code what} names it in the
     * error if an argument would go on the stack.
     */
    protected final jdk.vm.ci.code.RegisterValue[] cArgumentRegisters(jdk.vm.ci.code.RegisterConfig registers, jdk.vm.ci.meta.MetaAccessProvider metaAccess,
                    JavaKind[] kinds, JavaKind resultKind, String what) {
        jdk.vm.ci.meta.JavaType[] types = new jdk.vm.ci.meta.JavaType[kinds.length];
        for (int k = 0; k < kinds.length; k++) {
            types[k] = metaAccess.lookupJavaType(kinds[k].toJavaClass());
        }
        jdk.vm.ci.code.ValueKindFactory<LirKind> lirKinds = this::kindOf;
        jdk.vm.ci.code.CallingConvention cc = registers.getCallingConvention(jdk.vm.ci.hotspot.HotSpotCallingConventionType.NativeCall,
                        metaAccess.lookupJavaType(resultKind.toJavaClass()), types, lirKinds);
        jdk.vm.ci.code.RegisterValue[] args = new jdk.vm.ci.code.RegisterValue[kinds.length];
        for (int k = 0; k < kinds.length; k++) {
            if (!(cc.getArgument(k) instanceof jdk.vm.ci.code.RegisterValue r)) {
                throw new IllegalStateException(what + ": C argument " + k + " is not in a register: " + cc);
            }
            args[k] = r;
        }
        return args;
    }

    /** The frame state in LIR operands, its callers' states (an inlined method's) after its own inputs. */
    protected final LirFrameState state(FrameState fs, boolean duringCall) {
        if (fs.locksSize() > 0) {
            // Each lock the state holds has its slot, also one escape analysis eliminated (no LOCK reserves it).
            lir.frameMap().reserveMonitorSlots(fs.outerLocks() + fs.locksSize());
        }
        Value[] vals = new Value[LirFrameState.inputCount(fs)];
        int k = 0;
        for (FrameState f = fs; f != null; f = f.outer()) {
            for (int i = 0; i < f.inputCount(); i++) {
                org.ssajit.ir.Value v = f.input(i);
                vals[k++] = v == null ? null : v instanceof org.ssajit.ir.VirtualInstance o ? new VirtualObjectOperand(kindOf(JavaKind.Object), o) : operand(v);
            }
        }
        return new LirFrameState(fs, vals, duringCall);
    }

    public final void append(LirOp op) {
        current.ops().add(op);
    }

    protected final LirBlock currentBlock() {
        return current;
    }

    // Target hooks -----------------------------------------------------------------------------------

    /** Moves the incoming arguments from their calling-convention locations into their variables ({@link #operand}). */
    protected abstract void emitEntry(List<Parameter> parameters);

    /** Selects instructions for one SSA instruction; calls {@link #setResult} if it has a value. */
    protected abstract void emitInstruction(Instruction i);

    protected abstract void emitIf(If branch, LirBlock trueTarget, LirBlock falseTarget);

    protected abstract void emitSwitch(Switch s, LirBlock[] keyTargets, LirBlock defaultTarget);

    protected abstract void emitReturn(Return r);

    protected abstract void emitThrow(Throw t);

    /** A safepoint poll at a loop's back edge, with the state of the branch that carries it. */
    protected abstract void emitLoopSafepoint(LirFrameState state);
}
