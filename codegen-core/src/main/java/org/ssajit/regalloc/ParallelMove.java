package org.ssajit.regalloc;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.util.IntMath;

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

    private final List<Move> moves = new CompilerList<>();
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
     * Per location key of the moves at hand: the index of the move writing it (-1: none) and how many
     * pending moves read it. Open addressing, never shrinking: a parallel move has a handful of moves.
     */
    private static final class Keys {
        private final int[] keys;
        private final boolean[] used;
        final int[] writer;
        final int[] readers;
        private final int mask;

        Keys(int n) {
            int cap = Integer.highestOneBit(IntMath.max(4, 4 * n - 1)) << 1;
            keys = new int[cap];
            used = new boolean[cap];
            writer = new int[cap];
            readers = new int[cap];
            mask = cap - 1;
        }

        /** The slot of {@code key}, made (no writer, no reader) if it has none. */
        int slot(int key) {
            int i = (key * 0x9E3779B9) >>> 16 & mask;
            while (used[i]) {
                if (keys[i] == key) {
                    return i;
                }
                i = (i + 1) & mask;
            }
            used[i] = true;
            keys[i] = key;
            writer[i] = -1;
            return i;
        }
    }

    /**
     * The sequence of moves.
     *
     * @param busyBefore by register number, whether the register holds a live value before the moves
     *            (sources included), or null if unknown: then cycles go through a stack slot
     * @param busyAfter by register number, the kind of the live value it holds after the moves (null:
     *            none), or null if unknown (only for moves without constants)
     */
    List<LirOp> sequence(boolean[] busyBefore, LirKind[] busyAfter) {
        int n = moves.size();
        List<LirOp> out = new CompilerList<>(n);
        // The location-to-location moves by index (redirected ones replaced in place), whether each is
        // pending, and the slots of their destination and source keys.
        Move[] move = new Move[n];
        boolean[] pending = new boolean[n];
        int[] dstSlot = new int[n];
        int[] srcSlot = new int[n];
        int pendingCount = 0;
        Keys keys = new Keys(n + 1);
        List<Move> loads = new CompilerList<>(0);
        for (int i = 0; i < n; i++) {
            Move m = moves.get(i);
            int d = keys.slot(Locations.key(m.dst));
            if (keys.writer[d] >= 0) {
                throw new IllegalStateException("two moves into " + m.dst);
            }
            keys.writer[d] = i;
            if (m.constant != null) {
                loads.add(m);
            } else {
                move[i] = m;
                dstSlot[i] = d;
                srcSlot[i] = keys.slot(Locations.key(m.src));
                keys.readers[srcSlot[i]]++;
            }
        }
        // The ready moves: no pending move reads their destination. A FIFO of move indices; each
        // move enters it once.
        int[] ready = new int[n];
        int readyHead = 0;
        int readyTail = 0;
        for (int i = 0; i < n; i++) {
            if (move[i] != null) {
                pending[i] = true;
                pendingCount++;
                if (keys.readers[dstSlot[i]] == 0) {
                    ready[readyTail++] = i;
                }
            }
        }
        // Pending moves in insertion order (by index), so that cycle breaking is deterministic.
        int scan = 0;
        while (pendingCount > 0) {
            while (readyHead < readyTail) {
                int i = ready[readyHead++];
                Move m = move[i];
                out.add(allocator.move(m.dst, m.src));
                pending[i] = false;
                pendingCount--;
                int s = srcSlot[i];
                int left = --keys.readers[s];
                int waiting = keys.writer[s];
                if (left == 0 && waiting >= 0 && pending[waiting]) {
                    ready[readyTail++] = waiting;
                }
            }
            if (pendingCount == 0) {
                break;
            }
            // Only disjoint cycles are left: every pending destination is read by exactly one pending
            // move (n moves, n reads). Breaking one unwinds it completely before the next is broken, so
            // one scratch location per kind is enough.
            while (move[scan] == null || !pending[scan]) {
                scan++;
            }
            int d = dstSlot[scan];
            // Save the value in m's destination; its readers read the copy.
            int reader = -1;
            for (int i = 0; i < n && reader < 0; i++) {
                if (pending[i] && srcSlot[i] == d) {
                    reader = i;
                }
            }
            LirKind kind = (LirKind) move[reader].src.getValueKind();
            AllocatableValue tmp = scratch(kind, busyBefore);
            out.add(allocator.move(tmp, move[reader].src));
            int tmpSlot = keys.slot(Locations.key(tmp));
            int redirected = 0;
            for (int i = 0; i < n; i++) {
                if (pending[i] && srcSlot[i] == d) {
                    move[i] = new Move(move[i].dst, retype(tmp, (LirKind) move[i].src.getValueKind()), null);
                    srcSlot[i] = tmpSlot;
                    redirected++;
                }
            }
            keys.readers[d] = 0;
            keys.readers[tmpSlot] = redirected;
            // The move into d: pending, as its destination had a reader.
            ready[readyTail++] = keys.writer[d];
        }
        for (int mi = 0; mi < loads.size(); mi++) {
            Move m = loads.get(mi);
            if (m.dst instanceof StackSlot && !allocator.moveFactory().canStoreConstantToStack(m.constant.constant())) {
                loadThroughRegister(m, busyAfter, out);
            } else {
                out.add(allocator.load(m.dst, m.constant));
            }
        }
        return out;
    }

    private AllocatableValue scratch(LirKind kind, boolean[] busyBefore) {
        if (busyBefore != null) {
            List<Register> rs = allocator.config().allocatableRegisters(kind.getPlatformKind());
            for (int ri = 0; ri < rs.size(); ri++) {
                Register r = rs.get(ri);
                if (!busyBefore[r.number] && !touches(r.number)) {
                    return r.asValue(kind);
                }
            }
        }
        return allocator.scratchSlot(kind);
    }

    private boolean touches(int key) {
        for (int mi = 0; mi < moves.size(); mi++) {
            Move m = moves.get(mi);
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
    private void loadThroughRegister(Move m, LirKind[] busyAfter, List<LirOp> out) {
        LirKind kind = m.constant.kind();
        List<Register> candidates = allocator.config().allocatableRegisters(kind.getPlatformKind());
        if (candidates.isEmpty()) {
            throw new RegisterAllocationException("no register to materialize " + m.constant);
        }
        if (busyAfter != null) {
            for (int ri = 0; ri < candidates.size(); ri++) {
                Register r = candidates.get(ri);
                if (busyAfter[r.number] == null) {
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
        LirKind heldKind = busyAfter[r.number];
        StackSlot save = allocator.scratchSlot(heldKind);
        RegisterValue held = r.asValue(heldKind);
        RegisterValue tmp = r.asValue(kind);
        out.add(allocator.move(save, held));
        out.add(allocator.load(tmp, m.constant));
        out.add(allocator.move(m.dst, tmp));
        out.add(allocator.move(held, save));
    }
}
