package org.ssajit.jvmci;

import org.ssajit.phases.PhaseTimes;
import java.io.PrintStream;
import java.nio.file.Path;

import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.debug.FaultInjection;
import org.ssajit.dump.PhaseDump;
import org.ssajit.ir.Graph;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.Providers;
import org.ssajit.regalloc.AllocationVerificationError;
import org.ssajit.regalloc.RegisterAllocationException;
import org.ssajit.verify.VerificationError;

import jdk.vm.ci.code.CompilationRequest;
import jdk.vm.ci.code.CompilationRequestResult;
import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.hotspot.HotSpotCodeCacheProvider;
import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.MemoryAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCIBackend;
import jdk.vm.ci.runtime.JVMCICompiler;
import jdk.vm.ci.runtime.JVMCIRuntime;

/**
 * ssajit as HotSpot's JVMCI compiler. Every request ends in one of two ways: code installed, or a
 * {@linkplain HotSpotCompilationRequestResult#failure refusal with a reason}, after which HotSpot keeps
 * running the method in its own tiers. Nothing thrown inside ssajit escapes: any {@link Throwable}
 * becomes a refusal, so a compiler bug never takes the VM down.
 *
 * <p>A request is refused before any work if ssajit could not initialize, the method is filtered out,
 * or the collector is not supported; otherwise the {@link Pipeline} compiles the method (a normal
 * or an on-stack-replacement entry), or refuses it with the reason of a {@link BailoutException}
 * (e.g. a bytecode that is not compiled yet). In a code cache of one heap ({@code -XX:-SegmentedCodeCache})
 * a method is also refused, for now (HotSpot may ask again), while installing it would leave less
 * than the VM's reserve for its own code free ({@link CodeCacheReserve}).
 *
 * <p>Initialization is lazy, on the first request: the factory's {@code createCompiler} runs while
 * HotSpot sets up JVMCI and must stay trivial.
 */
public final class SsajitCompiler implements JVMCICompiler {
    /** Longest reason handed to HotSpot (it ends up in -XX:+PrintCompilation and compile logs). */
    private static final int MAX_REASON = 300;

    private final JVMCIRuntime runtime;
    private final OptionValues options;
    private final FaultInjection faults;
    private final CompileStats stats;
    private volatile Context context;
    private volatile HotSpotVmConfig gcConfig;

    /** What initialization produced; {@code setupError} non-null means every request is refused with it. */
    private record Context(OptionValues options, String setupError, Pipeline pipeline, Installer installer, HotSpotVmConfig config,
                    String gcRefusal, CompileStats stats, Dumper dumper, MemoryAccessProvider memory, CodeCacheReserve codeCache) {
    }

    /**
     * How a request ended: installed code of {@code codeBytes} bytes ({@code reason == null}), or a refusal
     * with the reason HotSpot and the log see, the category statistics count, and whether HotSpot may ask
     * again later ({@code retry}; otherwise the method is never compiled at this tier again).
     */
    private record Outcome(String reason, String category, int codeBytes, boolean retry, int inlinedCalls, int inlinedByProfile, int inlinedBytecodes,
                    int untakenBranchTraps, int unallocated, int unrolledLoops) {
        static Outcome refused(String reason, String category) {
            return new Outcome(reason, category, 0, false, 0, 0, 0, 0, 0, 0);
        }

        /** A refusal for now (no room in the code cache): HotSpot may ask again. */
        static Outcome refusedForNow(String reason, String category) {
            return new Outcome(reason, category, 0, true, 0, 0, 0, 0, 0, 0);
        }

        /**
         * Installed code of {@code codeBytes} bytes, into which {@code inlinedCalls} calls were inlined, {@code inlinedByProfile} of
         * them for profiled receiver classes, {@code inlinedBytecodes} bytes of bytecode in all; {@code unallocated} objects that
         * escape analysis did not allocate; {@code unrolledLoops} loops unrolled.
         */
        static Outcome installed(int codeBytes, int inlinedCalls, int inlinedByProfile, int inlinedBytecodes, int untakenBranchTraps, int unallocated,
                        int unrolledLoops) {
            return new Outcome(null, null, codeBytes, false, inlinedCalls, inlinedByProfile, inlinedBytecodes, untakenBranchTraps, unallocated, unrolledLoops);
        }

        boolean isInstalled() {
            return reason == null;
        }
    }

