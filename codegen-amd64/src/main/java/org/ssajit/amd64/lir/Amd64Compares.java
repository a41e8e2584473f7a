package org.ssajit.amd64.lir;

import org.ssajit.util.CompilerList;
import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.SseOp;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.backend.TwoWayBranch;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/** Comparisons: three-way results (lcmp, fcmpl/g, dcmpl/g) and conditional branches. */
public final class Amd64Compares {
    private Amd64Compares() {
    }

    /** The x86 condition of a signed integer (or reference identity) comparison. */
    public static Condition condition(org.ssajit.ir.Condition c) {
        return switch (c) {
            case EQ -> Condition.E;
            case NE -> Condition.NE;
            case LT -> Condition.L;
            case GE -> Condition.GE;
            case GT -> Condition.G;
            case LE -> Condition.LE;
        };
    }

    /** {@code cmp x, y} (or {@code test x, x} against 0): x a register or stack slot, y a register or imm32. */
    static void compare(Amd64CodeEmitter e, OperandSize size, Value x, Value y) {
        Amd64Assembler asm = e.asm();
        if (isConstant(y)) {
            int c = imm32(y);
            if (c == 0 && isRegister(x)) {
                asm.test(size, reg(x), reg(x)); // same flags as cmp x, 0 for every signed condition
            } else if (isRegister(x)) {
                asm.alu(AluOp.CMP, size, reg(x), c);
            } else {
                asm.alu(AluOp.CMP, size, e.address(x), c);
            }
        } else if (isRegister(x)) {
            asm.alu(AluOp.CMP, size, reg(x), reg(y));
        } else {
            asm.alu(AluOp.CMP, size, e.address(x), reg(y));
        }
    }

    /**
     * {@code lcmp}: -1, 0 or 1. {@code cmp x, y; mov r, -1; jl done; setne r8; movzx r, r8}.
     * {@code mov} does not touch the flags; the result may share a register with x or y (both are
     * read by the {@code cmp} before it is written).
     */
    public static final class LongCompare extends Amd64Op {
        public LongCompare(AllocatableValue result, Value x, Value y) {
            super(values(result), values(x, y), null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            if (m == Mode.USE) {
                return i == 0 ? REG | STACK : REG | CONST;
            }
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            compare(e, QWORD, get(Mode.USE, 0), get(Mode.USE, 1));
            threeWay(e.asm(), r, Condition.L, false);
        }

        @Override
        public String name() {
            return "lcmp";
        }
    }

    /**
     * fcmpl, fcmpg, dcmpl, dcmpg: -1, 0 or 1; NaN gives -1 for the "l" forms and 1 for the "g" forms.
     * {@code ucomiss} sets CF for "less" and for unordered. "l": {@code ucomis x, y; mov r, -1; jb
     * done; setne; movzx}. "g" is the negation of "l" with the operands swapped:
     * {@code fcmpg(x, y) == -fcmpl(y, x)}, so {@code ucomis y, x; mov r, 1; jb done; setne; movzx; neg}.
     */
    public static final class FloatCompare extends Amd64Op {
        private final boolean unorderedIsLess;

        public FloatCompare(AllocatableValue result, Value x, Value y, boolean unorderedIsLess) {
            super(values(result), values(x, y), null, null);
            this.unorderedIsLess = unorderedIsLess;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Value x = get(Mode.USE, 0);
            Value y = get(Mode.USE, 1);
            SseOp ucomis = isDouble(x) ? SseOp.UCOMISD : SseOp.UCOMISS;
            if (unorderedIsLess) {
                e.asm().sse(ucomis, reg(x), reg(y));
            } else {
                e.asm().sse(ucomis, reg(y), reg(x));
            }
            threeWay(e.asm(), reg(get(Mode.DEF, 0)), Condition.B, !unorderedIsLess);
        }

        @Override
        public String name() {
            return (isDouble(get(Mode.USE, 0)) ? "dcmp" : "fcmp") + (unorderedIsLess ? "l" : "g");
        }
    }

