package org.ssajit.ir;

/**
 * How the VM compresses references ({@link Op#UNCOMPRESS}): {@code ref = narrow == 0 ? null : base + (narrow << shift)}
 * (unsigned 32-bit narrow value).
 */
public record NarrowEncoding(long base, int shift) {
    /** The reference a narrow value stands for, as a 64-bit address (0 for null). */
    public long decode(int narrow) {
        return narrow == 0 ? 0 : base + ((narrow & 0xFFFF_FFFFL) << shift);
    }

    @Override
    public String toString() {
        return String.format("base 0x%x shift %d", base, shift);
    }
}
