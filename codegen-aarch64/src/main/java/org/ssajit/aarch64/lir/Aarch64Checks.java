package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.backend.CheckOps;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.Value;

/** The checks on AArch64 (codegen-core's {@link CheckOps}): {@code cbz}, or a compare and {@code b.cond}, to the trap. */
public final class Aarch64Checks {
    private Aarch64Checks() {
    }

    /** {@code cbz x, trap}. */
    public static final class NullCheck extends CheckOps.NullCheck<Aarch64CodeEmitter> {
        public NullCheck(Value object, LirFrameState state, Deopt deopt) {
            super(object, state, deopt);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().cbz(64, reg(get(Mode.USE, 0)), trap(e));
        }
    }

    /** {@code cbz r, trap} of the value's width. */
    public static final class ZeroCheck extends CheckOps.ZeroCheck<Aarch64CodeEmitter> {
        public ZeroCheck(Value divisor, LirFrameState state, Deopt deopt) {
            super(divisor, state, deopt, false);
        }

        private ZeroCheck(Value condition, LirFrameState state, Deopt deopt, boolean guard) {
            super(condition, state, deopt, guard);
        }

        /** The lowering's {@code guard}: deoptimizes when the int condition is 0. */
        public static ZeroCheck guard(Value condition, LirFrameState state, Deopt deopt) {
            return new ZeroCheck(condition, state, deopt, true);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Value v = get(Mode.USE, 0);
            e.asm().cbz(size(v), reg(v), trap(e));
        }
    }

    /**
     * {@code cmp w, #0; b.lt trap}. (Not {@code tbnz w, #31}: it reaches only 32 KiB, and the trap stubs
     * follow the whole method body.)
     */
    public static final class NegativeCheck extends CheckOps.NegativeCheck<Aarch64CodeEmitter> {
        public NegativeCheck(Value length, LirFrameState state, Deopt deopt) {
            super(length, state, deopt);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().cmp(32, reg(get(Mode.USE, 0)), 0);
            e.asm().b(Condition.LT, trap(e));
        }
    }

    /** {@code cmp x, y; b.ne trap}. */
    public static final class SameCheck extends CheckOps.SameCheck<Aarch64CodeEmitter> {
        public SameCheck(Value x, Value y, LirFrameState state, Deopt deopt) {
            super(x, y, state, deopt);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().cmp(64, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)));
            e.asm().b(Condition.NE, trap(e));
        }
    }

    /**
     * {@code ldr w8, [array, #length]; cmp index, w8; b.hs trap}; a constant index: {@code cmp w8, #c;
     * b.ls trap}. With {@code checksNull} the length's load is the implicit null check.
     */
    public static final class BoundsCheck extends CheckOps.BoundsCheck<Aarch64CodeEmitter> {
        public BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, Deopt deopt, boolean checksNull) {
            super(array, index, lengthOffset, state, deopt, checksNull);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register length = Aarch64CodeEmitter.SCRATCH1;
            if (checksNull) {
                e.implicitNullCheck(state());
            }
            asm.ldr(32, length, Address.of(reg(get(Mode.USE, 0)), lengthOffset));
            Value index = get(Mode.USE, 1);
            if (isConstant(index)) {
                // Unsigned: a negative constant is above every length.
                Aarch64Compares.compare(asm, 32, length, index);
                asm.b(Condition.LS, trap(e));
            } else {
                asm.cmp(32, reg(index), length);
                asm.b(Condition.HS, trap(e));
            }
        }
    }

    /** {@code cmp index, length; b.hs trap}; a negative constant index: {@code b trap}. */
    public static final class LengthCheck extends CheckOps.LengthCheck<Aarch64CodeEmitter> {
        public LengthCheck(Value index, Value length, LirFrameState state, Deopt deopt) {
            super(index, length, state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Value index = get(Mode.USE, 0);
            Register length = reg(get(Mode.USE, 1));
            if (isConstant(index)) {
                long c = (int) integer(index);
                if (c < 0) {
                    asm.b(trap(e));
                    return;
                }
                Aarch64Compares.compare(asm, 32, length, index);
                asm.b(Condition.LS, trap(e));
            } else {
                asm.cmp(32, reg(index), length);
                asm.b(Condition.HS, trap(e));
            }
        }
    }
}
