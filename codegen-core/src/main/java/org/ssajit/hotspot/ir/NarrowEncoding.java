package org.ssajit.hotspot.ir;

/**
 * How the VM compresses references ({@link HotSpotOp#UNCOMPRESS}): {@code ref = narrow == 0 ? null : base + (narrow << shift)}
 * (unsigned 32-bit narrow value). With {@code klass}, how it compresses class pointers: {@code klass =
 * base + (narrow << shift)}, a word, never null (every object has a class), so decoded without a test.
 */
public record NarrowEncoding(long base, int shift, boolean klass) {
    /** The encoding of references (oops). */
    public NarrowEncoding(long base, int shift) {
        this(base, shift, false);
    }

    /** The encoding of class pointers. */
    public static NarrowEncoding ofKlass(long base, int shift) {
        return new NarrowEncoding(base, shift, true);
    }

    /** The reference or class pointer a narrow value stands for, as a 64-bit address (0 for null). */
    public long decode(int narrow) {
        return narrow == 0 && !klass ? 0 : base + ((narrow & 0xFFFF_FFFFL) << shift);
    }

    @Override
    public String toString() {
        return String.format("%sbase 0x%x shift %d", klass ? "klass " : "", base, shift);
    }
}
