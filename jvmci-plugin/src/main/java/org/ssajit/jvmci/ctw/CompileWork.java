package org.ssajit.jvmci.ctw;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.ir.IrPrinter;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.options.OptionValues;
import org.ssajit.debug.FaultInjection;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Inlining;
import org.ssajit.parse.Providers;
import org.ssajit.phases.Compilation;
import org.ssajit.phases.PhaseListener;
import org.ssajit.phases.PhaseSuite;
import org.ssajit.phases.PhaseTimes;
import org.ssajit.regalloc.RegisterAllocationConfig;
import org.ssajit.util.IntMath;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The compiler's work per phase, measured in what does not depend on the machine's load: the bytes each
 * phase allocates on the compiling thread ({@code ThreadMXBean.getCurrentThreadAllocatedBytes}, exact)
 * per bytecode byte, and the thread's CPU time (indicative only). The phases are those of a compile
 * without its verifiers and installation, the {@link PhaseSuite}'s phases grouped: the bytecode analyses
 * ({@link FrontEnd}), SSA construction with inlining and the optimizations ({@link GraphBuilder}), the
 * HotSpot lowering, instruction selection and emission, and register allocation. With {@code --check FILE} it also writes, per method, a digest
 * of the graph's text before and after lowering and of the machine code, so that two builds of the
 * compiler can be shown to produce the same output.
 *
 * <pre>
 *   java ... org.ssajit.jvmci.ctw.CompileWork [--module NAME] [--classes REGEX] [--every N] [--inline]
 *                                            [--passes N] [--check FILE [--hex]] [--initialize]
 * </pre>
 *
 * The graph text names the compressed class base, which moves from run to run with the CDS archive's
 * mapping (and the code may hold it as a 32-bit immediate, which {@link #withoutAddresses} does not
 * mask): to compare two builds, run both JVMs with {@code -XX:+UnlockDiagnosticVMOptions
 * -XX:ArchiveRelocationMode=0}, which maps the archive, and so the class base, at the same address.
 *
 * <p>Only the last pass is reported (the earlier ones warm up the compiler's own code); run the JVM with
 * {@code -XX:TieredStopAtLevel=1} to measure the compiler as it runs in production (C1 code, no escape
 * analysis hiding its allocations).
 */
public final class CompileWork {
    /** The measured phases, in pipeline order. */
    public enum Phase {
        ANALYZE("bytecode analyses"),
        BUILD("SSA construction and optimizations"),
        LOWER("lowering"),
        SELECT_AND_EMIT("selection and emission"),
        ALLOCATE("register allocation");

        final String label;

        Phase(String label) {
            this.label = label;
        }
    }

    /** The totals of one pass over a sample. */
    public static final class Totals {
        public int methods;
        public int compiled;
        public int refused;
        public long bytecodeBytes;
        public long codeBytes;
        /** Values (instructions, phis, constants, parameters) the built graphs created. */
        public long values;
        public final long[] allocated = new long[Phase.values().length];
        public final long[] cpuNanos = new long[Phase.values().length];

        public long allocated() {
            long s = 0;
            for (long b : allocated) {
                s += b;
            }
            return s;
        }

        /** Bytes allocated per bytecode byte, all phases. */
        public double allocatedPerBytecodeByte() {
            return bytecodeBytes == 0 ? 0 : (double) allocated() / bytecodeBytes;
        }

        void print(PrintStream o) {
            long cpu = 0;
            for (long n : cpuNanos) {
                cpu += n;
            }
            o.printf("methods %d (compiled %d, refused %d), bytecode bytes %d, code bytes %d, graph values %d (%.2f per bytecode byte)%n",
                            methods, compiled, refused, bytecodeBytes, codeBytes, values, (double) values / IntMath.max(1, bytecodeBytes));
            o.printf("%-36s %14s %10s %10s %8s%n", "phase", "allocated", "B/bc byte", "cpu ms", "cpu %");
            for (Phase p : Phase.values()) {
                int i = p.ordinal();
                o.printf("%-36s %14d %10.1f %10.1f %7.1f%%%n", p.label, allocated[i], (double) allocated[i] / IntMath.max(1, bytecodeBytes),
                                cpuNanos[i] / 1e6, cpu == 0 ? 0 : 100.0 * cpuNanos[i] / cpu);
            }
            o.printf("%-36s %14d %10.1f %10.1f%n", "all", allocated(), allocatedPerBytecodeByte(), cpu / 1e6);
            o.printf("bytecode bytes per cpu second: %.0f%n", bytecodeBytes / Math.max(1e-9, cpu / 1e9));
        }
    }

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final HotSpotLowering lowering;
    private final HotSpotVmConfig config;
    /** The compiler as a phase suite runs it: no verifiers, no faults; its times are not reported. */
    private final Compilation.Setup setup;
    private final PhaseSuite suite = PhaseSuite.standard();

    /** The compiler as ctw configures it, on the host VM. */
    public CompileWork() {
        HotSpotJVMCIRuntime hs = HotSpotJVMCIRuntime.runtime();
        this.config = new HotSpotVmConfig(hs.getConfigStore());
        JVMCIBackend jvmci = hs.getHostJVMCIBackend();
        Providers providers = new Providers(jvmci.getMetaAccess(), jvmci.getConstantReflection());
        Backend backend = Backends.forTarget(jvmci.getTarget().arch).create(config, jvmci);
        // The options' defaults (implicit null checks on), not the system properties: two builds measured alike.
        this.lowering = new HotSpotLowering(config, jvmci.getMetaAccess(), jvmci.getConstantReflection(), OptionValues.DEFAULTS);
        RegisterAllocationConfig allocation = RegisterAllocationConfig.of(backend.registerConfig(), backend.moveFactory(), backend.withheldRegisters())
                        .withVerification(false).withOriginalsRecorded(false);
        this.setup = new Compilation.Setup(providers, lowering, backend, allocation, BuildOptions.DEFAULT, FaultInjection.NONE, false, new PhaseTimes());
    }

    /** One pass over {@code methods}; with {@code check} non-null, a line per method: name, digests of the graph text, lowered text and code. */
    public Totals measure(List<ResolvedJavaMethod> methods, boolean inline, PrintWriter check) {
        return measure(methods, inline, check, false);
    }

    /** As {@link #measure(List, boolean, PrintWriter)}; with {@code hex}, the check line has the whole code in hex instead of its digest (to see where two builds differ). */
    public Totals measure(List<ResolvedJavaMethod> methods, boolean inline, PrintWriter check, boolean hex) {
        Totals t = new Totals();
        // As the JIT builds when nothing prints the inliner's decisions: their reasons not spelled out.
        BuildOptions options = BuildOptions.DEFAULT.withInlining(inline).withHotCalleeBytes(Inlining.MAX_CALLEE_BYTES).withExplainedInlining(false);
        for (ResolvedJavaMethod m : methods) {
            t.methods++;
            t.bytecodeBytes += m.getCodeSize();
            Phase[] at = {Phase.ANALYZE};
            long[] mark = {THREADS.getCurrentThreadAllocatedBytes(), THREADS.getCurrentThreadCpuTime()};
            String built = "-";
            String lowered = "-";
            String code = "-";
            try {
                Compilation c = new Compilation(setup.withBuild(options), m, -1, lowering.options().get(LoweringOptions.COMPILED_HANDLERS))
                                .withListener(new PhaseListener() {
                                    @Override
                                    public void before(org.ssajit.phases.Phase p) {
                                        next(t, at, mark, measured(p));
                                    }
                                });
                suite.build(c);
                t.values += c.graph().valueIdLimit();
                if (check != null) {
                    built = digest(new IrPrinter().print(c.graph()));
                    mark[0] = THREADS.getCurrentThreadAllocatedBytes();
                    mark[1] = THREADS.getCurrentThreadCpuTime();
                }
                suite.lower(c);
                if (check != null) {
                    lowered = digest(new IrPrinter().print(c.graph()));
                    mark[0] = THREADS.getCurrentThreadAllocatedBytes();
                    mark[1] = THREADS.getCurrentThreadCpuTime();
                }
                suite.emit(c);
                CompiledCode cc = c.code();
                next(t, at, mark, at[0]);
                t.compiled++;
                t.codeBytes += cc.codeSize();
                if (check != null) {
                    code = (hex ? HexFormat.of().formatHex(withoutAddresses(cc.code())) : digest(withoutAddresses(cc.code()))) + " " + cc.codeSize();
                }
            } catch (BailoutException | org.ssajit.regalloc.RegisterAllocationException e) {
                next(t, at, mark, at[0]);
                t.refused++;
                code = "refused " + e.getMessage();
            } catch (RuntimeException | Error e) {
                next(t, at, mark, at[0]);
                t.refused++;
                code = "failed " + e;
            }
            if (check != null) {
                check.println(m.format("%H.%n(%p)") + " " + built + " " + lowered + " " + code.lines().findFirst().orElse(""));
            }
        }
        return t;
    }

    /** Which of the measured phases a phase of the suite belongs to. */
    private static Phase measured(org.ssajit.phases.Phase p) {
        if (p.kind() == org.ssajit.phases.Phase.Kind.ANALYSIS) {
            return Phase.ANALYZE;
        }
        return switch (p.group()) {
            case BUILD, VERIFY_SSA -> Phase.BUILD;
            case LOWER -> Phase.LOWER;
            case ALLOCATE, VERIFY_ALLOCATION -> Phase.ALLOCATE;
            case SELECT_AND_EMIT, INSTALL -> Phase.SELECT_AND_EMIT;
        };
    }

    /** Charges what was spent since {@code mark} to the current phase {@code at[0]}, then moves to {@code next}. */
    private static void next(Totals t, Phase[] at, long[] mark, Phase next) {
        long bytes = THREADS.getCurrentThreadAllocatedBytes();
        long cpu = THREADS.getCurrentThreadCpuTime();
        t.allocated[at[0].ordinal()] += bytes - mark[0];
        t.cpuNanos[at[0].ordinal()] += cpu - mark[1];
        at[0] = next;
        // What the two calls above allocated is nobody's.
        mark[0] = THREADS.getCurrentThreadAllocatedBytes();
        mark[1] = cpu;
    }

    /**
     * The code with the VM's addresses that move from run to run (the card table's, the compressed
     * class pointers' base) zeroed wherever they appear as 8-byte little-endian words.
     */
    byte[] withoutAddresses(byte[] code) {
        byte[] c = code.clone();
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(c).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 8 <= c.length; i++) {
            long v = b.getLong(i);
            if (v != 0 && (v == config.cardTableAddress || v == config.narrowKlassBase || v == config.narrowOopBase)) {
                java.util.Arrays.fill(c, i, i + 8, (byte) 0);
            }
        }
        return c;
    }

    private static String digest(String s) {
        return digest(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String digest(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Every method with bytecode of a module's classes whose name matches {@code filter} (null: all),
     * each class loaded without initialization and linked; every {@code every}-th of them.
     */
    public static List<ResolvedJavaMethod> moduleMethods(String module, Pattern filter, int every) throws IOException {
        return moduleMethods(module, filter, every, false);
    }

    /**
     * As {@link #moduleMethods(String, Pattern, int)}; with {@code initialize}, each class is initialized
     * first (its static initializer runs; a failure is ignored), so that which classes are initialized
     * does not depend on what the compiler's own code happened to use.
     */
    public static List<ResolvedJavaMethod> moduleMethods(String module, Pattern filter, int every, boolean initialize) throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("modules", module);
        Optional<Module> mod = ModuleLayer.boot().findModule(module);
        if (!Files.isDirectory(root) || mod.isEmpty()) {
            throw new IOException("no module " + module + " in the boot layer");
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().equals("module-info.class"))
                            .forEach(p -> names.add(root.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", "")));
        }
        names.sort(null);
        var metaAccess = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess();
        List<ResolvedJavaMethod> methods = new ArrayList<>();
        int k = 0;
        for (String n : names) {
            if (filter != null && !filter.matcher(n).find()) {
                continue;
            }
            ResolvedJavaType type;
            try {
                if (initialize) {
                    try {
                        Class.forName(n, true, mod.get().getClassLoader());
                    } catch (Throwable e) {
                        // compiled as the class stands
                    }
                }
                type = metaAccess.lookupJavaType(Class.forName(n, false, mod.get().getClassLoader()));
                type.link();
            } catch (Throwable e) {
                continue;
            }
            // HotSpot's order of a class's methods changes from run to run; a sample must not.
            List<ResolvedJavaMethod> all = new ArrayList<>(type.getAllMethods(false));
            all.sort(java.util.Comparator.comparing(m -> m.getName() + m.getSignature().toMethodDescriptor()));
            for (ResolvedJavaMethod m : all) {
                if (m.hasBytecodes() && !m.isAbstract() && !m.isNative() && k++ % every == 0) {
                    methods.add(m);
                }
            }
        }
        return methods;
    }

    private static final String[] FIXED_INITIALIZED = {"java.util.stream.IntPipeline", "java.util.stream.IntPipeline$Head", "java.util.stream.IntStream",
                    "java.util.stream.LongPipeline", "java.util.stream.DoublePipeline", "java.util.stream.ReferencePipeline", "java.util.stream.StreamSupport",
                    "java.util.stream.Collectors", "java.util.stream.StreamOpFlag", "java.util.stream.Nodes", "java.util.LinkedHashSet", "java.util.HashSet",
                    "java.util.IdentityHashMap", "java.util.TreeMap", "java.util.ArrayDeque", "java.util.BitSet", "java.util.PriorityQueue"};

    public static void main(String[] args) throws IOException, ClassNotFoundException {
        String module = "java.base";
        Pattern filter = null;
        int every = 1;
        int passes = 2;
        boolean inline = false;
        String check = null;
        boolean initialize = false;
        boolean hex = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--module" -> module = args[++i];
                case "--classes" -> filter = Pattern.compile(args[++i]);
                case "--every" -> every = Integer.parseInt(args[++i]);
                case "--passes" -> passes = Integer.parseInt(args[++i]);
                case "--inline" -> inline = true;
                case "--check" -> check = args[++i];
                case "--initialize" -> initialize = true;
                case "--hex" -> hex = true;
                case "--help", "-h" -> {
                    System.out.println("usage: ssajit ctw --work [--module NAME] [--classes REGEX] [--every N] [--inline] [--passes N] [--check FILE [--hex]] [--initialize]");
                    System.out.println();
                    System.out.println("The compiler's work per phase (bytecode analyses, SSA construction with the optimizations, lowering,");
                    System.out.println("selection and emission, register allocation; no verifiers, nothing installed) over the methods of a");
                    System.out.println("module: bytes allocated per bytecode byte (exact, whatever the machine's load) and thread CPU time");
                    System.out.println("(indicative only). Only the last pass is reported; the earlier ones warm up the compiler.");
                    System.out.println();
                    System.out.println("  --module NAME    a module of the running JDK (default java.base)");
                    System.out.println("  --classes REGEX  only classes whose binary name contains a match");
                    System.out.println("  --every N        every Nth method (default 1)");
                    System.out.println("  --inline         with inlining (default off)");
                    System.out.println("  --passes N       passes over the sample (default 2)");
                    System.out.println("  --check FILE     per method, digests of the graph, the lowered graph and the code (addresses masked)");
                    System.out.println("  --hex            with --check, the code's bytes too");
                    System.out.println("  --initialize     initialize the classes first (runs static initializers: only for code you trust)");
                    System.out.println();
                    System.out.println("To measure the compiler as it runs in production (C1's code), run with SSAJIT_JAVA_OPTS=-XX:TieredStopAtLevel=1.");
                    System.out.println("To compare two builds' digests, run both with -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0.");
                    return;
                }
                default -> {
                    System.err.println("unknown option " + args[i]);
                    System.exit(2);
                }
            }
        }
        // The JDK classes the compiler's own code happens to use get initialized, which changes how
        // their methods compile (class-initialization checks, deoptimization on first use). Initialize
        // a fixed set up front, so that two builds of the compiler compile the sample alike.
        for (String c : FIXED_INITIALIZED) {
            Class.forName(c, true, null);
        }
        List<ResolvedJavaMethod> methods = moduleMethods(module, filter, every, initialize);
        CompileWork work = new CompileWork();
        for (int p = 1; p <= passes; p++) {
            boolean last = p == passes;
            try (PrintWriter w = last && check != null ? new PrintWriter(Files.newBufferedWriter(Path.of(check))) : null) {
                Totals t = work.measure(methods, inline, w, hex);
                System.out.printf("== pass %d of %d, %s%s%n", p, passes, module, inline ? ", inlining" : "");
                t.print(System.out);
            }
        }
    }
}
