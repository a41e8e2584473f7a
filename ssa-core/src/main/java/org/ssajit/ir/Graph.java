package org.ssajit.ir;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.ssajit.debug.FaultInjection;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * One method in SSA form: a control-flow graph of {@link Block}s whose first block is the entry.
 *
 * <p>Constants, parameters and undefined values are graph-level values: they belong to no block and
 * dominate every use. Constants are interned, so equal constants are the same value.
 */
public final class Graph {
    private final ResolvedJavaMethod method;
    private final CompilerList<Block> blocks = new CompilerList<>();
    private final org.ssajit.util.ReadOnlyList<Block> blocksView = new org.ssajit.util.ReadOnlyList<>(blocks);
    private final Map<JavaConstant, Constant> constants = new CompilerMap<>();
    private final Map<JavaKind, Undefined> undefined = new EnumMap<>(JavaKind.class);
    private final List<Parameter> parameters = new CompilerList<>();
    private final int osrBci;
    private int osrLocks;
    private int valueIds;
    private int blockIds;
    private boolean lowered;
    private jdk.vm.ci.meta.Constant initializationBarrier;
    /** The loop analysis of the current control flow; null until asked for, and after every change to it. */
    private Loops loops;

    /** The fault injector of the compiler this graph is compiled by: every phase's injection points use it. */
    private final FaultInjection faults;

    public Graph(ResolvedJavaMethod method) {
        this(method, -1);
    }

    /** A graph no fault is injected into. */
    public Graph(ResolvedJavaMethod method, int osrBci) {
        this(method, osrBci, FaultInjection.NONE);
    }

    /**
     * @param osrBci -1 for a graph of the whole method, or the bci of the loop header where an
     *            on-stack-replacement compile is entered: its entry block reads the live locals
     *            ({@link Op#OSR_LOCAL}) and jumps there; the graph has no parameters
     * @param faults the compiler's fault injector, whose points every phase of this graph's compile
     *            passes (from the parser to the back end's emission)
     */
    public Graph(ResolvedJavaMethod method, int osrBci, FaultInjection faults) {
        this.method = method;
        this.osrBci = osrBci;
        this.faults = org.ssajit.util.Nulls.requireNonNull(faults);
    }

    /** The fault injector of this graph's compile ({@link FaultInjection#NONE} unless a compiler with faults built it). */
    public FaultInjection faults() {
        return faults;
    }

    public ResolvedJavaMethod method() {
        return method;
    }

    private boolean unsafeAccess;

    /** Records that the graph accesses memory through {@code Unsafe} ({@link Op#UNSAFE_READ}, {@link Op#UNSAFE_WRITE}, {@link Op#UNSAFE_CAS}). */
    public void noteUnsafeAccess() {
        unsafeAccess = true;
    }

    /**
     * Whether the graph accessed memory through {@code Unsafe} (also after the lowering made the
     * accesses reads and writes): HotSpot then turns a bus error in the code (a mapped file cut short)
     * into an {@code InternalError}, as it does in the native.
     */
    public boolean hasUnsafeAccess() {
        return unsafeAccess;
    }

    /** Methods whose bytecode was parsed into this graph besides {@link #method()} (inlined), each once. */
    private final List<ResolvedJavaMethod> inlinedMethods = new CompilerList<>();

    public List<ResolvedJavaMethod> inlinedMethods() {
        return Collections.unmodifiableList(inlinedMethods);
    }

    private int inlinedCalls;

    /** Calls whose callee was parsed into this graph (a method inlined at two calls counts twice). */
    public int inlinedCallCount() {
        return inlinedCalls;
    }

    private int inlinedByProfile;

    /** Of the {@link #inlinedCallCount() inlined calls}, those inlined for a receiver class a call's profile saw, behind a test of that class. */
    public int inlinedByProfileCount() {
        return inlinedByProfile;
    }

    /** Records that the last call counted was inlined for a profiled receiver class. */
    public void countInlinedByProfile() {
        inlinedByProfile++;
    }

    private int untakenBranchTraps;

    /** How many allocations escape analysis left out of this graph. */
    public int unallocatedCount() {
        return unallocated;
    }

    /** Records that escape analysis left {@code n} allocations out. */
    public void countUnallocated(int n) {
        unallocated += n;
    }

    private int unallocated;

