package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;

import static org.ssajit.amd64.asm.OperandSize.DWORD;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.Value;

/**
 * The checks that guard Java's exceptional cases. Each carries the frame state before its bytecode;
 * when the check fails it jumps to an out-of-line uncommon trap, the frame is deoptimized and the
 * interpreter re-executes the bytecode, which throws. {@link DeoptimizationAction#None}: the code
 * stays installed and is never recompiled because of it (a method that keeps throwing pays a
 * deoptimization per exception, but cannot loop through recompilations).
 */
public final class Amd64Checks {
    private Amd64Checks() {
    }

    /** The action of every exception check. */
    public static final DeoptimizationAction EXCEPTION_ACTION = DeoptimizationAction.None;

    /** Base: one state, one trap reason. */
    abstract static class Check extends Amd64Op {
        private final DeoptimizationReason reason;

        Check(Value[] uses, LirFrameState state, DeoptimizationReason reason) {
            super(null, uses, null, null);
            this.reason = reason;
            setState(state);
        }

        void jumpToTrapIf(Amd64CodeEmitter e, Condition cc) {
            e.asm().jcc(cc, e.trap(state(), reason, EXCEPTION_ACTION));
        }
    }

    /** {@code test r, r} (or {@code cmp qword [slot], 0}); {@code je trap}: NullPointerException. */
    public static final class NullCheck extends Check {
        public NullCheck(Value object, LirFrameState state) {
            super(values(object), state, DeoptimizationReason.NullCheckException);
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

    /** {@code test r, r} (or {@code cmp [slot], 0}); {@code je trap}: ArithmeticException (/ by zero). */
    public static final class ZeroCheck extends Check {
        public ZeroCheck(Value divisor, LirFrameState state) {
            super(values(divisor), state, DeoptimizationReason.ArithmeticException);
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
            return "zerocheck";
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

        public BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state) {
            this(array, index, lengthOffset, state, false);
        }

        /**
         * With {@code checksNull} the compare's read of the length is also the array's null check, an
         * implicit one: on a null array it faults and HotSpot deoptimizes to the same state.
         */
        public BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, boolean checksNull) {
            super(values(array, index), state, DeoptimizationReason.BoundsCheckException);
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
        public LengthCheck(Value index, Value length, LirFrameState state) {
            super(values(index, length), state, DeoptimizationReason.BoundsCheckException);
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
     * An unconditional uncommon trap, for bytecodes whose constant-pool entry is unresolved or whose
     * class is not initialized yet: the interpreter resolves or initializes (or throws the linkage
     * error). {@link DeoptimizationAction#InvalidateReprofile}: the code is thrown away and the method
     * recompiled after it has been profiled again, by which time the entry is resolved.
     */
    public static final class Deoptimize extends Amd64Op {
        private final DeoptimizationReason reason;
        private final DeoptimizationAction action;

        public Deoptimize(LirFrameState state, DeoptimizationReason reason, DeoptimizationAction action) {
            super(null, null, null, null);
            this.reason = reason;
            this.action = action;
            setState(state);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.deoptimize(state(), reason, action);
        }

        @Override
        public String name() {
            return "deoptimize " + reason + " " + action;
        }
    }
}
