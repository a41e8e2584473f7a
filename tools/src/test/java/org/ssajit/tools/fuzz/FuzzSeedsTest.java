package org.ssajit.tools.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Which seeds a run takes: consecutive ones, or with {@code --gc} those whose JVM variant runs that collector. */
class FuzzSeedsTest {
    @Test
    void withoutACollectorTheSeedsAreConsecutive() {
        assertEquals(List.of(7L, 8L, 9L), FuzzCommand.seeds(7, 3, null));
    }

    @Test
    void aCollectorTakesOnlyTheSeedsOfItsVariants() {
        List<Long> seeds = FuzzCommand.seeds(1000, 50, "Shenandoah");
        assertEquals(50, seeds.size());
        for (long s : seeds) {
            assertTrue(Fuzzer.variant(s).contains("-XX:+UseShenandoahGC"), () -> s + ": " + Fuzzer.variant(s));
        }
        // Every variant that runs it, and none skipped between the first and the last.
        assertTrue(seeds.stream().map(Fuzzer::variant).distinct().count() >= 2, seeds::toString);
        for (long s = seeds.get(0); s <= seeds.get(seeds.size() - 1); s++) {
            assertEquals(Fuzzer.variant(s).contains("-XX:+UseShenandoahGC"), seeds.contains(s), "seed " + s);
        }
    }

    @Test
    void aCollectorNoVariantRunsIsAnError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = FuzzCommand.run(new String[] {"--gc", "Epsilon", "--count", "1"}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertEquals(2, status);
        assertTrue(err.toString().contains("no JVM variant runs -XX:+UseEpsilonGC"), err::toString);
    }
}
