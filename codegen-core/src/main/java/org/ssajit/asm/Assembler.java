package org.ssajit.asm;

import java.util.Arrays;

/**
 * What every target's assembler is built on: a growable little-endian code buffer and the
 * {@link Label}s its instructions refer to. A subclass encodes instructions; for a reference to a
 * label not bound yet it records what it needs to patch the instruction later ({@link #resolve}), and
 * patches it when the label is bound ({@link #patchReferences}). {@link #code()} refuses code that
 * still refers to an unbound label.
 */
public abstract class Assembler {
    private byte[] buf;
    private int pos;
    /**
     * Labels referenced while unbound, each once, in order (bound ones stay): {@link #code()} refuses
     * while any of them is unbound. An array rather than a set of the JDK's, whose methods the
     * compiler's calls made hot on the compiler thread (and this package depends on nothing of ssajit's).
     */
    private Label[] referencedUnbound = new Label[8];
    private int referencedUnboundCount;

    protected Assembler(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    /** Number of bytes emitted so far: the position of the next instruction. */
    public final int position() {
        return pos;
    }

    /**
     * A copy of the code. Fails if a label was referenced but never bound (its offset fields would
     * still hold zeros).
     */
    public final byte[] code() {
        StringBuilder never = null;
        for (int i = 0; i < referencedUnboundCount; i++) {
            Label l = referencedUnbound[i];
            if (!l.isBound()) {
                never = (never == null ? new StringBuilder("[") : never.append(", ")).append(l);
            }
        }
        if (never != null) {
            throw new IllegalStateException("labels referenced but never bound: " + never.append(']'));
        }
        return Arrays.copyOf(buf, pos);
    }

    /** The byte at {@code position}, as 0..255. */
    public final int byteAt(int position) {
        checkRange(position, 1);
        return buf[position] & 0xFF;
    }

    /** One byte (the low 8 bits). */
    protected void emitByte(int b) {
        if (pos == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        buf[pos++] = (byte) b;
    }

    /** Raw data or an instruction word: 32 bits, little-endian. */
    public void emitInt(int v) {
        emitByte(v);
        emitByte(v >>> 8);
        emitByte(v >>> 16);
        emitByte(v >>> 24);
    }

    /** Raw data: 64 bits, little-endian. */
    public void emitLong(long v) {
        emitInt((int) v);
        emitInt((int) (v >>> 32));
    }

    /** Overwrites the 32 bits at {@code at} (little-endian). */
    protected final void putInt(int at, int v) {
        checkRange(at, 4);
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }

    /** Overwrites the byte at {@code at}. */
    protected final void putByte(int at, int v) {
        checkRange(at, 1);
        buf[at] = (byte) v;
    }

    /** The 32 bits at {@code at} (little-endian). */
    protected final int getInt(int at) {
        checkRange(at, 4);
        return (buf[at] & 0xFF) | (buf[at + 1] & 0xFF) << 8 | (buf[at + 2] & 0xFF) << 16 | buf[at + 3] << 24;
    }

    /** Pads with the target's no-op instructions until the position is a multiple of {@code alignment} (a power of two). */
    public abstract void align(int alignment);

    // Labels -----------------------------------------------------------------------------------------

    /** Binds {@code label} to the current position and patches every reference made so far. */
    public final void bind(Label label) {
        claim(label);
        if (label.isBound()) {
            throw new IllegalStateException("label " + label + " is already bound");
        }
        int[] references = label.references();
        checkReferences(label, references);
        label.position = pos;
        patchReferences(label, references);
        label.clearReferences();
    }

    /** The position of {@code target} (claimed for this assembler) if it is bound, else -1. */
    protected final int boundPosition(Label target) {
        claim(target);
        return target.position;
    }

    /**
     * For an instruction referring to {@code target}: its position if it is bound; else -1, after
     * recording {@code reference} (what the subclass needs to patch the instruction) on the label,
     * to be handed back to {@link #patchReferences} when it is bound.
     */
    protected final int resolve(Label target, int... reference) {
        claim(target);
        if (target.isBound()) {
            return target.position;
        }
        if (!target.hasReferences()) {
            if (referencedUnboundCount == referencedUnbound.length) {
                Label[] grown = new Label[referencedUnboundCount * 2];
                System.arraycopy(referencedUnbound, 0, grown, 0, referencedUnboundCount);
                referencedUnbound = grown;
            }
            referencedUnbound[referencedUnboundCount++] = target;
        }
        target.addReference(reference);
        return -1;
    }

    /**
     * Checks, before {@code label} is bound at {@link #position()}, that every reference to it can
     * reach it; throws (the label stays unbound) if one cannot. Nothing by default.
     */
    protected void checkReferences(Label label, int[] references) {
    }

    /** Fills in the references recorded by {@link #resolve} (in order, concatenated), now that {@code label} is bound. */
    protected abstract void patchReferences(Label label, int[] references);

    /**
     * {@code o}, or a {@link NullPointerException} naming {@code what}: {@code Objects.requireNonNull}
     * as the assemblers' own code (see {@link Label#addReference} for why).
     */
    public static <T> T nonNull(T o, String what) {
        if (o == null) {
            throw new NullPointerException(what);
        }
        return o;
    }

    /**
     * That the {@code size} bytes from {@code at} were emitted. Not {@code Objects.checkIndex}: see
     * {@link Label#addReference}.
     */
    private void checkRange(int at, int size) {
        if (at < 0 || size > pos - at) {
            throw new IndexOutOfBoundsException("bytes " + at + " to " + ((long) at + size) + " of " + pos);
        }
    }

    private void claim(Label label) {
        nonNull(label, "label");
        if (label.owner == null) {
            label.owner = this;
        } else if (label.owner != this) {
            throw new IllegalArgumentException("label " + label + " belongs to another assembler");
        }
    }
}