    /**
     * A compiler with these options (already checked: {@link SsajitCompilerFactory#onSelection}) and
     * fault injector that counts into {@code stats} (whose summary reports the injector's faults).
     */
    SsajitCompiler(JVMCIRuntime runtime, OptionValues options, CompileStats stats) {
        this.runtime = runtime;
        this.options = options;
        this.stats = stats;
        this.faults = stats.faults();
    }

    /** A compiler of its own with these options (a test's): its own fault injector and statistics. */
    SsajitCompiler(JVMCIRuntime runtime, OptionValues options) {
        this(runtime, options, new CompileStats(FaultInjection.of(options)));
    }

    @Override
    public CompilationRequestResult compileMethod(CompilationRequest request) {
        if (!stats.begin()) {
            return HotSpotCompilationRequestResult.failure("the VM is exiting", false);
        }
        try {
            return compile(request);
        } finally {
            stats.end();
        }
    }

    private CompilationRequestResult compile(CompilationRequest request) {
        long start = System.nanoTime();
        long cpuStart = -1;
        Outcome outcome;
        Context ctx = null;
        int bytecodes = 0;
        int id = -1;
        try {
            id = request instanceof HotSpotCompilationRequest h ? h.getId() : -1;
            ctx = context();
            if (ctx.options().get(SsajitOptions.LOG)) {
                cpuStart = ThreadCpuTime.nanos();
            }
            bytecodes = request.getMethod().getCodeSize();
            outcome = decide(ctx, request, id);
        } catch (Throwable t) {
            PipelineOutcome o = PipelineOutcome.of(t);
            outcome = Outcome.refused(o.message(), o.category());
            if (ctx != null && ctx.options().get(SsajitOptions.LOG)) {
                t.printStackTrace();
            }
        }
        String reason = outcome.isInstalled() ? null : truncate(outcome.reason());
        try {
            long nanos = System.nanoTime() - start;
            if (ctx != null) {
                ctx.stats().record(bytecodes, nanos, outcome.category(), outcome.codeBytes(), outcome.inlinedCalls(), outcome.inlinedByProfile(),
                                outcome.untakenBranchTraps(), outcome.unallocated(), outcome.unrolledLoops());
                if (ctx.options().get(SsajitOptions.LOG)) {
                    long cpu = cpuStart < 0 ? -1 : ThreadCpuTime.nanos() - cpuStart;
                    System.err.println(logLine(id, request, bytecodes, reason, nanos, cpu, outcome.codeBytes(), outcome.inlinedCalls()));
                }
            }
        } catch (Throwable ignored) {
            // Logging must not turn an outcome into something else.
        }
        // The inlined bytecode goes to HotSpot's statistics (CITime's bytes compiled), as C2's does.
        return outcome.isInstalled() ? HotSpotCompilationRequestResult.success(outcome.inlinedBytecodes())
                        : HotSpotCompilationRequestResult.failure(reason, outcome.retry());
    }

