package org.ssajit.ir;

/**
 * How {@link Op#ROUND} rounds a double to an integral double: as {@code Math.floor} (toward negative
 * infinity), {@code Math.ceil} (toward positive infinity) or {@code Math.rint} (to the nearest, ties
 * to the even one). A NaN, an infinity, a zero and every value of magnitude 2^52 or more, already
 * integral, is the result unchanged, every bit of it, with one exception: {@code rint} of a NaN is
 * the NaN with its sign bit cleared, quiet (the method's Java code multiplies the NaN's absolute
 * value by its sign, and a multiplication returns its NaN operand quiet on x86 and AArch64; {@code
 * floor} and {@code ceil} return their argument). {@code ceil} of a value in (-1, 0) and {@code
 * rint} of one in [-0.5, 0) are -0.0. (HotSpot's C2 computes these with {@code roundsd}, which
 * gives every NaN back quiet, its sign kept: the interpreter's answer is the one kept here.)
 */
public enum Rounding {
    FLOOR,
    CEIL,
    RINT;

    /** The bits of {@code rint} of the NaN {@code nanBits}: sign cleared, quiet. */
    public static long rintOfNaN(long nanBits) {
        return nanBits & Long.MAX_VALUE | 0x0008_0000_0000_0000L;
    }

    /**
     * What the Java method computes for {@code x}, every bit, NaN included (not asked of the host's
     * {@code Math}, which C2 may have compiled).
     */
    public double apply(double x) {
        if (Double.isNaN(x)) {
            return this == RINT ? Double.longBitsToDouble(rintOfNaN(Double.doubleToRawLongBits(x))) : x;
        }
        return switch (this) {
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case RINT -> Math.rint(x);
        };
    }
}
