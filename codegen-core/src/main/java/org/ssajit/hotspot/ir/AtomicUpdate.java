package org.ssajit.hotspot.ir;

/**
 * The attribute of {@link HotSpotOp#COMPARE_AND_SWAP}: the kind swapped (a 64-bit word or long, or a
 * 32-bit int), its displacement from the base, and the ordering the swap gives the accesses around it. {@link Ordering#ACQUIRE}: no later access moves
 * before it (a lock); {@link Ordering#RELEASE}: no earlier access moves after it (an unlock). A target
 * may give more than asked (x86's {@code lock cmpxchg} is a full fence), never less.
 */
public record AtomicUpdate(jdk.vm.ci.meta.JavaKind kind, int displacement, Ordering ordering) {
    /** A swap of a 64-bit word. */
    public AtomicUpdate(int displacement, Ordering ordering) {
        this(jdk.vm.ci.meta.JavaKind.Long, displacement, ordering);
    }

    /** What a compare-and-swap orders. */
    public enum Ordering {
        ACQUIRE, RELEASE, ACQUIRE_RELEASE
    }

    public AtomicUpdate {
        org.ssajit.util.Nulls.requireNonNull(ordering, "ordering");
        if (kind != jdk.vm.ci.meta.JavaKind.Long && kind != jdk.vm.ci.meta.JavaKind.Int) {
            throw new IllegalArgumentException("a compare-and-swap of an int or a long, not " + kind);
        }
    }

    /** Bits swapped: 32 or 64. */
    public int bits() {
        return kind == jdk.vm.ci.meta.JavaKind.Int ? 32 : 64;
    }

    @Override
    public String toString() {
        return (kind == jdk.vm.ci.meta.JavaKind.Int ? "int " : "") + "+" + displacement + " " + ordering.name().toLowerCase(java.util.Locale.ROOT);
    }
}
