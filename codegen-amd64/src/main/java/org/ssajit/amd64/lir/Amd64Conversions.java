package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.asm.OperandSize.WORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;

import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.SseOp;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.ir.Op;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/** Java's primitive conversions. */
public final class Amd64Conversions {
    private Amd64Conversions() {
    }

    /**
     * The conversions that are one instruction: {@code movsxd} (i2l), 32-bit {@code mov} (l2i),
     * {@code movsx/movzx} from the low byte or word (i2b, i2s, i2c), {@code cvtsi2ss/sd} (i2f, i2d,
     * l2f, l2d: exact IEEE round-to-nearest, HotSpot's MXCSR), {@code cvtss2sd/cvtsd2ss} (f2d, d2f);
     * the floating-point results after an {@code xorps} of the destination ({@link #breakDependency}).
     * The operand may be in a register or a stack slot.
     */
    public static final class Convert extends Amd64Op {
        private final Op op;

        public Convert(Op op, AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
            this.op = op;
            switch (op) {
                case I2L, L2I, I2B, I2C, I2S, I2F, I2D, L2F, L2D, F2D, D2F -> {
                }
                default -> throw new IllegalArgumentException("not a one-instruction conversion: " + op);
            }
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Value x = get(Mode.USE, 0);
            boolean xr = isRegister(x);
            switch (op) {
                case I2L -> {
                    if (xr) {
                        asm.movsxd(r, reg(x));
                    } else {
                        asm.movsxd(r, e.address(x));
                    }
                }
                case L2I -> {
                    // The low half, always written by a 32-bit mov (even onto itself): the upper half of
                    // the result is zero, which array indexing relies on (Amd64Memory.AddressShape).
                    if (xr && reg(x).equals(r)) {
                        asm.mov(DWORD, r, r);
                    } else {
                        moveToRegister(e, DWORD, r, x);
                    }
                }
                case I2B -> extend(e, true, BYTE, r, x);
                case I2S -> extend(e, true, WORD, r, x);
                case I2C -> extend(e, false, WORD, r, x);
                case I2F, L2F -> {
                    OperandSize s = op == Op.I2F ? DWORD : QWORD;
                    breakDependency(asm, r);
                    if (xr) {
                        asm.cvtsi2ss(s, r, reg(x));
                    } else {
                        asm.cvtsi2ss(s, r, e.address(x));
                    }
                }
                case I2D, L2D -> {
                    OperandSize s = op == Op.I2D ? DWORD : QWORD;
                    breakDependency(asm, r);
                    if (xr) {
                        asm.cvtsi2sd(s, r, reg(x));
                    } else {
                        asm.cvtsi2sd(s, r, e.address(x));
                    }
                }
                case F2D, D2F -> {
                    SseOp sse = op == Op.F2D ? SseOp.CVTSS2SD : SseOp.CVTSD2SS;
                    if (!xr || !reg(x).equals(r)) {
                        breakDependency(asm, r);
                    }
                    if (xr) {
                        asm.sse(sse, r, reg(x));
                    } else {
                        asm.sse(sse, r, e.address(x));
                    }
                }
                default -> throw new IllegalStateException(op.toString());
            }
        }

        /**
         * The scalar conversions write only the low lane of {@code r} and keep the rest, so they wait
         * for whatever last wrote {@code r} (in a loop often the previous iteration's division: a
         * loop-carried chain through its latency). {@code xorps r, r} is recognized as independent of
         * r's old value and cuts that false dependency.
         */
        private static void breakDependency(Amd64Assembler asm, Register r) {
            asm.sse(SseOp.XORPS, r, r);
        }

        private static void extend(Amd64CodeEmitter e, boolean signed, OperandSize from, Register r, Value x) {
            Amd64Assembler asm = e.asm();
            if (isRegister(x)) {
                if (signed) {
                    asm.movsx(DWORD, r, from, reg(x));
                } else {
                    asm.movzx(DWORD, r, from, reg(x));
                }
            } else if (signed) {
                asm.movsx(DWORD, r, from, e.address(x));
            } else {
                asm.movzx(DWORD, r, from, e.address(x));
            }
        }

