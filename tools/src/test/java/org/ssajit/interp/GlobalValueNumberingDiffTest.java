package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.opt.GlobalValueNumbering;
import org.ssajit.testing.Jvmci;

/**
 * {@link GlobalValueNumbering}: an instruction equal to one in a dominating block is merged into it;
 * one in a sibling block (neither dominates) is not; instructions that can throw or read memory are
 * never merged. The counts are of the optimized graph (what the compiler builds); each method also
 * runs through the IR interpreter against the JVM.
 */
class GlobalValueNumberingDiffTest {
    /** zr * zr and zi * zi in the loop test and again in the body (the Mandelbrot step): one of each, plus 2.0 * zr and its product with zi (6 multiplications without the pass). */
    static int escape(double cr, double ci, int max) {
        double zr = 0, zi = 0;
        int k = 0;
        while (k < (max & 255) && zr * zr + zi * zi <= 4.0) {
            double t = zr * zr - zi * zi + cr;
            zi = 2.0 * zr * zi + ci;
            zr = t;
            k++;
        }
        return k;
    }

    /** a * b before the branch, again on both sides: one. */
    static int dominated(int a, int b, boolean f) {
        int x = a * b;
        if (f) {
            return x + a * b;
        }
        return x - b * a; // commutative: the same value
    }

    /** a * b only in the two arms: neither arm dominates the other, both stay. */
    static int siblings(int a, int b, boolean f) {
        if (f) {
            return a * b + 1;
        }
        return a * b - 1;
    }

    /** Integer division can throw: never merged, even when dominated. */
    static int divisions(int a, int b, boolean f) {
        int x = a / b;
        if (f) {
            return x + a / b;
        }
        return x;
    }

    /** Array loads read memory: never merged by this pass (a store may come between). */
    static int loads(int[] a, int i, boolean f) {
        int x = a[i];
        if (f) {
            a[i] = 5;
            return x + a[i];
        }
        return x + a[i];
    }

    /** Float division is pure (no exception): merged; NaN and -0.0 behave the same either way. */
    static double floatDivisions(double a, double b, boolean f) {
        double x = a / b;
        if (f) {
            return x * (a / b);
        }
        return x;
    }

    @ParameterizedTest
    @CsvSource({"escape, MUL, 4", "dominated, MUL, 1", "siblings, MUL, 2", "divisions, DIV, 2", "loads, LOAD_INDEXED, 3", "floatDivisions, DIV, 1"})
    void mergesOnlyDominatedPureInstructions(String name, Op op, int expected) {
        Graph g = Jvmci.graph(GlobalValueNumberingDiffTest.class, name);
        int count = 0;
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == op) {
                    count++;
                }
            }
        }
        assertEquals(expected, count, () -> new IrPrinter(true).print(g));
        Diff.check(GlobalValueNumberingDiffTest.class, name);
    }
}
