package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;
import org.ssajit.util.Nulls;

/**
 * The attribute of a lowered {@link HotSpotOp#ALLOCATE}: what to allocate, in the VM's layout. An instance:
 * its size in bytes (a multiple of the object alignment); an array: the element kind, where
 * element 0 and the length are, and log2 of the element size. {@code hub} is the class-metadata
 * constant of the class (for an array, the array class).
 */
public record AllocationShape(ResolvedJavaType type, Constant hub, int instanceSize, JavaKind elementKind, int baseOffset, int log2ElementSize,
                int lengthOffset) {
    public AllocationShape {
        Nulls.requireNonNull(type, "type");
        Nulls.requireNonNull(hub, "hub");
        if (type.isArray() != (elementKind != null)) {
            throw new IllegalArgumentException("an array needs an element kind, an instance none: " + type);
        }
        if (!type.isArray() && (instanceSize <= 0 || instanceSize % 8 != 0)) {
            throw new IllegalArgumentException("instance size " + instanceSize + " of " + type);
        }
    }

    public static AllocationShape instance(ResolvedJavaType type, Constant hub, int size) {
        return new AllocationShape(type, hub, size, null, 0, 0, 0);
    }

    public static AllocationShape array(ResolvedJavaType arrayType, Constant hub, JavaKind elementKind, int baseOffset, int elementSize, int lengthOffset) {
        return new AllocationShape(arrayType, hub, 0, elementKind, baseOffset, Integer.numberOfTrailingZeros(elementSize), lengthOffset);
    }

    public boolean isArray() {
        return elementKind != null;
    }

    @Override
    public String toString() {
        return type.toJavaName() + (isArray() ? "" : " (" + instanceSize + " bytes)");
    }
}
