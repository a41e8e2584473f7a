package org.ssajit.asm;


/**
 * A position in one assembler's code, possibly not known yet. Instructions may refer to a label
 * before it is {@linkplain Assembler#bind bound}: the assembler records each such reference (in its
 * own terms, a few ints) on the label and fills in the offsets when the label is bound. A label
 * belongs to the first assembler that uses it and is bound at most once.
 */
public class Label {
    /** What {@link #id()} prints: a name, or what makes one (a block), turned into text only when printed. */
    private final Object name;
    Object owner;
    int position = -1;
    private static final int[] NONE = {};

    /** References made before binding: the owner's records, {@link #recordSize} ints each, in order. */
    private int[] references = NONE;
    private int used;

    public Label() {
        this(null);
    }

    /** A label with a name, for error messages. */
    public Label(String name) {
        this.name = name;
    }

    /** A label named by {@code name}'s {@code toString}, called only when the label is printed. */
    public Label(Object name) {
        this.name = name;
    }

    public final boolean isBound() {
        return position >= 0;
    }

    /** The bound position. */
    public final int position() {
        if (position < 0) {
            throw new IllegalStateException("label " + this + " is not bound");
        }
        return position;
    }

    /** The name, or an identity for an unnamed label. */
    public final String id() {
        return name != null ? name.toString() : "L" + Integer.toHexString(System.identityHashCode(this));
    }

    /** Whether a reference was recorded since the label was made (or bound). */
    boolean hasReferences() {
        return used > 0;
    }

    void addReference(int[] record) {
        if (used + record.length > references.length) {
            // Grown by hand, not with Arrays.copyOf and Math.max: the compiler runs in the program's
            // JVM, and the JDK's methods, called for every label, were queued for tier-4 compiles of
            // their own on the compiler thread.
            int n = references.length * 2;
            if (n < 6) {
                n = 6;
            }
            if (n < used + record.length) {
                n = used + record.length;
            }
            int[] grown = new int[n];
            System.arraycopy(references, 0, grown, 0, used);
            references = grown;
        }
        System.arraycopy(record, 0, references, used, record.length);
        used += record.length;
    }

    /**
     * The references recorded so far, their ints in order (not to be modified). Most labels are bound
     * before any reference is made, or fill their array exactly: no copy then.
     */
    int[] references() {
        if (used == references.length) {
            return references;
        }
        int[] r = new int[used];
        System.arraycopy(references, 0, r, 0, used);
        return r;
    }

    void clearReferences() {
        references = NONE;
        used = 0;
    }

    @Override
    public String toString() {
        return position >= 0 ? id() + "@0x" + Integer.toHexString(position) : id();
    }
}
