package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Block;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Which exceptions leave a compiled frame for the caller's handler ({@link HotSpotOp#UNWIND},
 * {@link org.ssajit.hotspot.ir.CallTarget#unwinds}) and which deoptimize it so that the interpreter unwinds:
 * no handler of any frame's method may cover the throwing bytecode (but for the handlers the compiled
 * dispatch tried) and no frame may hold a lock.
 */
class UnwindingLoweringTest {
    static int effect;

    static void rethrow(RuntimeException e) {
        throw e;
    }

    static void throwNew() {
        throw new IllegalStateException("new");
    }

    static synchronized void rethrowLocked(RuntimeException e) {
        throw e;
    }

    static void rethrowInBlock(Object lock, RuntimeException e) {
        synchronized (lock) {
            effect++;
            throw e;
        }
    }

    static int callee(int x) {
        return x + effect;
    }

    static int callOutside(int x) {
        return callee(x) + 1;
    }

    static int callInside(int x) {
        try {
            return callee(x) + 1;
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    static synchronized int callLocked(int x) {
        return callee(x) + 1;
    }

    static int throwsArithmetic(int x) {
        if (x < 0) {
            throw new ArithmeticException("negative");
        }
        return x;
    }

    static int catchesOther(int x) {
        try {
            return throwsArithmetic(x) + 1;
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    static synchronized int catchesOtherLocked(int x) {
        try {
            return throwsArithmetic(x) + 1;
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    /** Explicit null checks, every other option at its default. */
    private static final OptionValues OPTIONS = OptionValues.DEFAULTS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, false);

    private static Graph lowered(String name, boolean compiledHandlers) {
        return lowered(name, compiledHandlers, OPTIONS);
    }

    private static Graph lowered(String name, boolean compiledHandlers, OptionValues options) {
        return lowered(name, compiledHandlers, options, true);
    }

    /** {@code expand}: false keeps the macro-ops (the locks and unlocks, before their expansion). */
    private static Graph lowered(String name, boolean compiledHandlers, OptionValues options, boolean expand) {
        Graph g = Jvmci.graph(UnwindingLoweringTest.class, name);
        HotSpotLowering.host(options).lower(g, compiledHandlers, expand);
        Verifier.verify(g);
        return g;
    }

    private static List<Instruction> all(Graph g, Operation op) {
        List<Instruction> found = new ArrayList<>();
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == op) {
                    found.add(i);
                }
            }
        }
        return found;
    }

    /** The instruction before the lowered athrow of {@code g}'s only throwing block. */
    private static Instruction beforeThrow(Graph g) {
        Block b = g.blocks().stream().filter(x -> x.terminator() instanceof Throw).findFirst().orElseThrow();
        return b.instructions().get(b.instructions().size() - 1);
    }

    @Test
    void athrowWithoutHandlersUnwindsAfterANullCheck() {
        Graph g = lowered("rethrow", true);
        Instruction u = beforeThrow(g);
        assertEquals(HotSpotOp.UNWIND, u.op(), g::toString);
        assertEquals(g.parameters().get(0), u.input(0));
        assertTrue(all(g, HotSpotOp.DEOPTIMIZE).isEmpty(), g::toString);
        // A null exception: the interpreter throws the NullPointerException at the athrow.
        List<Instruction> checks = all(g, HotSpotOp.NULL_CHECK);
        assertEquals(1, checks.size(), g::toString);
        assertEquals(g.parameters().get(0), checks.get(0).input(0));
        assertEquals(1, checks.get(0).state().stackSize(), "the exception on the interpreter's stack");
    }

    @Test
    void aNewExceptionNeedsNoNullCheck() {
        Graph g = lowered("throwNew", true);
        assertEquals(HotSpotOp.UNWIND, beforeThrow(g).op(), g::toString);
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty(), g::toString);
    }

    /** With compiled handlers off (a JVMTI agent posts exception events) the athrow deoptimizes, as before. */
    @Test
    void withoutCompiledHandlersTheAthrowDeoptimizes() {
        Graph g = lowered("rethrow", false);
        Instruction d = beforeThrow(g);
        assertEquals(HotSpotOp.DEOPTIMIZE, d.op(), g::toString);
        assertEquals(1, d.state().stackSize(), "the exception on the interpreter's stack");
        assertEquals(g.parameters().get(0), d.state().stack(0));
        assertTrue(all(g, HotSpotOp.UNWIND).isEmpty(), g::toString);
    }

    @Test
    void unwindingCanBeTurnedOff() {
        OptionValues off = OPTIONS.with(LoweringOptions.UNWIND_EXCEPTIONS, false);
        Graph g = lowered("rethrow", true, off);
        assertEquals(HotSpotOp.DEOPTIMIZE, beforeThrow(g).op(), g::toString);
        assertFalse(all(lowered("callOutside", true, off), HotSpotOp.CALL).get(0).attribute(CallTarget.class).unwinds());
    }

    /** The method's lock: the interpreter releases it as it unwinds. */
    @Test
    void aSynchronizedMethodDeoptimizes() {
        Graph g = lowered("rethrowLocked", true);
        assertEquals(HotSpotOp.DEOPTIMIZE, beforeThrow(g).op(), g::toString);
        assertTrue(all(g, HotSpotOp.UNWIND).isEmpty(), g::toString);
        assertFalse(all(lowered("callLocked", true), HotSpotOp.CALL).get(0).attribute(CallTarget.class).unwinds());
    }

    /**
     * A synchronized block: its exception goes to javac's catch-any handler in compiled code, which
     * releases the lock; the handler's athrow, outside every range, holds no lock: it unwinds.
     */
    @Test
    void aSynchronizedBlockUnwindsOnceItsHandlerReleasedTheLock() {
        Graph g = lowered("rethrowInBlock", true, OPTIONS, false);
        List<Instruction> unwinds = all(g, HotSpotOp.UNWIND);
        assertEquals(1, unwinds.size(), g::toString);
        Block b = unwinds.get(0).block();
        assertEquals(0, b.terminator().state().locksSize(), g::toString);
        // The handler's unlock on the only way there.
        boolean unlocked = false;
        for (Block p = b; p != null && !unlocked; p = p.predecessors().size() == 1 ? p.predecessors().get(0) : null) {
            unlocked = p.instructions().stream().anyMatch(i -> i.op() == HotSpotOp.UNLOCK);
        }
        assertTrue(unlocked, g::toString);
    }

    @Test
    void callsUnwindOutsideTryRangesOnly() {
        assertTrue(all(lowered("callOutside", true), HotSpotOp.CALL).get(0).attribute(CallTarget.class).unwinds());
        assertFalse(all(lowered("callOutside", false), HotSpotOp.CALL).get(0).attribute(CallTarget.class).unwinds());
        Graph inside = lowered("callInside", true);
        assertFalse(all(inside, HotSpotOp.CALL).get(0).attribute(CallTarget.class).unwinds(), inside::toString);
        // What the handler does not take leaves the frame after the dispatch's type test.
        List<Instruction> unwinds = all(inside, HotSpotOp.UNWIND);
        assertEquals(1, unwinds.size(), inside::toString);
        assertEquals(HotSpotOp.EXCEPTION_TAKE, ((Instruction) unwinds.get(0).input(0)).op(), inside::toString);
        assertTrue(all(inside, HotSpotOp.DEOPTIMIZE).isEmpty(), inside::toString);
    }

    /**
     * An athrow in a callee inlined at a call inside a try range: the dispatch offers the exception to
     * the callee's handlers and then the caller's, and what none takes leaves the frame (no frame
     * holds a lock); the caller synchronized, it deoptimizes.
     */
    @Test
    void whatNoHandlerOfAnInlinedFrameTakesUnwinds() {
        for (String name : List.of("catchesOther", "catchesOtherLocked")) {
            Graph g = org.ssajit.testing.Jvmci.build(Jvmci.method(UnwindingLoweringTest.class, name), org.ssajit.parse.BuildOptions.DEFAULT.withInlining(true)).graph();
            assertEquals(List.of("throwsArithmetic"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
            HotSpotLowering.host(OPTIONS).lower(g, true, false);
            Verifier.verify(g);
            boolean locked = name.endsWith("Locked");
            // The athrow's dispatch and that of the exception's constructor call, a call on the path that only throws.
            List<Instruction> deopts = all(g, HotSpotOp.DEOPTIMIZE);
            assertEquals(locked ? 0 : 2, all(g, HotSpotOp.UNWIND).size(), g::toString);
            assertEquals(locked ? 2 : 0, deopts.size(), g::toString);
            for (Instruction d : deopts) {
                assertEquals("throwsArithmetic", d.state().method().getName(), g::toString);
            }
        }
    }

    /** The rule itself, on states of inlined frames: every frame counts, locks and handlers alike. */
    @Test
    void everyFrameOfTheStateCounts() {
        ResolvedJavaMethod inside = Jvmci.method(UnwindingLoweringTest.class, "callInside");
        ResolvedJavaMethod outside = Jvmci.method(UnwindingLoweringTest.class, "callOutside");
        int covered = inside.getExceptionHandlers()[0].getStartBCI();
        int uncovered = inside.getExceptionHandlers()[0].getEndBCI() + 1;
        assertTrue(ExceptionDispatch.unwinds(state(outside, 1, false, null), false));
        assertFalse(ExceptionDispatch.unwinds(state(outside, 1, true, null), false), "a lock held");
        assertFalse(ExceptionDispatch.unwinds(state(inside, covered, false, null), false), "a handler covers the bci");
        assertTrue(ExceptionDispatch.unwinds(state(inside, covered, false, null), true), "the dispatch tried the handlers");
        assertTrue(ExceptionDispatch.unwinds(state(inside, uncovered, false, null), false));
        // An inlined frame (outside) in a caller (inside) at a covered or uncovered call, locked or not.
        assertFalse(ExceptionDispatch.unwinds(state(outside, 1, false, state(inside, covered, false, null)), false), "the caller's handler covers its call");
        assertTrue(ExceptionDispatch.unwinds(state(outside, 1, false, state(inside, covered, false, null)), true), "the dispatch tried every frame's handlers");
        assertFalse(ExceptionDispatch.unwinds(state(outside, 1, false, state(inside, covered, true, null)), true), "tried, but the caller holds a lock");
        assertTrue(ExceptionDispatch.unwinds(state(outside, 1, false, state(inside, uncovered, false, null)), false));
        assertFalse(ExceptionDispatch.unwinds(state(outside, 1, false, state(inside, uncovered, true, null)), false), "the caller holds a lock");
    }

    private static FrameState state(ResolvedJavaMethod m, int bci, boolean locked, FrameState outer) {
        Graph g = Jvmci.graph(UnwindingLoweringTest.class, "callOutside");
        return new FrameState(m, bci, new Value[m.getMaxLocals()], new Value[0], locked ? new Value[]{g.nullConstant()} : new Value[0], outer);
    }
}
