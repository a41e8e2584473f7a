package org.ssajit.tools.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code ssajit fuzz}: generates programs from consecutive seeds, runs each under {@code -Xint} and
 * with ssajit as tier 4, reduces every finding and saves it as a regression program; ends with
 * {@code fuzz: N programs, M findings} and exits 1 when M &gt; 0.
 */
public final class FuzzCommand {
    /**
     * JVM flags for a JVM whose threads wait on their compiles ({@code -Xbatch}): java.lang.ref's
     * methods, and the one method of {@code jdk.internal.misc.VM} a reference queue calls under its
     * lock, compile in the background all the same. A thread holding a reference queue's lock (the
     * Reference Handler enqueueing) waiting on a compile otherwise stalls ssajit's compiler thread
     * when that needs the lock (a lambda of ssajit's own linked for the first time interns a
     * {@code MethodType}, whose table polls such a queue) until HotSpot stops waiting, 10 s later
     * (docs/HOTSPOT-NOTES.md "-Xbatch stalls of 10 s"): 4 of 30 runs of a small program then, none
     * of 30 with these flags.
     */
    public static final List<String> NO_WAIT_UNDER_REFERENCE_QUEUE_LOCKS = List.of("-XX:CompileCommand=quiet",
                    "-XX:CompileCommand=BackgroundCompilation,java.lang.ref.*::*,true",
                    "-XX:CompileCommand=BackgroundCompilation,jdk.internal.misc.VM::addFinalRefCount,true");

    /** The system property through which the launcher passes the compiler's module path. */
    public static final String MODULE_PATH_PROPERTY = "ssajit.jitModulePath";
    /**
     * The system property through which the launcher names the {@code java} the programs run on, when it
     * is not this JVM's (another target, e.g. an emulated arm64 JDK); the driver itself stays here.
     */
    public static final String PROGRAM_JAVA_PROPERTY = "ssajit.programJava";
    /** The methods {@code --compile programs} leaves ssajit: the generated programs' (and the driver's) package. */
    static final String PROGRAMS_FILTER = "fuzz.*";

    private FuzzCommand() {
    }

