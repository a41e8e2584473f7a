package org.ssajit.backend;

import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Calls through HotSpot's call sites and of the VM's leaf C functions, and the exception check, take
 * and unwind around a call whose exceptions compiled code handles ({@code org.ssajit.lowering.ExceptionDispatch}):
 * the frame builder's protocol ({@link org.ssajit.hotspot.HotSpotFrameBuilder}) as LIR instructions,
 * the same on every target. Operands are in the fixed registers of the calling conventions.
 */
public final class CallOps {
    private CallOps() {
    }

    private static Value[] values(RegisterValue[] registers) {
        return java.util.Arrays.copyOf(registers, registers.length, Value[].class);
    }

    /**
     * A call of a Java method: arguments in the fixed registers of the Java calling convention (and
     * the outgoing stack area, written by moves before it), the result in the return register, every
     * allocatable register clobbered. Its state is the invoke's during the call; the debug info is
     * recorded at the return address.
     */
    public static final class JavaCall extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        private final CallTarget target;
        /** The return address's position in the code, once emitted; -1 before. */
        private int returnAddress = -1;

        public JavaCall(CallTarget target, RegisterValue result, RegisterValue[] arguments, LirFrameState state) {
            super(result == null ? null : new Value[] {result}, values(arguments), null, null);
            if (!state.duringCall()) {
                throw new IllegalArgumentException("a call's state is the state during the call: " + state);
            }
            this.target = target;
            setState(state);
        }

        public CallTarget target() {
            return target;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            returnAddress = e.frame().emitJavaCall(target.method(), target.dispatch(), e.debugInfo(state()), target.unwinds());
        }

        /** The position of the call's return address in the code (after emission). */
        public int returnAddress() {
            if (returnAddress < 0) {
                throw new IllegalStateException("call not emitted yet: " + this);
            }
            return returnAddress;
        }

        @Override
        public String name() {
            return "call " + target;
        }
    }

    /**
     * A leaf of the VM, no debug info (it cannot safepoint or throw): a C function ({@code frem}, the
     * OSR buffer's release) or a stub with the C convention (an array copy stub); the result, if any,
     * in the C convention's register.
     */
    public static final class LeafCall extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        private final long address;
        private final String name;

        public LeafCall(long address, RegisterValue result, RegisterValue[] arguments, RuntimeLeaf function) {
            this(address, result, arguments, function.symbol());
        }

        /** {@code result} null: the leaf returns nothing. */
        public LeafCall(long address, RegisterValue result, RegisterValue[] arguments, String name) {
            super(result == null ? null : new Value[] {result}, values(arguments), null, null);
            this.address = address;
            this.name = name;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.frame().emitCFunctionCall(address);
        }

        @Override
        public String name() {
            return "leafcall " + name;
        }
    }

    /**
     * {@code r = 1} if {@code call} returned through the exception handler entry (the thread's
     * exception pc is the call's return address and an exception is pending there), else 0. Registers
     * the call with the entry.
     */
    public static final class ExceptionCheck extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        private final JavaCall call;

        public ExceptionCheck(AllocatableValue result, JavaCall call) {
            super(new Value[] {result}, null, null, null);
            this.call = call;
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.frame().emitExceptionCheck(register(get(Mode.DEF, 0)), call.returnAddress());
        }

        @Override
        public String name() {
            return "exception check";
        }
    }

    /** {@code r = } the thread's exception oop, then the thread's exception oop and pc cleared. */
    public static final class ExceptionTake extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        public ExceptionTake(AllocatableValue result) {
            super(new Value[] {result}, null, null, null);
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.frame().emitExceptionTake(register(get(Mode.DEF, 0)));
        }

        @Override
        public String name() {
            return "exception take";
        }
    }

    /**
     * The exception, not null, in the return register leaves the frame for the caller's handler
     * ({@link org.ssajit.hotspot.HotSpotFrameBuilder#emitUnwind}); nothing after it runs.
     */
    public static final class Unwind extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        /** @param returnRegister where the frame builder's unwinding expects the exception: the return register of a reference */
        public Unwind(RegisterValue exception, Register returnRegister) {
            super(null, new Value[] {exception}, null, null);
            if (!exception.getRegister().equals(returnRegister)) {
                throw new IllegalArgumentException("the exception is in " + returnRegister + ": " + exception);
            }
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.frame().emitUnwind();
        }

        @Override
        public String name() {
            return "unwind";
        }
    }

    private static Register register(Value v) {
        if (v instanceof RegisterValue r) {
            return r.getRegister();
        }
        throw new IllegalStateException("expected a register, got " + v);
    }
}
