package org.ssajit.regalloc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * A set of moves that happen at once (every source is read before any destination is written), turned
 * into a sequence: a move goes once no pending move still reads its destination; a cycle is broken by
 * saving one destination in a free register, or in a scratch stack slot if none is free; constant loads
 * come last, since nothing reads their destinations.
 */
final class ParallelMove {
    private record Move(AllocatableValue dst, AllocatableValue src, ConstantValue constant) {
    }

    private final List<Move> moves = new ArrayList<>();
    private final LinearScan allocator;

    ParallelMove(LinearScan allocator) {
        this.allocator = allocator;
    }

    void add(AllocatableValue dst, AllocatableValue src) {
        if (Locations.key(dst) != Locations.key(src)) {
            moves.add(new Move(dst, src, null));
        }
    }

    void addLoad(AllocatableValue dst, ConstantValue c) {
        moves.add(new Move(dst, null, c));
    }

    boolean isEmpty() {
        return moves.isEmpty();
    }

    /**
     * The sequence of moves.
     *
     * @param busyBefore register numbers holding live values before the moves (sources included), or
     *            null if unknown: then cycles go through a stack slot
     * @param busyAfter register number to the kind of the live value it holds after the moves, or null
     *            if unknown (only for moves without constants)
     */
    List<LirOp> sequence(Set<Integer> busyBefore, Map<Integer, LirKind> busyAfter) {
        List<LirOp> out = new ArrayList<>();
        Map<Integer, Move> byDst = new HashMap<>();
        Map<Integer, Integer> readers = new HashMap<>();
        List<Move> loads = new ArrayList<>();
        for (Move m : moves) {
            int d = Locations.key(m.dst);
            if (byDst.put(d, m) != null) {
                throw new IllegalStateException("two moves into " + m.dst);
            }
            if (m.constant != null) {
                loads.add(m);
            } else {
                readers.merge(Locations.key(m.src), 1, Integer::sum);
            }
        }
        // Pending location-to-location moves by destination; the ready ones have no pending reader.
        Map<Integer, Move> pending = new HashMap<>();
        ArrayDeque<Move> ready = new ArrayDeque<>();
        for (Move m : moves) {
            if (m.constant == null) {
                pending.put(Locations.key(m.dst), m);
                if (readers.getOrDefault(Locations.key(m.dst), 0) == 0) {
                    ready.add(m);
                }
            }
        }
        // Pending moves in insertion order, so that cycle breaking is deterministic.
        List<Move> order = new ArrayList<>();
        for (Move m : moves) {
            if (m.constant == null) {
                order.add(m);
            }
        }
        int scan = 0;
        while (!pending.isEmpty()) {
            while (!ready.isEmpty()) {
                Move m = ready.poll();
                out.add(allocator.move(m.dst, m.src));
                pending.remove(Locations.key(m.dst));
                int s = Locations.key(m.src);
                int left = readers.merge(s, -1, Integer::sum);
                Move waiting = pending.get(s);
                if (left == 0 && waiting != null) {
                    ready.add(waiting);
                }
            }
            if (pending.isEmpty()) {
                break;
            }
            // Only disjoint cycles are left: every pending destination is read by exactly one pending
            // move (n moves, n reads). Breaking one unwinds it completely before the next is broken, so
            // one scratch location per kind is enough.
            while (!pending.containsKey(Locations.key(order.get(scan).dst))) {
                scan++;
            }
            Move m = order.get(scan);
            int d = Locations.key(m.dst);
            // Save the value in m's destination; its readers read the copy.
            Move reader = null;
            for (Move p : pending.values()) {
                if (Locations.key(p.src) == d) {
                    reader = p;
                    break;
                }
            }
            LirKind kind = (LirKind) reader.src.getValueKind();
            AllocatableValue tmp = scratch(kind, busyBefore, pending);
            out.add(allocator.move(tmp, reader.src));
            List<Move> redirected = new ArrayList<>();
            for (Move p : List.copyOf(pending.values())) {
                if (Locations.key(p.src) == d) {
                    Move q = new Move(p.dst, retype(tmp, (LirKind) p.src.getValueKind()), null);
                    pending.put(Locations.key(p.dst), q);
                    order.set(order.indexOf(p), q);
                    redirected.add(q);
                }
            }
            readers.put(d, 0);
            readers.put(Locations.key(tmp), redirected.size());
            ready.add(pending.get(d));
        }
        for (Move m : loads) {
            if (m.dst instanceof StackSlot && !allocator.moveFactory().canStoreConstantToStack(m.constant.constant())) {
                loadThroughRegister(m, busyAfter, out);
            } else {
                out.add(allocator.load(m.dst, m.constant));
            }
        }
        return out;
    }

    private AllocatableValue scratch(LirKind kind, Set<Integer> busyBefore, Map<Integer, Move> pending) {
        if (busyBefore != null) {
            for (Register r : allocator.config().allocatableRegisters(kind.getPlatformKind())) {
                if (!busyBefore.contains(r.number) && !touches(r.number)) {
                    return r.asValue(kind);
                }
            }
        }
        return allocator.scratchSlot(kind);
    }

    private boolean touches(int key) {
        for (Move m : moves) {
            if (Locations.key(m.dst) == key || (m.src != null && Locations.key(m.src) == key)) {
                return true;
            }
        }
        return false;
    }

    private static AllocatableValue retype(AllocatableValue v, LirKind kind) {
        if (v instanceof RegisterValue r) {
            return r.getRegister().asValue(kind);
        }
        return v;
    }

    /** A constant the target cannot store to memory directly: through a free register, or one saved around it. */
    private void loadThroughRegister(Move m, Map<Integer, LirKind> busyAfter, List<LirOp> out) {
        LirKind kind = m.constant.kind();
        List<Register> candidates = allocator.config().allocatableRegisters(kind.getPlatformKind());
        if (candidates.isEmpty()) {
            throw new RegisterAllocationException("no register to materialize " + m.constant);
        }
        if (busyAfter != null) {
            for (Register r : candidates) {
                if (!busyAfter.containsKey(r.number)) {
                    RegisterValue tmp = r.asValue(kind);
                    out.add(allocator.load(tmp, m.constant));
                    out.add(allocator.move(m.dst, tmp));
                    return;
                }
            }
        }
        if (busyAfter == null) {
            throw new IllegalStateException("constant load without liveness information: " + m.constant);
        }
        // Every candidate holds a live value: park one in a scratch slot meanwhile.
        Register r = candidates.get(0);
        LirKind heldKind = busyAfter.get(r.number);
        StackSlot save = allocator.scratchSlot(heldKind);
        RegisterValue held = r.asValue(heldKind);
        RegisterValue tmp = r.asValue(kind);
        out.add(allocator.move(save, held));
        out.add(allocator.load(tmp, m.constant));
        out.add(allocator.move(m.dst, tmp));
        out.add(allocator.move(held, save));
    }
}
