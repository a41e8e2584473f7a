package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * The attribute of {@link Op#UNSAFE_READ}, {@link Op#UNSAFE_WRITE} and {@link Op#UNSAFE_CAS}: what
 * {@code jdk.internal.misc.Unsafe}'s {@code get}, {@code put} and {@code compareAndSet} methods of one
 * kind access at {@code object + offset} (an absolute address when the object is null).
 *
 * @param kind the kind in memory: byte, short, char, int, long, float, double, or object (a reference
 *            in the heap's form, compressed where the VM compresses oops)
 * @param isVolatile the {@code Volatile} variants (and the {@code Acquire}, {@code Release} and
 *            {@code Opaque} ones, which call them): ordered as a volatile field's access is
 */
public record UnsafeAccess(JavaKind kind, boolean isVolatile) {
    public UnsafeAccess {
        if (kind == JavaKind.Boolean || kind == JavaKind.Void || kind == JavaKind.Illegal) {
            throw new IllegalArgumentException("no unsafe access of kind " + kind);
        }
    }

    @Override
    public String toString() {
        return (isVolatile ? "volatile " : "") + kind.getJavaName();
    }
}
