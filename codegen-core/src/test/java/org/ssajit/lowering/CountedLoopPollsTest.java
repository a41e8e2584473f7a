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

    // Shapes javac does not produce, built by hand (graphs of shape(int, long)): ------------------------

    static int shape(int n, long m) {
        return n;
    }

    /**
     * A graph of {@code shape}: {@code entry -> outer}, {@code outer: goto inner}, {@code inner: phi
     * i = (0, i + 1); if i < n then latch else exit}, {@code latch: if (kind) ... then inner else
     * outer} (a branch back to both headers) or {@code goto inner}, {@code exit: return}. The inner
     * loop counts an int, or a long compared directly.
     */
    private static Graph handBuilt(boolean latchAlsoClosesOuter, boolean longCounter) {
        var method = Jvmci.method(CountedLoopPollsTest.class, "shape");
        Graph g = new Graph(method);
        Block entry = g.newBlock(0);
        var n = g.addParameter(0, jdk.vm.ci.meta.JavaKind.Int, false);
        var m = g.addParameter(1, jdk.vm.ci.meta.JavaKind.Long, false);
        Block outer = g.newBlock(1);
        Block inner = g.newBlock(2);
        Block latch = g.newBlock(5);
        Block exit = g.newBlock(9);
        jdk.vm.ci.meta.JavaKind k = longCounter ? jdk.vm.ci.meta.JavaKind.Long : jdk.vm.ci.meta.JavaKind.Int;
        org.ssajit.ir.Value bound = longCounter ? m : n;
        entry.setTerminator(new org.ssajit.ir.Goto(0, outer));
        outer.addPredecessor(entry);
        outer.setTerminator(new org.ssajit.ir.Goto(1, inner));
        inner.addPredecessor(outer);
        org.ssajit.ir.Phi i = inner.addPhi(g, k);
        i.appendOperand(longCounter ? g.longConstant(0) : g.intConstant(0));
        inner.setTerminator(new org.ssajit.ir.If(2, org.ssajit.ir.Condition.LT, i, bound, latch, exit));
        latch.addPredecessor(inner);
        exit.addPredecessor(inner);
        org.ssajit.ir.Instruction inc = new org.ssajit.ir.Instruction(g, org.ssajit.ir.Op.ADD, k, null, 5, i, longCounter ? g.longConstant(1) : g.intConstant(1));
        latch.append(inc);
        org.ssajit.ir.FrameState state = new org.ssajit.ir.FrameState(method, 6, new org.ssajit.ir.Value[] {n, m, null}, new org.ssajit.ir.Value[0],
                        new org.ssajit.ir.Value[0]);
        org.ssajit.ir.Terminator back = latchAlsoClosesOuter ? new org.ssajit.ir.If(6, org.ssajit.ir.Condition.LT, n, g.intConstant(7), inner, outer)
                        : new org.ssajit.ir.Goto(6, inner);
        latch.setTerminator(back);
        back.setState(state);
        inner.addPredecessor(latch);
        i.appendOperand(inc);
        if (latchAlsoClosesOuter) {
            outer.addPredecessor(latch);
        }
        exit.setTerminator(new org.ssajit.ir.Return(9, n));
        return g;
    }

    /**
     * The rules that guard shapes javac does not make: a back edge whose branch also closes an outer
     * loop keeps its poll (the outer loop would go without one), and a counter that is a long compared
     * directly keeps it (2^64 iterations); the same loop with an int counter and a plain jump back loses it.
     */
    @ParameterizedTest
    @CsvSource({"false, false, 0", "true, false, 1", "false, true, 1"})
    void handBuiltLoops(boolean latchAlsoClosesOuter, boolean longCounter, int pollsLeft) {
        Graph g = handBuilt(latchAlsoClosesOuter, longCounter);
        assertEquals(latchAlsoClosesOuter ? 2 : 1, g.loops().loops().size(), () -> LoweredGraphs.text(g));
        CountedLoopPolls.run(g);
        assertEquals(pollsLeft, polls(g).size(), () -> LoweredGraphs.text(g));
    }
}
