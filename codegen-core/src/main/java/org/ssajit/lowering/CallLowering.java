package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/** The lowering of invokes into calls: the receiver's null check, the dispatch (static, special, vtable, itable, method handle adapters), what is not linked yet deoptimizes. */
final class CallLowering {
    private final InstructionLowering ctx;

    CallLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * An invoke of a linked method becomes a {@link HotSpotOp#CALL}: after the receiver's null check
     * (explicit: the call itself touches no memory of the receiver), with the state during the call.
     * A target that is not resolved, or does not fit the bytecode (static or not; the interpreter
     * throws IncompatibleClassChangeError), deoptimizes: the interpreter links the site, and the
     * method is compiled again later.
     */
    void invoke(Instruction i) {
        InvokeTarget t = i.invokeTarget();
        CallTarget.Dispatch dispatch = t.method() instanceof ResolvedJavaMethod m ? dispatch(m, t.opcode(), t.appendix() != null) : null;
        if (dispatch == null) {
            ctx.deoptimize(i);
            return;
        }
        ResolvedJavaMethod m = (ResolvedJavaMethod) t.method();
        Value[] args = new Value[i.inputCount()];
        for (int k = 0; k < args.length; k++) {
            args[k] = i.input(k);
        }
        if (dispatch.hasReceiver()) {
            ctx.nullCheck(args[0], i.state());
        }
        // The appendix of an invokedynamic or invokehandle is an argument of the adapter, not a value of the bytecode's stack.
        FrameState during = i.state().duringCall(argumentSlots(args, t.appendix() != null ? args.length - 1 : args.length));
        CallTarget target = new CallTarget(m, dispatch, t.opcode(), ctx.unwinding && ExceptionDispatch.unwinds(during, false));
        Instruction call = new Instruction(ctx.g, HotSpotOp.CALL, i.kind(), target, i.bci(), args);
        call.setState(during);
        ctx.replace(i, ctx.emit(call, i.stamp()));
    }

    /**
     * How a call of {@code m} from bytecode {@code opcode} finds its callee, or null if the
     * interpreter must link it ({@code linkedAdapter}: {@code m} is the adapter HotSpot linked an
     * invokedynamic or a signature-polymorphic invokevirtual to).
     */
    CallTarget.Dispatch dispatch(ResolvedJavaMethod m, int opcode, boolean linkedAdapter) {
        return switch (opcode) {
            // A linked call site: its adapter (a static method), the appendix as last argument.
            case Bytecodes.INVOKEDYNAMIC -> linkedAdapter && m.isStatic() && m.getDeclaringClass().isInitialized() ? CallTarget.Dispatch.STATIC : null;
            case Bytecodes.INVOKESTATIC -> m.isStatic() && m.getDeclaringClass().isInitialized() ? CallTarget.Dispatch.STATIC : null;
            case Bytecodes.INVOKESPECIAL -> !m.isStatic() && !m.isAbstract() ? CallTarget.Dispatch.DIRECT : null;
            case Bytecodes.INVOKEVIRTUAL, Bytecodes.INVOKEINTERFACE -> {
                if (linkedAdapter) {
                    // invokehandle: HotSpot resolves it as a static call of the adapter (no receiver:
                    // a null MethodHandle is the adapter's to throw on).
                    yield opcode == Bytecodes.INVOKEVIRTUAL && m.isStatic() && m.getDeclaringClass().isInitialized() ? CallTarget.Dispatch.STATIC : null;
                }
                if (m.isStatic()) {
                    yield null;
                }
                if (m.canBeStaticallyBound() && !m.isAbstract()) {
                    yield CallTarget.Dispatch.DIRECT;
                }
                yield opcode == Bytecodes.INVOKEINTERFACE ? CallTarget.Dispatch.INTERFACE : CallTarget.Dispatch.VIRTUAL;
            }
            default -> null;
        };
    }

    /** Interpreter stack slots the first {@code count} arguments take (a long or double two). */
    static int argumentSlots(Value[] args, int count) {
        int n = 0;
        for (int k = 0; k < count; k++) {
            n += args[k].kind().getSlotCount();
        }
        return n;
    }
}
