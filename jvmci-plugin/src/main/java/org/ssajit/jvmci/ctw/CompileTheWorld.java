package org.ssajit.jvmci.ctw;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.debug.FaultInjection;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.jvmci.Installer;
import org.ssajit.phases.PhaseTimes;
import org.ssajit.jvmci.PipelineOutcome;
import org.ssajit.jvmci.Pipeline;
import org.ssajit.jvmci.SsajitOptions;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.Providers;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.hotspot.HotSpotCodeCacheProvider;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.runtime.JVMCIBackend;
import jdk.vm.ci.runtime.JVMCICompiler;

/**
 * {@code ssajit ctw}, compile the world: every method with bytecode of a JDK module or a jar through
 * the JIT's whole {@link Pipeline} (SSA, verifier, lowering, selection, allocation, emission), each
 * result installed as non-default code, which HotSpot validates (relocations, oop maps, debug info)
 * without ever running it ({@link Installer#installNonDefault}), and invalidated at once so that the
 * code cache does not fill.
 *
 * <p>Runs in an ordinary JVM with JVMCI enabled but ssajit <em>not</em> HotSpot's JIT: HotSpot's own
 * tiers compile this tool. Classes are loaded and linked, not initialized (unless asked), so the methods
 * of classes nobody initialized are refused as the JIT refuses them ({@code class not initialized yet}).
 * Every method is compiled for its normal entry.
 *
 * <p>Outcomes: <b>compiled</b> (installed and invalidated); <b>refused</b>, what the JIT answers with a
 * refusal (a bailout, counted under the category {@code -Dssajit.Stats=true} prints, or a register
 * allocation that is impossible); <b>failed</b>, a compiler bug or rejected code: any other exception
 * from the pipeline, a verifier error, or an exception from the installation (ssajit's installer
 * checks or HotSpot's). Exit status 0 when nothing failed, 1 when something did, 2 for usage errors.
 */
public final class CompileTheWorld {
    static final String USAGE = "usage: ssajit ctw [--module NAME | --jar FILE] [--classes REGEX] [--initialize] [--json] [--verbose]";

    private final PrintStream out;
    private final PrintStream err;
    private final CtwStats stats = new CtwStats();
    private final Pipeline pipeline;
    private final Installer installer;
    /**
     * Test hook, or null: sees each method's code as the last step of the pipeline (what it throws counts
     * as thrown by the pipeline) and returns the code to install.
     */
    private final BiFunction<ResolvedJavaMethod, CompiledCode, CompiledCode> afterCompile;
    private boolean verbose;
    private boolean initialize;
    private int failuresListed;

