package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

/**
 * Implicit exceptions created in compiled code (the lowering's {@code newexception}, for a failed
 * check whose exception a handler of the same method catches; {@code org.ssajit.lowering.ImplicitThrows}).
 */
public final class Amd64Exceptions {
    private Amd64Exceptions() {
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
