package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.interp.Diff;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

/**
 * {@link LoopCheckedLengths}: which array accesses get a checked length, where it is computed (before
 * the outermost loop that leaves the array alone), which accesses keep reading the length, and - through
 * the IR interpreter against HotSpot, which also checks every checked length against the array's - that
 * null arrays and bad indexes still fail where the bytecode fails.
 */
class LoopCheckedLengthsTest {
    static double matrixMultiply(double[] a, double[] b, double[] c, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = s;
            }
        }
        return c.length > 0 ? c[0] : -1;
    }

    static long sum(int[] a) { long s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static int rows(int[][] m, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            int[] row = m[i];
            for (int j = 0; j < n; j++) {
                s += row[j];
            }
        }
        return s;
    }

    static int arrayChangesInTheLoop(int[] a, int[] b, int n) { int s = 0; for (int i = 0; i < n; i++) { s += a[i]; a = b; } return s; }

    static int inTry(int[] a, int n) {
        int s = 0;
        try {
            for (int i = 0; i < n; i++) {
                s += a[i];
            }
        } catch (RuntimeException e) {
            s = -1;
        }
        return s;
    }

    /** Stores to one array, then reads another that may be null or too short: the deoptimization must not repeat a store. */
    static int copyThenRead(int[] dst, int[] src, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            dst[i] = i * 3;
            s += src[i];
        }
        return s + dst[0];
    }

    static int outsideAnyLoop(int[] a) { return a[0] + a[1]; }

    private static List<Instruction> accesses(Graph g) {
        List<Instruction> out = new ArrayList<>();
        g.blocks().forEach(b -> b.instructions().stream().filter(i -> i.op() == Op.LOAD_INDEXED || i.op() == Op.STORE_INDEXED).forEach(out::add));
        return out;
    }

    private static List<Instruction> lengthsOrZero(Graph g) {
        List<Instruction> out = new ArrayList<>();
        g.blocks().forEach(b -> b.instructions().stream().filter(i -> i.op() == Op.ARRAY_LENGTH_OR_ZERO).forEach(out::add));
        return out;
    }

    @Test
    void matrixMultiplyReadsEachLengthOnceBeforeAllLoops() {
        Graph g = Jvmci.graph(LoopCheckedLengthsTest.class, "matrixMultiply");
        String ir = new IrPrinter(true).print(g);
        List<Instruction> inLoops = accesses(g).stream().filter(x -> x.bci() < 80).toList(); // the three in the loops
        assertEquals(3, inLoops.size(), ir);
        for (Instruction x : inLoops) {
            Instruction len = (Instruction) x.checkedLength();
            assertNotNull(len, () -> x + "\n" + ir);
            assertEquals(Op.ARRAY_LENGTH_OR_ZERO, len.op(), ir);
            assertSame(x.input(0), len.input(0), ir);
            assertSame(g.entry(), len.block(), () -> "moved out of every loop\n" + ir);
        }
        assertEquals(3, lengthsOrZero(g).size(), ir);
        // c[0] after the loops keeps its own checks.
        assertTrue(accesses(g).stream().filter(x -> x.bci() >= 80).allMatch(x -> x.checkedLength() == null), ir);
    }

    /** sum's loop test reads a.length before the loop already (LoopInvariantLengths): the access checks against that read. */
    @Test
    void anArrayLengthBeforeTheLoopIsReused() {
        Graph g = Jvmci.graph(LoopCheckedLengthsTest.class, "sum");
        String ir = new IrPrinter(true).print(g);
        Instruction load = accesses(g).get(0);
        assertTrue(load.checkedLength() instanceof Instruction l && l.op() == Op.ARRAY_LENGTH, ir);
        assertTrue(lengthsOrZero(g).isEmpty(), ir);
    }

    /** The row is loaded in the outer loop: its length is read in the block entering the inner loop; m's before both. */
    @Test
    void anArrayFromTheOuterLoopGetsItsLengthBeforeTheInnerLoop() {
        Graph g = Jvmci.graph(LoopCheckedLengthsTest.class, "rows");
        String ir = new IrPrinter(true).print(g);
        Instruction row = accesses(g).stream().filter(x -> x.elementKind() == jdk.vm.ci.meta.JavaKind.Object).findFirst().orElseThrow();
        Instruction element = accesses(g).stream().filter(x -> x.elementKind() == jdk.vm.ci.meta.JavaKind.Int).findFirst().orElseThrow();
        Instruction rowLength = (Instruction) element.checkedLength();
        assertSame(row, rowLength.input(0), ir);
        assertSame(row.block(), rowLength.block(), () -> "computed right after the row is loaded, in the outer loop\n" + ir);
        assertSame(g.entry(), ((Instruction) row.checkedLength()).block(), ir);
    }

    @Test
    void otherAccessesKeepTheirChecks() {
        for (String name : List.of("arrayChangesInTheLoop", "inTry", "outsideAnyLoop")) {
            Graph g = Jvmci.graph(LoopCheckedLengthsTest.class, name);
            String ir = new IrPrinter(true).print(g);
            assertTrue(accesses(g).stream().allMatch(x -> x.checkedLength() == null), () -> name + "\n" + ir);
            assertTrue(lengthsOrZero(g).isEmpty(), ir);
        }
        // Without the on-the-fly optimizations no access gets one.
        Graph plain = Jvmci.graph(LoopCheckedLengthsTest.class, "matrixMultiply", BuildOptions.DEFAULT.withOptimize(false));
        assertTrue(accesses(plain).stream().allMatch(x -> x.checkedLength() == null));
    }

    /** The verifier accepts only a length of the accessed array. */
    @Test
    void aLengthOfAnotherArrayIsRejected() {
        Graph g = Jvmci.graph(LoopCheckedLengthsTest.class, "copyThenRead");
        List<Instruction> acc = accesses(g).stream().filter(x -> x.checkedLength() != null).toList();
        assertEquals(2, acc.size(), () -> new IrPrinter(true).print(g));
        Instruction store = acc.stream().filter(x -> x.op() == Op.STORE_INDEXED).findFirst().orElseThrow();
        Instruction load = acc.stream().filter(x -> x.op() == Op.LOAD_INDEXED).findFirst().orElseThrow();
        Verifier.verify(g);
        store.setInput(3, load.checkedLength()); // src's length for dst
        VerificationError e = assertThrows(VerificationError.class, () -> Verifier.verify(g));
        assertTrue(e.getMessage().contains("not a length of the accessed array"), e.getMessage());
        assertNull(new Instruction(g, Op.LOAD_INDEXED, jdk.vm.ci.meta.JavaKind.Int, jdk.vm.ci.meta.JavaKind.Int, 0, load.input(0), load.input(1)).checkedLength());
    }

    @Test
    void nullArraysAndBadIndexesFailWhereTheBytecodeFails() {
        Diff.checkAll(LoopCheckedLengthsTest.class, "matrixMultiply", "sum", "rows", "arrayChangesInTheLoop", "inTry", "copyThenRead", "outsideAnyLoop");
    }
}