    /** How many sides of branches the parser made deoptimizations because the profile never saw them taken. */
    public int untakenBranchTrapCount() {
        return untakenBranchTraps;
    }

    /** Counts one such side ({@link #untakenBranchTrapCount}). */
    public void countUntakenBranchTrap() {
        untakenBranchTraps++;
    }

    private int unrolledLoops;

    /** How many loops {@link org.ssajit.opt.LoopUnrolling} unrolled. */
    public int unrolledLoopCount() {
        return unrolledLoops;
    }

    /** Counts one unrolled loop ({@link #unrolledLoopCount}). */
    public void countUnrolledLoop() {
        unrolledLoops++;
    }

    private int receiverTraps;

    /** How many calls inlined for their profiled receiver classes deoptimize for other receivers instead of calling. */
    public int receiverTrapCount() {
        return receiverTraps;
    }

    /** Counts one such call ({@link #receiverTrapCount}). */
    public void countReceiverTrap() {
        receiverTraps++;
    }

    private final List<InliningDecision> inliningDecisions = new CompilerList<>();

    /** Every call the inliner was asked about, in parse order: a callee's calls right after the call that inlined it. */
    public List<InliningDecision> inliningDecisions() {
        return Collections.unmodifiableList(inliningDecisions);
    }

    public void recordInliningDecision(InliningDecision d) {
        inliningDecisions.add(d);
    }

    private int inlinedBytecodes;

    /**
     * The bytecode bytes of the inlined calls' callees, a callee inlined at two calls counted twice:
     * what HotSpot adds to the method's own bytecode in its compile statistics ({@code -XX:+CITime}),
     * as it does for C2.
     */
    public int inlinedBytecodeCount() {
        return inlinedBytecodes;
    }

    /** Records that {@code m}'s bytecode was parsed into this graph at one more call. */
    public void countInlinedCall(ResolvedJavaMethod m) {
        inlinedCalls++;
        inlinedBytecodes += m.getCodeSize();
        addInlinedMethod(m);
    }

    /** Records that {@code m}'s bytecode was parsed into this graph (HotSpot must know, for class redefinition and breakpoints). */
    public void addInlinedMethod(ResolvedJavaMethod m) {
        if (!m.equals(method) && !inlinedMethods.contains(m)) {
            inlinedMethods.add(m);
        }
    }

    /** What the graph assumes about the class hierarchy (inlining by class-hierarchy analysis), each once. */
    private final java.util.Set<jdk.vm.ci.meta.Assumptions.Assumption> assumptions = new CompilerSet<>();

    /**
     * The assumptions the code made from this graph holds only while they hold: the installer hands them
     * to HotSpot, which checks them at installation and deoptimizes the code when a class loaded later
     * breaks one.
     */
    public List<jdk.vm.ci.meta.Assumptions.Assumption> assumptions() {
        return CompilerList.copyOf(assumptions);
    }

    public void recordAssumption(jdk.vm.ci.meta.Assumptions.Assumption a) {
        assumptions.add(org.ssajit.util.Nulls.requireNonNull(a));
    }

    /** The bci where an on-stack-replacement compile is entered, or -1. */
    /** How many monitors the interpreter frame holds at the OSR entry (0 for a whole-method graph). */
    public int osrLocks() {
        return osrLocks;
    }

    public void setOsrLocks(int n) {
        if (!isOsr() || n < 0) {
            throw new IllegalArgumentException(n + " OSR locks in " + (isOsr() ? "an OSR graph" : "a whole-method graph"));
        }
        osrLocks = n;
    }

    public int osrBci() {
        return osrBci;
    }

    public boolean isOsr() {
        return osrBci >= 0;
    }

    /**
     * Whether the HotSpot lowering has run: Java-level ops ({@link Op#isHighLevel}) are gone, the
     * machine-level ones ({@link Op#isLowLevel()}) are allowed.
     */
    public boolean isLowered() {
        return lowered;
    }

    public void markLowered() {
        lowered = true;
    }

    /**
     * The class-metadata constant of the class whose initialization the code must check at its entry
     * (a static method of a class not initialized when it was compiled), or null. Set by the lowering.
     */
    public jdk.vm.ci.meta.Constant initializationBarrier() {
        return initializationBarrier;
    }

    public void setInitializationBarrier(jdk.vm.ci.meta.Constant klass) {
        this.initializationBarrier = klass;
    }

