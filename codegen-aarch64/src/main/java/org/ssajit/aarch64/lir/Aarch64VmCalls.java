package org.ssajit.aarch64.lir;

import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64VmCallStubs;
import org.ssajit.backend.VmCallOperands;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.VmEntry;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.VMConstant;

/** {@link org.ssajit.ir.Op#VM_CALL}: a VM entry called through its stub with a frame state. */
public final class Aarch64VmCalls {
    /** Where the entry's arguments after the thread go: the C convention's second, third and fourth. */
    static final Register[] ARGUMENTS = {AArch64.r1, AArch64.r2, AArch64.r3};

    private Aarch64VmCalls() {
    }

    /**
     * The VM entry called through its stub ({@link Aarch64Allocation#callVm}: the thread in x0, the
     * compiled frame the last Java frame, the entry's object taken from the thread) with this op's
     * debug info; the arguments already in {@link #ARGUMENTS}, an object answer in x0. A failed entry
     * (null, or a status of 0: the stub has dropped the exception) deoptimizes to the state. Every
     * register is clobbered (the op destroys them all, as a call).
     */
    public static final class VmCall extends Aarch64Op {
        private final VmEntry entry;
        /** The class-metadata constants this op loads into their argument's register itself (null: a used register). */
        private final VMConstant[] metadata;

        /** {@code metadata[k]} non-null: argument {@code k} is that constant, loaded by this op, not a use. */
        public VmCall(VmEntry entry, RegisterValue result, RegisterValue[] arguments, VMConstant[] metadata, LirFrameState state) {
            super(result == null ? null : values(result), VmCallOperands.uses(arguments, metadata), null, null);
            VmCallOperands.check(entry, result, AArch64.r0, arguments, ARGUMENTS, state);
            this.entry = entry;
            this.metadata = metadata.clone();
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            for (int k = 0; k < metadata.length; k++) {
                if (metadata[k] != null) {
                    e.loadMetadata(ARGUMENTS[k], metadata[k]);
                }
            }
            boolean object = entry.resultKind() == JavaKind.Object;
            Aarch64Allocation.callVm(e, entry.stubName(), c.vmEntry(entry), object ? Aarch64VmCallStubs.Result.OBJECT : Aarch64VmCallStubs.Result.STATUS,
                            e.debugInfo(state()), trap, () -> {
                            });
        }

        @Override
        public String name() {
            return "vmcall " + entry.stubName();
        }
    }
}
