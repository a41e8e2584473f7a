package org.ssajit.aarch64.asm;

import java.util.Locale;

/**
 * The LSE (ARMv8.1) atomic memory operations: each reads the old value into {@code Rt} and writes
 * {@code old op Rs} back, in one indivisible access. {@code ldclr} is AND NOT ({@code old & ~Rs}),
 * {@code ldset} OR, {@code ldeor} XOR, {@code swp} stores {@code Rs} itself.
 */
public enum AtomicOp {
    LDADD(0, 0b000),
    LDCLR(0, 0b001),
    LDEOR(0, 0b010),
    LDSET(0, 0b011),
    LDSMAX(0, 0b100),
    LDSMIN(0, 0b101),
    LDUMAX(0, 0b110),
    LDUMIN(0, 0b111),
    SWP(1, 0b000);

    /** The o3 bit (1 for swp). */
    final int o3;
    /** The 3-bit opc field. */
    final int opc;

    AtomicOp(int o3, int opc) {
        this.o3 = o3;
        this.opc = opc;
    }

    public String mnemonic() {
        return name().toLowerCase(Locale.ROOT);
    }
}
