package org.ssajit.amd64.asm;

/**
 * The sixteen x86 condition codes, in encoding order: the low nibble of {@code Jcc}, {@code SETcc}
 * and {@code CMOVcc}. "Below/above" compare unsigned, "less/greater" signed; {@link #P} is set when a
 * {@code ucomiss/ucomisd} saw a NaN.
 */
public enum Condition {
    /** Overflow. */
    O,
    NO,
    /** Below: unsigned {@code <} (carry set). */
    B,
    /** Above or equal: unsigned {@code >=}. */
    AE,
    E,
    NE,
    /** Below or equal: unsigned {@code <=}. */
    BE,
    /** Above: unsigned {@code >}. */
    A,
    /** Sign (negative). */
    S,
    NS,
    /** Parity even: after a floating-point compare, unordered. */
    P,
    NP,
    /** Less: signed {@code <}. */
    L,
    GE,
    LE,
    G;

    /** The 4-bit condition field. */
    public int code() {
        return ordinal();
    }

    /** The condition that holds exactly when this one does not (flips the low bit). */
    public Condition negate() {
        return values()[ordinal() ^ 1];
    }

    /** The mnemonic suffix, e.g. {@code "ae"} for {@code jae}. */
    public String suffix() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
