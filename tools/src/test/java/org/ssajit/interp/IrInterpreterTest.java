package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.interp.AssumptionTargets.Coin;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * The interpreter on small hand-built graphs (shapes the builder may never produce, and broken ones),
 * with the JVM running an equivalent Java method wherever one exists; and the runner's own checks.
 */
class IrInterpreterTest {
    // Java twins of the hand-built graphs: the JVM computes the expected results.
    static int swapLoop(int x, int y, int n) {
        int a = x;
        int b = y;
        for (int i = 0; i < n; i++) {
            int t = a;
            a = b;
            b = t;
        }
        return a * 1000 + b;
    }

    static int safeDiv(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    static int plainDiv(int a, int b) {
        return a / b;
    }

    static int throwIt(Object o) {
        return 0;
    }

    static int inc(int x) {
        return x + 1;
    }

    static int spin(int x) {
        while (x != 0) {
            x |= 1;
        }
        return x;
    }

    private static Graph graphFor(String twin) {
        return new Graph(Jvmci.method(IrInterpreterTest.class, twin));
    }

    private static Object jvm(String twin, Object... args) {
        try {
            return Jvmci.declared(IrInterpreterTest.class, twin).invoke(null, args);
        } catch (InvocationTargetException e) {
            return e.getCause();
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static Instruction add(Graph g, Block b, Op op, JavaKind k, Value... in) {
        Instruction i = new Instruction(g, op, k, null, 0, in);
        b.append(i);
        return i;
    }

    private static void edge(Block from, Block to) {
        to.addPredecessor(from);
    }

    /** Loop header phis a = phi(x, b), b = phi(y, a): wrong unless evaluated in parallel. */
    private static Graph swapGraph() {
        Graph g = graphFor("swapLoop");
        Parameter x = g.addParameter(0, JavaKind.Int, false);
        Parameter y = g.addParameter(1, JavaKind.Int, false);
        Parameter n = g.addParameter(2, JavaKind.Int, false);
        Block entry = g.newBlock(0);
        Block header = g.newBlock(1);
        Block body = g.newBlock(2);
        Block exit = g.newBlock(3);
        entry.setTerminator(new Goto(0, header));
        edge(entry, header);
        edge(body, header);
        Phi a = header.addPhi(g, JavaKind.Int);
        Phi b = header.addPhi(g, JavaKind.Int);
        Phi i = header.addPhi(g, JavaKind.Int);
        Instruction next = add(g, body, Op.ADD, JavaKind.Int, i, g.intConstant(1));
        a.appendOperand(x);
        a.appendOperand(b);
        b.appendOperand(y);
        b.appendOperand(a);
        i.appendOperand(g.intConstant(0));
        i.appendOperand(next);
        header.setTerminator(new If(1, Condition.LT, i, n, body, exit));
        edge(header, body);
        edge(header, exit);
        body.setTerminator(new Goto(2, header));
        Instruction scaled = add(g, exit, Op.MUL, JavaKind.Int, a, g.intConstant(1000));
        Instruction sum = add(g, exit, Op.ADD, JavaKind.Int, scaled, b);
        exit.setTerminator(new Return(3, sum));
        return g;
    }

    @Test
    void phisAreEvaluatedInParallel() {
        IrInterpreter interp = new IrInterpreter(swapGraph());
        for (int n = 0; n < 6; n++) {
            Outcome o = interp.run(3, 7, n);
            assertEquals(new Outcome.Returned(jvm("swapLoop", 3, 7, n)), o, "n = " + n);
        }
        // The test can tell: assigning the phis one after the other would give a == b == 7 after one iteration.
        assertNotEquals(7 * 1000 + 7, jvm("swapLoop", 3, 7, 1));
    }

    private static Graph divGraph(String twin, boolean exceptionEdge, Class<?> catchType) {
        Graph g = graphFor(twin);
        Parameter a = g.addParameter(0, JavaKind.Int, false);
        Parameter b = g.addParameter(1, JavaKind.Int, false);
        Block entry = g.newBlock(0);
        Block ok = g.newBlock(1);
        Block handler = g.newBlock(2);
        Instruction q = new Instruction(g, Op.DIV, JavaKind.Int, null, 0, a, b);
        q.setExceptionEdge(exceptionEdge);
        entry.append(q);
        entry.setTerminator(new Goto(0, ok));
        edge(entry, ok);
        entry.addHandler(new Handler(handler, Jvmci.PROVIDERS.metaAccess().lookupJavaType(catchType)));
        edge(entry, handler);
        ok.setTerminator(new Return(1, q));
        add(g, handler, Op.EXCEPTION_OBJECT, JavaKind.Object);
        handler.setTerminator(new Return(2, g.intConstant(-1)));
        return g;
    }

    @Test
    void exceptionEdgesDispatchToMatchingHandlers() {
        IrInterpreter caught = new IrInterpreter(divGraph("safeDiv", true, ArithmeticException.class));
        IrInterpreter unmarked = new IrInterpreter(divGraph("plainDiv", false, ArithmeticException.class));
        IrInterpreter otherType = new IrInterpreter(divGraph("plainDiv", true, NullPointerException.class));
        for (int[] in : new int[][]{{7, 2}, {7, 0}, {Integer.MIN_VALUE, -1}, {0, 0}}) {
            Object handled = jvm("safeDiv", in[0], in[1]);
            Object raw = jvm("plainDiv", in[0], in[1]);
            assertEquals(new Outcome.Returned(handled), caught.run(in[0], in[1]));
            for (IrInterpreter i : List.of(unmarked, otherType)) {
                Outcome o = i.run(in[0], in[1]);
                if (raw instanceof Throwable t) {
                    assertEquals(t.getClass(), assertInstanceOf(Outcome.Threw.class, o).exception().getClass());
                } else {
                    assertEquals(new Outcome.Returned(raw), o);
                }
            }
        }
    }

    @Test
    void throwingNullThrowsNullPointerException() {
        Graph g = graphFor("throwIt");
        Parameter o = g.addParameter(0, JavaKind.Object, false);
        Block b = g.newBlock(0);
        b.setTerminator(new Throw(0, o));
        IrInterpreter interp = new IrInterpreter(g);
        assertInstanceOf(NullPointerException.class, assertInstanceOf(Outcome.Threw.class, interp.run((Object) null)).exception());
        IllegalStateException ise = new IllegalStateException();
        assertEquals(ise, assertInstanceOf(Outcome.Threw.class, interp.run(ise)).exception());
    }

    @Test
    void stepLimitStopsInfiniteLoops() {
        Graph g = graphFor("spin");
        g.addParameter(0, JavaKind.Int, false);
        Block entry = g.newBlock(0);
        Block loop = g.newBlock(1);
        entry.setTerminator(new Goto(0, loop));
        edge(entry, loop);
        loop.setTerminator(new Goto(1, loop));
        edge(loop, loop);
        Outcome o = new IrInterpreter(g, 10_000).run(1);
        assertTrue(assertInstanceOf(Outcome.NotInterpretable.class, o).reason().contains("step limit"), o::toString);

        // The real method: terminates for 0, spins for anything else.
        IrInterpreter real = new IrInterpreter(Jvmci.graph(IrInterpreterTest.class, "spin"), 100_000);
        assertEquals(new Outcome.Returned(jvm("spin", 0)), real.run(0));
        assertInstanceOf(Outcome.NotInterpretable.class, real.run(5));
        assertTrue(real.steps() > 100_000);
    }

    @Test
    void brokenGraphsAreMalformedNotWrong() {
        // An undefined value used by arithmetic.
        Graph g = graphFor("spin");
        g.addParameter(0, JavaKind.Int, false);
        Block b = g.newBlock(0);
        Instruction i = add(g, b, Op.ADD, JavaKind.Int, g.undefined(JavaKind.Int), g.intConstant(1));
        b.setTerminator(new Return(0, i));
        assertInstanceOf(Outcome.Malformed.class, new IrInterpreter(g).run(3));

        // A phi operand that was never computed on the edge taken.
        Graph h = graphFor("spin");
        Parameter p = h.addParameter(0, JavaKind.Int, false);
        Block entry = h.newBlock(0);
        Block side = h.newBlock(1);
        Block join = h.newBlock(2);
        Instruction late = add(h, side, Op.ADD, JavaKind.Int, p, h.intConstant(1));
        entry.setTerminator(new If(0, Condition.GT, p, h.intConstant(0), side, join));
        edge(entry, side);
        edge(entry, join);
        side.setTerminator(new Goto(1, join));
        edge(side, join);
        Phi phi = join.addPhi(h, JavaKind.Int);
        phi.appendOperand(late); // wrong: from entry, 'late' has not executed
        phi.appendOperand(late);
        join.setTerminator(new Return(2, phi));
        IrInterpreter interp = new IrInterpreter(h);
        assertEquals(new Outcome.Returned(jvm("inc", 5)), interp.run(5)); // the path where 'late' did run
        assertInstanceOf(Outcome.Malformed.class, interp.run(-5));
    }

    @Test
    void monitorExitWithoutOwnershipMatchesTheJvm() throws Exception {
        Class<?> c = new ClassGen("MonitorExit").staticMethod("exit", "(Ljava/lang/Object;)I", b -> b.aload(0).monitorexit().iconst_1().ireturn()).load();
        Method m = FoldDiffTest.findMethod(c, "exit");
        Throwable expected = assertThrows(InvocationTargetException.class, () -> m.invoke(null, "lock")).getCause();
        Graph g = new Graph(Jvmci.method(m));
        Parameter o = g.addParameter(0, JavaKind.Object, false);
        Block b = g.newBlock(0);
        b.append(new Instruction(g, Op.MONITOR_EXIT, JavaKind.Void, null, 1, o));
        b.setTerminator(new Return(2, g.intConstant(1)));
        Outcome out = new IrInterpreter(g).run("lock");
        assertEquals(expected.getClass(), assertInstanceOf(Outcome.Threw.class, out).exception().getClass());
    }

    // Limits that must be reported, never answered wrongly -------------------------------------------

    static class WithConstructor {
        final int v;

        WithConstructor(int v) {
            this.v = v + 1;
        }
    }

    static String callerSensitive(int a) {
        return MethodHandles.lookup().lookupClass().getSimpleName() + a;
    }

    @Test
    void constructorGraphsAreNotInterpretable() throws Exception {
        Graph g = Jvmci.build(Jvmci.method(WithConstructor.class.getDeclaredConstructor(int.class)), org.ssajit.parse.BuildOptions.DEFAULT).graph();
        Outcome o = new IrInterpreter(g).run(new WithConstructor(0), 5);
        assertTrue(assertInstanceOf(Outcome.NotInterpretable.class, o).reason().contains("constructor"), o::toString);
    }

    @Test
    void callerSensitiveCalleesAreNotInterpretable() {
        DifferentialRunner.Report r = Diff.runner(IrInterpreterTest.class, "callerSensitive").run(List.<Object[]>of(new Object[]{1}));
        r.assertNoMismatches();
        assertTrue(r.notInterpretableCount() > 0 && r.agreed() == 0, r::summary);
        assertThrows(AssertionError.class, r::assertAgreement);
    }

    // The runner and its comparison ----------------------------------------------------------------

    static int calls;

    static int counter(int a) {
        return a + ++calls; // depends on how often it ran: the two sides must disagree
    }

    @Test
    void runnerReportsDisagreement() {
        DifferentialRunner.Report r = Diff.runner(IrInterpreterTest.class, "counter").run(List.<Object[]>of(new Object[]{1}, new Object[]{2}));
        assertFalse(r.ok());
        AssertionError e = assertThrows(AssertionError.class, r::assertAgreement);
        assertTrue(e.getMessage().contains("MISMATCH") && e.getMessage().contains("return"), e::getMessage);
        // With the state reset before every execution, both sides agree.
        Diff.runner(IrInterpreterTest.class, "counter").reset(() -> calls = 0).run(List.<Object[]>of(new Object[]{1}, new Object[]{2})).assertAgreement();
    }

    @Test
    void equivalenceRules() {
        assertTrue(Equivalence.sameValue(Float.NaN, Float.intBitsToFloat(0x7fc00001)));
        assertTrue(Equivalence.sameValue(Double.NaN, Double.longBitsToDouble(0xfff8000000000001L)));
        assertFalse(Equivalence.sameValue(0.0, -0.0));
        assertFalse(Equivalence.sameValue(0.0f, -0.0f));
        assertFalse(Equivalence.sameValue(1, 1L));
        assertTrue(Equivalence.sameValue(new double[]{Double.NaN, 1}, new double[]{Double.NaN, 1}));
        assertFalse(Equivalence.sameValue(new int[][]{{1}, {2}}, new int[][]{{1}, {3}}));
        assertTrue(Equivalence.sameOutcome(new Outcome.Threw(new ArithmeticException("a")), new Outcome.Threw(new ArithmeticException("b"))));
        assertFalse(Equivalence.sameOutcome(new Outcome.Threw(new RuntimeException()), new Outcome.Threw(new ArithmeticException())));
        assertFalse(Equivalence.sameOutcome(new Outcome.Returned(null), new Outcome.NotInterpretable("x")));
        WithConstructor a = new WithConstructor(1);
        WithConstructor b = new WithConstructor(1);
        WithConstructor c = new WithConstructor(2);
        assertTrue(Equivalence.sameValue(a, b)); // field by field
        assertFalse(Equivalence.sameValue(a, c));
    }

    @Test
    void inputsCoverEveryEdgeValue() {
        List<Object[]> in = Inputs.forTypes(new Class<?>[]{int.class, double.class, boolean.class}, 42, 50);
        assertEquals(in.size(), Inputs.forTypes(new Class<?>[]{int.class, double.class, boolean.class}, 42, 50).size());
        for (Object e : Inputs.edges(double.class)) {
            assertTrue(in.stream().anyMatch(v -> Equivalence.sameValue(v[1], e)), () -> "missing edge " + e);
        }
        assertTrue(in.stream().anyMatch(v -> Double.isNaN((Double) v[1])));
        assertTrue(in.size() >= 50);
    }

    /**
     * Coin.value, inlined by class-hierarchy analysis at both calls, runs on for a Dime loaded while
     * the graph runs (compiled code would have been deoptimized): the outcome is not a verdict.
     */
    @Test
    void aGraphWhoseAssumptionBrokeWhileItRanIsNotInterpretable() {
        java.util.function.Supplier<Coin> coin = Coin::new;
        assertEquals(101, AssumptionTargets.valueTwice(new Coin(), coin));
        Graph g = Jvmci.build(Jvmci.method(Jvmci.declared(AssumptionTargets.class, "valueTwice")),
                        org.ssajit.parse.BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(1, g.assumptions().size(), () -> "" + g.assumptions());
        IrInterpreter interp = new IrInterpreter(g);
        assertEquals(new Outcome.Returned(101), interp.run(new Coin(), coin));
        java.util.function.Supplier<Coin> dime = () -> {
            try {
                return (Coin) Class.forName(AssumptionTargets.class.getName() + "$Dime").getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        };
        Outcome o = interp.run(new Coin(), dime);
        assertTrue(assertInstanceOf(Outcome.NotInterpretable.class, o).reason().contains("broke its assumption"), o::toString);
        assertEquals(110, AssumptionTargets.valueTwice(new Coin(), dime), "the JVM's answer, which the stale graph does not give");
    }
}
