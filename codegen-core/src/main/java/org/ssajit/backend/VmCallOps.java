package org.ssajit.backend;

import static org.ssajit.lir.LirOperands.values;

import java.util.function.ToLongFunction;

import org.ssajit.asm.Label;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubBuilder;
import org.ssajit.hotspot.RuntimeStubBuilder.VmResult;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.hotspot.ir.VmEntry;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.VMConstant;
import jdk.vm.ci.meta.Value;

/**
 * The ops that call into the VM with a frame state, through ssajit's runtime stubs
 * ({@link RuntimeStubBuilder}) or directly with this frame as the last Java frame, the same on every
 * target: a VM entry that may fail and then deoptimizes ({@link StubCall}, {@link VmCall}), an
 * implicit exception created by the VM ({@link NewException}), and the VM's half of locking
 * ({@link Monitor}). Each clobbers every register, as a call; operands are in the fixed registers of
 * the C convention, which the target names: its return register and the argument registers after the
 * thread. A target's subclass supplies the instructions that are its own (loading a class, addressing
 * a monitor slot).
 */
public final class VmCallOps {
    private VmCallOps() {
    }

    /** Base: a call into the VM with {@code state}'s debug info; every register clobbered. */
    public abstract static class StatefulCall<E extends HotSpotCodeEmitter<?, ?, ?>> extends TargetOp<E> {
        protected StatefulCall(Value[] defs, Value[] uses, LirFrameState state) {
            super(defs, uses, null, null);
            setState(state);
        }

        @Override
        public final boolean destroysCallerSavedRegisters() {
            return true;
        }
    }

    /**
     * A VM entry called through its stub ({@link RuntimeStubBuilder#vmCallStub}: the thread the first C
     * argument, the compiled frame the last Java frame) with this op's debug info, after
     * {@link #emitArguments} put the entry's other arguments in their registers. A failed entry (a null
     * object, or a status of 0: the stub has dropped the exception) deoptimizes to the state before the
     * bytecode, where the interpreter does it again and throws.
     */
    public abstract static class StubCall<E extends HotSpotCodeEmitter<?, ?, ?>> extends StatefulCall<E> {
        private final Register returnRegister;
        private final String entryName;
        private final ToLongFunction<HotSpotVmConfig> entry;
        private final VmResult result;

        /** The entry named {@code entryName} (the stub's name) at {@code entry}'s address, answering {@code result} in {@code returnRegister}. */
        protected StubCall(Value[] defs, Value[] uses, LirFrameState state, Register returnRegister, String entryName, ToLongFunction<HotSpotVmConfig> entry,
                        VmResult result) {
            super(defs, uses, state);
            this.returnRegister = returnRegister;
            this.entryName = entryName;
            this.entry = entry;
            this.result = result;
        }

        /** The entry's arguments after the thread into the C convention's registers. */
        protected abstract void emitArguments(E e);

        @Override
        protected final void emitCode(E e) {
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            DebugInfo info = e.debugInfo(state());
            emitArguments(e);
            e.frame().emitForeignCall(e.frame().vmCallStub(entryName, entry.applyAsLong(e.config()), result), info);
            e.jumpIfZero(result == VmResult.OBJECT, returnRegister, trap);
        }
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#VM_CALL}: the entry's arguments already in the argument registers after the
     * thread, but a class-metadata constant the op loads itself; an object answer in the return
     * register ({@link VmCallOperands}).
     */
    public static final class VmCall extends StubCall<HotSpotCodeEmitter<?, ?, ?>> {
        private final VmEntry entry;
        private final Register[] argumentRegisters;
        /** The class-metadata constants this op loads into their argument's register itself (null: a used register). */
        private final VMConstant[] metadata;

        /**
         * The result (if any) in {@code returnRegister}, argument {@code k} in {@code argumentRegisters[k]};
         * {@code metadata[k]} non-null: argument {@code k} is that constant, loaded by this op, not a use.
         */
        public VmCall(VmEntry entry, RegisterValue result, RegisterValue[] arguments, VMConstant[] metadata, LirFrameState state, Register returnRegister,
                        Register[] argumentRegisters) {
            super(result == null ? null : values(result), VmCallOperands.uses(arguments, metadata), state, returnRegister, entry.stubName(), c -> c.vmEntry(entry),
                            entry.resultKind() == JavaKind.Object ? VmResult.OBJECT : VmResult.STATUS);
            VmCallOperands.check(entry, result, returnRegister, arguments, argumentRegisters, state);
            this.entry = entry;
            this.argumentRegisters = argumentRegisters;
            this.metadata = metadata.clone();
        }

        @Override
        protected void emitArguments(HotSpotCodeEmitter<?, ?, ?> e) {
            for (int k = 0; k < metadata.length; k++) {
                if (metadata[k] != null) {
                    e.loadMetadata(argumentRegisters[k], metadata[k]);
                }
            }
        }

        @Override
        public String name() {
            return "vmcall " + entry.stubName();
        }
    }

    /**
     * A new implicit exception in the return register (the lowering's {@code newexception}, for a
     * failed check whose exception a handler of the same method catches), created by the VM through
     * ssajit's stub for its kind ({@link RuntimeStubBuilder#exceptionStub}): the inputs in the first two
     * argument registers after the thread (the checked object or stored value; the index and length;
     * the length); for an object, its class loaded into the second ({@link #loadKlass}) and, for a
     * class cast, the target class into the third; then the call, with this op's debug info (the state
     * before the bytecode, which the interpreter re-executes if the frame is deoptimized meanwhile).
     */
    public abstract static class NewException<E extends HotSpotCodeEmitter<?, ?, ?>> extends StatefulCall<E> {
        private final ImplicitException exception;
        private final Register[] argumentRegisters;

