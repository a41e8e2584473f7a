package org.ssajit.backend;

import org.ssajit.lir.LirBlock;

import jdk.vm.ci.meta.Value;

/** {@link org.ssajit.hotspot.ir.HotSpotOp#COMPARE_AND_SWAP} fused with the branch that tests it, the same on every target but for the swap. */
public final class AtomicOps {
    private AtomicOps() {
    }

    /**
     * The swap and the branch that tests it ({@code if (cas == 0)} or {@code != 0}): to the true target
     * when the swap succeeded ({@code onSuccess}) or failed, on the flags the swap left, with no compare
     * of its own; a {@link TwoWayBranch}. A target's subclass emits the swap and the branch.
     */
    public abstract static class CompareAndSwapBranch<E extends HotSpotCodeEmitter<?, ?, ?>> extends TwoWayBranch<E> {
        /** Whether the true target is taken when the swap succeeded ({@code != 0}). */
        protected final boolean onSuccess;

        protected CompareAndSwapBranch(boolean onSuccess, Value[] uses, LirBlock trueTarget, LirBlock falseTarget) {
            super(uses, trueTarget, falseTarget);
            this.onSuccess = onSuccess;
        }

        /** The branch's half of the name: which outcome goes where. */
        protected final String targets() {
            return (onSuccess ? "swapped " : "failed ") + trueTarget + " else " + falseTarget;
        }
    }
}
