package org.ssajit.lowering;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Access;
import org.ssajit.ir.AllocationShape;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.ir.Block;
import org.ssajit.ir.CallTarget;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Deopt;
import org.ssajit.ir.ImplicitException;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.GcBarrier;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.MemoryBarriers;
import org.ssajit.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.RuntimeLeaf;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.TypeTest;
import org.ssajit.ir.Stamps;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionValues;
import org.ssajit.phases.PhaseSuite;
import org.ssajit.ssa.RedundantPhiElimination;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ProfilingInfo;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * Turns a method's Java-level SSA graph into the machine-level, target-neutral graph every back end
 * selects instructions for: the HotSpot semantics of each Java operation made explicit once, here,
 * instead of in each back end.
 *
 * <ol>
 * <li>Refuses what cannot be compiled yet ({@link BailoutException}, with the construct and its bci).</li>
 * <li>Keeps the exception edges of calls, athrows and (once the profile saw them throw) implicit
 * exceptions inside try ranges, for the handlers' dispatch in compiled code ({@link ExceptionDispatch},
 * {@link ImplicitThrows}); drops every other: compiled code deoptimizes where such an exception would
 * be raised and the interpreter runs the handler, so code reached only by those is removed.</li>
 * <li>Infers {@linkplain Stamps stamps}: what each value can be.</li>
 * <li>Lowers, dominators first, every Java-level instruction into checks that deoptimize
 * ({@link Op#NULL_CHECK}, {@link Op#BOUNDS_CHECK}, {@link Op#ZERO_CHECK}, {@link Op#DEOPTIMIZE}) and
 * machine-level operations with the VM's layout ({@link Op#READ}, {@link Op#WRITE},
 * {@link Op#UNCOMPRESS}, {@link Op#MEMBAR}, ...), leaving out the checks that cannot fail:
 * a null check of a value whose stamp is non-null or that a dominating check already tested, a bounds
 * check whose index is proven non-negative and below the array's length by a dominating branch, a
 * zero check of a divisor whose stamp excludes 0.</li>
 * <li>Expands the card-table post-barriers of Serial and Parallel into the card's address and a byte
 * store ({@link BarrierExpansion}).</li>
 * <li>Expands the allocations into the TLAB's bump, the header's and zeros' writes and the VM's slow
 * path ({@link AllocationExpansion}).</li>
 * <li>Expands the type tests and store checks into HotSpot's subtype check, as reads of class words,
 * compares, branches and a loop ({@link TypeCheckExpansion}), after the compiled throws and handler
 * dispatches that branch on them ({@link ImplicitThrows}, {@link ExceptionDispatch}).</li>
 * </ol>
 *
 * <p>Policies decided here, for every target: a failed check deoptimizes with action
 * {@link #EXCEPTION_ACTION} (the code stays; the interpreter throws), an unresolved entry or an
 * uninitialized class with {@link #UNRESOLVED_ACTION}; a null check is the access itself (an
 * implicit null check: a null base faults in the VM's protected page) where the access is within a
 * page of its base, implicit null checks are on, and the method's profile records no null-check
 * deoptimization yet (after one, the recompiled code tests explicitly and keeps running when nulls
 * come); boolean stores keep bit 0; a method declared to return boolean, byte, char or short narrows
 * what it returns as {@code ireturn} does unless the stamp shows it in range; volatile accesses get
 * the Java memory model's barriers.
 */
public final class HotSpotLowering {
    /** The action of every failed exception check: the code stays installed, the interpreter throws. */
    public static final DeoptimizationAction EXCEPTION_ACTION = DeoptimizationAction.None;
    /** The action for an unresolved entry or an uninitialized class: recompile once the profile has seen it resolved. */
    public static final DeoptimizationAction UNRESOLVED_ACTION = DeoptimizationAction.InvalidateReprofile;

    private final HotSpotVmConfig config;
    private final MetaAccessProvider metaAccess;
    private final ConstantReflectionProvider constantReflection;
    /** The options it lowers with ({@link LoweringOptions}). */
    private final OptionValues options;
    private final boolean implicitNullChecks;
    /** The VM's collector ({@code CollectedHeap::Name}): which barriers a reference store gets. */
    private final int gc;

    /** The lowering for {@code config}'s VM, as {@code options} ask ({@link LoweringOptions}). */
    public HotSpotLowering(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection, OptionValues options) {
        this.config = Objects.requireNonNull(config);
        this.metaAccess = Objects.requireNonNull(metaAccess);
        this.constantReflection = Objects.requireNonNull(constantReflection);
        this.options = Objects.requireNonNull(options);
        this.implicitNullChecks = options.get(LoweringOptions.IMPLICIT_NULL_CHECKS);
        this.gc = config.selectedGc();
    }

    /** As the public constructor, lowering for collector {@code gc} ({@code CollectedHeap::Name}) instead of the VM's: for tests. */
    HotSpotLowering(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection, OptionValues options, int gc) {
        this.config = Objects.requireNonNull(config);
        this.metaAccess = Objects.requireNonNull(metaAccess);
        this.constantReflection = Objects.requireNonNull(constantReflection);
        this.options = Objects.requireNonNull(options);
        this.implicitNullChecks = options.get(LoweringOptions.IMPLICIT_NULL_CHECKS);
        this.gc = gc;
    }

    /** The lowering for the VM this runs in, with these options. */
    public static HotSpotLowering host(OptionValues options) {
        JVMCIBackend b = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        return new HotSpotLowering(HotSpotVmConfig.host(), b.getMetaAccess(), b.getConstantReflection(), options);
    }

    /** The lowering for the VM this runs in, with implicit null checks on or off and the other options at their defaults. */
    public static HotSpotLowering host(boolean implicitNullChecks) {
        return host(OptionValues.DEFAULTS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, implicitNullChecks));
    }

    /** The options it lowers with. */
    public OptionValues options() {
        return options;
    }

    public HotSpotVmConfig config() {
        return config;
    }

    /**
     * Lowers {@code g} in place and marks it lowered, or refuses it; exceptions thrown by calls are
     * caught in compiled code unless {@link LoweringOptions#COMPILED_HANDLERS} is off.
     */
    public void lower(Graph g) {
        lower(g, options.get(LoweringOptions.COMPILED_HANDLERS));
    }

    /**
     * As {@link #lower(Graph)}, with compiled handlers on or off for this graph: off when a JVMTI agent
     * can post exception events ({@code JVMCICompileState::_jvmti_can_post_on_exceptions}), since the
     * interpreter posts them and a compiled handler would not (C2 deoptimizes then too).
     */
    public void lower(Graph g, boolean compiledHandlers) {
        lower(g, compiledHandlers, true);
    }

    /**
     * As {@link #lower(Graph, boolean)}; without {@code expandTypeChecks} the graph keeps its
     * {@link Op#TYPE_TEST}s and {@link Op#STORE_CHECK}s, and its card-table {@link Op#POST_BARRIER}s. A
     * view for tests of the decisions made before {@link BarrierExpansion} and
     * {@link TypeCheckExpansion}, not a configuration: every compilation expands them, since no back
     * end selects them (a graph that kept them would be refused at selection).
     */
    void lower(Graph g, boolean compiledHandlers, boolean expandTypeChecks) {
        LoweringState s = new LoweringState(g, compiledHandlers);
        for (PhaseSuite.LoweringPhase p : PhaseSuite.standard().loweringSteps()) {
            if (expandTypeChecks || !PhaseSuite.MACRO_OP_EXPANSIONS.contains(p.name())) {
                p.step().run(this, s);
            }
        }
    }

    // The steps, in the order PhaseSuite lists them ------------------------------------------------

    /**
     * Refuses a method ssajit does not compile ({@link LoweringScope#checkMethod}) and, for a static
     * method of a class not initialized yet, sets the class-initialization barrier.
     */
    public void methodScope(LoweringState s) {
        Graph g = s.graph;
        if (g.isLowered()) {
            throw new IllegalArgumentException("lowered twice: " + g.method());
        }
        LoweringScope.checkMethod(g.method(), options.get(LoweringOptions.MONITORS));
        ResolvedJavaMethod m = g.method();
        if (m.isStatic() && !m.getDeclaringClass().isInitialized() && !g.isOsr()) {
            // Another thread calling it must wait for the initialization, and only the initializing
            // thread may run it meanwhile: the code checks the class's state at its entry (an instance
            // method needs no check, JVMS 5.5; its own static accesses and calls deoptimize).
            g.setInitializationBarrier(constantReflection.asObjectHub(m.getDeclaringClass()));
        }
    }

    /**
     * Calls and athrows inside try ranges keep their exception edges (compiled handlers), and so do the
     * throwing bytecodes whose failed checks throw to a handler ({@link ImplicitThrows}); every other
     * edge goes, its block's handlers remembered for the checks' deoptimization actions.
     */
    public void exceptionEdges(LoweringState s) {
        Graph g = s.graph;
        ImplicitThrows.Mode implicitMode = s.compiledHandlers ? options.get(LoweringOptions.IMPLICIT_EXCEPTIONS) : ImplicitThrows.Mode.NEVER;
        ProfilingInfo profile = implicitMode == ImplicitThrows.Mode.PROFILE ? ImplicitThrows.profile(g.method()) : null;
        for (Block b : g.blocks()) {
            if (s.compiledHandlers && ExceptionDispatch.keeps(b)) {
                s.kept.add(b);
            } else if (implicitMode != ImplicitThrows.Mode.NEVER && ImplicitThrows.throwingBci(b) >= 0) {
                int bci = ImplicitThrows.throwingBci(b);
                s.tryHandlers.put(b, List.copyOf(b.handlers()));
                s.tryBcis.put(b, bci);
                if (implicitMode == ImplicitThrows.Mode.ALWAYS || ImplicitThrows.seen(profile, bci)) {
                    s.throwing.add(b);
                    s.kept.add(b);
                } else {
                    s.recompiling.add(b);
                }
            }
        }
        removeExceptionEdges(g, s.kept::contains);
    }

    /** {@linkplain Stamps Stamps}: what each value can be, for the expansions and the instructions' lowering. */
    public void inferStamps(LoweringState s) {
        s.stamps = Stamps.infer(s.graph);
    }

    /** {@code System.arraycopy} expanded ({@link ArrayCopies}), unless {@link LoweringOptions#ARRAY_COPY_STUBS} is off. */
    public void arrayCopies(LoweringState s) {
        if (options.get(LoweringOptions.ARRAY_COPY_STUBS)) {
            s.expanded += ArrayCopies.expand(s.graph, config, metaAccess, gc, s.tryHandlers::containsKey);
        }
    }

    /** {@code Unsafe.allocateInstance} expanded ({@link InstanceAllocations}), unless {@link LoweringOptions#ALLOCATE_INSTANCE_INLINE} is off. */
    public void instanceAllocations(LoweringState s) {
        if (options.get(LoweringOptions.ALLOCATE_INSTANCE_INLINE)) {
            s.expanded += InstanceAllocations.expand(s.graph, config, s.tryHandlers::containsKey);
        }
    }

    /**
     * The stamps again, of the expansions' branches' values too, if anything was expanded (the
     * expansions read the first inference's stamps, which {@link Stamps#infer} sets on the values).
     */
    public void stampsAfterExpansion(LoweringState s) {
        if (s.expanded > 0) {
            s.stamps = Stamps.infer(s.graph);
        }
    }

    /** Refuses what is not compiled yet, with the construct and its bci ({@link LoweringScope#check}). */
    public void scope(LoweringState s) {
        LoweringScope.check(s.graph, options.get(LoweringOptions.MONITORS));
    }

    /** Every Java-level instruction lowered, dominators first. */
    public void instructions(LoweringState s) {
        boolean unwinding = s.compiledHandlers && options.get(LoweringOptions.UNWIND_EXCEPTIONS);
        new Run(s.graph, s.stamps, implicitNullChecks && !nullCheckDeoptimized(s.graph.method()), s.tryHandlers, s.tryBcis, s.throwing, s.recompiling,
                        unwinding).run();
    }

    /** The implicit exceptions compiled code throws to a handler, created ({@link ImplicitThrows}). */
    public void implicitThrows(LoweringState s) {
        if (!s.throwing.isEmpty()) {
            ImplicitThrows.expand(s.graph);
        }
    }

    /** The handlers' dispatch after calls and athrows whose exceptions compiled code catches ({@link ExceptionDispatch}). */
    public void exceptionDispatch(LoweringState s) {
        Graph g = s.graph;
        if (!s.kept.isEmpty()) {
            // An invoke the lowering turned into a deoptimization (a site not linked yet) keeps no edges.
            Set<Block> calls = new HashSet<>();
            for (Block b : g.blocks()) {
                var code = b.instructions();
                if (!b.handlers().isEmpty() && (b.terminator() instanceof Throw || !code.isEmpty() && code.get(code.size() - 1).op() == Op.CALL)) {
                    calls.add(b);
                }
            }
            removeExceptionEdges(g, calls::contains);
            ExceptionDispatch.expand(g, constantReflection, s.compiledHandlers && options.get(LoweringOptions.UNWIND_EXCEPTIONS));
        }
    }

    /** The card-table post-barriers of Serial and Parallel expanded ({@link BarrierExpansion}). */
    public void barrierExpansion(LoweringState s) {
        BarrierExpansion.expand(s.graph, config);
    }

    /** Allocations expanded into the TLAB's bump, the header's and zeros' writes and the VM's slow path ({@link AllocationExpansion}). */
    public void allocationExpansion(LoweringState s) {
        AllocationExpansion.expand(s.graph, config);
    }

    /** Type tests and store checks expanded into HotSpot's subtype check ({@link TypeCheckExpansion}). */
    public void typeCheckExpansion(LoweringState s) {
        TypeCheckExpansion.expand(s.graph, config);
    }

    /**
     * Phis made trivial by the lowering removed (an access that became a deoptimization leaves a
     * default constant behind: phis merging only such constants, and themselves, are trivial now), and
     * the graph marked lowered.
     */
    public void trivialPhis(LoweringState s) {
        RedundantPhiElimination.run(s.graph);
        s.graph.markLowered();
    }

    /** Whether the method's profile records a deoptimization for a null reference (implicit or explicit). */
    private static boolean nullCheckDeoptimized(ResolvedJavaMethod m) {
        ProfilingInfo p = m.getProfilingInfo();
        return p != null && p.getDeoptimizationCount(DeoptimizationReason.NullCheckException) > 0;
    }

    /**
     * Removes every exception edge, then the blocks no longer reachable from the entry, then the phis
     * that became trivial. Compiled code never enters a handler: where an exception would be thrown
     * it deoptimizes, and the interpreter dispatches.
     */
    static void removeExceptionEdges(Graph g) {
        removeExceptionEdges(g, b -> false);
    }

    /** As {@link #removeExceptionEdges(Graph)}, except for the blocks {@code keep} accepts (their edges and marks stay). */
    static void removeExceptionEdges(Graph g, Predicate<Block> keep) {
        for (Block b : g.blocks()) {
            if (keep.test(b)) {
                continue;
            }
            if (!b.handlers().isEmpty()) {
                Set<Block> targets = new LinkedHashSet<>();
                for (Handler h : b.handlers()) {
                    targets.add(h.target());
                }
                b.clearHandlers();
                for (Block t : targets) {
                    if (!b.successors().contains(t)) {
                        t.removePredecessor(b);
                    }
                }
            }
            for (Instruction i : b.instructions()) {
                i.setExceptionEdge(false);
            }
        }
        Dominance reach = g.dominance(); // of the control flow without exception edges
        List<Block> dead = g.blocks().stream().filter(b -> !reach.isReachable(b)).toList();
        if (dead.isEmpty()) {
            RedundantPhiElimination.run(g);
            return;
        }
        Set<Block> reachable = new HashSet<>(reach.reversePostorder());
        for (Block b : dead) {
            for (Block s : b.successors()) {
                if (reachable.contains(s)) {
                    s.removePredecessor(b);
                }
            }
        }
        for (Block b : dead) {
            // Unlink what dead code uses, so live values keep only live users.
            for (Phi p : b.phis()) {
                p.clearInputs();
            }
            for (Instruction i : b.instructions()) {
                i.clearInputs();
                if (i.state() != null) {
                    i.state().clearInputs();
                }
            }
            b.terminator().delete();
        }
        g.removeBlocks(b -> !reachable.contains(b));
        RedundantPhiElimination.run(g);
    }

    /** One method's lowering. */
    private final class Run {
        private final Graph g;
        private final Stamps stamps;
        private final boolean implicit;
        /** Exceptions no handler takes may leave the frame ({@link ExceptionDispatch#unwinds}). */
        private final boolean unwinding;
        private final Dominance dominance;
        /**
         * References null-checked in each block: a failed check never falls through, so they are non-null in
         * every block it dominates; not the checks that throw to a handler of the method (the handler is
         * dominated too, and entered exactly when the reference is null).
         */
        private final Map<Block, Set<Value>> checkedNonNull = new HashMap<>();
        /**
         * Bounds checks passed in each block, as (array, index) pairs: an array's length never changes, so
         * the index is within the array in every block the check dominates (calls between included). As
         * for null checks, not the checks that throw to a handler of the method.
         */
        private final Map<Block, List<Value[]>> checkedBounds = new HashMap<>();
        /**
         * Casts passed in each block, as (reference, type) pairs: the reference is null or an instance of
         * the type in every block the cast dominates; not the casts that throw to a handler of the method.
         */
        private final Map<Block, List<Object[]>> checkedCasts = new HashMap<>();
        private Block block;
        /** Where new instructions go: before this instruction (the one being lowered). */
        private Instruction anchor;

        /** The handlers of the blocks that end with a throwing bytecode inside a try range (ImplicitThrows). */
        private final Map<Block, List<Handler>> tryHandlers;
        /** The bci of each of those blocks' throwing bytecode, the only one in the handlers' range. */
        private final Map<Block, Integer> tryBcis;
        /** Blocks whose failed checks throw to their handlers in compiled code. */
        private final Set<Block> throwing;
        /** Blocks whose failed checks deoptimize so that HotSpot counts them and recompiles (the profile has not seen them throw). */
        private final Set<Block> recompiling;

        Run(Graph g, Stamps stamps, boolean implicit, Map<Block, List<Handler>> tryHandlers, Map<Block, Integer> tryBcis, Set<Block> throwing,
                        Set<Block> recompiling, boolean unwinding) {
            this.g = g;
            this.unwinding = unwinding;
            this.stamps = stamps;
            this.implicit = implicit;
            this.dominance = g.dominance();
            this.tryHandlers = tryHandlers;
            this.tryBcis = tryBcis;
            this.throwing = throwing;
            this.recompiling = recompiling;
        }

        /**
         * What a failed check of the bytecode being lowered does (the interpreter would throw the
         * exception of {@code reason}): throw it to this block's handlers in compiled code, deoptimize
         * so that HotSpot counts it and recompiles (a handler catches it, the profile has not seen it
         * yet), or deoptimize and keep the code ({@link #EXCEPTION_ACTION}).
         */
        private Deopt exceptionDeopt(DeoptimizationReason reason, int bci) {
            return exceptionDeopt(ImplicitException.Kind.of(reason), reason, bci);
        }

        /** As {@link #exceptionDeopt(DeoptimizationReason, int)}, for a check that throws {@code kind} (null: none compiled code creates). */
        private Deopt exceptionDeopt(ImplicitException.Kind kind, DeoptimizationReason reason, int bci) {
            List<Handler> handlers = tryHandlers.get(block);
            // Only the block's last bytecode is in the handlers' range: a block may start with throwing
            // bytecodes before the range (its start need not be a block boundary).
            if (kind != null && handlers != null && Integer.valueOf(bci).equals(tryBcis.get(block)) && ImplicitThrows.catches(handlers, kind, metaAccess)) {
                if (throwing.contains(block)) {
                    return Deopt.compiledThrow(reason);
                }
                if (recompiling.contains(block)) {
                    return new Deopt(reason, DeoptimizationAction.RecompileIfTooManyDeopts);
                }
            }
            if (anchor != null && anchor.state() != null && caughtByACaller(anchor.state())) {
                // Inlined at a call inside a try range: the interpreter's handler lookup finds the
                // caller's handler. Counted, so that frequent exceptions recompile the method, and the
                // inliner, seeing them in the callee's profile, leaves the call (Inlining.inlinableInTryRange).
                return new Deopt(reason, DeoptimizationAction.RecompileIfTooManyDeopts);
            }
            return new Deopt(reason, EXCEPTION_ACTION);
        }

        /** Whether a method that {@code state}'s frame was inlined into is at a call inside one of its try ranges. */
        private static boolean caughtByACaller(FrameState state) {
            for (FrameState caller = state.outer(); caller != null; caller = caller.outer()) {
                if (org.ssajit.bytecode.BlockMap.isCovered(caller.method().getExceptionHandlers(), caller.bci())) {
                    return true;
                }
            }
            return false;
        }

        /** Whether a failed check of {@code kind} at the bytecode being lowered is thrown in compiled code or recompiles (a handler catches it). */
        private boolean caughtHere(ImplicitException.Kind kind) {
            return (throwing.contains(block) || recompiling.contains(block)) && anchor != null && Integer.valueOf(anchor.bci()).equals(tryBcis.get(block))
                            && ImplicitThrows.catches(tryHandlers.get(block), kind, metaAccess);
        }

        /** Whether a failed null check of the bytecode being lowered throws in compiled code: then it must be explicit. */
        private boolean nullChecksThrow() {
            return throwing.contains(block) && anchor != null && Integer.valueOf(anchor.bci()).equals(tryBcis.get(block))
                            && ImplicitThrows.catches(tryHandlers.get(block), ImplicitException.Kind.NULL_POINTER, metaAccess);
        }

        void run() {
            Value methodLock = g.method().isSynchronized() ? lockMethod() : null;
            boolean publishesFinals = writesFinalField();
            for (Block b : dominance.reversePostorder()) {
                block = b;
                for (Instruction i : List.copyOf(b.instructions())) {
                    anchor = i;
                    lower(i);
                }
                anchor = null;
                if (b.terminator() instanceof Return r) {
                    if (r.value() != null) {
                        narrowReturn(r);
                    }
                    if (publishesFinals) {
                        b.insertAtEnd(membar(MemoryBarriers.STORE_STORE, r.bci()));
                    }
                    if (methodLock != null) {
                        unlockAtReturn(r, methodLock);
                    }
                }
                if (b.terminator() instanceof Throw t && b.handlers().isEmpty()) {
                    if (unwinding && ExceptionDispatch.unwinds(t.state(), false)) {
                        // No handler anywhere, no lock: the exception leaves the frame; a null one
                        // deoptimizes, and the interpreter throws the NullPointerException.
                        Value x = t.exception();
                        if (!x.stamp().isNonNull() && !checkedBefore(x, b)) {
                            Instruction c = new Instruction(g, Op.NULL_CHECK, JavaKind.Void, exceptionDeopt(DeoptimizationReason.NullCheckException, t.bci()),
                                            t.bci(), x);
                            c.setState(t.state().copy());
                            b.insertAtEnd(c);
                        }
                        Instruction u = new Instruction(g, Op.UNWIND, JavaKind.Void, null, t.bci(), t.exception());
                        b.insertAtEnd(u);
                    } else {
                        // The interpreter re-executes the athrow (the exception on its stack) and
                        // unwinds or finds the handler; the code stays. (An athrow whose block kept
                        // its edges is dispatched in compiled code: ExceptionDispatch.)
                        Instruction d = new Instruction(g, Op.DEOPTIMIZE, JavaKind.Void, new Deopt(DeoptimizationReason.TransferToInterpreter, EXCEPTION_ACTION),
                                        t.bci());
                        d.setState(t.state().copy());
                        b.insertAtEnd(d);
                    }
                }
            }
        }

        private void lower(Instruction i) {
            g.faults().point("lowering");
            Value checked = nullCheckedInput(i);
            if (checked != null && checked.stamp().isAlwaysNull()) {
                // The access always fails: the interpreter throws the NullPointerException.
                deoptimize(i, new Deopt(DeoptimizationReason.NullCheckException, EXCEPTION_ACTION));
                return;
            }
            switch (i.op()) {
                case LOAD_FIELD -> loadField(i);
                case STORE_FIELD -> storeField(i);
                case ARRAY_LENGTH -> {
                    Value a = i.input(In.ARRAY);
                    NullCheck c = nullCheck(a, i.state());
                    Instruction read = read(a, null, lengthAccess(), c.forAccess(config.arrayLengthOffset));
                    read.setStamp(i.stamp());
                    replace(i, read);
                }
                case ARRAY_LENGTH_OR_ZERO -> {
                    Value a = i.input(In.ARRAY);
                    if (a.stamp().isNonNull() || checkedBefore(a, block)) {
                        Instruction read = read(a, null, lengthAccess(), null);
                        read.setStamp(i.stamp());
                        replace(i, read);
                    } else {
                        replace(i, emit(new Instruction(g, Op.READ_OR_ZERO, JavaKind.Int, lengthAccess(), i.bci(), a), i.stamp()));
                    }
                }
                case LOAD_INDEXED -> loadIndexed(i);
                case STORE_INDEXED -> storeIndexed(i);
                case FILL -> {
                    JavaKind ek = i.elementKind();
                    Access element = new Access(ek, metaAccess.getArrayBaseOffset(ek), metaAccess.getArrayIndexScale(ek), false);
                    Instruction range = new Instruction(g, Op.STORE_RANGE, JavaKind.Int, element, i.bci(), i.input(In.ARRAY), i.input(In.FROM),
                                    i.input(In.LAST), i.input(In.VALUE), i.input(In.LENGTH));
                    replace(i, emit(range, i.stamp()));
                }
                case DIV, REM -> {
                    if (i.kind() == JavaKind.Int || i.kind() == JavaKind.Long) {
                        divide(i);
                    } else if (i.op() == Op.REM) {
                        // Java's frem/drem is C's fmod, no machine's instruction: the VM's C function computes it.
                        RuntimeLeaf f = i.kind() == JavaKind.Float ? RuntimeLeaf.FREM : RuntimeLeaf.DREM;
                        replace(i, emit(new Instruction(g, Op.LEAF_CALL, i.kind(), f, i.bci(), i.input(In.X), i.input(In.Y)), i.stamp()));
                    }
                }
                case LOAD_CONSTANT -> deoptimize(i);
                case INVOKE -> invoke(i);
                case FREEZE -> {
                    // An inlined constructor's return: what a compiled constructor's own returns get.
                    emit(membar(MemoryBarriers.STORE_STORE, i.bci()), null);
                    remove(i);
                }
                case RECEIVER_CHECK -> {
                    // An inlined call's receiver: a null one deoptimizes to the invoke, whose NullPointerException the interpreter throws.
                    nullCheck(i.input(In.OBJECT), i.state()).explicitly();
                    remove(i);
                }
                case CHECKCAST -> checkcast(i);
                case NEW_INSTANCE -> newInstance(i);
                case NEW_ARRAY -> newArray(i);
                case NEW_MULTI_ARRAY -> newMultiArray(i);
                case INSTANCEOF -> instanceOf(i);
                case CLASS_IS -> {
                    // The guard of a call inlined for a profiled receiver class: one comparison of class pointers.
                    ResolvedJavaType t = (ResolvedJavaType) i.type();
                    replace(i, emit(new Instruction(g, Op.TYPE_TEST, JavaKind.Int, knownNonNull(i.input(In.OBJECT), TypeTests.classIs(t, constantReflection)), i.bci(),
                                    i.input(In.OBJECT)), Stamp.forInt(0, 1)));
                }
                case CURRENT_THREAD -> currentThread(i);
                case MONITOR_ENTER -> monitorEnter(i);
                case MONITOR_EXIT -> monitorExit(i);
                case EXCEPTION_OBJECT -> {
                    // A compiled handler's caught exception: ExceptionDispatch replaces it after the lowering.
                }
                default -> {
                    if (Op.isHighLevel(i)) {
                        throw new IllegalStateException("no lowering for " + i.op().mnemonic() + " (the scope check should have refused it)");
                    }
                }
            }
        }

        /** The reference {@code i} accesses, which must not be null, or null if it accesses none. */
        private Value nullCheckedInput(Instruction i) {
            return switch (i.op()) {
                case LOAD_FIELD, STORE_FIELD -> i.input(In.OBJECT);
                case ARRAY_LENGTH, LOAD_INDEXED, STORE_INDEXED -> i.input(In.ARRAY);
                case INVOKE -> i.invokeTarget().hasReceiver() ? i.input(0) : null;
                case RECEIVER_CHECK -> i.input(In.OBJECT);
                default -> null;
            };
        }

        // Fields ----------------------------------------------------------------------------------

        private void loadField(Instruction i) {
            ResolvedJavaField f = accessibleField(i);
            if (f == null) {
                return;
            }
            Access access = fieldAccess(f);
            FieldBase base = fieldBase(i, f);
            Value result = loaded(read(base.value(), null, access, base.nullCheck()), access, i.stamp());
            if (f.isVolatile()) {
                emit(membar(MemoryBarriers.AFTER_VOLATILE_READ, i.bci()), null);
            }
            if (gc == config.gcG1 && LoweringScope.isReferent(i.field())) {
                // Serial and Parallel never mark concurrently: a referent read needs nothing there.
                emit(new Instruction(g, Op.KEEP_ALIVE, JavaKind.Void, null, i.bci(), result), null);
            }
            replace(i, result);
        }

        private void storeField(Instruction i) {
            ResolvedJavaField f = accessibleField(i);
            if (f == null) {
                return;
            }
            Access access = fieldAccess(f);
            if (access.kind() == JavaKind.Object) {
                Value base = f.isStatic() ? mirror(f) : i.input(In.OBJECT);
                NullCheck check = f.isStatic() ? null : nullCheck(base, i.state());
                storeReference(base, null, i.input(In.VALUE), access, check, f.isVolatile(), i.bci());
                remove(i);
                return;
            }
            FieldBase base = fieldBase(i, f);
            Value value = storeValue(i.input(In.VALUE), f.getJavaKind(), i.bci());
            if (f.isVolatile()) {
                emit(membar(MemoryBarriers.BEFORE_VOLATILE_WRITE, i.bci()), null);
            }
            write(base.value(), null, value, access, base.nullCheck(), i.bci());
            if (f.isVolatile()) {
                emit(membar(MemoryBarriers.AFTER_VOLATILE_WRITE, i.bci()), null);
            }
            remove(i);
        }

        /**
         * The base of a field access: the object, or for a static field its class's {@code
         * java.lang.Class} mirror (an embedded constant); and the state the access carries as the
         * object's implicit null check (null: none, or the explicit check was added).
         */
        private record FieldBase(Value value, FrameState nullCheck) {
        }

        private FieldBase fieldBase(Instruction i, ResolvedJavaField f) {
            if (f.isStatic()) {
                return new FieldBase(mirror(f), null);
            }
            Value object = i.input(In.OBJECT);
            return new FieldBase(object, nullCheck(object, i.state()).forAccess(f.getOffset()));
        }

        /** What a read gives the program: a narrow oop decoded, else the read itself, with the loaded value's stamp. */
        private Value loaded(Instruction read, Access access, Stamp stamp) {
            if (access.narrowOop()) {
                return uncompress(read, stamp);
            }
            read.setStamp(stamp);
            return read;
        }

        /**
         * The field of a getfield/putfield/getstatic/putstatic if the access can be compiled: resolved,
         * of the kind the bytecode says (static or not; else the interpreter throws
         * IncompatibleClassChangeError) and, for a static field, its class initialized. Otherwise the
         * access becomes an unconditional deoptimization and null is returned.
         */
        /**
         * Whether this is a constructor that writes a final instance field: the Java memory model's
         * final-field rule then wants the writes ordered before any later store that publishes the
         * object, a StoreStore barrier at every return (free on x86; AArch64 {@code dmb ishst}, as
         * HotSpot's interpreter and compilers do there).
         */
        private boolean writesFinalField() {
            if (!g.method().isConstructor()) {
                return false;
            }
            for (Block b : dominance.reversePostorder()) {
                for (Instruction i : b.instructions()) {
                    if (i.op() == Op.STORE_FIELD && i.field().field() instanceof ResolvedJavaField f && !f.isStatic() && f.isFinal()) {
                        return true;
                    }
                }
            }
            return false;
        }

        private ResolvedJavaField accessibleField(Instruction i) {
            FieldRef f = i.field();
            if (f.field() instanceof ResolvedJavaField rf && rf.isStatic() == f.isStatic() && (!f.isStatic() || rf.getDeclaringClass().isInitialized())) {
                return rf;
            }
            deoptimize(i);
            return null;
        }

        private Access fieldAccess(ResolvedJavaField f) {
            JavaKind k = f.getJavaKind();
            return new Access(k, f.getOffset(), 0, k == JavaKind.Object && config.useCompressedOops, f.isVolatile());
        }

        private Value mirror(ResolvedJavaField f) {
            return g.constant(constantReflection.asJavaClass(f.getDeclaringClass()));
        }

        // Arrays ----------------------------------------------------------------------------------

        private Access lengthAccess() {
            return new Access(JavaKind.Int, config.arrayLengthOffset, 0, false);
        }

        private Access elementAccess(JavaKind ek) {
            return new Access(ek, metaAccess.getArrayBaseOffset(ek), metaAccess.getArrayIndexScale(ek), ek == JavaKind.Object && config.useCompressedOops);
        }

        /**
         * The checks before an element access: the array's null check and the index's bounds check,
         * each left out where it cannot fail. With a checked length ({@link Instruction#checkedLength})
         * the index is compared with that length, which is 0 for a null array, so no null check is
         * needed; otherwise the array's length is read (that read being the implicit null check
         * where allowed).
         */
        private void checkElement(Instruction i) {
            Value array = i.input(In.ARRAY);
            Value index = i.input(In.INDEX);
            NullCheck check = nullCheck(array, i.state());
            Value length = i.checkedLength();
            if (provenInBounds(array, index, block) || boundsCheckedBefore(array, index, block)) {
                check.explicitly(); // the element's address may be far beyond the protected page
            } else if (length != null && !nullChecksThrow() && !caughtHere(ImplicitException.Kind.OUT_OF_BOUNDS)) {
                // (Where a failed bounds check throws in compiled code, a null array must not take it.)
                check.coveredByBoundsCheck();
                boundsCheck(array, index, length, i);
            } else {
                Instruction len = read(array, null, lengthAccess(), check.forAccess(config.arrayLengthOffset));
                len.setStamp(Stamp.forInt(0, Integer.MAX_VALUE));
                boundsCheck(array, index, len, i);
            }
        }

        /**
         * A {@link Op#BOUNDS_CHECK} of {@code index} against {@code length}, {@code array}'s length (or,
         * a checked length, its length or 0 for null), remembered for the blocks it dominates
         * ({@link #boundsCheckedBefore}) unless a failure throws to a handler here.
         */
        private void boundsCheck(Value array, Value index, Value length, Instruction i) {
            Deopt why = exceptionDeopt(DeoptimizationReason.BoundsCheckException, i.bci());
            Instruction c = new Instruction(g, Op.BOUNDS_CHECK, JavaKind.Void, why, i.bci(), index, length);
            c.setState(i.state().copy());
            emit(c, null);
            if (!why.compiledThrow()) {
                checkedBounds.computeIfAbsent(block, x -> new ArrayList<>(2)).add(new Value[]{withoutPi(array), index});
            }
        }

        /**
         * Whether {@code index} was checked against {@code array}'s length in {@code b} before (or in a
         * block dominating it): a passed check that deoptimizes on failure ({@link #checkedBounds}).
         */
        private boolean boundsCheckedBefore(Value array, Value index, Block b) {
            Value a = withoutPi(array);
            for (Block d = b; d != null; d = d == g.entry() ? null : dominance.immediateDominator(d)) {
                List<Value[]> checked = checkedBounds.get(d);
                if (checked != null) {
                    for (Value[] c : checked) {
                        if (c[0] == a && c[1] == index) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }

        private void loadIndexed(Instruction i) {
            JavaKind ek = i.elementKind();
            checkElement(i);
            Access access = elementAccess(ek);
            replace(i, loaded(read(i.input(In.ARRAY), i.input(In.INDEX), access, null), access, i.stamp()));
        }

        private void storeIndexed(Instruction i) {
            JavaKind ek = i.elementKind();
            if (ek == JavaKind.Object) {
                storeReferenceElement(i);
                return;
            }
            JavaKind memory = ek;
            if (ek == JavaKind.Byte && LoweringScope.isBooleanArray(i.input(In.ARRAY))) {
                memory = JavaKind.Boolean; // bastore into boolean[] stores (value & 1)
            }
            checkElement(i);
            Value value = storeValue(i.input(In.VALUE), memory, i.bci());
            if (ek == JavaKind.Byte && !LoweringScope.isByteOrBooleanArray(i.input(In.ARRAY))) {
                value = byteOrBoolean(i.input(In.ARRAY), value, i.bci());
            }
            Access access = new Access(memory, metaAccess.getArrayBaseOffset(ek), metaAccess.getArrayIndexScale(ek), false);
            write(i.input(In.ARRAY), i.input(In.INDEX), value, access, null, i.bci());
            remove(i);
        }

        /**
         * {@code aastore}: the null and bounds checks, the store check unless the stamps prove it (a
         * {@link Op#STORE_CHECK} and a {@link Op#GUARD} that deoptimizes when it fails: the interpreter
         * throws ArrayStoreException), then the store with its barriers.
         */
        private void storeReferenceElement(Instruction i) {
            Value array = i.input(In.ARRAY);
            Value value = i.input(In.VALUE);
            checkElement(i);
            if (!value.stamp().isAlwaysNull() && !storeCheckProven(array, value)) {
                Instruction check = emit(new Instruction(g, Op.STORE_CHECK, JavaKind.Int, null, i.bci(), array, value), Stamp.forInt(0, 1));
                Instruction guard = new Instruction(g, Op.GUARD, JavaKind.Void, exceptionDeopt(DeoptimizationReason.ArrayStoreException, i.bci()), i.bci(),
                                check);
                guard.setState(i.state().copy());
                emit(guard, null);
            }
            storeReference(array, i.input(In.INDEX), value, elementAccess(JavaKind.Object), null, false, i.bci());
            remove(i);
        }

        /**
         * Whether {@code value} may be stored into {@code array}: the array's class is exactly known
         * (its stamp says so: a final element class; or it is an allocation of this method), and its
         * element type is Object (every reference is one), or the value's stamp is an instance of it,
         * or the value is a constant whose class is a subtype of it (a class initializer's tables).
         */
        private boolean storeCheckProven(Value array, Value value) {
            // The array's exact class: an exact stamp admits no subclass; an allocation's object has the
            // class it allocated (a PI only narrows the stamp of the same reference).
            ResolvedJavaType a = array.stamp().isExactType() ? array.stamp().type()
                            : withoutPi(array) instanceof Instruction alloc && alloc.op() == Op.ALLOCATE ? ((AllocationShape) alloc.attribute()).type() : null;
            if (a == null || !a.isArray()) {
                return false;
            }
            ResolvedJavaType element = a.getComponentType();
            // Every reference is an Object; a stamp without interfaces is one the verifier checked.
            if (element.isJavaLangObject() || provenInstance(value.stamp(), element)) {
                return true;
            }
            // A constant's class is exact (its stamp carries no type, so ask the constant itself).
            return value instanceof Constant c && !c.isNull() && element.isAssignableFrom(metaAccess.lookupJavaType(c.value()));
        }

        /**
         * A reference store with the collector's barriers: for G1, the SATB pre-barrier (which may read
         * the old value, so the base's null check is explicit), the store, the G1 post-barrier; for
         * Serial and Parallel, the store (its own implicit null check where allowed) and the card mark.
         * A null constant needs no post-barrier (no new reference to remember). With compressed oops the
         * store writes the {@link Op#COMPRESS}ed value; the post-barrier takes the full reference.
         * A volatile field gets the Java memory model's barriers around it all.
         *
         * @param check the base's pending null check, or null if it needs none (a static field's mirror,
         *            an array already checked)
         */
        private void storeReference(Value base, Value index, Value value, Access access, NullCheck check, boolean isVolatile, int bci) {
            if (isVolatile) {
                emit(membar(MemoryBarriers.BEFORE_VOLATILE_WRITE, bci), null);
            }
            GcBarrier.Kind pre;
            GcBarrier.Kind post;
            if (gc == config.gcG1) {
                pre = GcBarrier.Kind.G1_SATB;
                post = GcBarrier.Kind.G1_CARD;
            } else if (gc == config.gcSerial || gc == config.gcParallel) {
                pre = null;
                post = GcBarrier.Kind.CARD_TABLE;
            } else {
                throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "reference store at bci " + bci + ": no barriers for the "
                                + config.gcName(gc) + " collector");
            }
            FrameState implicitCheck = null;
            if (check != null) {
                implicitCheck = pre != null ? nullCheckExplicitly(check) : check.forAccess(access.displacement());
            }
            if (pre != null) {
                barrier(Op.PRE_BARRIER, new GcBarrier(pre, access), base, null, index, bci);
            }
            Value stored = value;
            if (access.narrowOop()) {
                stored = value.stamp().isAlwaysNull() ? g.intConstant(0)
                                : emit(new Instruction(g, Op.COMPRESS, JavaKind.Int, new NarrowEncoding(config.narrowOopBase, config.narrowOopShift), bci, value),
                                                Stamp.unrestricted(JavaKind.Int));
            }
            write(base, index, stored, access, implicitCheck, bci);
            if (!value.stamp().isAlwaysNull()) {
                barrier(Op.POST_BARRIER, new GcBarrier(post, access), base, value, index, bci);
            }
            if (isVolatile) {
                emit(membar(MemoryBarriers.AFTER_VOLATILE_WRITE, bci), null);
            }
        }

        private FrameState nullCheckExplicitly(NullCheck check) {
            check.explicitly();
            return null;
        }

        private void barrier(Op op, GcBarrier b, Value base, Value value, Value index, int bci) {
            java.util.List<Value> in = new java.util.ArrayList<>();
            in.add(base);
            if (value != null) {
                in.add(value);
            }
            if (index != null) {
                in.add(index);
            }
            emit(new Instruction(g, op, JavaKind.Void, b, bci, in.toArray(Value[]::new)), null);
        }

        // Bounds-check elimination ----------------------------------------------------------------

        /**
         * True if {@code 0 <= index < array.length} holds wherever {@code at} runs, so the bounds check
         * can go: the index's stamp there is non-negative, and a branch edge that dominates {@code at}
         * is taken only when {@code index < arraylength(array)}, the very SSA values (the counted loop
         * {@code for (i = 0; i < a.length; i++) ... a[i]}). Sound in loops too: whenever a later
         * iteration gives {@code index} or the length a new value, control passes that edge again
         * before {@code at}.
         */
        private boolean provenInBounds(Value array, Value index, Block at) {
            return stamps.at(index, at).isNonNegative() && dominatingBound(index, at, b -> isLengthOf(b, array));
        }

        /** An {@code arraylength} of {@code array}, or the read it was lowered to (dominators are lowered first). */
        private boolean isLengthOf(Value v, Value array) {
            if (!(v instanceof Instruction l)) {
                return false;
            }
            if (l.op() == Op.ARRAY_LENGTH) {
                return l.input(In.ARRAY) == array;
            }
            return l.op() == Op.READ && l.input(In.BASE) == array && l.attribute().equals(lengthAccess());
        }

        /**
         * Whether some block dominating {@code at} (or {@code at} itself) is entered only through a branch
         * edge on which {@code v < y} (signed int compare) holds for a {@code y} that {@code bound} accepts.
         */
        private boolean dominatingBound(Value v, Block at, Predicate<Value> bound) {
            for (Block d = at; d != null; d = d == g.entry() ? null : dominance.immediateDominator(d)) {
                if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f)) {
                    continue;
                }
                if (f.x().kind() != JavaKind.Int || f.y().kind() != JavaKind.Int) {
                    continue;
                }
                Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
                if (c == Condition.LT && f.x() == v && bound.test(f.y())) {
                    return true;
                }
                if (c == Condition.GT && f.y() == v && bound.test(f.x())) {
                    return true;
                }
            }
            return false;
        }

        // Calls -----------------------------------------------------------------------------------

        /**
         * An invoke of a linked method becomes a {@link Op#CALL}: after the receiver's null check
         * (explicit: the call itself touches no memory of the receiver), with the state during the call.
         * A target that is not resolved, or does not fit the bytecode (static or not; the interpreter
         * throws IncompatibleClassChangeError), deoptimizes: the interpreter links the site, and the
         * method is compiled again later.
         */
        private void invoke(Instruction i) {
            InvokeTarget t = i.invokeTarget();
            CallTarget.Dispatch dispatch = t.method() instanceof ResolvedJavaMethod m ? dispatch(m, t.opcode(), t.appendix() != null) : null;
            if (dispatch == null) {
                deoptimize(i);
                return;
            }
            ResolvedJavaMethod m = (ResolvedJavaMethod) t.method();
            Value[] args = new Value[i.inputCount()];
            for (int k = 0; k < args.length; k++) {
                args[k] = i.input(k);
            }
            if (dispatch.hasReceiver()) {
                nullCheck(args[0], i.state()).explicitly();
            }
            // The appendix of an invokedynamic or invokehandle is an argument of the adapter, not a value of the bytecode's stack.
            FrameState during = i.state().duringCall(argumentSlots(args, t.appendix() != null ? args.length - 1 : args.length));
            CallTarget target = new CallTarget(m, dispatch, t.opcode(), unwinding && ExceptionDispatch.unwinds(during, false));
            Instruction call = new Instruction(g, Op.CALL, i.kind(), target, i.bci(), args);
            call.setState(during);
            replace(i, emit(call, i.stamp()));
        }

        /**
         * How a call of {@code m} from bytecode {@code opcode} finds its callee, or null if the
         * interpreter must link it ({@code linkedAdapter}: {@code m} is the adapter HotSpot linked an
         * invokedynamic or a signature-polymorphic invokevirtual to).
         */
        private CallTarget.Dispatch dispatch(ResolvedJavaMethod m, int opcode, boolean linkedAdapter) {
            return switch (opcode) {
                // A linked call site: its adapter (a static method), the appendix as last argument.
                case Bytecodes.INVOKEDYNAMIC -> linkedAdapter && m.isStatic() && m.getDeclaringClass().isInitialized() ? CallTarget.Dispatch.STATIC : null;
                case Bytecodes.INVOKESTATIC -> m.isStatic() && m.getDeclaringClass().isInitialized() ? CallTarget.Dispatch.STATIC : null;
                case Bytecodes.INVOKESPECIAL -> !m.isStatic() && !m.isAbstract() ? CallTarget.Dispatch.DIRECT : null;
                case Bytecodes.INVOKEVIRTUAL, Bytecodes.INVOKEINTERFACE -> {
                    if (linkedAdapter) {
                        // invokehandle: HotSpot resolves it as a static call of the adapter (no receiver:
                        // a null MethodHandle is the adapter's to throw on).
                        yield opcode == Bytecodes.INVOKEVIRTUAL && m.isStatic() && m.getDeclaringClass().isInitialized() ? CallTarget.Dispatch.STATIC : null;
                    }
                    if (m.isStatic()) {
                        yield null;
                    }
                    if (m.canBeStaticallyBound() && !m.isAbstract()) {
                        yield CallTarget.Dispatch.DIRECT;
                    }
                    yield opcode == Bytecodes.INVOKEINTERFACE ? CallTarget.Dispatch.INTERFACE : CallTarget.Dispatch.VIRTUAL;
                }
                default -> null;
            };
        }

        /** Interpreter stack slots the first {@code count} arguments take (a long or double two). */
        private static int argumentSlots(Value[] args, int count) {
            int n = 0;
            for (int k = 0; k < count; k++) {
                n += args[k].kind().getSlotCount();
            }
            return n;
        }

        // Allocation ------------------------------------------------------------------------------

        /**
         * {@code new}: an {@link Op#ALLOCATE} of the class's instance size, re-executing the bytecode
         * in the interpreter if it fails. A class not resolved or not initialized, or one the VM never
         * allocates inline (abstract, an interface, {@code java.lang.Class}: the slow-path bit of its
         * layout helper), deoptimizes: the interpreter allocates (or throws) and the method is compiled
         * again later. A class with a finalizer is allocated like any other: JDK 25 registers the object
         * at {@code Object.<init>}'s return ({@link Op#REGISTER_FINALIZER}), not at allocation.
         */
        private void newInstance(Instruction i) {
            if (!(i.type() instanceof ResolvedJavaType t) || !t.isInitialized() || t.isArray() || t.isInterface() || t.isAbstract()) {
                deoptimize(i);
                return;
            }
            int size = ((jdk.vm.ci.hotspot.HotSpotResolvedObjectType) t).instanceSize();
            if (size <= 0) {
                deoptimize(i); // the VM's slow-path bit: java.lang.Class and the like
                return;
            }
            Instruction a = new Instruction(g, Op.ALLOCATE, JavaKind.Object, AllocationShape.instance(t, constantReflection.asObjectHub(t), size), i.bci());
            a.setState(i.state().copy());
            replace(i, emit(a, i.stamp()));
        }

        /** {@code newarray}/{@code anewarray}: an {@link Op#ALLOCATE} of the array class with the length. */
        private void newArray(Instruction i) {
            if (!(i.type() instanceof ResolvedJavaType element) || element.getJavaKind() == JavaKind.Void) {
                deoptimize(i);
                return;
            }
            ResolvedJavaType arrayType = element.getArrayClass();
            JavaKind ek = element.getJavaKind();
            AllocationShape shape = AllocationShape.array(arrayType, constantReflection.asObjectHub(arrayType), ek, metaAccess.getArrayBaseOffset(ek),
                            metaAccess.getArrayIndexScale(ek), config.arrayLengthOffset);
            if (caughtHere(ImplicitException.Kind.NEGATIVE_SIZE) && !i.input(0).stamp().isNonNegative()) {
                // A handler catches NegativeArraySizeException: tested here, so that it can be thrown
                // in compiled code (elsewhere the allocation's slow path deoptimizes on it).
                Instruction c = new Instruction(g, Op.NEGATIVE_CHECK, JavaKind.Void,
                                exceptionDeopt(ImplicitException.Kind.NEGATIVE_SIZE, DeoptimizationReason.RuntimeConstraint, i.bci()), i.bci(), i.input(0));
                c.setState(i.state().copy());
                emit(c, null);
            }
            Instruction a = new Instruction(g, Op.ALLOCATE, JavaKind.Object, shape, i.bci(), i.input(0));
            a.setState(i.state().copy());
            replace(i, emit(a, i.stamp()));
        }

        // Monitors --------------------------------------------------------------------------------

        /**
         * A synchronized method locks its receiver or its class's mirror first, in monitor slot 0: a
         * {@link Op#LOCK} at the top of the entry block whose state is the interpreter's at bci 0 with
         * the monitor held and the arguments in their locals. Returns the locked value.
         */
        private Value lockMethod() {
            if (g.isOsr()) {
                // The interpreter holds the method's lock, the outermost: the code takes it over.
                for (Instruction i : g.entry().instructions()) {
                    if (i.op() == Op.OSR_LOCK && (Integer) i.attribute() == 0) {
                        return i;
                    }
                }
                throw new IllegalStateException("OSR graph of a synchronized method without its lock");
            }
            ResolvedJavaMethod m = g.method();
            Value[] locals = new Value[m.getMaxLocals()];
            int slot = 0;
            Value lock = null;
            for (Parameter p : g.parameters()) {
                locals[slot] = p;
                if (p.isReceiver()) {
                    lock = p;
                }
                slot += p.kind().getSlotCount();
            }
            if (lock == null) {
                lock = g.constant(constantReflection.asJavaClass(m.getDeclaringClass()));
            }
            FrameState held = new FrameState(m, 0, locals, new Value[0], new Value[]{lock});
            Instruction enter = new Instruction(g, Op.LOCK, JavaKind.Void, 0, 0, lock);
            enter.setState(held);
            Block entry = g.entry();
            if (entry.instructions().isEmpty()) {
                entry.insertAtEnd(enter);
            } else {
                entry.insertBefore(entry.instructions().get(0), enter);
            }
            return lock;
        }

        /**
         * Whether this is {@code Object.<init>}, whose return registers finalizers (in JDK 25 always:
         * the {@code RegisterFinalizersAtInit} flag is gone, as the interpreter's
         * {@code _return_register_finalizer} rewriting of this return shows).
         */
        /**
         * A synchronized method's return unlocks monitor slot 0 first. The unlock's state is the
         * interpreter's before the return bytecode (the value on the stack, the monitor held).
         */
        private void unlockAtReturn(Return r, Value lock) {
            Value[] stack = new Value[0];
            if (r.value() != null) {
                stack = new Value[r.value().kind().getSlotCount()];
                stack[0] = r.value();
            }
            Instruction exit = new Instruction(g, Op.UNLOCK, JavaKind.Void, 0, r.bci(), lock);
            exit.setState(new FrameState(g.method(), r.bci(), new Value[g.method().getMaxLocals()], stack, new Value[]{lock}));
            r.block().insertAtEnd(exit);
        }

        /**
         * {@code monitorenter}: a null check (the interpreter throws the NullPointerException), then a
         * {@link Op#LOCK} in the slot of the new lock's depth, whose state is the one after the bytecode:
         * the object popped, the monitor held, the interpreter to go on at the next bytecode.
         */
        private void monitorEnter(Instruction i) {
            Value x = i.input(In.OBJECT);
            FrameState before = i.state();
            nullCheck(x, before).explicitly();
            int depth = before.locksSize();
            Value[] locals = new Value[before.localsSize()];
            for (int k = 0; k < locals.length; k++) {
                locals[k] = before.local(k);
            }
            Value[] stack = new Value[before.stackSize() - 1];
            for (int k = 0; k < stack.length; k++) {
                stack[k] = before.stack(k);
            }
            Value[] locks = new Value[depth + 1];
            for (int k = 0; k < depth; k++) {
                locks[k] = before.lock(k);
            }
            locks[depth] = x;
            Instruction lock = new Instruction(g, Op.LOCK, JavaKind.Void, depth, i.bci(), x);
            lock.setState(new FrameState(before.method(), i.bci() + 1, locals, stack, locks, before.outer()));
            emit(lock, null);
            remove(i);
        }

        /**
         * {@code monitorexit}: an {@link Op#UNLOCK} of the innermost lock's object. Where the bytecode's
         * operand is not that same SSA value (an OSR entry reads the lock's object and the local that
         * javac copied it into separately), a {@link Op#SAME_CHECK} first: another object deoptimizes,
         * and the interpreter throws IllegalMonitorStateException.
         */
        private void monitorExit(Instruction i) {
            FrameState before = i.state();
            Value held = before.lock(before.locksSize() - 1);
            Value x = i.input(In.OBJECT);
            if (x != held) {
                Instruction same = new Instruction(g, Op.SAME_CHECK, JavaKind.Void, new Deopt(DeoptimizationReason.RuntimeConstraint, EXCEPTION_ACTION), i.bci(), x, held);
                same.setState(before.copy());
                emit(same, null);
            }
            Instruction unlock = new Instruction(g, Op.UNLOCK, JavaKind.Void, before.locksSize() - 1, i.bci(), held);
            unlock.setState(before.copy());
            emit(unlock, null);
            remove(i);
        }

        /**
         * {@code multianewarray}: an {@link Op#ALLOCATE_MULTI} of the array class with the dimensions;
         * an unresolved class deoptimizes.
         */
        private void newMultiArray(Instruction i) {
            if (!(i.type() instanceof ResolvedJavaType t) || !t.isArray()) {
                deoptimize(i);
                return;
            }
            Value[] dims = new Value[i.inputCount()];
            for (int k = 0; k < dims.length; k++) {
                dims[k] = i.input(k);
            }
            Instruction a = new Instruction(g, Op.ALLOCATE_MULTI, JavaKind.Object, constantReflection.asObjectHub(t), i.bci(), dims);
            a.setState(i.state().copy());
            replace(i, emit(a, i.stamp()));
        }

        // Type checks -----------------------------------------------------------------------------

        /**
         * {@code checkcast}: nothing where the object's stamp proves the cast (a type without interfaces,
         * which the bytecode verifier does not check); otherwise a {@link Op#TYPE_TEST} that null passes,
         * a {@link Op#GUARD} that deoptimizes when it fails (the interpreter throws
         * ClassCastException), and the object again as a {@link Op#PI} with the cast's stamp.
         */
        private void checkcast(Instruction i) {
            Value x = i.input(In.OBJECT);
            if (!(i.type() instanceof ResolvedJavaType t)) {
                deoptimize(i);
                return;
            }
            if (provenInstance(x.stamp(), t)) {
                replace(i, x);
                return;
            }
            if (castBefore(x, t, block)) {
                replace(i, emit(new Instruction(g, Op.PI, JavaKind.Object, null, i.bci(), x), i.stamp()));
                return;
            }
            Instruction test = emit(new Instruction(g, Op.TYPE_TEST, JavaKind.Int, knownNonNull(x, TypeTests.subtypeTest(t, constantReflection, true)), i.bci(), x), Stamp.forInt(0, 1));
            Deopt why = exceptionDeopt(DeoptimizationReason.ClassCastException, i.bci());
            Instruction guard = new Instruction(g, Op.GUARD, JavaKind.Void, why, i.bci(), test);
            guard.setState(i.state().copy());
            emit(guard, null);
            if (!why.compiledThrow()) {
                checkedCasts.computeIfAbsent(block, b -> new ArrayList<>(2)).add(new Object[]{withoutPi(x), t});
            }
            replace(i, emit(new Instruction(g, Op.PI, JavaKind.Object, null, i.bci(), x), i.stamp()));
        }

        /**
         * Whether {@code x} is known here ({@code b}) to be null or an instance of {@code t}: a cast of
         * it to a subtype of {@code t} passed in a dominating block or earlier in {@code b}
         * ({@link #checkedCasts}), or a dominating block is entered only through the edge of a branch on
         * which a type test of it for a subtype of {@code t} passed ({@code instanceof}, typically
         * right before the cast).
         */
        private boolean castBefore(Value x, ResolvedJavaType t, Block b) {
            Value object = withoutPi(x);
            for (Block d = b; d != null; d = d == g.entry() ? null : dominance.immediateDominator(d)) {
                List<Object[]> casts = checkedCasts.get(d);
                if (casts != null) {
                    for (Object[] c : casts) {
                        if (c[0] == object && t.isAssignableFrom((ResolvedJavaType) c[1])) {
                            return true;
                        }
                    }
                }
                if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f) || f.trueTarget() == f.falseTarget()) {
                    continue;
                }
                Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
                if (c == Condition.NE && f.x() instanceof Instruction test && test.op() == Op.TYPE_TEST && f.y() instanceof Constant zero
                                && zero.kind() == JavaKind.Int && zero.asInt() == 0 && withoutPi(test.input(In.OBJECT)) == object
                                && t.isAssignableFrom(((TypeTest) test.attribute()).type())) {
                    return true;
                }
            }
            return false;
        }

        /** {@code v} without the {@link Op#PI}s around it: the same reference, with the stamp of no cast. */
        private static Value withoutPi(Value v) {
            Value x = v;
            while (x instanceof Instruction p && p.op() == Op.PI) {
                x = p.input(0);
            }
            return x;
        }

        /** {@code instanceof}: a {@link Op#TYPE_TEST} that null fails; an unresolved type deoptimizes. */
        private void instanceOf(Instruction i) {
            if (!(i.type() instanceof ResolvedJavaType t)) {
                if (i.state() == null) {
                    throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "instanceof of an unresolved type at bci " + i.bci() + " without a state");
                }
                deoptimize(i);
                return;
            }
            replace(i, emit(new Instruction(g, Op.TYPE_TEST, JavaKind.Int, knownNonNull(i.input(In.OBJECT), TypeTests.subtypeTest(t, constantReflection, false)), i.bci(), i.input(In.OBJECT)), Stamp.forInt(0, 1)));
        }

        /**
         * Whether every non-null value of {@code s} is a {@code t}: its type is a subtype of {@code t}
         * and involves no interface (the verifier lets any reference through where an interface, or an
         * array of interfaces, is declared).
         */
        private static boolean provenInstance(Stamp s, ResolvedJavaType t) {
            ResolvedJavaType type = s.type();
            if (type == null || !t.isAssignableFrom(type)) {
                return false;
            }
            ResolvedJavaType elemental = type.getElementalType();
            return !elemental.isInterface();
        }

        // Arithmetic ------------------------------------------------------------------------------

        /**
         * {@code x / y} or {@code x % y}: a zero check unless the divisor cannot be 0, then the division
         * that cannot trap; a divisor that can only be 0 deoptimizes (the interpreter throws).
         */
        private void divide(Instruction i) {
            Value y = i.input(In.Y);
            if (y.stamp().isConstant(0)) {
                deoptimize(i, new Deopt(DeoptimizationReason.ArithmeticException, EXCEPTION_ACTION));
                return;
            }
            if (y.stamp().contains(0)) {
                Instruction check = new Instruction(g, Op.ZERO_CHECK, JavaKind.Void, exceptionDeopt(DeoptimizationReason.ArithmeticException, i.bci()), i.bci(), y);
                check.setState(i.state().copy());
                emit(check, null);
            }
            Instruction d = new Instruction(g, i.op() == Op.DIV ? Op.SDIV : Op.SREM, i.kind(), null, i.bci(), i.input(In.X), y);
            replace(i, emit(d, i.stamp()));
        }

        /**
         * A {@code bastore} into an array the stamps do not say is a byte[] or a boolean[] (an untyped
         * local of an OSR compile, a phi of both kinds): the verifier lets only those two through, and a
         * boolean[] keeps bit 0 of the value. So the value is ANDed with 1 for a boolean[] and with -1
         * for a byte[], the mask {@code (b - 1) | 1} of b = (array instanceof boolean[]), branch-free.
         * (HotSpot's interpreter tests a bit of the layout helper instead; a type test of the leaf
         * class boolean[] is one class compare.) Constants 0 and 1 store alike into both.
         */
        private Value byteOrBoolean(Value array, Value v, int bci) {
            if (v instanceof Constant c && (c.asInt() == 0 || c.asInt() == 1)) {
                return v;
            }
            ResolvedJavaType booleans = metaAccess.lookupJavaType(boolean[].class);
            Instruction b = emit(new Instruction(g, Op.TYPE_TEST, JavaKind.Int, knownNonNull(array, TypeTests.subtypeTest(booleans, constantReflection, false)), bci, array),
                            Stamp.forInt(0, 1));
            Instruction zeroOrMinusOne = emit(new Instruction(g, Op.SUB, JavaKind.Int, null, bci, b, g.intConstant(1)), Stamp.forInt(-1, 0));
            Instruction mask = emit(new Instruction(g, Op.OR, JavaKind.Int, null, bci, zeroOrMinusOne, g.intConstant(1)), Stamp.unrestricted(JavaKind.Int));
            return emit(new Instruction(g, Op.AND, JavaKind.Int, null, bci, v, mask), Stamp.unrestricted(JavaKind.Int));
        }

        /**
         * The value of a primitive store: a boolean keeps bit 0 (JVMS putfield, putstatic, bastore into
         * boolean[]) unless its stamp shows it is 0 or 1 already.
         */
        private Value storeValue(Value v, JavaKind kind, int bci) {
            if (kind != JavaKind.Boolean || v.stamp().fitsIn(JavaKind.Boolean)) {
                return v;
            }
            if (v instanceof Constant c) {
                return g.intConstant(c.asInt() & 1);
            }
            return emit(new Instruction(g, Op.AND, JavaKind.Int, null, bci, v, g.intConstant(1)), Stamp.forInt(0, 1));
        }

        /**
         * A method declared to return boolean, byte, char or short narrows its int as {@code ireturn}
         * does (JVMS: AND 1, i2b, i2c, i2s), unless the value's stamp shows it is in range already.
         */
        private void narrowReturn(Return r) {
            JavaKind declared = g.method().getSignature().getReturnKind();
            Value v = r.value();
            if (declared.getStackKind() != JavaKind.Int || declared == JavaKind.Int || v.stamp().fitsIn(declared)) {
                return;
            }
            Value narrowed;
            if (v instanceof Constant c) {
                int x = c.asInt();
                narrowed = g.intConstant(switch (declared) {
                    case Boolean -> x & 1;
                    case Byte -> (byte) x;
                    case Char -> (char) x;
                    default -> (short) x;
                });
            } else {
                Instruction n = switch (declared) {
                    case Boolean -> new Instruction(g, Op.AND, JavaKind.Int, null, r.bci(), v, g.intConstant(1));
                    case Byte -> new Instruction(g, Op.I2B, JavaKind.Int, null, r.bci(), v);
                    case Char -> new Instruction(g, Op.I2C, JavaKind.Int, null, r.bci(), v);
                    default -> new Instruction(g, Op.I2S, JavaKind.Int, null, r.bci(), v);
                };
                r.block().insertAtEnd(n);
                n.setStamp(Stamp.forValueOf(declared));
                narrowed = n;
            }
            r.setInput(0, narrowed);
        }

        // Null checks -----------------------------------------------------------------------------

        /**
         * A reference about to be accessed, and the state of its null check if it still needs one. Before
         * anything else reads the reference, the caller either appends the explicit check
         * ({@link #explicitly}), makes the access itself the check ({@link #forAccess}), or shows it
         * cannot be needed ({@link #coveredByBoundsCheck}).
         */
        private final class NullCheck {
            private final Value value;
            private FrameState pending;

            NullCheck(Value value, FrameState pending) {
                this.value = value;
                this.pending = pending;
            }

            /** Appends the pending check as a {@link Op#NULL_CHECK}. */
            void explicitly() {
                if (pending != null) {
                    Instruction c = new Instruction(g, Op.NULL_CHECK, JavaKind.Void, exceptionDeopt(DeoptimizationReason.NullCheckException, pending.bci()),
                                    pending.bci(), value);
                    c.setState(pending.copy());
                    emit(c, null);
                    pending = null;
                }
            }

            /**
             * The check is not needed: a bounds check against the array's length-or-zero fails for a
             * null array anyway, and deoptimizes to the same state.
             */
            void coveredByBoundsCheck() {
                pending = null;
            }

            /**
             * For the access added next, at {@code displacement} from the reference: the state it
             * carries as the implicit null check, or null if no check is pending or it must be explicit
             * (implicit checks off, or the access beyond the first page), in which case it is added now.
             */
            FrameState forAccess(int displacement) {
                if (pending == null || !implicit || displacement < 0 || displacement >= config.vmPageSize || nullChecksThrow()) {
                    explicitly();
                    return null;
                }
                FrameState s = pending.copy();
                pending = null;
                return s;
            }
        }

        private NullCheck nullCheck(Value v, FrameState fs) {
            if (v.stamp().isNonNull() || checkedBefore(v, block)) {
                return new NullCheck(v, null);
            }
            // A check whose NullPointerException goes to a handler in compiled code says nothing there: the
            // handler, which this block dominates, is where a null v arrives (found by ssajit fuzz, seed 194).
            if (!nullChecksThrow()) {
                checkedNonNull.computeIfAbsent(block, x -> new HashSet<>()).add(withoutPi(v));
            }
            return new NullCheck(v, fs);
        }

        /** {@code test}, without its null test where {@code x} is known non-null here. */
        private TypeTest knownNonNull(Value x, TypeTest test) {
            return x.stamp().isNonNull() || checkedBefore(x, block) ? test.ofNonNull() : test;
        }

        /**
         * Whether {@code v} is known non-null in {@code b}: a null check of it in a dominating block
         * (or earlier in {@code b}), or a dominating block entered only through a branch edge on which
         * it is non-null ({@link #nonNullOnEntry}).
         */
        private boolean checkedBefore(Value v, Block b) {
            Value object = withoutPi(v);
            for (Block d = b; d != null; d = d == g.entry() ? null : dominance.immediateDominator(d)) {
                Set<Value> s = checkedNonNull.get(d);
                if (s != null && s.contains(object)) {
                    return true;
                }
                if (nonNullOnEntry(object, d)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Whether block {@code d} is entered only through one edge of a branch that tested {@code v}:
         * {@code v != null} (or {@code null != v}) held there, or a type test that null fails
         * ({@code instanceof}, the class test of a profiled call) passed.
         */
        private boolean nonNullOnEntry(Value v, Block d) {
            if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f) || f.trueTarget() == f.falseTarget()) {
                return false;
            }
            Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
            if (c != Condition.NE) {
                return false;
            }
            if (f.x().kind() == JavaKind.Object) {
                return (withoutPi(f.x()) == v && isNullConstant(f.y())) || (withoutPi(f.y()) == v && isNullConstant(f.x()));
            }
            return f.x() instanceof Instruction t && f.y() instanceof Constant zero && zero.kind() == JavaKind.Int && zero.asInt() == 0
                            && (t.op() == Op.INSTANCEOF || t.op() == Op.CLASS_IS || (t.op() == Op.TYPE_TEST && !((TypeTest) t.attribute()).nullPasses()))
                            && withoutPi(t.input(In.OBJECT)) == v;
        }

        private static boolean isNullConstant(Value v) {
            return v instanceof Constant c && c.kind() == JavaKind.Object && c.isNull();
        }

        // Building blocks -------------------------------------------------------------------------

        /** Unconditional deoptimization for an unresolved entry. */
        private void deoptimize(Instruction i) {
            deoptimize(i, new Deopt(DeoptimizationReason.Unresolved, UNRESOLVED_ACTION));
        }

        /** {@code i} becomes an unconditional deoptimization; any result is a default constant (nothing after the trap runs). */
        private void deoptimize(Instruction i, Deopt why) {
            Instruction d = new Instruction(g, Op.DEOPTIMIZE, JavaKind.Void, why, i.bci());
            d.setState(i.state().copy());
            emit(d, null);
            if (i.kind() != JavaKind.Void) {
                replace(i, g.constant(JavaConstant.defaultForKind(i.kind())));
            } else {
                remove(i);
            }
        }

        /**
         * {@code Thread.currentThread()}: the thread's handle of its current thread object (the
         * virtual thread while one is mounted), read off the VM's thread, then the object it holds.
         */
        private void currentThread(Instruction i) {
            Value thread = emit(new Instruction(g, Op.THREAD, JavaKind.Long, null, i.bci()), Stamp.unrestricted(JavaKind.Long));
            Instruction handle = read(thread, null, new Access(JavaKind.Long, config.threadCurrentThreadObjectOffset, 0, false), null);
            Instruction object = read(handle, null, new Access(JavaKind.Object, 0, 0, false), null);
            object.setStamp(i.stamp());
            replace(i, object);
        }

        private Instruction read(Value base, Value index, Access access, FrameState nullCheck) {
            Instruction r = index == null ? new Instruction(g, Op.READ, access.valueKind(), access, anchor.bci(), base)
                            : new Instruction(g, Op.READ, access.valueKind(), access, anchor.bci(), base, index);
            if (nullCheck != null) {
                r.setState(nullCheck);
            }
            return emit(r, access.narrowOop() ? Stamp.unrestricted(JavaKind.Int) : Stamp.forValueOf(access.kind()));
        }

        private void write(Value base, Value index, Value value, Access access, FrameState nullCheck, int bci) {
            Instruction w = index == null ? new Instruction(g, Op.WRITE, JavaKind.Void, access, bci, base, value)
                            : new Instruction(g, Op.WRITE, JavaKind.Void, access, bci, base, value, index);
            if (nullCheck != null) {
                w.setState(nullCheck);
            }
            emit(w, null);
        }

        private Value uncompress(Value narrow, Stamp stamp) {
            return emit(new Instruction(g, Op.UNCOMPRESS, JavaKind.Object, new NarrowEncoding(config.narrowOopBase, config.narrowOopShift), anchor.bci(), narrow), stamp);
        }

        private Instruction membar(int barriers, int bci) {
            return new Instruction(g, Op.MEMBAR, JavaKind.Void, barriers, bci);
        }

        /** Inserts {@code x} before the instruction being lowered, with {@code stamp} (null: its kind's). */
        private Instruction emit(Instruction x, Stamp stamp) {
            block.insertBefore(anchor, x);
            if (stamp != null) {
                x.setStamp(stamp);
            }
            return x;
        }

        private void replace(Instruction old, Value with) {
            old.replaceAllUsesWith(with);
            remove(old);
        }

        private void remove(Instruction old) {
            old.block().removeInstruction(old);
        }
    }
}