        @Override
        public String name() {
            return op.mnemonic();
        }
    }

    /**
     * The raw bit conversions ({@code Float.floatToRawIntBits} and the like): {@code movd} (32 bits,
     * the general register's upper half zeroed) or {@code movq} between a general and an xmm register,
     * every bit kept. An operand in a stack slot is loaded straight into the result's register.
     */
    public static final class MoveBits extends Amd64Op {
        private final Op op;

        public MoveBits(Op op, AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
            this.op = op;
            switch (op) {
                case F2I_RAW, I2F_RAW, D2L_RAW, L2D_RAW -> {
                }
                default -> throw new IllegalArgumentException("not a bit conversion: " + op);
            }
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Value x = get(Mode.USE, 0);
            boolean wide = op == Op.D2L_RAW || op == Op.L2D_RAW;
            if (isRegister(x)) {
                if (wide) {
                    asm.movq(r, reg(x));
                } else {
                    asm.movd(r, reg(x));
                }
            } else if (op == Op.F2I_RAW || op == Op.D2L_RAW) {
                asm.mov(wide ? QWORD : DWORD, r, e.address(x));
            } else if (wide) {
                asm.movsd(r, e.address(x));
            } else {
                asm.movss(r, e.address(x));
            }
        }

        @Override
        public String name() {
            return op.mnemonic();
        }
    }

    /**
     * f2i, f2l, d2i, d2l with Java's saturation. {@code cvttss2si/cvttsd2si} truncate, but return the
     * "integer indefinite" {@code MIN_VALUE} for NaN and out-of-range inputs. So when the result is
     * {@code MIN_VALUE} ({@code cmp r, 1} overflows exactly then): NaN gives 0, a negative input keeps
     * {@code MIN_VALUE} (correct for exactly {@code MIN_VALUE} and below), a positive one becomes
     * {@code MAX_VALUE} ({@code not MIN_VALUE}). The input's sign is read from its bits in
     * {@link Amd64CodeEmitter#SCRATCH}.
     */
    public static final class FloatToInteger extends Amd64Op {
        private final Op op;

        public FloatToInteger(Op op, AllocatableValue result, Value x) {
            super(values(result), values(x), null, null);
            this.op = op;
            switch (op) {
                case F2I, F2L, D2I, D2L -> {
                }
                default -> throw new IllegalArgumentException("not a float-to-integer conversion: " + op);
            }
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            boolean fromDouble = op == Op.D2I || op == Op.D2L;
            OperandSize size = op == Op.F2L || op == Op.D2L ? QWORD : DWORD;
            Label done = new Label("f2i-done");
            Label nan = new Label("f2i-nan");
            if (fromDouble) {
                asm.cvttsd2si(size, r, x);
            } else {
                asm.cvttss2si(size, r, x);
            }
            asm.alu(AluOp.CMP, size, r, 1);
            asm.jcc(Condition.NO, done);
            asm.sse(fromDouble ? SseOp.UCOMISD : SseOp.UCOMISS, x, x);
            asm.jcc(Condition.P, nan);
            if (fromDouble) {
                asm.movq(SCRATCH, x);
                asm.test(QWORD, SCRATCH, SCRATCH);
            } else {
                asm.movd(SCRATCH, x);
                asm.test(DWORD, SCRATCH, SCRATCH);
            }
            asm.jcc(Condition.S, done);
            asm.unary(UnaryOp.NOT, size, r);
            asm.jmp(done);
            asm.bind(nan);
            asm.alu(AluOp.XOR, DWORD, r, r);
            asm.bind(done);
        }

        @Override
        public String name() {
            return op.mnemonic();
        }
    }
}
