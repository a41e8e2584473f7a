package org.ssajit.amd64.lir;

import org.ssajit.lir.LirOperands;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.hotspot.Amd64VmCallStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.AllocationShape;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/** The VM's allocations (the lowering expanded the inline ones). */
public final class Amd64Allocation {
    private Amd64Allocation() {
    }

    /**
     * A new multi-dimensional array in rax, always from the VM: the dimensions stored as ints at the
     * bottom of the frame (its outgoing-argument area, free between calls), then
     * {@code JVMCIRuntime::new_multi_array_or_null(thread, array class, rank, dims)} through its stub
     * ({@link Amd64VmCallStubs}) with this op's debug info. No array (an exception,
     * NegativeArraySizeException, or out of memory) deoptimizes to the state before the bytecode, so
     * the interpreter allocates or throws. Every register but rax is clobbered.
     */
    public static final class AllocateMulti extends Amd64Op {
        private final HotSpotMetaspaceConstant hub;

        public AllocateMulti(jdk.vm.ci.meta.Constant hub, RegisterValue result, jdk.vm.ci.meta.Value[] dimensions, LirFrameState state) {
            super(values(result), dimensions, null, null);
            if (!(hub instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + hub);
            }
            if (!result.getRegister().equals(AMD64.rax) || dimensions.length == 0) {
                throw new IllegalArgumentException("the result is in rax, and there is a dimension at least: " + result + ", " + dimensions.length);
            }
            this.hub = m;
            setState(state);
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK | CONST : REG;
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
            jdk.vm.ci.code.DebugInfo callInfo = e.debugInfo(state());
            int rank = count(Mode.USE);
            for (int k = 0; k < rank; k++) {
                jdk.vm.ci.meta.Value d = get(Mode.USE, k);
                Address slot = Address.of(AMD64.rsp, 4 * k);
                if (LirOperands.isConstant(d)) {
                    asm.mov(DWORD, slot, Operands.imm32(d));
                } else if (LirOperands.isRegister(d)) {
                    asm.mov(DWORD, slot, LirOperands.reg(d));
                } else {
                    asm.mov(DWORD, Amd64CodeEmitter.SCRATCH, Operands.address(e, d));
                    asm.mov(DWORD, slot, Amd64CodeEmitter.SCRATCH);
                }
            }
            int pc = asm.movabs(AMD64.rsi, 0L);
            e.recordPatch(new DataPatch(pc, new ConstantReference(hub)));
            asm.mov(DWORD, AMD64.rdx, rank);
            asm.lea(QWORD, AMD64.rcx, Address.of(AMD64.rsp, 0));
            e.frame().emitForeignCall(Amd64VmCallStubs.address(c, "new_multi_array_or_null", c.newMultiArrayOrNull, Amd64VmCallStubs.Result.OBJECT), callInfo);
            // Null: an exception (NegativeArraySizeException) the interpreter throws again, or no memory.
            asm.test(QWORD, AMD64.rax, AMD64.rax);
            asm.jcc(Condition.E, trap);
        }

        @Override
        public String name() {
            return "allocatemulti " + hub + " rank " + count(Mode.USE);
        }
    }
}
