package org.ssajit.aarch64.lir;

import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.hotspot.Aarch64ExceptionStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.ImplicitException;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;

/**
 * Implicit exceptions created in compiled code (the lowering's {@code newexception}, for a failed
 * check whose exception a handler of the same method catches; {@code org.ssajit.lowering.ImplicitThrows}).
 */
public final class Aarch64ImplicitExceptions {
    private Aarch64ImplicitExceptions() {
    }

    /** Where the op takes its inputs: the object, or the index and length, or the length. */
    static final Register[] INPUTS = {AArch64.r1, AArch64.r2};

    /**
     * A new implicit exception in x0, created by the VM through ssajit's stub for its kind
     * ({@link Aarch64ExceptionStubs}): the inputs in x1 and x2 (the checked object or stored value; the
     * index and length; the length); for an object, its class loaded into x2 and, for a class cast,
     * the target class into x3 (a metadata data patch); then {@code movz/movk/movk x8, stub; blr x8}
     * with this op's debug info (the state before the bytecode, which the interpreter re-executes if
     * the frame is deoptimized meanwhile). Every register is clobbered.
     */
    public static final class NewException extends Aarch64Op {
        private final ImplicitException exception;

        public NewException(ImplicitException exception, RegisterValue result, RegisterValue[] inputs, LirFrameState state) {
            super(values(result), inputs.length == 0 ? null : java.util.Arrays.copyOf(inputs, inputs.length, jdk.vm.ci.meta.Value[].class), null, null);
            if (!result.getRegister().equals(AArch64.r0)) {
                throw new IllegalArgumentException("the exception is in x0: " + result);
            }
            if (inputs.length != exception.kind().inputs()) {
                throw new IllegalArgumentException(exception + " takes " + exception.kind().inputs() + " inputs, not " + inputs.length);
            }
            for (int k = 0; k < inputs.length; k++) {
                if (!inputs[k].getRegister().equals(INPUTS[k])) {
                    throw new IllegalArgumentException("input " + k + " is in " + INPUTS[k] + ": " + inputs[k]);
                }
            }
            if (exception.targetHub() != null && !(exception.targetHub() instanceof HotSpotMetaspaceConstant m && !m.isCompressed())) {
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
        protected void emitCode(Aarch64CodeEmitter e) {
            HotSpotVmConfig c = e.config();
            DebugInfo info = e.debugInfo(state());
            if (exception.kind().takesObject()) {
                Aarch64Metadata.loadKlass(e.asm(), c, AArch64.r2, AArch64.r1);
            }
            if (exception.targetHub() != null) {
                e.loadMetadata(AArch64.r3, (HotSpotMetaspaceConstant) exception.targetHub());
            }
            e.frame().emitForeignCall(Aarch64ExceptionStubs.address(c, exception.kind()), info);
        }

        @Override
        public String name() {
            return "newexception " + exception;
        }
    }
}
