package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.backend.CheckOps;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.meta.Value;

/** The checks on AMD64 (codegen-core's {@link CheckOps}): a compare or test, then {@code jcc} to the trap. */
public final class Amd64Checks {
    private Amd64Checks() {
    }

    /** {@code test r, r} (or {@code cmp qword [slot], 0}); {@code je trap}. */
    public static final class NullCheck extends CheckOps.NullCheck<Amd64CodeEmitter> {
        public NullCheck(Value object, LirFrameState state, Deopt deopt) {
            super(object, state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            testZero(e, QWORD, get(Mode.USE, 0));
            e.asm().jcc(Condition.E, trap(e));
        }
    }

    /** {@code test r, r} (or {@code cmp [slot], 0}) of the value's width; {@code je trap}. */
    public static final class ZeroCheck extends CheckOps.ZeroCheck<Amd64CodeEmitter> {
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
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            testZero(e, size(get(Mode.USE, 0)), get(Mode.USE, 0));
            e.asm().jcc(Condition.E, trap(e));
        }
    }

    /** {@code test r32, r32} (or {@code cmp dword [slot], 0}); {@code jl trap}. */
    public static final class NegativeCheck extends CheckOps.NegativeCheck<Amd64CodeEmitter> {
        public NegativeCheck(Value length, LirFrameState state, Deopt deopt) {
            super(length, state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            testZero(e, DWORD, get(Mode.USE, 0));
            e.asm().jcc(Condition.L, trap(e));
        }
    }

    /** {@code cmp x, y; jne trap}. */
    public static final class SameCheck extends CheckOps.SameCheck<Amd64CodeEmitter> {
        public SameCheck(Value x, Value y, LirFrameState state, Deopt deopt) {
            super(x, y, state, deopt);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.asm().alu(AluOp.CMP, QWORD, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)));
            e.asm().jcc(Condition.NE, trap(e));
        }
    }

    /** {@code cmp index, dword [array + length]; jae trap}; a constant index: {@code cmp dword [array + length], c; jbe trap}. */
    public static final class BoundsCheck extends CheckOps.BoundsCheck<Amd64CodeEmitter> {
        public BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, Deopt deopt, boolean checksNull) {
            super(array, index, lengthOffset, state, deopt, checksNull);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Address length = Address.of(reg(get(Mode.USE, 0)), lengthOffset);
            Value index = get(Mode.USE, 1);
            if (checksNull) {
                e.implicitNullCheck(state());
            }
            if (isConstant(index)) {
                asm.alu(AluOp.CMP, DWORD, length, imm32(index));
                asm.jcc(Condition.BE, trap(e));
            } else {
                asm.alu(AluOp.CMP, DWORD, reg(index), length);
                asm.jcc(Condition.AE, trap(e));
            }
        }
    }

    /** {@code cmp length, index; jbe trap}, the length in a register or a stack slot. */
    public static final class LengthCheck extends CheckOps.LengthCheck<Amd64CodeEmitter> {
        public LengthCheck(Value index, Value length, LirFrameState state, Deopt deopt) {
            super(index, length, state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG | CONST : REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Compares.compare(e, DWORD, get(Mode.USE, 1), get(Mode.USE, 0));
            e.asm().jcc(Condition.BE, trap(e));
        }
    }

    static void testZero(Amd64CodeEmitter e, OperandSize size, Value v) {
        if (isRegister(v)) {
            e.asm().test(size, reg(v), reg(v));
        } else {
            e.asm().alu(AluOp.CMP, size, e.address(v), 0);
        }
    }
}
