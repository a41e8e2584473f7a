package org.ssajit.lowering;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.TypeTest;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The lowering's check elimination: which null, bounds and type checks of the instruction being
 * lowered cannot fail, by a stamp, by a branch edge that dominates it, or by a check the lowering
 * emitted in a dominating block (or earlier in the block) that deoptimizes on failure. The lowering
 * asks while it lowers, dominators first, and records each check it emits here; a check whose
 * failure throws to a handler of the method proves nothing (the handler is dominated too, and is
 * entered exactly when the check fails). The decisions are made where the access is created because
 * a null check may become the access itself (an implicit null check) or be covered by a bounds check.
 */
final class CheckElimination {
    private final InstructionLowering ctx;

    CheckElimination(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * References null-checked in each block: a failed check never falls through, so they are non-null in
     * every block it dominates; not the checks that throw to a handler of the method (the handler is
     * dominated too, and entered exactly when the reference is null).
     */
    final Map<Block, Set<Value>> checkedNonNull = new HashMap<>();

    /**
     * Bounds checks passed in each block, as (array, index) pairs: an array's length never changes, so
     * the index is within the array in every block the check dominates (calls between included). As
     * for null checks, not the checks that throw to a handler of the method.
     */
    final Map<Block, List<Value[]>> checkedBounds = new HashMap<>();

    /**
     * Casts passed in each block, as (reference, type) pairs: the reference is null or an instance of
     * the type in every block the cast dominates; not the casts that throw to a handler of the method.
     */
    final Map<Block, List<Object[]>> checkedCasts = new HashMap<>();

    /**
     * Whether {@code index} was checked against {@code array}'s length in {@code b} before (or in a
     * block dominating it): a passed check that deoptimizes on failure ({@link #checkedBounds}).
     */
    boolean boundsCheckedBefore(Value array, Value index, Block b) {
        Value a = withoutPi(array);
        for (Block d = b; d != null; d = d == ctx.g.entry() ? null : ctx.dominance.immediateDominator(d)) {
            List<Value[]> checked = checkedBounds.get(d);
            if (checked != null) {
                for (Value[] c : checked) {
                    if (c[0] == a && c[1] == index) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * True if {@code 0 <= index < array.length} holds wherever {@code at} runs, so the bounds check
     * can go: the index's stamp there is non-negative, and a branch edge that dominates {@code at}
     * is taken only when {@code index < arraylength(array)}, the very SSA values (the counted loop
     * {@code for (i = 0; i < a.length; i++) ... a[i]}). Sound in loops too: whenever a later
     * iteration gives {@code index} or the length a new value, control passes that edge again
     * before {@code at}.
     */
    boolean provenInBounds(Value array, Value index, Block at) {
        return ctx.stamps.at(index, at).isNonNegative() && dominatingBound(index, at, b -> isLengthOf(b, array));
    }

    /** An {@code arraylength} of {@code array}, or the read it was lowered to (dominators are lowered first). */
    boolean isLengthOf(Value v, Value array) {
        if (!(v instanceof Instruction l)) {
            return false;
        }
        if (l.op() == Op.ARRAY_LENGTH) {
            return l.input(In.ARRAY) == array;
        }
        return l.op() == Op.READ && l.input(In.BASE) == array && l.attribute().equals(ctx.arrays.lengthAccess());
    }

    /**
     * Whether some block dominating {@code at} (or {@code at} itself) is entered only through a branch
     * edge on which {@code v < y} (signed int compare) holds for a {@code y} that {@code bound} accepts.
     */
    boolean dominatingBound(Value v, Block at, Predicate<Value> bound) {
        for (Block d = at; d != null; d = d == ctx.g.entry() ? null : ctx.dominance.immediateDominator(d)) {
            if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f)) {
                continue;
            }
            if (f.x().kind() != JavaKind.Int || f.y().kind() != JavaKind.Int) {
                continue;
            }
            Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
            if (c == Condition.LT && f.x() == v && bound.test(f.y())) {
                return true;
            }
            if (c == Condition.GT && f.y() == v && bound.test(f.x())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code x} is known here ({@code b}) to be null or an instance of {@code t}: a cast of
     * it to a subtype of {@code t} passed in a dominating block or earlier in {@code b}
     * ({@link #checkedCasts}), or a dominating block is entered only through the edge of a branch on
     * which a type test of it for a subtype of {@code t} passed ({@code instanceof}, typically
     * right before the cast).
     */
    boolean castBefore(Value x, ResolvedJavaType t, Block b) {
        Value object = withoutPi(x);
        for (Block d = b; d != null; d = d == ctx.g.entry() ? null : ctx.dominance.immediateDominator(d)) {
            List<Object[]> casts = checkedCasts.get(d);
            if (casts != null) {
                for (Object[] c : casts) {
                    if (c[0] == object && t.isAssignableFrom((ResolvedJavaType) c[1])) {
                        return true;
                    }
                }
            }
            if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f) || f.trueTarget() == f.falseTarget()) {
                continue;
            }
            Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
            if (c == Condition.NE && f.x() instanceof Instruction test && test.op() == Op.TYPE_TEST && f.y() instanceof Constant zero
                            && zero.kind() == JavaKind.Int && zero.asInt() == 0 && withoutPi(test.input(In.OBJECT)) == object
                            && t.isAssignableFrom(((TypeTest) test.attribute()).type())) {
                return true;
            }
        }
        return false;
    }

    /** {@code v} without the {@link Op#PI}s around it: the same reference, with the stamp of no cast. */
    static Value withoutPi(Value v) {
        Value x = v;
        while (x instanceof Instruction p && p.op() == Op.PI) {
            x = p.input(0);
        }
        return x;
    }

    /**
     * Whether {@code v} is known non-null in {@code b}: a null check of it in a dominating block
     * (or earlier in {@code b}), or a dominating block entered only through a branch edge on which
     * it is non-null ({@link #nonNullOnEntry}).
     */
    boolean checkedBefore(Value v, Block b) {
        Value object = withoutPi(v);
        for (Block d = b; d != null; d = d == ctx.g.entry() ? null : ctx.dominance.immediateDominator(d)) {
            Set<Value> s = checkedNonNull.get(d);
            if (s != null && s.contains(object)) {
                return true;
            }
            if (nonNullOnEntry(object, d)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether block {@code d} is entered only through one edge of a branch that tested {@code v}:
     * {@code v != null} (or {@code null != v}) held there, or a type test that null fails
     * ({@code instanceof}, the class test of a profiled call) passed.
     */
    boolean nonNullOnEntry(Value v, Block d) {
        if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f) || f.trueTarget() == f.falseTarget()) {
            return false;
        }
        Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
        if (c != Condition.NE) {
            return false;
        }
        if (f.x().kind() == JavaKind.Object) {
            return (withoutPi(f.x()) == v && isNullConstant(f.y())) || (withoutPi(f.y()) == v && isNullConstant(f.x()));
        }
        return f.x() instanceof Instruction t && f.y() instanceof Constant zero && zero.kind() == JavaKind.Int && zero.asInt() == 0
                        && (t.op() == Op.INSTANCEOF || t.op() == Op.CLASS_IS || (t.op() == Op.TYPE_TEST && !((TypeTest) t.attribute()).nullPasses()))
                        && withoutPi(t.input(In.OBJECT)) == v;
    }

    static boolean isNullConstant(Value v) {
        return v instanceof Constant c && c.kind() == JavaKind.Object && c.isNull();
    }
}
