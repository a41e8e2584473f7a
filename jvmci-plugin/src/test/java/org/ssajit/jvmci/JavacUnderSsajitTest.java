package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A real program under ssajit: javac (jdk.compiler) compiles the sources of ssa-core in a child JVM
 * whose tier-4 compiler is ssajit, with thresholds low enough that ssajit compiles thousands of
 * javac's methods ({@code -Xbatch}); the class files must be byte-identical to those javac writes
 * in this JVM (no ssajit). The child starts as {@code ssajit run} starts programs (the compiler's
 * jars on the module path, left to C1 by HotSpot, with the JVMCI module: none of their methods is
 * compiled at tier 4), and at least 95 % of its tier-4 requests are compiled. The number of ssajit's
 * compiles and refusals is printed.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class JavacUnderSsajitTest {
    private static final List<String> JVMCI_FOR_JAVAC = List.of("meta", "code", "code.site", "hotspot", "runtime", "services", "common", "amd64");

    /**
     * Under the test JVM's collector (G1), and under ZGC and Shenandoah with {@code -Pstress} (the
     * collectors whose barriers follow every reference read).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"-XX:+UseG1GC", "-XX:+UseZGC", "-XX:+UseShenandoahGC"})
    void javacCompilesSsaCoreIdentically(String gc, @TempDir Path dir) throws Exception {
        if (!gc.equals("-XX:+UseG1GC")) {
            Matrix.onlyInFullMatrix("javac under " + gc);
        }
        Path sources = Path.of("..", "ssa-core", "src", "main", "java").toAbsolutePath().normalize();
        List<String> args = new ArrayList<>(List.of("--add-modules", "jdk.internal.vm.ci"));
        for (String p : JVMCI_FOR_JAVAC) {
            args.addAll(List.of("--add-exports", "jdk.internal.vm.ci/jdk.vm.ci." + p + "=ALL-UNNAMED"));
        }
        try (Stream<Path> s = Files.walk(sources)) {
            s.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> args.add(f.toString()));
        }
        Path reference = dir.resolve("reference");
        Path underSsajit = dir.resolve("ssajit");
        List<String> refArgs = new ArrayList<>(List.of("-d", reference.toString()));
        refArgs.addAll(args);
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, refArgs.toArray(new String[0])), "javac in this JVM");

        List<String> jitArgs = new ArrayList<>(List.of("-d", underSsajit.toString()));
        jitArgs.addAll(args);
        List<String> flags = List.of(gc, "-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-Xbatch", "-XX:Tier4InvocationThreshold=100",
                        "-XX:Tier4CompileThreshold=200", "-Dssajit.Stats=true", "-Dssajit.Log=true");
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(flags, "com.sun.tools.javac.Main", jitArgs, Duration.ofMinutes(10));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);

        TreeMap<String, byte[]> expected = classFiles(reference);
        TreeMap<String, byte[]> actual = classFiles(underSsajit);
        assertTrue(expected.size() > 50, "ssa-core has more classes than " + expected.size());
        assertEquals(expected.keySet(), actual.keySet());
        for (String name : expected.keySet()) {
            assertTrue(java.util.Arrays.equals(expected.get(name), actual.get(name)), name + " differs");
        }

        Matcher compiled = Pattern.compile("\\[ssajit\\]   compiled (\\d+) ").matcher(r.stderr());
        Matcher requests = Pattern.compile("\\[ssajit\\] stats: (\\d+) requests").matcher(r.stderr());
        assertTrue(compiled.find() && requests.find(), r::describe);
        int n = Integer.parseInt(compiled.group(1));
        System.out.println("javac under ssajit: " + expected.size() + " class files identical; ssajit compiled " + n + " of " + requests.group(1)
                        + " tier-4 requests\n" + r.stderr().lines().filter(l -> l.startsWith("[ssajit]")).reduce("", (a, b) -> a + b + "\n"));
        assertTrue(n >= 1000, "ssajit compiled only " + n + " of javac's methods");
        // As `ssajit run` starts it, ssajit's jars are automatic modules that HotSpot leaves to C1:
        // none of ssajit's own methods is a tier-4 request, so none is refused as own code.
        assertTrue(r.stderr().contains("[ssajit] left to C1 (excludeFromJVMCICompilation): [org.ssajit.amd64, org.ssajit.codegen, org.ssajit.jvmci, org.ssajit.ssa]"
                        + " and the JVMCI module jdk.internal.vm.ci\n"), r::describe);
        assertFalse(r.stderr().contains("own code"), r::describe);
        // The JVMCI module, which the compiler runs hot, is left to C1 too: at most the few requests made
        // while HotSpot initialized JVMCI, before it was told (-Dssajit.Log), and ssajit refuses those.
        long logged = r.stderr().lines().filter(l -> l.matches("\\[ssajit\\] +\\d+ \\S+\\(.*")).count();
        List<String> jvmci = r.stderr().lines().filter(l -> l.matches("\\[ssajit\\] +\\d+ jdk\\.vm\\.ci\\..*")).toList();
        assertTrue(logged >= n, () -> logged + " log lines for " + n + " compiles\n" + r.describe());
        assertTrue(jvmci.size() <= 3, () -> jvmci.size() + " tier-4 requests for the JVMCI module's methods: " + jvmci);
        for (String l : jvmci) {
            assertTrue(l.contains(": refused: the JVMCI module's code, left to C1"), l);
        }
        int total = Integer.parseInt(requests.group(1));
        assertTrue(n >= total * 0.95, "ssajit compiled " + n + " of " + total + " tier-4 requests, less than 95 %");
    }

    private static TreeMap<String, byte[]> classFiles(Path root) throws IOException {
        TreeMap<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                m.put(root.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return m;
    }
}
