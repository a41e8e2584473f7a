package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.backend.TwoWayBranch;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Comparisons: as values ({@code lcmp}, {@code fcmpl}, ...: -1, 0 or 1) and as branches, with Java's
 * NaN rules. After {@code fcmp} an unordered result sets C and V, so {@code lt}, {@code le} and
 * {@code ne} hold for NaN and {@code mi}, {@code ge}, {@code gt}, {@code eq} and {@code ls} do not:
 * the {@code l} forms (NaN is less) and the {@code g} forms (NaN is greater) pick their conditions
 * accordingly.
 */
public final class Aarch64Compares {
    private Aarch64Compares() {
    }

    /** The signed condition of an IR condition. */
    public static Condition condition(org.ssajit.ir.Condition c) {
        return switch (c) {
            case EQ -> Condition.EQ;
            case NE -> Condition.NE;
            case LT -> Condition.LT;
            case GE -> Condition.GE;
            case GT -> Condition.GT;
            case LE -> Condition.LE;
        };
    }

    /**
     * The condition after {@code fcmp x, y} for {@code fcmp[lg](x, y) cond 0}: NaN (unordered) makes
     * the compare -1 for the l forms, 1 for the g forms.
     */
    public static Condition floatCondition(org.ssajit.ir.Condition c, boolean nanIsLess) {
        if (nanIsLess) {
            return switch (c) {
                case EQ -> Condition.EQ; // unordered: false
                case NE -> Condition.NE; // true
                case LT -> Condition.LT; // N != V: true when unordered
                case GE -> Condition.GE; // false
                case GT -> Condition.GT; // false
                case LE -> Condition.LE; // true
            };
        }
        return switch (c) {
            case EQ -> Condition.EQ; // false
            case NE -> Condition.NE; // true
            case LT -> Condition.MI; // N only for less: false when unordered
            case GE -> Condition.PL; // true
            case GT -> Condition.HI; // C and not Z: greater or unordered
            case LE -> Condition.LS; // less or equal, not unordered
        };
    }

    /** Whether {@code c} can be the immediate of {@code cmp} at {@code size} bits (as {@code cmp} or {@code cmn}). */
    public static boolean isCompareImmediate(int size, long c) {
        long v = size == 32 ? (int) c : c;
        return Aarch64Assembler.isArithmeticImmediate(v) || (v != Long.MIN_VALUE && Aarch64Assembler.isArithmeticImmediate(-v));
    }

    /** {@code cmp x, y} with y a register or an immediate ({@link #isCompareImmediate}). */
    static void compare(Aarch64Assembler asm, int size, Register x, Value y) {
        if (isConstant(y)) {
            long c = size == 32 ? (int) integer(y) : integer(y);
            if (Aarch64Assembler.isArithmeticImmediate(c)) {
                asm.cmp(size, x, c);
            } else {
                asm.cmn(size, x, -c);
            }
        } else {
            asm.cmp(size, x, reg(y));
        }
    }

    /** {@code lcmp}: {@code cmp x, y; cset r, ne; cneg r, r, lt}. */
    public static final class LongCompare extends Aarch64Op {
        public LongCompare(AllocatableValue result, AllocatableValue x, Value y) {
            super(values(result), values(x, y), null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE && i == 1 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            compare(e.asm(), 64, reg(get(Mode.USE, 0)), get(Mode.USE, 1));
            e.asm().cset(32, r, Condition.NE);
            e.asm().cneg(32, r, r, Condition.LT);
        }

        @Override
        public String name() {
            return "lcmp";
        }
    }

    /** {@code fcmpl}/{@code fcmpg}/{@code dcmpl}/{@code dcmpg}: {@code fcmp x, y; cset r, ne; cneg r, r, lt|mi}. */
    public static final class FloatCompare extends Aarch64Op {
        private final int size;
        private final boolean nanIsLess;

        public FloatCompare(int size, AllocatableValue result, AllocatableValue x, AllocatableValue y, boolean nanIsLess) {
            super(values(result), values(x, y), null, null);
            this.size = size;
            this.nanIsLess = nanIsLess;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            e.asm().fcmp(size, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)));
            e.asm().cset(32, r, Condition.NE);
            e.asm().cneg(32, r, r, nanIsLess ? Condition.LT : Condition.MI);
        }