    /** From the flags of a compare: {@code less} gives -1 (or 1 if {@code negated}), equal 0, else 1 (or -1). */
    private static void threeWay(Amd64Assembler asm, Register r, Condition less, boolean negated) {
        Label done = new Label("cmp-done");
        asm.mov(DWORD, r, negated ? 1 : -1);
        asm.jcc(less, done);
        asm.setcc(Condition.NE, r);
        asm.movzx(DWORD, r, BYTE, r);
        if (negated) {
            asm.unary(UnaryOp.NEG, DWORD, r);
        }
        asm.bind(done);
    }

    /**
     * {@code if (x cond y)} for ints ({@code DWORD}), longs and references ({@code QWORD}), signed:
     * {@code cmp} (or {@code test} against 0) and {@code jcc}, the fall-through side chosen by the emitter.
     * A fused {@code lcmp} + {@code if} is this branch on the long operands.
     */
    public static final class CompareBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final OperandSize size;

        public CompareBranch(org.ssajit.ir.Condition condition, OperandSize size, Value x, Value y, LirBlock trueTarget, LirBlock falseTarget) {
            super(values(x, y), trueTarget, falseTarget);
            this.condition = condition;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG | STACK : REG | CONST;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            compare(e, size, get(Mode.USE, 0), get(Mode.USE, 1));
            e.branch(condition(condition), trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "branch" + (size == QWORD ? ".q " : ".i ") + condition.symbol() + " " + trueTarget + " else " + falseTarget;
        }
    }

    /**
     * {@code if (((x [^ y]) >>> count) == 0)} or {@code != 0} for longs, the xor and the shift having no
     * other user: whether x (or x ^ y) has a bit at or above {@code count}, G1's cross-region test.
     * {@code mov t, x; [xor t, y;] shr t, count} sets ZF as the test would, and one {@code je}/{@code jne}
     * decides. y is alive through the op: t is written before y is read.
     */
    public static final class HighBitsBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final int count;

        /** {@code y} may be null (no xor). */
        public HighBitsBranch(org.ssajit.ir.Condition condition, AllocatableValue x, AllocatableValue y, int count, AllocatableValue temp, LirBlock trueTarget,
                        LirBlock falseTarget) {
            super(values(x), y == null ? null : values(y), values(temp), trueTarget, falseTarget);
            if (condition != org.ssajit.ir.Condition.EQ && condition != org.ssajit.ir.Condition.NE || count < 1 || count > 63) {
                throw new IllegalArgumentException(condition + " " + count);
            }
            this.condition = condition;
            this.count = count;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register t = reg(get(Mode.TEMP, 0));
            asm.mov(QWORD, t, reg(get(Mode.USE, 0)));
            if (count(Mode.ALIVE) > 0) {
                asm.alu(AluOp.XOR, QWORD, t, reg(get(Mode.ALIVE, 0)));
            }
            asm.shift(org.ssajit.amd64.asm.ShiftOp.SHR, QWORD, t, count);
            e.branch(condition(condition), trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "branch.q (" + (count(Mode.ALIVE) > 0 ? "x ^ y" : "x") + ") >>> " + count + " " + condition.symbol() + " 0 " + trueTarget + " else " + falseTarget;
        }
    }

    /**
     * {@code if ([address] cond y)}: a word or int read used only by this branch, compared in memory
     * ({@code cmp [address], y}) instead of loaded first; y is a register, an imm32, or a narrow
     * class constant ({@code cmp dword [address], imm32} with a data patch on the instruction, HotSpot's
     * {@code cmp_narrow_klass} shape: the header's narrow klass against a class). The class-word
     * compares of the lowering's subtype check.
     */
    public static final class MemoryCompareBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final OperandSize size;
        private final Amd64Memory.AddressShape shape;
        private final boolean indexed;
        private final jdk.vm.ci.meta.VMConstant narrowKlass;

        /** {@code y} a register or a constant; {@code index} may be null. */
        public MemoryCompareBranch(org.ssajit.ir.Condition condition, OperandSize size, Value base, Value index, Amd64Memory.AddressShape shape, Value y,
                        LirBlock trueTarget, LirBlock falseTarget) {
            this(condition, size, base, index, shape, y, null, trueTarget, falseTarget);
        }

        /** Against a narrow class constant ({@code DWORD}). */
        public MemoryCompareBranch(org.ssajit.ir.Condition condition, Value base, Value index, Amd64Memory.AddressShape shape, jdk.vm.ci.meta.VMConstant narrowKlass,
                        LirBlock trueTarget, LirBlock falseTarget) {
            this(condition, DWORD, base, index, shape, null, narrowKlass, trueTarget, falseTarget);
        }

