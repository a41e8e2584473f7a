package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.DWORD;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.ir.Deopt;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.meta.Value;

/**
 * The lowering's checks ({@code nullcheck}, {@code zerocheck}, {@code boundscheck}) and
 * deoptimizations. Each carries the frame state before its bytecode and the lowering's {@link Deopt}
 * (reason and action); when the check fails it jumps to an out-of-line uncommon trap, the frame is
 * deoptimized and the interpreter re-executes the bytecode, which throws.
 */
public final class Amd64Checks {
    private Amd64Checks() {
    }

    /** Base: one state, one trap reason and action. */
    abstract static class Check extends Amd64Op {
        private final Deopt deopt;

        Check(Value[] uses, LirFrameState state, Deopt deopt) {
            super(null, uses, null, null);
            this.deopt = deopt;
            setState(state);
        }

        void jumpToTrapIf(Amd64CodeEmitter e, Condition cc) {
            e.asm().jcc(cc, e.trap(state(), deopt.reason(), deopt.action()));
        }
    }

    /** {@code test r, r} (or {@code cmp qword [slot], 0}); {@code je trap}: NullPointerException. */
    public static final class NullCheck extends Check {
        public NullCheck(Value object, LirFrameState state, Deopt deopt) {
            super(values(object), state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            testZero(e, OperandSize.QWORD, get(Mode.USE, 0));
            jumpToTrapIf(e, Condition.E);
        }

        @Override
        public String name() {
            return "nullcheck";
        }
    }

    /**
     * {@code test r, r} (or {@code cmp [slot], 0}); {@code je trap}: a divisor of 0 (ArithmeticException),
     * or as a {@link #guard} a failed condition (a checkcast: ClassCastException).
     */
    public static final class ZeroCheck extends Check {
        private final String name;

        public ZeroCheck(Value divisor, LirFrameState state, Deopt deopt) {
            this(divisor, state, deopt, "zerocheck");
        }

        private ZeroCheck(Value value, LirFrameState state, Deopt deopt, String name) {
            super(values(value), state, deopt);
            this.name = name;
        }

        /** The lowering's {@code guard}: deoptimizes when the int condition is 0. */
        public static ZeroCheck guard(Value condition, LirFrameState state, Deopt deopt) {
            return new ZeroCheck(condition, state, deopt, "guard");
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            testZero(e, size(get(Mode.USE, 0)), get(Mode.USE, 0));
            jumpToTrapIf(e, Condition.E);
        }

        @Override
        public String name() {
            return name;
        }
    }

    /** {@code test r32, r32} (or {@code cmp dword [slot], 0}); {@code jl trap}: a negative array length. */
    public static final class NegativeCheck extends Check {
        public NegativeCheck(Value length, LirFrameState state, Deopt deopt) {
            super(values(length), state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            testZero(e, OperandSize.DWORD, get(Mode.USE, 0));
            jumpToTrapIf(e, Condition.L);
        }

        @Override
        public String name() {
            return "negativecheck";
        }
    }

    /** {@code cmp x, y; jne trap}: deoptimizes unless the two references are the same object. */
    public static final class SameCheck extends Check {
        public SameCheck(Value x, Value y, LirFrameState state, Deopt deopt) {
            super(values(x, y), state, deopt);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.asm().alu(org.ssajit.amd64.asm.AluOp.CMP, org.ssajit.amd64.asm.OperandSize.QWORD, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)));
            jumpToTrapIf(e, Condition.NE);
        }

        @Override
        public String name() {
            return "samecheck";
        }
    }

    /**
     * {@code cmp index, dword [array + length]; jae trap}: one unsigned compare catches a negative
     * index too (ArrayIndexOutOfBoundsException). A constant index: {@code cmp dword [array +
     * length], c; jbe trap}.
     */
    public static final class BoundsCheck extends Check {
        private final int lengthOffset;
        private final boolean checksNull;

        /**
         * With {@code checksNull} the compare's read of the length is also the array's null check, an
         * implicit one: on a null array it faults and HotSpot deoptimizes to the same state.
         */
        public BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, Deopt deopt, boolean checksNull) {
            super(values(array, index), state, deopt);
            if (checksNull && (lengthOffset < 0 || lengthOffset >= Amd64Memory.IMPLICIT_NULL_CHECK_LIMIT)) {
                throw new IllegalArgumentException("length offset " + lengthOffset + " cannot check null");
            }
            this.lengthOffset = lengthOffset;
            this.checksNull = checksNull;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG : REG | CONST;
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
                jumpToTrapIf(e, Condition.BE);
            } else {
                asm.alu(AluOp.CMP, DWORD, reg(index), length);
                jumpToTrapIf(e, Condition.AE);
            }
        }

        @Override
        public String name() {
            return checksNull ? "boundscheck (null check)" : "boundscheck";
        }
    }

    /**
     * A bounds check against a length computed before ({@link org.ssajit.ir.Instruction#checkedLength},
     * typically before the loop): {@code cmp length, index; jbe trap} (unsigned: a negative index
     * fails too). The length is 0 for a null array, so the check fails for it as well and the access
     * needs no null check: the interpreter re-executes the bytecode and throws whichever exception it
     * throws.
     */
    public static final class LengthCheck extends Check {
        public LengthCheck(Value index, Value length, LirFrameState state, Deopt deopt) {
            super(values(index, length), state, deopt);
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG | CONST : REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Compares.compare(e, DWORD, get(Mode.USE, 1), get(Mode.USE, 0));
            jumpToTrapIf(e, Condition.BE);
        }

        @Override
        public String name() {
            return "boundscheck (length)";
        }
    }

    static void testZero(Amd64CodeEmitter e, OperandSize size, Value v) {
        if (isRegister(v)) {
            e.asm().test(size, reg(v), reg(v));
        } else {
            e.asm().alu(AluOp.CMP, size, e.address(v), 0);
        }
    }

    /**
     * An unconditional uncommon trap (the lowering's {@code deoptimize}: an unresolved constant-pool
     * entry, a class not initialized yet): the interpreter resolves or initializes (or throws the
     * linkage error), with the action the lowering chose.
     */
    public static final class Deoptimize extends Amd64Op {
        private final Deopt deopt;

        public Deoptimize(LirFrameState state, Deopt deopt) {
            super(null, null, null, null);
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.deoptimize(state(), deopt.reason(), deopt.action());
        }

        @Override
        public String name() {
            return "deoptimize " + deopt.reason() + " " + deopt.action();
        }
    }
}
