package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * Where and how a lowered memory op ({@link HotSpotOp#READ}, {@link HotSpotOp#WRITE}, {@link HotSpotOp#READ_OR_ZERO},
 * {@link HotSpotOp#STORE_RANGE}) accesses memory: {@code [base + index * scale + displacement]}, all of it
 * from the VM's layout.
 *
 * @param kind the kind in memory: a boolean, byte, char or short is read into an int extended as Java
 *            does (sign for byte and short, zero for boolean and char) and written as its low bits
 * @param displacement bytes from the base (with an index: the offset of element 0)
 * @param scale bytes per index step (1, 2, 4 or 8); 0 for an access without index
 * @param narrowOop a reference in the heap's compressed form: the op reads or writes the 32-bit
 *            narrow value, an int, which {@link HotSpotOp#UNCOMPRESS} decodes
 * @param isVolatile a volatile field: the lowering puts the memory model's {@link HotSpotOp#MEMBAR}s around
 *            the access, which is all a target with x86's ordering needs; a weakly ordered target
 *            must also make the access itself an acquiring load or a releasing store (AArch64
 *            {@code ldar}/{@code stlr}), so that it is ordered with the volatile accesses of code
 *            compiled by HotSpot's own compilers, which rely on those instructions
 */
public record Access(JavaKind kind, int displacement, int scale, boolean narrowOop, boolean isVolatile) {
    /*
     * equals and hashCode written out: a record's generated ones go through method handles
     * (java.lang.invoke's code), slow while the compiler still runs in the interpreter, and they made
     * java.lang.invoke's methods hot enough for tier-4 compiles of their own on the compiler thread.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Access a && a.kind == kind && a.displacement == displacement && a.scale == scale && a.narrowOop == narrowOop
                        && a.isVolatile == isVolatile;
    }

    @Override
    public int hashCode() {
        return ((((kind == null ? 0 : kind.ordinal()) * 31 + displacement) * 31 + scale) * 31 + (narrowOop ? 1 : 0)) * 31 + (isVolatile ? 1 : 0);
    }

    /** A plain (not volatile) access. */
    public Access(JavaKind kind, int displacement, int scale, boolean narrowOop) {
        this(kind, displacement, scale, narrowOop, false);
    }

    public Access {
        if (narrowOop && kind != JavaKind.Object) {
            throw new IllegalArgumentException("a narrow oop is an object: " + kind);
        }
        if (scale != 0 && scale != 1 && scale != 2 && scale != 4 && scale != 8) {
            throw new IllegalArgumentException("scale " + scale);
        }
    }

    /** The kind of the value read or written: int for sub-int kinds and narrow oops, else the kind. */
    public JavaKind valueKind() {
        return narrowOop ? JavaKind.Int : kind.getStackKind();
    }

    /** Bytes read or written (an uncompressed reference: a word, 8 bytes on both targets). */
    public int size() {
        return narrowOop ? 4 : kind == JavaKind.Object ? 8 : kind.getByteCount();
    }

    @Override
    public String toString() {
        return (isVolatile ? "volatile " : "") + (narrowOop ? "narrow " : "") + kind.getJavaName() + " +" + displacement + (scale != 0 ? " *" + scale : "");
    }
}
