package org.ssajit.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.Label;
import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.IrPrinter;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Golden;
import org.ssajit.testing.Jvmci;

/**
 * CFG shapes that stress the construction: very long block chains (iteration, not recursion; linear
 * work), unreachable code, irreducible loops, a loop header at bci 0. Work is measured in lookup frames
 * (blocks visited by Algorithm 2), never in time.
 */
class ConstructionShapesTest {
    static final BuildOptions NO_OPT = BuildOptions.DEFAULT.withOptimize(false);

    /**
     * {@code n} blocks chained by gotos, each its own block; local 1 is defined first and read at the end.
     * Laid out forwards, or last-first so that every jump goes backwards in the code (then every block is
     * a safepoint with a frame state). The classfile library widens forward jumps in code over 32 KB,
     * so only the backward layout reaches tens of thousands of blocks in one method.
     */
    private static Class<?> gotoChain(int n, boolean backwards) {
        return new ClassGen("Chain").staticMethod("chain", "(I)I", cb -> {
            cb.iload(0).iconst_3().imul().istore(1);
            Label[] labels = new Label[n + 1];
            for (int i = 0; i <= n; i++) {
                labels[i] = cb.newLabel();
            }
            if (!backwards) {
                for (int i = 0; i < n; i++) {
                    cb.labelBinding(labels[i]);
                    cb.goto_(labels[i + 1]);
                }
                cb.labelBinding(labels[n]);
                cb.iload(1).ireturn();
            } else {
                cb.goto_w(labels[0]);
                cb.labelBinding(labels[n]);
                cb.iload(1).ireturn();
                for (int i = n - 1; i >= 0; i--) {
                    cb.labelBinding(labels[i]);
                    cb.goto_(labels[i + 1]);
                }
            }
        }).load();
    }

    @Test
    void blockChains() throws Exception {
        for (int n : new int[]{10_000, 20_000}) {
            boolean backwards = n > 10_000;
            Class<?> c = gotoChain(n, backwards);
            var m = Jvmci.method(c, "chain");
            for (BuildOptions o : new BuildOptions[]{BuildOptions.DEFAULT, NO_OPT, NO_OPT.withMarkers(false)}) {
                GraphBuilder.Result r = Jvmci.build(m, o);
                assertTrue(r.graph().blocks().size() >= n, "every goto is a block");
                assertEquals(0, r.graph().phiCount());
                // The frame states of the backward jumps read local 0 in every block: still linear.
                assertTrue(r.stats().lookupFrames <= 3L * n + 100, "lookup frames " + r.stats().lookupFrames);
            }
            assertEquals(21, c.getMethod("chain", int.class).invoke(null, 7));
        }
    }

    /**
     * A chain of diamonds: each joins two paths, one of which increments x. Every join needs a phi for x;
     * x and the parameter are read in every diamond. Total lookup work must stay linear.
     */
    @Test
    void tenThousandDiamonds() throws Exception {
        int n = 5_000;
        Class<?> c = new ClassGen("Diamonds").staticMethod("diamonds", "(II)I", cb -> {
            for (int i = 0; i < n; i++) {
                Label join = cb.newLabel();
                cb.iload(0).iload(1).if_icmple(join); // if (a > x) x++
                cb.iinc(1, 1);
                cb.labelBinding(join);
            }
            cb.iload(1).ireturn();
        }).load();
        var m = Jvmci.method(c, "diamonds");
        GraphBuilder.Result markers = Jvmci.build(m, NO_OPT);
        GraphBuilder.Result plain = Jvmci.build(m, NO_OPT.withMarkers(false));
        assertEquals(n, markers.graph().phiCount());
        assertEquals(n, plain.graph().phiCount());
        assertEquals(0, markers.stats().temporaryPhis, "acyclic: the marker variant creates no temporary phi");
        assertTrue(plain.stats().temporaryPhis > 0, "the plain variant places phis for a at every join first");
        assertTrue(markers.stats().lookupFrames <= 6L * n, "lookup frames " + markers.stats().lookupFrames);
        assertTrue(plain.stats().lookupFrames <= 6L * n, "lookup frames " + plain.stats().lookupFrames);
        assertEquals(4 + n, c.getMethod("diamonds", int.class, int.class).invoke(null, 1_000_000, 4));
    }

