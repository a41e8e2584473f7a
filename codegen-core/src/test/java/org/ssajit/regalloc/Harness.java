package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.ssajit.ir.Graph;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.TestTarget;
import org.ssajit.lir.Variable;
import org.ssajit.regalloc.LirInterpreter.Run;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.Value;

/**
 * Differential checking of an allocation: the method's LIR runs in the {@link LirInterpreter} before
 * allocation and after it, on the same inputs, and must end the same way and pass through the same
 * frame states with the same values. The run before allocation is itself checked against the Java
 * method (run by reflection) where it returns normally.
 */
final class Harness {
    private Harness() {
    }

    static RegisterAllocationConfig config(int ints, int floats) {
        return RegisterAllocationConfig.of(TestTarget.registers(ints, floats, Set.of()), TestTarget.MOVES);
    }

    static RegisterAllocationConfig config(int ints, int floats, Set<Register> calleeSaved) {
        return RegisterAllocationConfig.of(TestTarget.registers(ints, floats, calleeSaved), TestTarget.MOVES);
    }

    record Checked(LirGraph lir, AllocationResult result, List<Run> runs) {
    }

    /** Lowers, runs, allocates (with verification), runs again, compares. */
    static Checked check(Graph g, RegisterAllocationConfig config, Method java, List<Object[]> inputs) {
        return check(g, config, java, inputs, false);
    }

    /**
     * As {@link #check(Graph, RegisterAllocationConfig, Method, List)}; if {@code onlyIfInterpretable}
     * and the interpreter cannot run the method, it is only allocated and verified ({@code runs} null).
     */
    static Checked check(Graph g, RegisterAllocationConfig config, Method java, List<Object[]> inputs, boolean onlyIfInterpretable) {
        LirGraph lir = TestTarget.lower(g);
        List<Run> before = new ArrayList<>();
        try {
            for (Object[] in : inputs) {
                Run r = new LirInterpreter(lir, null).run(copy(in));
                before.add(r);
                if (java != null) {
                    compareWithJava(java, in, r);
                }
            }
        } catch (LirInterpreter.Unsupported e) {
            if (!onlyIfInterpretable) {
                throw e;
            }
            AllocationResult result = LinearScan.allocate(lir, config.withVerification(true));
            assertAllocated(lir);
            return new Checked(lir, result, null);
        }
        String text = lir.toString();
        // -Dssajit.test.noVerify=true: only the interpreter judges (to see that it catches allocator bugs by itself).
        AllocationResult result = LinearScan.allocate(lir, config.withVerification(!Boolean.getBoolean("ssajit.test.noVerify")));
        assertAllocated(lir);
        if (Boolean.getBoolean("ssajit.test.printAllocation")) {
            System.out.println(g.method().getName() + " before allocation:\n" + text + "after:\n" + lir + result.stats());
        }
        List<Run> after = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Run r;
            try {
                r = new LirInterpreter(lir, config).run(copy(inputs.get(i)));
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nbefore allocation:\n" + text + "\nafter:\n" + lir, e);
            }
            Run b = before.get(i);
            assertEquals(b.outcome(), r.outcome(), () -> "outcome differs\nbefore allocation:\n" + text + "\nafter:\n" + lir);
            assertEquals(b.trace(), r.trace(), () -> "frame states differ\nbefore allocation:\n" + text + "\nafter:\n" + lir);
            after.add(r);
        }
        return new Checked(lir, result, after);
    }

    private static void compareWithJava(Method m, Object[] in, Run r) {
        Object expected;
        try {
            Object v = m.invoke(null, copy(in));
            expected = m.getReturnType() == void.class ? null : Semantics.toStack(v, m.getReturnType(), 0);
        } catch (InvocationTargetException e) {
            assertEquals("deoptimized", r.outcome().kind(), () -> "Java threw " + e.getCause() + ", the LIR " + r.outcome());
            return;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        if (r.outcome().kind().equals("returned")) {
            assertEquals(LirInterpreter.render(expected), r.outcome().value(), "the LIR before allocation disagrees with Java");
        }
    }

    static Object[] copy(Object[] in) {
        Object[] out = in.clone();
        for (int i = 0; i < out.length; i++) {
            if (out[i] instanceof int[] a) {
                out[i] = a.clone();
            } else if (out[i] instanceof long[] a) {
                out[i] = a.clone();
            } else if (out[i] instanceof double[] a) {
                out[i] = a.clone();
            } else if (out[i] instanceof Object[] a) {
                out[i] = a.clone();
            }
        }
        return out;
    }

    /** The structural post-conditions, checked independently of the verifier. */
    static void assertAllocated(LirGraph lir) {
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                for (Mode m : Mode.values()) {
                    for (int i = 0; i < op.count(m); i++) {
                        assertFalse(op.get(m, i) instanceof Variable, () -> "variable left in " + op);
                    }
                }
                if (op.state() != null) {
                    for (Value v : op.state().values()) {
                        assertFalse(v instanceof Variable, () -> "variable left in the state of " + op);
                    }
                }
                if (op instanceof LabelOp l) {
                    assertEquals(0, l.phiCount(), "phis left");
                }
                if (op instanceof JumpOp j) {
                    assertEquals(0, j.count(Mode.USE), "phi values left");
                }
            }
            assertTrue(b.ops().get(0) instanceof LabelOp);
        }
    }

    static List<Object[]> inputs(Object[]... in) {
        return List.of(in);
    }
}
