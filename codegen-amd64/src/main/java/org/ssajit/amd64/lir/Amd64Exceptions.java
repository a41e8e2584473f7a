package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * Exceptions caught in compiled code (see {@code org.ssajit.lowering.ExceptionDispatch}): the check
 * after a call and the taking of the exception. The exception handler entry that makes them work is
 * {@link org.ssajit.amd64.hotspot.Amd64FrameBuilder#finish}.
 */
public final class Amd64Exceptions {
    private Amd64Exceptions() {
    }

    /**
     * {@code lea r, [rip + return address of call]; cmp r, [thread's exception pc]; sete; movzx}: 1 if
     * the call returned through the exception handler entry. Registers the call with the entry.
     */
    public static final class Check extends Amd64Op {
        private final Amd64Calls.JavaCall call;

        public Check(AllocatableValue result, Amd64Calls.JavaCall call) {
            super(values(result), null, null, null);
            this.call = call;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            e.frame().emitExceptionCheck(r, call.returnAddress());
        }

        @Override
        public String name() {
            return "exception check";
        }
    }

    /**
     * The exception in rax, not null, leaves the frame for the caller's handler
     * ({@link org.ssajit.amd64.hotspot.Amd64FrameBuilder#emitUnwind}); nothing after it runs.
     */
    public static final class Unwind extends Amd64Op {
        public Unwind(jdk.vm.ci.code.RegisterValue exception) {
            super(null, values(exception), null, null);
            if (!exception.getRegister().equals(jdk.vm.ci.amd64.AMD64.rax)) {
                throw new IllegalArgumentException("the exception is in rax: " + exception);
            }
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.frame().emitUnwind();
        }

        @Override
        public String name() {
            return "unwind";
        }
    }

    /** {@code mov r, [thread's exception oop]}, then the thread's exception oop and pc cleared. */
    public static final class Take extends Amd64Op {
        public Take(AllocatableValue result) {
            super(values(result), null, null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.frame().emitExceptionTake(reg(get(Mode.DEF, 0)));
        }

        @Override
        public String name() {
            return "exception take";
        }
    }

    /**
     * A new implicit exception in rax, created by the VM through ssajit's stub for its kind
     * ({@link org.ssajit.amd64.hotspot.Amd64ExceptionStubs}): the inputs in rsi and rdx (the checked
     * object or stored value; the index and length; the length); for an object, its class loaded into
     * rdx and, for a class cast, the target class into rcx; then the call, with this op's debug info
     * (the state before the bytecode, which the interpreter re-executes if the frame is deoptimized
     * meanwhile). Every register is clobbered.
     */
    public static final class NewException extends Amd64Op {
        private static final jdk.vm.ci.code.Register[] INPUTS = {jdk.vm.ci.amd64.AMD64.rsi, jdk.vm.ci.amd64.AMD64.rdx};
        private final org.ssajit.ir.ImplicitException exception;

        public NewException(org.ssajit.ir.ImplicitException exception, jdk.vm.ci.code.RegisterValue result, jdk.vm.ci.code.RegisterValue[] inputs,
                        org.ssajit.lir.LirFrameState state) {
            super(values(result), inputs.length == 0 ? null : inputs, null, null);
            if (!result.getRegister().equals(jdk.vm.ci.amd64.AMD64.rax)) {
                throw new IllegalArgumentException("the exception is in rax: " + result);
            }
            if (inputs.length != exception.kind().inputs()) {
                throw new IllegalArgumentException(exception + " takes " + exception.kind().inputs() + " inputs, not " + inputs.length);
            }
            for (int k = 0; k < inputs.length; k++) {
                if (!inputs[k].getRegister().equals(INPUTS[k])) {
                    throw new IllegalArgumentException("input " + k + " is in " + INPUTS[k] + ": " + inputs[k]);
                }
            }
            if (exception.targetHub() != null && !(exception.targetHub() instanceof jdk.vm.ci.hotspot.HotSpotMetaspaceConstant m && !m.isCompressed())) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + exception.targetHub());
            }
            if (state == null || state.duringCall()) {
                throw new IllegalArgumentException("the state is the one before the bytecode: " + state);
            }
            this.exception = exception;
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            org.ssajit.amd64.asm.Amd64Assembler asm = e.asm();
            org.ssajit.hotspot.HotSpotVmConfig c = e.config();
            jdk.vm.ci.code.DebugInfo info = e.debugInfo(state());
            if (exception.kind().takesObject()) {
                Amd64Metadata.loadKlass(asm, c, jdk.vm.ci.amd64.AMD64.rdx, jdk.vm.ci.amd64.AMD64.rsi, jdk.vm.ci.amd64.AMD64.rcx);
            }
            if (exception.targetHub() != null) {
                int pc = asm.movabs(jdk.vm.ci.amd64.AMD64.rcx, 0L);
                e.recordPatch(new jdk.vm.ci.code.site.DataPatch(pc, new jdk.vm.ci.code.site.ConstantReference(
                                (jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) exception.targetHub())));
            }
            e.frame().emitForeignCall(org.ssajit.amd64.hotspot.Amd64ExceptionStubs.address(c, exception.kind()), info);
        }

        @Override
        public String name() {
            return "newexception " + exception;
        }
    }
}