    static final String USAGE = """
                    usage: ssajit fuzz [--seed S] [--count N] [--batch B] [--jobs J] [--out DIR] [--no-reduce]
                                       [--reduce-minutes M] [--flags "JVM FLAGS"] [--timeout S] [--keep] [--gc NAME]
                                       [--compile all|programs]
                           ssajit fuzz --files FILE...    run saved programs (regressions) the same way
                           ssajit fuzz --print S          print the program of seed S

                    Generates a Java program from each seed S, S+1, ..., S+N-1, runs each under -Xint and with
                    ssajit as HotSpot's tier-4 compiler (-Xbatch, low compile thresholds, so hot methods and, by
                    OSR, hot loops run ssajit's code) and compares their output. A different output, a VM crash,
                    a timeout or an exception inside ssajit is a finding; each is reduced (statements and methods
                    deleted while it stays) and saved as DIR/s<seed>.java, a regression program.
                    The seed also picks the JVM variant: G1, Serial, Parallel, Shenandoah or Z GC, compressed oops and class
                    pointers on or off, compact object headers.

                      --seed S            first seed (default: from the clock, printed)
                      --count N           programs (default 100)
                      --batch B           programs per JVM (default 100; 25 on an emulated target)
                      --jobs J            batches at a time, each two JVMs, -Xint's the lighter (default: cores)
                      --out DIR           where findings go (default fuzz-findings)
                      --no-reduce         save findings unreduced
                      --reduce-minutes M  time for reducing each finding (default 10)
                      --flags "..."       more JVM flags for the ssajit runs (e.g. "-Dssajit.InjectFaults=0.01")
                      --timeout S         a JVM times out after S seconds without progress: before its first
                                          program, in one program, or after its last (default 40;
                                          3 x S until its first program has ended; the
                                          interpreter's JVM gets 4 x S)
                      --keep              keep the work directory (class files, crash logs)
                      --gc NAME           only the seeds whose variant runs that collector (G1, Serial,
                                          Parallel, Shenandoah, Z): N programs from S on
                      --compile WHAT      what ssajit compiles: all (default: every hot method, the JDK's
                                          too) or programs (the generated programs' methods, package
                                          fuzz; the JDK's methods stay C1's). The launcher's default
                                          on an emulated target is programs: there ssajit compiling the
                                          JDK's methods made a program take minutes.
                    """;

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    /** As {@link #run(String[])}, printing to {@code out} and {@code err}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        long seed = System.currentTimeMillis() % 1_000_000_000L;
        int count = 100;
        int batch = 100;
        int jobs = Math.max(1, Runtime.getRuntime().availableProcessors());
        Path outDir = Path.of("fuzz-findings");
        boolean reduce = true;
        int reduceMinutes = 10;
        List<String> flags = new ArrayList<>();
        int timeout = 40;
        boolean keep = false;
        boolean programsOnly = false;
        List<Path> files = null;
        String collector = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--seed" -> seed = Long.parseUnsignedLong(value(args, ++i, a));
                    case "--count" -> count = Integer.parseInt(value(args, ++i, a));
                    case "--batch" -> batch = Integer.parseInt(value(args, ++i, a));
                    case "--jobs" -> jobs = Integer.parseInt(value(args, ++i, a));
                    case "--out" -> outDir = Path.of(value(args, ++i, a));
                    case "--no-reduce" -> reduce = false;
                    case "--reduce-minutes" -> reduceMinutes = Integer.parseInt(value(args, ++i, a));
                    case "--flags" -> flags.addAll(Arrays.asList(value(args, ++i, a).trim().split("\\s+")));
                    case "--keep" -> keep = true;
                    case "--gc" -> {
                        collector = value(args, ++i, a);
                        String flag = "-XX:+Use" + collector + "GC";
                        if (Fuzzer.VARIANTS.stream().noneMatch(v -> v.contains(flag))) {
                            throw new IllegalArgumentException("--gc " + collector + ": no JVM variant runs " + flag);
                        }
                    }
                    case "--compile" -> {
                        String what = value(args, ++i, a);
                        switch (what) {
                            case "all" -> programsOnly = false;
                            case "programs" -> programsOnly = true;
                            default -> throw new IllegalArgumentException("--compile " + what + ": expected all or programs");
                        }
                    }
                    case "--timeout" -> timeout = Integer.parseInt(value(args, ++i, a));
                    case "--print" -> {
                        out.print(ProgramGenerator.generate(Long.parseUnsignedLong(value(args, ++i, a))).source());
                        return 0;
                    }
                    case "--files" -> {
                        files = new ArrayList<>();
                        while (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                            files.add(Path.of(args[++i]));
                        }
                    }
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (count < 1 || batch < 1 || jobs < 1) {
                throw new IllegalArgumentException("--count, --batch and --jobs must be positive");
            }
        } catch (IllegalArgumentException e) {
            err.println("fuzz: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        if (programsOnly) {
            // In front of the user's --flags: a -Dssajit.MethodFilter of theirs comes later and wins.
            flags.add(0, "-Dssajit.MethodFilter=" + PROGRAMS_FILTER);
        }
        String modulePath = System.getProperty(MODULE_PATH_PROPERTY);
        if (modulePath == null || modulePath.isEmpty()) {
            err.println("fuzz: -D" + MODULE_PATH_PROPERTY + " (ssajit's jars) is not set; start it as 'ssajit fuzz'");
            return 2;
        }
        String programJava = System.getProperty(PROGRAM_JAVA_PROPERTY, "");
        Path java = programJava.isEmpty() ? Path.of(System.getProperty("java.home"), "bin", "java") : Path.of(programJava);
        if (!programJava.isEmpty()) {
            out.println("fuzz: programs run on " + java);
        }
        if (programsOnly) {
            out.println("fuzz: ssajit compiles the programs' methods only (--compile programs: -Dssajit.MethodFilter=" + PROGRAMS_FILTER + ")");
        }
        try {
            Path work = Files.createTempDirectory("ssajit-fuzz-");
            Fuzzer.Settings settings = new Fuzzer.Settings(java, modulePath, work, jobs, batch, timeout, flags);
            int findings;
            if (files != null) {
                findings = runFiles(settings, files, out);
            } else {
                findings = runGenerated(settings, seed, count, collector, outDir, reduce ? reduceMinutes : 0, out);
            }
            if (!keep && findings == 0) {
                Fuzzer.deleteTree(work);
            } else {
                out.println("fuzz: work directory kept: " + work);
            }
            return findings == 0 ? 0 : 1;
        } catch (IOException | InterruptedException | ExecutionException e) {
            err.println("fuzz: " + e);
            return 2;
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** The {@code count} seeds from {@code first} on, only those whose JVM variant runs {@code collector} unless it is null. */
    static List<Long> seeds(long first, int count, String collector) {
        List<Long> seeds = new ArrayList<>();
        for (long s = first; seeds.size() < count; s++) {
            if (collector == null || Fuzzer.variant(s).contains("-XX:+Use" + collector + "GC")) {
                seeds.add(s);
            }
        }
        return seeds;
    }