        private MemoryCompareBranch(org.ssajit.ir.Condition condition, OperandSize size, Value base, Value index, Amd64Memory.AddressShape shape, Value y,
                        jdk.vm.ci.meta.VMConstant narrowKlass, LirBlock trueTarget, LirBlock falseTarget) {
            super(operands(base, index, y), trueTarget, falseTarget);
            this.condition = condition;
            this.size = size;
            this.shape = shape;
            this.indexed = index != null;
            this.narrowKlass = narrowKlass;
        }

        private static Value[] operands(Value base, Value index, Value y) {
            java.util.List<Value> v = new CompilerList<>(3);
            v.add(base);
            if (index != null) {
                v.add(index);
            }
            if (y != null) {
                v.add(y);
            }
            return v.toArray(new Value[0]);
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG : REG | CONST;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            org.ssajit.amd64.asm.Address a = Amd64Memory.address(e, get(Mode.USE, 0), indexed ? get(Mode.USE, 1) : null, shape);
            if (narrowKlass != null) {
                int pc = asm.cmpDwordImm32(a, 0);
                e.recordPatch(new jdk.vm.ci.code.site.DataPatch(pc, new jdk.vm.ci.code.site.ConstantReference(narrowKlass)));
            } else {
                Value y = get(Mode.USE, indexed ? 2 : 1);
                if (isConstant(y)) {
                    asm.alu(AluOp.CMP, size, a, imm32(y));
                } else {
                    asm.alu(AluOp.CMP, size, a, reg(y));
                }
            }
            e.branch(condition(condition), trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "branch" + (size == QWORD ? ".q [" : size == OperandSize.BYTE ? ".b [" : ".i [") + shape + "] " + condition.symbol() + (narrowKlass != null ? " narrow klass " : " ") + trueTarget
                            + " else " + falseTarget;
        }
    }

    /**
     * {@code if ((byte [address] & imm8) == 0)} or {@code != 0}: {@code test byte [address], imm8} and one
     * {@code je}/{@code jne}, the byte never in a register.
     */
    public static final class MemoryTestBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final Amd64Memory.AddressShape shape;
        private final boolean indexed;
        private final int mask;

        /** {@code index} may be null; {@code mask} within 0..127. */
        public MemoryTestBranch(org.ssajit.ir.Condition condition, Value base, Value index, Amd64Memory.AddressShape shape, int mask, LirBlock trueTarget,
                        LirBlock falseTarget) {
            super(index == null ? values(base) : values(base, index), trueTarget, falseTarget);
            if (condition != org.ssajit.ir.Condition.EQ && condition != org.ssajit.ir.Condition.NE || mask < 0 || mask > 127) {
                throw new IllegalArgumentException("a byte tests only on == 0 and != 0 with a mask of 0..127: " + condition + ", " + mask);
            }
            this.condition = condition;
            this.shape = shape;
            this.indexed = index != null;
            this.mask = mask;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            org.ssajit.amd64.asm.Address a = Amd64Memory.address(e, get(Mode.USE, 0), indexed ? get(Mode.USE, 1) : null, shape);
            e.asm().test(OperandSize.BYTE, a, mask);
            e.branch(condition(condition), trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "testbranch.b [" + shape + "] " + mask + (condition == org.ssajit.ir.Condition.EQ ? " zero " : " nonzero ") + trueTarget + " else " + falseTarget;
        }
    }

    /**
     * {@code if ((x & y) == 0)} or {@code != 0} for ints ({@code DWORD}) and longs ({@code QWORD}), the
     * {@code and} having no other user: {@code test x, y} sets ZF exactly as the {@code and} would,
     * without a result register, and one {@code je}/{@code jne} decides. y is a register or an imm32
     * (sign-extended for {@code QWORD}, as the {@code and} of that long constant).
     */
    public static final class TestBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final OperandSize size;

