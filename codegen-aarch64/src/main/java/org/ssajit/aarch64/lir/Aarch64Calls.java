package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;

import org.ssajit.ir.CallTarget;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Calls of Java methods through HotSpot's call sites ({@link org.ssajit.aarch64.hotspot.Aarch64FrameBuilder#emitJavaCall}),
 * calls of the VM's leaf C functions, and the exception check and take after a call whose exceptions
 * compiled handlers catch ({@code org.ssajit.lowering.ExceptionDispatch}).
 */
public final class Aarch64Calls {
    private Aarch64Calls() {
    }

    /**
     * A call of a Java method: arguments in the fixed registers of the Java calling convention (and
     * the outgoing stack area, written by moves before it), the result in x0 or v0, every allocatable
     * register clobbered. Its state is the invoke's during the call; the debug info is recorded at the
     * return address.
     */
    public static final class JavaCall extends Aarch64Op {
        private final CallTarget target;
        /** The return address's position in the code, once emitted; -1 before. */
        private int returnAddress = -1;

        public JavaCall(CallTarget target, RegisterValue result, RegisterValue[] arguments, LirFrameState state) {
            super(result == null ? null : values(result), java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null);
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
        protected void emitCode(Aarch64CodeEmitter e) {
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
     * A leaf of the VM, no debug info (it cannot safepoint or throw): a C function ({@code frem}) or a
     * stub with the C convention (an array copy stub); the result, if any, in the C convention's register.
     */
    public static final class LeafCall extends Aarch64Op {
        private final long address;
        private final String name;

        public LeafCall(long address, RegisterValue result, RegisterValue[] arguments, org.ssajit.ir.RuntimeLeaf function) {
            this(address, result, arguments, function.symbol());
        }

        /** {@code result} null: the leaf returns nothing. */
        public LeafCall(long address, RegisterValue result, RegisterValue[] arguments, String name) {
            super(result == null ? null : values(result), java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null);
            this.address = address;
            this.name = name;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.frame().emitCFunctionCall(address);
        }

        @Override
        public String name() {
            return "leafcall " + name;
        }
    }

    /**
     * {@code r = 1} if the call returned through the exception handler entry (the thread's exception
     * pc is the call's return address and an exception is pending there), else 0. Registers the call
     * with the entry.
     */
    public static final class ExceptionCheck extends Aarch64Op {
        private final JavaCall call;

        public ExceptionCheck(AllocatableValue result, JavaCall call) {
            super(values(result), null, null, null);
            this.call = call;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            e.frame().emitExceptionCheck(r, call.returnAddress());
        }

        @Override
        public String name() {
            return "exception check";
        }
    }

    /**
     * The exception in x0, not null, leaves the frame for the caller's handler
     * ({@link org.ssajit.aarch64.hotspot.Aarch64FrameBuilder#emitUnwind}); nothing after it runs.
     */
    public static final class Unwind extends Aarch64Op {
        public Unwind(RegisterValue exception) {
            super(null, values(exception), null, null);
            if (!exception.getRegister().equals(jdk.vm.ci.aarch64.AArch64.r0)) {
                throw new IllegalArgumentException("the exception is in x0: " + exception);
            }
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.frame().emitUnwind();
        }

        @Override
        public String name() {
            return "unwind";
        }
    }

    /** {@code ldr r, [x28, #exception oop]}, then the thread's exception oop and pc cleared. */
    public static final class ExceptionTake extends Aarch64Op {
        public ExceptionTake(AllocatableValue result) {
            super(values(result), null, null, null);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.frame().emitExceptionTake(reg(get(Mode.DEF, 0)));
        }

        @Override
        public String name() {
            return "exception take";
        }
    }
}
