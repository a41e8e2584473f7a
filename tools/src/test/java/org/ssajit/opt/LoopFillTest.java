package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

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
import org.ssajit.ir.Phi;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;

/**
 * {@link LoopFill}: which loops get a fill (one value into consecutive elements, {@code <} or
 * {@code <=}, the index on either side of the test) and which do not (anything else in the loop, a
 * value or index that changes, a byte value that byte and boolean arrays would store differently),
 * the fill's operands, and through the IR interpreter against HotSpot the results, the arrays after
 * the call and the exceptions, with null arrays and out-of-range bounds.
 */
class LoopFillTest {
    static int clear(boolean[] z, int n) {
        for (int i = 0; i <= n; i++) {
            z[i] = false;
        }
        return n;
    }

    static void ints(int[] a, int from, int v) {
        for (int i = from; i < a.length; i++) {
            a[i] = v;
        }
    }

    static void doublesMirrored(double[] a, int from, int to) {
        for (int i = from; to > i; i++) {
            a[i] = -0.0;
        }
    }

    static long longsUsedAfter(long[] a, int n) {
        int i = 3;
        for (; i <= n; i++) {
            a[i] = 1L << 40;
        }
        return i;
    }

    static int chars(char[] c, int n) {
        for (int i = 0; i < n; i++) {
            c[i] = 'x';
        }
        return c.length;
    }

    // Not fills.

    static int withSum(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            a[i] = 7;
            s += i;
        }
        return s;
    }

    static void valueChanges(int[] a, int n) {
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
    }

    static void strided(int[] a, int n) {
        for (int i = 0; i < n; i += 2) {
            a[i] = 7;
        }
    }

    static void byteValue(byte[] b, int v) {
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) v;
        }
    }

    static void downwards(int[] a, int n) {
        for (int i = n; i >= 0; i--) {
            a[i] = 7;
        }
    }

    private static List<Instruction> fills(Graph g) {
        List<Instruction> out = new ArrayList<>();
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.FILL) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    @Test
    void aClearingLoopStartsWhereTheFillEnds() {
        Graph g = Jvmci.graph(LoopFillTest.class, "clear");
        Verifier.verify(g);
        List<Instruction> fills = fills(g);
        assertEquals(1, fills.size(), () -> new IrPrinter(false).print(g));
        Instruction fill = fills.get(0);
        assertEquals(JavaKind.Byte, fill.elementKind());
        assertSame(g.parameters().get(0), fill.input(0));
        assertEquals(0, ((org.ssajit.ir.Constant) fill.input(1)).asInt());
        assertSame(g.parameters().get(1), fill.input(2)); // i <= n: the last element is n
        assertEquals(0, ((org.ssajit.ir.Constant) fill.input(3)).asInt());
        // The loop's index starts at the fill's result.
        Phi index = (Phi) fill.users().get(0);
        assertEquals(1, fill.userCount());
        assertSame(fill, index.operand(index.block().predecessorIndex(fill.block())));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ints", "doublesMirrored", "longsUsedAfter", "chars"})
    void fillLoops(String name) {
        Graph g = Jvmci.graph(LoopFillTest.class, name);
        Verifier.verify(g);
        assertEquals(1, fills(g).size(), () -> new IrPrinter(false).print(g));
        Instruction fill = fills(g).get(0);
        if (name.equals("chars") || name.equals("doublesMirrored")) {
            // i < bound: the last element is bound - 1.
            Instruction last = (Instruction) fill.input(2);
            assertEquals(Op.SUB, last.op());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"withSum", "valueChanges", "strided", "byteValue", "downwards"})
    void otherLoopsAreLeftAlone(String name) {
        Graph g = Jvmci.graph(LoopFillTest.class, name);
        assertEquals(0, fills(g).size(), () -> new IrPrinter(false).print(g));
    }

    @Test
    void resultsArraysAndExceptionsAreTheBytecodes() {
        Diff.checkAll(LoopFillTest.class, "clear", "ints", "doublesMirrored", "longsUsedAfter", "chars", "withSum", "byteValue");
    }
}
