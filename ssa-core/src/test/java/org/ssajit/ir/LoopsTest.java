package org.ssajit.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.Label;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * {@link Loops}: nesting, depths, latches, back edges, preheaders and induction variables of javac's
 * loops, a loop whose back edge falls through, irreducible control flow (no loop, but not reducible),
 * and the graph's cache of it (kept while instructions move, dropped when control flow changes).
 */
class LoopsTest {
    static int nested(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j += 2) {
                s += j;
            }
        }
        while (s > 100) {
            s -= 7;
        }
        return s;
    }

    static int straight(int a, int b) {
        return a > b ? a - b : b - a;
    }

    static int withContinue(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                continue;
            }
            s += a[i];
        }
        return s;
    }

    private static Graph graph(Class<?> c, String name) {
        return Jvmci.graph(c, name, BuildOptions.DEFAULT);
    }

    @Test
    void nestedLoopsHaveDepthsParentsAndLatches() {
        Graph g = graph(LoopsTest.class, "nested");
        Loops loops = g.loops();
        assertTrue(loops.isReducible());
        assertEquals(3, loops.loops().size(), g::toString);
        Loop outer = loops.loops().get(0);
        Loop inner = loops.loops().get(1);
        Loop after = loops.loops().get(2);
        assertEquals(1, outer.depth());
        assertEquals(2, inner.depth());
        assertEquals(1, after.depth());
        assertSame(outer, inner.parent());
        assertNull(after.parent());
        assertEquals(List.of(inner), outer.children());
        assertTrue(outer.contains(inner));
        assertFalse(inner.contains(outer));
        assertFalse(outer.contains(after));
        for (Loop l : loops.loops()) {
            assertEquals(1, l.latches().size(), l::toString);
            assertTrue(loops.isBackEdge(l.latches().get(0), l.header()));
            assertFalse(loops.isBackEdge(l.header(), l.latches().get(0)) && l.latches().get(0) != l.header());
            assertSame(l, loops.loopHeadedBy(l.header()));
            assertEquals(1, l.enteringBlocks().size(), l::toString);
            assertFalse(l.contains(l.enteringBlocks().get(0)));
            assertEquals(l.header(), l.blocks().get(0));
            // Independently: every block of the loop is dominated by its header and reaches a latch.
            for (Block b : l.blocks()) {
                assertTrue(g.dominance().dominates(l.header(), b));
            }
        }
        // Every block's depth is the number of loops containing it.
        for (Block b : g.blocks()) {
            long containing = loops.loops().stream().filter(l -> l.contains(b)).count();
            assertEquals(containing, loops.depth(b), b::toString);
        }
        // The for loops are entered by a plain jump (after i = 0, j = 0); the while loop straight from
        // the for loop's exit branch, so code cannot be placed before it without splitting that edge.
        assertNotNull(outer.preheader(), g::toString);
        assertNotNull(inner.preheader(), g::toString);
        assertNull(after.preheader(), g::toString);
        assertTrue(after.enteringBlocks().get(0).terminator() instanceof If);
        assertEquals(outer.blocks().size(), outer.blocks().stream().distinct().count());
        assertTrue(outer.blocks().containsAll(inner.blocks()));
    }

    @Test
    void straightLineCodeHasNoLoop() {
        Graph g = graph(LoopsTest.class, "straight");
        assertTrue(g.loops().loops().isEmpty());
        for (Block b : g.blocks()) {
            assertEquals(0, g.loops().depth(b));
            assertNull(g.loops().innermost(b));
        }
    }

    @Test
    void inductionVariables() {
        Graph g = graph(LoopsTest.class, "nested");
        Loop outer = g.loops().loops().get(0);
        Loop inner = g.loops().loops().get(1);
        Loops.InductionVariable i = ivOf(outer);
        Loops.InductionVariable j = ivOf(inner);
        assertEquals(1, i.stride());
        assertEquals(2, j.stride());
        assertEquals(List.of(g.intConstant(0)), i.initial());
        assertEquals(List.of(g.intConstant(0)), j.initial());
        // The sum s of the inner loop is not an induction variable (it adds j, not a constant).
        for (Phi p : inner.header().phis()) {
            if (p != j.phi() && p.kind() == JavaKind.Int) {
                assertNull(inner.inductionVariable(p), p::toString);
            }
        }
    }

    @Test
    void countedLoops() {
        Graph g = graph(LoopsTest.class, "nested");
        List<Loop> loops = g.loops().loops();
        // for (i = 0; i < n; i++): goes on while i < n, n a parameter
        Loops.CountedLoop outer = loops.get(0).countedLoop();
        assertEquals(Condition.LT, outer.goOn(), g::toString);
        assertTrue(outer.bound() instanceof Parameter, g::toString);
        assertEquals(1, outer.iv().stride());
        assertTrue(loops.get(0).contains(outer.body()) && outer.body() != loops.get(0).header());
        // for (j = 0; j < i; j += 2): the outer loop's i is the bound, defined outside the inner loop
        Loops.CountedLoop inner = loops.get(1).countedLoop();
        assertEquals(Condition.LT, inner.goOn());
        assertSame(outer.iv().phi(), inner.bound());
        assertEquals(2, inner.iv().stride());
        // while (s > 100) s -= 7: counting down by 7 while s > 100
        Loops.CountedLoop down = loops.get(2).countedLoop();
        assertEquals(Condition.GT, down.goOn(), g::toString);
        assertEquals(-7, down.iv().stride());
        assertEquals(g.intConstant(100), down.bound());
        // A loop whose test compares two values the loop changes is not counted.
        Graph c = graph(LoopsTest.class, "notCounted");
        assertNull(c.loops().loops().get(0).countedLoop(), c::toString);
    }

    static int notCounted(int a, int b) {
        while (a < b) {
            a += 3;
            b -= 1;
        }
        return a;
    }

    @Test
    void aBackEdgeWithoutChangeKeepsTheInductionVariable() {
        Graph g = graph(LoopsTest.class, "withContinue");
        Loop l = g.loops().loops().get(0);
        Loops.InductionVariable i = ivOf(l);
        assertEquals(1, i.stride(), g::toString);
    }

    private static Loops.InductionVariable ivOf(Loop l) {
        Loops.InductionVariable found = null;
        for (Phi p : l.header().phis()) {
            Loops.InductionVariable iv = l.inductionVariable(p);
            if (iv != null && iv.initial().size() == 1 && iv.initial().get(0) instanceof Constant) {
                found = iv;
            }
        }
        assertNotNull(found, () -> "no induction variable in " + l);
        return found;
    }

    /**
     * {@code goto H; B: i--; H: if (i > 0) goto B}: the loop's header is H (entered by the first goto),
     * its back edge is B falling through into H, and the branch back to B is a forward edge of the
     * loop that goes backwards in the bytecode.
     */
    @Test
    void aBackEdgeThatFallsThrough() {
        Class<?> c = new ClassGen("FallThroughLoop").staticMethod("f", "(I)I", code -> {
            Label header = code.newLabel();
            Label body = code.newLabel();
            code.goto_(header);
            code.labelBinding(body);
            code.iinc(0, -1);
            code.labelBinding(header); // the body falls through into the header: a back edge without a branch
            code.iload(0);
            code.ifgt(body);
            code.iload(0);
            code.ireturn();
        }).load();
        Graph g = graph(c, "f");
        Loops loops = g.loops();
        assertEquals(1, loops.loops().size(), g::toString);
        Loop l = loops.loops().get(0);
        Block latch = l.latches().get(0);
        assertTrue(latch.terminator() instanceof Goto && latch.terminator().bci() < 0, () -> "the back edge falls through\n" + g);
        // The backward branch (header -> body), not the back edge, is the loop's safepoint.
        assertTrue(l.header().terminator().isSafepoint(), g::toString);
        assertFalse(latch.terminator().isSafepoint());
    }

    /** Two entries into one cycle: no natural loop, and the graph says it is irreducible. */
    @Test
    void irreducibleCycleIsNoLoop() {
        Class<?> c = ClassGen.irreducibleCountdown("Irreducible");
        Graph g = graph(c, "f");
        assertFalse(g.loops().isReducible(), g::toString);
        assertTrue(g.loops().loops().isEmpty(), g::toString);
        // Still, the cycle polls: its backward branch is a safepoint.
        assertTrue(g.blocks().stream().anyMatch(bl -> bl.terminator().isSafepoint()), g::toString);
    }

    @Test
    void theGraphKeepsItsAnalysisUntilControlFlowChanges() {
        Graph g = graph(LoopsTest.class, "nested");
        Loops first = g.loops();
        assertSame(first, g.loops());
        assertSame(first.dominance(), g.dominance());
        // Moving an instruction keeps it.
        Loop outer = first.loops().get(0);
        Block pre = outer.preheader();
        Instruction x = new Instruction(g, Op.ADD, JavaKind.Int, null, -1, g.intConstant(1), g.intConstant(2));
        pre.insertAtEnd(x);
        assertSame(first, g.loops());
        // A new block drops it.
        g.newBlock(-1);
        assertFalse(first == g.loops());
    }
}
