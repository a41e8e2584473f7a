package org.ssajit.hotspot.ir;

import org.ssajit.util.Nulls;

/**
 * Which of the collector's barriers a {@link HotSpotOp#PRE_BARRIER} or {@link HotSpotOp#POST_BARRIER} is, and the
 * reference store it belongs to ({@code access}: where, and whether the slot holds a narrow oop). The
 * lowering chooses the protocol from the VM's collector and its last steps expand every kind into
 * reads, writes, branches and runtime calls ({@code lowering.BarrierExpansion},
 * {@code lowering.G1BarrierExpansion}): no back end selects a barrier.
 */
public record GcBarrier(Kind kind, Access access) {
    public enum Kind {
        /**
         * G1's pre-barrier: while concurrent marking is active (a byte of the thread's SATB queue), the
         * reference about to be overwritten, if not null, is put in the thread's SATB queue, or handed
         * to {@code JVMCIRuntime::write_barrier_pre} when the queue is full.
         */
        G1_SATB(true),
        /**
         * The card-table post-barrier of Serial and Parallel: the card of the stored-to address is
         * dirtied. Only while lowering: its last steps expand it into words, a shift and a byte store
         * ({@code lowering.BarrierExpansion}); no back end selects it.
         */
        CARD_TABLE(false),
        /**
         * G1's post-barrier: nothing for a null value or a store within one heap region; else, unless the
         * card is young or (after a StoreLoad fence) already dirty, the card is dirtied and put in the
         * thread's dirty-card queue, or handed to {@code JVMCIRuntime::write_barrier_post} when it is full.
         */
        G1_CARD(false),
        /**
         * Shenandoah's pre-barrier: while it marks (the MARKING bit of the thread's gc state), the
         * reference about to be overwritten, if not null, is put in the thread's SATB queue, or handed to
         * {@code ShenandoahRuntime::write_barrier_pre} when the queue is full.
         */
        SHENANDOAH_SATB(true),
        /**
         * Shenandoah's post-barrier in its generational mode: the card of the stored-to address, in the
         * card table the thread holds (the VM swaps tables), is dirtied (tested first with
         * {@code -XX:+UseCondCardMark}).
         */
        SHENANDOAH_CARD(false),
        /**
         * ZGC's store barrier before a plain reference store: unless the slot's old pointer is
         * store-good (or a raw null), {@code ZBarrierSetRuntime::store_barrier_on_oop_field_without_healing}
         * marks it and remembers the slot. The store then writes the new reference colored store-good.
         */
        Z_STORE(true),
        /**
         * ZGC's store barrier before an atomic reference update: unless the slot's old pointer is exactly
         * store-good, {@code ..._with_healing} also rewrites it store-good, so that the update can
         * compare colored pointers bit for bit.
         */
        Z_ATOMIC(true);

        private final boolean pre;

        Kind(boolean pre) {
            this.pre = pre;
        }

        /** Whether it runs before the store (else after). */
        public boolean isPre() {
            return pre;
        }
    }

    public GcBarrier {
        Nulls.requireNonNull(kind);
        if (access.kind() != jdk.vm.ci.meta.JavaKind.Object) {
            throw new IllegalArgumentException("a barrier belongs to a reference store: " + access);
        }
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + " " + access;
    }
}
