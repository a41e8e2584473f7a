package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.hotspot.ir.RuntimeLeaf;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.Value;

/**
 * The call of the collector's barrier slow paths (the lowering expands the barriers,
 * {@code lowering.G1BarrierExpansion}), which saves and restores every register the C convention
 * lets the callee clobber, so that for the register allocator it clobbers nothing.
 */
public final class Aarch64Barriers {
    private Aarch64Barriers() {
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#LEAF_CALL_SAVING}: leaf C function {@code target(a0[, a1])} with every
     * register intact, through the VM's one stub for the function (codegen-core's
     * {@code RuntimeStubBuilder.leafCallSavingStub}, {@code Aarch64RuntimeStubs}), called through lr
     * with the arguments in x8 and x9, which the allocator never assigns (lr is not allocatable and the
     * frame saved the caller's lr at entry): the stub saves the registers C may clobber, moves x8 and x9
     * to x0 and x1, calls, restores and returns. A function with a result (x0) returns it in x8, which
     * no restore touches.
     */
    public static final class LeafCallSaving extends Aarch64Op {
        private final long target;
        private final RuntimeLeaf function;

        public LeafCallSaving(long target, RuntimeLeaf function, Value result, Value[] arguments) {
            super(result == null ? null : new Value[] {result}, arguments, null, null);
            if (arguments.length > 2) {
                throw new IllegalArgumentException(function + ": more than two arguments");
            }
            if ((result != null) != (function.resultKind() != jdk.vm.ci.meta.JavaKind.Void)) {
                throw new IllegalArgumentException(function + ": a result needs the function's result kind");
            }
            this.target = target;
            this.function = function;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            int n = count(Mode.USE);
            boolean result = count(Mode.DEF) != 0;
            long stub = e.frame().leafCallSavingStub(function.symbol(), target, n, result);
            Register[] scratch = {SCRATCH1, SCRATCH2};
            for (int k = 0; k < n; k++) {
                asm.mov(64, scratch[k], reg(get(Mode.USE, k)));
            }
            e.frame().emitLeafCallSavingStubCall(stub);
            if (result) {
                asm.mov(64, reg(get(Mode.DEF, 0)), SCRATCH1);
            }
        }

        @Override
        public String name() {
            return "leafcallsaving " + function.symbol();
        }
    }
}
