package org.ssajit.aarch64.asm;

import java.util.Locale;

/**
 * The shift applied to the second register of a shifted-register operand, in encoding order (the
 * 2-bit {@code shift} field). {@link #ROR} exists only for the logical instructions.
 */
public enum ShiftType {
    LSL,
    LSR,
    ASR,
    ROR;

    public String mnemonic() {
        return name().toLowerCase(Locale.ROOT);
    }
}