    /** Generates, compiles, runs and compares; reduces and saves each finding. Returns the number of findings. */
    static int runGenerated(Fuzzer.Settings settings, long firstSeed, int count, String collector, Path outDir, int reduceMinutes, PrintStream out)
                    throws IOException, InterruptedException, ExecutionException {
        long started = System.currentTimeMillis();
        List<Long> seeds = seeds(firstSeed, count, collector);
        out.printf("fuzz: seeds %s..%s%s, %d per JVM, %d batch(es) at a time%n", Long.toUnsignedString(firstSeed),
                        Long.toUnsignedString(seeds.isEmpty() ? firstSeed : seeds.get(seeds.size() - 1)),
                        collector == null ? "" : " (" + seeds.size() + " of them under " + collector + ")", settings.batchSize(), settings.jobs());
        Map<Long, ProgramGenerator.Program> programs = new LinkedHashMap<>();
        for (long s : seeds) {
            programs.put(s, ProgramGenerator.generate(s));
        }
        Map<Long, String> sources = new LinkedHashMap<>();
        programs.forEach((s, p) -> sources.put(s, p.source()));
        Fuzzer fuzzer = new Fuzzer(settings);
        List<Fuzzer.Finding> findings = check(fuzzer, sources, started, out);
        if (!findings.isEmpty()) {
            Files.createDirectories(outDir);
            SourceCompiler javac = new SourceCompiler();
            for (Fuzzer.Finding f : distinct(findings)) {
                ProgramGenerator.Program p = programs.get(f.seed());
                String source = p == null ? null : p.source();
                if (p != null && reduceMinutes > 0 && f.kind() != Fuzzer.Kind.INVALID) {
                    Reducer.Oracle oracle = (seed, src, classesDir) -> fuzzer.reproduces(classesDir, seed, f.kind());
                    source = new Reducer(oracle, javac, settings.work(), reduceMinutes * 60_000L, out).reduce(p, f.kind().toString());
                }
                Path saved = save(outDir, f, source, p == null ? null : p.source());
                out.println("fuzz: saved " + saved);
            }
        }
        out.printf("fuzz: %d programs, %d findings%n", programs.size(), distinct(findings).size());
        return distinct(findings).size();
    }

