package org.ssajit.aarch64.lir;

import org.ssajit.backend.VmCallOps;
import org.ssajit.ir.VmEntry;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.VMConstant;

/** {@link org.ssajit.ir.Op#VM_CALL} on AArch64 (codegen-core's {@link VmCallOps.VmCall}): the thread in x0, an object answer in x0. */
public final class Aarch64VmCalls {
    /** Where the entry's arguments after the thread go: the C convention's second, third and fourth. */
    static final Register[] ARGUMENTS = {AArch64.r1, AArch64.r2, AArch64.r3};

    private Aarch64VmCalls() {
    }

    /** {@link VmCallOps.VmCall} in x0 and {@link #ARGUMENTS}. */
    public static final class VmCall extends VmCallOps.VmCall {
        public VmCall(VmEntry entry, RegisterValue result, RegisterValue[] arguments, VMConstant[] metadata, LirFrameState state) {
            super(entry, result, arguments, metadata, state, AArch64.r0, ARGUMENTS);
        }
    }
}
