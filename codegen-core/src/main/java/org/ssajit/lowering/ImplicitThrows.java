package org.ssajit.lowering;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Set;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Throw;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ProfilingInfo;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.meta.TriState;

/**
 * Implicit exceptions (null, division by zero, class cast, array store, index out of bounds, negative
 * array size) caught by a handler in compiled code (the method's, or, in an inlined callee, the
 * callee's or a caller's at the call). Where the profile says that the bytecode threw
 * ({@link ProfilingInfo#getExceptionSeen}: the interpreter sets it at the bci whenever it throws there,
 * e.g. after a deoptimization), a failed check no longer deoptimizes: it branches to a block that has
 * the VM create the exception ({@link HotSpotOp#NEW_EXCEPTION}, the interpreter's class, message and stack
 * trace) and throws it to the block's handlers, which {@link ExceptionDispatch} then dispatches as it
 * dispatches an athrow:
 *
 * <pre>
 *   b:  ... nullcheck x [throw]; read x.f; goto n
 * becomes
 *   b:  ... if x == null goto t else goto b'
 *   b': read x.f; goto n                       (b's handlers move here when b ends in a call)
 *   t:  e = newexception NullPointerException; athrow e   (with b's handlers)
 * </pre>
 *
 * <p>A hot throw, as C2 decides it ({@code GraphKit::builtin_throw}), throws a preallocated instance
 * instead, when the VM omits the stack traces of hot throws ({@code OmitStackTraceInFastThrow}, on by
 * default, or {@code StackTraceInThrowable} off): the kind's failed checks have trapped in this method
 * before ({@link ProfilingInfo#getDeoptimizationCount} of its reason, in the profile of the check's own
 * method, an inlined callee's for its code), and a handler catches it. The instance is allocated
 * once per kind for the VM's lifetime without running a constructor, as C2's are: no message, no
 * stack trace, no cause and no suppressed exceptions, none of which can be set later
 * ({@link HotSpotLowering#preallocated}). So where such
 * throws are possible, a bytecode whose exception the profile saw but whose kind never trapped
 * deoptimizes (and HotSpot recompiles after a few traps), as C2's first code does.
 *
 * <p>Where the profile does not say so yet, the check deoptimizes with
 * {@code RecompileIfTooManyDeopts} (HotSpot's {@code Action_maybe_recompile}): the code stays, HotSpot
 * counts the traps at the bci and makes the code not entrant after a few, and the recompile sees the
 * exception. A negative array size is tested only where a handler catches it
 * ({@link HotSpotOp#NEGATIVE_CHECK}; elsewhere the allocation's slow path deoptimizes on it). A bounds check
 * becomes two branches ({@code index < 0}, {@code index >= length}) to one throwing block.
 */
public final class ImplicitThrows {
    /** When implicit exceptions are thrown in compiled code ({@link LoweringOptions#IMPLICIT_EXCEPTIONS}). */
    public enum Mode {
        /** Once the profile records an exception at the bytecode (the default). */
        PROFILE,
        /** Whenever a handler of the method catches it (tests, and users who know their exceptions are hot). */
        ALWAYS,
        /**
         * Whenever a handler of the method catches it, as this compile's preallocated instance where
         * the kind has one ({@link ImplicitException.Kind#preallocatedWhenHot}), whatever the VM's
         * {@code OmitStackTraceInFastThrow} says: for tests of the hot throws.
         */
        PREALLOCATED,
        /** Never: every failed check deoptimizes and the interpreter dispatches. */
        NEVER;

    }

    private ImplicitThrows() {
    }

    /**
     * The bci of {@code b}'s throwing bytecode inside a try range (its last; the block map ends a block
     * after each, and the parser marks its instruction with the exception edge), or -1 if its failed
     * checks cannot throw to its handlers: no such instruction, a catch type not loaded, or a block not
     * falling through to the next with a goto (the split keeps that edge). Only that bytecode is in
     * the handlers' range: the block may begin with throwing bytecodes before the range, since a try
     * range's start need not begin a block.
     */
    static int throwingBci(Block b) {
        if (b.handlers().isEmpty() || !(b.terminator() instanceof Goto) || b.instructions().isEmpty()) {
            return -1;
        }
        for (Handler h : b.handlers()) {
            if (h.catchType() != null && !(h.catchType() instanceof ResolvedJavaType)) {
                return -1;
            }
        }
        List<Instruction> code = b.instructions();
        Instruction last = code.get(code.size() - 1);
        return last.hasExceptionEdge() && last.op() != Op.INVOKE ? last.bci() : -1;
    }

