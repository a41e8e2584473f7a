package org.ssajit.tools.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's child JVMs: the time limit is on progress (a child JVM times out when no program
 * begins or ends for the limit, however long the whole batch takes), and what the VM says stays out of
 * the programs' output.
 */
class FuzzerTimeoutTest {
    @TempDir
    Path dir;

    /** A stderr file nothing writes to. */
    private Path errFile() throws IOException {
        return Files.createTempFile(dir, "err", ".txt");
    }

    private static void append(Path f, String s) throws IOException {
        Files.writeString(f, s, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    @Test
    void countsMarkerLinesAcrossReads() throws IOException {
        Path f = Files.createFile(dir.resolve("out"));
        Fuzzer.MarkerCounter c = new Fuzzer.MarkerCounter();
        assertEquals(0, c.count(f));
        append(f, "#begin fuzz.s1.Main\nchecksum 12\n#e");
        assertEquals(1, c.count(f));
        append(f, "nd fuzz.s1.Main ok\n#beg");
        assertEquals(2, c.count(f), "a marker cut by a read counts once it is complete");
        assertEquals(2, c.count(f), "nothing new, nothing counted");
        append(f, "in fuzz.s2.Main\nx #end not a marker\n#end fuzz.s2.Main ok\n");
        assertEquals(4, c.count(f), "only at a line's start");
    }

    /** A shell that prints a marker every 0.3 s for 3 s: never 1 s without progress, though 3 times longer than that. */
    @Test
    void aSlowBatchThatProgressesDoesNotTimeOut() throws IOException, InterruptedException {
        Path out = Files.createFile(dir.resolve("slow"));
        Process p = new ProcessBuilder("sh", "-c", "for i in 1 2 3 4 5 6 7 8 9 10; do echo \"#begin p$i\"; sleep 0.15; echo \"#end p$i ok\"; sleep 0.15; done")
                        .redirectOutput(out.toFile()).start();
        long t0 = System.nanoTime();
        assertTrue(Fuzzer.waitWhileProgressing(p, out, errFile(), Duration.ofSeconds(1), Duration.ofSeconds(1)));
        assertTrue(System.nanoTime() - t0 > Duration.ofMillis(2500).toNanos(), "it ran its whole 3 s");
        assertEquals(20, new Fuzzer.MarkerCounter().count(out));
    }

    /** A program that stops making progress times out after the limit, though the JVM began well. */
    @Test
    void aStalledProgramTimesOut() throws IOException, InterruptedException {
        Path out = Files.createFile(dir.resolve("stalled"));
        Process p = new ProcessBuilder("sh", "-c", "echo '#begin p1'; echo '#end p1 ok'; echo '#begin p2'; exec sleep 30").redirectOutput(out.toFile()).start();
        try {
            long t0 = System.nanoTime();
            assertFalse(Fuzzer.waitWhileProgressing(p, out, errFile(), Duration.ofMillis(800), Duration.ofSeconds(60)));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 800 && ms < 10_000, ms + " ms");
            assertTrue(p.isAlive());
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    /**
     * Until the first program has ended the JVM gets the longer limit (start-up and the first
     * program, while the compiler warms up), after it the stall limit: a JVM silent for 1.5 s before
     * its first {@code #end} goes on under a 3 s first limit, and one silent for 1.5 s in its second
     * program times out under a 0.6 s limit.
     */
    @Test
    void theFirstProgramGetsTheLongerLimit() throws IOException, InterruptedException {
        Path out = Files.createFile(dir.resolve("first"));
        Process p = new ProcessBuilder("sh", "-c", "sleep 1.5; echo '#begin p1'; sleep 1.5; echo '#end p1 ok'; echo '#begin p2'; echo '#end p2 ok'")
                        .redirectOutput(out.toFile()).start();
        assertTrue(Fuzzer.waitWhileProgressing(p, out, errFile(), Duration.ofMillis(600), Duration.ofSeconds(3)));
        assertEquals(4, new Fuzzer.MarkerCounter().count(out));
        Path out2 = Files.createFile(dir.resolve("second"));
        Process q = new ProcessBuilder("sh", "-c", "echo '#begin p1'; echo '#end p1 ok'; echo '#begin p2'; exec sleep 30").redirectOutput(out2.toFile()).start();
        try {
            long t0 = System.nanoTime();
            assertFalse(Fuzzer.waitWhileProgressing(q, out2, errFile(), Duration.ofMillis(600), Duration.ofSeconds(30)));
            assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(10).toNanos(), "the stall limit after the first program, not the first limit");
        } finally {
            q.destroyForcibly().waitFor();
        }
    }

    /**
     * A JVM that keeps writing to stderr (ssajit logs each compile there) is busy, not hung: a
     * program may then take {@link Fuzzer#BUSY_ALLOWANCE} times the limit. One that compiles for
     * twice the 0.6 s limit and then ends its program goes on; one that writes forever without ending
     * its program times out after 3 x 0.6 s.
     */
    @Test
    void aJvmThatKeepsCompilingGetsMoreTimeNotForever() throws IOException, InterruptedException {
        String busy = "echo '#begin p1'; echo '#end p1 ok'; echo '#begin p2'; ";
        Path out = Files.createFile(dir.resolve("busy"));
        Path err = errFile();
        Process p = new ProcessBuilder("sh", "-c", busy + "for i in 1 2 3 4 5 6; do echo '[ssajit] compiled' >&2; sleep 0.2; done; echo '#end p2 ok'")
                        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(Fuzzer.waitWhileProgressing(p, out, err, Duration.ofMillis(600), Duration.ofMillis(600)));
        assertEquals(4, new Fuzzer.MarkerCounter().count(out));

        Path out2 = Files.createFile(dir.resolve("busyForever"));
        Path err2 = errFile();
        Process q = new ProcessBuilder("sh", "-c", busy + "while true; do echo '[ssajit] compiled' >&2; sleep 0.2; done")
                        .redirectOutput(out2.toFile()).redirectError(err2.toFile()).start();
        try {
            long t0 = System.nanoTime();
            assertFalse(Fuzzer.waitWhileProgressing(q, out2, err2, Duration.ofMillis(600), Duration.ofMillis(600)));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 1_800 && ms < 10_000, ms + " ms: 3 x the limit");
        } finally {
            q.destroyForcibly().waitFor();
        }
    }

    /**
     * A unified-logging warning (here {@code -XX:+UseLargePages} without large pages, printed at start;
     * in the code-cache stress mode "CodeCache is full") goes to stderr, not into a program's block.
     */
    @Test
    void vmWarningsStayOutOfTheProgramsOutput() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process probe = new ProcessBuilder(java.toString(), "-XX:+UseLargePages", "-version").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String probeOut = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        probe.waitFor();
        Assumptions.assumeTrue(probeOut.contains("[warning]"), "this machine has large pages: no warning to test with");
        Path classes = dir.resolve("classes");
        String program = "package fuzz.s1;\npublic final class Main { public static void main(String[] a) { System.out.println(\"checksum 7\"); } }\n";
        org.junit.jupiter.api.Assertions.assertEquals("", new SourceCompiler().compile(Map.of(Fuzzer.DRIVER_CLASS, Fuzzer.DRIVER_SOURCE, "fuzz.s1.Main", program), Map.of(), classes));
        Fuzzer fuzzer = new Fuzzer(new Fuzzer.Settings(java, "", dir, 1, 1, 60, List.of()));
        Fuzzer.Run run = fuzzer.run(classes, List.of("fuzz.s1.Main"), List.of("-XX:+UseLargePages"), Duration.ofSeconds(60));
        assertEquals("checksum 7\n#end fuzz.s1.Main ok\n", run.blocks().get("fuzz.s1.Main"));
        assertFalse(run.stdout().contains("[warning]"), run.stdout());
        assertTrue(run.stderr().contains("[warning][pagesize]"), run.stderr());
    }

