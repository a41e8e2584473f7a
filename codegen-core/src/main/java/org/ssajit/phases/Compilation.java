package org.ssajit.phases;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.debug.FaultInjection;
import org.ssajit.dump.PhaseDump;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirGraph;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.lowering.LoweringState;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.Providers;
import org.ssajit.regalloc.AllocationResult;
import org.ssajit.regalloc.RegisterAllocationConfig;
import org.ssajit.util.Nulls;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * One compile of one method as the {@link PhaseSuite} runs it: what it compiles with (the
 * {@link Setup}, shared by a compiler's compiles), what it compiles (the method, the entry bci, whether
 * compiled code catches exceptions), how it is watched (dump, listener), and what each phase produced
 * so far: the bytecode analyses, the graph, the lowering's state, the LIR, the allocation, the code.
 * Each phase sets what it produces; a later phase reads it. Confined to the compiling thread.
 */
public final class Compilation {
    /**
     * What a compiler compiles with: the VM's providers, the lowering (with its options), the back end,
     * the allocator's configuration, the build's options, the fault injector, whether the verifiers run,
     * and where the phases' times go.
     */
    public record Setup(Providers providers, HotSpotLowering lowering, Backend backend, RegisterAllocationConfig allocation, BuildOptions build,
                    FaultInjection faults, boolean verify, PhaseTimes times) {
        public Setup {
            Nulls.requireNonNull(providers);
            Nulls.requireNonNull(lowering);
            Nulls.requireNonNull(backend);
            Nulls.requireNonNull(allocation);
            Nulls.requireNonNull(build);
            Nulls.requireNonNull(faults);
            Nulls.requireNonNull(times);
        }

        public Setup withBuild(BuildOptions other) {
            return new Setup(providers, lowering, backend, allocation, other, faults, verify, times);
        }
    }

    private final Setup setup;
    private final ResolvedJavaMethod method;
    private final int entryBci;
    private final boolean compiledHandlers;
    private PhaseDump dump = PhaseDump.NONE;
    private PhaseListener listener = PhaseListener.NONE;

    private FrontEnd frontEnd;
    private Graph graph;
    private LoweringState lowering;
    private LirGraph lir;
    private AllocationResult allocation;
    private CompiledCode code;

    /**
     * A compile of {@code method} entered at {@code entryBci} (-1: a normal compile, else an on-stack
     * replacement at that loop header); {@code compiledHandlers}: whether exceptions thrown by calls are
     * caught in compiled code (off when a JVMTI agent can post exception events).
     */
    public Compilation(Setup setup, ResolvedJavaMethod method, int entryBci, boolean compiledHandlers) {
        this.setup = Nulls.requireNonNull(setup);
        this.method = Nulls.requireNonNull(method);
        this.entryBci = entryBci;
        this.compiledHandlers = compiledHandlers;
    }

    /** As the constructor, for a graph already built (the front end ran in an earlier compilation). */
    public static Compilation ofGraph(Setup setup, Graph graph, ResolvedJavaMethod method, boolean compiledHandlers) {
        Compilation c = new Compilation(setup, method, graph.osrBci(), compiledHandlers);
        c.graph = graph;
        return c;
    }

    public Compilation withDump(PhaseDump d) {
        this.dump = Nulls.requireNonNull(d);
        return this;
    }

    public Compilation withListener(PhaseListener l) {
        this.listener = Nulls.requireNonNull(l);
        return this;
    }

    public Setup setup() {
        return setup;
    }

    public ResolvedJavaMethod method() {
        return method;
    }

    public int entryBci() {
        return entryBci;
    }

    /** The name machine code and dumps give the method. */
    public String name() {
        return method.format("%H.%n(%p)");
    }

    public PhaseDump dump() {
        return dump;
    }

    public PhaseListener listener() {
        return listener;
    }

    public FaultInjection faults() {
        return setup.faults();
    }

    // What the phases produce, in order ---------------------------------------------------------

    void analyze() {
        frontEnd = FrontEnd.analyze(method, entryBci);
    }

    void construct() {
        graph = org.ssajit.parse.GraphBuilder.construct(frontEnd, setup.build(), setup.providers(), setup.faults()).graph();
    }

    public FrontEnd frontEnd() {
        return frontEnd;
    }

    /** The graph: Java-level after the build, machine-level after the lowering; null before construction. */
    public Graph graph() {
        return graph;
    }

    /** The lowering's state of this compile's graph, made on first use (by the lowering's first step). */
    public LoweringState loweringState() {
        if (lowering == null) {
            lowering = new LoweringState(graph, compiledHandlers);
        }
        return lowering;
    }

    void select() {
        lir = setup.backend().select(graph);
    }

    /** The LIR, from instruction selection on; null before. */
    public LirGraph lir() {
        return lir;
    }

    void allocate() {
        allocation = org.ssajit.regalloc.LinearScan.allocate(lir, setup.allocation());
    }

    /** The register allocation, from that phase on; null before. */
    public AllocationResult allocation() {
        return allocation;
    }

    void emit() {
        code = setup.backend().emit(lir, name());
    }

    /** The machine code, after emission; null before. */
    public CompiledCode code() {
        return code;
    }
}
