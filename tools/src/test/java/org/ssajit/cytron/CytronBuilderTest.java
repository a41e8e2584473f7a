package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.Label;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/** What pruned Cytron places, and what its cleanup removes, on small methods with known answers. */
class CytronBuilderTest {
    static CytronBuilder.Result build(ResolvedJavaMethod m) {
        CytronBuilder.Result r = CytronBuilder.build(m, Jvmci.PROVIDERS);
        Verifier.verify(r.graph());
        return r;
    }

    static CytronBuilder.Result sample(String name) {
        return build(Jvmci.method(Samples.class, name));
    }

    static String ir(CytronBuilder.Result r) {
        return new IrPrinter().print(r.graph());
    }

    @Test
    void countedLoopHasOnePhiPerLoopCarriedLocal() {
        CytronBuilder.Result r = sample("countedLoop");
        assertEquals(2, r.phisPlaced(), () -> ir(r));
        assertEquals(2, r.phisAfterCleanup(), () -> ir(r));
        Block header = null;
        for (Block b : r.graph().blocks()) {
            if (!b.phis().isEmpty()) {
                assertTrue(header == null, "all phis in the loop header");
                header = b;
            }
        }
        for (Phi p : header.phis()) {
            assertEquals(JavaKind.Int, p.kind());
            assertEquals(header.predecessors().size(), p.operandCount());
        }
    }

    /** t is assigned in both arms but dead at the join: the liveness pruning leaves it without a phi. */
    @Test
    void deadVariableGetsNoPhi() {
        CytronBuilder.Result r = sample("prunedAway");
        assertEquals(1, r.phisPlaced(), () -> ir(r));
        assertEquals(1, r.phisAfterCleanup());
    }

    /**
     * Locals that only ever copy the parameter: Cytron places phis for the assignments (the textbook
     * answer), but they form a cycle around one value - the copy-propagation case of Braun et al.
     * Section 3.2 - and the cleanup removes them all.
     */
    @Test
    void copiesLeaveOnlyRedundantPhis() {
        CytronBuilder.Result r = sample("copiesOnly");
        assertTrue(r.phisPlaced() >= 2, () -> ir(r));
        assertEquals(1, r.phisAfterCleanup(), () -> "only the counter i needs a phi\n" + ir(r));
    }

    /** The caught exception is the handler's stack slot 0, defined there: no phi may merge stack slot 0 into it. */
    @Test
    void handlerEntryHasNoPhiForTheException() {
        CytronBuilder.Result r = sample("tryCatchFinally");
        for (Block b : r.graph().blocks()) {
            if (!b.instructions().isEmpty() && b.instructions().get(0).op() == Op.EXCEPTION_OBJECT) {
                for (Phi p : b.phis()) {
                    assertNotEquals(JavaKind.Object, p.kind(), () -> "a phi for the caught exception's slot\n" + ir(r));
                }
            }
        }
    }

    /** A synchronized method's lock 0 is written with the parameters; every frame state names it. */
    @Test
    void synchronizedMethodLocksTheReceiver() {
        CytronBuilder.Result r = sample("synchronizedMethod");
        Value receiver = r.graph().parameters().get(0);
        int states = 0;
        for (Block b : r.graph().blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.state() != null) {
                    states++;
                    assertEquals(1, i.state().locksSize());
                    assertEquals(receiver, i.state().lock(0));
                }
            }
        }
        assertTrue(states > 0);
    }

    /**
     * Three values rotated around a loop on the operand stack with dup_x2; pop: each stack slot needs a
     * phi, and so does the counter.
     */
    @Test
    void stackRotationInALoop() {
        ResolvedJavaMethod m = GeneratedShapesTest.generate("Rotate", "(III)I", cb -> {
            Label loop = cb.newLabel();
            cb.iload(0).istore(3);
            cb.iload(0).iload(1).iload(2);
            cb.labelBinding(loop);
            cb.dup_x2().pop();
            cb.iinc(3, -1);
            cb.iload(3).ifgt(loop);
            cb.iadd().iadd().ireturn();
        });
        CytronBuilder.Result r = build(m);
        assertEquals(4, r.phisAfterCleanup(), () -> ir(r));
        PhiComparison.Counts c = PhiComparison.compare(m);
        assertTrue(c.agrees(), c::report);
    }

    /**
     * A long and an int moved around by every two-slot shuffle form across a branch and a loop, ending
     * where they started: only the counter needs a phi.
     */
    @Test
    void twoSlotShufflesAcrossJoins() {
        ResolvedJavaMethod m = GeneratedShapesTest.generate("Shuffles", "(JI)J", cb -> {
            Label loop = cb.newLabel();
            Label skip = cb.newLabel();
            Label join = cb.newLabel();
            cb.lload(0).iload(2);                 // [a:long, n]
            cb.labelBinding(loop);
            cb.dup_x2().pop();                    // [n, a:long]
            cb.iload(2).ifeq(skip);
            cb.dup2_x1().pop2();                  // [a:long, n]
            cb.goto_(join);
            cb.labelBinding(skip);
            cb.dup2_x1().pop2();                  // [a:long, n]
            cb.labelBinding(join);
            cb.iinc(2, -1);
            cb.iload(2).ifgt(loop);
            cb.i2l().ladd().lreturn();
        });
        CytronBuilder.Result r = build(m);
        assertTrue(r.phisPlaced() > 1, () -> "the moves are assignments to stack slots\n" + ir(r));
        assertEquals(1, r.phisAfterCleanup(), () -> ir(r));
        PhiComparison.Counts c = PhiComparison.compare(m);
        assertTrue(c.agrees(), c::report);
    }

    /**
     * y is assigned x three times, so Cytron places a phi at both joins; the first merges x with x and
     * goes, which makes the second (which merged the first with x) trivial in turn.
     */
    @Test
    void trivialPhiRemovalCascades() {
        CytronBuilder.Result r = sample("copyCascade");
        assertEquals(2, r.phisPlaced(), () -> ir(r));
        assertEquals(0, r.phisAfterCleanup(), () -> ir(r));
        Graph g = r.graph();
        assertEquals(0, CytronBuilder.removeTrivialPhis(g), "nothing trivial is left after the build");
    }
}
