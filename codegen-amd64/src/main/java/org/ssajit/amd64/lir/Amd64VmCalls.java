package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.hotspot.Amd64VmCallStubs;
import org.ssajit.backend.VmCallOperands;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.VmEntry;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.VMConstant;

/** {@link org.ssajit.ir.Op#VM_CALL}: a VM entry called through its stub with a frame state. */
public final class Amd64VmCalls {
    /** Where the entry's arguments after the thread go: the C convention's second, third and fourth. */
    static final Register[] ARGUMENTS = {AMD64.rsi, AMD64.rdx, AMD64.rcx};

    private Amd64VmCalls() {
    }

    /**
     * The VM entry called through its stub ({@link Amd64VmCallStubs}: the thread in rdi, the compiled
     * frame the last Java frame, the entry's object taken from the thread) with this op's debug info;
     * the arguments already in {@link #ARGUMENTS}, an object answer in rax. A failed entry (null, or a
     * status of 0: the stub has dropped the exception) deoptimizes to the state. Every register is
     * clobbered (the op destroys them all, as a call).
     */
    public static final class VmCall extends Amd64Op {
        private final VmEntry entry;
        /** The class-metadata constants this op loads into their argument's register itself (null: a used register). */
        private final VMConstant[] metadata;

        /** {@code metadata[k]} non-null: argument {@code k} is that constant, loaded by this op, not a use. */
        public VmCall(VmEntry entry, RegisterValue result, RegisterValue[] arguments, VMConstant[] metadata, LirFrameState state) {
            super(result == null ? null : values(result), VmCallOperands.uses(arguments, metadata), null, null);
            VmCallOperands.check(entry, result, AMD64.rax, arguments, ARGUMENTS, state);
            this.entry = entry;
            this.metadata = metadata.clone();
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            for (int k = 0; k < metadata.length; k++) {
                if (metadata[k] != null) {
                    int pc = asm.movabs(ARGUMENTS[k], 0L);
                    e.recordPatch(new DataPatch(pc, new ConstantReference(metadata[k])));
                }
            }
            boolean object = entry.resultKind() == JavaKind.Object;
            e.frame().emitForeignCall(Amd64VmCallStubs.address(c, entry.stubName(), c.vmEntry(entry), object ? Amd64VmCallStubs.Result.OBJECT : Amd64VmCallStubs.Result.STATUS),
                            e.debugInfo(state()));
            asm.test(object ? QWORD : DWORD, AMD64.rax, AMD64.rax);
            asm.jcc(Condition.E, trap);
        }

        @Override
        public String name() {
            return "vmcall " + entry.stubName();
        }
    }
}
