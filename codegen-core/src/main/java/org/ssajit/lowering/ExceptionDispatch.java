package org.ssajit.lowering;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Exception handlers in compiled code, for exceptions thrown by Java calls and by {@code athrow}. A
 * block that ends with an invoke or an athrow inside a try range keeps its exception edges through
 * the lowering (see {@link #keeps}); once the invoke is a {@link HotSpotOp#CALL}, its edges become ordinary
 * control flow:
 *
 * <pre>
 *   b:  ... call; t = exceptioncheck; if t != 0 goto d0 else goto (b's successor)
 *   d0: e = exceptiontake; if e instanceof C1 goto h1 else goto d1
 *   d1: if e instanceof C2 goto h2 else goto d2          (a catch-any handler: goto h)
 *   dn: unwind e                                        (no handler of the method's table matched)
 * </pre>
 *
 * An athrow's block branches to {@code d0} with the thrown value as {@code e} (no check, no take);
 * a null value deoptimizes to the state before the athrow, so the interpreter throws the
 * NullPointerException. An exception no handler takes leaves the frame ({@link HotSpotOp#UNWIND}) when no
 * lock is held ({@link #unwinds}); else the frame deoptimizes, rethrowing it at the invoke's bci (or
 * before the athrow), and the interpreter unwinds.
 *
 * <p>Each handler's {@link Op#EXCEPTION_OBJECT} becomes the exception of its dispatch predecessors (a
 * phi where several calls reach it). The handlers' order is the exception table's, so the first
 * match wins as in the interpreter. What the back end does: the exception handler entry (where
 * HotSpot unwinds an exception into this frame) resumes after a checked call with the exception in
 * the thread, the check compares the thread's exception pc with the call's return address.
 *
 * <p>Implicit exceptions caught here reach the same dispatch through {@link ImplicitThrows}: their
 * blocks end in an athrow of a {@link HotSpotOp#NEW_EXCEPTION}. Everything else that throws (allocation
 * failures, linkage) deoptimizes, and the interpreter dispatches; those edges are removed before the
 * lowering.
 */
final class ExceptionDispatch {
    private ExceptionDispatch() {
    }

    /**
     * Whether an exception thrown at {@code state} (an athrow's, or a call's during the call) may
     * leave the compiled frame for the caller's handler, as HotSpot finds it from the return address:
     * the interpreter would find no handler and hold no lock in any of the state's frames. So no frame
     * holds a lock (the interpreter releases those of the frames it unwinds; the compiled code does
     * not), the compiled method is not synchronized, and no exception-table entry of a frame's method
     * covers the frame's bci, unless {@code tried}: the dispatch tried all of them, of every frame
     * (the handlers of a block in inlined code are its method's that cover it, then its callers' at
     * their calls, cut only by a catch-all, which takes everything, or by a lock held, which this
     * refuses), and none took the exception.
     */
    static boolean unwinds(org.ssajit.ir.FrameState state, boolean tried) {
        for (org.ssajit.ir.FrameState f = state; f != null; f = f.outer()) {
            if (f.locksSize() > 0 || f.outer() == null && f.method().isSynchronized()) {
                return false;
            }
            if (!tried && org.ssajit.bytecode.BlockMap.isCovered(f.method().getExceptionHandlers(), f.bci())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code b}'s exception edges stay for {@link #expand}: it ends with an invoke (then a
     * goto), and every catch type of its handlers is loaded (an unloaded one cannot be tested; the
     * interpreter resolves it).
     */
    static boolean keeps(Block b) {
        if (b.handlers().isEmpty()) {
            return false;
        }
        if (b.terminator() instanceof Throw t) {
            // athrow: the exception is a value already; only its block's handlers can catch it (a
            // throwing bytecode ends its block inside a try range).
            if (t.state() == null) {
                return false;
            }
        } else {
            if (!(b.terminator() instanceof Goto)) {
                return false;
            }
            List<Instruction> code = b.instructions();
            if (code.isEmpty()) {
                return false;
            }
            Instruction last = code.get(code.size() - 1);
            if (last.op() != Op.INVOKE || !last.hasExceptionEdge() || last.state() == null) {
                return false;
            }
        }
        for (Handler h : b.handlers()) {
            if (h.catchType() != null && !(h.catchType() instanceof ResolvedJavaType)) {
                return false;
            }
        }
        return true;
    }

    /**
     * After the lowering: every block that still has exception edges ends with a {@link HotSpotOp#CALL} (the
     * caller removed the edges of those whose invoke became a deoptimization); turns the edges into
     * the dispatch above.
     */
    static void expand(Graph g, ConstantReflectionProvider constantReflection, boolean unwinding) {
        Set<Block> handlersReached = new CompilerSet<>();
        Map<Block, Value> exceptionOf = new CompilerMap<>();
        for (Block b : CompilerList.copyOf(g.blocks())) {
            if (b.handlers().isEmpty()) {
                continue;
            }
            List<Handler> handlers = CompilerList.copyOf(b.handlers());
            Block dispatch;
            Value exception;
            int bci;
            // What the interpreter is to do with an exception no handler takes.
            java.util.function.Supplier<org.ssajit.ir.FrameState> unhandled;
            if (b.terminator() instanceof Throw t) {
                // athrow: b ends in a branch to the dispatch; a null exception goes back to the
                // interpreter before the athrow, which throws the NullPointerException.
                bci = t.bci();
                exception = t.exception();
                // The states are copied before the athrow goes (replacing it detaches its state).
                org.ssajit.ir.FrameState nullState = exception.stamp().isNonNull() ? null : t.state().copy();
                boolean catchesAll = handlers.stream().anyMatch(h -> h.catchType() == null);
                org.ssajit.ir.FrameState unhandledState = catchesAll ? null : t.state().copy();
                unhandled = () -> unhandledState;
                b.clearHandlers();
                dispatch = g.newBlock(bci);
                if (nullState == null) {
                    b.replaceTerminator(new Goto(bci, dispatch));
                } else {
                    Block isNull = g.newBlock(bci);
                    b.replaceTerminator(new If(bci, Condition.EQ, exception, g.nullConstant(), isNull, dispatch));
                    isNull.addPredecessor(b);
                    deoptimizeAndThrow(g, isNull, bci, exception, nullState);
                }
                dispatch.addPredecessor(b);
            } else {
                List<Instruction> code = b.instructions();
                Instruction call = code.isEmpty() ? null : code.get(code.size() - 1);
                if (call == null || call.op() != HotSpotOp.CALL || !(b.terminator() instanceof Goto next) || call.state() == null) {
                    throw new IllegalStateException(b + " keeps exception edges without ending in a call or athrow");
                }
                bci = call.bci();
                Instruction check = new Instruction(g, HotSpotOp.EXCEPTION_CHECK, JavaKind.Int, null, bci);
                check.setStamp(Stamp.forInt(0, 1));
                b.insertAtEnd(check);
                b.clearHandlers();
                dispatch = g.newBlock(bci);
                b.replaceTerminator(new If(bci, Condition.NE, check, g.intConstant(0), dispatch, next.target()));
                dispatch.addPredecessor(b);
                Instruction taken = new Instruction(g, HotSpotOp.EXCEPTION_TAKE, JavaKind.Object, null, bci);
                taken.setStamp(Stamp.unrestricted(JavaKind.Object).asNonNull());
                dispatch.append(taken);
                exception = taken;
                unhandled = () -> call.state().rethrowing(taken);
            }
            Block current = dispatch;
            Map<Block, List<Block>> fromHere = new CompilerMap<>();
            for (Handler h : handlers) {
                if (h.catchType() == null) {
                    current.setTerminator(new Goto(bci, h.target()));
                    fromHere.computeIfAbsent(h.target(), t -> new CompilerList<>()).add(current);
                    current = null;
                    break;
                }
                ResolvedJavaType type = (ResolvedJavaType) h.catchType();
                org.ssajit.hotspot.ir.TypeTest shape = TypeTests.subtypeTest(type, constantReflection, false);
                Instruction test = new Instruction(g, HotSpotOp.TYPE_TEST, JavaKind.Int, exception.stamp().isNonNull() ? shape.ofNonNull() : shape, bci, exception);
                test.setStamp(Stamp.forInt(0, 1));
                current.append(test);
                Block rest = g.newBlock(bci);
                current.setTerminator(new If(bci, Condition.NE, test, g.intConstant(0), h.target(), rest));
                fromHere.computeIfAbsent(h.target(), t -> new CompilerList<>()).add(current);
                rest.addPredecessor(current);
                current = rest;
            }
            if (current != null) {
                org.ssajit.ir.FrameState state = unhandled.get();
                if (unwinding && state != null && unwinds(state, true)) {
                    // No handler of the method or of an inlined method takes it, and no lock is held: it leaves the frame.
                    current.append(new Instruction(g, HotSpotOp.UNWIND, JavaKind.Void, null, bci, exception));
                    Throw t = new Throw(bci, exception);
                    t.setState(state);
                    current.setTerminator(t);
                } else {
                    // The interpreter throws it (rethrows it at the invoke, or re-executes the athrow)
                    // and unwinds.
                    deoptimizeAndThrow(g, current, bci, exception, state);
                }
            }
            for (var e : fromHere.entrySet()) {
                Block handler = e.getKey();
                List<Block> preds = e.getValue();
                int k = handler.predecessorIndex(b);
                if (k < 0) {
                    throw new IllegalStateException(handler + " is a handler of " + b + " without it as predecessor");
                }
                handler.replacePredecessor(b, preds.get(0));
                for (int j = 1; j < preds.size(); j++) {
                    handler.addPredecessor(preds.get(j));
                    for (Phi p : handler.phis()) {
                        p.appendOperand(p.operand(k));
                    }
                }
                handlersReached.add(handler);
                for (Block p : preds) {
                    exceptionOf.put(p, exception);
                }
            }
        }
        // Each handler's caught exception: its dispatch predecessors' exception. An athrow may throw
        // what another handler caught, replaced before or after this one: follow the replacements.
        Map<Value, Value> replacedBy = new CompilerMap<>();
        java.util.function.UnaryOperator<Value> resolved = v -> {
            Value r = v;
            while (replacedBy.containsKey(r)) {
                r = replacedBy.get(r);
            }
            return r;
        };
        for (Block handler : handlersReached) {
            Instruction caught = handler.instructions().isEmpty() ? null : handler.instructions().get(0);
            if (caught == null || caught.op() != Op.EXCEPTION_OBJECT) {
                throw new IllegalStateException(handler + " does not start with the caught exception");
            }
            Value first = null;
            boolean same = true;
            for (Block p : handler.predecessors()) {
                Value v = exceptionOf.get(p);
                if (v == null) {
                    throw new IllegalStateException(handler + " is entered from " + p + ", not an exception dispatch");
                }
                v = resolved.apply(v);
                same &= first == null || first == v;
                first = first == null ? v : first;
            }
            Value value = first;
            if (!same) {
                Phi phi = handler.addPhi(g, JavaKind.Object);
                for (Block p : handler.predecessors()) {
                    phi.appendOperand(resolved.apply(exceptionOf.get(p)));
                }
                phi.setStamp(caught.stamp());
                value = phi;
            }
            caught.replaceAllUsesWith(value);
            replacedBy.put(caught, value);
            handler.removeInstruction(caught);
        }
    }

    /** Ends {@code b} in a deoptimization to {@code state} (the interpreter goes on from there), then a throw that is never reached. */
    private static void deoptimizeAndThrow(Graph g, Block b, int bci, Value exception, org.ssajit.ir.FrameState state) {
        Instruction d = new Instruction(g, HotSpotOp.DEOPTIMIZE, JavaKind.Void, new Deopt(DeoptimizationReason.TransferToInterpreter, HotSpotLowering.EXCEPTION_ACTION), bci);
        d.setState(state);
        b.append(d);
        Throw t = new Throw(bci, exception);
        t.setState(state.copy());
        b.setTerminator(t);
    }
}
