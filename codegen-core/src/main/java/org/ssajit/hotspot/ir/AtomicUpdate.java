package org.ssajit.hotspot.ir;

/**
 * The attribute of {@link HotSpotOp#COMPARE_AND_SWAP}: the word's displacement from the base, and the
 * ordering the swap gives the accesses around it. {@link Ordering#ACQUIRE}: no later access moves
 * before it (a lock); {@link Ordering#RELEASE}: no earlier access moves after it (an unlock). A target
 * may give more than asked (x86's {@code lock cmpxchg} is a full fence), never less.
 */
public record AtomicUpdate(int displacement, Ordering ordering) {
    /** What a compare-and-swap orders. */
    public enum Ordering {
        ACQUIRE, RELEASE, ACQUIRE_RELEASE
    }

    public AtomicUpdate {
        java.util.Objects.requireNonNull(ordering, "ordering");
    }

    @Override
    public String toString() {
        return "+" + displacement + " " + ordering.name().toLowerCase(java.util.Locale.ROOT);
    }
}
