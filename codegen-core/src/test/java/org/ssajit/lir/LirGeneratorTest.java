package org.ssajit.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.Value;

/** The target-neutral lowering: block order, critical edges, phis in labels, phi values on jumps, states. */
class LirGeneratorTest {
    static int max(int a, int b) {
        return a > b ? a : b;
    }

    static int loop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            if ((i & 1) == 0) {
                s += i;
            }
        }
        return s;
    }

    static int caught(int[] a, int i) {
        try {
            return a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    /** The join's other predecessor is the handler, which compiled code never reaches (it deoptimizes). */
    static int branchIntoJoinWithHandler(int[] a, int n) {
        int x = n;
        if (n > 0) {
            try {
                return a[n];
            } catch (RuntimeException e) {
                x = -1;
            }
        }
        return x * 2;
    }

    /**
     * {@code a * 3} is computed once, before the loop (value numbering finds the second one), and
     * reaches the last join's phi along the edge from a block after the loop. The loop's state
     * holds {@code a}, not the product.
     */
    static int productAfterLoop(int a, int n, int m) {
        if (a == 0) {
            return -1;
        }
        int s = a * 3 & 1;
        for (int i = 0; i < n; i++) {
            s += i ^ m;
        }
        int y;
        if (s == m) {
            y = a * 3;
        } else {
            y = s + m;
        }
        return y;
    }

    /**
     * A cold block goes last only when nothing after it in the order needs its values: here the
     * value it defines reaches a phi along an edge from a block it dominates, which stays in place,
     * so the block must stay before that block too.
     */
    @Test
    void aColdBlockWhoseValueReachesAPhiFromALaterBlockStaysInPlace() {
        Graph g = Jvmci.graph(LirGeneratorTest.class, "productAfterLoop");
        Instruction mul = g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.MUL).findFirst()
                        .orElseThrow(() -> new AssertionError(g.toString()));
        Phi phi = (Phi) mul.users().stream().filter(u -> u instanceof Phi).findFirst().orElseThrow(() -> new AssertionError(g.toString()));
        assertTrue(phi.block().predecessors().stream().noneMatch(p -> p == mul.block()), g::toString);
        mul.block().setCold();
        LirGraph lir = TestTarget.lower(g);
        int defined = -1;
        int used = Integer.MAX_VALUE;
        for (int k = 0; k < lir.blocks().size(); k++) {
            LirBlock b = lir.blocks().get(k);
            if (b.irBlock() == mul.block()) {
                defined = k;
            }
            if (b.last() instanceof JumpOp j && j.target().irBlock() == phi.block() && b.irBlock() != mul.block()) {
                used = Math.min(used, k);
            }
        }
        assertTrue(defined >= 0 && used < Integer.MAX_VALUE && defined < used, () -> "the cold block comes after a jump that passes its value\n" + lir);
    }

    @Test
    void phisBecomeLabelDefinitionsAndJumpUses() {
        LirGraph lir = TestTarget.lower(Jvmci.graph(LirGeneratorTest.class, "max"));
        LirBlock join = lir.blocks().stream().filter(b -> b.label().phiCount() == 1).findFirst().orElseThrow();
        Variable phi = (Variable) join.label().phi(0);
        assertEquals(2, join.predecessors().size());
        for (LirBlock p : join.predecessors()) {
            JumpOp j = assertInstanceOf(JumpOp.class, p.last());
            assertEquals(join, j.target());
            assertEquals(1, j.count(LirOp.Mode.USE));
            assertTrue(j.get(LirOp.Mode.USE, 0) instanceof Variable v && v != phi, "a parameter flows in");
        }
    }

    @Test
    void criticalEdgesAreSplitAndEveryEdgeIsConsistent() {
        Graph g = Jvmci.graph(LirGeneratorTest.class, "loop");
        LirGraph lir = TestTarget.lower(g);
        for (LirBlock b : lir.blocks()) {
            assertInstanceOf(LabelOp.class, b.ops().get(0));
            for (LirBlock s : b.successors()) {
                assertTrue(s.predecessors().contains(b));
                assertTrue(b.successors().size() == 1 || s.predecessors().size() == 1, "critical edge " + b + " -> " + s + "\n" + lir);
                if (s.label().phiCount() > 0) {
                    JumpOp j = assertInstanceOf(JumpOp.class, b.last(), "only jumps pass phi values");
                    assertEquals(s.label().phiCount(), j.count(LirOp.Mode.USE));
                }
            }
        }
        assertTrue(lir.blocks().stream().anyMatch(b -> b.irBlock() == null), "the loop exit edge is critical\n" + lir);
        assertTrue(lir.blocks().stream().anyMatch(b -> b.loopDepth() == 1));
    }

    /**
     * A block with phis gets their values from a jump on every edge, also when its other predecessors
     * are not generated: here the branch's edge to the join would otherwise carry no phi values.
     */
    @Test
    void everyEdgeIntoABlockWithPhisIsAJump() {
        LirGraph lir = TestTarget.lower(Jvmci.graph(LirGeneratorTest.class, "branchIntoJoinWithHandler"));
        boolean phis = false;
        for (LirBlock b : lir.blocks()) {
            if (b.label().phiCount() > 0) {
                phis = true;
                for (LirBlock p : b.predecessors()) {
                    JumpOp j = assertInstanceOf(JumpOp.class, p.last(), () -> p + " -> " + b + "\n" + lir);
                    assertEquals(b.label().phiCount(), j.count(LirOp.Mode.USE));
                }
            }
        }
        assertTrue(phis, lir::toString);
    }

    @Test
    void handlersReachedOnlyByExceptionEdgesAreNotGenerated() {
        Graph g = Jvmci.graph(LirGeneratorTest.class, "caught");
        LirGraph lir = TestTarget.lower(g);
        assertTrue(g.blocks().size() > lir.blocks().size());
        for (LirBlock b : lir.blocks()) {
            if (b.irBlock() != null) {
                assertNull(b.irBlock().instructions().stream().filter(i -> i.op() == org.ssajit.ir.Op.EXCEPTION_OBJECT).findAny().orElse(null));
            }
        }
    }

    @Test
    void allocatorCanReplacePhisAndOperandsByLocations() {
        LirGraph lir = TestTarget.lower(Jvmci.graph(LirGeneratorTest.class, "loop"));
        LabelOp header = lir.blocks().stream().filter(b -> b.label().phiCount() > 0).findFirst().orElseThrow().label();
        Value slot = jdk.vm.ci.code.StackSlot.get(header.phi(0).getValueKind(), 8, false);
        header.set(LirOp.Mode.DEF, 0, slot);
        assertEquals(slot, header.phi(0));
        JumpOp jump = lir.blocks().stream().filter(b -> b.last() instanceof JumpOp j && j.count(LirOp.Mode.USE) > 0).findFirst().map(b -> (JumpOp) b.last()).orElseThrow();
        jump.set(LirOp.Mode.USE, 0, slot);
        assertEquals(slot, jump.get(LirOp.Mode.USE, 0));
    }

    @Test
    void frameStatesUseTheSameOperands() {
        LirGraph lir = TestTarget.lower(Jvmci.graph(LirGeneratorTest.class, "caught"));
        LirOp load = lir.blocks().stream().flatMap(b -> b.ops().stream()).filter(o -> o.name().equals("loadindexed")).findFirst().orElseThrow();
        LirFrameState s = load.state();
        Value array = load.get(LirOp.Mode.USE, 0);
        int stack0 = s.frameState().localsSize();
        assertEquals(array, s.values()[stack0], "the array on the operand stack is the load's operand");
        assertNull(s.values()[0], "the array is not live as a local after the load: the handler does not read it");
    }
}
