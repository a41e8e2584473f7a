package org.ssajit.regalloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ssajit.lir.LirKind;
import org.ssajit.lir.Variable;

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
 */
final class Interval {
    /** Use priorities: where the use's operand allows a stack slot, a register is only preferred. */
    static final int NO_REGISTER = 0;
    static final int SHOULD_HAVE_REGISTER = 1;
    static final int MUST_HAVE_REGISTER = 2;

    static final int END = Integer.MAX_VALUE;

    final Variable variable;
    final Register fixed;
    final LirKind kind;
    final Interval parent;
    /** On the parent only: every part in position order, the parent first. */
    private final List<Interval> children;
    /** The position this part begins at (the parent: its definition). */
    int splitStart;

    /** Ranges as {@code from, to} pairs; descending while being built, ascending once {@link #finish}ed. */
    private int[] ranges = new int[4];
    private int rangeCount;
    /** Use positions and their priorities, as pairs; same order convention as the ranges. */
    private int[] uses = new int[4];
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

    /** Insertion order, for deterministic tie-breaking in the walker. */
    final int sequence;

    Interval(Variable variable, Register fixed, LirKind kind, int sequence) {
        this.variable = variable;
        this.fixed = fixed;
        this.kind = kind;
        this.parent = this;
        this.children = new ArrayList<>(1);
        this.children.add(this);
        this.sequence = sequence;
    }

    private Interval(Interval parent, int sequence) {
        this.variable = parent.variable;
        this.fixed = null;
        this.kind = parent.kind;
        this.parent = parent;
        this.children = null;
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
                ranges[i] = Math.min(ranges[i], from);
                ranges[i + 1] = Math.max(ranges[i + 1], to);
                return;
            }
        }
        if (2 * rangeCount == ranges.length) {
            ranges = Arrays.copyOf(ranges, ranges.length * 2);
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
            uses = Arrays.copyOf(uses, uses.length * 2);
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
        return ranges[0];
    }

    int to() {
        return ranges[2 * rangeCount - 1];
    }

    int rangeCount() {
        return rangeCount;
    }

    int rangeFrom(int i) {
        return ranges[2 * i];
    }

    int rangeTo(int i) {
        return ranges[2 * i + 1];
    }

    /** Index of the first range whose end lies after {@code pos}, or {@code rangeCount}. */
    private int rangeIndexAfter(int pos) {
        int lo = 0;
        int hi = rangeCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ranges[2 * mid + 1] <= pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    boolean covers(int pos) {
        int i = rangeIndexAfter(pos);
        return i < rangeCount && ranges[2 * i] <= pos;
    }

    /** The start of the first range beginning after {@code pos}, or {@link #END}. */
    int nextRangeStartAfter(int pos) {
        int i = rangeIndexAfter(pos);
        if (i < rangeCount && ranges[2 * i] > pos) {
            return ranges[2 * i];
        }
        return i + 1 < rangeCount ? ranges[2 * (i + 1)] : END;
    }

    /** The first position at or after {@code pos} that both intervals cover, or {@link #END}. */
    int nextIntersection(Interval other, int pos) {
        int i = rangeIndexAfter(pos);
        int j = other.rangeIndexAfter(pos);
        while (i < rangeCount && j < other.rangeCount) {
            int from = Math.max(Math.max(ranges[2 * i], other.ranges[2 * j]), pos);
            int to = Math.min(ranges[2 * i + 1], other.ranges[2 * j + 1]);
            if (from < to) {
                return from;
            }
            if (ranges[2 * i + 1] <= other.ranges[2 * j + 1]) {
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
        return uses[2 * i];
    }

    int usePriority(int i) {
        return uses[2 * i + 1];
    }

    /** The first use at or after {@code pos} with at least {@code priority}, or {@link #END}. */
    int firstUse(int pos, int priority) {
        int lo = 0;
        int hi = useCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (uses[2 * mid] < pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < useCount; i++) {
            if (uses[2 * i + 1] >= priority) {
                return uses[2 * i];
            }
        }
        return END;
    }

    // Splitting ----------------------------------------------------------------------------------------

    /**
     * Cuts this part at {@code s} ({@code from() < s < to()}): this part keeps the ranges and uses
     * before {@code s}, the returned new part everything from {@code s} on.
     */
    Interval splitAt(int s, int sequence) {
        if (s <= from() || s >= to() || isFixed()) {
            throw new IllegalStateException("cannot split " + this + " at " + s);
        }
        Interval child = new Interval(parent, sequence);
        child.splitStart = s;
        int i = rangeIndexAfter(s); // first range ending after s
        int keep = i;
        int first = 0;
        child.ranges = new int[Math.max(4, 2 * (rangeCount - i + 1))];
        if (ranges[2 * i] < s) {
            // s falls inside range i: both parts get a piece of it.
            child.ranges[0] = s;
            child.ranges[1] = ranges[2 * i + 1];
            ranges[2 * i + 1] = s;
            keep = i + 1;
            first = 1;
            i++;
        }
        for (int k = i; k < rangeCount; k++) {
            child.ranges[2 * first] = ranges[2 * k];
            child.ranges[2 * first + 1] = ranges[2 * k + 1];
            first++;
        }
        child.rangeCount = first;
        rangeCount = keep;

        int u = 0;
        while (u < useCount && uses[2 * u] < s) {
            u++;
        }
        child.uses = Arrays.copyOfRange(uses, 2 * u, Math.max(2 * useCount, 2 * u + 4));
        child.useCount = useCount - u;
        useCount = u;

        List<Interval> all = parent.children;
        all.add(partIndexAt(splitStart) + 1, child);
        return child;
    }

    /** All parts of this interval's variable, in position order. */
    List<Interval> parts() {
        return parent.children;
    }

    /** The part of the variable that holds it at {@code pos}. */
    Interval partAt(int pos) {
        return parent.children.get(partIndexAt(pos));
    }

    private int partIndexAt(int pos) {
        List<Interval> all = parent.children;
        int lo = 0;
        int hi = all.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (all.get(mid).splitStart <= pos) {
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
            sb.append('#').append(parent.children.indexOf(this));
        }
        if (location != null) {
            sb.append('=').append(location);
        }
        for (int i = 0; i < rangeCount; i++) {
            sb.append(" [").append(ranges[2 * i]).append(',').append(ranges[2 * i + 1]).append(')');
        }
        return sb.toString();
    }
}
