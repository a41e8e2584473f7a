package org.ssajit.aarch64.asm;

import java.util.Arrays;

/**
 * A position in one assembler's code, possibly not known yet. Branches, literal loads and
 * {@code adr} may refer to a label before it is {@linkplain Aarch64Assembler#bind bound}; the
 * assembler remembers the referring instructions and fills in their offsets at {@code bind}. A label
 * belongs to the first assembler that uses it and is bound at most once.
 */
public final class Label {
    private final String name;
    Aarch64Assembler owner;
    int position = -1;
    /** Positions of the instructions waiting for this label's position. */
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

    void addReference(int instruction) {
        if (refCount == refs.length) {
            refs = Arrays.copyOf(refs, Math.max(4, refs.length * 2));
        }
        refs[refCount++] = instruction;
    }

    @Override
    public String toString() {
        String id = name != null ? name : "L" + Integer.toHexString(System.identityHashCode(this));
        return position >= 0 ? id + "@0x" + Integer.toHexString(position) : id;
    }
}
