package org.ssajit.regalloc;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.lir.Variable;

import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * A read-only copy of one part of a lifetime interval as the allocator left it ({@link AllocationResult#intervals()}),
 * for dumps and tests: the allocator's own intervals stay private to it.
 *
 * @param operand the {@link Variable}, or for a fixed interval the physical register's value
 * @param part 0 for the split parent (the variable's first part), {@code k} for its {@code k}-th split child
 * @param location the register or stack slot this part was assigned (the register itself for a fixed interval)
 * @param hint the operand whose location would save a move (a phi's input, a move's source or target;
 *            for a split child, its own variable: the previous part's location), or null
 * @param spillSlot the stack slot every spilled part of the variable shares, or null if none was needed
 * @param ranges the half-open ranges {@code [from, to)} of positions, ascending, with holes between
 *            them (op {@code k} of the allocation order is at {@code 2k})
 * @param uses the positions where the value is used or defined, ascending
 */
public record IntervalView(AllocatableValue operand, int part, AllocatableValue location, AllocatableValue hint, StackSlot spillSlot, List<Range> ranges,
                List<Use> uses) {

    /** Positions {@code [from, to)}. */
    public record Range(int from, int to) {
    }

    /** A use (or the definition) at {@code position}, and how badly it wants a register there. */
    public record Use(int position, UseKind kind) {
    }

    /** Use priorities, in increasing order. */
    public enum UseKind {
        /** The operand allows a stack slot: a register is not needed (C1Visualizer's {@code N}). */
        ANY_LOCATION,
        /** The operand allows a stack slot, but a register is better ({@code S}). */
        SHOULD_HAVE_REGISTER,
        /** The operand must be a register ({@code M}). */
        MUST_HAVE_REGISTER
    }

    public IntervalView {
        ranges = CompilerList.copyOf(ranges);
        uses = CompilerList.copyOf(uses);
    }

    /** Whether this is a physical register's interval (the positions where the register is not free). */
    public boolean isFixed() {
        return !(operand instanceof Variable);
    }

    /** Builds the view of one part; only the allocator's package sees its intervals. */
    static IntervalView of(Interval it) {
        Range[] ranges = new Range[it.rangeCount()];
        for (int i = 0; i < ranges.length; i++) {
            ranges[i] = new Range(it.rangeFrom(i), it.rangeTo(i));
        }
        Use[] uses = new Use[it.useCount()];
        for (int i = 0; i < uses.length; i++) {
            uses[i] = new Use(it.usePosition(i), switch (it.usePriority(i)) {
                case Interval.NO_REGISTER -> UseKind.ANY_LOCATION;
                case Interval.SHOULD_HAVE_REGISTER -> UseKind.SHOULD_HAVE_REGISTER;
                default -> UseKind.MUST_HAVE_REGISTER;
            });
        }
        if (it.isFixed()) {
            AllocatableValue r = it.fixed.asValue();
            return new IntervalView(r, 0, r, null, null, CompilerList.of(ranges), CompilerList.of(uses));
        }
        Interval parent = it.parent;
        int part = 0;
        while (it.part(part) != it) {
            part++;
        }
        AllocatableValue hint;
        if (part > 0) {
            hint = parent.variable;
        } else if (parent.hint == null) {
            hint = null;
        } else {
            hint = parent.hint.isFixed() ? parent.hint.fixed.asValue() : parent.hint.variable;
        }
        return new IntervalView(it.variable, part, it.location, hint, parent.spillSlot, CompilerList.of(ranges), CompilerList.of(uses));
    }
}
