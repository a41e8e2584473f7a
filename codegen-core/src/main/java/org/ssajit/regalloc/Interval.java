package org.ssajit.regalloc;

import java.util.Arrays;

import org.ssajit.lir.LirKind;
import org.ssajit.lir.Variable;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.IntMath;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The lifetime of one variable (or one part of it after splitting), or of one physical register
 * ("fixed" interval): half-open ranges {@code [from, to)} of positions with lifetime holes between
 * them, and the positions where the value is used, each with how badly it wants a register.
 *
 * <p>Positions: op {@code k} of the linear order is at {@code 2k}; odd positions lie between ops,
 * where the allocator inserts moves. A {@code USE} at {@code p} ends a range at {@code p} (so a def of the
 * same op may take the register), an {@code ALIVE}, frame-state value or temp covers {@code p}, a def
 * starts a range at {@code p}.
 *
 * <p>Splitting (Wimmer and Franz, Section 4) cuts an interval at a position {@code s}: this part keeps
 * everything before {@code s}, a new child everything from {@code s} on. All parts of a variable are
 * kept on the split parent in position order, so the location of the variable at any position is
 * one binary search away.
 *
 * <p>Splitting is linear in what the kept part holds, not in what moves: the new part takes over the
 * arrays of the part it is cut from (a view from an offset), the cut part keeps a copy of its prefix.
 * The walker cuts the latest part again and again (a value spilled and reloaded around each call), so
 * copying the suffix each time made splitting quadratic in the number of ranges and uses. Each array
 * belongs to one part at a time: the part that took it over.
 */
final class Interval {
    /** Use priorities: where the use's operand allows a stack slot, a register is only preferred. */
    static final int NO_REGISTER = 0;
    static final int SHOULD_HAVE_REGISTER = 1;
    static final int MUST_HAVE_REGISTER = 2;

    static final int END = Integer.MAX_VALUE;

    private static final int[] NONE = {};

    final Variable variable;
    final Register fixed;
    final LirKind kind;
    final Interval parent;
    /** On the parent only, once it is split: every part in position order, the parent first; null before. */
    private Interval[] children;
    private int childCount;
    /** The position this part begins at (the parent: its definition). */
    int splitStart;

    /**
     * Ranges as {@code from, to} pairs from index {@link #rangeBase} on; descending while being built,
     * ascending once {@link #finish}ed.
     */
    private int[] ranges;
    private int rangeBase;
    private int rangeCount;
    /** Use positions and their priorities, as pairs from index {@link #useBase}; same order convention as the ranges. */
    private int[] uses;
    private int useBase;
    private int useCount;

    /** The register or stack slot of this part, once assigned. */
    AllocatableValue location;
    /** The register of this part, or null if it lives on the stack. */
    Register register;
    /** On the parent: the slot all spilled parts of the variable share. */
    StackSlot spillSlot;

    /** Another interval whose register would save a move, and the position to look it up at. */
    Interval hint;
    int hintPosition;
    /**
     * The walker's list of the parents whose {@link #hint} this parent is: the first here, the next in
     * each of them ({@link #nextHinted}).
     */
    Interval firstHinted;
    Interval nextHinted;

    /** Insertion order, for deterministic tie-breaking in the walker. */
    final int sequence;

    /** A parent interval with room for {@code rangeRoom} ranges before its array grows. */
    Interval(Variable variable, Register fixed, LirKind kind, int sequence, int rangeRoom) {
        this.variable = variable;
        this.fixed = fixed;
        this.kind = kind;
        this.parent = this;
        this.sequence = sequence;
        this.ranges = new int[2 * IntMath.max(2, rangeRoom)];
        this.uses = fixed == null ? new int[4] : NONE;
    }

    private Interval(Interval parent, int sequence) {
        this.variable = parent.variable;
        this.fixed = null;
        this.kind = parent.kind;
        this.parent = parent;
        this.sequence = sequence;
    }

    boolean isFixed() {
        return fixed != null;
    }

    // Building (positions arrive in decreasing order) ---------------------------------------------

