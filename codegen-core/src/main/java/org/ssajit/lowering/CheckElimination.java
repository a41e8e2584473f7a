package org.ssajit.lowering;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Stamps;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.ir.Value;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The lowering's check elimination, the step after the instructions' lowering: removes the checks
 * that lowering emitted for every Java operation where they cannot fail. One walk over the dominator
 * tree, with the facts that hold in a block kept in scoped sets (added on entering it, dropped on
 * leaving its subtree), so each check is one lookup:
 * <ul>
 * <li>a {@link HotSpotOp#NULL_CHECK} of a value whose stamp is non-null, or that a dominating null check
 * (earlier in the block, or in a dominating block) tested, or that a dominating branch edge shows
 * non-null ({@code v != null}, a passed type test that null fails: {@code instanceof}, the class
 * test of a profiled call);</li>
 * <li>a null check followed by its access's bounds check against the array's length-or-zero
 * (a {@linkplain Instruction#checkedLength checked length}): that check fails for a null array
 * anyway, and deoptimizes to the same bytecode;</li>
 * <li>a {@link HotSpotOp#BOUNDS_CHECK} whose index a dominating bounds check of the same array and index
 * passed, or whose index is non-negative where it runs and below the array's length on a dominating
 * branch edge ({@code index < arraylength(array)}, the very SSA values: the counted loop
 * {@code for (i = 0; i < a.length; i++) ... a[i]}; sound in loops too, since a later iteration
 * passes that edge again before the check), or below the length of an array that a dominating
 * {@code a.length == b.length} edge shows to be as long; the length read that only it used goes with it;</li>
 * <li>a {@link HotSpotOp#ZERO_CHECK} of a divisor whose stamp where it runs excludes 0 (its own, or narrowed
 * by dominating branch edges: {@link Stamps#at}), or that a dominating zero check passed;</li>
 * <li>a cast (a {@link HotSpotOp#GUARD} of a {@link HotSpotOp#TYPE_TEST} that null passes) that the object's stamp
 * proves (the cast's {@link HotSpotOp#PI} goes too: the object keeps its own stamp), or that a dominating
 * cast to a subtype, or a dominating branch edge on which a type test for a subtype passed, proves
 * (the PI stays).</li>
 * </ul>
 * It also drops what the facts make needless: an {@code and} with a mask of low bits that its value's
 * stamp fits in (a boolean's {@code & 1} of a phi of 0 and 1), the null test of a {@link HotSpotOp#TYPE_TEST} whose object
 * is known non-null ({@link TypeTest#ofNonNull}), and the zero case of a {@link HotSpotOp#READ_OR_ZERO} of an
 * array's length (a plain read). A check whose failure throws to a handler of the method (a
 * {@linkplain Deopt#compiledThrow compiled throw}) proves nothing: the handler, which the check
 * dominates, is entered exactly when it fails; such a check still goes where it cannot fail.
 */
final class CheckElimination {
    private final Graph g;
    private final Stamps stamps;
    private final Access lengthAccess;

    // The facts, in side tables by value id (the values the pass makes get ids past the graph's limit
    // when it starts: the tables grow). Each fact added is logged, and undone on leaving the subtree
    // of the block it was added in.

    /** Per value id: {@link #NON_NULL} (a reference without its PIs) and {@link #NON_ZERO} (a divisor a zero check passed). */
    private byte[] known;
    /** Per array id (without its PIs): the indices that bounds checks of it passed. */
    private List<Value>[] inBounds;
    /** Per reference id (without its PIs): the types it is known to be null or an instance of. */
    private List<ResolvedJavaType>[] casts;
    /** Per int id: the values it is known to be below (signed). */
    private List<Value>[] below;
    /** Per array id (without its PIs): the arrays whose length is known to equal its length. */
    private List<Value>[] sameLength;
    /** The facts added in the blocks being walked, in order, each as its kind (the low 3 bits) and value id. */
    private int[] undo = new int[16];
    private int undoSize;

    private static final byte NON_NULL = 1;
    private static final byte NON_ZERO = 2;
    /** Kinds of logged facts besides {@link #NON_NULL} and {@link #NON_ZERO}: a list's last entry. */
    private static final int IN_BOUNDS = 3;
    private static final int CAST = 4;
    private static final int BELOW = 5;
    private static final int SAME_LENGTH = 6;
    /** The instruction before the one being visited, in its block (null: none, or not known). */
    private Instruction previous;

    private CheckElimination(Graph g, Stamps stamps, int arrayLengthOffset) {
        this.g = g;
        this.stamps = stamps;
        this.lengthAccess = new Access(JavaKind.Int, arrayLengthOffset, 0, false);
        allocateTables(g.valueIdLimit());
    }

    @SuppressWarnings("unchecked")
    private void allocateTables(int n) {
        known = known == null ? new byte[n] : CompilerArrays.copyOf(known, n);
        inBounds = inBounds == null ? new List[n] : CompilerArrays.copyOf(inBounds, n);
        casts = casts == null ? new List[n] : CompilerArrays.copyOf(casts, n);
        below = below == null ? new List[n] : CompilerArrays.copyOf(below, n);
        sameLength = sameLength == null ? new List[n] : CompilerArrays.copyOf(sameLength, n);
    }

    /** {@code v}'s id, the tables grown to hold it. */
    private int slot(Value v) {
        int id = v.id();
        if (id >= known.length) {
            allocateTables(IntMath.max(id + 1, 2 * known.length));
        }
        return id;
    }

    private void log(int kind, int id) {
        if (undoSize == undo.length) {
            undo = CompilerArrays.copyOf(undo, 2 * undoSize);
        }
        undo[undoSize++] = kind | id << 3;
    }

    /** Undoes the facts logged from {@code mark} on, newest first. */
    private void undoTo(int mark) {
        while (undoSize > mark) {
            int e = undo[--undoSize];
            int id = e >>> 3;
            switch (e & 7) {
                case NON_NULL -> known[id] &= ~NON_NULL;
                case NON_ZERO -> known[id] &= ~NON_ZERO;
                case IN_BOUNDS -> removeLast(inBounds[id]);
                case CAST -> removeLast(casts[id]);
                case BELOW -> removeLast(below[id]);
                case SAME_LENGTH -> removeLast(sameLength[id]);
                default -> throw new IllegalStateException("fact kind " + (e & 7));
            }
        }
    }

    private static void removeLast(List<?> list) {
        list.remove(list.size() - 1);
    }

    /** {@code list[id]}, made empty if there is none. */
    private static <T> List<T> listAt(List<T>[] lists, int id) {
        List<T> l = lists[id];
        if (l == null) {
            l = new CompilerList<>(2);
            lists[id] = l;
        }
        return l;
    }

    private static boolean containsIdentical(List<Value> list, Value v) {
        if (list != null) {
            for (int k = 0; k < list.size(); k++) {
                if (list.get(k) == v) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Removes the checks of {@code g} that cannot fail; {@code stamps}: the lowering's. */
    static void run(Graph g, Stamps stamps, int arrayLengthOffset) {
        new CheckElimination(g, stamps, arrayLengthOffset).walk();
    }

    private void walk() {
        Dominance dominance = g.dominance();
        List<Block> rpo = dominance.reversePostorder();
        int limit = g.blockIdLimit();
        // The dominator tree: each block's children, in reverse postorder, at first[id] .. first[id + 1] of kids.
        int[] first = new int[limit + 1];
        for (Block b : rpo) {
            if (b != g.entry()) {
                first[dominance.immediateDominator(b).id() + 1]++;
            }
        }
        for (int i = 0; i < limit; i++) {
            first[i + 1] += first[i];
        }
        Block[] kids = new Block[first[limit]];
        int[] filled = CompilerArrays.copyOf(first, limit);
        for (Block b : rpo) {
            if (b != g.entry()) {
                kids[filled[dominance.immediateDominator(b).id()]++] = b;
            }
        }
        // Iterative preorder walk: a block's mark is the undo log's size before its facts.
        Block[] blocks = new Block[rpo.size()];
        int[] marks = new int[rpo.size()];
        int[] next = new int[rpo.size()];
        int depth = 0;
        blocks[depth] = g.entry();
        marks[depth] = undoSize;
        next[depth] = first[g.entry().id()];
        depth++;
        enter(g.entry());
        while (depth > 0) {
            int top = depth - 1;
            Block b = blocks[top];
            if (next[top] < first[b.id() + 1]) {
                Block c = kids[next[top]++];
                blocks[depth] = c;
                marks[depth] = undoSize;
                next[depth] = first[c.id()];
                depth++;
                enter(c);
            } else {
                undoTo(marks[top]);
                depth--;
            }
        }
    }

    private void enter(Block b) {
        edgeFacts(b);
        Instruction last = null;
        for (Instruction i : CompilerList.copyOf(b.instructions())) {
            if (i.block() == b) {
                previous = last != null && last.block() == b ? last : null;
                Instruction now = visit(i, b);
                if (now != null) {
                    last = now;
                }
            }
        }
    }

    // The facts ------------------------------------------------------------------------------------

    private void addNonNull(Value v) {
        int x = slot(withoutPi(v));
        if ((known[x] & NON_NULL) == 0) {
            known[x] |= NON_NULL;
            log(NON_NULL, x);
        }
    }

    private boolean isNonNull(Value v) {
        return v.stamp().isNonNull() || (known[slot(withoutPi(v))] & NON_NULL) != 0;
    }

    private boolean knownInBounds(Value array, Value index) {
        return containsIdentical(inBounds[slot(withoutPi(array))], index);
    }

    private void addInBounds(Value array, Value index) {
        int a = slot(withoutPi(array));
        if (!containsIdentical(inBounds[a], index)) {
            listAt(inBounds, a).add(index);
            log(IN_BOUNDS, a);
        }
    }

    private void addCast(Value v, ResolvedJavaType t) {
        int x = slot(withoutPi(v));
        listAt(casts, x).add(t);
        log(CAST, x);
    }

    private boolean castKnown(Value v, ResolvedJavaType t) {
        List<ResolvedJavaType> ts = casts[slot(withoutPi(v))];
        if (ts != null) {
            for (ResolvedJavaType s : ts) {
                if (t.isAssignableFrom(s)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void addBelow(Value v, Value bound) {
        int x = slot(v);
        listAt(below, x).add(bound);
        log(BELOW, x);
    }

    /** Records that arrays {@code a} and {@code b} (PIs and all) have the same length, both ways. */
    private void addSameLength(Value a, Value b) {
        Value x = withoutPi(a);
        Value y = withoutPi(b);
        if (x != y) {
            listAt(sameLength, slot(x)).add(y);
            log(SAME_LENGTH, slot(x));
            listAt(sameLength, slot(y)).add(x);
            log(SAME_LENGTH, slot(y));
        }
    }

    /** Whether {@code v}'s stamp says it is an array (null or not). */
    private static boolean isArray(Value v) {
        ResolvedJavaType t = v.stamp().type();
        return t != null && t.isArray();
    }

    /** Whether {@code l} reads the length of {@code array} or of an array known to have the same length. */
    private boolean lengthOf(Instruction l, Value array) {
        if (!isLengthRead(l)) {
            return false;
        }
        Value of = withoutPi(l.input(In.BASE));
        Value a = withoutPi(array);
        return of == a || containsIdentical(sameLength[slot(a)], of);
    }

    /**
     * What holds in {@code d} because it is entered only through one edge of a branch: {@code v != null}
     * (or {@code null != v}); a passed type test that null fails makes its object non-null, and any
     * passed type test makes it an instance of the type (or null); {@code v < y} (signed ints);
     * {@code a.length == b.length} (two arrays of the same length, as equality tests compare them).
     */
    private void edgeFacts(Block d) {
        if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f) || f.trueTarget() == f.falseTarget()) {
            return;
        }
        Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
        Value x = f.x();
        Value y = f.y();
        if (x.kind() == JavaKind.Object) {
            if (c == Condition.NE) {
                if (isNullConstant(y)) {
                    addNonNull(x);
                } else if (isNullConstant(x)) {
                    addNonNull(y);
                }
            }
            return;
        }
        if (c == Condition.NE && x instanceof Instruction t && t.op() == HotSpotOp.TYPE_TEST && y instanceof Constant zero && zero.kind() == JavaKind.Int && zero.asInt() == 0) {
            TypeTest test = t.attribute(TypeTest.class);
            if (!test.nullPasses()) {
                addNonNull(t.input(In.OBJECT));
            }
            addCast(t.input(In.OBJECT), test.type());
        }
        if (x.kind() == JavaKind.Int && y.kind() == JavaKind.Int) {
            // Both bases arrays: a read of an object's int field at the length's offset looks the same,
            // and a field, unlike a length, may change after the edge.
            if (c == Condition.EQ && x instanceof Instruction lx && isLengthRead(lx) && isArray(lx.input(In.BASE)) && y instanceof Instruction ly
                            && isLengthRead(ly) && isArray(ly.input(In.BASE))) {
                addSameLength(lx.input(In.BASE), ly.input(In.BASE));
            }
            if (c == Condition.LT) {
                addBelow(x, y);
            } else if (c == Condition.GT) {
                addBelow(y, x);
            }
        }
    }

    // The checks -----------------------------------------------------------------------------------

    /** Visits {@code i}: returns what stands in its place now (itself, a replacement, or null if removed). */
    private Instruction visit(Instruction i, Block b) {
        if (i.op() == Op.AND && i.input(1) instanceof Constant mask && (mask.kind() == JavaKind.Int || mask.kind() == JavaKind.Long)) {
            // A mask of low bits that its value's stamp fits in (a boolean's & 1, where the value is
            // a phi of 0 and 1 that the parser could not type: its operands were not all known yet).
            long m = mask.kind() == JavaKind.Int ? mask.asInt() : mask.asLong();
            Value x = i.input(0);
            if (m > 0 && (m & (m + 1)) == 0 && x.kind() == i.kind() && org.ssajit.opt.NodeFactory.fitsInLowBits(x, m)) {
                i.replaceAllUsesWith(x);
                remove(i);
                return null;
            }
            return i;
        }
        if (!(i.op() instanceof HotSpotOp op)) {
            return i;
        }
        switch (op) {
            case NULL_CHECK -> {
                Value v = i.input(In.OBJECT);
                if (isNonNull(v)) {
                    remove(i);
                    return null;
                }
                if (!i.attribute(Deopt.class).compiledThrow()) {
                    addNonNull(v);
                }
            }
            case BOUNDS_CHECK -> {
                return boundsCheck(i, b) ? i : null;
            }
            case ZERO_CHECK -> {
                Value y = i.input(In.DIVISOR);
                if (!y.stamp().contains(0) || (known[slot(y)] & NON_ZERO) != 0 || !stamps.at(y, b).contains(0)) {
                    remove(i);
                    return null;
                }
                int yi = slot(y);
                if (!i.attribute(Deopt.class).compiledThrow() && (known[yi] & NON_ZERO) == 0) {
                    known[yi] |= NON_ZERO;
                    log(NON_ZERO, yi);
                }
            }
            case GUARD -> {
                if (i.input(In.CONDITION) instanceof Instruction t && t.op() == HotSpotOp.TYPE_TEST && t.attribute(TypeTest.class).nullPasses()) {
                    return cast(i, t, b) ? i : null;
                }
            }
            case TYPE_TEST -> {
                TypeTest test = i.attribute(TypeTest.class);
                if (test.maybeNull() && isNonNull(i.input(In.OBJECT))) {
                    return replace(i, new Instruction(g, HotSpotOp.TYPE_TEST, JavaKind.Int, test.ofNonNull(), i.bci(), i.input(In.OBJECT)), b);
                }
            }
            case READ_OR_ZERO -> {
                if (lengthAccess.equals(i.attribute()) && isNonNull(i.input(In.BASE))) {
                    return replace(i, new Instruction(g, HotSpotOp.READ, JavaKind.Int, i.attribute(), i.bci(), i.input(In.BASE)), b);
                }
            }
            default -> {
            }
        }
        return i;
    }

    private static Instruction replace(Instruction old, Instruction with, Block b) {
        b.insertBefore(old, with);
        with.setStamp(old.stamp());
        old.replaceAllUsesWith(with);
        remove(old);
        return with;
    }

    /**
     * A bounds check: against a length read of its array (the lowering's, right before it), or against
     * its access's checked length ({@link HotSpotOp#READ_OR_ZERO} of the array, or a read of its length).
     */
    private boolean boundsCheck(Instruction c, Block b) {
        Value index = c.input(In.INDEX);
        if (!(c.input(In.LENGTH) instanceof Instruction length) || !isLengthRead(length) && !(length.op() == HotSpotOp.READ_OR_ZERO && lengthAccess.equals(length.attribute()))) {
            return true; // not an array's length: no fact, no proof
        }
        Value array = length.input(In.BASE);
        Instruction before = previous;
        if (provenInBounds(array, index, b) || knownInBounds(array, index)) {
            remove(c);
            if (before == length && !length.hasUsers() && length.state() == null) {
                remove(length); // read for this check only
            }
            return false;
        }
        if (c.attribute(Deopt.class).compiledThrow()) {
            return true;
        }
        addInBounds(array, index);
        // A null check right before, of the same array at the same bytecode (the access's own, in the
        // same inlined frame): the check against the length-or-zero fails for a null array anyway, and
        // deoptimizes to that bytecode too (a read length ran before: not null).
        if (before != null && before.op() == HotSpotOp.NULL_CHECK && sameBytecode(before.state(), c.state()) && withoutPi(before.input(In.OBJECT)) == withoutPi(array)
                        && !before.attribute(Deopt.class).compiledThrow() && before != length) {
            remove(before);
        }
        return true;
    }

    /** Whether two states are at the same bytecode of the same frames (the method and its callers). */
    private static boolean sameBytecode(FrameState a, FrameState b) {
        FrameState x = a;
        FrameState y = b;
        while (x != null && y != null) {
            if (x.bci() != y.bci() || !x.method().equals(y.method())) {
                return false;
            }
            x = x.outer();
            y = y.outer();
        }
        return x == y;
    }

    /** A read of an array's length (a lowered {@code arraylength}). */
    private boolean isLengthRead(Instruction v) {
        return v.op() == HotSpotOp.READ && v.inputCount() == 1 && lengthAccess.equals(v.attribute());
    }

    /**
     * Whether {@code 0 <= index < array.length} holds wherever block {@code at} runs: the index's stamp
     * there is non-negative, and a dominating branch edge is taken only when
     * {@code index < arraylength(array)}, or below the length of an array that a dominating edge
     * showed to have the same length ({@code if (a.length == b.length) for (i < a.length) ... b[i]}).
     */
    private boolean provenInBounds(Value array, Value index, Block at) {
        List<Value> bounds = below[slot(index)];
        if (bounds == null || !stamps.at(index, at).isNonNegative()) {
            return false;
        }
        for (Value y : bounds) {
            if (y instanceof Instruction l && lengthOf(l, array)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A cast: nothing where the object's stamp proves it (a type without interfaces, which the
     * bytecode verifier does not check; the PI after the guard goes too), only its PI where a
     * dominating cast or passed type test proves it.
     */
    private boolean cast(Instruction guard, Instruction test, Block b) {
        Value x = test.input(In.OBJECT);
        ResolvedJavaType t = test.attribute(TypeTest.class).type();
        if (TypeCheckLowering.provenInstance(x.stamp(), t)) {
            Instruction pi = b.instructionAfter(guard);
            removeGuard(guard, test);
            if (pi != null && pi.op() == HotSpotOp.PI && pi.input(0) == x && pi.bci() == guard.bci()) {
                pi.replaceAllUsesWith(x);
                remove(pi);
            }
            return false;
        }
        if (castKnown(x, t)) {
            removeGuard(guard, test);
            return false;
        }
        if (!guard.attribute(Deopt.class).compiledThrow()) {
            addCast(x, t);
        }
        return true;
    }

    private void removeGuard(Instruction guard, Instruction test) {
        remove(guard);
        if (!test.hasUsers()) {
            remove(test);
        }
    }

    private static void remove(Instruction i) {
        i.block().removeInstruction(i);
    }

    /** {@code v} without the {@link HotSpotOp#PI}s around it: the same reference, with the stamp of no cast. */
    static Value withoutPi(Value v) {
        Value x = v;
        while (x instanceof Instruction p && p.op() == HotSpotOp.PI) {
            x = p.input(0);
        }
        return x;
    }

    static boolean isNullConstant(Value v) {
        return v instanceof Constant c && c.kind() == JavaKind.Object && c.isNull();
    }
}
