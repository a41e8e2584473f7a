package org.ssajit.aarch64.lir;

import org.ssajit.util.CompilerList;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import java.util.List;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.hotspot.ir.RuntimeLeaf;

import jdk.vm.ci.aarch64.AArch64;
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
     * register intact, through a stub of this method per function shared by its call sites
     * ({@code bl}, the arguments in x8 and x9, which the allocator never assigns; lr is not allocatable
     * and the frame saved the caller's lr at entry): the stub saves the registers below
     * ({@value #SAVE_BYTES} bytes), moves x8 and x9 to x0 and x1, calls, restores and returns. A
     * function with a result (x0) returns it in x8, which no restore touches.
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
            Label stub = e.sharedOutOfLine("leaf-call-saving-registers " + function + " " + Long.toHexString(target), () -> emitStub(e, target, n, result));
            Register[] scratch = {SCRATCH1, SCRATCH2};
            for (int k = 0; k < n; k++) {
                asm.mov(64, scratch[k], reg(get(Mode.USE, k)));
            }
            asm.bl(stub);
            if (result) {
                asm.mov(64, reg(get(Mode.DEF, 0)), SCRATCH1);
            }
        }

        @Override
        public String name() {
            return "leafcallsaving " + function.symbol();
        }
    }

    /**
     * The general registers the C convention (AAPCS64) lets a callee clobber and the allocator may hold
     * values in: x0-x7 and x10-x18 (x8 and x9 are scratch; x18 is a temporary on Linux, where HotSpot
     * allocates it; saving it elsewhere is harmless), and lr, which the stub's own call overwrites.
     */
    static final List<Register> C_CALLER_SAVED = CompilerList.of(AArch64.r0, AArch64.r1, AArch64.r2, AArch64.r3, AArch64.r4, AArch64.r5, AArch64.r6, AArch64.r7,
                    AArch64.r10, AArch64.r11, AArch64.r12, AArch64.r13, AArch64.r14, AArch64.r15, AArch64.r16, AArch64.r17, AArch64.r18, AArch64.r30);
    /**
     * The SIMD registers whose low 64 bits (all a Java float or double uses) a C callee may clobber:
     * v0-v7 and v16-v31 (it keeps the low halves of v8-v15).
     */
    static final List<Register> C_CALLER_SAVED_SIMD = CompilerList.of(AArch64.v0, AArch64.v1, AArch64.v2, AArch64.v3, AArch64.v4, AArch64.v5, AArch64.v6, AArch64.v7,
                    AArch64.v16, AArch64.v17, AArch64.v18, AArch64.v19, AArch64.v20, AArch64.v21, AArch64.v22, AArch64.v23, AArch64.v24, AArch64.v25,
                    AArch64.v26, AArch64.v27, AArch64.v28, AArch64.v29, AArch64.v30, AArch64.v31);
    /** Bytes the stub takes below sp for them (a multiple of 16: sp stays aligned). */
    static final int SAVE_BYTES = 8 * (C_CALLER_SAVED.size() + C_CALLER_SAVED_SIMD.size());

    private static void emitStub(Aarch64CodeEmitter e, long target, int n, boolean result) {
        Aarch64Assembler asm = e.asm();
        if (SAVE_BYTES % 16 != 0 || C_CALLER_SAVED.size() % 2 != 0 || C_CALLER_SAVED_SIMD.size() % 2 != 0) {
            throw new IllegalStateException("the register save area must be pairs and keep sp 16-byte aligned");
        }
        asm.sub(64, AArch64.sp, AArch64.sp, SAVE_BYTES);
        saveOrRestore(asm, true);
        Register[] scratch = {SCRATCH1, SCRATCH2};
        Register[] c = {AArch64.r0, AArch64.r1};
        for (int k = 0; k < n; k++) {
            asm.mov(64, c[k], scratch[k]);
        }
        e.frame().emitCFunctionCall(target);
        if (result) {
            asm.mov(64, SCRATCH1, AArch64.r0);
        }
        saveOrRestore(asm, false);
        asm.add(64, AArch64.sp, AArch64.sp, SAVE_BYTES);
        asm.ret();
    }

    private static void saveOrRestore(Aarch64Assembler asm, boolean save) {
        int offset = 0;
        for (List<Register> regs : CompilerList.of(C_CALLER_SAVED, C_CALLER_SAVED_SIMD)) {
            for (int k = 0; k < regs.size(); k += 2, offset += 16) {
                if (save) {
                    asm.stp(64, regs.get(k), regs.get(k + 1), Address.of(AArch64.sp, offset));
                } else {
                    asm.ldp(64, regs.get(k), regs.get(k + 1), Address.of(AArch64.sp, offset));
                }
            }
        }
    }
}