        public TestBranch(org.ssajit.ir.Condition condition, OperandSize size, Value x, Value y, LirBlock trueTarget, LirBlock falseTarget) {
            super(values(x, y), trueTarget, falseTarget);
            if (condition != org.ssajit.ir.Condition.EQ && condition != org.ssajit.ir.Condition.NE) {
                throw new IllegalArgumentException("test branches only on == 0 and != 0: " + condition);
            }
            this.condition = condition;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG | STACK : REG | CONST;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Value x = get(Mode.USE, 0);
            Value y = get(Mode.USE, 1);
            if (isConstant(y)) {
                // Bits of the low byte only: the byte form tests the same bits, with an imm8.
                int c = imm32(y);
                OperandSize s = (c & ~0x7F) == 0 ? BYTE : size;
                if (isRegister(x)) {
                    asm.test(s, reg(x), c);
                } else {
                    asm.test(s, e.address(x), c);
                }
            } else if (isRegister(x)) {
                asm.test(size, reg(x), reg(y));
            } else {
                asm.test(size, e.address(x), reg(y));
            }
            e.branch(condition(condition), trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "testbranch" + (size == QWORD ? ".q " : ".i ") + (condition == org.ssajit.ir.Condition.EQ ? "zero " : "nonzero ") + trueTarget + " else " + falseTarget;
        }
    }

    /**
     * A fused {@code fcmpl/fcmpg/dcmpl/dcmpg} + {@code if (cmp cond 0)}. For &lt;, &lt;=, &gt;, &gt;=
     * the operand order of {@code ucomiss} is chosen so that one {@code jcc} on CF/ZF decides,
     * unordered (CF = ZF = PF = 1) landing on the side Java's NaN result takes:
     *
     * <pre>
     *   cond  fcmpl (NaN is -1)       fcmpg (NaN is 1)
     *   &lt;     ucomis x,y; jb         ucomis y,x; ja
     *   &lt;=    ucomis x,y; jbe        ucomis y,x; jae
     *   &gt;     ucomis x,y; ja         ucomis y,x; jb
     *   &gt;=    ucomis x,y; jae        ucomis y,x; jbe
     * </pre>
     *
     * == and != need the parity flag: NaN compares unequal.
     */
    public static final class FloatBranch extends TwoWayBranch<Amd64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final boolean unorderedIsLess;

        public FloatBranch(org.ssajit.ir.Condition condition, boolean unorderedIsLess, Value x, Value y, LirBlock trueTarget, LirBlock falseTarget) {
            super(values(x, y), trueTarget, falseTarget);
            this.condition = condition;
            this.unorderedIsLess = unorderedIsLess;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register x = reg(get(Mode.USE, 0));
            Register y = reg(get(Mode.USE, 1));
            SseOp ucomis = isDouble(get(Mode.USE, 0)) ? SseOp.UCOMISD : SseOp.UCOMISS;
            boolean swap = !unorderedIsLess && condition != org.ssajit.ir.Condition.EQ && condition != org.ssajit.ir.Condition.NE;
            if (swap) {
                asm.sse(ucomis, y, x);
            } else {
                asm.sse(ucomis, x, y);
            }
            switch (condition) {
                case EQ -> {
                    // Equal and ordered: NaN (PF) goes to the false side.
                    if (e.fallsInto(trueTarget)) {
                        asm.jcc(Condition.P, e.label(falseTarget));
                        asm.jcc(Condition.NE, e.label(falseTarget));
                    } else {
                        asm.jcc(Condition.P, e.label(falseTarget));
                        e.branch(Condition.E, trueTarget, falseTarget);
                    }
                }
                case NE -> {
                    // Unequal or unordered.
                    asm.jcc(Condition.P, e.label(trueTarget));
                    e.branch(Condition.NE, trueTarget, falseTarget);
                }
                case LT -> e.branch(swap ? Condition.A : Condition.B, trueTarget, falseTarget);
                case LE -> e.branch(swap ? Condition.AE : Condition.BE, trueTarget, falseTarget);
                case GT -> e.branch(swap ? Condition.B : Condition.A, trueTarget, falseTarget);
                case GE -> e.branch(swap ? Condition.BE : Condition.AE, trueTarget, falseTarget);
            }
        }

        @Override
        public String name() {
            return "branch" + (isDouble(get(Mode.USE, 0)) ? ".d" : ".f") + (unorderedIsLess ? "l " : "g ") + condition.symbol() + " 0 " + trueTarget + " else " + falseTarget;
        }
    }
}
