package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.ir.Op;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * Java's primitive conversions, one instruction each: AArch64's {@code fcvtzs} rounds toward zero,
 * saturates and turns NaN into 0, exactly as {@code f2i}, {@code f2l}, {@code d2i} and {@code d2l} do;
 * {@code fmov} between a general and a SIMD&FP register moves a float's or double's bits unchanged.
 */
public final class Aarch64Conversions {
    private Aarch64Conversions() {
    }

    public static final class Convert extends Aarch64Op {
        private final Op op;

        public Convert(Op op, AllocatableValue result, AllocatableValue x) {
            super(values(result), values(x), null, null);
            this.op = op;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            switch (op) {
                case I2L -> asm.sxtw(r, x);
                case L2I -> asm.mov(32, r, x);
                case I2B -> asm.sxtb(32, r, x);
                case I2C -> asm.uxth(r, x);
                case I2S -> asm.sxth(32, r, x);
                case I2F -> asm.scvtf(32, 32, r, x);
                case I2D -> asm.scvtf(64, 32, r, x);
                case L2F -> asm.scvtf(32, 64, r, x);
                case L2D -> asm.scvtf(64, 64, r, x);
                case F2D -> asm.fcvt(64, 32, r, x);
                case D2F -> asm.fcvt(32, 64, r, x);
                case F2I -> asm.fcvtzs(32, 32, r, x);
                case F2L -> asm.fcvtzs(64, 32, r, x);
                case D2I -> asm.fcvtzs(32, 64, r, x);
                case D2L -> asm.fcvtzs(64, 64, r, x);
                // The raw bits between a general and a SIMD&FP register: fmov keeps every bit.
                case F2I_RAW, I2F_RAW -> asm.fmov(32, r, x);
                case D2L_RAW, L2D_RAW -> asm.fmov(64, r, x);
                default -> throw new IllegalStateException("not a conversion: " + op);
            }
        }

        @Override
        public String name() {
            return op.mnemonic();
        }
    }
}
