package org.ssajit.tools.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs generated programs twice, in child JVMs: under {@code -Xint} (the oracle) and with ssajit as
 * HotSpot's tier-4 compiler (low thresholds, {@code -Xbatch}, so hot methods and hot loops, by OSR,
 * run ssajit's code), and says what differs. Many programs share a JVM: a driver runs each program's
 * {@code main} between markers, so each program's output is compared on its own; when a JVM crashes or
 * hangs, the program it was running is run alone to confirm, and the rest run again.
 *
 * <p>Each program's seed picks its JVM variant (garbage collector, compressed oops and class pointers,
 * compact object headers), so a finding replays from its seed alone.
 */
final class Fuzzer {
    /** What a finding is. */
    enum Kind {
        MISMATCH("output differs from -Xint"), CRASH("VM crash"), TIMEOUT("timeout"), COMPILER_BUG("exception in ssajit"),
        INVALID("generator error: the program is not valid Java, too slow in the interpreter, or prints what depends on how it runs");

        final String description;

        Kind(String description) {
            this.description = description;
        }
    }

    /** A finding about one program. */
    record Finding(long seed, Kind kind, String detail) {
    }

    /** Where the JVMs and the compiler come from, and how hard to push. */
    record Settings(Path java, String jitModulePath, Path work, int jobs, int batchSize, int timeoutSeconds, List<String> extraJitFlags) {
    }

    /** The JVM variants: a program's seed picks one. */
    static final List<List<String>> VARIANTS = List.of(
                    List.of("-XX:+UseG1GC"),
                    List.of("-XX:+UseSerialGC"),
                    List.of("-XX:+UseParallelGC"),
                    List.of("-XX:+UseSerialGC", "-XX:-UseCompressedOops"),
                    List.of("-XX:+UseG1GC", "-XX:+UseCompactObjectHeaders"),
                    List.of("-XX:+UseParallelGC", "-XX:-UseCompressedOops", "-XX:-UseCompressedClassPointers"),
                    List.of("-XX:+UseShenandoahGC"),
                    List.of("-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational", "-XX:-UseCompressedOops"),
                    List.of("-XX:+UseZGC"));

    static List<String> variant(long seed) {
        return VARIANTS.get((int) Long.remainderUnsigned(seed, VARIANTS.size()));
    }

