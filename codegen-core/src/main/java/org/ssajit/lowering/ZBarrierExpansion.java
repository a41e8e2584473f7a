package org.ssajit.lowering;

import org.ssajit.util.CompilerList;

import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.LoadBarrier;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.hotspot.ir.ZTest;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * A step of the lowering: generational ZGC's barriers written once, as ordinary IR, for every target
 * (docs/HOTSPOT-NOTES.md, "ZGC"; HotSpot's {@code ZBarrierSetAssembler}). The heap holds colored
 * pointers ({@code address << shift | color}); registers, frames and constants hold plain references.
 * The lowering reads a reference slot as a word (the colored pointer) and stores a word it colored
 * with {@link HotSpotOp#Z_COLOR}; this step turns its barriers into the targets' three small ops, each
 * with an immediate the VM patches ({@link HotSpotOp#Z_TEST}, {@link HotSpotOp#Z_UNCOLOR},
 * {@link HotSpotOp#Z_COLOR}), branches and runtime calls. Each barrier splits its block as
 * {@link G1BarrierExpansion}'s do: what follows it moves to a new block {@code done}.
 *
 * <pre>
 * {@link HotSpotOp#LOAD_BARRIER} p (p the colored pointer just read; weak: a referent):
 *   if (ztest load_bad p != 0) goto slow                      weak: mark_bad (keeps it alive)
 *   r1 = zuncolor p; goto done(r1)
 *   slow: r2 = leafcallsaving load_barrier_on_[weak_]oop_field_preloaded(p, slot); goto done(r2)
 * {@link HotSpotOp#PRE_BARRIER} Z_STORE (before a plain store of zcolor(v) to the slot):
 *   old = word [slot]; if (ztest store_bad old == 0) goto done
 *   leafcallsaving store_barrier_on_oop_field_without_healing(slot); goto done
 * {@link HotSpotOp#PRE_BARRIER} Z_ATOMIC (before a swap of zcolor(e) for zcolor(v)):
 *   old = word [slot]; if (ztest not_store_good old == 0) goto done
 *   leafcallsaving store_barrier_on_oop_field_with_healing(slot); goto done    the slot now store-good
 * </pre>
 *
 * The colors change only at safepoints, and the VM re-patches the code's immediates before any thread
 * runs it again (the entry barrier); nothing between a barrier and the read or write it guards can
 * stop at one: the runtime calls are {@link HotSpotOp#LEAF_CALL_SAVING}s, which keep every register
 * but their result.
 */
final class ZBarrierExpansion extends BarrierBuilder {
    private ZBarrierExpansion(Graph g) {
        super(g);
    }

    /** Expands every ZGC barrier of {@code g}; returns how many. */
    static int expand(Graph g) {
        if (!g.mayContain(HotSpotOp.PRE_BARRIER) && !g.mayContain(HotSpotOp.LOAD_BARRIER)) {
            return 0;
        }
        ZBarrierExpansion x = new ZBarrierExpansion(g);
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            var barriers = b.instructionsWhere(ZBarrierExpansion::isBarrier);
            // Last first: each splits its block, moving only what follows it.
            for (int k = barriers.size() - 1; k >= 0; k--) {
                x.expand(barriers.get(k));
                n++;
            }
        }
        return n;
    }

    private static boolean isBarrier(Instruction i) {
        if (i.op() == HotSpotOp.LOAD_BARRIER) {
            return true;
        }
        if (i.op() != HotSpotOp.PRE_BARRIER) {
            return false;
        }
        return switch (i.attribute(GcBarrier.class).kind()) {
            case Z_STORE, Z_ATOMIC -> true;
            case CARD_TABLE, G1_SATB, G1_CARD, SHENANDOAH_SATB, SHENANDOAH_CARD -> false;
        };
    }

    private void expand(Instruction barrier) {
        Block b = barrier.block();
        bci = barrier.bci();
        Block done = split(barrier);
        at = b;
        if (barrier.op() == HotSpotOp.LOAD_BARRIER) {
            loadBarrier(barrier, done);
            return;
        }
        GcBarrier.Kind kind = barrier.attribute(GcBarrier.class).kind();
        Access store = barrier.attribute(GcBarrier.class).access();
        Value base = barrier.input(Op.In.BASE);
        Value index = barrier.input(Op.In.INDEX);
        b.removeInstruction(barrier);
        storeBarrier(kind == GcBarrier.Kind.Z_ATOMIC, store, base, index, done);
    }

    /** The load barrier: a good pointer loses its color; a bad one goes to the runtime, which heals the slot. */
    private void loadBarrier(Instruction barrier, Block done) {
        LoadBarrier lb = barrier.attribute(LoadBarrier.class);
        Value pointer = barrier.input(Op.In.VALUE);
        Value base = barrier.input(Op.In.BASE);
        Value index = barrier.input(Op.In.INDEX);
        Block entry = at;
        Block slow = g.newBlock(bci);
        Value test = add(HotSpotOp.Z_TEST, JavaKind.Int, lb.weak() ? ZTest.MARK_BAD : ZTest.LOAD_BAD, pointer);
        Block fast = branch(Condition.NE, test, g.intConstant(0), slow);
        at = fast;
        Instruction uncolored = add(HotSpotOp.Z_UNCOLOR, JavaKind.Object, null, pointer);
        uncolored.setStamp(barrier.stamp());
        jump(done);
        Block fastEnd = at;
        at = slow;
        Access slot = lb.access();
        Value address = slotAddress(slot, base, index);
        RuntimeLeaf f = lb.weak() ? RuntimeLeaf.Z_LOAD_BARRIER_WEAK : RuntimeLeaf.Z_LOAD_BARRIER;
        Instruction healed = add(HotSpotOp.LEAF_CALL_SAVING, JavaKind.Object, f, word(pointer), address);
        healed.setStamp(barrier.stamp()); // the same object, remapped (a referent kept alive)
        jump(done);
        replaceByPhi(barrier, entry, done, fastEnd, uncolored, healed);
    }

    /**
     * The store barrier: unless the slot's old pointer has a good color, the runtime marks it and
     * remembers the slot (and, before an atomic update, heals the slot to store-good).
     */
    private void storeBarrier(boolean atomic, Access store, Value base, Value index, Block done) {
        // The old pointer: a plain read of the slot's word (never the store's ordering).
        Access slot = new Access(JavaKind.Long, store.displacement(), store.scale(), false);
        Value old = index == null ? add(HotSpotOp.READ, JavaKind.Long, slot, base) : add(HotSpotOp.READ, JavaKind.Long, slot, base, index);
        Value test = add(HotSpotOp.Z_TEST, JavaKind.Int, atomic ? ZTest.NOT_STORE_GOOD : ZTest.STORE_BAD, old);
        at = branch(Condition.EQ, test, g.intConstant(0), done);
        add(HotSpotOp.LEAF_CALL_SAVING, JavaKind.Void, atomic ? RuntimeLeaf.Z_STORE_BARRIER_HEALING : RuntimeLeaf.Z_STORE_BARRIER, address(store, base, index));
        jump(done);
    }

    /** The colored pointer as the word the runtime takes (a read of a mirror's handle gives it as a reference). */
    private Value word(Value pointer) {
        return pointer.kind() == JavaKind.Long ? pointer : add(HotSpotOp.ADDRESS_OF, JavaKind.Long, null, pointer);
    }
}
