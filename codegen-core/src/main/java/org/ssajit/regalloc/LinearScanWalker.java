package org.ssajit.regalloc;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerList;
import org.ssajit.util.IntMath;
import java.util.List;

import jdk.vm.ci.code.Register;

/**
 * The allocation walk: intervals in order of their start; at each start the intervals already
 * assigned a register are active (they cover the position) or inactive (in a lifetime hole).
 * {@link #tryAllocateFreeRegister} takes a register that is free long enough, or free for a first part
 * (the rest is split off); else {@link #allocateBlockedRegister} either spills the current interval up
 * to its first use that needs a register or takes the register whose other occupants are used last,
 * splitting and spilling them (Wimmer and Mössenböck, "Optimized Interval Splitting in a Linear Scan
 * Register Allocator", VEE 2005, which Wimmer and Franz build on).
 */
final class LinearScanWalker {
    private final LinearScan allocator;
    private final RegisterAllocationConfig config;
    private final AllocationStats stats;
    /** By start, then by insertion: a total order, so the walk does not depend on the queue's shape. */
    private final IntervalQueue unhandled;
    private final List<Interval> active = new CompilerList<>();
    private final List<Interval> inactive = new CompilerList<>();
    private final List<Interval> fixedActive = new CompilerList<>();
    private final List<Interval> fixedInactive = new CompilerList<>();
    private final int[] freeUntil;
    private final int[] nextUse;
    private final int[] blockedAt;
    /**
     * Unallocated intervals whose hint register is known ({@link #reserved}), by start: those from
     * {@link #waitingFirst} to {@link #waitingEnd}, those before the first having started. The walk's
     * position only grows, so each {@link #markReserved} looks at the intervals beginning in its range
     * only, not at every one still waiting (which made the walk quadratic in long methods).
     */
    private Interval[] waiting = new Interval[16];
    private int waitingFirst;
    private int waitingEnd;
    private final boolean[] reserved;

    LinearScanWalker(LinearScan allocator, List<Interval> variables, List<Interval> fixed) {
        this.allocator = allocator;
        this.config = allocator.config();
        this.stats = allocator.stats();
        this.unhandled = new IntervalQueue(variables);
        this.fixedInactive.addAll(fixed);
        int n = config.registerLimit();
        freeUntil = new int[n];
        nextUse = new int[n];
        blockedAt = new int[n];
        reserved = new boolean[n];
        // For each interval, the unallocated intervals whose hint it is (a phi's operands, a move's
        // destination), as a list through the hinted intervals; the order does not matter (see markReserved).
        for (Interval v : variables) {
            if (v.hint != null) {
                if (v.hint.isFixed()) {
                    waitForHint(v);
                } else {
                    v.nextHinted = v.hint.firstHinted;
                    v.hint.firstHinted = v;
                }
            }
        }
    }

    /** The registers for {@link #registersFor}'s last kind (most intervals share a few kinds). */
    private jdk.vm.ci.meta.PlatformKind lastKind;
    private Register[] lastRegisters;

    void walk() {
        while (!unhandled.isEmpty()) {
            Interval current = unhandled.poll();
            int pos = current.from();
            advance(pos);
            if (!tryAllocateFreeRegister(current, pos)) {
                allocateBlockedRegister(current, pos);
            }
            if (current.register != null) {
                active.add(current);
                if (current.parent == current) {
                    for (Interval h = current.firstHinted; h != null; h = h.nextHinted) {
                        waitForHint(h);
                    }
                }
            }
        }
    }

    /**
     * Marks in {@link #reserved} the hint registers of intervals not allocated yet that begin inside
     * {@code [pos, end)}: an interval allocated now that took one would still hold it when they begin,
     * and they would miss the register that saves their move. In
     * {@code t = zr * zr - zi * zi + cr; zi = 2 * zr * zi + ci; zr = t} the products would otherwise
     * take the registers the old values free, which the new values (hinted to the phis) need.
     */
    private void markReserved(int pos, int end) {
        ArrayFill.fill(reserved, false);
        while (waitingFirst < waitingEnd && waiting[waitingFirst].from() < pos) {
            waiting[waitingFirst++] = null; // started: allocated already
        }
        for (int i = waitingFirst; i < waitingEnd; i++) {
            Interval v = waiting[i];
            if (v.from() >= end) {
                break;
            }
            if (v.location == null) {
                Register r = hintRegister(v);
                if (r != null && r.number < reserved.length) {
                    reserved[r.number] = true;
                }
            }
        }
    }

