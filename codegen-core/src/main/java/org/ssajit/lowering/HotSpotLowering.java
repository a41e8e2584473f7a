package org.ssajit.lowering;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AllocationShape;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.FrameState;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Stamp;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.ir.Stamps;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionValues;
import org.ssajit.phases.PhaseSuite;
import org.ssajit.ssa.RedundantPhiElimination;
import org.ssajit.util.Nulls;

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
 * instead of in each back end. Its steps are the public methods taking a {@link LoweringState}; their
 * order is written once, in codegen-core's {@code PhaseSuite} (the lowering stage), and
 * {@link #lower(Graph)} runs them in that order. The step that lowers the instructions
 * ({@link #instructions}) is {@link InstructionLowering} with its per-topic lowerings (fields, arrays,
 * reference stores and their barriers, calls, allocation, monitors, type checks, arithmetic): it emits
 * every check a Java operation needs, explicitly. The next step, {@link CheckElimination}, removes
 * the checks that cannot fail (a null check of a value whose stamp is non-null or that a dominating
 * check or branch already tested, a bounds check passed before or whose index is proven non-negative
 * and below the array's length by a dominating branch, a zero check of a divisor whose stamp excludes
 * 0 or that a dominating zero check passed, a cast proven by the stamp or a dominating cast or type test), and the one after it,
 * {@link ImplicitNullChecks}, makes a null check left the access after it where the policy below
 * allows. The card-table post-barriers, G1's barriers, the allocations, the locks and unlocks,
 * the finalizer registrations and the type tests and store checks are expanded after it ({@link BarrierExpansion},
 * {@link G1BarrierExpansion}, {@link AllocationExpansion}, {@link MonitorExpansion}, {@link FinalizerExpansion},
 * {@link TypeCheckExpansion}), the type tests after the compiled throws and handler dispatches that
 * branch on them ({@link ImplicitThrows}, {@link ExceptionDispatch}).
 *
 * <p>Policies decided here, for every target: a failed check deoptimizes with action
 * {@link #EXCEPTION_ACTION} (the code stays; the interpreter throws), an unresolved entry or an
 * uninitialized class with {@link #UNRESOLVED_ACTION}; a null check is the access itself (an
 * implicit null check: a null base faults in the VM's protected page) where the access follows it in
 * its block with nothing that can be seen in between, is within a page of its base, the failure does
 * not throw to a handler in compiled code, implicit null checks are on, and the method's profile
 * records no null-check deoptimization yet (after one, the recompiled code tests explicitly and keeps running when nulls
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
        this.config = Nulls.requireNonNull(config);
        this.metaAccess = Nulls.requireNonNull(metaAccess);
        this.constantReflection = Nulls.requireNonNull(constantReflection);
        this.options = Nulls.requireNonNull(options);
        this.implicitNullChecks = options.get(LoweringOptions.IMPLICIT_NULL_CHECKS);
        this.gc = config.selectedGc();
    }

    /** As the public constructor, lowering for collector {@code gc} ({@code CollectedHeap::Name}) instead of the VM's: for tests. */
    HotSpotLowering(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection, OptionValues options, int gc) {
        this.config = Nulls.requireNonNull(config);
        this.metaAccess = Nulls.requireNonNull(metaAccess);
        this.constantReflection = Nulls.requireNonNull(constantReflection);
        this.options = Nulls.requireNonNull(options);
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

    public MetaAccessProvider metaAccess() {
        return metaAccess;
    }

    public ConstantReflectionProvider constantReflection() {
        return constantReflection;
    }

    /** The collector it lowers for ({@code CollectedHeap::Name}). */
    public int gc() {
        return gc;
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
     * As {@link #lower(Graph, boolean)}; without {@code expandTypeChecks} the graph keeps the macro-ops
     * the suite's expansion steps would expand ({@link HotSpotOp#TYPE_TEST}s, {@link HotSpotOp#STORE_CHECK}s, the
     * barriers, the allocations, the locks and unlocks). A view for tests of the decisions made before the expansions, not a
     * configuration: every compilation expands them, since no back end selects them (a graph that kept
     * them would be refused at selection).
     */
    void lower(Graph g, boolean compiledHandlers, boolean expandTypeChecks) {
        lower(g, compiledHandlers, p -> expandTypeChecks || !p.expandsMacroOps());
    }

    /** As {@link #lower(Graph, boolean)}, with only the steps {@code run} accepts: a view for tests. */
    void lower(Graph g, boolean compiledHandlers, java.util.function.Predicate<PhaseSuite.LoweringPhase> run) {
        // Shenandoah and ZGC process thread stacks concurrently (stack watermarks): a frame an exception
        // unwinds into must be processed first, which HotSpot's handlers and the deoptimization with
        // an exception do (StackWatermarkSet::after_unwind) and a handler dispatched in compiled code
        // would not. Until ssajit's dispatch does it too, its code deoptimizes to catch.
        LoweringState s = new LoweringState(g, compiledHandlers && gc != config.gcShenandoah && gc != config.gcZ);
        for (PhaseSuite.LoweringPhase p : PhaseSuite.standard().loweringSteps()) {
            if (run.test(p)) {
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
        // The profile that speaks for a bci is its own method's: an inlined callee's bytecodes are
        // counted (exceptions seen, traps) in the callee's profile. Read once per method.
        Map<ResolvedJavaMethod, ProfilingInfo> profiles = new CompilerMap<>();
        for (Block b : g.blocks()) {
            if (s.compiledHandlers && ExceptionDispatch.keeps(b)) {
                s.kept.add(b);
                // A call's receiver check (CallLowering, an explicit check before the call): a null
                // receiver thrown to the handlers as the checks below are where the profile saw an
                // exception at the call; before that the check deoptimizes and recompiles after a few
                // (with no action, every null would trap, for good).
                int bci = ImplicitThrows.receiverCheckBci(b);
                ProfilingInfo profile = bci >= 0 && implicitMode == ImplicitThrows.Mode.PROFILE ? profileOfLast(b, profiles) : null;
                if (implicitMode != ImplicitThrows.Mode.NEVER && bci >= 0) {
                    (throwsInCompiledCode(implicitMode, profile, bci) ? s.throwing : s.recompiling).add(b);
                    s.tryHandlers.put(b, CompilerList.copyOf(b.handlers()));
                    s.tryBcis.put(b, bci);
                }
            } else if (implicitMode != ImplicitThrows.Mode.NEVER && ImplicitThrows.throwingBci(b) >= 0) {
                int bci = ImplicitThrows.throwingBci(b);
                ProfilingInfo profile = implicitMode == ImplicitThrows.Mode.PROFILE ? profileOfLast(b, profiles) : null;
                s.tryHandlers.put(b, CompilerList.copyOf(b.handlers()));
                s.tryBcis.put(b, bci);
                if (throwsInCompiledCode(implicitMode, profile, bci)) {
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

    /** Every Java-level instruction lowered, dominators first, with every check it needs. */
    public void instructions(LoweringState s) {
        boolean unwinding = s.compiledHandlers && options.get(LoweringOptions.UNWIND_EXCEPTIONS);
        new InstructionLowering(this, s.graph, s.stamps, s.tryHandlers, s.tryBcis, s.throwing, s.recompiling, unwinding, hotKinds()).run();
    }

    /** The checks that cannot fail removed ({@link CheckElimination}). */
    public void checkElimination(LoweringState s) {
        CheckElimination.run(s.graph, s.stamps, config.arrayLengthOffset);
    }

    /**
     * The null checks left made their accesses ({@link ImplicitNullChecks}) where implicit null checks
     * are on and the method's profile records no null-check deoptimization yet.
     */
    public void implicitNullChecks(LoweringState s) {
        if (implicitNullChecks && !nullCheckDeoptimized(s.graph.method())) {
            ImplicitNullChecks.run(s.graph, config.vmPageSize);
        }
    }

    /** The implicit exceptions compiled code throws to a handler, created ({@link ImplicitThrows}). */
    public void implicitThrows(LoweringState s) {
        if (!s.throwing.isEmpty()) {
            ImplicitThrows.Mode mode = options.get(LoweringOptions.IMPLICIT_EXCEPTIONS);
            boolean byProfile = mode == ImplicitThrows.Mode.PROFILE && hotThrowsOmitTraces();
            // Hot where the kind trapped in the check's own method: the checks the instruction lowering marked by the same test.
            java.util.function.BiPredicate<ImplicitException.Kind, ResolvedJavaMethod> hot = hotKinds();
            ImplicitThrows.expand(s.graph, (kind, method) -> kind.preallocatedWhenHot() && (mode == ImplicitThrows.Mode.PREALLOCATED || byProfile && hot.test(kind, method))
                            ? preallocated(s, kind)
                            : null);
        }
    }

    /**
     * Whether a failed check at {@code bci} caught by a handler throws in compiled code (else it
     * deoptimizes so that HotSpot counts it and recompiles): always in the test modes; with the
     * profile (of the check's own method), where it saw the exception and, where hot throws omit their
     * stack traces, a check of that method has trapped ({@link ImplicitThrows}).
     */
    private boolean throwsInCompiledCode(ImplicitThrows.Mode mode, ProfilingInfo profile, int bci) {
        return mode == ImplicitThrows.Mode.ALWAYS || mode == ImplicitThrows.Mode.PREALLOCATED
                        || ImplicitThrows.seen(profile, bci) && (!hotThrowsOmitTraces() || ImplicitThrows.trapped(profile));
    }

    /**
     * Which kinds of failed check a block that throws in compiled code ({@link LoweringState#throwing})
     * throws there, by the check's own method: all in the test modes and where the VM keeps the stack
     * traces of hot throws; else a kind with a preallocated instance only once it has trapped in that
     * method, so that it is thrown as that instance ({@link #implicitThrows}). Its other checks
     * deoptimize and recompile after a few, as C2's first code does: a kind the profile saw but that
     * never trapped (it threw before the first compile) would otherwise create an exception with a
     * stack trace each time, for good.
     */
    private java.util.function.BiPredicate<ImplicitException.Kind, ResolvedJavaMethod> hotKinds() {
        ImplicitThrows.Mode mode = options.get(LoweringOptions.IMPLICIT_EXCEPTIONS);
        if (mode != ImplicitThrows.Mode.PROFILE || !hotThrowsOmitTraces()) {
            return (kind, method) -> true;
        }
        Map<ResolvedJavaMethod, ProfilingInfo> profiles = new CompilerMap<>();
        return (kind, method) -> {
            if (!kind.preallocatedWhenHot()) {
                return true;
            }
            ProfilingInfo profile = profiles.computeIfAbsent(method, ImplicitThrows::profile);
            return profile != null && profile.getDeoptimizationCount(kind.reason()) > 0;
        };
    }

    /**
     * The profile of the method whose bytecode {@code b}'s last instruction is (an inlined callee's
     * for its code), or null if it has no state to tell or no profile; {@code profiles} caches them.
     */
    private static ProfilingInfo profileOfLast(Block b, Map<ResolvedJavaMethod, ProfilingInfo> profiles) {
        List<Instruction> code = b.instructions();
        org.ssajit.ir.FrameState state = code.isEmpty() ? null : code.get(code.size() - 1).state();
        return state == null ? null : profiles.computeIfAbsent(state.method(), ImplicitThrows::profile);
    }

    /**
     * Whether hot implicit exceptions may be thrown as preallocated instances here: the VM omits their
     * stack traces ({@link HotSpotVmConfig#omitStackTraceOfHotThrows}) and the constants are the VM's
     * own objects.
     */
    private boolean hotThrowsOmitTraces() {
        return config.omitStackTraceOfHotThrows && constantReflection instanceof jdk.vm.ci.hotspot.HotSpotConstantReflectionProvider;
    }

    /**
     * The preallocated exception of {@code kind}: an instance allocated without running a constructor,
     * as C2's {@code ciEnv::get_or_create_exception} does. Its fields keep their defaults: no message,
     * stack trace, backtrace, cause or suppressed exceptions, and Throwable lets none of them be set
     * later but the message (through deep reflection only); so a handler sees what C2's code gives it.
     * One instance of each kind for the VM's lifetime ({@link #PREALLOCATED}), as C2's are global
     * handles: an object that only nmethods refer to is dead to a collection that unloads classes, and
     * HotSpot unloads those nmethods with it.
     */
    JavaConstant preallocated(LoweringState s, ImplicitException.Kind kind) {
        JavaConstant c = s.preallocated.get(kind);
        if (c == null) {
            c = ((jdk.vm.ci.hotspot.HotSpotConstantReflectionProvider) constantReflection).forObject(preallocatedInstance(kind));
            s.preallocated.put(kind, c);
        }
        return c;
    }

    /** The preallocated exceptions made so far, kept alive by this class (loaded as long as the compiler is). */
    private static final java.util.EnumMap<ImplicitException.Kind, Object> PREALLOCATED = new java.util.EnumMap<>(ImplicitException.Kind.class);

    private static synchronized Object preallocatedInstance(ImplicitException.Kind kind) {
        Object instance = PREALLOCATED.get(kind);
        if (instance == null) {
            try {
                instance = org.ssajit.hotspot.HostUnsafe.UNSAFE.allocateInstance(kind.javaClass());
            } catch (InstantiationException e) {
                throw new IllegalStateException("cannot allocate a " + kind.javaClass().getName(), e);
            }
            PREALLOCATED.put(kind, instance);
        }
        return instance;
    }

    /** The handlers' dispatch after calls and athrows whose exceptions compiled code catches ({@link ExceptionDispatch}). */
    public void exceptionDispatch(LoweringState s) {
        Graph g = s.graph;
        if (!s.kept.isEmpty()) {
            // An invoke the lowering turned into a deoptimization (a site not linked yet) keeps no edges.
            Set<Block> calls = new CompilerSet<>();
            for (Block b : g.blocks()) {
                var code = b.instructions();
                if (!b.handlers().isEmpty() && (b.terminator() instanceof Throw || !code.isEmpty() && code.get(code.size() - 1).op() == HotSpotOp.CALL)) {
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

    /** G1's SATB, keep-alive and post-barriers expanded into the thread's queues, filters and runtime calls ({@link G1BarrierExpansion}). */
    public void g1BarrierExpansion(LoweringState s) {
        if (gc == config.gcG1) {
            G1BarrierExpansion.expand(s.graph, config);
        }
    }

    /**
     * Shenandoah's load-reference, SATB, keep-alive and card barriers and its reference swaps expanded
     * into tests of the thread's gc state, the queue, the card table and runtime calls
     * ({@link ShenandoahBarrierExpansion}).
     */
    public void shenandoahBarrierExpansion(LoweringState s) {
        if (gc == config.gcShenandoah) {
            ShenandoahBarrierExpansion.expand(s.graph, config);
        }
    }

    /**
     * ZGC's load and store barriers expanded into color tests with patched immediates, uncoloring and
     * runtime calls ({@link ZBarrierExpansion}).
     */
    public void zBarrierExpansion(LoweringState s) {
        if (gc == config.gcZ) {
            ZBarrierExpansion.expand(s.graph);
        }
    }

    /** Allocations expanded into the TLAB's bump, the header's and zeros' writes and the VM's slow path ({@link AllocationExpansion}). */
    public void allocationExpansion(LoweringState s) {
        AllocationExpansion.expand(s.graph, config);
    }

    /** Locks and unlocks expanded into lightweight locking's fast paths and the VM's slow paths ({@link MonitorExpansion}). */
    public void monitorExpansion(LoweringState s) {
        MonitorExpansion.expand(s.graph, config);
    }

    /** Finalizer registrations expanded into the class's flag tested and the VM's call in a cold block ({@link FinalizerExpansion}). */
    public void finalizerExpansion(LoweringState s) {
        FinalizerExpansion.expand(s.graph, config);
    }

    /** Type tests and store checks expanded into HotSpot's subtype check ({@link TypeCheckExpansion}). */
    public void typeCheckExpansion(LoweringState s) {
        TypeCheckExpansion.expand(s.graph, config);
    }

    /**
     * Branches on a boolean the expansions materialized threaded ({@link BranchThreading}): an
     * instanceof or class test expanded into {@code phi(1, 0)} that a branch then tests (a guard's
     * class test, a cast's, an inlined {@code equals}') goes from each test straight to its side.
     */
    public void branchThreading(LoweringState s) {
        org.ssajit.opt.BranchThreading.run(s.graph);
    }

    /**
     * The safepoint polls of innermost counted int loops left out ({@link CountedLoopPolls}) unless
     * {@link LoweringOptions#COUNTED_LOOP_SAFEPOINTS} keeps them: on the final control flow.
     */
    public void countedLoopPolls(LoweringState s) {
        if (!options.get(LoweringOptions.COUNTED_LOOP_SAFEPOINTS)) {
            CountedLoopPolls.run(s.graph);
        }
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
            org.ssajit.opt.UnreachableBlocks.dropExceptionEdges(b);
            for (Instruction i : b.instructions()) {
                i.setExceptionEdge(false);
            }
        }
        org.ssajit.opt.UnreachableBlocks.remove(g); // of the control flow without exception edges
    }

}