    /** Runs saved programs (each a {@code fuzz.s<seed>.Main}) as the generated ones run. */
    static int runFiles(Fuzzer.Settings settings, List<Path> files, PrintStream out) throws IOException, InterruptedException, ExecutionException {
        long started = System.currentTimeMillis();
        Map<Long, String> sources = new LinkedHashMap<>();
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^package fuzz\\.s(\\d+);").matcher(text);
            if (!m.find()) {
                throw new IOException(f + ": not a saved fuzz program (no 'package fuzz.s<seed>;')");
            }
            sources.put(Long.parseUnsignedLong(m.group(1)), text);
        }
        List<Fuzzer.Finding> findings = check(new Fuzzer(settings), sources, started, out);
        out.printf("fuzz: %d programs, %d findings%n", sources.size(), distinct(findings).size());
        return distinct(findings).size();
    }

    /** Compiles the programs, runs them and reports what ssajit compiled; returns the findings. */
    private static List<Fuzzer.Finding> check(Fuzzer fuzzer, Map<Long, String> sources, long started, PrintStream out)
                    throws IOException, InterruptedException, ExecutionException {
        List<Fuzzer.Finding> findings = new ArrayList<>();
        Path classes = fuzzer.work().resolve("classes");
        List<Long> valid = compile(sources, classFiles(sources.keySet()), classes, findings);
        findings.addAll(runAll(fuzzer, classes, valid, out));
        report(fuzzer, started, out);
        return findings;
    }

    /** The class files (generated as bytecode, not source) of the programs of these seeds. */
    private static Map<String, byte[]> classFiles(java.util.Collection<Long> seeds) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (long s : seeds) {
            files.putAll(ProgramGenerator.generate(s).classFiles());
        }
        return files;
    }

    /** Compiles every program (and the driver) into {@code classes}; one javac run, or one per program when that fails. */
    private static List<Long> compile(Map<Long, String> sources, Map<String, byte[]> classFiles, Path classes, List<Fuzzer.Finding> findings)
                    throws IOException {
        SourceCompiler javac = new SourceCompiler();
        Map<String, String> all = new LinkedHashMap<>();
        all.put(Fuzzer.DRIVER_CLASS, Fuzzer.DRIVER_SOURCE);
        sources.forEach((s, src) -> all.put(ProgramGenerator.packageName(s) + ".Main", src));
        List<Long> valid = new ArrayList<>(sources.keySet());
        if (javac.compile(all, classFiles, classes).isEmpty()) {
            return valid;
        }
        valid.clear();
        String driverErrors = javac.compile(Map.of(Fuzzer.DRIVER_CLASS, Fuzzer.DRIVER_SOURCE), classes);
        if (!driverErrors.isEmpty()) {
            throw new IllegalStateException("the fuzz driver does not compile: " + driverErrors);
        }
        for (Map.Entry<Long, String> e : sources.entrySet()) {
            String errors = javac.compile(Map.of(ProgramGenerator.packageName(e.getKey()) + ".Main", e.getValue()), classes);
            if (errors.isEmpty()) {
                valid.add(e.getKey());
            } else {
                findings.add(new Fuzzer.Finding(e.getKey(), Fuzzer.Kind.INVALID, "javac:\n" + errors));
            }
        }
        return valid;
    }

    private static List<Fuzzer.Finding> runAll(Fuzzer fuzzer, Path classes, List<Long> seeds, PrintStream out) throws InterruptedException, ExecutionException {
        Map<Integer, List<Long>> byVariant = new TreeMap<>();
        for (long s : seeds) {
            byVariant.computeIfAbsent(Fuzzer.VARIANTS.indexOf(Fuzzer.variant(s)), k -> new ArrayList<>()).add(s);
        }
        record Batch(List<Long> seeds, List<String> variant) {
        }
        List<Batch> batches = new ArrayList<>();
        int size = fuzzer.batchSize();
        byVariant.forEach((v, list) -> {
            for (int i = 0; i < list.size(); i += size) {
                batches.add(new Batch(list.subList(i, Math.min(list.size(), i + size)), Fuzzer.VARIANTS.get(v)));
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(fuzzer.jobs());
        try {
            List<Future<List<Fuzzer.Finding>>> results = new ArrayList<>();
            int[] done = {0};
            for (Batch b : batches) {
                results.add(pool.submit(() -> {
                    long t0 = System.currentTimeMillis();
                    List<Fuzzer.Finding> f = fuzzer.check(classes, b.seeds(), b.variant());
                    synchronized (out) {
                        done[0]++;
                        out.printf("fuzz: batch %d/%d: %d programs (%s), %d finding(s), %.1f s%n", done[0], batches.size(), b.seeds().size(),
                                        String.join(" ", b.variant()), f.size(), (System.currentTimeMillis() - t0) / 1000.0);
                        for (Fuzzer.Finding x : f) {
                            out.println("fuzz: FINDING seed " + Long.toUnsignedString(x.seed()) + ": " + x.kind().description + "\n" + indent(x.detail()));
                        }
                    }
                    return f;
                }));
            }
            List<Fuzzer.Finding> all = new ArrayList<>();
            for (Future<List<Fuzzer.Finding>> r : results) {
                all.addAll(r.get());
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    private static String indent(String s) {
        return String.join("\n", s.lines().map(l -> "    " + l).toList());
    }

    /** One finding per program and kind (a compiler bug in several methods of one program counts once). */
    static List<Fuzzer.Finding> distinct(List<Fuzzer.Finding> findings) {
        Map<String, Fuzzer.Finding> m = new LinkedHashMap<>();
        for (Fuzzer.Finding f : findings) {
            m.putIfAbsent(f.seed() + "/" + f.kind(), f);
        }
        return new ArrayList<>(m.values());
    }

    private static void report(Fuzzer fuzzer, long started, PrintStream out) {
        out.printf("fuzz: ssajit installed %d compiles (%d of the programs' methods, %d OSR), refused %d, in %.1f s%n", fuzzer.installed,
                        fuzzer.programInstalled, fuzzer.osrInstalled,
                        fuzzer.refused.values().stream().mapToInt(Integer::intValue).sum(), (System.currentTimeMillis() - started) / 1000.0);
        fuzzer.refused.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(8)
                        .forEach(e -> out.printf("fuzz:   refused %6d  %s%n", e.getValue(), e.getKey()));
        if (fuzzer.inlinedCalls > 0) {
            out.printf("fuzz: %d calls inlined into %d of the compiles%n", fuzzer.inlinedCalls, fuzzer.compilesWithInlining);
        }
        if (fuzzer.faultsInjected > 0) {
            out.printf("fuzz: %d faults injected into ssajit, each a refused compile%n", fuzzer.faultsInjected);
        }
    }

    private static Path save(Path dir, Fuzzer.Finding f, String reduced, String original) throws IOException {
        String name = "s" + Long.toUnsignedString(f.seed());
        Path file = dir.resolve(name + ".java");
        StringBuilder sb = new StringBuilder();
        sb.append("// ssajit fuzz finding: seed ").append(Long.toUnsignedString(f.seed())).append(", ").append(f.kind().description).append('\n');
        sb.append("// JVM variant: ").append(String.join(" ", Fuzzer.variant(f.seed()))).append('\n');
        sb.append("// replay: ./ssajit fuzz --seed ").append(Long.toUnsignedString(f.seed())).append(" --count 1 --no-reduce; this file: ./ssajit fuzz --files ")
                        .append(file).append('\n');
        // Without the command line and paths: they name this machine's directories.
        for (String line : f.detail().lines().filter(l -> !l.startsWith("command: ") && !l.contains("Command Line:")).limit(40).toList()) {
            sb.append("//   ").append(line).append('\n');
        }
        sb.append(reduced == null ? "// (no program: the finding is about the batch)\n" : reduced);
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
        if (original != null && !original.equals(reduced)) {
            Files.writeString(dir.resolve(name + ".original.txt"), original, StandardCharsets.UTF_8);
        }
        return file;
    }
}
