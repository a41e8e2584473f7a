package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.ir.Deopt;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.Value;

/**
 * The lowering's checks ({@code nullcheck}, {@code zerocheck}, {@code boundscheck}, ...) and
 * deoptimizations. Each carries the frame state before its bytecode and the lowering's {@link Deopt};
 * when the check fails it branches to an out-of-line uncommon trap, the frame is deoptimized and the
 * interpreter re-executes the bytecode, which throws.
 */
public final class Aarch64Checks {
    private Aarch64Checks() {
    }

    /** Base: one state, one trap reason and action. */
    abstract static class Check extends Aarch64Op {
        private final Deopt deopt;

        Check(Value[] uses, LirFrameState state, Deopt deopt) {
            super(null, uses, null, null);
            this.deopt = deopt;
            setState(state);
        }

        Label trap(Aarch64CodeEmitter e) {
            return e.trap(state(), deopt.reason(), deopt.action());
        }
    }

    /** {@code cbz x, trap}: NullPointerException. */
    public static final class NullCheck extends Check {
        public NullCheck(Value object, LirFrameState state, Deopt deopt) {
            super(values(object), state, deopt);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().cbz(64, reg(get(Mode.USE, 0)), trap(e));
        }

        @Override
        public String name() {
            return "nullcheck";
        }
    }

    /**
     * {@code cbz r, trap}: a divisor of 0 (ArithmeticException), or as a {@link #guard} a failed
     * condition (a checkcast: ClassCastException).
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
        protected void emitCode(Aarch64CodeEmitter e) {
            Value v = get(Mode.USE, 0);
            e.asm().cbz(size(v), reg(v), trap(e));
        }

        @Override
        public String name() {
            return name;
        }
    }

    /**
     * {@code cmp w, #0; b.lt trap}: a negative array length. (Not {@code tbnz w, #31}: it reaches only
     * 32 KiB, and the trap stubs follow the whole method body.)
     */
    public static final class NegativeCheck extends Check {
        public NegativeCheck(Value length, LirFrameState state, Deopt deopt) {
            super(values(length), state, deopt);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().cmp(32, reg(get(Mode.USE, 0)), 0);
            e.asm().b(Condition.LT, trap(e));
        }

        @Override
        public String name() {
            return "negativecheck";
        }
    }

    /** {@code cmp x, y; b.ne trap}: deoptimizes unless the two references are the same object. */
    public static final class SameCheck extends Check {
        public SameCheck(Value x, Value y, LirFrameState state, Deopt deopt) {
            super(values(x, y), state, deopt);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().cmp(64, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)));
            e.asm().b(Condition.NE, trap(e));
        }

        @Override
        public String name() {
            return "samecheck";
        }
    }

    /**
     * {@code ldr w8, [array, #length]; cmp index, w8; b.hs trap}: one unsigned compare catches a
     * negative index too (ArrayIndexOutOfBoundsException). A constant index: {@code cmp w8, #c;
     * b.ls trap}. With {@code checksNull} the length's load is also the array's implicit null check.
     */
    public static final class BoundsCheck extends Check {
        private final int lengthOffset;
        private final boolean checksNull;

        public BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, Deopt deopt, boolean checksNull) {
            super(values(array, index), state, deopt);
            if (checksNull && (lengthOffset < 0 || lengthOffset >= Aarch64Memory.IMPLICIT_NULL_CHECK_LIMIT)) {
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

        @Override
        public String name() {
            return checksNull ? "boundscheck (null check)" : "boundscheck";
        }
    }

    /**
     * A bounds check against a length computed before (typically before the loop): {@code cmp index,
     * length; b.hs trap} (unsigned: a negative index fails too). The length is 0 for a null array, so
     * the check fails for it as well.
     */
    public static final class LengthCheck extends Check {
        public LengthCheck(Value index, Value length, LirFrameState state, Deopt deopt) {
            super(values(index, length), state, deopt);
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

        @Override
        public String name() {
            return "boundscheck (length)";
        }
    }

    /**
     * An unconditional uncommon trap (the lowering's {@code deoptimize}: an unresolved constant-pool
     * entry, a class not initialized yet): the interpreter resolves or initializes (or throws).
     */
    public static final class Deoptimize extends Aarch64Op {
        private final Deopt deopt;

        public Deoptimize(LirFrameState state, Deopt deopt) {
            super(null, null, null, null);
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.deoptimize(state(), deopt.reason(), deopt.action());
        }

        @Override
        public String name() {
            return "deoptimize " + deopt.reason() + " " + deopt.action();
        }
    }
}
