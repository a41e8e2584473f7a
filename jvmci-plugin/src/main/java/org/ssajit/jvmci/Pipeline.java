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
import org.ssajit.parse.Inlining;
import org.ssajit.parse.Providers;
import org.ssajit.phases.Compilation;
import org.ssajit.phases.PhaseSuite;
import org.ssajit.phases.PhaseTimes;
import org.ssajit.regalloc.RegisterAllocationConfig;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * ssajit's compilation of one method, from bytecode to installable code, as codegen-core's
 * {@link PhaseSuite} orders it (the one place the order is written): the graph built, optimized and
 * verified ({@link #build}); the HotSpot lowering (which refuses what ssajit does not compile yet) and
 * the verifier again, instruction selection by the VM's {@link Backend} (which refuses what only that
 * target cannot compile), linear scan on SSA with its allocation verifier, and emission with HotSpot's
 * frame, polls, traps and handlers ({@link #compile}). The pipeline holds what its compiles share (the
 * providers, the lowering, the back end, the options, the fault injector, the times) and checks the
 * code's size. Every refusal is a {@link org.ssajit.bytecode.BailoutException}
 * (or {@link org.ssajit.regalloc.RegisterAllocationException}); anything else thrown is a bug.
 */
public final class Pipeline {
    /** The names of the dumps of the graph after building, of the lowered graph, and of the LIR before and after allocation. */
    public static final String AFTER_BUILD = PhaseSuite.dumpName(PhaseSuite.standard().phase("SSA construction"));
    public static final String AFTER_LOWERING = PhaseSuite.dumpName(PhaseSuite.standard().lastLoweringStep());
    public static final String AFTER_SELECTION = PhaseSuite.dumpName(PhaseSuite.standard().phase("instruction selection"));
    public static final String AFTER_ALLOCATION = PhaseSuite.dumpName(PhaseSuite.standard().phase("register allocation"));

    /** What one compilation produced, for the installer and the dumps. */
    public record Result(Graph graph, CompiledCode code) {
    }

    private final Providers providers;
    private final HotSpotVmConfig config;
    private final Backend backend;
    private final OptionValues options;
    private final FaultInjection faults;
    private final BuildOptions build;
    private final PhaseTimes times;
    private final Compilation.Setup setup;
    private final PhaseSuite suite = PhaseSuite.standard();

    /**
     * The pipeline of a compiler with these options ({@link SsajitOptions#VERIFY}, {@link BuildOptions#forCompile},
     * the lowering's {@link org.ssajit.lowering.LoweringOptions}) and this fault injector, for the VM of
     * {@code config}, adding each compile's phases to {@code times}.
     */
    public Pipeline(Providers providers, HotSpotVmConfig config, Backend backend, OptionValues options, FaultInjection faults, PhaseTimes times) {
        this.providers = providers;
        this.config = config;
        this.backend = backend;
        this.options = options;
        this.faults = faults;
        // The inliner's full reasons only where something prints them: -Dssajit.PrintInlining, the dumps.
        this.build = BuildOptions.forCompile(options).withExplainedInlining(options.get(SsajitOptions.PRINT_INLINING) || options.get(SsajitOptions.DUMP) != null)
                        .withLockingCallees(options.get(org.ssajit.lowering.LoweringOptions.MONITORS));
        this.times = times;
        boolean verify = options.get(SsajitOptions.VERIFY);
        // The allocator gets exactly what the back end can use: not its scratch registers, not the
        // registers its assembler cannot encode. Its verifier is a phase of its own, timed apart.
        RegisterAllocationConfig allocation = RegisterAllocationConfig.of(backend.registerConfig(), backend.moveFactory(), backend.withheldRegisters())
                        .withVerification(false).withOriginalsRecorded(verify);
        HotSpotLowering lowering = new HotSpotLowering(config, providers.metaAccess(), providers.constantReflection(), options);
        this.setup = new Compilation.Setup(providers, lowering, backend, allocation, build, faults, verify, times);
    }

    /**
     * The options of the host pipeline tests compile single methods with: every verifier on, calls left
     * as calls (a test that inlines says so), explicit null checks, every branch side compiled (a test
     * warms a method with some inputs and then runs it with others, in code that must stay valid);
     * the rest at their defaults.
     */
    public static final OptionValues TEST_OPTIONS = OptionValues.DEFAULTS.with(SsajitOptions.VERIFY, true).with(Inlining.INLINE, false)
                    .with(LoweringOptions.IMPLICIT_NULL_CHECKS, false).with(org.ssajit.parse.BytecodeParser.UNTAKEN_BRANCH_TRAPS, false)
                    .with(Inlining.RECEIVER_TRAPS, false);

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

    /** As {@link #build(ResolvedJavaMethod, int)}, showing {@code dump} the graph after each phase. */
    public Graph build(ResolvedJavaMethod method, int entryBci, PhaseDump dump) {
        return build(method, entryBci, build, dump);
    }

    private Graph build(ResolvedJavaMethod method, int entryBci, BuildOptions how) {
        return build(method, entryBci, how, PhaseDump.NONE);
    }

    private Graph build(ResolvedJavaMethod method, int entryBci, BuildOptions how, PhaseDump dump) {
        Compilation c = new Compilation(setup.withBuild(how), method, entryBci, true).withDump(dump);
        suite.build(c);
        return c.graph();
    }

    /** Lowers a graph {@link #build} made (in place) and, with verification on, verifies it again. */
    public Graph lower(Graph graph) {
        return lower(graph, JvmtiCapabilities.NONE);
    }

    /** As {@link #lower(Graph)}, under the JVMTI capabilities the compile started with. */
    public Graph lower(Graph graph, JvmtiCapabilities jvmti) {
        suite.lower(Compilation.ofGraph(setup, graph, graph.method(), compiledHandlers(jvmti)));
        return graph;
    }

    /**
     * Whether compiled code catches exceptions: as the lowering's options say, unless a JVMTI agent
     * can post exception events, which the interpreter posts and a compiled handler would not (C2
     * deoptimizes then too).
     */
    private boolean compiledHandlers(JvmtiCapabilities jvmti) {
        return !jvmti.postOnExceptions() && options.get(LoweringOptions.COMPILED_HANDLERS);
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
     * As {@link #compile(Graph, ResolvedJavaMethod, JvmtiCapabilities)}, showing {@code dump} the graph
     * after each lowering step, the LIR after selection, allocation and emission, and the allocator's
     * intervals ({@link PhaseSuite}). Dumping is not counted in any phase's time.
     */
    public CompiledCode compile(Graph graph, ResolvedJavaMethod method, JvmtiCapabilities jvmti, PhaseDump dump) {
        Compilation c = Compilation.ofGraph(setup, graph, method, compiledHandlers(jvmti)).withDump(dump);
        suite.lower(c);
        suite.emit(c);
        CompiledCode code = c.code();
        if (!graph.inlinedMethods().isEmpty() || !graph.assumptions().isEmpty()) {
            code = code.withInlining(graph.inlinedMethods(), graph.assumptions());
        }
        if (graph.hasUnsafeAccess()) {
            code = code.withUnsafeAccess();
        }
        long size = (long) code.codeSize() + code.dataSectionSize() + callStubsBound(code);
        long limit = config.nmethodSizeLimit;
        if (size > limit) {
            // HotSpot would refuse to install it ("code is too large"): a refusal, not a failure.
            throw new org.ssajit.bytecode.BailoutException(org.ssajit.bytecode.BailoutException.Reason.TOO_LARGE,
                            "machine code and data of " + size + " bytes (HotSpot's call stubs included) exceed JVMCINMethodSizeLimit (" + limit + ")");
        }
        return code;
    }

    /** Bytes HotSpot may add for a static or special call site (its stub to the interpreter, and on AArch64 a trampoline): a bound for both targets. */
    static final int STATIC_CALL_STUBS_BOUND = 64;
    /** Bytes HotSpot may add for a virtual or interface call site (on AArch64 a trampoline): a bound. */
    static final int VIRTUAL_CALL_STUBS_BOUND = 32;

    /**
     * A bound on the stubs HotSpot adds to the code at installation, which its size limit counts
     * (JVMCI's code installer estimates them from the call marks: a stub to the interpreter for each
     * static or special call, a trampoline for every call where the target needs them; their sizes
     * are the VM's own and JVMCI does not expose them).
     */
    long callStubsBound(CompiledCode code) {
        long bound = 0;
        for (jdk.vm.ci.code.site.Site s : code.sites()) {
            if (s instanceof jdk.vm.ci.code.site.Mark m && m.id instanceof Integer id) {
                if (id == config.markInvokeStatic || id == config.markInvokeSpecial) {
                    bound += STATIC_CALL_STUBS_BOUND;
                } else if (id == config.markInvokeVirtual || id == config.markInvokeInterface) {
                    bound += VIRTUAL_CALL_STUBS_BOUND;
                }
            }
        }
        return bound;
    }
}
