package org.ssajit.amd64.asm;

/** The factor applied to the index register of an {@link Address} (the SIB byte's two scale bits). */
public enum Scale {
    ONE(1),
    TWO(2),
    FOUR(4),
    EIGHT(8);

    /** The factor. */
    public final int value;
    /** The SIB scale field: log2 of the factor. */
    final int bits;

    Scale(int value) {
        this.value = value;
        this.bits = Integer.numberOfTrailingZeros(value);
    }

    /** The scale for an element size of 1, 2, 4 or 8 bytes. */
    public static Scale of(int factor) {
        return switch (factor) {
            case 1 -> ONE;
            case 2 -> TWO;
            case 4 -> FOUR;
            case 8 -> EIGHT;
            default -> throw new IllegalArgumentException("scale must be 1, 2, 4 or 8: " + factor);
        };
    }
}