        @Override
        public String name() {
            return nanIsLess ? "fcmpl" : "fcmpg";
        }
    }

    /**
     * {@code if (x cond y)} on ints, longs or references: {@code cmp} and {@code b.cond}; an equality
     * test against zero or null is one {@code cbz}/{@code cbnz}.
     */
    public static final class CompareBranch extends TwoWayBranch<Aarch64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final int size;

        public CompareBranch(org.ssajit.ir.Condition condition, int size, AllocatableValue x, Value y, LirBlock trueTarget, LirBlock falseTarget) {
            super(values(x, y), trueTarget, falseTarget);
            this.condition = condition;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 1 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register x = reg(get(Mode.USE, 0));
            Value y = get(Mode.USE, 1);
            if (isZeroTest()) {
                e.branchOnZero(size, x, condition == org.ssajit.ir.Condition.EQ, trueTarget, falseTarget);
                return;
            }
            compare(e.asm(), size, x, y);
            e.branch(condition(condition), trueTarget, falseTarget);
        }

        /** An equality test against zero or null: {@code cbz}/{@code cbnz}, no compare. */
        private boolean isZeroTest() {
            Value y = get(Mode.USE, 1);
            return isConstant(y) && integer(y) == 0 && (condition == org.ssajit.ir.Condition.EQ || condition == org.ssajit.ir.Condition.NE);
        }

        @Override
        public String name() {
            String test = isZeroTest() ? (condition == org.ssajit.ir.Condition.EQ ? "cbz" : "cbnz") : "branch " + condition.symbol();
            return test + " " + trueTarget + " " + falseTarget;
        }
    }

    /** {@code if ((x & y) ==/!= 0)}: {@code tst x, y} (a register or a bitmask immediate) and {@code b.eq}/{@code b.ne}. */
    public static final class TestBranch extends TwoWayBranch<Aarch64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final int size;

        public TestBranch(org.ssajit.ir.Condition condition, int size, AllocatableValue x, Value y, LirBlock trueTarget, LirBlock falseTarget) {
            super(values(x, y), trueTarget, falseTarget);
            if (condition != org.ssajit.ir.Condition.EQ && condition != org.ssajit.ir.Condition.NE) {
                throw new IllegalArgumentException("a bit test is == 0 or != 0, not " + condition);
            }
            this.condition = condition;
            this.size = size;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 1 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register x = reg(get(Mode.USE, 0));
            Value y = get(Mode.USE, 1);
            if (isConstant(y)) {
                long c = integer(y);
                e.asm().tst(size, x, size == 32 ? c & 0xFFFF_FFFFL : c);
            } else {
                e.asm().tst(size, x, reg(y));
            }
            e.branch(condition == org.ssajit.ir.Condition.EQ ? Condition.EQ : Condition.NE, trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "test-branch " + condition.symbol() + " " + trueTarget + " " + falseTarget;
        }
    }

    /** {@code if (fcmp[lg](x, y) cond 0)}: {@code fcmp x, y} and one branch on the condition that puts NaN on Java's side. */
    public static final class FloatBranch extends TwoWayBranch<Aarch64CodeEmitter> {
        private final org.ssajit.ir.Condition condition;
        private final boolean nanIsLess;
        private final int size;

        public FloatBranch(org.ssajit.ir.Condition condition, boolean nanIsLess, int size, AllocatableValue x, AllocatableValue y, LirBlock trueTarget,
                        LirBlock falseTarget) {
            super(values(x, y), trueTarget, falseTarget);
            this.condition = condition;
            this.nanIsLess = nanIsLess;
            this.size = size;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().fcmp(size, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)));
            e.branch(floatCondition(condition, nanIsLess), trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "float-branch " + (nanIsLess ? "l " : "g ") + condition.symbol() + " " + trueTarget + " " + falseTarget;
        }
    }

    static final Register ZR = AArch64.zr;
}
