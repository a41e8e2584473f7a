package org.ssajit.aarch64.asm;

import java.util.Locale;

/**
 * Extension of an index or second operand register, in encoding order (the 3-bit {@code option}
 * field): take the low byte, halfword, word or doubleword, zero- or sign-extended. The
 * {@code *W}/{@code *B}/{@code *H} forms read a W register, {@link #UXTX} and {@link #SXTX} an X register.
 *
 * <p>Add/sub (extended register) accepts all eight. A register-offset address accepts
 * {@link #UXTW}, {@link #SXTW}, {@link #SXTX}, and {@link #UXTX}, which objdump prints as {@code lsl}.
 */
public enum ExtendType {
    UXTB,
    UXTH,
    UXTW,
    UXTX,
    SXTB,
    SXTH,
    SXTW,
    SXTX;

    /** The 3-bit option field. */
    public int option() {
        return ordinal();
    }

    /** Whether the extended register is an X register (the 64-bit forms), not a W register. */
    public boolean readsX() {
        return (ordinal() & 3) == 3;
    }

    public String mnemonic() {
        return name().toLowerCase(Locale.ROOT);
    }
}
