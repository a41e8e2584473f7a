package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.hotspot.ir.RuntimeLeaf;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Reference stores: compressing the stored reference, and the call of the collector's barrier slow
 * paths (the lowering expands the barriers, {@code lowering.G1BarrierExpansion}), which saves and
 * restores every register the C convention lets the callee clobber, so that for the register
 * allocator it clobbers nothing.
 */
public final class Amd64Barriers {
    private Amd64Barriers() {
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#COMPRESS}: {@code narrow = ref == null ? 0 : (ref - base) >> shift}, in
     * the result's 64-bit register (its upper half zero). Without a base, null gives 0 by itself.
     */
    public static final class Compress extends Amd64Op {
        private final NarrowEncoding narrow;

        public Compress(AllocatableValue result, AllocatableValue reference, NarrowEncoding narrow) {
            super(values(result), values(reference), null, null);
            this.narrow = narrow;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register ref = reg(get(Mode.USE, 0));
            if (!r.equals(ref)) {
                asm.mov(QWORD, r, ref);
            }
            Label done = new Label("compress-null");
            if (narrow.base() != 0) {
                asm.test(QWORD, r, r);
                asm.jcc(Condition.E, done);
                asm.mov(QWORD, SCRATCH, narrow.base());
                asm.alu(AluOp.SUB, QWORD, r, SCRATCH);
            }
            if (narrow.shift() != 0) {
                asm.shift(ShiftOp.SHR, QWORD, r, narrow.shift());
            }
            asm.bind(done);
        }

        @Override
        public String name() {
            return "compress " + narrow;
        }
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#LEAF_CALL_SAVING}: leaf C function {@code target(arguments...)} with every
     * register intact, through the VM's one stub for the function (codegen-core's
     * {@code RuntimeStubBuilder.leafCallSavingStub}, {@code Amd64RuntimeStubs}). The arguments (in
     * registers, any of them) are pushed, last first, with a pad word to an even count (rsp stays
     * 16-byte aligned); the stub saves xmm0-15 and the general registers C may clobber, loads the C
     * argument registers from the pushed words, calls, restores and returns; the call site drops the
     * pushed words. A function with a result (rax) returns it in the first argument's word, which the
     * call site reads before it drops them. Nothing in this frame can safepoint meanwhile, so the words
     * below the frame's body are seen by no stack walk.
     */
    public static final class LeafCallSaving extends Amd64Op {
        private final long target;
        private final RuntimeLeaf function;

        public LeafCallSaving(long target, RuntimeLeaf function, Value result, Value[] arguments) {
            super(result == null ? null : new Value[] {result}, arguments, null, null);
            if (arguments.length > org.ssajit.amd64.hotspot.Amd64RuntimeStubs.LEAF_CALL_ARGUMENTS) {
                throw new IllegalArgumentException(function + ": more arguments than C passes in registers");
            }
            if ((result != null) != (function.resultKind() != jdk.vm.ci.meta.JavaKind.Void) || result != null && arguments.length == 0) {
                throw new IllegalArgumentException(function + ": a result needs the function's result kind and an argument's word");
            }
            this.target = target;
            this.function = function;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            int n = count(Mode.USE);
            int words = n + (n & 1);
            boolean result = count(Mode.DEF) != 0;
            long stub = e.frame().leafCallSavingStub(function.symbol(), target, n, result);
            if (words != n) {
                asm.alu(AluOp.SUB, QWORD, AMD64.rsp, 8);
            }
            for (int k = n - 1; k >= 0; k--) {
                asm.push(reg(get(Mode.USE, k)));
            }
            e.frame().emitLeafCallSavingStubCall(stub);
            if (result) {
                asm.mov(QWORD, reg(get(Mode.DEF, 0)), Address.of(AMD64.rsp, 0));
            }
            asm.alu(AluOp.ADD, QWORD, AMD64.rsp, 8 * words);
        }

        @Override
        public String name() {
            return "leafcallsaving " + function.symbol();
        }
    }
}