    /** Adds {@code [from, to)}, merging with the lowest range so far if they overlap or touch. */
    void addRange(int from, int to) {
        if (rangeCount > 0) {
            int i = 2 * (rangeCount - 1);
            if (to >= ranges[i]) {
                ranges[i] = IntMath.min(ranges[i], from);
                ranges[i + 1] = IntMath.max(ranges[i + 1], to);
                return;
            }
        }
        if (2 * rangeCount == ranges.length) {
            ranges = CompilerArrays.copyOf(ranges, ranges.length * 2);
        }
        ranges[2 * rangeCount] = from;
        ranges[2 * rangeCount + 1] = to;
        rangeCount++;
    }

    /** The definition at {@code pos}: the lowest range starts here (or, for a dead value, is just the def). */
    void setDefinition(int pos) {
        if (rangeCount == 0 || ranges[2 * (rangeCount - 1)] > pos) {
            addRange(pos, pos + 1);
        } else {
            ranges[2 * (rangeCount - 1)] = pos;
        }
    }

    void addUse(int pos, int priority) {
        if (2 * useCount == uses.length) {
            uses = CompilerArrays.copyOf(uses, IntMath.max(4, uses.length * 2));
        }
        uses[2 * useCount] = pos;
        uses[2 * useCount + 1] = priority;
        useCount++;
    }

    /** Turns the descending build order into ascending order. */
    void finish() {
        reversePairs(ranges, rangeCount);
        reversePairs(uses, useCount);
        splitStart = rangeCount == 0 ? 0 : ranges[0];
    }

