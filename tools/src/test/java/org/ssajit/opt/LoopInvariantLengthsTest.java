package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.interp.Diff;
import org.ssajit.ir.Block;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

/**
 * {@link LoopInvariantLengths}: which length reads leave the loop header, the frame state they take
 * (the header's on entry), which stay, and - through the IR interpreter against HotSpot, null arrays
 * included - that the moved read fails exactly where the bytecode does.
 */
class LoopInvariantLengthsTest {
    static long sum(int[] a) { long s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static int nested(int[] a, int[] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                s += a[i] * b[j];
            }
        }
        return s;
    }

    static int workBeforeTheTest(int[] a, int n) { int s = 0; int i = 0; while (true) { s += i; if (i >= a.length) { break; } i += (n & 3) + 1; } return s; }

    static int arrayChangesInTheLoop(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; a = b; } return s; }

    static int inTry(int[] a) {
        int s = 0;
        try {
            for (int i = 0; i < a.length; i++) {
                s += a[i];
            }
        } catch (NullPointerException e) {
            s = -1;
        }
        return s;
    }

    static int countDown(int[] a, int k) { int s = k; for (int i = 0; a.length > i; i++) { s ^= a[i] + i; } return s; }

    private static List<Instruction> lengths(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.ARRAY_LENGTH).toList();
    }

    private static boolean isLoopHeader(Block b) {
        return b.predecessors().stream().anyMatch(p -> p.id() >= b.id());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sum", "nested", "countDown"})
    void lengthsOfArraysFromBeforeTheLoopLeaveTheHeader(String name) {
        Graph g = Jvmci.graph(LoopInvariantLengthsTest.class, name);
        List<Instruction> lengths = lengths(g);
        assertFalse(lengths.isEmpty());
        for (Instruction len : lengths) {
            assertFalse(isLoopHeader(len.block()), () -> len + " still in a loop header\n" + new IrPrinter(true).print(g));
            FrameState s = len.state();
            for (int k = 0; k < s.inputCount(); k++) {
                assertFalse(s.input(k) instanceof Phi p && p.block() == len.block(), () -> "state names a phi\n" + new IrPrinter(true).print(g));
            }
        }
        // Without the on-the-fly optimizations nothing moves.
        Graph plain = Jvmci.graph(LoopInvariantLengthsTest.class, name, BuildOptions.DEFAULT.withOptimize(false));
        assertTrue(lengths(plain).stream().allMatch(l -> isLoopHeader(l.block())), () -> new IrPrinter(true).print(plain));
    }

    /** sum's length read moves to the entry block; its state is the header's on entry: i = 0, s = 0L. */
    @Test
    void theMovedReadTakesTheStateOnEntry() {
        Graph g = Jvmci.graph(LoopInvariantLengthsTest.class, "sum");
        Instruction len = lengths(g).get(0);
        assertEquals(g.entry(), len.block(), () -> new IrPrinter(true).print(g));
        String printed = new IrPrinter(true).print(g);
        assertTrue(printed.contains("state @6 [l0=v0 l1=#0L l3=#0 | #0 v0]"), printed);
    }

    @ParameterizedTest
    @ValueSource(strings = {"workBeforeTheTest", "arrayChangesInTheLoop", "inTry"})
    void otherLengthReadsStay(String name) {
        Graph g = Jvmci.graph(LoopInvariantLengthsTest.class, name);
        assertTrue(lengths(g).stream().anyMatch(l -> isLoopHeader(l.block())), () -> new IrPrinter(true).print(g));
    }

    @Test
    void nullArraysFailWhereTheBytecodeFails() {
        Diff.checkAll(LoopInvariantLengthsTest.class, "sum", "nested", "workBeforeTheTest", "arrayChangesInTheLoop", "inTry", "countDown");
    }
}
