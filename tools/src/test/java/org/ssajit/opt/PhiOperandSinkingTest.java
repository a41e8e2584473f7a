package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.interp.Diff;
import org.ssajit.ir.Block;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/**
 * {@link PhiOperandSinking}: a value that only flows into the next block's phis is computed last in
 * its block, after the last use of the value it replaces; what else the block computes, and anything
 * that can throw or has a state, keeps its order; and through the IR interpreter against HotSpot,
 * the results are the bytecode's.
 */
class PhiOperandSinkingTest {
    static int escapeTime(double cr, double ci, int maxIter) {
        maxIter &= 1023;
        double zr = 0;
        double zi = 0;
        int k = 0;
        while (k < maxIter && zr * zr + zi * zi <= 4.0) {
            double t = zr * zr - zi * zi + cr;
            zi = 2.0 * zr * zi + ci;
            zr = t;
            k++;
        }
        return k;
    }

    /**
     * The new {@code a} is computed before the division, which can throw, and the division's state
     * names it (local {@code next}): it stays before the division.
     */
    static int withDivision(int a, int b, int n) {
        for (int i = 0; i < (n & 255); i++) {
            int next = a * 3 + i;
            b += 100 / (a | 1);
            a = next;
        }
        return a + b;
    }

    /** A value the loop also stores stays: its users are not only phis. */
    static long storedToo(long[] out, int n) {
        long s = 1;
        for (int i = 0; i < (n & 63); i++) {
            long t = s * 3 + 1;
            out[i & 7] = t;
            s = t;
        }
        return s;
    }

    private static Block bodyOf(Graph g) {
        // The block with the back edge: it ends in a jump to a block with phis.
        return g.blocks().stream().filter(b -> b.terminator() instanceof Goto && !b.successors().get(0).phis().isEmpty()
                        && b.instructions().stream().anyMatch(i -> i.op() == Op.MUL)).findFirst().orElseThrow();
    }

    private static boolean onlyPhiUsers(Instruction x) {
        for (Node u : x.users()) {
            if (!(u instanceof Phi) && !(u == x.block().terminator().state())) {
                return false;
            }
        }
        return x.userCount() > 0;
    }

    @Test
    void theNewValuesComeAfterTheLastUseOfTheOldOnes() {
        Graph g = Jvmci.graph(PhiOperandSinkingTest.class, "escapeTime");
        Verifier.verify(g);
        List<Instruction> body = bodyOf(g).instructions();
        int firstSunk = body.size();
        for (int i = 0; i < body.size(); i++) {
            if (onlyPhiUsers(body.get(i))) {
                firstSunk = Math.min(firstSunk, i);
            } else {
                assertTrue(i < firstSunk, () -> "a value that only feeds phis comes before another instruction\n" + new IrPrinter(false).print(g));
            }
        }
        // t = (zr * zr - zi * zi) + cr, zi' = (2.0 * zr) * zi + ci and k + 1.
        assertEquals(3, body.size() - firstSunk, () -> new IrPrinter(false).print(g));
        Instruction lastMul = body.stream().filter(i -> i.op() == Op.MUL).reduce((a, b) -> b).orElseThrow();
        assertTrue(body.indexOf(lastMul) < firstSunk, () -> new IrPrinter(false).print(g));

        Graph plain = Jvmci.graph(PhiOperandSinkingTest.class, "escapeTime", BuildOptions.DEFAULT.withOptimize(false));
        Block plainBody = bodyOf(plain);
        assertTrue(plainBody.instructions().stream().anyMatch(PhiOperandSinkingTest::onlyPhiUsers));
        int moved = PhiOperandSinking.run(plain);
        assertTrue(moved >= 2, () -> moved + " moved\n" + new IrPrinter(false).print(plain));
        Verifier.verify(plain);
    }

    @Test
    void whatCanThrowOrIsStoredKeepsItsPlace() {
        Graph div = Jvmci.graph(PhiOperandSinkingTest.class, "withDivision");
        Verifier.verify(div);
        Block body = bodyOf(div);
        List<Instruction> insns = body.instructions();
        Instruction division = insns.stream().filter(i -> i.op() == Op.DIV).findFirst().orElseThrow();
        Instruction next = insns.stream().filter(i -> i.op() == Op.ADD && i.input(0) instanceof Instruction m && m.op() == Op.MUL)
                        .findFirst().orElseThrow(() -> new AssertionError(new IrPrinter(false).print(div)));
        assertTrue(next.users().contains(division.state()), () -> new IrPrinter(false).print(div));
        assertTrue(insns.indexOf(next) < insns.indexOf(division), () -> new IrPrinter(false).print(div));
        Instruction increment = insns.get(insns.size() - 1);
        assertTrue(onlyPhiUsers(increment) && insns.indexOf(division) < insns.size() - 1, () -> new IrPrinter(false).print(div));

        Graph stored = Jvmci.graph(PhiOperandSinkingTest.class, "storedToo");
        Verifier.verify(stored);
        for (Block b : stored.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.ADD && i.kind() == jdk.vm.ci.meta.JavaKind.Long) {
                    int at = b.instructions().indexOf(i);
                    Instruction store = b.instructions().stream().filter(s -> s.op() == Op.STORE_INDEXED).findFirst().orElseThrow();
                    assertTrue(at < b.instructions().indexOf(store), () -> new IrPrinter(false).print(stored));
                }
            }
        }
    }

    @Test
    void resultsAreTheBytecodes() {
        Diff.checkAll(PhiOperandSinkingTest.class, "escapeTime", "withDivision", "storedToo");
    }
}