        protected NewException(ImplicitException exception, RegisterValue result, RegisterValue[] inputs, LirFrameState state, Register returnRegister,
                        Register[] argumentRegisters) {
            super(values(result), inputs.length == 0 ? null : java.util.Arrays.copyOf(inputs, inputs.length, Value[].class), state);
            if (!result.getRegister().equals(returnRegister)) {
                throw new IllegalArgumentException("the exception is in " + returnRegister + ": " + result);
            }
            if (inputs.length != exception.kind().inputs()) {
                throw new IllegalArgumentException(exception + " takes " + exception.kind().inputs() + " inputs, not " + inputs.length);
            }
            for (int k = 0; k < inputs.length; k++) {
                if (!inputs[k].getRegister().equals(argumentRegisters[k])) {
                    throw new IllegalArgumentException("input " + k + " is in " + argumentRegisters[k] + ": " + inputs[k]);
                }
            }
            if (exception.targetHub() != null && !(exception.targetHub() instanceof HotSpotMetaspaceConstant m && !m.isCompressed())) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + exception.targetHub());
            }
            if (state == null || state.duringCall()) {
                throw new IllegalArgumentException("the state is the one before the bytecode: " + state);
            }
            this.exception = exception;
            this.argumentRegisters = argumentRegisters;
        }

        /** {@code dst = } the class-metadata pointer of the non-null {@code object}; may clobber the third argument register. */
        protected abstract void loadKlass(E e, Register dst, Register object);

        @Override
        protected final void emitCode(E e) {
            DebugInfo info = e.debugInfo(state());
            if (exception.kind().takesObject()) {
                loadKlass(e, argumentRegisters[1], argumentRegisters[0]);
            }
            if (exception.targetHub() != null) {
                e.loadMetadata(argumentRegisters[2], (HotSpotMetaspaceConstant) exception.targetHub());
            }
            e.frame().emitForeignCall(e.frame().exceptionStub(exception.kind()), info);
        }

        @Override
        public final String name() {
            return "newexception " + exception;
        }
    }

    /**
     * {@code monitorenter} or {@code monitorexit} by the VM ({@link org.ssajit.hotspot.ir.HotSpotOp#VM_LOCK},
     * {@link org.ssajit.hotspot.ir.HotSpotOp#VM_UNLOCK}: {@code JVMCIRuntime::monitorenter/monitorexit(thread, object,
     * BasicLock*)}), the object in the first argument register after the thread, the BasicLock this
     * frame's monitor slot of the lock's {@code depth}, its address in the second. The fast paths are
     * the lowering's ({@code lowering.MonitorExpansion}); this is their slow path, or the whole lock
     * where there is none. Entering goes through ssajit's monitorenter stub
     * ({@link RuntimeStubBuilder#monitorEnterStub}: it pins the thread's continuation around the call,
     * also when this frame is deoptimized meanwhile); it may block, safepoint and deoptimize this frame
     * (the state is the one with the monitor held). Exiting never blocks nor safepoints, but the VM may
     * inspect the stack: a direct call with this frame as the last Java frame
     * ({@link org.ssajit.hotspot.HotSpotFrameBuilder#emitAnchoredCall}).
     */
    public abstract static class Monitor<E extends HotSpotCodeEmitter<?, ?, ?>> extends StatefulCall<E> {
        private final boolean enter;
        private final int depth;

        protected Monitor(boolean enter, int depth, RegisterValue object, LirFrameState state, Register objectRegister) {
            super(null, values(object), state);
            if (!object.getRegister().equals(objectRegister)) {
                throw new IllegalArgumentException("the object is in " + objectRegister + ": " + object);
            }
            if (state == null || state.duringCall()) {
                throw new IllegalArgumentException("a monitor op's state is not a state during a call: " + state);
            }
            int held = state.frameState().outerLocks() + state.frameState().locksSize();
            if (held != depth + 1) {
                throw new IllegalArgumentException((enter ? "lock" : "unlock") + " of depth " + depth + " with a state holding " + held + " monitors");
            }
            this.enter = enter;
            this.depth = depth;
        }

        /** Stores {@code word} into the monitor slot at {@code offset} from the stack pointer. */
        protected abstract void emitSlotInit(E e, int offset, int word);

        /** The monitor slot's address (at {@code offset} from the stack pointer) into the second argument register after the thread. */
        protected abstract void emitSlotAddress(E e, int offset);

        @Override
        protected final void emitCode(E e) {
            HotSpotVmConfig c = e.config();
            int slot = e.layout().monitorSlotOffset(depth);
            if (enter) {
                // Under lightweight locking the BasicLock caches the lock's ObjectMonitor (with
                // UseObjectMonitorTable), and the VM trusts what it finds there: start it empty. Under
                // the legacy modes it holds the displaced mark word, which the VM writes, except when it
                // re-enters an inflated monitor the thread owns (quick_enter): start it as "inflated",
                // since 0 would read as a recursive stack lock and make the exit a no-op.
                emitSlotInit(e, slot, c.lightweightLocking ? 0 : c.markUnusedValue);
            }
            emitSlotAddress(e, slot);
            DebugInfo info = e.debugInfo(state());
            if (enter) {
                e.frame().emitForeignCall(e.frame().monitorEnterStub(), info);
            } else {
                e.frame().emitAnchoredCall(c.monitorExit, info);
            }
        }

        @Override
        public final String name() {
            return (enter ? "lock " : "unlock ") + depth;
        }
    }
}
