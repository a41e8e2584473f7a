package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.ssajit.interp.Diff;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;

/**
 * {@link LoopInvariantCodeMotion}: what leaves a loop (pure instructions of invariant operands, out of
 * every loop they are invariant in), what stays (instructions that can throw, that depend on the
 * loop, that read memory), and - through the IR interpreter against HotSpot - that the results and
 * exceptions are the bytecode's, loops that run zero times included.
 */
class LoopInvariantCodeMotionTest {
    static double matrix(double[] a, double[] b, int m) {
        int n = m & 15;
        double s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
            }
        }
        return s;
    }

    static long widenedBound(int n, int step) {
        long s = 0;
        for (long j = 0; j <= (n & 0xffff); j += (step & 0xff) + 1) {
            s += j;
        }
        return s;
    }

    static int divisionStays(int x, int y, int n) {
        n &= 1023;
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += x / y;
        }
        return s;
    }

    static double chain(double x, int y, int n) {
        n &= 1023;
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += (x * 3.0 + y) / (y - 1.5) + i;
        }
        return s;
    }

    static int fieldReadStays(int n) {
        n &= 1023;
        counter = n >> 2;
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += counter * 2;
            counter++;
        }
        return s;
    }

    static int counter;

    static void parse(String digits) {
        Integer.parseInt(digits);
    }

    static int afterACallInATry(String digits, int n) {
        n &= 1023;
        int s = 0;
        try {
            parse(digits);
            while (s < n) {
                s += n * 3 + 1;
            }
        } catch (NumberFormatException e) {
            s = -1;
        }
        return s;
    }

    /** The loops of g that code can move out of (those with a preheader). */
    private static List<org.ssajit.ir.Loops.Loop> loops(Graph g) {
        return g.loops().loops().stream().filter(l -> l.preheader() != null).toList();
    }

    private static Stream<Instruction> instructions(Graph g, Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op);
    }

    private static long depth(Graph g, Instruction i) {
        return loops(g).stream().filter(l -> l.contains(i.block())).count();
    }

    @Test
    void aRowOffsetLeavesTheInnerLoops() {
        Graph g = Jvmci.graph(LoopInvariantCodeMotionTest.class, "matrix");
        String printed = new IrPrinter(true).print(g);
        // i * n is invariant in the k and j loops: it lands outside both (depth 1: the i loop).
        // k * n depends on k: it stays in the innermost loop (depth 3).
        List<Instruction> muls = instructions(g, Op.MUL).filter(m -> m.kind() == JavaKind.Int).toList();
        assertEquals(2, muls.size(), printed);
        assertTrue(muls.stream().anyMatch(m -> depth(g, m) == 1), printed);
        assertTrue(muls.stream().anyMatch(m -> depth(g, m) == 3), printed);
        // Without the on-the-fly optimizations nothing moves: both stay at depth 3.
        Graph plain = Jvmci.graph(LoopInvariantCodeMotionTest.class, "matrix", BuildOptions.DEFAULT.withOptimize(false));
        assertTrue(instructions(plain, Op.MUL).filter(m -> m.kind() == JavaKind.Int).allMatch(m -> depth(plain, m) == 3), new IrPrinter(true).print(plain));
    }

    @Test
    void aWidenedBoundIsWidenedOnce() {
        Graph g = Jvmci.graph(LoopInvariantCodeMotionTest.class, "widenedBound");
        // The bound and the step: each widened once, before the loop.
        List<Instruction> widen = instructions(g, Op.I2L).toList();
        assertEquals(2, widen.size());
        assertTrue(widen.stream().allMatch(i -> depth(g, i) == 0), () -> new IrPrinter(true).print(g));
    }

    @Test
    void aChainOfPureInvariantsLeavesTogether() {
        Graph g = Jvmci.graph(LoopInvariantCodeMotionTest.class, "chain");
        String printed = new IrPrinter(true).print(g);
        // x * 3.0, i2d y, the add, y - 1.5 and the division (float division cannot throw) all move;
        // only i2d i and the two adds of the loop-carried sum stay.
        for (Op op : new Op[]{Op.MUL, Op.DIV, Op.SUB}) {
            assertTrue(instructions(g, op).allMatch(i -> depth(g, i) == 0), op + "\n" + printed);
        }
        assertEquals(1, instructions(g, Op.I2D).filter(i -> depth(g, i) == 1).count(), printed);
    }

    @Test
    void whatCanThrowOrReadsMemoryStays() {
        Graph div = Jvmci.graph(LoopInvariantCodeMotionTest.class, "divisionStays");
        assertTrue(instructions(div, Op.DIV).allMatch(i -> depth(div, i) == 1), () -> new IrPrinter(true).print(div));
        Graph field = Jvmci.graph(LoopInvariantCodeMotionTest.class, "fieldReadStays");
        assertTrue(instructions(field, Op.LOAD_FIELD).allMatch(i -> depth(field, i) == 1), () -> new IrPrinter(true).print(field));
        assertTrue(instructions(field, Op.SHL).allMatch(i -> depth(field, i) == 1) && instructions(field, Op.MUL).allMatch(i -> depth(field, i) == 1),
                        () -> new IrPrinter(true).print(field));
    }

    /** The loop is entered right after a call with an exception edge, which must stay its block's last: nothing moves there. */
    @Test
    void nothingIsAppendedAfterAnInstructionWithAnExceptionEdge() {
        Graph g = Jvmci.graph(LoopInvariantCodeMotionTest.class, "afterACallInATry");
        Verifier.verify(g);
        assertTrue(instructions(g, Op.MUL).allMatch(i -> i.block() != g.entry()), () -> new IrPrinter(true).print(g));
    }

    @Test
    void resultsAndExceptionsAreTheBytecodes() {
        Diff.checkAll(LoopInvariantCodeMotionTest.class, "matrix", "widenedBound", "divisionStays", "chain", "fieldReadStays", "afterACallInATry");
    }
}