    /**
     * A JVM ended by a signal without HotSpot's fatal-error report (as when something outside kills it:
     * a long run's chunk once lost three batches to a kill meant for other JVMs, reported as crashes)
     * says so in the finding; a HotSpot crash, a normal exit or a timeout do not.
     */
    @Test
    void aJvmEndedByASignalFromOutsideIsNotReportedAsACrashReport() {
        Fuzzer.Run killed = new Fuzzer.Run(List.of("java"), 143, false, true, Map.of(), "", "[ssajit] stats: 12 requests\n");
        assertTrue(Fuzzer.describe(killed).contains("signal 15 without HotSpot's fatal-error report"), Fuzzer.describe(killed));
        Fuzzer.Run crashed = new Fuzzer.Run(List.of("java"), 134, false, true, Map.of(), "",
                        "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n#  SIGSEGV (0xb)\n");
        assertEquals("", Fuzzer.signalNote(crashed));
        assertEquals("", Fuzzer.signalNote(new Fuzzer.Run(List.of("java"), 1, false, false, Map.of(), "", "")));
        assertEquals("", Fuzzer.signalNote(new Fuzzer.Run(List.of("java"), -1, true, false, Map.of(), "", "")));
    }

    /**
     * A timed-out JVM's finding keeps the thread dump's main thread and compiler threads, however long
     * the dump: the main thread comes first, and the tail of stderr lost it under load (a CI run's
     * hang canary, a compiler thread's deep stack making the dump longer than the tail).
     */
    @Test
    void aTimeoutsFindingKeepsTheMainThreadOfALongThreadDump() {
        StringBuilder err = new StringBuilder("[ssajit]  12 a.B.c()V, 3 bytes of bytecode: installed\n2026-11-29 11:31:50\nFull thread dump OpenJDK 64-Bit Server VM (25 mixed mode):\n\n");
        err.append("\"main\" #1 [2435] prio=5 os_prio=0 cpu=1.0ms elapsed=61.5s tid=0x1 nid=2435 waiting on condition\n")
                        .append("   java.lang.Thread.State: TIMED_WAITING (sleeping)\n\tat java.lang.Thread.sleep0(java.base/Native Method)\n\tat fuzz.s900003.Main.main(Main.java:7)\n\n");
        err.append("\"JVMCI CompilerThread0\" #12 [2727] daemon prio=9 os_prio=0 runnable\n");
        for (int i = 0; i < 400; i++) {
            err.append("\tat org.ssajit.Deep.frame").append(i).append("(Deep.java:").append(i).append(")\n");
        }
        err.append("\n\"Common-Cleaner\" #14 daemon prio=8 in Object.wait()\n\n");
        Fuzzer.Run run = new Fuzzer.Run(List.of("java"), -1, true, false, Map.of(), "", err.toString());
        String d = Fuzzer.describe(run);
        assertTrue(d.contains("Full thread dump") && d.contains("fuzz.s900003.Main.main(Main.java:7)"), d);
        assertTrue(d.contains("\"JVMCI CompilerThread0\""), d);
        assertFalse(Fuzzer.dumpedThreads(err.toString()).contains("Common-Cleaner"), "only the main and compiler threads");
        assertEquals("", Fuzzer.dumpedThreads("no dump here"));
    }
}
