package org.ssajit.aarch64.lir;

import static org.ssajit.lir.LirOperands.values;

import org.ssajit.backend.VmCallOps;
import org.ssajit.hotspot.RuntimeStubBuilder.VmResult;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.Constant;

/** The VM's allocations (the lowering expanded the inline ones). */
public final class Aarch64Allocation {
    private Aarch64Allocation() {
    }

    /**
     * A new multi-dimensional array in x0, always from the VM: the dimensions are at the bottom of the
     * frame as ints (the outgoing-argument area, written by moves right before this op), and
     * {@code JVMCIRuntime::new_multi_array_or_null(thread, array class, rank, dims)} runs through its
     * stub (codegen-core's {@link VmCallOps.StubCall}). No array (an exception,
     * NegativeArraySizeException, or out of memory) deoptimizes to the state before the bytecode, so
     * the interpreter allocates or throws.
     */
    public static final class AllocateMulti extends VmCallOps.StubCall<Aarch64CodeEmitter> {
        private final HotSpotMetaspaceConstant hub;
        private final int rank;

        public AllocateMulti(Constant hub, int rank, RegisterValue result, LirFrameState state) {
            super(values(result), null, state, AArch64.r0, "new_multi_array_or_null", c -> c.newMultiArrayOrNull, VmResult.OBJECT);
            if (!(hub instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + hub);
            }
            if (!result.getRegister().equals(AArch64.r0) || rank <= 0) {
                throw new IllegalArgumentException("the result is in x0, and there is a dimension at least: " + result + ", " + rank);
            }
            this.hub = m;
            this.rank = rank;
        }

        @Override
        protected void emitArguments(Aarch64CodeEmitter e) {
            e.loadMetadata(AArch64.r1, hub);
            e.asm().mov(32, AArch64.r2, rank);
            e.asm().mov(64, AArch64.r3, AArch64.sp);
        }

        @Override
        public String name() {
            return "allocatemulti " + hub + " rank " + rank;
        }
    }
}