    private Outcome decide(Context ctx, CompilationRequest request, int id) {
        if (ctx.setupError() != null) {
            return Outcome.refused(ctx.setupError(), "ssajit setup failed");
        }
        ResolvedJavaMethod method = request.getMethod();
        if (!ctx.options().get(SsajitOptions.METHOD_FILTER).matches(method)) {
            return Outcome.refused("excluded by -D" + SsajitOptions.property(SsajitOptions.METHOD_FILTER), "excluded by MethodFilter");
        }
        if (ctx.gcRefusal() != null) {
            return Outcome.refused(ctx.gcRefusal(), ctx.gcRefusal());
        }
        if (!ctx.options().get(SsajitOptions.COMPILE_SELF) && OwnCode.contains(method)) {
            return Outcome.refused("ssajit's own code (-D" + SsajitOptions.property(SsajitOptions.COMPILE_SELF) + "=true compiles it)", "ssajit's own code");
        }
        if (!ctx.options().get(SsajitOptions.COMPILE_SELF) && OwnCode.isJvmci(method)) {
            return Outcome.refused("the JVMCI module's code, left to C1 (-D" + SsajitOptions.property(SsajitOptions.COMPILE_SELF) + "=true compiles it)",
                            "the JVMCI module's code");
        }
        JvmtiCapabilities jvmti = JvmtiCapabilities.of(request, ctx.config(), ctx.memory());
        if (jvmti.retainsLocals()) {
            return Outcome.refused("a JVMTI agent can access local variables or pop frames (" + jvmti + "): ssajit's frame states keep only the live locals",
                            "JVMTI agent with local-variable access");
        }
        String roomKey = ctx.codeCache() == CodeCacheReserve.NONE ? null : CodeCacheReserve.key(method, request.getEntryBCI());
        String noRoom = roomKey == null ? null : ctx.codeCache().refusalBeforeCompiling(roomKey);
        if (noRoom != null) {
            return Outcome.refusedForNow(noRoom, CodeCacheReserve.CATEGORY);
        }
        CompiledCode code;
        Graph graph = null;
        PhaseDump dump = ctx.dumper() != null ? ctx.dumper().cfg(id, method, request.getEntryBCI()) : PhaseDump.NONE;
        try {
            graph = ctx.pipeline().build(method, request.getEntryBCI(), dump);
            if (ctx.options().get(SsajitOptions.PRINT_INLINING)) {
                System.err.print(Dumper.inlining(id, method, request.getEntryBCI(), graph)); // one call: the lines stay together
            }
            if (ctx.dumper() != null) {
                ctx.dumper().graph(id, method, graph); // also for methods the lowering or the back end then refuses
            }
            code = ctx.pipeline().compile(graph, method, jvmti, dump);
        } catch (BailoutException | RegisterAllocationException | VerificationError | AllocationVerificationError e) {
            PipelineOutcome o = PipelineOutcome.of(e);
            return Outcome.refused(o.message(), o.category());
        }
        if (ctx.dumper() != null) {
            ctx.dumper().loweredGraph(id, method, graph);
        }
        noRoom = roomKey == null ? null : ctx.codeCache().refusalToInstall(roomKey, (long) code.codeSize() + code.dataSectionSize());
        if (noRoom != null) {
            return Outcome.refusedForNow(noRoom, CodeCacheReserve.CATEGORY);
        }
        InstalledCode installed;
        try {
            long t0 = System.nanoTime();
            try {
                installed = ctx.installer().install((HotSpotCompilationRequest) request, code);
            } finally {
                ctx.stats().phases().since(PhaseTimes.Group.INSTALL, t0);
            }
        } catch (jdk.vm.ci.code.BailoutException e) {
            // HotSpot's refusal to install: permanent (code too large) or not (code cache full,
            // dependencies invalidated while compiling), as HotSpot says.
            String reason = "HotSpot did not install the code: " + e.getMessage();
            return e.isPermanent() ? Outcome.refused(reason, "installation refused by HotSpot") : Outcome.refusedForNow(reason, "installation refused by HotSpot");
        }
        if (ctx.dumper() != null) {
            ctx.dumper().code(id, method, code, installed);
        }
        return Outcome.installed(code.codeSize(), graph.inlinedCallCount(), graph.inlinedByProfileCount(), graph.inlinedBytecodeCount(), graph.untakenBranchTrapCount(),
                        graph.unallocatedCount(), graph.unrolledLoopCount());
    }