    /** 300 blocks and 65001 locals: the dense tables would be too big, so the method is refused, not built. */
    @Test
    void hugeFramesTimesBlocksAreRefused() {
        Class<?> c = new ClassGen("Huge").staticMethod("f", "(I)I", cb -> {
            cb.iload(0).istore(65000);
            Label[] l = new Label[301];
            for (int i = 0; i <= 300; i++) {
                l[i] = cb.newLabel();
            }
            for (int i = 0; i < 300; i++) {
                cb.labelBinding(l[i]);
                cb.goto_(l[i + 1]);
            }
            cb.labelBinding(l[300]);
            cb.iload(65000).ireturn();
        }).load();
        var m = Jvmci.method(c, "f");
        BailoutException e = assertThrows(BailoutException.class, () -> GraphBuilder.build(m, BuildOptions.DEFAULT, Jvmci.PROVIDERS));
        assertEquals(BailoutException.Reason.TOO_LARGE, e.reason());
    }

    /** Code after a return and a loop nobody enters: never parsed. Folded branches leave dead blocks too. */
    static int deadByFolding(int x) {
        int k = 0;
        while (k != 0) {
            x += k;
        }
        if (k > 0) {
            x = -x;
        }
        return x;
    }

    @Test
    void unreachableCode() throws Exception {
        Class<?> c = new ClassGen("Dead").staticMethod("dead", "(I)I", cb -> {
            Label l = cb.newLabel();
            cb.iload(0).ireturn();
            cb.labelBinding(l); // unreachable: nothing jumps here
            cb.iload(0).iconst_1().iadd().istore(0);
            cb.goto_(l);
        }).load();
        Graph g = Jvmci.graph(c, "dead", NO_OPT);
        assertEquals(1, g.blocks().size());
        assertEquals(0, g.instructionCount());

        Graph folded = Jvmci.graph(ConstructionShapesTest.class, "deadByFolding");
        Graph plain = Jvmci.graph(ConstructionShapesTest.class, "deadByFolding", NO_OPT);
        Golden.check("dead-by-folding", "# with on-the-fly optimizations\n" + new IrPrinter().print(folded) + "\n# without\n" + new IrPrinter().print(plain));
        assertEquals(0, folded.phiCount());
        assertEquals(0, folded.instructionCount());
        assertTrue(plain.phiCount() > 0);
        for (Block b : folded.blocks()) {
            assertTrue(b.predecessors().size() <= 1, "no join survives: both conditions fold");
        }
    }

    /** A loop whose header is bci 0: the builder adds a start block so the entry has no predecessors. */
    @Test
    void loopAtBciZero() throws Exception {
        Class<?> c = new ClassGen("LoopAtZero").staticMethod("count", "(I)I", cb -> {
            Label top = cb.newLabel();
            cb.labelBinding(top);
            cb.iinc(0, -1);
            cb.iload(0).ifgt(top);
            cb.iload(0).ireturn();
        }).load();
        Graph g = Jvmci.graph(c, "count", NO_OPT);
        Golden.check("loop-at-bci-0", new IrPrinter(true).print(g));
        assertEquals(-1, g.entry().bci(), "synthetic start block");
        assertEquals(1, g.phiCount());
        assertEquals(0, c.getMethod("count", int.class).invoke(null, 5));
    }

    /**
     * Irreducible: a cycle with three entries, where one of three variables changes. Algorithm 5 must
     * remove exactly the redundant phis of the unchanged variables and keep the needed ones.
     */
    @Test
    void threeEntryIrreducibleLoop() throws Exception {
        Class<?> c = new ClassGen("ThreeEntries").staticMethod("f", "(III)I", cb -> {
            Label a = cb.newLabel();
            Label b = cb.newLabel();
            Label d = cb.newLabel();
            Label exit = cb.newLabel();
            cb.iload(2).iconst_1().if_icmpeq(b);
            cb.iload(2).iconst_2().if_icmpeq(d);
            cb.labelBinding(a);
            cb.iinc(1, -1);
            cb.labelBinding(b);
            cb.iload(1).ifle(exit);
            cb.labelBinding(d);
            cb.iload(1).iconst_5().if_icmpgt(a); // d -> a, falls to the exit test
            cb.iinc(1, -2);
            cb.iload(1).ifgt(a);
            cb.labelBinding(exit);
            cb.iload(0).iload(2).iadd().ireturn();
        }).load();
        Method jm = c.getMethod("f", int.class, int.class, int.class);
        var m = Jvmci.method(c, "f");
        GraphBuilder.Result with = Jvmci.build(m, NO_OPT);
        GraphBuilder.Result without = Jvmci.build(m, NO_OPT.withRedundantPhiSccs(false));
        assertFalse(with.frontEnd().blocks().isReducible());
        assertTrue(without.graph().phiCount() > with.graph().phiCount());
        // Only c (local 1) changes inside the cycle: every remaining phi merges values of c.
        Golden.check("irreducible-three-entries", new IrPrinter().print(with.graph()));
        assertEquals(12, jm.invoke(null, 10, 9, 2));
    }

}
