package org.ssajit.jvmci;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Properties;

import org.ssajit.amd64.hotspot.HotSpotAmd64Config;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.code.CompilationRequest;
import jdk.vm.ci.code.CompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
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
 * <p>There is no back end yet, so today every request is refused with {@value #NO_BACK_END} (after the
 * front end has built and verified the method's SSA graph, unless {@code -Dssajit.FrontEnd=false}), or
 * earlier with a more specific reason (filtered out, unsupported collector, front-end bailout).
 *
 * <p>Initialization is lazy, on the first request: the factory's {@code createCompiler} runs while
 * HotSpot sets up JVMCI and must stay trivial.
 */
public final class SsajitCompiler implements JVMCICompiler {
    /** The refusal reason for every method the front end accepts, until the back end exists. */
    public static final String NO_BACK_END = "no back end yet";
    /** Longest reason handed to HotSpot (it ends up in -XX:+PrintCompilation and compile logs). */
    private static final int MAX_REASON = 300;

    private final JVMCIRuntime runtime;
    private volatile Context context;
    private volatile HotSpotAmd64Config gcConfig;

    /** What initialization produced; {@code setupError} non-null means every request is refused with it. */
    private record Context(SsajitOptions options, String setupError, Providers providers, HotSpotAmd64Config config,
                    String gcRefusal, CompileStats stats, Dumper dumper) {
    }

    /** A refusal: the reason HotSpot and the log see, and the category statistics count. */
    private record Refusal(String reason, String category) {
    }

    SsajitCompiler(JVMCIRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public CompilationRequestResult compileMethod(CompilationRequest request) {
        long start = System.nanoTime();
        Refusal refusal;
        Context ctx = null;
        int bytecodes = 0;
        int id = -1;
        try {
            id = request instanceof HotSpotCompilationRequest h ? h.getId() : -1;
            ctx = context();
            bytecodes = request.getMethod().getCodeSize();
            refusal = decide(ctx, request, id);
        } catch (Throwable t) {
            refusal = new Refusal("internal error in ssajit: " + t, "internal error: " + t.getClass().getName());
            if (ctx != null && ctx.options().get(SsajitOptions.LOG)) {
                t.printStackTrace();
            }
        }
        String reason = truncate(refusal.reason());
        try {
            long nanos = System.nanoTime() - start;
            if (ctx != null) {
                ctx.stats().record(bytecodes, nanos, refusal.category(), 0);
                if (ctx.options().get(SsajitOptions.LOG)) {
                    System.err.println(logLine(id, request, bytecodes, reason, nanos));
                }
            }
        } catch (Throwable ignored) {
            // Logging must not turn a refusal into something else.
        }
        return HotSpotCompilationRequestResult.failure(reason, false);
    }

    private Refusal decide(Context ctx, CompilationRequest request, int id) {
        if (ctx.setupError() != null) {
            return new Refusal(ctx.setupError(), "ssajit setup failed");
        }
        ResolvedJavaMethod method = request.getMethod();
        if (!ctx.options().get(SsajitOptions.METHOD_FILTER).matches(method)) {
            return new Refusal("excluded by -D" + SsajitOptions.METHOD_FILTER.property(), "excluded by MethodFilter");
        }
        if (ctx.gcRefusal() != null) {
            return new Refusal(ctx.gcRefusal(), ctx.gcRefusal());
        }
        if (ctx.options().get(SsajitOptions.FRONT_END)) {
            try {
                GraphBuilder.Result r = GraphBuilder.build(method, BuildOptions.DEFAULT, ctx.providers());
                Verifier.verify(r.graph());
                if (ctx.dumper() != null) {
                    ctx.dumper().graph(id, method, r.graph());
                }
            } catch (BailoutException e) {
                return new Refusal(e.toString(), "front end: " + e.reason().description());
            } catch (VerificationError e) {
                return new Refusal("SSA graph fails verification (a compiler bug): " + e.getMessage(), "front end: SSA verification failed");
            }
        }
        return new Refusal(NO_BACK_END, NO_BACK_END);
    }

    /**
     * True only for collectors whose barriers ssajit emits. Serial, Parallel and G1: ssajit compiles no
     * reference store yet, so none of their barriers is needed; G1's SATB and card-marking barriers
     * must exist before reference stores are compiled. Not Z or Shenandoah (load barriers), not
     * Epsilon (untested). Identifiers are HotSpot's {@code CollectedHeap::Name} values, read from the VM.
     */
    @Override
    public boolean isGCSupported(int gcIdentifier) {
        try {
            return supportsGc(gcConfig(), gcIdentifier);
        } catch (Throwable t) {
            return false;
        }
    }

    static boolean supportsGc(HotSpotAmd64Config c, int gc) {
        return gc == c.gcSerial || gc == c.gcParallel || gc == c.gcG1;
    }

    private HotSpotAmd64Config gcConfig() {
        HotSpotAmd64Config c = gcConfig;
        if (c == null) {
            Context ctx = context;
            c = ctx != null && ctx.config() != null ? ctx.config() : new HotSpotAmd64Config(((HotSpotJVMCIRuntime) runtime).getConfigStore());
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
        CompileStats stats = new CompileStats();
        SsajitOptions options;
        try {
            options = SsajitOptions.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            err.println("[ssajit] " + e.getMessage() + "; ssajit refuses every method");
            return new Context(SsajitOptions.parse(new Properties()), "invalid ssajit option: " + e.getMessage(), null, null, null, stats, null);
        }
        for (String w : options.warnings()) {
            err.println("[ssajit] warning: " + w);
        }
        if (options.get(SsajitOptions.HELP)) {
            SsajitOptions.printHelp(err);
        }
        if (options.get(SsajitOptions.STATS)) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.print(stats.summary()), "ssajit-stats"));
            } catch (IllegalStateException e) {
                // The first request came while the VM is shutting down: no summary, nothing else lost.
            }
        }
        Path dumpDir = options.get(SsajitOptions.DUMP);
        Dumper dumper = dumpDir != null ? new Dumper(dumpDir) : null;
        try {
            HotSpotJVMCIRuntime hs = (HotSpotJVMCIRuntime) runtime;
            HotSpotAmd64Config config = new HotSpotAmd64Config(hs.getConfigStore());
            JVMCIBackend backend = hs.getHostJVMCIBackend();
            Providers providers = new Providers(backend.getMetaAccess(), backend.getConstantReflection());
            int gc = config.selectedGc();
            String gcRefusal = supportsGc(config, gc) ? null : "the " + config.gcName(gc) + " garbage collector is not supported";
            if (gcRefusal != null) {
                err.println("[ssajit] " + gcRefusal + ": ssajit refuses every method");
            }
            return new Context(options, null, providers, config, gcRefusal, stats, dumper);
        } catch (Throwable t) {
            err.println("[ssajit] cannot initialize: " + t + "; ssajit refuses every method");
            return new Context(options, "ssajit cannot initialize: " + t, null, null, null, stats, dumper);
        }
    }

    private static String logLine(int id, CompilationRequest request, int bytecodes, String reason, long nanos) {
        ResolvedJavaMethod m = request.getMethod();
        String osr = request.getEntryBCI() != INVOCATION_ENTRY_BCI ? " @ bci " + request.getEntryBCI() : "";
        return String.format("[ssajit] %5d %s%s, %d bytes of bytecode: refused: %s (%.2f ms, 0 code bytes)",
                        id, m.format("%H.%n(%p)%r"), osr, bytecodes, reason, nanos / 1e6);
    }

    private static String truncate(String s) {
        String oneLine = s.replace('\n', ' ');
        return oneLine.length() <= MAX_REASON ? oneLine : oneLine.substring(0, MAX_REASON - 3) + "...";
    }
}
