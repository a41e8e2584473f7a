package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.interp.Diff;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * {@link LoopUnrolling}: which loops are unrolled (a constant start, bound and stride, at most
 * {@link LoopUnrolling#MAX_TRIPS} iterations, nested ones inner first, an induction variable that
 * overflows, one used after the loop) and which are left (more iterations, a bound not constant, a
 * second exit); that the copies' tests of the variable fold; and through the IR interpreter against
 * HotSpot the results, the arrays after the call and the exceptions, thrown in any iteration.
 */
class LoopUnrollingTest {
    /** A cell's live neighbours: both loops unroll, and the test that skips the cell itself folds. */
    static int neighbours(boolean[][] b, int x, int y) {
        int k = 0;
        for (int dx = -1; dx <= 1; dx++) {
            for (int dy = -1; dy <= 1; dy++) {
                if ((dx != 0 || dy != 0) && b[x + dx][y + dy]) {
                    k++;
                }
            }
        }
        return k;
    }

    static int sumFour(int[] a, int from) {
        int s = 0;
        for (int i = 0; i < 4; i++) {
            s += a[from + i];
        }
        return s;
    }

    /** Stores in the first iterations, then an index out of bounds in a later one. */
    static int storesThenThrows(int[] a, int at) {
        for (int i = 0; i < 3; i++) {
            a[at + i] = i * 7 + a.length;
        }
        return a[0];
    }

    /** MAX_VALUE - 1, MAX_VALUE, then MIN_VALUE fails the test: two iterations. */
    static long overflowing(long seed) {
        long s = seed;
        for (int i = Integer.MAX_VALUE - 1; i > 5; i++) {
            s = s * 31 + i;
        }
        return s;
    }

    /** 10, 7, 4, 1. */
    static int downwards(int x) {
        int s = x;
        for (int i = 10; i > 0; i -= 3) {
            s = s * 3 + i;
        }
        return s;
    }

    /** The variable after the loop is its value when the test failed: 6. */
    static int usedAfter(int x) {
        int i;
        for (i = 0; i < 5; i += 2) {
            x += i;
        }
        return x * 100 + i;
    }

    /** Branches in the body that do not depend on the variable stay. */
    static int branchy(int x, int y) {
        int s = 0;
        for (int i = 0; i < 3; i++) {
            if ((x & (1 << i)) != 0) {
                s += y / (i + 1);
            } else {
                s -= i;
            }
        }
        return s;
    }

    /** A division that may throw, and a call, in each copy. */
    static int divides(int x, int y) {
        int s = 0;
        for (int i = 0; i < 3; i++) {
            s += x / (y - i) + Integer.rotateLeft(s, i);
        }
        return s;
    }

    /** The inner loop unrolls, the outer one (its bound the array's length) stays. */
    static int rowSums(int[][] m) {
        int s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 3; j++) {
                s = s * 7 + m[i][j];
            }
        }
        return s;
    }

    // Not unrolled.

    static int tooMany(int x) {
        for (int i = 0; i < 17; i++) {
            x = x * 3 + i;
        }
        return x;
    }

    static int variableBound(int x, int n) {
        for (int i = 0; i < n; i++) {
            x += i;
        }
        return x;
    }

    static int withBreak(int[] a) {
        int s = 0;
        for (int i = 0; i < 4; i++) {
            if (a[i] < 0) {
                break;
            }
            s += a[i];
        }
        return s;
    }

    private static int loops(Graph g) {
        return g.loops().loops().size();
    }

    private static List<Instruction> loads(Graph g, JavaKind elementKind) {
        List<Instruction> out = new ArrayList<>();
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.LOAD_INDEXED && i.elementKind() == elementKind) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"neighbours", "sumFour", "storesThenThrows", "overflowing", "downwards", "usedAfter", "branchy", "divides"})
    void constantTripLoopsUnroll(String name) {
        Graph g = Jvmci.graph(LoopUnrollingTest.class, name);
        assertEquals(0, loops(g), () -> new IrPrinter(false).print(g));
    }

    @Test
    void theCopiesTestsOfTheVariableFold() {
        Graph g = Jvmci.graph(LoopUnrollingTest.class, "neighbours");
        // Eight neighbours read: the cell itself is skipped by a test that folded in its copy.
        assertEquals(8, loads(g, JavaKind.Byte).size(), () -> new IrPrinter(false).print(g));
        Graph four = Jvmci.graph(LoopUnrollingTest.class, "sumFour");
        assertEquals(4, loads(four, JavaKind.Int).size(), () -> new IrPrinter(false).print(four));
    }

    /**
     * Each copy's loads name, in their frame states, the variable's value of their own iteration, and
     * read the element of that iteration: deoptimizing in the third copy resumes with {@code i == 2}.
     */
    @Test
    void eachCopysStatesHoldItsIteration() {
        Graph g = Jvmci.graph(LoopUnrollingTest.class, "sumFour");
        List<Instruction> loads = loads(g, JavaKind.Int);
        assertEquals(4, loads.size(), () -> new IrPrinter(false).print(g));
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (Instruction load : loads) {
            // sumFour(int[] a, int from): locals a, from, s, i.
            int i = ((org.ssajit.ir.Constant) load.state().local(3)).asInt();
            seen.add(i);
            org.ssajit.ir.Value index = load.input(Op.In.INDEX);
            if (i == 0) {
                assertEquals(g.parameters().get(1), index);
            } else {
                Instruction add = (Instruction) index;
                assertEquals(Op.ADD, add.op());
                assertEquals(g.parameters().get(1), add.input(0));
                assertEquals(i, ((org.ssajit.ir.Constant) add.input(1)).asInt());
            }
        }
        assertEquals(java.util.Set.of(0, 1, 2, 3), seen);
    }

    @Test
    void anInnerLoopUnrollsInsideAnOuterOne() {
        Graph g = Jvmci.graph(LoopUnrollingTest.class, "rowSums");
        assertEquals(1, loops(g), () -> new IrPrinter(false).print(g));
        assertEquals(3, loads(g, JavaKind.Int).size(), () -> new IrPrinter(false).print(g));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tooMany", "variableBound", "withBreak"})
    void otherLoopsStay(String name) {
        Graph g = Jvmci.graph(LoopUnrollingTest.class, name);
        assertEquals(1, loops(g), () -> new IrPrinter(false).print(g));
    }

    @Test
    void resultsArraysAndExceptionsAreTheBytecodes() {
        Diff.checkAll(LoopUnrollingTest.class, "neighbours", "sumFour", "storesThenThrows", "overflowing", "downwards", "usedAfter", "branchy", "divides",
                        "rowSums", "tooMany", "withBreak");
    }
}