    private CompileTheWorld(PrintStream out, PrintStream err, Pipeline pipeline, Installer installer,
                    BiFunction<ResolvedJavaMethod, CompiledCode, CompiledCode> afterCompile) {
        this.out = out;
        this.err = err;
        this.pipeline = pipeline;
        this.installer = installer;
        this.afterCompile = afterCompile;
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** The launcher's entry ({@code org.ssajit.tools.Main} finds commands by this signature). */
    public static int run(String[] args) {
        return run(args, System.out, System.err, null);
    }

    static int run(String[] args, PrintStream out, PrintStream err, BiFunction<ResolvedJavaMethod, CompiledCode, CompiledCode> afterCompile) {
        String module = null;
        String jar = null;
        Pattern filter = null;
        boolean json = false;
        boolean verbose = false;
        boolean initialize = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--module" -> module = value(args, ++i);
                    case "--jar" -> jar = value(args, ++i);
                    case "--classes" -> filter = Pattern.compile(value(args, ++i));
                    case "--json" -> json = true;
                    case "--verbose" -> verbose = true;
                    case "--initialize" -> initialize = true;
                    case "-h", "--help" -> {
                        help(out);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (module != null && jar != null) {
                throw new IllegalArgumentException("--module and --jar exclude each other");
            }
        } catch (IllegalArgumentException e) {
            err.println("ctw: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        if (module == null && jar == null) {
            module = "java.base";
        }

        CompileTheWorld ctw;
        try {
            ctw = create(out, err, afterCompile);
        } catch (IllegalStateException e) {
            err.println("ctw: " + e.getMessage());
            return 2;
        }
        ctw.verbose = verbose;
        ctw.initialize = initialize;
        long t0 = System.nanoTime();
        List<ResolvedJavaMethod> methods;
        try {
            methods = jar != null ? ctw.jarMethods(Path.of(jar), filter) : ctw.moduleMethods(module, filter);
        } catch (IOException e) {
            err.println("ctw: " + e.getMessage());
            return 2;
        }
        ctw.stats.corpus = jar != null ? jar : module;
        ctw.compileAll(methods);
        ctw.stats.wallSeconds = (System.nanoTime() - t0) / 1e9;
        ctw.stats.codeCachePeakBytes = codeCachePeak();
        ctw.stats.phases = ctw.pipeline.phaseTimes().summary() + "\n  " + ctw.pipeline.phaseTimes().detail(org.ssajit.phases.PhaseSuite.standard());
        ctw.stats.printTable(out);
        if (json) {
            out.println(ctw.stats.toJson());
        }
        out.flush();
        return ctw.stats.failed == 0 ? 0 : 1;
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    static void help(PrintStream o) {
        o.println(USAGE);
        o.println();
        o.println("Compiles every method with bytecode of a JDK module (default java.base) or a jar with the whole");
        o.println("ssajit pipeline, installs each as non-default code (HotSpot validates it, nothing runs it) and");
        o.println("invalidates it at once. Prints compiled / refused by reason / failed with an example each, bytecode");
        o.println("and code bytes, and the compile speed after the first 10 % of methods. ssajit is not the JVM's JIT here.");
        o.println();
        o.println("  --module NAME    the classes of a module of the running JDK (default java.base)");
        o.println("  --jar FILE       the classes of a jar, loaded by their own loader (parent: the platform loader)");
        o.println("  --classes REGEX  only classes whose binary name contains a match");
        o.println("  --initialize     initialize every class first (runs its static initializer: only for code you trust);");
        o.println("                   otherwise methods of classes not initialized yet are refused as the JIT refuses them");
        o.println("                   (with --jar, all of them: nothing else initializes the jar's classes)");
        o.println("  --json           end with one line of JSON holding every counter");
        o.println("  --verbose        every failure with its stack trace on stderr (else the first of each kind)");
        o.println();
        o.println("Classes are linked, not initialized (unless --initialize). -Dssajit.ImplicitNullChecks applies as in the JIT; -Dssajit.Verify is");
        o.println("on unless set to false (in the JIT it is off by default).");
        o.println("Exit status: 0 nothing failed, 1 some method failed, 2 usage or setup error.");
        o.println();
        o.println("ssajit ctw --work [--module NAME] [--classes REGEX] [--every N] [--inline] [--passes N] [--check FILE [--hex]] [--initialize]");
        o.println("  measures the compiler's work per phase instead (bytes allocated per bytecode byte, exact; CPU time, indicative),");
        o.println("  without installing anything; --check FILE writes per-method digests of the graphs and the code to compare two");
        o.println("  builds (run both with -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0). --work --help for more.");
    }

    /** The JIT's configuration, as {@code SsajitCompiler} sets it up, on the host VM. */
    private static CompileTheWorld create(PrintStream out, PrintStream err, BiFunction<ResolvedJavaMethod, CompiledCode, CompiledCode> afterCompile) {
        OptionValues options;
        try {
            options = SsajitOptions.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
        if (!options.isSet(SsajitOptions.VERIFY)) {
            // A test of the compiler: its verifiers on unless turned off, unlike a production compile.
            options = options.with(SsajitOptions.VERIFY, true);
        }
        HotSpotJVMCIRuntime hs = HotSpotJVMCIRuntime.runtime();
        HotSpotVmConfig config = new HotSpotVmConfig(hs.getConfigStore());
        int gc = config.selectedGc();
        String refusal = org.ssajit.jvmci.SsajitCompiler.gcRefusal(config, gc);
        if (refusal != null) {
            throw new IllegalStateException(refusal + " by ssajit; run with Serial, Parallel, G1 or (on AMD64) Shenandoah");
        }
        JVMCIBackend backend = hs.getHostJVMCIBackend();
        Providers providers = new Providers(backend.getMetaAccess(), backend.getConstantReflection());
        Backend target = Backends.forTarget(backend.getTarget().arch).create(config, backend);
        FaultInjection faults = FaultInjection.of(options);
        Pipeline pipeline = new Pipeline(providers, config, target, options, faults, new PhaseTimes());
        Installer installer = new Installer((HotSpotCodeCacheProvider) backend.getCodeCache(), target, config, null).withFaults(faults);
        return new CompileTheWorld(out, err, pipeline, installer, afterCompile);
    }

    // Enumerating methods ------------------------------------------------------------------------------

    private List<ResolvedJavaMethod> moduleMethods(String module, Pattern filter) throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("modules", module);
        if (!Files.isDirectory(root)) {
            throw new IOException("no module " + module + " in this JDK");
        }
        Optional<Module> m = ModuleLayer.boot().findModule(module);
        if (m.isEmpty()) {
            throw new IOException("module " + module + " is not in the boot layer; add it with SSAJIT_JAVA_OPTS=--add-modules=" + module);
        }
        ClassLoader loader = m.get().getClassLoader(); // null: the boot loader
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().equals("module-info.class"))
                            .forEach(p -> names.add(root.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", "")));
        }
        return methodsOf(names, loader, filter);
    }

    private List<ResolvedJavaMethod> jarMethods(Path jarPath, Pattern filter) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile jf = new JarFile(jarPath.toFile())) {
            for (JarEntry e : Collections.list(jf.entries())) {
                String n = e.getName();
                if (n.endsWith(".class") && !n.endsWith("module-info.class") && !n.startsWith("META-INF/")) {
                    names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
                }
            }
        }
        // Never closed: the classes stay in use for the whole run.
        URLClassLoader loader = new URLClassLoader(new URL[]{jarPath.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        return methodsOf(names, loader, filter);
    }

    /**
     * Every method with bytecode of the named classes (declared methods, constructors, class initializers,
     * methods HotSpot added): each class loaded without initialization and linked (bytecode is there only
     * once it is linked). A class that cannot be loaded or linked is skipped and counted.
     */
    private List<ResolvedJavaMethod> methodsOf(List<String> names, ClassLoader loader, Pattern filter) {
        names.sort(null);
        List<ResolvedJavaMethod> methods = new ArrayList<>();
        var metaAccess = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess();
        for (String n : names) {
            if (filter != null && !filter.matcher(n).find()) {
                continue;
            }
            ResolvedJavaType type;
            try {
                type = metaAccess.lookupJavaType(Class.forName(n, false, loader));
                type.link();
            } catch (Throwable t) {
                stats.classesSkipped++;
                if (stats.classSkippedExample == null) {
                    stats.classSkippedExample = n + " (" + t + ")";
                }
                continue;
            }
            stats.classes++;
            if (initialize) {
                try {
                    Class.forName(n, true, loader);
                } catch (Throwable t) {
                    stats.classesNotInitialized++;
                    if (stats.classNotInitializedExample == null) {
                        stats.classNotInitializedExample = n + " (" + t + ")";
                    }
                }
            }
            for (ResolvedJavaMethod m : type.getAllMethods(false)) {
                if (m.hasBytecodes() && !m.isAbstract() && !m.isNative()) {
                    methods.add(m);
                }
            }
        }
        return methods;
    }

    // Compiling ----------------------------------------------------------------------------------------

    /** The compiling thread's CPU time: less noisy than wall time on a machine where C2 and the GC share the cores. */
    private static final java.lang.management.ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private void compileAll(List<ResolvedJavaMethod> methods) {
        int warmup = methods.size() / 10;
        stats.warmupMethods = warmup;
        long start = System.nanoTime();
        int nextReport = 1;
        for (int i = 0; i < methods.size(); i++) {
            compile(methods.get(i), i >= warmup);
            if ((i + 1) * 10L >= (long) nextReport * methods.size()) {
                err.printf("ctw: %d of %d methods, %.1f s%n", i + 1, methods.size(), (System.nanoTime() - start) / 1e9);
                nextReport++;
            }
        }
    }

    /**
     * One method, normal entry: pipeline, install as non-default code (timed: compile time), invalidate
     * (timed apart); its outcome recorded.
     */
    private void compile(ResolvedJavaMethod m, boolean measured) {
        String refusal = null;
        String failure = null;
        Throwable cause = null;
        int codeSize = 0;
        long t0 = System.nanoTime();
        long c0 = CPU.getCurrentThreadCpuTime();
        CompiledCode code = null;
        InstalledCode installed = null;
        try {
            Graph graph = pipeline.build(m, JVMCICompiler.INVOCATION_ENTRY_BCI);
            code = pipeline.compile(graph, m);
            if (afterCompile != null) {
                code = afterCompile.apply(m, code);
            }
        } catch (Throwable e) {
            // Categorized as SsajitCompiler does, so they match -Dssajit.Stats=true.
            PipelineOutcome o = PipelineOutcome.of(e);
            if (o.bug()) {
                failure = o.category();
            } else {
                refusal = o.category();
            }
            cause = e;
        }
        if (code != null) {
            try {
                codeSize = code.codeSize();
                long ti = System.nanoTime();
                try {
                    installed = installer.installNonDefault(m, code);
                } finally {
                    pipeline.phaseTimes().since(org.ssajit.phases.PhaseTimes.Group.INSTALL, ti);
                }
            } catch (jdk.vm.ci.code.BailoutException e) {
                // HotSpot's refusal to install: its first line names the result (dependencies, cache full...).
                failure = "installation refused by HotSpot: " + String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                cause = e;
            } catch (Throwable e) {
                failure = "installation rejected: " + e.getClass().getName();
                cause = e;
            }
        }
        long nanos = System.nanoTime() - t0;
        long cpuNanos = CPU.getCurrentThreadCpuTime() - c0;
        if (installed != null) {
            // Not compile time: a handshake with every thread (deoptimize), more than the compile of a small method takes.
            long t1 = System.nanoTime();
            try {
                installed.invalidate(true);
            } catch (Throwable e) {
                failure = "invalidation failed: " + e.getClass().getName();
                cause = e;
            }
            stats.invalidateNanos += System.nanoTime() - t1;
        }
        String name = m.format("%H.%n(%p)");
        // The first line: a verifier's message goes on with the whole graph (stderr has it, with the stack trace).
        String message = cause == null ? null : String.valueOf(cause.getMessage()).lines().findFirst().orElse("");
        boolean firstOfKind = failure != null && !stats.failures.containsKey(failure);
        stats.record(m.getCodeSize(), nanos, cpuNanos, measured, refusal, failure, name, message, codeSize);
        if (failure != null && (verbose || firstOfKind)) {
            listFailure(name, failure, cause);
        }
    }

    private void listFailure(String method, String kind, Throwable t) {
        failuresListed++;
        err.println("== ctw failure " + failuresListed + ": " + method + ": " + kind);
        t.printStackTrace(err);
    }

    /** Peak use of the code heaps that hold nmethods (ours and HotSpot's own), or -1 if unknown. */
    private static long codeCachePeak() {
        long sum = 0;
        boolean found = false;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            String n = p.getName();
            if (p.getType() == MemoryType.NON_HEAP && (n.equals("CodeCache") || (n.contains("nmethods") && !n.contains("non-nmethods")))) {
                sum += p.getPeakUsage().getUsed();
                found = true;
            }
        }
        return found ? sum : -1;
    }
}
