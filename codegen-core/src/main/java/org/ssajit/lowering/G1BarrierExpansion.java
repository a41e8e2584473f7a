package org.ssajit.lowering;

import org.ssajit.util.CompilerList;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * A step of the lowering: G1's barriers written once, as ordinary IR, for every target
 * (docs/HOTSPOT-NOTES.md, "Barriers"; HotSpot's {@code G1BarrierSetAssembler}). Each barrier splits
 * its block: what follows it moves to a new block {@code done}, which every path of the barrier ends
 * in. With {@code t = thread} a {@link HotSpotOp#THREAD} made in each block that reads it:
 *
 * <pre>
 * {@link HotSpotOp#PRE_BARRIER} G1_SATB (before the store):   if (byte [t + satb_active] == 0) goto done
 *   previous = [base + index * scale + displacement] (narrow: uncompress); if (previous == null) goto done
 *   enqueue(previous, satb queue, write_barrier_pre)
 * {@link HotSpotOp#KEEP_ALIVE} (after a referent read):      if (byte [t + satb_active] == 0) goto done
 *   if (value == null) goto done; enqueue(value, satb queue, write_barrier_pre)
 * {@link HotSpotOp#POST_BARRIER} G1_CARD (after the store):
 *   address = addressof(base) + (i2l(index) << log2(scale)) + displacement
 *   if (((address ^ addressof(value)) >>> LogOfHRGrainBytes) == 0) goto done      same region
 *   if (value == null) goto done                                                (unless proven non-null)
 *   card = (address >>> card_shift) + byte_map_base; if (byte [card] == g1_young_gen) goto done
 *   membar StoreLoad; if (byte [card] == dirty_card) goto done
 *   byte [card] = dirty_card; enqueue(card, dirty card queue, write_barrier_post)
 * enqueue(entry, queue, runtime):
 *   i = long [t + index]; if (i == 0) goto full                     the index counts down in bytes
 *   i = i - 8; long [t + index] = i; [long [t + buffer] + i] = entry; goto done
 * full: leafcallsaving runtime(t, entry); goto done
 * </pre>
 *
 * The card's and the values' addresses are words derived from references: nothing from
 * {@code addressof} to their last use can stop at a safepoint (no instruction here has a state; the
 * runtime calls are {@link HotSpotOp#LEAF_CALL_SAVING}s, which cannot), so no reference map sees them. The
 * runtime calls keep every register, so the paths that do not call (the fast paths) keep their
 * values in registers across the barrier.
 */
final class G1BarrierExpansion extends BarrierBuilder {
    /** What the barriers read of the VM: G1's thread-local queues, region size, card table and card values. */
    record G1(int satbActive, int satbIndex, int satbBuffer, int cardIndex, int cardBuffer, int logRegionBytes, long cardTableBase, int cardShift,
                    int youngCard, int dirtyCard, NarrowEncoding oops) {
        static G1 of(HotSpotVmConfig c) {
            return new G1(c.g1SatbActiveOffset, c.g1SatbIndexOffset, c.g1SatbBufferOffset, c.g1CardQueueIndexOffset, c.g1CardQueueBufferOffset,
                            c.g1LogRegionBytes, c.cardTableAddress, c.cardTableShift, c.g1YoungCard, c.dirtyCard,
                            new NarrowEncoding(c.narrowOopBase, c.narrowOopShift));
        }
    }

    private static final Access BYTE = new Access(JavaKind.Byte, 0, 0, false);

    private final G1 vm;

    private G1BarrierExpansion(Graph g, G1 vm) {
        super(g);
        this.vm = vm;
    }

    /** Expands every G1 barrier of {@code g} with {@code config}'s values; returns how many. */
    static int expand(Graph g, HotSpotVmConfig config) {
        return expand(g, G1.of(config));
    }

    /** As {@link #expand(Graph, HotSpotVmConfig)}, with {@code vm}'s values (tests give others). */
    static int expand(Graph g, G1 vm) {
        if (!g.mayContain(HotSpotOp.PRE_BARRIER) && !g.mayContain(HotSpotOp.POST_BARRIER) && !g.mayContain(HotSpotOp.KEEP_ALIVE)) {
            return 0;
        }
        G1BarrierExpansion x = new G1BarrierExpansion(g, vm);
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            var barriers = b.instructionsWhere(G1BarrierExpansion::isG1Barrier);
            // Last first: each splits its block, moving only what follows it.
            for (int k = barriers.size() - 1; k >= 0; k--) {
                x.expand(barriers.get(k));
                n++;
            }
        }
        return n;
    }

    private static boolean isG1Barrier(Instruction i) {
        if (!(i.op() instanceof HotSpotOp op)) {
            return false;
        }
        return switch (op) {
            case KEEP_ALIVE -> true;
            case PRE_BARRIER, POST_BARRIER -> switch (i.attribute(GcBarrier.class).kind()) {
                case G1_SATB, G1_CARD -> true;
                case CARD_TABLE, SHENANDOAH_SATB, SHENANDOAH_CARD, Z_STORE, Z_ATOMIC -> false;
            };
            default -> false;
        };
    }

    private void expand(Instruction barrier) {
        Block b = barrier.block();
        bci = barrier.bci();
        Block done = split(barrier);
        Value base = barrier.op() == HotSpotOp.KEEP_ALIVE ? null : barrier.input(Op.In.BASE);
        Value index = barrier.op() == HotSpotOp.KEEP_ALIVE ? null : barrier.input(Op.In.INDEX);
        Value value = barrier.op() == HotSpotOp.PRE_BARRIER ? null : barrier.input(Op.In.VALUE);
        b.removeInstruction(barrier);
        at = b;
        if (barrier.op() == HotSpotOp.KEEP_ALIVE) {
            keepAlive(value, done);
            return;
        }
        GcBarrier gb = barrier.attribute(GcBarrier.class);
        switch (gb.kind()) {
            case G1_SATB -> satb(gb.access(), base, index, done);
            case G1_CARD -> post(gb.access(), base, index, value, done);
            case CARD_TABLE, SHENANDOAH_SATB, SHENANDOAH_CARD, Z_STORE, Z_ATOMIC -> throw new IllegalStateException("not a G1 barrier: " + barrier);
        }
    }

    /** The SATB pre-barrier: while marking, the value about to be overwritten, if not null, is enqueued. */
    private void satb(Access store, Value base, Value index, Block done) {
        Block marking = branchUnlessMarking(done);
        at = marking;
        // The slot's previous value: a plain read (never the store's ordering), decoded if narrow.
        Access slot = new Access(JavaKind.Object, store.displacement(), store.scale(), store.narrowOop());
        Value previous = index == null ? add(HotSpotOp.READ, slot.valueKind(), slot, base) : add(HotSpotOp.READ, slot.valueKind(), slot, base, index);
        if (store.narrowOop()) {
            previous = add(HotSpotOp.UNCOMPRESS, JavaKind.Object, vm.oops(), previous);
        }
        Block enqueue = branch(Condition.EQ, previous, g.nullConstant(), done);
        at = enqueue;
        enqueue(previous, vm.satbIndex(), vm.satbBuffer(), RuntimeLeaf.G1_WRITE_BARRIER_PRE, done);
    }

    /** The keep-alive barrier of a referent read: while marking, the value, if not null, is enqueued. */
    private void keepAlive(Value value, Block done) {
        at = branchUnlessMarking(done);
        at = branch(Condition.EQ, value, g.nullConstant(), done);
        enqueue(value, vm.satbIndex(), vm.satbBuffer(), RuntimeLeaf.G1_WRITE_BARRIER_PRE, done);
    }

    /** {@code if (byte [thread + satb_active] == 0) goto done}; returns the block that runs while marking. */
    private Block branchUnlessMarking(Block done) {
        Value active = add(HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Byte, vm.satbActive(), 0, false), thread());
        return branch(Condition.EQ, active, g.intConstant(0), done);
    }

    /** The filtered post-barrier: a new cross-region reference dirties its card, which is enqueued. */
    private void post(Access store, Value base, Value index, Value value, Block done) {
        // A reference's address, or the store's address itself (an Unsafe store's word).
        Value address = address(store, base, index);
        Value crossing = add(Op.XOR, JavaKind.Long, null, address, add(HotSpotOp.ADDRESS_OF, JavaKind.Long, null, value));
        crossing = add(Op.USHR, JavaKind.Long, null, crossing, g.intConstant(vm.logRegionBytes()));
        at = branch(Condition.EQ, crossing, g.longConstant(0), done);
        if (!value.stamp().isNonNull()) {
            at = branch(Condition.EQ, value, g.nullConstant(), done);
        }
        Value card = add(Op.USHR, JavaKind.Long, null, address, g.intConstant(vm.cardShift()));
        card = add(Op.ADD, JavaKind.Long, null, card, g.longConstant(vm.cardTableBase()));
        // A byte read sign-extends: compare with the card values as bytes do.
        at = branch(Condition.EQ, add(HotSpotOp.READ, JavaKind.Int, BYTE, card), g.intConstant((byte) vm.youngCard()), done);
        // The card is read again after the reference store is visible to the refinement threads.
        add(HotSpotOp.MEMBAR, JavaKind.Void, MemoryBarriers.STORE_LOAD, new Value[0]);
        at = branch(Condition.EQ, add(HotSpotOp.READ, JavaKind.Int, BYTE, card), g.intConstant((byte) vm.dirtyCard()), done);
        add(HotSpotOp.WRITE, JavaKind.Void, BYTE, card, g.intConstant(vm.dirtyCard()));
        enqueue(card, vm.cardIndex(), vm.cardBuffer(), RuntimeLeaf.G1_WRITE_BARRIER_POST, done);
    }
}
