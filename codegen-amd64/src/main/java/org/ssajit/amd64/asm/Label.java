package org.ssajit.amd64.asm;

import java.util.Arrays;

/**
 * A position in one assembler's code, possibly not known yet. Jumps, calls and rip-relative operands
 * may refer to a label before it is {@linkplain Amd64Assembler#bind bound}; the assembler records
 * where the offset field is and patches it at {@code bind}. A label belongs to the first assembler
 * that uses it and is bound at most once.
 */
public final class Label {
    private final String name;
    Amd64Assembler owner;
    int position = -1;
    /** Pending references, three ints each: field position, field size (1 or 4), anchor position. */
    int[] refs = new int[0];
    int refCount;

    public Label() {
        this(null);
    }

    /** A label with a name, for error messages. */
    public Label(String name) {
        this.name = name;
    }

    public boolean isBound() {
        return position >= 0;
    }

    /** The bound position. */
    public int position() {
        if (position < 0) {
            throw new IllegalStateException("label " + this + " is not bound");
        }
        return position;
    }

    void addReference(int field, int size, int anchor) {
        if (refCount * 3 == refs.length) {
            refs = Arrays.copyOf(refs, Math.max(6, refs.length * 2));
        }
        refs[refCount * 3] = field;
        refs[refCount * 3 + 1] = size;
        refs[refCount * 3 + 2] = anchor;
        refCount++;
    }

    @Override
    public String toString() {
        String id = name != null ? name : "L" + Integer.toHexString(System.identityHashCode(this));
        return position >= 0 ? id + "@" + position : id;
    }
}
