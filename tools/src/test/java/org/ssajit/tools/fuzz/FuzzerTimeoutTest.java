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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's time limit is on progress: a child JVM times out when no program begins or ends for
 * the limit, however long the whole batch takes.
 */
class FuzzerTimeoutTest {
    @TempDir
    Path dir;

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
        assertTrue(Fuzzer.waitWhileProgressing(p, out, Duration.ofSeconds(1)));
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
            assertFalse(Fuzzer.waitWhileProgressing(p, out, Duration.ofMillis(800)));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 800 && ms < 10_000, ms + " ms");
            assertTrue(p.isAlive());
        } finally {
            p.destroyForcibly().waitFor();
        }
    }
}