    private static void reversePairs(int[] a, int n) {
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            int f = a[2 * i];
            int t = a[2 * i + 1];
            a[2 * i] = a[2 * j];
            a[2 * i + 1] = a[2 * j + 1];
            a[2 * j] = f;
            a[2 * j + 1] = t;
        }
    }

    // Queries (ascending order) ----------------------------------------------------------------------

    boolean isEmpty() {
        return rangeCount == 0;
    }

    int from() {
        return ranges[rangeBase];
    }

    int to() {
        return ranges[rangeBase + 2 * rangeCount - 1];
    }

    int rangeCount() {
        return rangeCount;
    }

    int rangeFrom(int i) {
        return ranges[rangeBase + 2 * i];
    }

    int rangeTo(int i) {
        return ranges[rangeBase + 2 * i + 1];
    }

    /** Index of the first range whose end lies after {@code pos}, or {@code rangeCount}. */
    private int rangeIndexAfter(int pos) {
        int[] r = ranges;
        int base = rangeBase + 1;
        int lo = 0;
        int hi = rangeCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (r[base + 2 * mid] <= pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    boolean covers(int pos) {
        int i = rangeIndexAfter(pos);
        return i < rangeCount && rangeFrom(i) <= pos;
    }

    /** The start of the first range beginning after {@code pos}, or {@link #END}. */
    int nextRangeStartAfter(int pos) {
        int i = rangeIndexAfter(pos);
        if (i < rangeCount && rangeFrom(i) > pos) {
            return rangeFrom(i);
        }
        return i + 1 < rangeCount ? rangeFrom(i + 1) : END;
    }

    /** The first position at or after {@code pos} that both intervals cover, or {@link #END}. */
    int nextIntersection(Interval other, int pos) {
        int i = rangeIndexAfter(pos);
        int j = other.rangeIndexAfter(pos);
        int[] a = ranges;
        int ab = rangeBase;
        int[] b = other.ranges;
        int bb = other.rangeBase;
        while (i < rangeCount && j < other.rangeCount) {
            int aTo = a[ab + 2 * i + 1];
            int bTo = b[bb + 2 * j + 1];
            int from = IntMath.max(IntMath.max(a[ab + 2 * i], b[bb + 2 * j]), pos);
            int to = IntMath.min(aTo, bTo);
            if (from < to) {
                return from;
            }
            if (aTo <= bTo) {
                i++;
            } else {
                j++;
            }
        }
        return END;
    }

    int useCount() {
        return useCount;
    }

    int usePosition(int i) {
        return uses[useBase + 2 * i];
    }

    int usePriority(int i) {
        return uses[useBase + 2 * i + 1];
    }

    /** Index of the first use at or after {@code pos}, or {@code useCount}. */
    private int useIndexAtOrAfter(int pos) {
        int lo = 0;
        int hi = useCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (usePosition(mid) < pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first use at or after {@code pos} with at least {@code priority}, or {@link #END}. */
    int firstUse(int pos, int priority) {
        for (int i = useIndexAtOrAfter(pos); i < useCount; i++) {
            if (usePriority(i) >= priority) {
                return usePosition(i);
            }
        }
        return END;
    }

    /** The last use before {@code pos} with at least {@code priority}, or -1. */
    int lastUseBefore(int pos, int priority) {
        for (int i = useIndexAtOrAfter(pos) - 1; i >= 0; i--) {
            if (usePriority(i) >= priority) {
                return usePosition(i);
            }
        }
        return -1;
    }

    // Splitting ----------------------------------------------------------------------------------------

    /**
     * Cuts this part at {@code s} ({@code from() < s < to()}): this part keeps the ranges and uses
     * before {@code s} (a copy), the returned new part everything from {@code s} on (this part's arrays).
     */
    Interval splitAt(int s, int sequence) {
        if (s <= from() || s >= to() || isFixed()) {
            throw new IllegalStateException("cannot split " + this + " at " + s);
        }
        Interval child = new Interval(parent, sequence);
        child.splitStart = s;
        int i = rangeIndexAfter(s); // first range ending after s
        boolean inside = rangeFrom(i) < s; // s falls inside range i: both parts get a piece of it
        int keep = inside ? i + 1 : i;
        int[] kept = new int[2 * keep];
        System.arraycopy(ranges, rangeBase, kept, 0, 2 * keep);
        if (inside) {
            kept[2 * i + 1] = s;
            ranges[rangeBase + 2 * i] = s;
        }
        child.ranges = ranges;
        child.rangeBase = rangeBase + 2 * i;
        child.rangeCount = rangeCount - i;
        ranges = kept;
        rangeBase = 0;
        rangeCount = keep;

        int u = useIndexAtOrAfter(s);
        child.uses = uses;
        child.useBase = useBase + 2 * u;
        child.useCount = useCount - u;
        uses = u == 0 ? NONE : CompilerArrays.copyOfRange(uses, useBase, useBase + 2 * u);
        useBase = 0;
        useCount = u;

        parent.insertPart(partIndexAt(splitStart) + 1, child);
        return child;
    }

    private void insertPart(int at, Interval part) {
        if (children == null) {
            children = new Interval[4];
            children[0] = this;
            childCount = 1;
        } else if (childCount == children.length) {
            children = CompilerArrays.copyOf(children, childCount * 2);
        }
        System.arraycopy(children, at, children, at + 1, childCount - at);
        children[at] = part;
        childCount++;
    }

    /** How many parts this interval's variable has (1 until it is split). */
    int partCount() {
        return parent.children == null ? 1 : parent.childCount;
    }

    /** Part {@code i} of this interval's variable, in position order. */
    Interval part(int i) {
        return parent.children == null ? parent : parent.children[i];
    }

    /** The part of the variable that holds it at {@code pos}. */
    Interval partAt(int pos) {
        return parent.children == null ? parent : parent.children[partIndexAt(pos)];
    }

    private int partIndexAt(int pos) {
        Interval[] all = parent.children;
        if (all == null) {
            return 0;
        }
        int lo = 0;
        int hi = parent.childCount - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (all[mid].splitStart <= pos) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    void assignRegister(Register r) {
        register = r;
        location = r.asValue(kind);
    }

    void assignStack(StackSlot slot) {
        register = null;
        location = slot;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(fixed != null ? fixed.name : variable.toString());
        if (parent != this) {
            sb.append('#').append(Arrays.asList(parent.children).indexOf(this));
        }
        if (location != null) {
            sb.append('=').append(location);
        }
        for (int i = 0; i < rangeCount; i++) {
            sb.append(" [").append(rangeFrom(i)).append(',').append(rangeTo(i)).append(')');
        }
        return sb.toString();
    }
}