    /**
     * For a block that keeps its exception edges ({@link ExceptionDispatch#keeps}: an athrow, or a call
     * then a goto, its catch types loaded), the call's bci if it ends in a call whose receiver may be
     * null, else -1: the receiver's null check (the call's lowering emits it with the invoke's state)
     * can throw to the handlers too.
     */
    static int receiverCheckBci(Block b) {
        if (!(b.terminator() instanceof Goto)) {
            return -1; // an athrow
        }
        List<Instruction> code = b.instructions();
        Instruction last = code.get(code.size() - 1);
        return last.invokeTarget().hasReceiver() && !last.input(0).stamp().isNonNull() ? last.bci() : -1;
    }

    /** Whether the profile of {@code m} says that the bytecode at {@code bci} threw. */
    static boolean seen(ProfilingInfo profile, int bci) {
        return profile != null && profile.getExceptionSeen(bci) == TriState.TRUE;
    }

    static ProfilingInfo profile(ResolvedJavaMethod m) {
        try {
            return m.getProfilingInfo();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether one of {@code handlers} catches every exception of {@code kind}; one that passes the
     * exception on ({@link Handler#passesOn()}: it releases an inlined synchronized method's lock)
     * catches what its own handlers catch.
     */
    static boolean catches(List<Handler> handlers, ImplicitException.Kind kind, MetaAccessProvider metaAccess) {
        ResolvedJavaType thrown = metaAccess.lookupJavaType(kind.javaClass());
        for (Handler h : handlers) {
            if (h.passesOn()) {
                if (catches(h.target().handlers(), kind, metaAccess)) {
                    return true;
                }
            } else if (h.catchType() == null || h.catchType() instanceof ResolvedJavaType t && t.isAssignableFrom(thrown)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Splits every block at each of its checks marked {@link Deopt#compiledThrow()} (see the class
     * comment). Runs after the lowering, before the exception edges of blocks that end neither in a
     * call nor an athrow are dropped.
     */
    static void expand(Graph g, java.util.function.BiFunction<ImplicitException.Kind, ResolvedJavaMethod, jdk.vm.ci.meta.JavaConstant> hotInstance) {
        for (Block b : CompilerList.copyOf(g.blocks())) {
            Block current = b;
            Instruction check;
            while ((check = firstThrowingCheck(current)) != null) {
                current = split(g, current, check, hotInstance);
            }
        }
    }

    /** Whether a failed check of any kind has trapped in the method whose profile this is. */
    static boolean trapped(ProfilingInfo profile) {
        if (profile == null) {
            return false;
        }
        for (ImplicitException.Kind k : ImplicitException.Kind.values()) {
            if (profile.getDeoptimizationCount(k.reason()) > 0) {
                return true;
            }
        }
        return false;
    }

    private static Instruction firstThrowingCheck(Block b) {
        for (Instruction i : b.instructions()) {
            if (i.attribute() instanceof Deopt d && d.compiledThrow()) {
                return i;
            }
        }
        return null;
    }

    /**
     * Splits {@code b} at {@code check}; returns the block with what followed the check. The exception
     * is {@code hotInstance}'s constant for its kind if there is one (a hot throw), else created.
     */
    private static Block split(Graph g, Block b, Instruction check, java.util.function.BiFunction<ImplicitException.Kind, ResolvedJavaMethod, jdk.vm.ci.meta.JavaConstant> hotInstance) {
        Deopt d = check.attribute(Deopt.class);
        ImplicitException.Kind kind = check.op() == HotSpotOp.NEGATIVE_CHECK ? ImplicitException.Kind.NEGATIVE_SIZE : ImplicitException.Kind.of(d.reason());
        if (b.handlers().isEmpty() || !(b.terminator() instanceof Goto next)) {
            throw new IllegalStateException(check + " throws to the handlers of " + b + ", which has none or does not end in a goto");
        }
        int bci = check.bci();
        FrameState state = check.state();
        if (state == null) {
            throw new IllegalStateException(check + " has no state");
        }

        // The rest of b, with its successor and its exception edges (a call's dispatch, if it ends in one).
        Block rest = g.newBlock(bci);
        List<Instruction> code = b.instructions();
        List<Instruction> after = new CompilerList<>(code.subList(code.indexOf(check) + 1, code.size()));
        for (Instruction i : after) {
            b.moveToEnd(i, rest);
        }
        List<Handler> handlers = CompilerList.copyOf(b.handlers());
        Set<Block> targets = new CompilerSet<>();
        for (Handler h : handlers) {
            targets.add(h.target());
        }
        b.clearHandlers();
        for (Block t : targets) {
            t.replacePredecessor(b, rest);
        }
        for (Handler h : handlers) {
            rest.addHandler(h);
        }
        Block successor = next.target();
        rest.setTerminator(new Goto(next.bci(), successor));
        successor.replacePredecessor(b, rest);

        // The throw: the exception created as the interpreter creates it, to b's handlers (each handler's
        // phis take from here what they take from the rest, the values before the bytecode).
        Block thrower = g.newBlock(bci);
        List<Value> arguments = new CompilerList<>();
        jdk.vm.ci.meta.Constant target = null;
        Block head = b;
        // The branch to the thrower: if failed == zero (a second test for an index above the length).
        Value failed;
        Value zero;
        Condition condition = Condition.EQ;
        Block mid = null;
        switch (HotSpotOp.of(check)) {
            case NULL_CHECK -> {
                failed = check.input(In.OBJECT);
                zero = g.nullConstant();
            }
            case ZERO_CHECK -> {
                Value y = check.input(In.DIVISOR);
                if (y.kind() == JavaKind.Long) {
                    Instruction cmp = new Instruction(g, Op.LCMP, JavaKind.Int, null, bci, y, g.longConstant(0));
                    cmp.setStamp(Stamp.forInt(-1, 1));
                    b.insertAtEnd(cmp);
                    failed = cmp;
                } else {
                    failed = y;
                }
                zero = g.intConstant(0);
            }
            case NEGATIVE_CHECK -> {
                failed = check.input(In.LENGTH);
                zero = g.intConstant(0);
                condition = Condition.LT;
                arguments.add(failed);
            }
            case BOUNDS_CHECK -> {
                // index < 0 here, index >= length in a second block.
                Value index = check.input(In.INDEX);
                Value length = check.input(In.LENGTH);
                failed = index;
                zero = g.intConstant(0);
                condition = Condition.LT;
                arguments.add(index);
                arguments.add(length);
                mid = g.newBlock(bci);
                mid.setTerminator(new If(bci, Condition.GE, index, length, thrower, rest));
            }
            case GUARD -> {
                Value c = check.input(In.CONDITION);
                failed = c;
                zero = g.intConstant(0);
                if (!(c instanceof Instruction test)) {
                    throw new IllegalStateException(check + " guards no test");
                }
                if (kind == ImplicitException.Kind.CLASS_CAST && test.op() == HotSpotOp.TYPE_TEST) {
                    arguments.add(test.input(In.OBJECT));
                    target = test.attribute(TypeTest.class).hub();
                } else if (kind == ImplicitException.Kind.ARRAY_STORE && test.op() == HotSpotOp.STORE_CHECK) {
                    arguments.add(test.input(In.VALUE));
                } else {
                    throw new IllegalStateException(check + " of " + kind + " guards " + test);
                }
            }
            default -> throw new IllegalStateException("no compiled throw for " + check);
        }
        if (arguments.size() != kind.inputs() || (check.op() == HotSpotOp.NEGATIVE_CHECK) != (kind == ImplicitException.Kind.NEGATIVE_SIZE)
                        || (check.op() == HotSpotOp.BOUNDS_CHECK) != (kind == ImplicitException.Kind.OUT_OF_BOUNDS)) {
            throw new IllegalStateException(check + " creates " + kind + " from " + arguments);
        }
        jdk.vm.ci.meta.JavaConstant hot = hotInstance.apply(kind, state.method());
        Value exception;
        if (hot != null) {
            exception = g.constant(hot);
        } else {
            Instruction created = new Instruction(g, HotSpotOp.NEW_EXCEPTION, JavaKind.Object, new ImplicitException(kind, target), bci, arguments.toArray(new Value[0]));
            created.setStamp(Stamp.unrestricted(JavaKind.Object).asNonNull());
            created.setState(state.copy());
            thrower.append(created);
            exception = created;
        }
        Throw t = new Throw(bci, exception);
        t.setState(state.copy());
        thrower.setTerminator(t);
        for (Handler h : handlers) {
            thrower.addHandler(h);
        }
        for (Block target2 : targets) {
            int k = target2.predecessorIndex(rest);
            target2.addPredecessor(thrower);
            for (Phi p : target2.phis()) {
                p.appendOperand(p.operand(k));
            }
        }

        head.removeInstruction(check);
        if (mid == null) {
            head.replaceTerminator(new If(bci, condition, failed, zero, thrower, rest));
            thrower.addPredecessor(head);
            rest.addPredecessor(head);
        } else {
            head.replaceTerminator(new If(bci, condition, failed, zero, thrower, mid));
            thrower.addPredecessor(head);
            mid.addPredecessor(head);
            thrower.addPredecessor(mid);
            rest.addPredecessor(mid);
        }
        return rest;
    }
}
