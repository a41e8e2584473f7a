package org.ssajit.aarch64.asm;

import java.util.Locale;

/**
 * The shareability domain and access types a {@code dmb} or {@code dsb} orders (its 4-bit
 * {@code CRm}). {@code *LD}: loads before the barrier against loads and stores after it; {@code *ST}:
 * stores against stores; otherwise all accesses. Java code needs the inner-shareable domain
 * ({@link #ISH}, {@link #ISHLD}, {@link #ISHST}); {@link #SY} is the full system.
 */
public enum BarrierOption {
    OSHLD(0b0001),
    OSHST(0b0010),
    OSH(0b0011),
    NSHLD(0b0101),
    NSHST(0b0110),
    NSH(0b0111),
    ISHLD(0b1001),
    ISHST(0b1010),
    ISH(0b1011),
    LD(0b1101),
    ST(0b1110),
    SY(0b1111);

    /** The CRm field. */
    public final int crm;

    BarrierOption(int crm) {
        this.crm = crm;
    }

    public String mnemonic() {
        return name().toLowerCase(Locale.ROOT);
    }
}
