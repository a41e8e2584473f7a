package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.ssajit.tools.fuzz.FuzzCommand;

/**
 * The fuzz harness ({@code ssajit fuzz}) against ssajit as the child JVMs' JIT: canary programs that
 * print something else under ssajit, crash its JVM or hang it must each be the finding of their kind,
 * a program that agrees must not be one; and every saved regression program must pass.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class FuzzHarnessTest {
    private static final Path CANARIES = Path.of("src/test/resources/fuzz-canaries");
    private static final Path REGRESSIONS = Path.of("src/test/resources/fuzz-regressions");

    private static String run(List<String> args, int[] status) throws IOException {
        System.setProperty(FuzzCommand.MODULE_PATH_PROPERTY, String.join(File.pathSeparator, ChildJvm.compilerModules().stream().map(Path::toString).toList()));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        status[0] = FuzzCommand.run(args.toArray(String[]::new), out, out);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void canariesAreFindingsOfTheirKind() throws IOException {
        // One batch at a time: beside the hang canary (then spinning, a core busy for its whole time
        // limit; it sleeps now) the passing canary, whose JDK methods ssajit compiles too, once took
        // 17 s of a 14 s limit in a CI run; a JVM that keeps compiling (its log on stderr grows) now
        // gets 3 times the limit. Each canary is the first program of its JVM (their seeds pick five
        // variants), so each has 3 times the limit of silence until it has ended.
        // Two runs: the canaries that end get a limit of 20 s (60 s before the first program ends).
        // With -Xbatch a compile can wait 10 s on a lock an application thread holds while it waits
        // on a compile itself, until HotSpot gives up waiting (docs/HOTSPOT-NOTES.md "-Xbatch stalls
        // of 10 s"): 4 of 30 runs of the passing canary alone took 16 s, and it timed out under CI's
        // load with a limit of 6 s. A limit only costs the hang canary, which runs on its own with
        // 6 s: in its batch, then alone, 3 x 6 s each, mostly asleep.
        List<String> args = new ArrayList<>(List.of("--timeout", "20", "--jobs", "1", "--files"));
        for (String f : List.of("mismatch.java", "crash.java", "passes.java", "depends.java")) {
            args.add(CANARIES.resolve(f).toString());
        }
        int[] status = new int[1];
        String output = run(args, status);
        assertEquals(1, status[0], output);
        assertTrue(output.contains("fuzz: FINDING seed 900001: output differs from -Xint"), output);
        assertTrue(output.contains("fuzz: FINDING seed 900002: VM crash"), output);
        assertTrue(!output.contains("seed 900004"), output);
        // Its output differs without ssajit's code too: the program's fault, found by the control run.
        assertTrue(output.contains("fuzz: FINDING seed 900005: generator error"), output);
        assertTrue(output.contains("fuzz: 4 programs, 3 findings"), output);

        output = run(List.of("--timeout", "6", "--jobs", "1", "--files", CANARIES.resolve("hang.java").toString()), status);
        assertEquals(1, status[0], output);
        assertTrue(output.contains("fuzz: FINDING seed 900003: timeout"), output);
        // A timed-out JVM is asked for a thread dump before it is killed: the hang canary's main thread asleep in its loop.
        assertTrue(output.contains("Full thread dump") && output.contains("fuzz.s900003.Main.main"), output);
        assertTrue(output.contains("fuzz: 1 programs, 1 findings"), output);
    }

    /**
     * {@code --compile programs}: ssajit compiles the program's methods and refuses every other (the
     * JDK's stay C1's); every install is one of the program's, and the refusals are the filter's.
     */
    @Test
    void compileProgramsLeavesTheJdkToC1() throws IOException {
        int[] status = new int[1];
        String output = run(List.of("--compile", "programs", "--files", CANARIES.resolve("passes.java").toString()), status);
        assertEquals(0, status[0], output);
        assertTrue(output.contains("fuzz: ssajit compiles the programs' methods only"), output);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("fuzz: ssajit installed (\\d+) compiles \\((\\d+) of the programs' methods").matcher(output);
        assertTrue(m.find(), output);
        assertTrue(Integer.parseInt(m.group(1)) > 0, output);
        assertEquals(m.group(1), m.group(2), output);
        assertTrue(output.contains("excluded by -Dssajit.MethodFilter"), output);
        assertTrue(output.contains("fuzz: 1 programs, 0 findings"), output);
    }

    @Test
    void regressionsPass() throws IOException {
        List<String> files;
        try (Stream<Path> s = Files.list(REGRESSIONS)) {
            files = s.filter(p -> p.toString().endsWith(".java")).map(Path::toString).sorted().toList();
        }
        List<String> args = new ArrayList<>(List.of("--files"));
        args.addAll(files);
        args.add(CANARIES.resolve("passes.java").toString()); // so that the run is never empty
        int[] status = new int[1];
        String output = run(args, status);
        assertEquals(0, status[0], output);
        assertTrue(output.contains("fuzz: " + (files.size() + 1) + " programs, 0 findings"), output);
    }
}
