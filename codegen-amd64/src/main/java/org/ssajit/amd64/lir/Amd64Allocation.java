package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.backend.VmCallOps;
import org.ssajit.hotspot.RuntimeStubBuilder.VmResult;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.Value;

/** The VM's allocations (the lowering expanded the inline ones). */
public final class Amd64Allocation {
    private Amd64Allocation() {
    }

    /**
     * A new multi-dimensional array in rax, always from the VM: the dimensions stored as ints at the
     * bottom of the frame (its outgoing-argument area, free between calls), then
     * {@code JVMCIRuntime::new_multi_array_or_null(thread, array class, rank, dims)} through its stub
     * (codegen-core's {@link VmCallOps.StubCall}). No array (an exception, NegativeArraySizeException,
     * or out of memory) deoptimizes to the state before the bytecode, so the interpreter allocates or
     * throws.
     */
    public static final class AllocateMulti extends VmCallOps.StubCall<Amd64CodeEmitter> {
        private final HotSpotMetaspaceConstant hub;

        public AllocateMulti(Constant hub, RegisterValue result, Value[] dimensions, LirFrameState state) {
            super(values(result), dimensions, state, AMD64.rax, "new_multi_array_or_null", c -> c.newMultiArrayOrNull, VmResult.OBJECT);
            if (!(hub instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + hub);
            }
            if (!result.getRegister().equals(AMD64.rax) || dimensions.length == 0) {
                throw new IllegalArgumentException("the result is in rax, and there is a dimension at least: " + result + ", " + dimensions.length);
            }
            this.hub = m;
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK | CONST : REG;
        }

        @Override
        protected void emitArguments(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            int rank = count(Mode.USE);
            for (int k = 0; k < rank; k++) {
                Value d = get(Mode.USE, k);
                Address slot = Address.of(AMD64.rsp, 4 * k);
                if (isConstant(d)) {
                    asm.mov(DWORD, slot, Operands.imm32(d));
                } else if (isRegister(d)) {
                    asm.mov(DWORD, slot, reg(d));
                } else {
                    asm.mov(DWORD, Amd64CodeEmitter.SCRATCH, e.address(d));
                    asm.mov(DWORD, slot, Amd64CodeEmitter.SCRATCH);
                }
            }
            e.loadMetadata(AMD64.rsi, hub);
            asm.mov(DWORD, AMD64.rdx, rank);
            asm.lea(QWORD, AMD64.rcx, Address.of(AMD64.rsp, 0));
        }

        @Override
        public String name() {
            return "allocatemulti " + hub + " rank " + count(Mode.USE);
        }
    }
}
