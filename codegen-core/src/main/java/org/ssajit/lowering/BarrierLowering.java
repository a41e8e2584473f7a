package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.FrameState;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/** Reference stores with the collector's barriers (G1's SATB pre-barrier and post-barrier, the card mark of Serial and Parallel), compressed where oops are narrow, with volatile barriers. */
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
     */
    void storeReference(Value base, Value index, Value value, Access access, FrameState nullCheck, boolean isVolatile, int bci) {
        if (isVolatile) {
            ctx.emit(ctx.membar(MemoryBarriers.BEFORE_VOLATILE_WRITE, bci), null);
        }
        GcBarrier.Kind pre;
        GcBarrier.Kind post;
        if (ctx.gc == ctx.config.gcG1) {
            pre = GcBarrier.Kind.G1_SATB;
            post = GcBarrier.Kind.G1_CARD;
        } else if (ctx.gc == ctx.config.gcSerial || ctx.gc == ctx.config.gcParallel) {
            pre = null;
            post = GcBarrier.Kind.CARD_TABLE;
        } else {
            throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "reference store at bci " + bci + ": no barriers for the "
                            + ctx.config.gcName(ctx.gc) + " collector");
        }
        if (nullCheck != null) {
            ctx.nullCheck(base, nullCheck);
        }
        if (pre != null) {
            barrier(HotSpotOp.PRE_BARRIER, new GcBarrier(pre, access), base, null, index, bci);
        }
        Value stored = value;
        if (access.narrowOop()) {
            stored = value.stamp().isAlwaysNull() ? ctx.g.intConstant(0)
                            : ctx.emit(new Instruction(ctx.g, HotSpotOp.COMPRESS, JavaKind.Int, new NarrowEncoding(ctx.config.narrowOopBase, ctx.config.narrowOopShift), bci, value),
                                            Stamp.unrestricted(JavaKind.Int));
        }
        ctx.write(base, index, stored, access, bci);
        if (!value.stamp().isAlwaysNull()) {
            barrier(HotSpotOp.POST_BARRIER, new GcBarrier(post, access), base, value, index, bci);
        }
        if (isVolatile) {
            ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_WRITE, bci), null);
        }
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
