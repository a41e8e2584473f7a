package org.ssajit.lowering;

import org.ssajit.util.CompilerList;

import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.LoadBarrier;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * A step of the lowering: Shenandoah's barriers written once, as ordinary IR, for every target
 * (docs/HOTSPOT-NOTES.md, "Shenandoah"; HotSpot's {@code ShenandoahBarrierSetAssembler}). Each barrier
 * splits its block as {@link G1BarrierExpansion}'s do: what follows it moves to a new block
 * {@code done}. {@code state} is the byte {@code [thread + gc_state]}, the heap's phase as the VM last
 * told this thread (at a safepoint or handshake, never inside a barrier):
 *
 * <pre>
 * {@link HotSpotOp#LOAD_BARRIER} v (after a reference read):
 *   if ((state &amp; HAS_FORWARDED) == 0) goto done(v)               weak: HAS_FORWARDED | WEAK_ROOTS
 *   strong: if (v == null) goto done(v); if (byte [cset + (addressof(v) &gt;&gt;&gt; region_shift)] == 0) goto done(v)
 *   r = leafcallsaving load_reference_barrier_{strong,weak}[_narrow](v, slot); goto done(r)
 * done: phi                                                      the slot's address, or 0 where unknown
 * {@link HotSpotOp#PRE_BARRIER} SHENANDOAH_SATB (before a store), {@link HotSpotOp#KEEP_ALIVE} v (after a referent read):
 *   if ((state &amp; MARKING) == 0) goto done
 *   previous = [slot] (narrow: uncompress), or v; if (previous == null) goto done
 *   i = long [t + index]; if (i == 0) goto full; i = i - 8; long [t + index] = i; [long [t + buffer] + i] = previous; goto done
 *   full: leafcallsaving write_barrier_pre(previous); goto done
 * {@link HotSpotOp#POST_BARRIER} SHENANDOAH_CARD (after a store, generational mode):
 *   card = (slot &gt;&gt;&gt; card_shift) + long [t + card_table]; [with UseCondCardMark: if (byte [card] == dirty) goto done]
 *   byte [card] = dirty
 * {@link HotSpotOp#REFERENCE_SWAP} (slot, e, v):
 *   loop: if (cas(slot, e, v)) goto done(1)                         narrow: of the compressed forms
 *   current = loadbarrier([slot]); if (current == e) goto loop      the slot held a from-space copy of e, now healed
 *   goto done(0)
 * </pre>
 *
 * The words derived from references (a slot's address, a value's for the collection-set map) live
 * only until the read or call that uses them, with nothing between that can stop at a safepoint: the
 * runtime calls are {@link HotSpotOp#LEAF_CALL_SAVING}s, which cannot, and which keep every register but
 * their result, so the fast paths keep their values in registers across the barrier.
 */
final class ShenandoahBarrierExpansion extends BarrierBuilder {
    /** What the barriers read of the VM (docs/HOTSPOT-NOTES.md, "Shenandoah"). */
    record Shenandoah(int gcState, int hasForwarded, int marking, int weakRoots, long csetMap, int regionShift, int satbIndex, int satbBuffer,
                    int cardTable, int cardShift, int dirtyCard, boolean condCardMark, NarrowEncoding oops) {
        static Shenandoah of(HotSpotVmConfig c) {
            return new Shenandoah(c.shenandoahGcStateOffset, c.shenandoahHasForwarded, c.shenandoahMarking, c.shenandoahWeakRoots, c.shenandoahCsetMap,
                            c.shenandoahRegionShift, c.shenandoahSatbIndexOffset, c.shenandoahSatbBufferOffset, c.shenandoahCardTableOffset, c.cardTableShift,
                            c.dirtyCard, c.useCondCardMark, c.useCompressedOops ? new NarrowEncoding(c.narrowOopBase, c.narrowOopShift) : null);
        }
    }

    private static final Access BYTE = new Access(JavaKind.Byte, 0, 0, false);

    private final Shenandoah vm;

    private ShenandoahBarrierExpansion(Graph g, Shenandoah vm) {
        super(g);
        this.vm = vm;
    }

    /** Expands every Shenandoah barrier of {@code g} with {@code config}'s values; returns how many. */
    static int expand(Graph g, HotSpotVmConfig config) {
        return expand(g, Shenandoah.of(config));
    }

    /** As {@link #expand(Graph, HotSpotVmConfig)}, with {@code vm}'s values (tests give others). */
    static int expand(Graph g, Shenandoah vm) {
        if (!g.mayContain(HotSpotOp.PRE_BARRIER) && !g.mayContain(HotSpotOp.POST_BARRIER) && !g.mayContain(HotSpotOp.KEEP_ALIVE)
                        && !g.mayContain(HotSpotOp.LOAD_BARRIER) && !g.mayContain(HotSpotOp.REFERENCE_SWAP)) {
            return 0;
        }
        ShenandoahBarrierExpansion x = new ShenandoahBarrierExpansion(g, vm);
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            var barriers = b.instructionsWhere(ShenandoahBarrierExpansion::isBarrier);
            // Last first: each splits its block, moving only what follows it.
            for (int k = barriers.size() - 1; k >= 0; k--) {
                x.expand(barriers.get(k));
                n++;
            }
        }
        return n;
    }

    private static boolean isBarrier(Instruction i) {
        if (!(i.op() instanceof HotSpotOp op)) {
            return false;
        }
        return switch (op) {
            case KEEP_ALIVE, LOAD_BARRIER, REFERENCE_SWAP -> true;
            case PRE_BARRIER, POST_BARRIER -> switch (i.attribute(GcBarrier.class).kind()) {
                case SHENANDOAH_SATB, SHENANDOAH_CARD -> true;
                case CARD_TABLE, G1_SATB, G1_CARD, Z_STORE, Z_ATOMIC -> false;
            };
            default -> false;
        };
    }

    private void expand(Instruction barrier) {
        Block b = barrier.block();
        bci = barrier.bci();
        Block done = split(barrier);
        at = b;
        switch ((HotSpotOp) barrier.op()) {
            case KEEP_ALIVE -> {
                Value value = barrier.input(Op.In.VALUE);
                b.removeInstruction(barrier);
                keepAlive(value, done);
            }
            case LOAD_BARRIER -> loadBarrier(barrier, done);
            case REFERENCE_SWAP -> referenceSwap(barrier, done);
            case PRE_BARRIER, POST_BARRIER -> {
                Access store = barrier.attribute(GcBarrier.class).access();
                Value base = barrier.input(Op.In.BASE);
                Value index = barrier.input(Op.In.INDEX);
                b.removeInstruction(barrier);
                if (barrier.op() == HotSpotOp.PRE_BARRIER) {
                    satb(store, base, index, done);
                } else {
                    cardMark(store, base, index, done);
                }
            }
            default -> throw new IllegalStateException("not a Shenandoah barrier: " + barrier);
        }
    }

    /**
     * The load-reference barrier: while objects move, a value in the collection set becomes its
     * to-space copy, which the runtime makes if nobody has, healing the slot it was read from.
     */
    private void loadBarrier(Instruction barrier, Block done) {
        LoadBarrier lb = barrier.attribute(LoadBarrier.class);
        Value value = barrier.input(Op.In.VALUE);
        Value base = barrier.input(Op.In.BASE);
        Value index = barrier.input(Op.In.INDEX);
        Block entry = at;
        Value r = resolve(value, base, index, lb, done);
        replaceByPhi(barrier, entry, done, at, r, value);
    }

    /**
     * Appends the barrier's tests for {@code value} to {@link #at}, each going to {@code done} where the
     * value needs nothing, and the runtime's call, whose result it returns, in the block {@link #at}
     * then ends in (which also goes to {@code done}).
     */
    private Value resolve(Value value, Value base, Value index, LoadBarrier lb, Block done) {
        int bits = lb.weak() ? vm.hasForwarded() | vm.weakRoots() : vm.hasForwarded();
        at = branchUnless(bits, done);
        if (!lb.weak()) {
            if (!value.stamp().isNonNull()) {
                at = branch(Condition.EQ, value, g.nullConstant(), done);
            }
            Value region = add(Op.USHR, JavaKind.Long, null, add(HotSpotOp.ADDRESS_OF, JavaKind.Long, null, value), g.intConstant(vm.regionShift()));
            Value inCset = add(HotSpotOp.READ, JavaKind.Int, BYTE, add(Op.ADD, JavaKind.Long, null, region, g.longConstant(vm.csetMap())));
            at = branch(Condition.EQ, inCset, g.intConstant(0), done);
        }
        Access slot = lb.access();
        Value address = slotAddress(slot, base, index);
        RuntimeLeaf f = lb.weak() ? (slot.narrowOop() ? RuntimeLeaf.SHENANDOAH_LRB_WEAK_NARROW : RuntimeLeaf.SHENANDOAH_LRB_WEAK)
                        : (slot.narrowOop() ? RuntimeLeaf.SHENANDOAH_LRB_STRONG_NARROW : RuntimeLeaf.SHENANDOAH_LRB_STRONG);
        Instruction r = add(HotSpotOp.LEAF_CALL_SAVING, JavaKind.Object, f, value, address);
        r.setStamp(value.stamp().isNonNull() && !lb.weak() ? value.stamp() : Stamp.unrestricted(JavaKind.Object));
        jump(done);
        return r;
    }

    /** The SATB pre-barrier: while marking, the value about to be overwritten, if not null, is enqueued. */
    private void satb(Access store, Value base, Value index, Block done) {
        at = branchUnless(vm.marking(), done);
        // The slot's previous value: a plain read (never the store's ordering), decoded if narrow.
        Access slot = new Access(JavaKind.Object, store.displacement(), store.scale(), store.narrowOop());
        Value previous = index == null ? add(HotSpotOp.READ, slot.valueKind(), slot, base) : add(HotSpotOp.READ, slot.valueKind(), slot, base, index);
        if (store.narrowOop()) {
            previous = add(HotSpotOp.UNCOMPRESS, JavaKind.Object, vm.oops(), previous);
        }
        at = branch(Condition.EQ, previous, g.nullConstant(), done);
        enqueue(previous, done);
    }

    /** The keep-alive barrier of a referent read: while marking, the value, if not null, is enqueued. */
    private void keepAlive(Value value, Block done) {
        at = branchUnless(vm.marking(), done);
        at = branch(Condition.EQ, value, g.nullConstant(), done);
        enqueue(value, done);
    }

    /** The generational mode's card mark, in the card table the thread holds now. */
    private void cardMark(Access store, Value base, Value index, Block done) {
        Value table = add(HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, vm.cardTable(), 0, false), thread());
        Value card = add(Op.ADD, JavaKind.Long, null, add(Op.USHR, JavaKind.Long, null, address(store, base, index), g.intConstant(vm.cardShift())), table);
        if (vm.condCardMark()) {
            // A byte read sign-extends: compare with the dirty value as a byte does.
            at = branch(Condition.EQ, add(HotSpotOp.READ, JavaKind.Int, BYTE, card), g.intConstant((byte) vm.dirtyCard()), done);
        }
        add(HotSpotOp.WRITE, JavaKind.Void, BYTE, card, g.intConstant(vm.dirtyCard()));
        jump(done);
    }

    /**
     * A reference compare-and-set that a from-space copy of the expected object in the slot does not
     * fail: after a failed swap the slot is read again through the load barrier, which heals it to the
     * to-space copy; if that is the expected object, the swap is tried again.
     */
    private void referenceSwap(Instruction swap, Block done) {
        Value address = swap.input(Op.In.BASE);
        Value expected = swap.input(Op.In.EXPECTED);
        Value value = swap.input(Op.In.VALUE);
        Block entry = at;
        boolean narrow = vm.oops() != null;
        Access slot = new Access(JavaKind.Object, 0, 0, narrow);
        Value e = narrow ? compress(expected) : add(HotSpotOp.ADDRESS_OF, JavaKind.Long, null, expected);
        Value v = narrow ? compress(value) : add(HotSpotOp.ADDRESS_OF, JavaKind.Long, null, value);
        Block loop = g.newBlock(bci);
        jump(loop);
        at = loop;
        AtomicUpdate update = new AtomicUpdate(narrow ? JavaKind.Int : JavaKind.Long, 0, AtomicUpdate.Ordering.ACQUIRE_RELEASE);
        Value swapped = add(HotSpotOp.COMPARE_AND_SWAP, JavaKind.Int, update, address, e, v);
        Block success = g.newBlock(bci);
        Block failed = g.newBlock(bci);
        at.setTerminator(new If(bci, Condition.NE, swapped, g.intConstant(0), success, failed));
        success.addPredecessor(at);
        failed.addPredecessor(at);
        at = success;
        jump(done);
        at = failed;
        Value current = add(HotSpotOp.READ, slot.valueKind(), slot, address);
        if (narrow) {
            current = add(HotSpotOp.UNCOMPRESS, JavaKind.Object, vm.oops(), current);
        }
        Block compare = g.newBlock(bci);
        Value healed = resolve(current, address, null, new LoadBarrier(false, slot), compare);
        Phi now = compare.addPhi(g, JavaKind.Object);
        for (Block p : compare.predecessors()) {
            now.appendOperand(p == at ? healed : current);
        }
        now.setStamp(Stamp.unrestricted(JavaKind.Object));
        at = compare;
        Block fail = branch(Condition.EQ, now, expected, loop);
        at = fail;
        jump(done);
        Phi result = done.addPhi(g, JavaKind.Int);
        for (Block p : done.predecessors()) {
            result.appendOperand(g.intConstant(p == success ? 1 : 0));
        }
        result.setStamp(Stamp.forInt(0, 1));
        swap.replaceAllUsesWith(result);
        entry.removeInstruction(swap);
    }

    private Value compress(Value v) {
        if (v.stamp().isAlwaysNull()) {
            return g.intConstant(0);
        }
        return add(HotSpotOp.COMPRESS, JavaKind.Int, vm.oops(), v);
    }

    /** Puts {@code entry} into the thread's SATB queue, or hands it to the VM when the queue is full; ends in {@code done}. */
    private void enqueue(Value entry, Block done) {
        enqueue(entry, vm.satbIndex(), vm.satbBuffer(), RuntimeLeaf.SHENANDOAH_WRITE_BARRIER_PRE, done);
    }

    /** {@code if ((byte [thread + gc_state] & bits) == 0) goto done}; returns the block that runs otherwise. */
    private Block branchUnless(int bits, Block done) {
        Value state = add(HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Byte, vm.gcState(), 0, false), thread());
        return branch(Condition.EQ, add(Op.AND, JavaKind.Int, null, state, g.intConstant(bits)), g.intConstant(0), done);
    }
}
