package org.ssajit.amd64.lir;

import org.ssajit.backend.VmCallOps;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/**
 * Implicit exceptions created in compiled code (the lowering's {@code newexception}, for a failed
 * check whose exception a handler of the same method catches; {@code org.ssajit.lowering.ImplicitThrows}).
 */
public final class Amd64Exceptions {
    /** Where a VM call's arguments after the thread go (this op's, {@code VM_CALL}'s): the C convention's second, third and fourth. */
    static final Register[] VM_ARGUMENTS = {AMD64.rsi, AMD64.rdx, AMD64.rcx};

    private Amd64Exceptions() {
    }

    /** {@link VmCallOps.NewException} in rax, the inputs in rsi and rdx, the classes into rdx and rcx. */
    public static final class NewException extends VmCallOps.NewException<Amd64CodeEmitter> {
        public NewException(ImplicitException exception, RegisterValue result, RegisterValue[] inputs, LirFrameState state) {
            super(exception, result, inputs, state, AMD64.rax, VM_ARGUMENTS);
        }

        /** Through rcx. */
        @Override
        protected void loadKlass(Amd64CodeEmitter e, Register dst, Register object) {
            Amd64Metadata.loadKlass(e.asm(), e.config(), dst, object, AMD64.rcx);
        }
    }
}
