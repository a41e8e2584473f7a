package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import java.util.Locale;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.ir.Rounding;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Integer and floating-point arithmetic. AArch64 is a three-address machine and every one of these
 * reads all its inputs before it writes its result, so the result may share a register with either
 * input (DEF and USE operands). Int operations use the 32-bit forms.
 */
public final class Aarch64Arithmetic {
    private Aarch64Arithmetic() {
    }

    /** The integer binary operations of {@link IntegerBinary}. */
    public enum IntOp {
        ADD, SUB, AND, OR, XOR, MUL
    }

    /**
     * {@code r = x op y}: {@code add}/{@code sub} with a register or a 12-bit immediate (a negative
     * one as the opposite operation), {@code and}/{@code orr}/{@code eor} with a register or a bitmask
     * immediate, {@code mul} of registers. The generator passes a constant only where it encodes
     * ({@link #isImmediate}).
     */
    public static final class IntegerBinary extends Aarch64Op {
        private final IntOp op;
        private final int size;

        public IntegerBinary(IntOp op, int size, AllocatableValue result, AllocatableValue x, Value y) {
            super(values(result), values(x, y), null, null);
            this.op = op;
            this.size = size;
        }

        /** Whether {@code c} can be {@code op}'s immediate operand at {@code size} bits. */
        public static boolean isImmediate(IntOp op, int size, long c) {
            long v = size == 32 ? (int) c : c;
            return switch (op) {
                case ADD, SUB -> Aarch64Assembler.isArithmeticImmediate(v) || (v != Long.MIN_VALUE && Aarch64Assembler.isArithmeticImmediate(-v));
                case AND, OR, XOR -> Aarch64Assembler.isLogicalImmediate(size == 32 ? v & 0xFFFF_FFFFL : v, size);
                case MUL -> false;
            };
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE && i == 1 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            Value y = get(Mode.USE, 1);
            if (isConstant(y)) {
                long c = size == 32 ? (int) integer(y) : integer(y);
                switch (op) {
                    case ADD, SUB -> {
                        boolean add = op == IntOp.ADD;
                        if (!Aarch64Assembler.isArithmeticImmediate(c)) {
                            c = -c;
                            add = !add;
                        }
                        if (add) {
                            asm.add(size, r, x, c);
                        } else {
                            asm.sub(size, r, x, c);
                        }
                    }
                    case AND -> asm.and(size, r, x, bits(c));
                    case OR -> asm.orr(size, r, x, bits(c));
                    case XOR -> asm.eor(size, r, x, bits(c));
                    case MUL -> throw new IllegalStateException("mul has no immediate form");
                }
                return;
            }
            Register ry = reg(y);
            switch (op) {
                case ADD -> asm.add(size, r, x, ry);
                case SUB -> asm.sub(size, r, x, ry);
                case AND -> asm.and(size, r, x, ry);
                case OR -> asm.orr(size, r, x, ry);
                case XOR -> asm.eor(size, r, x, ry);
                case MUL -> asm.mul(size, r, x, ry);
            }
        }

        private long bits(long c) {
            return size == 32 ? c & 0xFFFF_FFFFL : c;
        }

        @Override
        public String name() {
            return op.name().toLowerCase() + (size == 32 ? "w" : "x");
        }
    }

    /** {@code r = -x} ({@code neg}). */
    public static final class Negate extends Aarch64Op {
        private final int size;

        public Negate(int size, AllocatableValue result, AllocatableValue x) {
            super(values(result), values(x), null, null);
            this.size = size;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().neg(size, reg(get(Mode.DEF, 0)), reg(get(Mode.USE, 0)));
        }

        @Override
        public String name() {
            return "neg";
        }
    }

