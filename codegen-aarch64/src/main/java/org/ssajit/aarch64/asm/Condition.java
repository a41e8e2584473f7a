package org.ssajit.aarch64.asm;

import java.util.Locale;

/**
 * The A64 condition codes, in encoding order (the 4-bit {@code cond} field of {@code b.cond},
 * {@code csel}, {@code ccmp}, {@code fcsel}). After {@code cmp a, b}: {@link #HS}/{@link #LO}/
 * {@link #HI}/{@link #LS} compare unsigned, {@link #GE}/{@link #LT}/{@link #GT}/{@link #LE} signed.
 * After {@code fcmp}, an unordered result (a NaN) sets C and V: {@link #LO}, {@link #MI}, {@link #LS},
 * {@link #LT}, {@link #LE} are false for it, {@link #HS}, {@link #HI}, {@link #GE}... true.
 *
 * <p>{@code nv} (15) is left out: it behaves as {@link #AL} and has no negation either.
 */
public enum Condition {
    /** Equal (Z). */
    EQ,
    NE,
    /** Unsigned higher or same (C set); objdump prints {@code cs}. */
    HS,
    /** Unsigned lower (C clear); objdump prints {@code cc}. */
    LO,
    /** Negative (N). */
    MI,
    /** Positive or zero. */
    PL,
    /** Overflow (V). */
    VS,
    VC,
    /** Unsigned higher. */
    HI,
    /** Unsigned lower or same. */
    LS,
    /** Signed greater or equal. */
    GE,
    /** Signed less. */
    LT,
    /** Signed greater. */
    GT,
    /** Signed less or equal. */
    LE,
    /** Always. */
    AL;

    /** The 4-bit condition field. */
    public int code() {
        return ordinal();
    }

    /** The condition that holds exactly when this one does not (flips the low bit); {@link #AL} has none. */
    public Condition negate() {
        if (this == AL) {
            throw new IllegalArgumentException("al has no negation");
        }
        return values()[ordinal() ^ 1];
    }

    /** The assembler's name, e.g. {@code "hs"}. */
    public String mnemonic() {
        return name().toLowerCase(Locale.ROOT);
    }
}
