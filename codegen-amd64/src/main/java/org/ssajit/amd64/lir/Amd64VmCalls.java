package org.ssajit.amd64.lir;

import org.ssajit.backend.VmCallOps;
import org.ssajit.ir.VmEntry;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.VMConstant;

/** {@link org.ssajit.ir.Op#VM_CALL} on AMD64 (codegen-core's {@link VmCallOps.VmCall}): the thread in rdi, an object answer in rax. */
public final class Amd64VmCalls {
    /** Where the entry's arguments after the thread go: the C convention's second, third and fourth. */
    static final Register[] ARGUMENTS = {AMD64.rsi, AMD64.rdx, AMD64.rcx};

    private Amd64VmCalls() {
    }

    /** {@link VmCallOps.VmCall} in rax and {@link #ARGUMENTS}. */
    public static final class VmCall extends VmCallOps.VmCall {
        public VmCall(VmEntry entry, RegisterValue result, RegisterValue[] arguments, VMConstant[] metadata, LirFrameState state) {
            super(entry, result, arguments, metadata, state, AMD64.rax, ARGUMENTS);
        }
    }
}
