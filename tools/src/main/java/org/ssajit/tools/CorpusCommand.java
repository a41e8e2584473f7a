package org.ssajit.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.cytron.CytronBuilder;
import org.ssajit.interp.DifferentialRunner;
import org.ssajit.interp.Inputs;
import org.ssajit.interp.JdkSample;
import org.ssajit.ir.Graph;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;
import org.ssajit.ssa.SsaStats;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * {@code ssajit corpus}: builds SSA for every method with bytecode of a module or jar, in the spirit of
 * Table 1 of Braun et al. Per method it builds
 * <ol>
 * <li>with on-the-fly optimizations (the configuration the compiler uses), verified;</li>
 * <li>without them, with markers, plus the SCC pass: the phi count that is compared with Cytron's;</li>
 * <li>the same without markers: the temporary phis the marker variant avoids;</li>
 * <li>the Cytron et al. reference (pruned by the same liveness), whose phi count after removing
 * redundant phis must equal Braun's on reducible methods and never be lower;</li>
 * </ol>
 * and verifies every graph. The static methods of {@link JdkSample}'s allow-listed classes (Math,
 * StrictMath, the boxes, Character) also run through the JVM and the IR interpreter on a few inputs. Refusals are counted by reason; internal errors are refusals too, but are
 * listed because they are bugs.
 */
public final class CorpusCommand {
    private final PrintStream out;
    private final Providers providers = Providers.host();
    private final CorpusStats s = new CorpusStats();
    private boolean verbose;
    private int listedFailures;

