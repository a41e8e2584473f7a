package org.ssajit.backend;

import static org.ssajit.lir.LirOperands.values;

import org.ssajit.asm.Label;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.meta.Value;

/**
 * The lowering's checks ({@code nullcheck}, {@code zerocheck}, {@code guard}, {@code negativecheck},
 * {@code samecheck}, {@code boundscheck}) and deoptimizations, the same on every target but for the
 * compare and branch. Each carries the frame state before its bytecode and the lowering's
 * {@link Deopt} (reason and action); when the check fails it jumps to an out-of-line uncommon trap
 * ({@link Check#trap}), the frame is deoptimized and the interpreter re-executes the bytecode, which
 * throws. Here are each check's operands, name and invariants; a target's subclass emits the test.
 */
public final class CheckOps {
    private CheckOps() {
    }

    /** Base: one state, one trap reason and action. */
    public abstract static class Check<E extends HotSpotCodeEmitter<?, ?, ?>> extends TargetOp<E> {
        private final Deopt deopt;
        private final String name;

        protected Check(Value[] uses, LirFrameState state, Deopt deopt, String name) {
            super(null, uses, null, null);
            this.deopt = deopt;
            this.name = name;
            setState(state);
        }

        /** The out-of-line uncommon trap the check jumps to when it fails. */
        protected final Label trap(E e) {
            return e.trap(state(), deopt.reason(), deopt.action());
        }

        @Override
        public final String name() {
            return name;
        }
    }

    /** Deoptimizes when the reference is null: NullPointerException. */
    public abstract static class NullCheck<E extends HotSpotCodeEmitter<?, ?, ?>> extends Check<E> {
        protected NullCheck(Value object, LirFrameState state, Deopt deopt) {
            super(values(object), state, deopt, "nullcheck");
        }
    }

    /**
     * Deoptimizes when the value is 0: a divisor (ArithmeticException), or as a guard (the lowering's
     * {@code guard}) a failed int condition (a checkcast: ClassCastException).
     */
    public abstract static class ZeroCheck<E extends HotSpotCodeEmitter<?, ?, ?>> extends Check<E> {
        protected ZeroCheck(Value value, LirFrameState state, Deopt deopt, boolean guard) {
            super(values(value), state, deopt, guard ? "guard" : "zerocheck");
        }
    }

    /** Deoptimizes when the int is negative: a negative array length. */
    public abstract static class NegativeCheck<E extends HotSpotCodeEmitter<?, ?, ?>> extends Check<E> {
        protected NegativeCheck(Value length, LirFrameState state, Deopt deopt) {
            super(values(length), state, deopt, "negativecheck");
        }
    }

    /** Deoptimizes unless the two references are the same object. */
    public abstract static class SameCheck<E extends HotSpotCodeEmitter<?, ?, ?>> extends Check<E> {
        protected SameCheck(Value x, Value y, LirFrameState state, Deopt deopt) {
            super(values(x, y), state, deopt, "samecheck");
        }
    }

    /**
     * Deoptimizes unless {@code 0 <= index < length}, the length read from the array (a register) at
     * {@code lengthOffset}: one unsigned compare catches a negative index too
     * (ArrayIndexOutOfBoundsException). With {@code checksNull} the length's read is also the array's
     * null check, an implicit one ({@link HotSpotCodeEmitter#implicitNullCheck}): on a null array it
     * faults and HotSpot deoptimizes to the same state.
     */
    public abstract static class BoundsCheck<E extends HotSpotCodeEmitter<?, ?, ?>> extends Check<E> {
        protected final int lengthOffset;
        protected final boolean checksNull;

        protected BoundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, Deopt deopt, boolean checksNull) {
            super(values(array, index), state, deopt, checksNull ? "boundscheck (null check)" : "boundscheck");
            if (checksNull && (lengthOffset < 0 || lengthOffset >= HotSpotFrameBuilder.IMPLICIT_NULL_CHECK_LIMIT)) {
                throw new IllegalArgumentException("length offset " + lengthOffset + " cannot check null");
            }
            this.lengthOffset = lengthOffset;
            this.checksNull = checksNull;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG : REG | CONST;
        }
    }

    /**
     * A bounds check against a length computed before ({@link org.ssajit.ir.Instruction#checkedLength},
     * typically before the loop): deoptimizes unless {@code 0 <= index < length} (one unsigned compare).
     * The length is 0 for a null array, so the check fails for it as well and the access needs no null
     * check: the interpreter re-executes the bytecode and throws whichever exception it throws.
     */
    public abstract static class LengthCheck<E extends HotSpotCodeEmitter<?, ?, ?>> extends Check<E> {
        protected LengthCheck(Value index, Value length, LirFrameState state, Deopt deopt) {
            super(values(index, length), state, deopt, "boundscheck (length)");
        }
    }

    /**
     * An unconditional uncommon trap (the lowering's {@code deoptimize}: an unresolved constant-pool
     * entry, a class not initialized yet): the interpreter resolves or initializes (or throws the
     * linkage error), with the action the lowering chose.
     */
    public static final class Deoptimize extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        private final Deopt deopt;

        public Deoptimize(LirFrameState state, Deopt deopt) {
            super(null, null, null, null);
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.deoptimize(state(), deopt.reason(), deopt.action());
        }

        @Override
        public final String name() {
            return "deoptimize " + deopt.reason() + " " + deopt.action();
        }
    }
}
