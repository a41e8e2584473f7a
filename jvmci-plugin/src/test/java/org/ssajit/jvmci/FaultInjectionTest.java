package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.ssajit.debug.FaultInjection;

/**
 * {@code -Dssajit.InjectFaults=<rate>}: faults thrown at random points of every phase must each end
 * their compile as a refusal "injected fault" (HotSpot keeps running the method in its own tiers):
 * programs under ssajit as tier 4 print what they print without faults, the VM does not crash, and
 * the number of faults injected equals the number of such refusals in {@code -Dssajit.Stats}.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class FaultInjectionTest {
    private static final List<String> JIT = List.of("-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-Xbatch", "-XX:Tier4InvocationThreshold=100",
                    "-XX:Tier4CompileThreshold=200", "-Dssajit.Stats=true");

    /** Faults injected and refusals "injected fault" in a run's stats, both required to be present. */
    private static long[] faults(ChildJvm.Result r) {
        Matcher injected = Pattern.compile("\\[ssajit\\]   faults injected (\\d+) ").matcher(r.stderr());
        Matcher refused = Pattern.compile("\\[ssajit\\] +(\\d+)  " + PipelineOutcome.INJECTED_FAULT + "\\n").matcher(r.stderr());
        Matcher compiled = Pattern.compile("\\[ssajit\\]   compiled (\\d+) ").matcher(r.stderr());
        assertTrue(injected.find() && compiled.find(), r::describe);
        long n = Long.parseLong(injected.group(1));
        long m = refused.find() ? Long.parseLong(refused.group(1)) : 0;
        return new long[]{n, m, Long.parseLong(compiled.group(1))};
    }

    /** The program under test: ExceptionHeavyProgram (compiled handlers, implicit exceptions) and the demo's kernels. */
    @ParameterizedTest
    @ValueSource(strings = {"0.002", "0.05"})
    void programsPrintTheSameWithFaults(String rate) throws Exception {
        long total = 0;
        for (String main : new String[]{org.ssajit.testprograms.ExceptionHeavyProgram.class.getName(), "org.ssajit.demo.NumericDemo"}) {
            List<String> args = main.endsWith("NumericDemo") ? List.of("20", "--min-millis", "0", "--no-times") : List.of();
            ChildJvm.Result plain = ChildJvm.run(List.of("-Xint"), main, args, Duration.ofMinutes(3));
            assertEquals(0, plain.exitCode(), plain::describe);
            List<String> flags = new ArrayList<>(JIT);
            flags.add("-Dssajit.InjectFaults=" + rate);
            // ExceptionHeavyProgram's handlers read the messages, which hot throws (C2's too) do not have.
            flags.add("-XX:-OmitStackTraceInFastThrow");
            ChildJvm.Result r = ChildJvm.runAsSsajitRun(flags, main, args, Duration.ofMinutes(3));
            assertFalse(r.crashed(), r::describe);
            assertEquals(0, r.exitCode(), r::describe);
            assertEquals(plain.stdout(), r.stdout(), () -> main + ": output differs\n" + r.describe());
            long[] f = faults(r);
            System.out.println(main + " with InjectFaults=" + rate + ": " + f[0] + " faults injected, " + f[1] + " compiles refused for them, " + f[2] + " compiled");
            assertEquals(f[0], f[1], () -> "every injected fault must be one refusal\n" + r.describe());
            total += f[0];
        }
        // The demo has few compiles (a fault in one of them is luck at the low rate); ExceptionHeavyProgram about 600.
        assertTrue(total > 5, "only " + total + " faults injected");
    }

    /**
     * The end-to-end suites with faults: both corpora ({@link EndToEndCorpus}, {@link LanguageCorpus})
     * in a child JVM where ssajit is tier 4 and faults are injected into every compile: HotSpot's
     * requests (the harness's methods, the JDK's, ssajit's own: on the class path it compiles itself),
     * by the JIT's injector, and each corpus method's own compile, by the harness's pipeline's, retried
     * until one installs (after 50 faulted attempts once more without faults: at 0.05 the largest
     * methods almost never compile; the corpus classes are kept from HotSpot's JITs, so the expected
     * results are the interpreter's). Every corpus method's compiled code must match the interpreter,
     * the VM must not crash, every fault the JIT injected must be a refusal in its stats, and every
     * fault the harness's compiles met one of the corpus compiles retried.
     */
    @ParameterizedTest
    @ValueSource(strings = {"0.01", "0.05"})
    void corpusMatchesTheInterpreterWithFaults(String rate) throws Exception {
        List<String> flags = new ArrayList<>(JIT);
        flags.addAll(List.of("-Dssajit.InjectFaults=" + rate, "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude,org.ssajit.jvmci.EndToEndCorpus::*",
                        "-XX:CompileCommand=exclude,org.ssajit.jvmci.LanguageCorpus::*"));
        ChildJvm.Result r = ChildJvm.run(flags, EndToEndCorpusTest.class.getName(),
                        List.of("--faults=" + rate, "--corpus=" + EndToEndCorpus.class.getName() + ":20", "--corpus=" + LanguageCorpus.class.getName() + ":5:5"),
                        Duration.ofMinutes(10));
        long passed = EndToEndCorpusTest.assertBothCorporaPassed(r);
        Matcher retried = Pattern.compile("FAULTED COMPILES (\\d+), (\\d+) compiled without faults after \\d+, (\\d+) faults injected").matcher(r.stdout());
        assertTrue(retried.find(), r::describe);
        long corpusFaults = Long.parseLong(retried.group(1));
        long withoutFaults = Long.parseLong(retried.group(2));
        long harnessInjected = Long.parseLong(retried.group(3));
        long[] f = faults(r);
        System.out.println("corpora with InjectFaults=" + rate + ": " + passed + " methods passed; " + f[0] + " faults injected, " + f[1]
                        + " HotSpot compiles refused for them, " + corpusFaults + " corpus compiles retried (" + withoutFaults
                        + " methods compiled without faults after 50 faulted attempts), " + f[2] + " compiled");
        assertTrue(corpusFaults > 0 && f[1] > 0, () -> "faults in both kinds of compile expected\n" + r.describe());
        assertEquals(f[0], f[1], () -> "every fault the JIT injected must be one refusal\n" + r.describe());
        assertEquals(harnessInjected, corpusFaults, () -> "every fault the corpus's compiles met must be one retried corpus compile\n" + r.describe());
    }

    /** javac compiling ssa-core with faults: the class files are the same as without ssajit. */
    @Test
    void javacWithFaults(@TempDir Path dir) throws Exception {
        Path sources = Path.of("..", "ssa-core", "src", "main", "java").toAbsolutePath().normalize();
        List<String> args = new ArrayList<>(List.of("--add-modules", "jdk.internal.vm.ci"));
        for (String p : List.of("meta", "code", "code.site", "hotspot", "runtime", "services", "common", "amd64")) {
            args.addAll(List.of("--add-exports", "jdk.internal.vm.ci/jdk.vm.ci." + p + "=ALL-UNNAMED"));
        }
        try (Stream<Path> s = Files.walk(sources)) {
            s.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> args.add(f.toString()));
        }
        Path reference = dir.resolve("reference");
        List<String> refArgs = new ArrayList<>(List.of("-d", reference.toString()));
        refArgs.addAll(args);
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, refArgs.toArray(new String[0])), "javac in this JVM");
        Path out = dir.resolve("faults");
        List<String> jitArgs = new ArrayList<>(List.of("-d", out.toString()));
        jitArgs.addAll(args);
        List<String> flags = new ArrayList<>(JIT);
        flags.add("-Dssajit.InjectFaults=0.001");
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(flags, "com.sun.tools.javac.Main", jitArgs, Duration.ofMinutes(10));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        TreeMap<String, byte[]> expected = classFiles(reference);
        TreeMap<String, byte[]> actual = classFiles(out);
        assertEquals(expected.keySet(), actual.keySet());
        for (String name : expected.keySet()) {
            assertTrue(java.util.Arrays.equals(expected.get(name), actual.get(name)), name + " differs");
        }
        long[] f = faults(r);
        System.out.println("javac with InjectFaults=0.001: " + expected.size() + " class files identical; " + f[0] + " faults injected, " + f[1]
                        + " compiles refused for them, " + f[2] + " compiled");
        assertTrue(f[0] > 10, () -> "too few faults injected\n" + r.describe());
        assertEquals(f[0], f[1], () -> "every injected fault must be one refusal\n" + r.describe());
        assertTrue(f[2] > 100, () -> "too few compiles succeeded: the rate should leave most compiles alone\n" + r.describe());
    }

    private static TreeMap<String, byte[]> classFiles(Path root) throws java.io.IOException {
        TreeMap<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                m.put(root.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return m;
    }

    /**
     * Each compiler has its own injector, made from its options: a pipeline at rate 1 meets a fault in
     * its first phase (the suite's first) and counts it, while another pipeline beside it (rate 0, the default) compiles
     * the same method and counts nothing.
     */
    @Test
    void injectorsAreEachCompilersOwn() {
        Pipeline faulty = Pipeline.host(Pipeline.TEST_OPTIONS.with(FaultInjection.INJECT_FAULTS, 1.0));
        Pipeline clean = Pipeline.host();
        jdk.vm.ci.meta.ResolvedJavaMethod m = org.ssajit.testing.Jvmci.method(Targets.class, "add1");
        RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> faulty.compile(m));
        assertEquals(org.ssajit.phases.PhaseSuite.standard().phases().get(0).name(), FaultInjection.find(e).phase());
        assertEquals(1, faulty.faults().injected());
        assertTrue(clean.compile(m).code().code().length > 0);
        assertEquals(0, clean.faults().injected());
        assertEquals(FaultInjection.NONE, clean.faults());
    }

    /** The option's parsing: probabilities only. */
    @Test
    void rateIsAProbability() {
        assertEquals(0.25, FaultInjection.INJECT_FAULTS.parse("0.25"));
        for (String bad : new String[]{"-0.1", "1.5", "NaN", "often"}) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> FaultInjection.INJECT_FAULTS.parse(bad), bad);
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> FaultInjection.atRate(1.5));
    }
}
