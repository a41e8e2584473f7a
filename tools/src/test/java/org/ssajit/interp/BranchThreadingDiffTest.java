package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Phi;
import org.ssajit.opt.BranchThreading;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

/**
 * {@link BranchThreading}: branches on the results of inlined boolean methods, threaded from the
 * returns to the side each constant takes, run by the IR interpreter against the JVM (every build
 * variant: the inlined one threads); and the graphs, where the shape is threaded, without the phi.
 */
class BranchThreadingDiffTest {
    static boolean positive(int x) {
        return x > 0;
    }

    static boolean same(int a, int b) {
        return a == b;
    }

    /** A phi of 1 and 0 ({@code positive}'s two returns), and 1 of them through {@code & 1}. */
    static int callsPositive(int x) {
        if (positive(x)) {
            return x;
        }
        return -x;
    }

    /** The test of an inlined boolean inside a loop, counting. */
    static int countSame(int[] a, int k) {
        int n = 0;
        for (int v : a) {
            if (same(v, k)) {
                n++;
            }
        }
        return n;
    }

    /** The result used twice: the phi has two users, nothing is threaded, the results stand. */
    static int usedTwice(int x) {
        boolean p = positive(x);
        int r = p ? 1 : 2;
        return r + (p ? 10 : 20);
    }

    static boolean flag(int x, boolean b) {
        if (x > 0) {
            return b;
        }
        return false;
    }

    /** A phi of a parameter and 0: only the constant's edge is threaded, the merge stays for the other. */
    static int partly(int x, boolean b) {
        if (flag(x, b)) {
            return 1;
        }
        return 2;
    }

    static boolean lessThan(int i, int n) {
        return i < n;
    }

    /** The loop's own test is an inlined boolean: its sides are the body and the exit. */
    static int loopTest(int n) {
        int i = 0;
        int s = 0;
        while (lessThan(i, n)) {
            s += i;
            i++;
        }
        return s;
    }

    /** The loop's latch tests an inlined boolean: threading its returns to the loop header would make back edges without a safepoint. */
    static int doWhile(int n) {
        int i = 0;
        int s = 0;
        do {
            s += i * 3;
            i++;
        } while (lessThan(i, n));
        return s;
    }

    /** Negated: {@code !same(...)} tests the phi with the other sides. */
    static int negated(int a, int b) {
        return !same(a, b) ? a - b : 7;
    }

    private static List<Object[]> ints(int... xs) {
        List<Object[]> in = new ArrayList<>();
        for (int x : xs) {
            in.add(new Object[] {x});
        }
        return in;
    }

    private static final int[] EDGES = {Integer.MIN_VALUE, -7, -1, 0, 1, 2, 50, 99, 100, Integer.MAX_VALUE};

    @Test
    void threadedBranchesAgreeWithTheJvm() {
        Diff.check(BranchThreadingDiffTest.class, "callsPositive", ints(EDGES));
        Diff.check(BranchThreadingDiffTest.class, "usedTwice", ints(EDGES));
        Diff.check(BranchThreadingDiffTest.class, "loopTest", ints(-3, 0, 1, 5, 40));
        Diff.check(BranchThreadingDiffTest.class, "doWhile", ints(-3, 0, 1, 5, 40));
        List<Object[]> pairs = new ArrayList<>();
        List<Object[]> flags = new ArrayList<>();
        List<Object[]> arrays = new ArrayList<>();
        for (int a : EDGES) {
            for (int b : new int[] {-1, 0, 1, Integer.MAX_VALUE}) {
                pairs.add(new Object[] {a, b});
                arrays.add(new Object[] {new int[] {a, b, a, 0, b, b}, b});
            }
            flags.add(new Object[] {a, true});
            flags.add(new Object[] {a, false});
        }
        arrays.add(new Object[] {null, 1});
        arrays.add(new Object[] {new int[0], 1});
        Diff.check(BranchThreadingDiffTest.class, "negated", pairs);
        Diff.check(BranchThreadingDiffTest.class, "partly", flags);
        Diff.check(BranchThreadingDiffTest.class, "countSame", arrays);
    }

    private static Graph inlined(String name) {
        return Jvmci.build(Jvmci.method(Jvmci.declared(BranchThreadingDiffTest.class, name)), BuildOptions.DEFAULT.withInlining(true)).graph();
    }

    /** The phis whose every operand is the int constant 0 or 1: an inlined boolean method's result. */
    private static int booleanPhis(Graph g) {
        int n = 0;
        for (Block b : g.blocks()) {
            for (Phi p : b.phis()) {
                boolean all = true;
                for (int k = 0; k < p.operandCount(); k++) {
                    all &= p.operand(k) instanceof org.ssajit.ir.Constant c && c.kind() == jdk.vm.ci.meta.JavaKind.Int && (c.asInt() == 0 || c.asInt() == 1);
                }
                n += all ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void theMergeOfConstantsGoes() {
        for (String name : new String[] {"callsPositive", "negated", "countSame", "loopTest"}) {
            Graph g = inlined(name);
            assertEquals(0, booleanPhis(g), () -> name + ": a phi of 0 and 1 is left\n" + g);
        }
        // Every back edge keeps its safepoint: none threaded into a loop header.
        for (String name : new String[] {"countSame", "loopTest", "doWhile"}) {
            Graph g = inlined(name);
            org.ssajit.ir.Dominance dom = g.dominance();
            for (Block x : g.blocks()) {
                for (Block t : x.successors()) {
                    if (dom.dominates(t, x)) {
                        assertTrue(x.terminator().state() != null, () -> name + ": a back edge from " + x + " without a safepoint\n" + g);
                    }
                }
            }
        }
        // A phi with two users stays.
        Graph twice = inlined("usedTwice");
        assertEquals(1, booleanPhis(twice), twice::toString);
        // Threaded from the constant's edge only: a phi of the parameter alone (trivial, gone) or of it and nothing constant.
        Graph partly = inlined("partly");
        assertEquals(0, booleanPhis(partly), partly::toString);
    }
}
