package org.ssajit.aarch64.lir;

import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64VmCallStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.AllocationShape;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/**
 * The VM's allocations through a {@code JVMCIRuntime} entry called through its stub ({@link #callVm})
 * (the lowering expanded the inline ones).
 */
public final class Aarch64Allocation {
    private Aarch64Allocation() {
    }

    /**
     * A new multi-dimensional array in x0, always from the VM: the dimensions are at the bottom of the
     * frame as ints (the outgoing-argument area, written by moves right before this op), and
     * {@code JVMCIRuntime::new_multi_array_or_null(thread, array class, rank, dims)} runs through its
     * stub ({@link #callVm}) with this op's debug info. No array (an exception,
     * NegativeArraySizeException, or out of memory) deoptimizes to the state before the bytecode, so
     * the interpreter allocates or throws. Every register but x0 is clobbered.
     */
    public static final class AllocateMulti extends Aarch64Op {
        private final HotSpotMetaspaceConstant hub;
        private final int rank;

        public AllocateMulti(jdk.vm.ci.meta.Constant hub, int rank, RegisterValue result, LirFrameState state) {
            super(values(result), null, null, null);
            if (!(hub instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + hub);
            }
            if (!result.getRegister().equals(AArch64.r0) || rank <= 0) {
                throw new IllegalArgumentException("the result is in x0, and there is a dimension at least: " + result + ", " + rank);
            }
            this.hub = m;
            this.rank = rank;
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            DebugInfo callInfo = e.debugInfo(state());
            callVm(e, "new_multi_array_or_null", e.config().newMultiArrayOrNull, Aarch64VmCallStubs.Result.OBJECT, callInfo, trap, () -> {
                e.loadMetadata(AArch64.r1, hub);
                asm.mov(32, AArch64.r2, rank);
                asm.mov(64, AArch64.r3, AArch64.sp);
            });
        }

        @Override
        public String name() {
            return "allocatemulti " + hub + " rank " + rank;
        }
    }

    /**
     * Calls the VM entry {@code target} (named {@code entryName}) through its stub
     * ({@link Aarch64VmCallStubs}, which makes its own frame the thread's last Java frame: the VM may
     * run Java code before it returns) with {@code info}; {@code arguments} sets the entry's arguments
     * after the thread (x1-x3; it may use x8 and x9). The stub's result is in x0: the object, or 0
     * when the entry failed (its exception cleared), which takes {@code trap}.
     */
    static void callVm(Aarch64CodeEmitter e, String entryName, long target, Aarch64VmCallStubs.Result result, DebugInfo info, Label trap,
                    Runnable arguments) {
        arguments.run();
        e.frame().emitForeignCall(Aarch64VmCallStubs.address(e.config(), entryName, target, result), info);
        e.asm().cbz(result == Aarch64VmCallStubs.Result.OBJECT ? 64 : 32, AArch64.r0, trap);
    }
}
