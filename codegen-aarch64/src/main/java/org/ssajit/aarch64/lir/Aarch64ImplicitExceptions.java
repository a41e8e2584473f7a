package org.ssajit.aarch64.lir;

import org.ssajit.backend.VmCallOps;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/**
 * Implicit exceptions created in compiled code (the lowering's {@code newexception}, for a failed
 * check whose exception a handler of the same method catches; {@code org.ssajit.lowering.ImplicitThrows}).
 */
public final class Aarch64ImplicitExceptions {
    /** Where a VM call's arguments after the thread go (this op's, {@code VM_CALL}'s): the C convention's second, third and fourth. */
    static final Register[] VM_ARGUMENTS = {AArch64.r1, AArch64.r2, AArch64.r3};

    private Aarch64ImplicitExceptions() {
    }

    /** Where the op takes its inputs: the object, or the index and length, or the length. */
    static final Register[] INPUTS = {AArch64.r1, AArch64.r2};

    /** {@link VmCallOps.NewException} in x0, the inputs in x1 and x2, the classes into x2 and x3 (a metadata data patch). */
    public static final class NewException extends VmCallOps.NewException<Aarch64CodeEmitter> {
        public NewException(ImplicitException exception, RegisterValue result, RegisterValue[] inputs, LirFrameState state) {
            super(exception, result, inputs, state, AArch64.r0, VM_ARGUMENTS);
        }

        /** Through x8. */
        @Override
        protected void loadKlass(Aarch64CodeEmitter e, Register dst, Register object) {
            Aarch64Metadata.loadKlass(e.asm(), e.config(), dst, object);
        }
    }
}
