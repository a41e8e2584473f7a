package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * ssajit as the VM's JVMCI compiler, found the way JVMCI finds every compiler: the service locator on
 * the class path, selected by {@code -Djvmci.Compiler=ssajit}. Tier-4 requests reach it; each is
 * installed or refused with its reason, and the program computes what it computes without ssajit.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class DiscoveryTest {
    /**
     * {@code -Xbatch}: the program waits for each compilation, so the requests happen before it ends,
     * whatever the machine's speed (ssajit initializes lazily, so -Xbatch does not stall on it).
     */
    /** Why the OSR compile of {@link HotProgram#run}'s loop is refused (it calls). */
    /** How ssajit refuses HotProgram.scratch(). */
    private static final String SCRATCH_REFUSED = "HotProgram\\.scratch\\(int\\)int, \\d+ bytes of bytecode: refused: .*synchronized method: monitors are turned off \\(-Dssajit\\.Monitors=false\\)";
    private static final List<String> USE_SSAJIT = List.of("-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-XX:+PrintCompilation", "-Xbatch",
                    "-Dssajit.Monitors=false");

    @Test
    void tierFourRequestsReachSsajit() throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        flags.addAll(List.of("-Dssajit.Log=true", "-Dssajit.Stats=true"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("result=" + HotProgram.run() + "\n"), () -> "program output changed\n" + r.describe());
        // -XX:+PrintCompilation: a tier-4 compile of work(), installed by ssajit (no COMPILE SKIPPED on that line).
        assertTrue(Pattern.compile("\\s4\\s+org\\.ssajit\\.jvmci\\.HotProgram::work \\(\\d+ bytes\\)\\n").matcher(r.stdout()).find(),
                        () -> "no tier-4 compile of work()\n" + r.describe());
        // -Dssajit.Log: one line per request: work() installed; the OSR request for the loop in run(),
        // which calls work() and scratch(), installed; scratch() refused: synchronized, with monitors off.
        assertTrue(Pattern.compile("\\[ssajit\\] +\\d+ org\\.ssajit\\.jvmci\\.HotProgram\\.work\\(int\\)int, \\d+ bytes of bytecode: installed \\(\\d+\\.\\d+ ms, \\d+\\.\\d+ ms CPU, [1-9]\\d* code bytes\\)")
                        .matcher(r.stderr()).find(), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\] +\\d+ org\\.ssajit\\.jvmci\\.HotProgram\\.run\\(\\)long @ bci \\d+, \\d+ bytes of bytecode: installed")
                        .matcher(r.stderr()).find(), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\] +\\d+ org\\.ssajit\\.jvmci\\." + SCRATCH_REFUSED).matcher(r.stderr()).find(), r::describe);
        // -Dssajit.Stats: the summary at exit, with work() among the compiled methods.
        assertTrue(r.stderr().contains("[ssajit] stats: "), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\]   compiled [1-9]\\d* \\(").matcher(r.stderr()).find(), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\] +\\d+  bailout: not supported yet").matcher(r.stderr()).find(), r::describe);
        // Compile time by phase: all seven, each time within the compiles' total.
        Matcher total = Pattern.compile("\\[ssajit\\] stats: \\d+ requests, \\d+ bytecodes, (\\d+\\.\\d) ms compiling").matcher(r.stderr());
        Matcher phases = Pattern.compile("\\[ssajit\\]   phases:( .*)").matcher(r.stderr());
        assertTrue(total.find() && phases.find(), r::describe);
        Matcher each = Pattern.compile(" ([a-zA-Z ]+) (\\d+\\.\\d) ms \\(\\d+ %\\),?").matcher(phases.group(1));
        java.util.Map<String, Double> ms = new java.util.LinkedHashMap<>();
        while (each.find()) {
            ms.put(each.group(1), Double.parseDouble(each.group(2)));
        }
        assertEquals(List.of("SSA construction", "SSA verifier", "lowering", "instruction selection and emission", "register allocation",
                        "allocation verifier", "installation"), List.copyOf(ms.keySet()), r::describe);
        double sum = ms.values().stream().mapToDouble(Double::doubleValue).sum();
        assertTrue(ms.get("SSA construction") > 0 && ms.get("register allocation") > 0 && ms.get("installation") > 0
                        && sum <= Double.parseDouble(total.group(1)) + 1, r::describe);
    }

    /**
     * Under a debugger's agent (jdwp asks for local-variable access, frame popping and exception
     * events), read from each request's JVMCICompileState: every request is refused with that reason,
     * since ssajit's frame states keep only live locals, and the program computes what it computes
     * without the agent.
     */
    @Test
    void jvmtiAgentThatReadsLocalsGetsNoSsajitCode() throws Exception {
        List<String> flags = List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=localhost:0", "-Xbatch", "-Dssajit.Log=true",
                        "-Dssajit.Stats=true");
        String main = org.ssajit.testprograms.CatchingProgram.class.getName();
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(flags, main, List.of(), Duration.ofMinutes(3));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("result=" + org.ssajit.testprograms.CatchingProgram.run() + "\n"), () -> "program output changed\n" + r.describe());
        assertTrue(Pattern.compile("CatchingProgram\\.guarded\\(int\\)int, \\d+ bytes of bytecode: refused: a JVMTI agent can access local variables or pop frames "
                        + "\\(JvmtiCapabilities\\[postOnExceptions=true, popFrame=true, accessLocalVariables=true\\]\\)").matcher(r.stderr()).find(), r::describe);
        assertFalse(r.stderr().contains(": installed ("), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\]   compiled 0 ").matcher(r.stderr()).find(), r::describe);
    }

    @Test
    void onlyTheServicesExportIsNeeded() throws Exception {
        ChildJvm.Result r = ChildJvm.run(ChildJvm.minimalFlags(), USE_SSAJIT, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("COMPILE SKIPPED: ") && r.stdout().contains("monitors are turned off"), r::describe);
    }

    @Test
    void methodFilterExcludes() throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        flags.addAll(List.of("-Dssajit.Log=true", "-Dssajit.MethodFilter=org.ssajit.jvmci.HotProgram.*,-*.work"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("HotProgram.work(int)int, 9 bytes of bytecode: refused: excluded by -Dssajit.MethodFilter"), r::describe);
        assertTrue(Pattern.compile(SCRATCH_REFUSED).matcher(r.stderr()).find(), r::describe);
        // Methods outside the include pattern (JDK methods get hot too) are excluded as well.
        assertTrue(Pattern.compile("\\[ssajit\\] +\\d+ java\\.\\S+, \\d+ bytes of bytecode: refused: excluded by").matcher(r.stderr()).find(), r::describe);
    }

    @Test
    void dumpWritesTheGraphOfEveryRequest(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        flags.addAll(List.of("-Dssajit.Dump=" + dir, "-Dssajit.MethodFilter=org.ssajit.jvmci.HotProgram.work"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        List<java.nio.file.Path> files;
        try (var s = java.nio.file.Files.list(dir)) {
            files = s.sorted().toList();
        }
        java.nio.file.Path ir = files.stream().filter(p -> p.getFileName().toString().matches("\\d+-org\\.ssajit\\.jvmci\\.HotProgram\\.work\\.ir\\.txt"))
                        .findFirst().orElseThrow(() -> new AssertionError("no IR dump of work() in " + files + "\n" + r.describe()));
        String text = java.nio.file.Files.readString(ir);
        // work(x) = x * 31 + (x >>> 3), as SSA.
        assertTrue(text.startsWith("method org.ssajit.jvmci.HotProgram.work(int)int"), text);
        assertTrue(text.contains("= mul v0, #31") && text.contains("= ushr v0, #3") && text.contains("return v"), text);
        java.nio.file.Path dot = ir.resolveSibling(ir.getFileName().toString().replace(".ir.txt", ".dot"));
        assertTrue(java.nio.file.Files.readString(dot).startsWith("digraph"), dot.toString());
        // Only work() passes the filter: nothing else is dumped.
        assertTrue(files.stream().allMatch(p -> p.getFileName().toString().contains("HotProgram.work")), files.toString());
    }

    /**
     * {@code -Dssajit.PrintInlining}: the OSR compile of {@code run}'s loop inlines {@code work} (a
     * static call) and calls {@code scratch} (synchronized), and says so with the reasons, on stderr
     * (the filter lets {@code work} be compiled: HotSpot says a method whose compile was refused
     * without retry cannot be inlined either)
     * and, with {@code -Dssajit.Dump}, in the compile's {@code .inlining.txt}.
     */
    @Test
    void printInliningTellsWhatBecameOfEachCall(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        // Monitors off: scratch, synchronized, stays a call, with the reason.
        flags.addAll(List.of("-Dssajit.PrintInlining=true", "-Dssajit.Monitors=false", "-Dssajit.Dump=" + dir, "-Dssajit.MethodFilter=org.ssajit.jvmci.HotProgram.*"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("result=" + HotProgram.run() + "\n"), r::describe);
        Matcher m = Pattern.compile("\\[ssajit\\] inlining in \\d+ org\\.ssajit\\.jvmci\\.HotProgram\\.run\\(\\) \\(OSR at bci \\d+\\): 2 calls, 1 inlined\n"
                        + "  @\\d+ org\\.ssajit\\.jvmci\\.HotProgram\\.work\\(int\\)  inlined: static\n"
                        + "  @\\d+ org\\.ssajit\\.jvmci\\.HotProgram\\.scratch\\(int\\)  called: it locks, and monitors are turned off \\(-Dssajit\\.Monitors=false\\)\n")
                        .matcher(r.stderr());
        assertTrue(m.find(), r::describe);
        List<String> dumped = new java.util.ArrayList<>();
        try (var s = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path p : s.filter(p -> p.getFileName().toString().endsWith("HotProgram.run.inlining.txt")).toList()) {
                dumped.add(java.nio.file.Files.readString(p));
            }
        }
        assertTrue(dumped.contains(m.group()), () -> "the dumps do not hold what was printed: " + dumped + "\n" + r.describe());
    }

    /**
     * HotSpot's compile statistics ({@code -XX:+CITime}) count the bytecode ssajit inlined, as they do
     * C2's: the Tier4 line's bytes exceed the compiled methods' own bytecode, which ssajit's statistics
     * count, by the inlined callees'.
     */
    @Test
    void hotSpotCountsTheInlinedBytecode() throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        flags.addAll(List.of("-XX:+CITime", "-Dssajit.Stats=true", "-Dssajit.PrintInlining=true", "-Dssajit.MethodFilter=org.ssajit.jvmci.HotProgram.*"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("org.ssajit.jvmci.HotProgram.work(int)  inlined: static"), r::describe);
        Matcher own = Pattern.compile("\\[ssajit\\] +compiled (\\d+) \\((\\d+) bytecodes").matcher(r.stderr());
        assertTrue(own.find(), r::describe);
        Matcher tier4 = Pattern.compile("Tier4 \\{speed: *[0-9.]+ bytes/s; standard: *[0-9.]+ s, (\\d+) bytes, (\\d+) methods; osr: *[0-9.]+ s, (\\d+) bytes, (\\d+) methods")
                        .matcher(r.stdout());
        assertTrue(tier4.find(), r::describe);
        long methods = Long.parseLong(tier4.group(2)) + Long.parseLong(tier4.group(4));
        long bytes = Long.parseLong(tier4.group(1)) + Long.parseLong(tier4.group(3));
        assertEquals(Long.parseLong(own.group(1)), methods, r::describe);
        long work = 9; // HotProgram.work's bytecode: iload_0 bipush imul iload_0 iconst_3 iushr iadd ireturn
        assertTrue(bytes >= Long.parseLong(own.group(2)) + work, () -> "CITime's Tier4 bytes " + bytes + " do not count the inlined callee\n" + r.describe());
    }

    /**
     * By default (callees up to 325 bytes at calls in loops) a call on every iteration of a loop inlines
     * a callee larger than 35 bytes, one on a branch never taken does not; with {@code
     * -Dssajit.HotInlineSize=35} both are held to 35 bytes. (With the branch's never-taken side compiled
     * as a trap, the default, that call is not even parsed: off here.)
     */
    @Test
    void withHotInlineSizeAHotCallInlinesALargerCallee() throws Exception {
        int mix = org.ssajit.testing.Jvmci.method(HotCallProgram.class, "mix").getCodeSize();
        int spread = org.ssajit.testing.Jvmci.method(HotCallProgram.class, "spread").getCodeSize();
        assertTrue(mix > 35 && spread > 35, mix + " " + spread);
        String filter = "-Dssajit.MethodFilter=org.ssajit.jvmci.HotCallProgram.*"; // a callee refused by the filter is not inlinable either
        for (String size : new String[]{null, "35"}) {
            List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
            flags.addAll(List.of("-Dssajit.PrintInlining=true", filter, "-Dssajit.UntakenBranchTraps=false"));
            boolean larger = size == null;
            if (size != null) {
                flags.add("-Dssajit.HotInlineSize=" + size);
            }
            ChildJvm.Result r = ChildJvm.run(flags, HotCallProgram.class.getName(), List.of(), Duration.ofMinutes(2));
            assertEquals(0, r.exitCode(), r::describe);
            assertTrue(r.stdout().contains("result=" + HotCallProgram.run() + "\n"), r::describe);
            String hot = larger ? "inlined: static; a hot call \\([0-9.]+ per entry\\)" : "called: too big \\(" + mix + " > 35 bytes\\)";
            Matcher m = Pattern.compile("\\[ssajit\\] inlining in \\d+ org\\.ssajit\\.jvmci\\.HotCallProgram\\.run\\(\\) \\(OSR at bci \\d+\\): 2 calls, "
                            + (larger ? 1 : 0) + " inlined\n"
                            + "  @\\d+ org\\.ssajit\\.jvmci\\.HotCallProgram\\.mix\\(int\\)  " + hot + "\n"
                            + "  @\\d+ org\\.ssajit\\.jvmci\\.HotCallProgram\\.spread\\(int\\)  called: too big \\(" + spread + " > 35 bytes\\)"
                            + (larger ? " for a call that is not hot \\([^)]*\\)\n" : "\n")).matcher(r.stderr());
            assertTrue(m.find(), r::describe);
        }
    }

    /**
     * Epsilon (no barriers, no collections) is accepted: the tier-4 request of work() is installed by
     * ssajit, not refused for the collector. (A collector ssajit cannot compile for would be refused at
     * the start, with the reason: {@link CompilerTest#supportedCollectorsAreSerialParallelG1ShenandoahZAndEpsilon}.)
     */
    @Test
    void epsilonIsCompiled() throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        flags.addAll(List.of("-XX:+UseEpsilonGC", "-Xmx2g", "-Dssajit.Log=true"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("result=" + HotProgram.run() + "\n"), r::describe);
        assertFalse(r.stderr().contains("garbage collector is not supported"), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\] +\\d+ org\\.ssajit\\.jvmci\\.HotProgram\\.work\\(int\\)int, \\d+ bytes of bytecode: installed").matcher(r.stderr()).find(), r::describe);
    }

    /**
     * On the class path too, a bad option stops the VM at start-up with the reason (it no longer runs the
     * program with every method refused; see {@link OptionsAtStartTest}).
     */
    @Test
    void badOptionStopsTheVm() throws Exception {
        List<String> flags = new java.util.ArrayList<>(USE_SSAJIT);
        flags.addAll(List.of("-Dssajit.Log=maybe", "-Dssajit.Typo=1"));
        ChildJvm.Result r = ChildJvm.run(flags, HotProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertFalse(r.crashed(), r::describe);
        assertEquals(2, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("[ssajit] error: -Dssajit.Log=maybe: expected true or false"), r::describe);
        assertTrue(r.stderr().contains("[ssajit] error: -Dssajit.Typo=1: no such option"), r::describe);
        assertFalse(r.stdout().contains("result="), r::describe);
    }
}