    /**
     * Whatever the VM says goes to stderr, never into a program's output: its own messages, and
     * unified logging's warnings, which go to stdout by default (a full code cache's "CodeCache is
     * full. Compiler has been disabled." inside a program's block was taken for a different output).
     */
    static final List<String> VM_OUTPUT_TO_STDERR = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DisplayVMOutputToStderr", "-Xlog:disable",
                    "-Xlog:all=warning:stderr");

    /** The driver the child JVMs run: each program's main between markers, its exception (if any) reported, never a stack trace. */
    static final String DRIVER_CLASS = "fuzz.Driver";
    static final String DRIVER_SOURCE = """
                    package fuzz;

                    public final class Driver {
                        public static void main(String[] args) throws Exception {
                            for (String name : args) {
                                System.out.println("#begin " + name);
                                String end;
                                try {
                                    Class.forName(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
                                    end = "ok";
                                } catch (java.lang.reflect.InvocationTargetException e) {
                                    Throwable t = e.getCause();
                                    end = "threw " + t.getClass().getName() + ": " + t.getMessage();
                                }
                                System.out.println("#end " + name + " " + end);
                                System.out.flush();
                            }
                        }
                    }
                    """;

    private static final Pattern BUG = Pattern.compile("^\\[ssajit\\]\\s+-?\\d+ (\\S+?)\\(.*refused: (.*(?:a compiler bug|internal error in ssajit).*)$", Pattern.MULTILINE);
    private static final Pattern INSTALLED = Pattern.compile("^\\[ssajit\\]\\s+-?\\d+ (\\S+?)\\(.*?\\)\\S*( @ bci \\d+)?, \\d+ bytes of bytecode: installed.*?(?:, (\\d+) calls inlined\\))?$",
                    Pattern.MULTILINE);
    private static final Pattern REFUSED = Pattern.compile("^\\[ssajit\\]\\s+-?\\d+ \\S+?\\(.*?\\)\\S*(?: @ bci \\d+)?, \\d+ bytes of bytecode: refused: (.*?)(?: \\([\\d.]+ ms(?:, [\\d.]+ ms CPU)?, \\d+ code bytes\\))?$",
                    Pattern.MULTILINE);
    private static final Pattern PROGRAM = Pattern.compile("fuzz\\.s(\\d+)\\.");
    /** -Dssajit.Stats' account of fault injection (-Dssajit.InjectFaults): faults thrown, and compiles refused for them. */
    private static final Pattern FAULTS_INJECTED = Pattern.compile("^\\[ssajit\\]   faults injected (\\d+) ", Pattern.MULTILINE);
    private static final Pattern FAULT_REFUSALS = Pattern.compile("^\\[ssajit\\] +(\\d+)  injected fault$", Pattern.MULTILINE);

    private final Settings settings;

    /** Compiles installed by ssajit in the runs so far, and of them OSR compiles. */
    long installed;
    long osrInstalled;
    /** Calls inlined (-Dssajit.Inline), and the installed compiles they were inlined into. */
    long inlinedCalls;
    long compilesWithInlining;
    /** Of the compiles installed, those of the generated programs' own methods. */
    long programInstalled;
    /** Faults injected into ssajit (-Dssajit.InjectFaults in the flags), each of which must have ended its compile as a refusal. */
    long faultsInjected;
    /** Refusals in the runs so far, by reason (numbers dropped, so that alike reasons count together). */
    final Map<String, Integer> refused = new java.util.concurrent.ConcurrentHashMap<>();

    Fuzzer(Settings settings) {
        this.settings = settings;
    }

    int batchSize() {
        return settings.batchSize();
    }

    int jobs() {
        return settings.jobs();
    }

    Path work() {
        return settings.work();
    }

    /** The output of one child JVM. */
    record Run(List<String> command, int exit, boolean timedOut, boolean crashed, Map<String, String> blocks, String stdout, String stderr) {
        boolean complete(String name) {
            String b = blocks.get(name);
            return b != null && b.contains("#end " + name + " ");
        }
    }

    List<String> jitFlags(List<String> variant) {
        List<String> flags = new ArrayList<>(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit",
                        "--module-path", settings.jitModulePath(), "--add-modules=org.ssajit.jvmci",
                        "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.services=org.ssajit.jvmci",
                        "-Xbatch", "-XX:-BackgroundCompilation", "-XX:CompileThresholdScaling=0.01",
                        // The programs print exceptions' messages, compared with -Xint's: no hot throws without them
                        // (C2's differ from -Xint there too); ImplicitExceptionPolicyTest covers those.
                        "-XX:-OmitStackTraceInFastThrow",
                        // HotSpot multiplies the tier-4 thresholds by 1 + (tier-4 queue length) / (Tier4LoadFeedback x
                        // compiler threads), and the queue is long here (ssajit is slow while C1 compiles it): with the
                        // default (3) a program's methods stayed at tier 3; 0 would divide by zero (infinite thresholds).
                        // Tier3DelayOn: no detour through tier 2 while that queue is long.
                        "-XX:Tier4LoadFeedback=1000", "-XX:Tier3DelayOn=100000", "-Dssajit.Log=true", "-Dssajit.Stats=true",
                        // Fuzzing is testing: every compile verified (a verifier failure refuses it, and the log says so).
                        "-Dssajit.Verify=true"));
        flags.addAll(FuzzCommand.NO_WAIT_UNDER_REFERENCE_QUEUE_LOCKS);
        flags.addAll(variant);
        flags.addAll(settings.extraJitFlags());
        return flags;
    }

    static List<String> interpreterFlags() {
        return List.of("-Xint", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=0");
    }

    /**
     * Runs the driver over {@code names} in one JVM. The time limit is on progress, not on the whole
     * JVM: it times out when {@code stall} passes without a program beginning or ending (from the
     * start to the first program, within one program, from the last one to the exit). A batch's time
     * then does not decide, so a loaded machine, which slows every program of a long batch alike,
     * does not make a timeout; a program that hangs still does. Until its first program has ended
     * the JVM gets {@link #FIRST_PROGRAM_ALLOWANCE} times {@code stall}: the JVM's start and the
     * first program, which runs while ssajit itself is still interpreted (with {@code -Xbatch} each
     * of the first compiles holds the program up; two batches of the long run timed out there under
     * load, seeds 1001203 and 1002402, and passed alone). ssajit's log on stderr (a line per compile)
     * counts as activity: a JVM that keeps compiling gets {@link #BUSY_ALLOWANCE} times the limit for
     * a program before it times out (two more batches timed out in their second program under heavy
     * load, seeds 1014407 and 1017409, and passed alone); one silent on both streams for the limit
     * times out as before. A JVM that times out is asked for a thread dump (SIGQUIT; the VM prints it to
     * stderr) before it is killed, so that a hang can be told from slowness.
     */
    Run run(Path classes, List<String> names, List<String> flags, Duration stall) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(settings.java().toString());
        cmd.addAll(VM_OUTPUT_TO_STDERR); // first: -Xlog:disable must not undo the flags' own -Xlog options
        cmd.addAll(flags);
        cmd.addAll(List.of("-XX:-CreateCoredumpOnCrash", "-Xmx512m", "-XX:ErrorFile=" + settings.work().resolve("hs_err_pid%p.log")));
        cmd.add("-cp");
        cmd.add(classes.toString());
        cmd.add(DRIVER_CLASS);
        cmd.addAll(names);
        Files.createDirectories(settings.work());
        Path out = Files.createTempFile(settings.work(), "run-", ".out");
        Path err = Files.createTempFile(settings.work(), "run-", ".err");
        try {
            Process p = new ProcessBuilder(cmd).directory(settings.work().toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            boolean timedOut = !waitWhileProgressing(p, out, err, stall, stall.multipliedBy(FIRST_PROGRAM_ALLOWANCE));
            if (timedOut) {
                threadDump(p);
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            Path hsErr = settings.work().resolve("hs_err_pid" + p.pid() + ".log");
            boolean crashed = !timedOut && (Files.exists(hsErr) || stderr.contains("A fatal error has been detected") || p.exitValue() >= 128);
            if (crashed && Files.exists(hsErr)) {
                stderr = stderr + "\n--- " + hsErr + " (head)\n" + head(Files.readString(hsErr, StandardCharsets.ISO_8859_1), 60);
            }
            return new Run(cmd, timedOut ? -1 : p.exitValue(), timedOut, crashed, blocks(stdout), stdout, stderr);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** How many times the stall limit a child JVM gets until its first program has ended (see {@link #run}). */
    static final int FIRST_PROGRAM_ALLOWANCE = 3;

    /** How many times its limit a program may take while its JVM's stderr keeps growing (see {@link #run}). */
    static final int BUSY_ALLOWANCE = 3;

    /** Asks {@code p} for a thread dump (the VM prints it on SIGQUIT) and gives it a second to print it. */
    private static void threadDump(Process p) throws InterruptedException {
        try {
            new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
            p.waitFor(1, TimeUnit.SECONDS);
        } catch (IOException e) {
            // no kill command: the finding goes without the dump
        }
    }

    /**
     * Waits for {@code p} to exit while the driver's markers keep coming in {@code out}: true when it
     * exited, false when the limit passed without a new {@code #begin} or {@code #end} line and
     * without anything new in {@code err}, or {@link #BUSY_ALLOWANCE} times the limit passed without a
     * marker though {@code err} grew. The limit is {@code first} until the first {@code #end} (the
     * second marker), then {@code stall}.
     */
    static boolean waitWhileProgressing(Process p, Path out, Path err, Duration stall, Duration first) throws IOException, InterruptedException {
        MarkerCounter markers = new MarkerCounter();
        long lastMarker = System.nanoTime();
        long lastOutput = lastMarker;
        long seen = 0;
        long errSize = 0;
        while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
            long now = System.nanoTime();
            long count = markers.count(out);
            long size = Files.size(err);
            if (count != seen) {
                seen = count;
                lastMarker = now;
                lastOutput = now;
            }
            if (size != errSize) {
                errSize = size;
                lastOutput = now;
            }
            long limit = (seen < 2 ? first : stall).toNanos();
            if (now - lastOutput > limit || now - lastMarker > BUSY_ALLOWANCE * limit) {
                return false;
            }
        }
        return true;
    }

    /** Counts the driver's marker lines in a growing file, reading only what was appended since the last call. */
    static final class MarkerCounter {
        private static final byte[][] MARKERS = {"\n#begin ".getBytes(StandardCharsets.US_ASCII), "\n#end ".getBytes(StandardCharsets.US_ASCII)};
        private long position;
        /** The bytes before {@code position} that may start a marker, the first a newline (the file's start counts as one). */
        private byte[] carry = {'\n'};
        private long count;

        long count(Path file) throws IOException {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ)) {
                long size = ch.size();
                if (size <= position) {
                    return count;
                }
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) Math.min(size - position, 1 << 20));
                int n = ch.read(buf, position);
                if (n <= 0) {
                    return count;
                }
                byte[] text = new byte[carry.length + n];
                System.arraycopy(carry, 0, text, 0, carry.length);
                System.arraycopy(buf.array(), 0, text, carry.length, n);
                int done = 0; // markers found end before this index
                for (int i = 0; i < text.length; i++) {
                    for (byte[] m : MARKERS) {
                        if (i + m.length <= text.length && java.util.Arrays.equals(text, i, i + m.length, m, 0, m.length)) {
                            count++;
                            done = i + m.length;
                        }
                    }
                }
                position += n;
                // Keep the tail that could be the start of a marker cut off by the read, never a counted one.
                int keep = Math.min(text.length - done, 7);
                carry = java.util.Arrays.copyOfRange(text, text.length - keep, text.length);
                return count;
            }
        }
    }

    private static String head(String s, int lines) {
        return String.join("\n", s.lines().limit(lines).toList());
    }

    static Map<String, String> blocks(String stdout) {
        Map<String, String> blocks = new LinkedHashMap<>();
        String current = null;
        StringBuilder sb = new StringBuilder();
        for (String line : stdout.split("\n", -1)) {
            if (line.startsWith("#begin ")) {
                if (current != null) {
                    blocks.put(current, sb.toString());
                }
                current = line.substring("#begin ".length());
                sb.setLength(0);
            } else if (current != null) {
                sb.append(line).append('\n');
                if (line.startsWith("#end ")) {
                    blocks.put(current, sb.toString());
                    current = null;
                    sb.setLength(0);
                }
            }
        }
        if (current != null) {
            blocks.put(current, sb.toString());
        }
        return blocks;
    }

    /** How long a child JVM may go without a program beginning or ending (see {@link #run}). */
    Duration stallLimit() {
        return Duration.ofSeconds(settings.timeoutSeconds());
    }

    /**
     * The same for the interpreter's JVM, the oracle: four times as long. A few programs take the
     * interpreter many seconds (seed 1000957: 18 s of CPU, 70 s on a machine loaded three times over),
     * and one it cannot finish is a generator error, not a finding against ssajit.
     */
    Duration interpreterStallLimit() {
        return stallLimit().multipliedBy(4);
    }

    /**
     * Runs the programs (all compiled into {@code classes}, all of one variant) in batches, the
     * interpreter's and ssajit's JVMs side by side, and returns the findings.
     */
    List<Finding> check(Path classes, List<Long> seeds, List<String> variant) throws IOException, InterruptedException {
        List<String> names = seeds.stream().map(s -> ProgramGenerator.packageName(s) + ".Main").toList();
        List<Finding> findings = new ArrayList<>();
        List<String> pending = new ArrayList<>(names);
        while (!pending.isEmpty()) {
            java.util.concurrent.CompletableFuture<Run> xintRun = async(() -> run(classes, pending, interpreterFlags(), interpreterStallLimit()));
            Run jit = run(classes, pending, jitFlags(variant), stallLimit());
            Run xint = xintRun.join();
            count(jit);
            bugs(jit, findings);
            faults(jit, seedOf(pending.get(0)), findings);
            List<String> next = new ArrayList<>();
            int suspect = -1;
            for (int k = 0; k < pending.size() && suspect < 0; k++) {
                if (!jit.complete(pending.get(k))) {
                    suspect = k;
                }
            }
            for (int k = 0; k < pending.size(); k++) {
                String name = pending.get(k);
                long seed = seedOf(name);
                if (!xint.complete(name)) {
                    if (xint.blocks().containsKey(name)) {
                        findings.add(new Finding(seed, Kind.INVALID, "-Xint did not finish the program (" + (xint.timedOut() ? "timeout" : "exit " + xint.exit() + signalNote(xint)) + ")\n"
                                        + tail(xint.stderr())));
                    } else {
                        next.add(name); // the interpreter's JVM stopped before it: again
                    }
                    continue;
                }
                if (suspect < 0 || k < suspect) {
                    String a = xint.blocks().get(name);
                    String b = jit.blocks().get(name);
                    if (!a.equals(b)) {
                        findings.add(mismatch(classes, name, variant, a, b));
                    }
                } else if (k > suspect) {
                    next.add(name); // the JIT's JVM stopped before it: again
                } else {
                    // The JIT's JVM died or hung in this program: run it alone.
                    Run alone = run(classes, List.of(name), jitFlags(variant), stallLimit());
                    count(alone);
                    bugs(alone, findings);
                    faults(alone, seed, findings);
                    if (alone.complete(name)) {
                        String a = xint.blocks().get(name);
                        String b = alone.blocks().get(name);
                        if (!a.equals(b)) {
                            findings.add(mismatch(classes, name, variant, a, b));
                        } else {
                            findings.add(new Finding(seed, jit.timedOut() ? Kind.TIMEOUT : Kind.CRASH,
                                            "in a batch only (alone it passes); batch: " + String.join(" ", pending) + "\n" + describe(jit)));
                        }
                    } else {
                        findings.add(new Finding(seed, alone.timedOut() ? Kind.TIMEOUT : Kind.CRASH, describe(alone)));
                    }
                }
            }
            if (suspect < 0 && (jit.crashed() || jit.timedOut() || jit.exit() != 0)) {
                findings.add(new Finding(seedOf(pending.get(pending.size() - 1)), jit.timedOut() ? Kind.TIMEOUT : Kind.CRASH,
                                "after every program of the batch finished; batch: " + String.join(" ", pending) + "\n" + describe(jit)));
            }
            pending.clear();
            pending.addAll(next);
        }
        return findings;
    }

    /**
     * The flags of the control run: ssajit's JVM as for the program, but ssajit refusing every method
     * (so HotSpot's own tiers run them all). Last, so that they win over the user's filter.
     */
    List<String> controlFlags(List<String> variant) {
        List<String> flags = new ArrayList<>(jitFlags(variant));
        flags.add("-Dssajit.MethodFilter=-*");
        return flags;
    }

    /**
     * A different output from ssajit's JVM is ssajit's fault only if the same JVM without ssajit's code
     * prints what -Xint printed. Otherwise the program depends on how it runs (a generator error: e.g.
     * the sign bit of a NaN, which Java leaves open and HotSpot's tiers set differently), and the
     * finding is {@link Kind#INVALID}, with the control run's output.
     */
    private Finding mismatch(Path classes, String name, List<String> variant, String xintBlock, String jitBlock) throws IOException, InterruptedException {
        long seed = seedOf(name);
        Run control = run(classes, List.of(name), controlFlags(variant), stallLimit());
        if (controlAgrees(control, name, xintBlock)) {
            return new Finding(seed, Kind.MISMATCH, diff(xintBlock, jitBlock));
        }
        String c = control.complete(name) ? control.blocks().get(name) : "<did not finish: " + (control.timedOut() ? "timeout" : "exit " + control.exit()) + ">";
        return new Finding(seed, Kind.INVALID, "the output depends on how the program runs: with ssajit refusing every method (-Dssajit.MethodFilter=-*) it differs from -Xint too\n"
                        + diff(xintBlock, c, "without ssajit's code it printed") + "\n(ssajit's run: " + diff(xintBlock, jitBlock).replace('\n', ' ') + ")");
    }

    /** Runs one program (already compiled into {@code classes}) and says whether it shows a finding of {@code kind}. */
    boolean reproduces(Path classes, long seed, Kind kind) throws IOException, InterruptedException {
        String name = ProgramGenerator.packageName(seed) + ".Main";
        List<String> variant = variant(seed);
        if (kind == Kind.COMPILER_BUG) {
            Run jit = run(classes, List.of(name), jitFlags(variant), stallLimit());
            List<Finding> f = new ArrayList<>();
            bugs(jit, f);
            return !f.isEmpty();
        }
        java.util.concurrent.CompletableFuture<Run> xintRun = async(() -> run(classes, List.of(name), interpreterFlags(), interpreterStallLimit()));
        // A reduction must not make the program depend on how it runs (deleting a toString() leaves
        // Object's, an identity hash): for a mismatch, the JVM without ssajit's code must still agree with -Xint.
        java.util.concurrent.CompletableFuture<Run> controlRun = kind == Kind.MISMATCH ? async(() -> run(classes, List.of(name), controlFlags(variant), stallLimit())) : null;
        Run jit = run(classes, List.of(name), jitFlags(variant), stallLimit());
        Run xint = xintRun.join();
        if (!xint.complete(name)) {
            return false;
        }
        return switch (kind) {
            case MISMATCH -> jit.complete(name) && !jit.blocks().get(name).equals(xint.blocks().get(name)) && controlAgrees(controlRun.join(), name, xint.blocks().get(name));
            case CRASH -> jit.crashed();
            case TIMEOUT -> jit.timedOut();
            default -> false;
        };
    }

    /** Whether the control run (no ssajit code) finished the program and printed what -Xint printed. */
    private static boolean controlAgrees(Run control, String name, String xintBlock) {
        return control.complete(name) && control.blocks().get(name).equals(xintBlock);
    }

    private synchronized void count(Run jit) {
        Matcher m = INSTALLED.matcher(jit.stderr());
        while (m.find()) {
            installed++;
            if (m.group(1).startsWith("fuzz.")) {
                programInstalled++;
            }
            if (m.group(2) != null) {
                osrInstalled++;
            }
            if (m.group(3) != null) {
                inlinedCalls += Long.parseLong(m.group(3));
                compilesWithInlining++;
            }
        }
        Matcher r = REFUSED.matcher(jit.stderr());
        while (r.find()) {
            String reason = r.group(1).replaceAll("\\d+", "N");
            refused.merge(reason.length() > 100 ? reason.substring(0, 100) : reason, 1, Integer::sum);
        }
    }

    /**
     * With fault injection on, every fault ssajit threw must have ended its compile as a refusal
     * "injected fault" (HotSpot ran the method in its own tiers): a JVM whose stats count otherwise is
     * a finding. Nothing to check in a JVM that printed no stats (it died: a finding of its own).
     */
    private void faults(Run jit, long seed, List<Finding> findings) {
        Matcher f = FAULTS_INJECTED.matcher(jit.stderr());
        if (!f.find()) {
            return;
        }
        long injected = Long.parseLong(f.group(1));
        Matcher r = FAULT_REFUSALS.matcher(jit.stderr());
        long refusals = r.find() ? Long.parseLong(r.group(1)) : 0;
        synchronized (this) {
            faultsInjected += injected;
        }
        if (injected != refusals) {
            findings.add(new Finding(seed, Kind.COMPILER_BUG, "faults injected " + injected + ", but " + refusals + " compiles refused for them\n" + tail(jit.stderr())));
        }
    }

    private static void bugs(Run jit, List<Finding> findings) {
        Matcher m = BUG.matcher(jit.stderr());
        while (m.find()) {
            Matcher p = PROGRAM.matcher(m.group(1));
            long seed = p.find() ? Long.parseUnsignedLong(p.group(1)) : -1;
            findings.add(new Finding(seed, Kind.COMPILER_BUG, m.group(1) + ": " + m.group(2)));
        }
    }

    static long seedOf(String className) {
        Matcher p = PROGRAM.matcher(className);
        if (!p.find()) {
            throw new IllegalArgumentException(className);
        }
        return Long.parseUnsignedLong(p.group(1));
    }

    private static String diff(String expected, String actual) {
        return diff(expected, actual, "ssajit printed");
    }

    private static String diff(String expected, String actual, String label) {
        String[] a = expected.split("\n");
        String[] b = actual.split("\n");
        for (int k = 0; k < Math.max(a.length, b.length); k++) {
            String x = k < a.length ? a[k] : "<nothing>";
            String y = k < b.length ? b[k] : "<nothing>";
            if (!x.equals(y)) {
                return "line " + (k + 1) + ": -Xint printed\n  " + x + "\n" + label + "\n  " + y;
            }
        }
        return "outputs differ";
    }

    static String describe(Run r) {
        String threads = r.timedOut() ? dumpedThreads(r.stderr()) : "";
        return "command: " + String.join(" ", r.command()) + "\nexit: " + r.exit() + (r.timedOut() ? " (timed out)" : "") + (r.crashed() ? " (crashed)" : "")
                        + signalNote(r) + (threads.isEmpty() ? "" : "\n--- thread dump: the main thread and the compiler threads\n" + threads)
                        + "\n--- stderr (tail)\n" + tail(r.stderr());
    }

    /**
     * From the last thread dump in {@code stderr} (a timed-out JVM's, on SIGQUIT): its header, the
     * program's main thread and the JIT compiler threads, whatever the dump's length; the tail of
     * stderr alone lost the main thread, which the dump prints first, when a compiler thread's deep
     * stack made the dump longer than the tail. Empty if there is no dump.
     */
    static String dumpedThreads(String stderr) {
        int start = stderr.lastIndexOf("Full thread dump");
        if (start < 0) {
            return "";
        }
        List<String> kept = new ArrayList<>();
        String[] blocks = stderr.substring(start).split("\n\\s*\n");
        kept.add(blocks[0].lines().findFirst().orElse(""));
        for (String b : blocks) {
            String t = b.strip();
            if (t.startsWith("\"main\" ") || t.startsWith("\"JVMCI CompilerThread") || t.startsWith("\"C1 CompilerThread")) {
                kept.add(t);
            }
        }
        return String.join("\n\n", kept);
    }

    /**
     * For a JVM that ended by a signal without HotSpot's fatal-error report: the signal, and that a
     * signal sent from outside (a kill, the OOM killer) ends it the same way, so that such a finding is
     * not read as a crash of ssajit's code (HotSpot reports those, and writes its hs_err file).
     */
    static String signalNote(Run r) {
        if (r.timedOut() || r.exit() < 128 || r.stderr().contains("A fatal error has been detected")) {
            return "";
        }
        return " (signal " + (r.exit() - 128) + " without HotSpot's fatal-error report: a signal from outside the JVM, such as a kill, ends it so too;"
                        + " run the seed again)";
    }

    static String tail(String s) {
        // Drop ssajit's per-compile log lines but the last three (what it compiled last, for a
        // timeout): the interesting part is what the VM said.
        List<String> lines = s.lines().toList();
        int keepFrom = lines.size();
        for (int n = 0; keepFrom > 0 && n < 3; keepFrom--) {
            if (lines.get(keepFrom - 1).startsWith("[ssajit] ")) {
                n++;
            }
        }
        List<String> keptLines = new ArrayList<>();
        for (int k = 0; k < lines.size(); k++) {
            String l = lines.get(k);
            if (!l.startsWith("[ssajit] ") || l.contains("refused") || k >= keepFrom) {
                keptLines.add(l);
            }
        }
        String kept = String.join("\n", keptLines);
        return kept.length() <= 6000 ? kept : "..." + kept.substring(kept.length() - 6000);
    }

    interface IoCall<V> {
        V call() throws IOException, InterruptedException;
    }

    static <V> java.util.concurrent.CompletableFuture<V> async(IoCall<V> c) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return c.call();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }, runner);
    }

    private static final java.util.concurrent.ExecutorService runner = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fuzz-runner");
        t.setDaemon(true);
        return t;
    });

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
