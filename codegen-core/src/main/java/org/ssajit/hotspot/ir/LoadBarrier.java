package org.ssajit.hotspot.ir;

import org.ssajit.util.Nulls;

/**
 * A {@link HotSpotOp#LOAD_BARRIER}'s strength and the read it follows ({@code access}: where, and
 * whether the slot holds a narrow oop, which picks the runtime's narrow entry for healing the slot).
 *
 * @param weak a {@code Reference}'s referent: the barrier also runs while the collector clears weak
 *            references (the WEAK_ROOTS bit), and the runtime may answer null for a referent that is
 *            no longer reachable; else strong: only while objects move, and only for an object in
 *            the collection set
 */
public record LoadBarrier(boolean weak, Access access) {
    public LoadBarrier {
        Nulls.requireNonNull(access);
        if (access.kind() != jdk.vm.ci.meta.JavaKind.Object) {
            throw new IllegalArgumentException("a load barrier follows a reference read: " + access);
        }
    }

    @Override
    public String toString() {
        return (weak ? "weak " : "strong ") + access;
    }
}
