package org.ssajit.lir;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * Shapes of the lowered graph that instruction selection on every target turns into fewer machine
 * instructions: a compare consumed by the branch right after it, an {@code and} only tested against
 * zero, a rotation written as two shifts, a narrow-oop read and its decode, an int load only used
 * widened. Each test says what may be fused; the target decides how (x86 {@code test}, AArch64
 * {@code tst}; {@code rol} / {@code ror}; {@code movsxd} / {@code ldrsw}).
 */
public final class SelectionPatterns {
    private SelectionPatterns() {
    }

    /** A three-way compare whose only user is the next {@code if (cmp cond 0)} in its block. */
    public static boolean isCompareFusable(Instruction i) {
        if (i.userCount() != 1 || !(i.user(0) instanceof If f) || f.block() != i.block() || f.x() != i) {
            return false;
        }
        return f.y() instanceof Constant c && c.kind() == JavaKind.Int && c.asInt() == 0;
    }

    /**
     * An {@code and} whose only user tests it against zero right after it in the block: an int
     * {@code if (and == 0)} or {@code != 0}, or a long {@code lcmp(and, 0L)} fused into such an
     * {@code if}. The branch then tests the bits instead.
     */
    public static boolean isTestFusable(Instruction i) {
        if (!isInteger(i.kind()) || i.userCount() != 1) {
            return false;
        }
        Node user = i.user(0);
        if (i.kind() == JavaKind.Long && user instanceof Instruction cmp && cmp.op() == Op.LCMP && cmp.block() == i.block()
                        && cmp.input(0) == i && isZero(cmp.input(1)) && isCompareFusable(cmp)) {
            return isZeroTest((If) cmp.user(0));
        }
        return user instanceof If f && f.block() == i.block() && f.x() == i && isZero(f.y()) && isZeroTest(f);
    }

    public static boolean isZeroTest(If f) {
        return f.condition() == Condition.EQ || f.condition() == Condition.NE;
    }

    public static boolean isZero(Value v) {
        return v instanceof Constant c && (c.kind() == JavaKind.Int ? c.asInt() == 0 : c.kind() == JavaKind.Long && c.asLong() == 0);
    }

    public static boolean isInteger(JavaKind k) {
        return k == JavaKind.Int || k == JavaKind.Long;
    }

    /** A left rotation of {@code x} by {@code left} bits (1 .. width-1). */
    public record Rotation(Value x, int left) {
    }

    /**
     * {@code (x << c) | (x >>> (w - c))}, or the same with {@code ^} (the two halves share no bit),
     * for a constant c in 1..w-1 after Java's masking (w = 32 or 64): a rotation. Returns {@code x} and
     * the left count, or null.
     */
    public static Rotation rotation(Instruction i) {
        if ((i.op() != Op.OR && i.op() != Op.XOR) || !isInteger(i.kind())) {
            return null;
        }
        if (!(i.input(0) instanceof Instruction a) || !(i.input(1) instanceof Instruction b)) {
            return null;
        }
        Instruction left = a.op() == Op.SHL ? a : b.op() == Op.SHL ? b : null;
        Instruction right = a.op() == Op.USHR ? a : b.op() == Op.USHR ? b : null;
        if (left == null || right == null || left.input(0) != right.input(0)
                        || !(left.input(1) instanceof Constant l) || !(right.input(1) instanceof Constant r)) {
            return null;
        }
        int width = i.kind() == JavaKind.Long ? 64 : 32;
        int lc = l.asInt() & (width - 1);
        int rc = r.asInt() & (width - 1);
        return lc != 0 && rc != 0 && lc + rc == width ? new Rotation(left.input(0), lc) : null;
    }

    /** A shift whose only user is a {@link #rotation} in the same block: the rotation replaces it. */
    public static boolean isShiftOfRotation(Instruction shift) {
        return shift.userCount() == 1 && shift.user(0) instanceof Instruction u && u.block() == shift.block() && rotation(u) != null;
    }

    /**
     * The {@link HotSpotOp#UNCOMPRESS} that is the only user of narrow read {@code read} (an oop, or a class
     * pointer read as an int), right after it, or null.
     */
    public static Instruction uncompressingUser(Instruction read) {
        return read.userCount() == 1 && read.user(0) instanceof Instruction u && u.op() == HotSpotOp.UNCOMPRESS && next(read) == u ? u : null;
    }

    /**
     * The {@code i2l} that is the only user of int read {@code load} (no frame state names the int),
     * later in the same block, or null. Nothing between them can change the loaded value: the read's
     * result is an SSA value, read once.
     */
    public static Instruction wideningUser(Instruction load) {
        if (load.userCount() != 1) {
            return null;
        }
        return load.user(0) instanceof Instruction u && u.op() == Op.I2L && u.block() == load.block() ? u : null;
    }

    /**
     * A {@link HotSpotOp#COMPARE_AND_SWAP} whose only user is the branch ending its block, right after it,
     * testing it against 0: the branch tests the swap's own outcome (flags), never a 0/1 result.
     */
    public static boolean isSwapTestedByBranch(Instruction cas) {
        return cas.op() == HotSpotOp.COMPARE_AND_SWAP && cas.userCount() == 1 && cas.user(0) instanceof If f && f.block() == cas.block() && next(cas) == null
                        && f.x() == cas && isZero(f.y()) && isZeroTest(f);
    }

    /** The instruction after {@code i} in its block, or null. */
    public static Instruction next(Instruction i) {
        return i.block().instructionAfter(i);
    }
}