    /**
     * A shift or rotation: by a constant, masked at emission as Java masks it (5 or 6 bits), as
     * {@code lsl}/{@code lsr}/{@code asr}/{@code ror} (a shift by 0 is a move); by a register as
     * {@code lslv}/{@code lsrv}/{@code asrv}/{@code rorv}, which take the count modulo the width as
     * Java does.
     */
    public static final class Shift extends Aarch64Op {
        private final ShiftType type;
        private final int size;

        public Shift(ShiftType type, int size, AllocatableValue result, AllocatableValue x, Value count) {
            super(values(result), values(x, count), null, null);
            this.type = type;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE && i == 1 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            Value count = get(Mode.USE, 1);
            if (isConstant(count)) {
                int c = (int) integer(count) & (size - 1);
                if (c == 0) {
                    if (!r.equals(x)) {
                        asm.mov(size, r, x);
                    }
                    return;
                }
                switch (type) {
                    case LSL -> asm.lsl(size, r, x, c);
                    case LSR -> asm.lsr(size, r, x, c);
                    case ASR -> asm.asr(size, r, x, c);
                    case ROR -> asm.ror(size, r, x, c);
                }
                return;
            }
            Register n = reg(count);
            switch (type) {
                case LSL -> asm.lslv(size, r, x, n);
                case LSR -> asm.lsrv(size, r, x, n);
                case ASR -> asm.asrv(size, r, x, n);
                case ROR -> asm.rorv(size, r, x, n);
            }
        }

        @Override
        public String name() {
            return type.name().toLowerCase() + (size == 32 ? "w" : "x");
        }
    }

    /**
     * {@code x / y} or {@code x % y} whose divisor a check before proved non-zero: {@code sdiv}, which
     * wraps {@code MIN_VALUE / -1} to {@code MIN_VALUE} as Java does and never traps; the remainder
     * {@code x - (x / y) * y} with {@code msub} (the quotient in x8).
     */
    public static final class DivRem extends Aarch64Op {
        private final int size;
        private final boolean quotient;

        public DivRem(int size, boolean quotient, AllocatableValue result, AllocatableValue x, AllocatableValue y) {
            super(values(result), values(x, y), null, null);
            this.size = size;
            this.quotient = quotient;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            Register y = reg(get(Mode.USE, 1));
            if (quotient) {
                e.asm().sdiv(size, r, x, y);
            } else {
                e.asm().sdiv(size, SCRATCH1, x, y);
                e.asm().msub(size, r, SCRATCH1, y, x);
            }
        }

        @Override
        public String name() {
            return quotient ? "sdiv" : "srem";
        }
    }

    /** The floating-point binary operations of {@link FloatBinary}. */
    public enum FloatOp {
        ADD, SUB, MUL, DIV
    }

    /** {@code r = x op y} in single or double precision (IEEE, round to nearest as Java requires). */
    public static final class FloatBinary extends Aarch64Op {
        private final FloatOp op;
        private final int size;

        public FloatBinary(FloatOp op, int size, AllocatableValue result, AllocatableValue x, AllocatableValue y) {
            super(values(result), values(x, y), null, null);
            this.op = op;
            this.size = size;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            Register y = reg(get(Mode.USE, 1));
            switch (op) {
                case ADD -> e.asm().fadd(size, r, x, y);
                case SUB -> e.asm().fsub(size, r, x, y);
                case MUL -> e.asm().fmul(size, r, x, y);
                case DIV -> e.asm().fdiv(size, r, x, y);
            }
        }

        @Override
        public String name() {
            return "f" + op.name().toLowerCase() + (size == 32 ? "s" : "d");
        }
    }

    /** {@code r = -x}: {@code fneg} flips the sign bit (right for 0.0, -0.0 and NaN; {@code 0 - x} is not). */
    public static final class FloatNegate extends Aarch64Op {
        private final int size;

        public FloatNegate(int size, AllocatableValue result, AllocatableValue x) {
            super(values(result), values(x), null, null);
            this.size = size;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().fneg(size, reg(get(Mode.DEF, 0)), reg(get(Mode.USE, 0)));
        }