    private CorpusCommand(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static final String SYNOPSIS = "usage: ssajit corpus [--module NAME | --jar FILE] [--classes REGEX] [--json] [--verbose]";

    static final String USAGE = SYNOPSIS + "\n" + """

                    Builds the SSA graph of every method with bytecode of a JDK module or a jar, in the spirit of
                    Table 1 of Braun et al.: with on-the-fly optimizations (as the compiler does), without them
                    with and without markers, and by the Cytron et al. reference; verifies every graph and checks
                    that both algorithms place the same phis on reducible methods. Static methods of a few JDK
                    classes (Math, the boxes, Character) also run through the JVM and the IR interpreter.
                    Prints counts, phis and refusals by reason; lists the first 20 problems on stderr.
                      --module NAME    the classes of a module of the running JDK (default java.base)
                      --jar FILE       the classes of a jar, loaded by their own loader
                      --classes REGEX  only classes whose binary name contains a match
                      --json           end with one line of JSON holding every counter
                      --verbose        every problem, whole, and methods whose marker variant made temporary phis
                      -h, --help       this text
                    Exit status: 0 done, 1 the corpus could not be read, 2 usage error.
                    """;

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    /** As {@link #run(String[])}, printing to {@code out} and {@code err} (the problems listed go to System.err). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String module = null;
        String jar = null;
        boolean json = false;
        boolean verbose = false;
        Pattern filter = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--module" -> module = value(args, ++i);
                    case "--jar" -> jar = value(args, ++i);
                    case "--json" -> json = true;
                    case "--verbose" -> verbose = true;
                    case "--classes" -> filter = Pattern.compile(value(args, ++i));
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (module != null && jar != null) {
                throw new IllegalArgumentException("--module and --jar exclude each other");
            }
        } catch (IllegalArgumentException e) { // PatternSyntaxException too
            err.println("ssajit corpus: " + e.getMessage());
            err.println(SYNOPSIS);
            err.println("('ssajit corpus --help' explains the options)");
            return 2;
        }
        if (module == null && jar == null) {
            module = "java.base";
        }
        CorpusCommand c = new CorpusCommand(out);
        c.verbose = verbose;
        try {
            long t0 = System.nanoTime();
            if (jar != null) {
                c.runJar(Path.of(jar), filter);
            } else {
                c.runModule(module, filter);
            }
            c.s.wallSeconds = (System.nanoTime() - t0) / 1e9;
        } catch (IOException e) {
            err.println("ssajit corpus: " + e.getMessage());
            return 1;
        }
        c.s.printTable(out);
        if (json) {
            out.println(c.s.toJson());
        }
        return 0;
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    // Enumerating classes ------------------------------------------------------------------------------

    private void runModule(String module, Pattern filter) throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("modules", module);
        if (!Files.isDirectory(root)) {
            throw new IOException("no module " + module + " in this JDK");
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().equals("module-info.class"))
                            .forEach(p -> names.add(root.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", "")));
        }
        names.sort(null);
        ClassLoader loader = ClassLoader.getPlatformClassLoader();
        for (String n : names) {
            if (filter == null || filter.matcher(n).find()) {
                processClass(n, loader);
            }
        }
    }

    private void runJar(Path jarPath, Pattern filter) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile jf = new JarFile(jarPath.toFile())) {
            for (JarEntry e : java.util.Collections.list(jf.entries())) {
                String n = e.getName();
                if (n.endsWith(".class") && !n.endsWith("module-info.class") && !n.startsWith("META-INF/")) {
                    names.add(n.substring(0, n.length() - 6).replace('/', '.'));
                }
            }
        }
        names.sort(null);
        URLClassLoader loader = new URLClassLoader(new URL[]{jarPath.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        for (String n : names) {
            if (filter == null || filter.matcher(n).find()) {
                processClass(n, loader);
            }
        }
    }

    private void processClass(String name, ClassLoader loader) {
        ResolvedJavaType type;
        try {
            Class<?> c = Class.forName(name, false, loader);
            type = providers.metaAccess().lookupJavaType(c);
            type.link();
        } catch (Throwable t) {
            s.classesNotLoadable++;
            return;
        }
        s.classes++;
        // Declared methods, constructors, the class initializer and methods HotSpot adds itself (overpasses).
        for (ResolvedJavaMethod m : type.getAllMethods(false)) {
            if (m.hasBytecodes()) {
                processMethod(m);
            }
        }
    }

    // One method ---------------------------------------------------------------------------------------

    /** The named sample (see {@link JdkSample}): run through the JVM and the IR interpreter on a few inputs. */
    private void interpretIfSampled(ResolvedJavaMethod m) {
        if (!m.isStatic() || m.isClassInitializer() || !JdkSample.CLASSES.stream().anyMatch(c -> m.getDeclaringClass().getName().equals("L" + c.getName().replace('.', '/') + ";"))) {
            return;
        }
        if (!(HotSpotJVMCIRuntime.runtime().getMirror(m) instanceof Method jm) || !JdkSample.includes(jm, false)) {
            return; // constructors, and methods HotSpot added that have no reflective mirror
        }
        DifferentialRunner.Report r = DifferentialRunner.of(jm).providers(providers).stepLimit(2_000_000).run(Inputs.forMethod(jm, jm.toString().hashCode(), 8));
        if (r.agreed() > 0) {
            s.interpretedMethods++;
            s.interpretedExecutions += r.agreed();
        }
        s.interpretNotInterpretable += r.notInterpretableCount();
        if (!r.mismatches().isEmpty()) {
            s.interpretMismatches += r.mismatches().size();
            report(m, "interpreter mismatch: " + r.mismatches().get(0), null);
        }
    }

    private void processMethod(ResolvedJavaMethod m) {
        s.methods++;
        FrontEnd fe;
        try {
            fe = FrontEnd.analyze(m);
            GraphBuilder.Result optimized = GraphBuilder.build(fe, BuildOptions.DEFAULT, providers);
            verify(m, optimized.graph(), "optimized");
            long t0 = System.nanoTime();
            GraphBuilder.Result braun = GraphBuilder.build(FrontEnd.analyze(m), BuildOptions.DEFAULT.withOptimize(false), providers);
            long t1 = System.nanoTime();
            verify(m, braun.graph(), "no-opt");
            GraphBuilder.Result plain = GraphBuilder.build(fe, BuildOptions.DEFAULT.withOptimize(false).withMarkers(false), providers);
            verify(m, plain.graph(), "no-opt no-markers");

            long t2 = System.nanoTime();
            CytronBuilder.Result cytron = CytronBuilder.build(FrontEnd.analyze(m), providers);
            long t3 = System.nanoTime();
            verify(m, cytron.graph(), "cytron");
            s.referenceNanos += t3 - t2;
            s.referencePhis += cytron.phisAfterCleanup();
            s.referencePhisPlaced += cytron.phisPlaced();
            int braunPhis = braun.graph().phiCount();
            if (braunPhis > cytron.phisAfterCleanup() || (fe.blocks().isReducible() && braunPhis != cytron.phisAfterCleanup())) {
                s.nonMinimalMethods++;
                report(m, "Braun places " + braunPhis + " phis, pruned Cytron " + cytron.phisAfterCleanup(), null);
            }
            interpretIfSampled(m);
            GraphBuilder.Result allLocals = GraphBuilder.build(fe, BuildOptions.DEFAULT.withOptimize(false).withStatesNamingAllLocals(true), providers);
            s.phisStatesNameAllLocals += allLocals.graph().phiCount();
            s.built++;
            s.bytecodes += m.getCodeSize();
            s.blocks += fe.blocks().blocks().size();
            s.reducible += fe.blocks().isReducible() ? 1 : 0;
            s.instructions += braun.graph().instructionCount();
            s.instructionsOptimized += optimized.graph().instructionCount();
            s.phis += braun.graph().phiCount();
            s.phisOptimized += optimized.graph().phiCount();
            s.phisPlain += plain.graph().phiCount();
            s.braunNanos += t1 - t0;
            s.markerStats.add(braun.stats());
            s.plainStats.add(plain.stats());
            s.optimizedStats.add(optimized.stats());
            if (verbose && braun.stats().temporaryPhis > 0) {
                report(m, "temporary phis with markers: " + braun.stats(), null);
            }
            if (braun.graph().phiCount() != plain.graph().phiCount()) {
                s.markerPlainDisagreements++;
                report(m, "markers and plain algorithm give " + braun.graph().phiCount() + " vs " + plain.graph().phiCount() + " phis", null);
            }
        } catch (BailoutException e) {
            s.refuse(e.reason().name(), m, e.getMessage());
        } catch (VerificationError e) {
            s.verifyFailures++;
            report(m, "verification failed", e);
        } catch (Throwable t) {
            s.refuse(BailoutException.Reason.INTERNAL_ERROR.name(), m, t.toString());
            report(m, "internal error", t);
        }
    }

    private void verify(ResolvedJavaMethod m, Graph g, String config) {
        try {
            Verifier.verify(g);
        } catch (VerificationError e) {
            throw new VerificationError("[" + config + "] " + e.getMessage());
        }
    }

    private void report(ResolvedJavaMethod m, String what, Throwable t) {
        if (!verbose && listedFailures >= 20) {
            return;
        }
        listedFailures++;
        System.err.println("== " + m.format("%H.%n(%p)") + ": " + what);
        if (t != null) {
            String msg = String.valueOf(t.getMessage());
            System.err.println(verbose ? msg : msg.substring(0, Math.min(msg.length(), 3000)));
            if (!(t instanceof VerificationError)) {
                for (StackTraceElement e : t.getStackTrace()) {
                    System.err.println("    at " + e);
                }
            }
        }
    }

    /** Totals of one corpus run. */
    static final class CorpusStats {
        int classes;
        int classesNotLoadable;
        int methods;
        int built;
        int refused;
        int verifyFailures;
        int interpretedMethods;
        int interpretMismatches;
        long interpretedExecutions;
        long interpretNotInterpretable;
        int reducible;
        int nonMinimalMethods;
        int markerPlainDisagreements;
        long bytecodes;
        long blocks;
        long instructions;
        long instructionsOptimized;
        long phis;
        long phisOptimized;
        long phisPlain;
        long phisStatesNameAllLocals;
        long referencePhis;
        long referencePhisPlaced;
        long braunNanos;
        long referenceNanos;
        double wallSeconds;
        final SsaStats markerStats = new SsaStats();
        final SsaStats plainStats = new SsaStats();
        final SsaStats optimizedStats = new SsaStats();
        final Map<String, Integer> refusals = new TreeMap<>();
        final Map<String, String> refusalExamples = new TreeMap<>();

        void refuse(String reason, ResolvedJavaMethod m, String message) {
            refused++;
            refusals.merge(reason, 1, Integer::sum);
            refusalExamples.putIfAbsent(reason, m.format("%H.%n(%p)") + ": " + message);
        }

        void printTable(PrintStream o) {
            o.printf("ssajit corpus: %d classes (%d not loadable), %d methods with bytecode, %.1f s%n", classes, classesNotLoadable, methods, wallSeconds);
            o.printf("  built %d, refused %d (%.3f %%), verifier failures %d%n", built, refused, 100.0 * refused / Math.max(1, methods), verifyFailures);
            for (Map.Entry<String, Integer> e : refusals.entrySet()) {
                o.printf("    refused %-28s %6d   e.g. %s%n", e.getKey(), e.getValue(), refusalExamples.get(e.getKey()));
            }
            o.printf("  reducible %d, irreducible %d%n", reducible, built - reducible);
            o.printf("%n  %-44s %14s%n", "", "count");
            row(o, "bytecodes", bytecodes);
            row(o, "blocks", blocks);
            row(o, "instructions, no on-the-fly opts", instructions);
            row(o, "instructions, on-the-fly opts", instructionsOptimized);
            row(o, "phis, Braun (markers, SCC pass, no opts)", phis);
            row(o, "phis, Braun without markers", phisPlain);
            row(o, "phis, Cytron pruned, placed", referencePhisPlaced);
            row(o, "phis, Cytron pruned, after cleanup", referencePhis);
            row(o, "phis, Braun with on-the-fly opts", phisOptimized);
            row(o, "phis if frame states named all locals", phisStatesNameAllLocals);
            row(o, "phis created, markers", markerStats.phisCreated);
            row(o, "phis created, no markers", plainStats.phisCreated);
            row(o, "temporary phis, markers", markerStats.temporaryPhis);
            row(o, "  of which incomplete (loop headers)", markerStats.temporaryIncomplete);
            row(o, "  of which placed on a marker cycle", markerStats.temporaryCycle);
            row(o, "  of which merged then collapsed", markerStats.temporaryMerge);
            row(o, "  of which outside data-flow cycles", markerStats.temporaryOutsideCycles);
            row(o, "temporary phis, no markers", plainStats.temporaryPhis);
            row(o, "phis removed by the SCC pass", markerStats.redundantSccPhis);
            row(o, "non-minimal methods (vs Cytron)", nonMinimalMethods);
            row(o, "markers vs plain phi-count disagreements", markerPlainDisagreements);
            row(o, "interpreted methods", interpretedMethods);
            row(o, "  executions compared (4 build variants)", interpretedExecutions);
            row(o, "  executions not interpretable", interpretNotInterpretable);
            row(o, "interpreter mismatches", interpretMismatches);
            o.printf("  time per method: Braun %.1f us, Cytron %.1f us%n", braunNanos / 1e3 / Math.max(1, built), referenceNanos / 1e3 / Math.max(1, built));
        }

        private static void row(PrintStream o, String name, long v) {
            o.printf("  %-44s %14d%n", name, v);
        }

        String toJson() {
            StringBuilder sb = new StringBuilder("{");
            field(sb, "methods", methods);
            field(sb, "built", built);
            field(sb, "refused", refused);
            field(sb, "verifyFailures", verifyFailures);
            field(sb, "interpretedMethods", interpretedMethods);
            field(sb, "interpretMismatches", interpretMismatches);
            field(sb, "interpretedExecutions", interpretedExecutions);
            field(sb, "phis", phis);
            field(sb, "referencePhis", referencePhis);
            field(sb, "referencePhisPlaced", referencePhisPlaced);
            field(sb, "nonMinimalMethods", nonMinimalMethods);
            field(sb, "temporaryPhis", markerStats.temporaryPhis);
            field(sb, "temporaryPhisWithoutMarkers", plainStats.temporaryPhis);
            field(sb, "temporaryPhisIncomplete", markerStats.temporaryIncomplete);
            field(sb, "temporaryPhisCycle", markerStats.temporaryCycle);
            field(sb, "temporaryPhisMerge", markerStats.temporaryMerge);
            field(sb, "temporaryPhisOutsideCycles", markerStats.temporaryOutsideCycles);
            field(sb, "phisOptimized", phisOptimized);
            field(sb, "phisIfStatesNamedAllLocals", phisStatesNameAllLocals);
            field(sb, "instructions", instructions);
            field(sb, "instructionsOptimized", instructionsOptimized);
            field(sb, "blocks", blocks);
            field(sb, "bytecodes", bytecodes);
            field(sb, "reducibleMethods", reducible);
            field(sb, "braunMillis", braunNanos / 1e6);
            field(sb, "referenceMillis", referenceNanos / 1e6);
            field(sb, "wallSeconds", wallSeconds);
            sb.append("\"refusalsByReason\":{");
            boolean first = true;
            for (Map.Entry<String, Integer> e : refusals.entrySet()) {
                sb.append(first ? "" : ",").append('"').append(e.getKey()).append("\":").append(e.getValue());
                first = false;
            }
            return sb.append("}}").toString();
        }

        private static void field(StringBuilder sb, String k, long v) {
            sb.append('"').append(k).append("\":").append(v).append(',');
        }

        private static void field(StringBuilder sb, String k, double v) {
            sb.append('"').append(k).append("\":").append(String.format(java.util.Locale.ROOT, "%.3f", v)).append(',');
        }
    }
}
