package org.ssajit.jvmci;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.debug.FaultInjection;
import org.ssajit.dump.PhaseDump;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Inlining;
import org.ssajit.parse.Providers;
import org.ssajit.regalloc.LinearScan;
import org.ssajit.regalloc.RegisterAllocationConfig;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * ssajit's compilation of one method, from bytecode to installable code: SSA construction with
 * on-the-fly optimizations and the SSA verifier ({@link #build}); the HotSpot lowering (which refuses
 * what ssajit does not compile yet) and the verifier again; instruction selection by the VM's
 * {@link Backend} (which refuses what only that target cannot compile), linear scan on SSA with its
 * allocation verifier, and emission with HotSpot's frame, polls, traps and handlers ({@link #compile}). Every refusal is a {@link org.ssajit.bytecode.BailoutException}
 * (or {@link org.ssajit.regalloc.RegisterAllocationException}); anything else thrown is a bug.
 */
public final class Pipeline {
    /** The names of the phases whose results a {@link PhaseDump} gets, in order. */
    public static final String AFTER_BUILD = "After SSA construction";
    public static final String AFTER_LOWERING = "After lowering";
    public static final String AFTER_SELECTION = "After instruction selection";
    public static final String AFTER_ALLOCATION = "After register allocation";

    /** What one compilation produced, for the installer and the dumps. */
    public record Result(Graph graph, CompiledCode code) {
    }

    private final Providers providers;
    private final HotSpotVmConfig config;
    private final HotSpotLowering lowering;
    private final Backend backend;
    private final RegisterAllocationConfig allocation;
    private final OptionValues options;
    private final FaultInjection faults;
    private final BuildOptions build;
    private final boolean verify;
    private final PhaseTimes times;

    /**
     * The pipeline of a compiler with these options ({@link SsajitOptions#VERIFY}, {@link BuildOptions#forCompile},
     * the lowering's {@link org.ssajit.lowering.LoweringOptions}) and this fault injector, for the VM of
     * {@code config}, adding each compile's phases to {@code times}.
     */
    public Pipeline(Providers providers, HotSpotVmConfig config, Backend backend, OptionValues options, FaultInjection faults, PhaseTimes times) {
        this.providers = providers;
        this.config = config;
        this.lowering = new HotSpotLowering(config, providers.metaAccess(), providers.constantReflection(), options);
        this.backend = backend;
        this.options = options;
        this.faults = faults;
        this.build = BuildOptions.forCompile(options);
        this.verify = options.get(SsajitOptions.VERIFY);
        this.times = times;
        // The allocator gets exactly what the back end can use: not its scratch registers, not the
        // registers its assembler cannot encode. Its verifier runs apart, to be timed apart.
        this.allocation = RegisterAllocationConfig.of(backend.registerConfig(), backend.moveFactory(), backend.withheldRegisters()).withVerification(false)
                        .withOriginalsRecorded(verify);
    }

    /**
     * The options of the host pipeline tests compile single methods with: every verifier on, calls left
     * as calls (a test that inlines says so), explicit null checks; the rest at their defaults.
     */
    public static final OptionValues TEST_OPTIONS = OptionValues.DEFAULTS.with(SsajitOptions.VERIFY, true).with(Inlining.INLINE, false)
                    .with(LoweringOptions.IMPLICIT_NULL_CHECKS, false);

    /** The phase times of this pipeline's compiles. */
    public PhaseTimes phaseTimes() {
        return times;
    }

    /** The options this pipeline compiles with. */
    public OptionValues options() {
        return options;
    }

    /** The host VM's pipeline with {@link #TEST_OPTIONS}. */
    public static Pipeline host() {
        return host(TEST_OPTIONS);
    }

    /** As {@link #host()}, with implicit null checks on or off. */
    public static Pipeline host(boolean implicitNullChecks) {
        return host(TEST_OPTIONS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, implicitNullChecks));
    }

    /** The host VM's pipeline with these options (and their fault injector). */
    public static Pipeline host(OptionValues options) {
        return new Pipeline(Providers.host(), HotSpotVmConfig.host(), Backends.host(), options, FaultInjection.of(options), new PhaseTimes());
    }

    /** This pipeline with other options (and the same fault injector, back end and times). */
    public Pipeline withOptions(OptionValues other) {
        return new Pipeline(providers, config, backend, other, faults, times);
    }

    /** This pipeline with another back end (e.g. one configured differently). */
    public Pipeline withBackend(Backend other) {
        return new Pipeline(providers, config, other, options, faults, times);
    }

    /** This pipeline with another fault injector. */
    public Pipeline withFaults(FaultInjection other) {
        return new Pipeline(providers, config, backend, options, other, times);
    }

    /** The fault injector of this pipeline's compiles. */
    public FaultInjection faults() {
        return faults;
    }

    public Backend backend() {
        return backend;
    }

    /** Both steps: {@link #build}, then {@link #compile(Graph, ResolvedJavaMethod)}. */
    public Result compile(ResolvedJavaMethod method) {
        Graph graph = build(method);
        return new Result(graph, compile(graph, method));
    }

    /** The method's SSA graph, optimized and (with verification on) verified. */
    public Graph build(ResolvedJavaMethod method) {
        return build(method, -1);
    }

    /**
     * The SSA graph of a compile entered at {@code entryBci}: -1 for a normal compile, else the loop
     * header where an on-stack-replacement compile takes over an interpreter frame.
     */
    public Graph build(ResolvedJavaMethod method, int entryBci) {
        return build(method, entryBci, build);
    }

    /** As {@link #build(ResolvedJavaMethod, int)}, with inlining on or off whatever the options say. */
    public Graph build(ResolvedJavaMethod method, int entryBci, boolean inlining) {
        return build(method, entryBci, build.withInlining(inlining));
    }

    /** As {@link #build(ResolvedJavaMethod, int)}, then the graph to {@code dump} ({@link #AFTER_BUILD}). */
    public Graph build(ResolvedJavaMethod method, int entryBci, PhaseDump dump) {
        Graph graph = build(method, entryBci);
        dump.printGraph(AFTER_BUILD, graph);
        return graph;
    }

    private Graph build(ResolvedJavaMethod method, int entryBci, BuildOptions how) {
        long t0 = System.nanoTime();
        Graph graph;
        try {
            graph = GraphBuilder.build(FrontEnd.analyze(method, entryBci), how, providers, faults).graph();
        } finally {
            times.since(PhaseTimes.Phase.BUILD, t0);
        }
        verify(graph);
        return graph;
    }

    private void verify(Graph graph) {
        if (verify) {
            long t0 = System.nanoTime();
            try {
                Verifier.verify(graph);
            } finally {
                times.since(PhaseTimes.Phase.VERIFY_SSA, t0);
            }
        }
    }

    /** Lowers a graph {@link #build} made (in place) and, with verification on, verifies it again. */
    public Graph lower(Graph graph) {
        return lower(graph, JvmtiCapabilities.NONE);
    }

    /** As {@link #lower(Graph)}, under the JVMTI capabilities the compile started with. */
    public Graph lower(Graph graph, JvmtiCapabilities jvmti) {
        long t0 = System.nanoTime();
        try {
            if (jvmti.postOnExceptions()) {
                lowering.lower(graph, false);
            } else {
                lowering.lower(graph);
            }
        } finally {
            times.since(PhaseTimes.Phase.LOWER, t0);
        }
        verify(graph);
        return graph;
    }

    /** Machine code for a graph {@link #build} made: lowering, instruction selection, register allocation, emission. */
    public CompiledCode compile(Graph graph, ResolvedJavaMethod method) {
        return compile(graph, method, JvmtiCapabilities.NONE);
    }

    /** As {@link #compile(Graph, ResolvedJavaMethod)}, under the JVMTI capabilities the compile started with. */
    public CompiledCode compile(Graph graph, ResolvedJavaMethod method, JvmtiCapabilities jvmti) {
        return compile(graph, method, jvmti, PhaseDump.NONE);
    }

    /**
     * As {@link #compile(Graph, ResolvedJavaMethod, JvmtiCapabilities)}, showing {@code dump} the lowered
     * graph ({@link #AFTER_LOWERING}), the LIR before and after register allocation
     * ({@link #AFTER_SELECTION}, {@link #AFTER_ALLOCATION}) and the allocator's intervals. Dumping is not
     * counted in any phase's time.
     */
    public CompiledCode compile(Graph graph, ResolvedJavaMethod method, JvmtiCapabilities jvmti, PhaseDump dump) {
        lower(graph, jvmti);
        dump.printGraph(AFTER_LOWERING, graph);
        long[] allocating = new long[1]; // the allocator's, its verifier's and the dumps' share of the back end's time
        long t0 = System.nanoTime();
        CompiledCode code;
        try {
            code = backend.compile(graph, method.format("%H.%n(%p)"), lir -> allocate(lir, allocating, dump));
        } finally {
            times.add(PhaseTimes.Phase.SELECT_AND_EMIT, System.nanoTime() - t0 - allocating[0]);
        }
        if (!graph.inlinedMethods().isEmpty() || !graph.assumptions().isEmpty()) {
            code = code.withInlining(graph.inlinedMethods(), graph.assumptions());
        }
        long size = (long) code.code().length + code.dataSection().length;
        long limit = config.nmethodSizeLimit;
        if (size > limit) {
            // HotSpot would refuse to install it ("code is too large"): a refusal, not a failure.
            throw new org.ssajit.bytecode.BailoutException(org.ssajit.bytecode.BailoutException.Reason.TOO_LARGE,
                            "machine code and data of " + size + " bytes exceed JVMCINMethodSizeLimit (" + limit + ")");
        }
        return code;
    }

    /**
     * Register allocation, then (with verification on) its verifier, each timed, with the LIR dumped
     * before and after allocation; their time, the dumps' included, goes to {@code spent[0]}.
     */
    private void allocate(org.ssajit.lir.LirGraph lir, long[] spent, PhaseDump dump) {
        long d0 = System.nanoTime();
        dump.printLir(AFTER_SELECTION, lir);
        spent[0] += System.nanoTime() - d0;
        long t0 = System.nanoTime();
        org.ssajit.regalloc.AllocationResult result;
        try {
            result = LinearScan.allocate(lir, allocation);
        } finally {
            long t = System.nanoTime() - t0;
            times.add(PhaseTimes.Phase.ALLOCATE, t);
            spent[0] += t;
        }
        // Before the verifier: an allocation it rejects is what one wants to look at.
        long d1 = System.nanoTime();
        dump.printLir(AFTER_ALLOCATION, lir);
        dump.printIntervals(AFTER_ALLOCATION, result);
        spent[0] += System.nanoTime() - d1;
        if (verify) {
            long t1 = System.nanoTime();
            try {
                result.verify();
            } finally {
                long t = System.nanoTime() - t1;
                times.add(PhaseTimes.Phase.VERIFY_ALLOCATION, t);
                spent[0] += t;
            }
        }
    }
}