        @Override
        public String name() {
            return "fneg";
        }
    }

    /**
     * {@code Math.floor}, {@code ceil} or {@code rint} of a double: {@code frintm}, {@code frintp},
     * {@code frintn}. A NaN takes another path, whose result is the Java code's, every bit
     * ({@link Rounding}: floor and ceil return it as it is, rint cleared of its sign and quiet).
     */
    public static final class DoubleRound extends Aarch64Op {
        private final Rounding mode;

        public DoubleRound(AllocatableValue result, AllocatableValue x, Rounding mode) {
            super(values(result), values(x), null, null);
            this.mode = mode;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            Label nan = new Label("round-nan");
            Label done = new Label("round-done");
            asm.fcmp(64, x, x);
            asm.b(Condition.VS, nan);
            switch (mode) {
                case FLOOR -> asm.frintm(64, r, x);
                case CEIL -> asm.frintp(64, r, x);
                case RINT -> asm.frintn(64, r, x);
            }
            asm.b(done);
            asm.bind(nan);
            if (mode == Rounding.RINT) {
                // The Java code's sign * |x|: fabs clears the sign (no other bit), the addition quiets.
                asm.fabs(64, r, x);
                asm.fadd(64, r, r, r);
            } else if (!x.equals(r)) {
                asm.fmov(64, r, x);
            }
            asm.bind(done);
        }

        @Override
        public String name() {
            return "round " + mode.name().toLowerCase(Locale.ROOT);
        }
    }

    /** A Float or Double square root: {@code fsqrt}, IEEE 754's correctly rounded root. */
    /**
     * The bit counts ({@code Integer} and {@code Long}'s {@code numberOfLeadingZeros}, {@code
     * numberOfTrailingZeros}, {@code bitCount}): {@code clz}; {@code rbit} then {@code clz}; and, as
     * the base instruction set counts bits only in vector registers, the value moved into the temp
     * (the register's upper bits zeroed), {@code cnt} of each byte, {@code addv} of the 8, moved back.
     */
    public static final class BitCount extends Aarch64Op {
        private final org.ssajit.ir.Op op;

        /** {@code temp}: a float or double variable, for the population counts only (else null). */
        public BitCount(org.ssajit.ir.Op op, AllocatableValue result, AllocatableValue x, AllocatableValue temp) {
            super(values(result), values(x), null, temp == null ? null : values(temp));
            if (!op.isBitCount()) {
                throw new IllegalArgumentException("not a bit count: " + op);
            }
            if ((temp != null) != (op == org.ssajit.ir.Op.IPOPCNT || op == org.ssajit.ir.Op.LPOPCNT)) {
                throw new IllegalArgumentException("a vector temp for the population counts, and only for them: " + op);
            }
            this.op = op;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            int size = op.fromKind() == jdk.vm.ci.meta.JavaKind.Long ? 64 : 32;
            switch (op) {
                case ILZCNT, LLZCNT -> asm.clz(size, r, x);
                case ITZCNT, LTZCNT -> {
                    asm.rbit(size, r, x);
                    asm.clz(size, r, r);
                }
                default -> {
                    Register t = reg(get(Mode.TEMP, 0));
                    asm.fmov(size, t, x);
                    asm.cnt8b(t, t);
                    asm.addv8b(t, t);
                    asm.fmov(32, r, t);
                }
            }
        }

        @Override
        public String name() {
            return op.mnemonic();
        }
    }

    public static final class FloatSqrt extends Aarch64Op {
        private final int size;

        public FloatSqrt(int size, AllocatableValue result, AllocatableValue x) {
            super(values(result), values(x), null, null);
            this.size = size;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().fsqrt(size, reg(get(Mode.DEF, 0)), reg(get(Mode.USE, 0)));
        }

        @Override
        public String name() {
            return "fsqrt";
        }
    }
}