    /** The ops of every instruction made in this graph so far, a bit each by {@link Operation#id} (see {@link #mayContain}). */
    private long[] opsMade = new long[(Op.values().length + 63) / 64];

    /** Records that an instruction of {@code op} was made (its constructor calls this). */
    void made(Operation op) {
        int id = op.id();
        if (id >>> 6 >= opsMade.length) {
            opsMade = org.ssajit.util.CompilerArrays.copyOf(opsMade, (id >>> 6) + 1); // a dialect's op, once lowering starts
        }
        opsMade[id >>> 6] |= 1L << id;
    }

    /**
     * False only if no instruction of {@code op} was ever made in this graph, so none is in it: a
     * pass that rewrites one op skips its walk over the blocks. True says nothing (it may have been
     * removed since).
     */
    public boolean mayContain(Operation op) {
        int id = op.id();
        return id >>> 6 < opsMade.length && (opsMade[id >>> 6] & 1L << id) != 0;
    }

    int nextValueId() {
        return valueIds++;
    }

    /** Upper bound (exclusive) of {@link Value#id()} in this graph, for dense side tables. */
    public int valueIdLimit() {
        return valueIds;
    }

    public Block newBlock(int bci) {
        Block b = new Block(this, blockIds++, bci);
        blocks.add(b);
        controlFlowChanged();
        return b;
    }

    /** Upper bound (exclusive) of {@link Block#id()} in this graph. */
    public int blockIdLimit() {
        return blockIds;
    }

    /** The entry block; it has no predecessors. */
    public Block entry() {
        return blocks.get(0);
    }

    /** Blocks in creation order, the entry first. Unreachable blocks are removed by {@link #removeBlocks}. */
    public org.ssajit.util.ReadOnlyList<Block> blocks() {
        return blocksView;
    }

    /** Drops the given blocks; they must have no remaining predecessors from live blocks. */
    public void removeBlocks(java.util.function.Predicate<Block> dead) {
        blocks.removeIf(dead);
        controlFlowChanged();
    }

    /**
     * The loops, dominators and reverse postorder of the graph's control flow: computed on first use
     * and kept until a block, edge or handler is added or a block removed (moving instructions keeps
     * it). Every pass and the back end share it.
     */
    public Loops loops() {
        if (loops == null) {
            loops = new Loops(this);
        }
        return loops;
    }

    /** The dominator tree of the current control flow ({@link #loops()}'s). */
    public Dominance dominance() {
        return loops().dominance();
    }

    void controlFlowChanged() {
        loops = null;
    }

    public Constant constant(JavaConstant value) {
        JavaKind k = value.getJavaKind().getStackKind();
        JavaConstant key = value;
        if (k != value.getJavaKind()) {
            // boolean/byte/short/char constants live on the stack as ints.
            key = JavaConstant.forInt(value.asInt());
        }
        return constants.computeIfAbsent(key, c -> new Constant(this, c));
    }

    public Constant intConstant(int v) {
        return constant(JavaConstant.forInt(v));
    }

    public Constant longConstant(long v) {
        return constant(JavaConstant.forLong(v));
    }

    public Constant nullConstant() {
        return constant(JavaConstant.NULL_POINTER);
    }

    public Undefined undefined(JavaKind kind) {
        return undefined.computeIfAbsent(kind, k -> new Undefined(this, k));
    }

    /** A new object that is not allocated ({@link VirtualInstance}), of {@code type} with its instance fields {@code fields}. */
    public VirtualInstance virtualInstance(jdk.vm.ci.meta.ResolvedJavaType type, jdk.vm.ci.meta.ResolvedJavaField[] fields) {
        return new VirtualInstance(this, type, fields);
    }

    public Parameter addParameter(int index, JavaKind kind, boolean receiver) {
        Parameter p = new Parameter(this, index, kind, receiver);
        parameters.add(p);
        return p;
    }

    public List<Parameter> parameters() {
        return Collections.unmodifiableList(parameters);
    }

    public int phiCount() {
        int n = 0;
        for (Block b : blocks) {
            n += b.phis().size();
        }
        return n;
    }

    public int instructionCount() {
        int n = 0;
        for (Block b : blocks) {
            n += b.instructions().size();
        }
        return n;
    }

    @Override
    public String toString() {
        return new IrPrinter().print(this);
    }
}
