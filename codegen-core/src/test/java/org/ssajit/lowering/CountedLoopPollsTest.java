package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/**
 * {@link CountedLoopPolls} in the lowering: which loops keep their safepoint polls. A loop loses its
 * poll only where its test ends it within 2^32 iterations whatever the inputs; each method here is
 * one reason a loop must keep it (a step that can jump past the bound, a bound it can never pass, a
 * back edge that does not step, a long counter, an inner loop) or one shape that ends in time.
 */
class CountedLoopPollsTest {
    static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();

    static int sumArray(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static int down(int n) { int s = 0; for (int i = n; i > 0; i--) { s += i * i; } return s; }

    static int untilEqual(int n) { int s = 0; int i = 0; while (i != n) { s += i * i; i++; } return s; }

    static int upToConstant() { int s = 0; for (int i = 0; i <= 1000; i++) { s += i * i; } return s; }

    static int byTwoToConstant() { int s = 0; for (int i = 0; i < 1000; i += 2) { s += i * i; } return s; }

    // i <= n never ends for n = Integer.MAX_VALUE.
    static int upTo(int n) { int s = 0; for (int i = 0; i <= n; i++) { s += i * i; } return s; }

    // i += 2 can step from Integer.MAX_VALUE - 1 past n = Integer.MAX_VALUE and wrap.
    static int byTwo(int n) { int s = 0; for (int i = 0; i < n; i += 2) { s += i * i; } return s; }

    // i >= n by -1 never ends for n = Integer.MIN_VALUE.
    static int downTo(int n) { int s = 0; for (int i = 100; i >= n; i--) { s += i * i; } return s; }

    // 2^63 iterations.
    static long longCounter(long n) { long s = 0; for (long i = 0; i < n; i++) { s += i * i; } return s; }

    // The continue goes back to the test without stepping: a zero in a[i] that stays is a loop forever.
    static int noStep(int[] a) { int s = 0; for (int i = 0; i < a.length;) { if (a[i] == 0) { s++; continue; } i++; } return s; }

    static int nested(int n) { int s = 0; for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) { s += i * j; } } return s; }

    private static Graph lowered(String name, boolean countedLoopSafepoints) {
        Graph g = Jvmci.graph(CountedLoopPollsTest.class, name);
        OptionValues options = OptionValues.DEFAULTS.with(LoweringOptions.COUNTED_LOOP_SAFEPOINTS, countedLoopSafepoints);
        new HotSpotLowering(CONFIG, Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection(), options).lower(g);
        Verifier.verify(g);
        return g;
    }

    private static List<Block> polls(Graph g) {
        return g.blocks().stream().filter(b -> b.terminator().isSafepoint()).toList();
    }

    /** The polls left per method, and with {@link LoweringOptions#COUNTED_LOOP_SAFEPOINTS} on, every loop's. */
    @ParameterizedTest
    @CsvSource({"sumArray, 0, 1", "down, 0, 1", "untilEqual, 0, 1", "upToConstant, 0, 1", "byTwoToConstant, 0, 1", "upTo, 1, 1", "byTwo, 1, 1", "downTo, 1, 1",
        "longCounter, 1, 1", "noStep, 2, 2", "nested, 1, 2"})
    void pollsLeft(String name, int withoutOption, int withOption) {
        Graph g = lowered(name, false);
        assertEquals(withoutOption, polls(g).size(), () -> LoweredGraphs.text(g));
        Graph all = lowered(name, true);
        assertEquals(withOption, polls(all).size(), () -> LoweredGraphs.text(all));
    }

    /** Of two nested counted loops the outer one keeps its poll: its iterations are not bounded by one loop's 2^32. */
    @Test
    void theOuterLoopKeepsItsPoll() {
        Graph g = lowered("nested", false);
        Block latch = polls(g).get(0);
        var loops = g.loops();
        Block header = latch.terminator().targets().stream().filter(t -> loops.isBackEdge(latch, t)).findFirst().orElseThrow();
        assertNull(loops.loopHeadedBy(header).parent(), () -> LoweredGraphs.text(g));
        assertFalse(loops.loopHeadedBy(header).children().isEmpty(), () -> LoweredGraphs.text(g));
    }
}
