package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static jdk.vm.ci.amd64.AMD64.rax;
import static jdk.vm.ci.amd64.AMD64.rcx;
import static jdk.vm.ci.amd64.AMD64.rdx;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;

import java.util.Locale;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.amd64.asm.SseOp;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.ir.Rounding;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Integer and SSE arithmetic. x86's two-address forms ({@code op dst, src}) become
 * {@code result := x; result op= y}: {@code x} is a USE (it may share the result's register), {@code y}
 * is ALIVE (it must not, or the first move would overwrite it).
 */
public final class Amd64Arithmetic {
    private Amd64Arithmetic() {
    }

    static String suffix(OperandSize size) {
        return size == QWORD ? ".l" : ".i";
    }

    /**
     * {@code add, sub, and, or, xor}: {@code y} a register, a stack slot or an imm32. An add of a
     * register or constant to {@code x} in another register than the result's, or a subtraction of a
     * constant, is one {@code lea result, [x + y]}: no copy of {@code x} first (no op reads the flags
     * another op set, so lea's leaving them alone does not matter; a 32-bit lea zero-extends like the
     * 32-bit add).
     */
    public static final class IntegerBinary extends Amd64Op {
        private final AluOp op;
        private final OperandSize size;

        public IntegerBinary(AluOp op, OperandSize size, AllocatableValue result, Value x, Value y) {
            super(values(result), values(x), values(y), null);
            this.op = op;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return switch (m) {
                case USE -> REG | STACK;
                case ALIVE -> REG | STACK | CONST;
                default -> REG;
            };
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            Value x = get(Mode.USE, 0);
            Value y = get(Mode.ALIVE, 0);
            if (isRegister(x) && !reg(x).equals(r)) {
                if (op == AluOp.ADD && isRegister(y)) {
                    e.asm().lea(size, r, Address.of(reg(x), reg(y), Scale.ONE, 0));
                    return;
                }
                if (op == AluOp.ADD && isConstant(y)) {
                    e.asm().lea(size, r, Address.of(reg(x), imm32(y)));
                    return;
                }
                if (op == AluOp.SUB && isConstant(y) && imm32(y) != Integer.MIN_VALUE) {
                    e.asm().lea(size, r, Address.of(reg(x), -imm32(y)));
                    return;
                }
            }
            moveToRegister(e, size, r, x);
            if (isRegister(y)) {
                e.asm().alu(op, size, r, reg(y));
            } else if (isStack(y)) {
                e.asm().alu(op, size, r, e.address(y));
            } else {
                e.asm().alu(op, size, r, imm32(y));
            }
        }

        @Override
        public String name() {
            return op.name().toLowerCase(Locale.ROOT) + suffix(size);
        }
    }

    /**
     * {@code imul}: the three-operand {@code imul r, x, imm} for a constant ({@code lea r, [x + x*k]} for
     * 3, 5 and 9 when x is in a register), else {@code result := x; imul result, y}.
     */
    public static final class IntegerMul extends Amd64Op {
        private final OperandSize size;

        public IntegerMul(OperandSize size, AllocatableValue result, Value x, Value y) {
            super(values(result), values(x), values(y), null);
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return switch (m) {
                case USE -> REG | STACK;
                case ALIVE -> REG | STACK | CONST;
                default -> REG;
            };
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            Value x = get(Mode.USE, 0);
            Value y = get(Mode.ALIVE, 0);
            Amd64Assembler asm = e.asm();
            if (isConstant(y)) {
                int c = imm32(y);
                if (isRegister(x) && (c == 3 || c == 5 || c == 9)) {
                    // x * (2^k + 1) = x + x * 2^k: one cycle instead of imul's three (the low 32 bits agree for int).
                    asm.lea(size, r, Address.of(reg(x), reg(x), Scale.of(c - 1), 0));
                } else if (isRegister(x)) {
                    asm.imul(size, r, reg(x), imm32(y));
                } else {
                    asm.imul(size, r, e.address(x), imm32(y));
                }
                return;
            }
            moveToRegister(e, size, r, x);
            if (isRegister(y)) {
                asm.imul(size, r, reg(y));
            } else {
                asm.imul(size, r, e.address(y));
            }
        }

        @Override
        public String name() {
            return "imul" + suffix(size);
        }
    }

    /**
     * {@code shl, sar, shr} by an immediate (Java's count masked to 5 or 6 bits at compile time) or by
     * {@code cl} (the CPU masks it the same way). The count register is a fixed, ALIVE {@code rcx}, so
     * the result is never {@code rcx}.
     */
    public static final class Shift extends Amd64Op {
        private final ShiftOp op;
        private final OperandSize size;

        public Shift(ShiftOp op, OperandSize size, AllocatableValue result, Value x, Value count) {
            super(values(result), values(x), values(count), null);
            this.op = op;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return switch (m) {
                case USE -> REG | STACK;
                case ALIVE -> REG | CONST;
                default -> REG;
            };
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            moveToRegister(e, size, r, get(Mode.USE, 0));
            Value count = get(Mode.ALIVE, 0);
            if (isConstant(count)) {
                int c = imm32(count) & (size == QWORD ? 63 : 31);
                if (c != 0) {
                    e.asm().shift(op, size, r, c);
                }
            } else {
                if (!reg(count).equals(rcx)) {
                    throw new IllegalStateException("variable shift count must be in rcx: " + count);
                }
                e.asm().shiftByCl(op, size, r);
            }
        }

        @Override
        public String name() {
            return op.name().toLowerCase(Locale.ROOT) + suffix(size);
        }
    }

    /** {@code neg} or {@code not}: {@code result := x; op result}. */
    public static final class IntegerUnary extends Amd64Op {
        private final UnaryOp op;
        private final OperandSize size;

        public IntegerUnary(UnaryOp op, OperandSize size, AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
            this.op = op;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            moveToRegister(e, size, r, get(Mode.USE, 0));
            e.asm().unary(op, size, r);
        }

        @Override
        public String name() {
            return op.name().toLowerCase(Locale.ROOT) + suffix(size);
        }
    }

    /**
     * Signed division: dividend in {@code rax}, quotient to {@code rax}, remainder to {@code rdx} (all
     * fixed), the divisor in any other register or a stack slot (ALIVE: {@code cdq} writes {@code rdx}
     * before {@code idiv} reads it). The divisor is known non-zero (a zero check precedes). Java wraps
     * {@code MIN_VALUE / -1} to {@code MIN_VALUE} with remainder 0, where {@code idiv} raises #DE, so a
     * divisor that may be -1 takes {@code neg} instead.
     */
    public static final class DivRem extends Amd64Op {
        private final OperandSize size;
        private final boolean divisorMayBeMinusOne;

        public DivRem(OperandSize size, RegisterValue quotient, RegisterValue remainder, RegisterValue dividend, Value divisor,
                        boolean divisorMayBeMinusOne) {
            super(values(quotient, remainder), values(dividend), values(divisor), null);
            this.size = size;
            this.divisorMayBeMinusOne = divisorMayBeMinusOne;
            if (!quotient.getRegister().equals(rax) || !dividend.getRegister().equals(rax)
                            || !remainder.getRegister().equals(rdx)) {
                throw new IllegalArgumentException("idiv works on rdx:rax");
            }
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.ALIVE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Value d = get(Mode.ALIVE, 0);
            if (isRegister(d) && (reg(d).equals(rax) || reg(d).equals(rdx))) {
                throw new IllegalStateException("divisor in " + reg(d) + ", which idiv overwrites");
            }
            Label done = new Label("div-done");
            Label normal = new Label("div-normal");
            if (divisorMayBeMinusOne) {
                if (isRegister(d)) {
                    asm.alu(AluOp.CMP, size, reg(d), -1);
                } else {
                    asm.alu(AluOp.CMP, size, e.address(d), -1);
                }
                asm.jcc(Condition.NE, normal);
                asm.unary(UnaryOp.NEG, size, rax); // x / -1 == -x, wrapping MIN_VALUE to itself
                asm.alu(AluOp.XOR, DWORD, rdx, rdx); // x % -1 == 0
                asm.jmp(done);
                asm.bind(normal);
            }
            if (size == QWORD) {
                asm.cqo();
            } else {
                asm.cdq();
            }
            if (isRegister(d)) {
                asm.unary(UnaryOp.IDIV, size, reg(d));
            } else {
                asm.unary(UnaryOp.IDIV, size, e.address(d));
            }
            if (divisorMayBeMinusOne) {
                asm.bind(done);
            }
        }

        @Override
        public String name() {
            return "idiv" + suffix(size) + (divisorMayBeMinusOne ? "" : " (divisor not -1)");
        }
    }

    /**
     * {@code addss ... divsd}. With AVX the VEX three-operand {@code vop result, x, y}: x in a
     * register, y in a register or a stack slot, and the result any register, either operand's
     * included. Without, the SSE2 two-operand form: {@code result := x; op result, y}, with y ALIVE
     * so that the copy cannot overwrite it.
     */
    public static final class FloatBinary extends Amd64Op {
        private final SseOp op;
        private final boolean avx;

        public FloatBinary(SseOp op, boolean avx, AllocatableValue result, Value x, Value y) {
            super(values(result), avx ? values(x, y) : values(x), avx ? null : values(y), null);
            this.op = op;
            this.avx = avx;
            if (avx && !op.hasVexForm()) {
                throw new IllegalArgumentException(op + " has no three-operand form");
            }
        }

        @Override
        public int allowed(Mode m, int i) {
            if (avx) {
                return m == Mode.USE && i == 1 ? REG | STACK : REG;
            }
            return m == Mode.DEF ? REG : REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Value result = get(Mode.DEF, 0);
            Register r = reg(result);
            if (avx) {
                Register x = reg(get(Mode.USE, 0));
                Value y = get(Mode.USE, 1);
                if (isRegister(y)) {
                    e.asm().vex(op, r, x, reg(y));
                } else {
                    e.asm().vex(op, r, x, e.address(y));
                }
                return;
            }
            moveToXmm(e, isDouble(result), r, get(Mode.USE, 0));
            Value y = get(Mode.ALIVE, 0);
            if (isRegister(y)) {
                e.asm().sse(op, r, reg(y));
            } else {
                e.asm().sse(op, r, e.address(y));
            }
        }

        @Override
        public String name() {
            return (avx ? "v" : "") + op.name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Java's {@code -x} for float and double flips the sign bit (so {@code -0.0} and NaN come out
     * right, unlike {@code 0.0 - x}): the bits go through {@link Amd64CodeEmitter#SCRATCH}; for a
     * double, bit 63 is flipped by rotating it to bit 0 and back.
     */
    public static final class FloatNegate extends Amd64Op {
        public FloatNegate(AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Value result = get(Mode.DEF, 0);
            Value x = get(Mode.USE, 0);
            boolean dbl = isDouble(result);
            OperandSize size = dbl ? QWORD : DWORD;
            if (isRegister(x)) {
                if (dbl) {
                    asm.movq(SCRATCH, reg(x));
                } else {
                    asm.movd(SCRATCH, reg(x));
                }
            } else {
                asm.mov(size, SCRATCH, e.address(x));
            }
            if (dbl) {
                asm.shift(ShiftOp.ROL, QWORD, SCRATCH, 1);
                asm.alu(AluOp.XOR, QWORD, SCRATCH, 1);
                asm.shift(ShiftOp.ROR, QWORD, SCRATCH, 1);
                asm.movq(reg(result), SCRATCH);
            } else {
                asm.alu(AluOp.XOR, DWORD, SCRATCH, 0x8000_0000);
                asm.movd(reg(result), SCRATCH);
            }
        }

        @Override
        public String name() {
            return "neg" + (isDouble(get(Mode.DEF, 0)) ? ".d" : ".f");
        }
    }

    /**
     * {@code Math.floor}, {@code ceil} or {@code rint} of a double: {@code roundsd} (SSE4.1) with the
     * mode in its immediate. A NaN takes another path, whose result is the Java code's, every bit
     * ({@link Rounding}: floor and ceil return it as it is, rint cleared of its sign and quiet), where
     * roundsd would give it back quiet with its sign.
     */
    public static final class DoubleRound extends Amd64Op {
        private final Rounding mode;

        public DoubleRound(AllocatableValue result, Value x, Rounding mode) {
            super(values(result), values(x), null, null);
            this.mode = mode;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            Label nan = new Label("round-nan");
            Label done = new Label("round-done");
            asm.sse(SseOp.UCOMISD, x, x);
            asm.jcc(Condition.P, nan);
            if (!x.equals(r)) {
                asm.sse(SseOp.XORPS, r, r); // roundsd keeps r's upper half: no dependence on its old value
            }
            asm.roundsd(r, x, switch (mode) {
                case RINT -> 0;
                case FLOOR -> 1;
                case CEIL -> 2;
            });
            asm.jmp(done);
            asm.bind(nan);
            if (mode == Rounding.RINT) {
                // The Java code's sign * |x|: the sign bit cleared, then quiet (an addition of the NaN to itself).
                asm.movq(SCRATCH, x);
                asm.shift(ShiftOp.SHL, QWORD, SCRATCH, 1);
                asm.shift(ShiftOp.SHR, QWORD, SCRATCH, 1);
                asm.movq(r, SCRATCH);
                asm.sse(SseOp.ADDSD, r, r);
            } else if (!x.equals(r)) {
                asm.sse(SseOp.MOVAPD, r, x);
            }
            asm.bind(done);
        }

        @Override
        public String name() {
            return "round " + mode.name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A Float or Double square root: {@code sqrtss/sqrtsd}, IEEE 754's correctly rounded root (negative
     * or NaN operands give the machine's default NaN, as HotSpot's own square root). Both write only
     * the low lane of the result's register: an {@code xorps} first cuts the dependency on the
     * register's old value unless it holds the operand.
     */
    /**
     * The bit counts ({@code Integer} and {@code Long}'s {@code numberOfLeadingZeros}, {@code
     * numberOfTrailingZeros}, {@code bitCount}): {@code lzcnt}, {@code tzcnt}, {@code popcnt} where the
     * target has them (LZCNT, BMI1, POPCNT); else {@code bsr} or {@code bsf}, which leave their result
     * undefined for 0 and set ZF, and a {@code cmovz} of the answer for 0 (r10 holds it): {@code
     * 31 - bsr} (or 63), with -1 for 0, and {@code bsf}, with the width for 0. A target without
     * POPCNT is refused by the selection.
     */
    public static final class BitCount extends Amd64Op {
        private final org.ssajit.ir.Op op;
        /** Whether the target has the count instruction (else bsr or bsf and a cmovz). */
        private final boolean counts;

        public BitCount(org.ssajit.ir.Op op, boolean counts, AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
            if (!op.isBitCount()) {
                throw new IllegalArgumentException("not a bit count: " + op);
            }
            if (!counts && (op == org.ssajit.ir.Op.IPOPCNT || op == org.ssajit.ir.Op.LPOPCNT)) {
                throw new IllegalArgumentException("a population count needs POPCNT");
            }
            this.op = op;
            this.counts = counts;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            boolean wide = op.fromKind() == jdk.vm.ci.meta.JavaKind.Long;
            OperandSize size = wide ? QWORD : DWORD;
            int width = wide ? 64 : 32;
            switch (op) {
                case ILZCNT, LLZCNT -> {
                    if (counts) {
                        asm.lzcnt(size, r, x);
                    } else {
                        asm.bsr(size, r, x);
                        asm.mov(DWORD, SCRATCH, -1);
                        asm.cmov(Condition.E, DWORD, r, SCRATCH);
                        asm.unary(UnaryOp.NEG, DWORD, r);
                        asm.alu(AluOp.ADD, DWORD, r, width - 1);
                    }
                }
                case ITZCNT, LTZCNT -> {
                    if (counts) {
                        asm.tzcnt(size, r, x);
                    } else {
                        asm.bsf(size, r, x);
                        asm.mov(DWORD, SCRATCH, width);
                        asm.cmov(Condition.E, DWORD, r, SCRATCH);
                    }
                }
                default -> asm.popcnt(size, r, x);
            }
        }

        @Override
        public String name() {
            return op.mnemonic();
        }
    }

    public static final class FloatSqrt extends Amd64Op {
        public FloatSqrt(AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Value result = get(Mode.DEF, 0);
            Register r = reg(result);
            Value x = get(Mode.USE, 0);
            SseOp op = isDouble(result) ? SseOp.SQRTSD : SseOp.SQRTSS;
            if (isRegister(x)) {
                if (!reg(x).equals(r)) {
                    asm.sse(SseOp.XORPS, r, r);
                }
                asm.sse(op, r, reg(x));
            } else {
                asm.sse(SseOp.XORPS, r, r);
                asm.sse(op, r, e.address(x));
            }
        }

        @Override
        public String name() {
            return "sqrt" + (isDouble(get(Mode.DEF, 0)) ? ".d" : ".f");
        }
    }
}