    /**
     * True only for collectors whose barriers ssajit emits: Serial and Parallel (card marking), G1
     * (SATB pre-barrier, filtered card-marking post-barrier) and Shenandoah (load-reference barrier,
     * SATB pre-barrier, card marking in its generational mode) and Z (colored-pointer load and store
     * barriers, where the VM exports this target's relocation marks) and Epsilon (none). Identifiers are HotSpot's {@code CollectedHeap::Name} values, read from the VM.
     */
    @Override
    public boolean isGCSupported(int gcIdentifier) {
        try {
            return supportsGc(gcConfig(), gcIdentifier);
        } catch (Throwable t) {
            return false;
        }
    }

    static boolean supportsGc(HotSpotVmConfig c, int gc) {
        return gcRefusal(c, gc) == null;
    }

    /** Why ssajit cannot compile for collector {@code gc}, or null if it can. */
    public static String gcRefusal(HotSpotVmConfig c, int gc) {
        if (gc == c.gcSerial || gc == c.gcParallel || gc == c.gcG1) {
            return null;
        }
        if (gc == c.gcShenandoah) {
            // AArch64 says how the collector patches the entry barrier's guard; AMD64 has one way.
            boolean entryBarrier = c.nmethodPatchingType == -1 || c.nmethodPatchingType == c.nmethodPatchingStw
                            || c.nmethodPatchingType == c.nmethodPatchingConcurrent && c.patchingEpochAddress != 0;
            return entryBarrier ? null
                            : "the Shenandoah garbage collector is not supported on this target (its nmethod entry barriers are patched in a way ssajit does not emit, type "
                                            + c.nmethodPatchingType + ")";
        }
        if (gc == c.gcZ) {
            return zRefusal(c);
        }
        if (gc == c.gcEpsilon) {
            // No barriers at all; the nmethod entry barrier, which the installer demands of every
            // nmethod, still needs the VM's stub.
            return c.nmethodEntryBarrier != 0 ? null : "the Epsilon garbage collector is not supported: this VM has no nmethod entry barrier stub under it";
        }
        return "the " + c.gcName(gc) + " garbage collector is not supported";
    }

    /**
     * Why ssajit cannot compile for ZGC in this VM, or null if it can: it needs the runtime's barrier
     * entries and this target's relocation marks (AMD64: the patched shift, tests, compare and or;
     * AArch64: the patched bit test and moves, the fixed load shift, and the concurrently patched entry
     * barrier with its epoch).
     */
    private static String zRefusal(HotSpotVmConfig c) {
        if (c.zLoadBarrier == 0 || c.zLoadBarrierWeak == 0 || c.zStoreBarrier == 0 || c.zStoreBarrierHealing == 0) {
            return "the Z garbage collector is not supported: this VM does not export ZBarrierSetRuntime's barrier entries to JVMCI";
        }
        boolean amd64 = c.markZLoadGoodBeforeShl >= 0 && c.markZLoadBadAfterTest >= 0 && c.markZMarkBadAfterTest >= 0 && c.markZStoreBadAfterTest >= 0
                        && c.markZStoreGoodAfterCmp >= 0 && c.markZStoreGoodAfterOr >= 0;
        boolean aarch64 = c.markZLoadGoodBeforeTbX >= 0 && c.markZMarkBadBeforeMov >= 0 && c.markZStoreGoodBeforeMov >= 0 && c.markZStoreBadBeforeMov >= 0
                        && c.zPointerLoadShift > 0 && c.nmethodPatchingType == c.nmethodPatchingConcurrent && c.patchingEpochAddress != 0;
        return amd64 || aarch64 ? null : "the Z garbage collector is not supported on this target: the VM exports none of the relocation marks ssajit's ZGC barriers need";
    }

