package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.ir.FrameState;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * Reference stores with the collector's barriers (G1's SATB pre-barrier and post-barrier, the card mark
 * of Serial and Parallel, Shenandoah's SATB pre-barrier and its generational mode's card mark),
 * compressed where oops are narrow, with volatile barriers.
 */
final class BarrierLowering {
    private final InstructionLowering ctx;

    BarrierLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * A reference store with the collector's barriers: for G1, the SATB pre-barrier (which may read
     * the old value, so the base's null check stays explicit), the store, the G1 post-barrier; for
     * Serial and Parallel, the store (which may become its null check, {@link ImplicitNullChecks})
     * and the card mark.
     * A null constant needs no post-barrier (no new reference to remember). With compressed oops the
     * store writes the {@link HotSpotOp#COMPRESS}ed value; the post-barrier takes the full reference.
     * A volatile field gets the Java memory model's barriers around it all.
     *
     * @param nullCheck the state of the base's null check, or null if it needs none (a static field's
     *            mirror, an array already checked)
     * @param slot what the slot still holds ({@link InstructionLowering#freshness}): its default (null),
     *            and a SATB pre-barrier would find no previous value to record, so there is none; and with
     *            nothing since the object's allocation that can stop at a safepoint, where the VM reduces
     *            initial card marks, a card-table or G1 post-barrier would find a young card (the fast path
     *            allocates in a young region) or one the allocation's slow path marked itself, so there is
     *            none either
     */
    void storeReference(Value base, Value index, Value value, Access access, FrameState nullCheck, boolean isVolatile, InstructionLowering.Freshness slot,
                    int bci) {
        if (isVolatile) {
            ctx.emit(ctx.membar(MemoryBarriers.BEFORE_VOLATILE_WRITE, bci), null);
        }
        if (ctx.gc == ctx.config.gcZ) {
            // ZGC: the store barrier on the slot's old pointer, then the new reference written colored.
            if (nullCheck != null) {
                ctx.nullCheck(base, nullCheck);
            }
            barrier(HotSpotOp.PRE_BARRIER, new GcBarrier(GcBarrier.Kind.Z_STORE, access), base, null, index, bci);
            ctx.write(base, index, color(value, bci), coloredSlot(access), bci);
            if (isVolatile) {
                ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_WRITE, bci), null);
            }
            return;
        }
        GcBarrier.Kind pre = preBarrier(bci);
        GcBarrier.Kind post = postBarrier(bci);
        if (nullCheck != null) {
            ctx.nullCheck(base, nullCheck);
        }
        if (pre != null && !slot.holdsDefault()) {
            barrier(HotSpotOp.PRE_BARRIER, new GcBarrier(pre, access), base, null, index, bci);
        }
        Value stored = access.narrowOop() ? compress(value, bci) : value;
        ctx.write(base, index, stored, access, bci);
        boolean noCardNeeded = slot == InstructionLowering.Freshness.INITIAL && ctx.config.reduceInitialCardMarks && (post == GcBarrier.Kind.G1_CARD || post == GcBarrier.Kind.CARD_TABLE);
        if (post != null && !value.stamp().isAlwaysNull() && !noCardNeeded) {
            barrier(HotSpotOp.POST_BARRIER, new GcBarrier(post, access), base, value, index, bci);
        }
        if (isVolatile) {
            ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_WRITE, bci), null);
        }
    }

    /**
     * An {@code Unsafe} compare-and-set of the reference at {@code address} (a word): the target's swap
     * of its narrow form where oops are compressed, else of its bits, between the collector's barriers.
     * The pre-barrier records the slot's value before the swap, which it may overwrite; the
     * post-barrier the new value's card whether or not it swapped (as C2's does: a card dirtied for
     * nothing costs only a scan). 1 if it swapped, else 0.
     */
    Value compareAndSwapReference(Value address, Value expected, Value value, int bci) {
        if (ctx.gc == ctx.config.gcZ) {
            // ZGC: the atomic store barrier leaves the slot's pointer store-good, the color both words get.
            barrier(HotSpotOp.PRE_BARRIER, new GcBarrier(GcBarrier.Kind.Z_ATOMIC, new Access(JavaKind.Object, 0, 0, false)), address, null, null, bci);
            AtomicUpdate update = new AtomicUpdate(JavaKind.Long, 0, AtomicUpdate.Ordering.ACQUIRE_RELEASE);
            return ctx.emit(new Instruction(ctx.g, HotSpotOp.COMPARE_AND_SWAP, JavaKind.Int, update, bci, address, color(expected, bci), color(value, bci)),
                            Stamp.forInt(0, 1));
        }
        GcBarrier.Kind pre = preBarrier(bci);
        GcBarrier.Kind post = postBarrier(bci);
        boolean narrow = ctx.config.useCompressedOops;
        Access access = new Access(JavaKind.Object, 0, 0, narrow);
        if (pre != null) {
            barrier(HotSpotOp.PRE_BARRIER, new GcBarrier(pre, access), address, null, null, bci);
        }
        Value swapped;
        if (ctx.gc == ctx.config.gcShenandoah && ctx.config.shenandoahCasBarrier) {
            // The slot may still hold a from-space copy of the expected object: expanded with a retry.
            swapped = ctx.emit(new Instruction(ctx.g, HotSpotOp.REFERENCE_SWAP, JavaKind.Int, null, bci, address, expected, value), Stamp.forInt(0, 1));
        } else {
            Value e = narrow ? compress(expected, bci) : word(expected, bci);
            Value v = narrow ? compress(value, bci) : word(value, bci);
            AtomicUpdate update = new AtomicUpdate(narrow ? JavaKind.Int : JavaKind.Long, 0, AtomicUpdate.Ordering.ACQUIRE_RELEASE);
            swapped = ctx.emit(new Instruction(ctx.g, HotSpotOp.COMPARE_AND_SWAP, JavaKind.Int, update, bci, address, e, v), Stamp.forInt(0, 1));
        }
        if (post != null && !value.stamp().isAlwaysNull()) {
            barrier(HotSpotOp.POST_BARRIER, new GcBarrier(post, access), address, value, null, bci);
        }
        return swapped;
    }

    /** ZGC: the colored pointer a store writes for {@code v} (valid until the next safepoint: the store follows at once). */
    private Value color(Value v, int bci) {
        return ctx.emit(new Instruction(ctx.g, HotSpotOp.Z_COLOR, JavaKind.Long, null, bci, v), Stamp.unrestricted(JavaKind.Long));
    }

    /** ZGC: a reference slot as the word it holds. */
    private static Access coloredSlot(Access access) {
        return new Access(JavaKind.Long, access.displacement(), access.scale(), false, access.isVolatile());
    }

    /** A reference's narrow form (0 for a null constant). */
    private Value compress(Value v, int bci) {
        if (v.stamp().isAlwaysNull()) {
            return ctx.g.intConstant(0);
        }
        return ctx.emit(new Instruction(ctx.g, HotSpotOp.COMPRESS, JavaKind.Int, new NarrowEncoding(ctx.config.narrowOopBase, ctx.config.narrowOopShift), bci, v),
                        Stamp.unrestricted(JavaKind.Int));
    }

    /** A reference's bits as a word, for a swap that compares and writes them (the reference stays live beside it: no safepoint between). */
    private Value word(Value v, int bci) {
        return ctx.emit(new Instruction(ctx.g, HotSpotOp.ADDRESS_OF, JavaKind.Long, null, bci, v), null);
    }

    /** The collector's barrier before a reference store, or null if it has none. */
    private GcBarrier.Kind preBarrier(int bci) {
        if (ctx.gc == ctx.config.gcShenandoah) {
            return ctx.config.shenandoahSatbBarrier ? GcBarrier.Kind.SHENANDOAH_SATB : null;
        }
        return postBarrier(bci) == GcBarrier.Kind.G1_CARD ? GcBarrier.Kind.G1_SATB : null;
    }

    /**
     * The collector's barrier after a reference store, or null if it has none (Shenandoah but in its
     * generational mode, and Epsilon); a bailout for a collector ssajit has none for.
     */
    private GcBarrier.Kind postBarrier(int bci) {
        if (ctx.gc == ctx.config.gcG1) {
            return GcBarrier.Kind.G1_CARD;
        }
        if (ctx.gc == ctx.config.gcSerial || ctx.gc == ctx.config.gcParallel) {
            return GcBarrier.Kind.CARD_TABLE;
        }
        if (ctx.gc == ctx.config.gcShenandoah) {
            return ctx.config.shenandoahCardBarrier ? GcBarrier.Kind.SHENANDOAH_CARD : null;
        }
        if (ctx.gc == ctx.config.gcEpsilon) {
            return null;
        }
        throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "reference store at bci " + bci + ": no barriers for the "
                        + ctx.config.gcName(ctx.gc) + " collector");
    }

    void barrier(HotSpotOp op, GcBarrier b, Value base, Value value, Value index, int bci) {
        java.util.List<Value> in = new CompilerList<>();
        in.add(base);
        if (value != null) {
            in.add(value);
        }
        if (index != null) {
            in.add(index);
        }
        ctx.emit(new Instruction(ctx.g, op, JavaKind.Void, b, bci, in.toArray(Value[]::new)), null);
    }
}