    /** Adds an interval whose hint register is now known to {@link #waiting}, unless it has been allocated already. */
    private void waitForHint(Interval v) {
        if (v.location != null) {
            return;
        }
        if (waitingEnd == waiting.length) {
            // Compact first: the slots before the first are free.
            int n = waitingEnd - waitingFirst;
            Interval[] to = n * 2 >= waiting.length ? new Interval[waiting.length * 2] : waiting;
            System.arraycopy(waiting, waitingFirst, to, 0, n);
            if (to == waiting) {
                ArrayFill.fill(waiting, n, waitingEnd, null);
            }
            waiting = to;
            waitingFirst = 0;
            waitingEnd = n;
        }
        // After every interval starting no later (binary search), keeping the array sorted by start.
        int from = v.from();
        int lo = waitingFirst;
        int hi = waitingEnd;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (waiting[mid].from() <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        System.arraycopy(waiting, lo, waiting, lo + 1, waitingEnd - lo);
        waiting[lo] = v;
        waitingEnd++;
    }

    /** Moves intervals between active, inactive and handled (dropped) for position {@code pos}. */
    private void advance(int pos) {
        advance(active, inactive, pos, true);
        advance(fixedActive, fixedInactive, pos, true);
        advance(inactive, active, pos, false);
        advance(fixedInactive, fixedActive, pos, false);
    }

    private void advance(List<Interval> list, List<Interval> other, int pos, boolean isActive) {
        stats.walkerWork += list.size();
        for (int i = list.size() - 1; i >= 0; i--) {
            Interval it = list.get(i);
            boolean done = it.to() <= pos;
            boolean moves = !done && it.covers(pos) != isActive;
            if (done || moves) {
                list.set(i, list.get(list.size() - 1));
                list.remove(list.size() - 1);
                if (moves) {
                    other.add(it);
                }
            }
        }
    }

    private Register[] registersFor(Interval current) {
        jdk.vm.ci.meta.PlatformKind k = current.kind.getPlatformKind();
        if (k != lastKind) {
            Register[] regs = config.allocatableRegisterArray(k);
            if (regs.length == 0) {
                throw new RegisterAllocationException("no allocatable register for kind " + current.kind);
            }
            lastKind = k;
            lastRegisters = regs;
        }
        return lastRegisters;
    }

    private static boolean contains(Register[] regs, Register r) {
        for (Register x : regs) {
            if (x.equals(r)) {
                return true;
            }
        }
        return false;
    }

    /** The register that would save a move: the previous part's, or the hint's. */
    private static Register hintRegister(Interval current) {
        Interval parent = current.parent;
        if (parent != current) {
            Interval prev = parent.partAt(current.splitStart - 1);
            if (prev.register != null) {
                return prev.register;
            }
        }
        Interval h = parent.hint;
        if (h == null) {
            return null;
        }
        if (h.isFixed()) {
            return h.fixed;
        }
        return h.partAt(parent.hintPosition).register;
    }

    private boolean tryAllocateFreeRegister(Interval current, int pos) {
        Register[] regs = registersFor(current);
        for (Register r : regs) {
            freeUntil[r.number] = Interval.END;
        }
        stats.walkerWork += fixedActive.size() + active.size() + fixedInactive.size() + inactive.size();
        for (int i = 0; i < fixedActive.size(); i++) {
            freeUntil[fixedActive.get(i).register.number] = 0;
        }
        for (int i = 0; i < active.size(); i++) {
            freeUntil[active.get(i).register.number] = 0;
        }
        for (int i = 0; i < fixedInactive.size(); i++) {
            limitFree(fixedInactive.get(i), current, pos);
        }
        for (int i = 0; i < inactive.size(); i++) {
            limitFree(inactive.get(i), current, pos);
        }
        Register hint = hintRegister(current);
        int end = current.to();
        Register best = null;
        if (hint != null && contains(regs, hint) && freeUntil[hint.number] >= end) {
            best = hint;
        } else {
            // Best fit among the registers free for the whole interval, those no waiting hint wants
            // first; else the one free longest.
            markReserved(pos, end);
            for (Register r : regs) {
                int f = freeUntil[r.number];
                if (f >= end && !reserved[r.number] && (best == null || f < freeUntil[best.number])) {
                    best = r;
                }
            }
            if (best == null) {
                for (Register r : regs) {
                    int f = freeUntil[r.number];
                    if (f >= end && (best == null || f < freeUntil[best.number])) {
                        best = r;
                    }
                }
            }
            if (best == null) {
                for (Register r : regs) {
                    if (best == null || freeUntil[r.number] > freeUntil[best.number]) {
                        best = r;
                    }
                }
                if (hint != null && contains(regs, hint) && freeUntil[hint.number] == freeUntil[best.number]) {
                    best = hint;
                }
            }
        }
        int free = freeUntil[best.number];
        if (free <= pos) {
            return false;
        }
        if (free >= end) {
            current.assignRegister(best);
            return true;
        }
        // Free for a first part only: keep the register up to a split position, the rest waits.
        int s = allocator.optimalSplitPosition(pos + 1, free);
        if (s < 0) {
            return false;
        }
        current.assignRegister(best);
        unhandled.add(split(current, s));
        return true;
    }

    private void limitFree(Interval it, Interval current, int pos) {
        int r = it.register.number;
        if (freeUntil[r] > 0) {
            int i = it.nextIntersection(current, pos);
            if (i < freeUntil[r]) {
                freeUntil[r] = i;
            }
        }
    }

    private void allocateBlockedRegister(Interval current, int pos) {
        Register[] regs = registersFor(current);
        int firstMust = current.firstUse(pos, Interval.MUST_HAVE_REGISTER);
        if (firstMust == Interval.END) {
            current.assignStack(allocator.spillSlot(current)); // no use needs a register
            return;
        }
        for (Register r : regs) {
            nextUse[r.number] = Interval.END;
            blockedAt[r.number] = Interval.END;
        }
        for (int i = 0; i < active.size(); i++) {
            Interval it = active.get(i);
            int r = it.register.number;
            nextUse[r] = IntMath.min(nextUse[r], it.firstUse(pos, Interval.MUST_HAVE_REGISTER));
        }
        for (int i = 0; i < inactive.size(); i++) {
            Interval it = inactive.get(i);
            if (it.nextIntersection(current, pos) != Interval.END) {
                int r = it.register.number;
                nextUse[r] = IntMath.min(nextUse[r], it.firstUse(pos, Interval.MUST_HAVE_REGISTER));
            }
        }
        for (int i = 0; i < fixedActive.size(); i++) {
            Interval it = fixedActive.get(i);
            int r = it.register.number;
            nextUse[r] = 0;
            blockedAt[r] = 0;
        }
        for (int k = 0; k < fixedInactive.size(); k++) {
            Interval it = fixedInactive.get(k);
            int r = it.register.number;
            int i = it.nextIntersection(current, pos);
            blockedAt[r] = IntMath.min(blockedAt[r], i);
            nextUse[r] = IntMath.min(nextUse[r], i);
        }
        Register hint = hintRegister(current);
        Register reg = null;
        for (Register r : regs) {
            if (reg == null || nextUse[r.number] > nextUse[reg.number]) {
                reg = r;
            }
        }
        if (hint != null && contains(regs, hint) && nextUse[hint.number] == nextUse[reg.number]) {
            reg = hint;
        }
        if (nextUse[reg.number] <= firstMust) {
            // Every register is needed by others no later than current needs one: current waits on the
            // stack until (shortly) before its first use that needs a register.
            int s = allocator.optimalSplitPosition(pos + 1, firstMust - 1);
            if (s < 0) {
                throw new RegisterAllocationException("more values need a register at position " + firstMust + " than the target has (" + current
                                + ", kind " + current.kind + ")");
            }
            current.assignStack(allocator.spillSlot(current));
            unhandled.add(split(current, s));
            return;
        }
        current.assignRegister(reg);
        if (blockedAt[reg.number] < current.to()) {
            // A fixed use of the register comes before current ends: current keeps it until then.
            int s = allocator.optimalSplitPosition(IntMath.max(pos, firstMust) + 1, blockedAt[reg.number]);
            if (s < 0) {
                throw new IllegalStateException("no split position for " + current + " before " + blockedAt[reg.number]);
            }
            unhandled.add(split(current, s));
        }
        evict(current, reg, pos);
    }

    /** Every other interval in {@code reg} that meets current is split at {@code pos} and spilled. */
    private void evict(Interval current, Register reg, int pos) {
        for (int i = active.size() - 1; i >= 0; i--) {
            Interval it = active.get(i);
            if (it.register.number == reg.number) {
                active.remove(i);
                // Active intervals cover pos: the register changes hands by the time current begins.
                int s = (pos & 1) == 1 || allocator.isBlockBegin(pos) ? pos : pos - 1;
                // Spilled from where its last use before that leaves it, at the lowest loop depth
                // between (Wimmer and Mössenböck, Section 4): a value live across a loop it does not
                // use goes to the stack before the loop, not in it, and is not reloaded at its latch.
                int min = IntMath.max(it.lastUseBefore(s, Interval.SHOULD_HAVE_REGISTER), it.from()) + 1;
                if (min < s) {
                    int best = allocator.optimalSplitPosition(min, s);
                    if (best >= min) {
                        s = best;
                    }
                }
                splitAndSpill(it, s);
            }
        }
        for (int i = inactive.size() - 1; i >= 0; i--) {
            Interval it = inactive.get(i);
            if (it.register.number == reg.number && it.nextIntersection(current, pos) != Interval.END) {
                inactive.remove(i);
                // In a lifetime hole at pos: split where the next range begins (a block begin), no move.
                splitAndSpill(it, it.nextRangeStartAfter(pos));
            }
        }
    }

    private void splitAndSpill(Interval it, int s) {
        Interval spilled = s <= it.from() ? it : split(it, s);
        spilled.assignStack(allocator.spillSlot(spilled));
        int use = spilled.firstUse(spilled.from(), Interval.MUST_HAVE_REGISTER);
        if (use != Interval.END) {
            int s2 = allocator.optimalSplitPosition(spilled.from() + 1, use - 1);
            if (s2 < 0) {
                throw new IllegalStateException("cannot reload " + spilled + " before its use at " + use);
            }
            unhandled.add(split(spilled, s2));
        }
    }

    private Interval split(Interval it, int s) {
        if ((s & 1) == 0 && !allocator.isBlockBegin(s)) {
            throw new IllegalStateException("split of " + it + " at " + s + ", which is neither between two ops nor a block begin");
        }
        stats.splits++;
        return it.splitAt(s, allocator.nextSequence());
    }
}