    private HotSpotVmConfig gcConfig() {
        HotSpotVmConfig c = gcConfig;
        if (c == null) {
            Context ctx = context;
            c = ctx != null && ctx.config() != null ? ctx.config() : new HotSpotVmConfig(((HotSpotJVMCIRuntime) runtime).getConfigStore());
            gcConfig = c;
        }
        return c;
    }

    private Context context() {
        Context c = context;
        if (c == null) {
            synchronized (this) {
                c = context;
                if (c == null) {
                    c = initialize(System.err);
                    context = c;
                }
            }
        }
        return c;
    }

    private Context initialize(PrintStream err) {
        Path dumpDir = options.get(SsajitOptions.DUMP);
        try {
            HotSpotJVMCIRuntime hs = (HotSpotJVMCIRuntime) runtime;
            HotSpotVmConfig config = new HotSpotVmConfig(hs.getConfigStore());
            JVMCIBackend backend = hs.getHostJVMCIBackend();
            Providers providers = new Providers(backend.getMetaAccess(), backend.getConstantReflection());
            int gc = config.selectedGc();
            String gcRefusal = gcRefusal(config, gc);
            if (gcRefusal != null) {
                err.println("[ssajit] " + gcRefusal + ": ssajit refuses every method");
            }
            Backend target = Backends.forTarget(backend.getTarget().arch).create(config, backend);
            Pipeline pipeline = new Pipeline(providers, config, target, options, faults, stats.phases());
            Installer installer = new Installer((HotSpotCodeCacheProvider) backend.getCodeCache(), target, config, null).withFaults(faults);
            Dumper dumper = dumpDir != null ? new Dumper(dumpDir, target) : null;
            CodeCacheReserve codeCache = CodeCacheReserve.of(config);
            if (codeCache.problem() != null) {
                err.println("[ssajit] warning: " + codeCache.problem() + "; ssajit may take the code cache's last bytes");
            } else if (codeCache != CodeCacheReserve.NONE && (options.get(SsajitOptions.LOG) || options.get(SsajitOptions.STATS))) {
                err.println("[ssajit] one code heap (-XX:-SegmentedCodeCache): ssajit leaves the last " + codeCache.reserve() / 1024
                                + " KB (CodeCacheMinimumUseSpace) to the VM's adapters and stubs");
            }
            return new Context(options, null, pipeline, installer, config, gcRefusal, stats, dumper, backend.getConstantReflection().getMemoryAccessProvider(),
                            codeCache);
        } catch (Throwable t) {
            err.println("[ssajit] cannot initialize: " + t + "; ssajit refuses every method");
            return new Context(options, "ssajit cannot initialize: " + t, null, null, null, null, stats, null, null, CodeCacheReserve.NONE);
        }
    }

    private static String logLine(int id, CompilationRequest request, int bytecodes, String reason, long nanos, long cpuNanos, int codeBytes, int inlinedCalls) {
        ResolvedJavaMethod m = request.getMethod();
        String osr = request.getEntryBCI() != INVOCATION_ENTRY_BCI ? " @ bci " + request.getEntryBCI() : "";
        String result = reason == null ? "installed" : "refused: " + reason;
        String inlined = inlinedCalls > 0 ? ", " + inlinedCalls + " calls inlined" : "";
        String cpu = cpuNanos < 0 ? "" : String.format(", %.2f ms CPU", cpuNanos / 1e6);
        return String.format("[ssajit] %5d %s%s, %d bytes of bytecode: %s (%.2f ms%s, %d code bytes%s)",
                        id, m.format("%H.%n(%p)%r"), osr, bytecodes, result, nanos / 1e6, cpu, codeBytes, inlined);
    }

    private static String truncate(String s) {
        String oneLine = s.replace('\n', ' ');
        return oneLine.length() <= MAX_REASON ? oneLine : oneLine.substring(0, MAX_REASON - 3) + "...";
    }

    /** The current thread's CPU time, for the log only (the management classes load at its first line). */
    private static final class ThreadCpuTime {
        private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

        static long nanos() {
            return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        }
    }
}
