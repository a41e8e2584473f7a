package org.ssajit.amd64.asm;

/**
 * SSE/SSE2 instructions of the shape {@code op xmm, xmm/mem}: a mandatory prefix (none, 66, F2 or
 * F3), {@code 0F}, one opcode byte, ModRM with the destination in the reg field. Scalar forms read
 * 32 ({@code ss}) or 64 ({@code sd}) bits from memory; packed forms a 16-byte aligned operand.
 *
 * <p>To copy one xmm register to another use {@link #MOVAPS}/{@link #MOVAPD}: {@code movss/movsd}
 * between registers merge into the destination's upper lanes and so depend on its old value.
 */
public enum SseOp {
    ADDSS(0xF3, 0x58),
    ADDSD(0xF2, 0x58),
    SUBSS(0xF3, 0x5C),
    SUBSD(0xF2, 0x5C),
    MULSS(0xF3, 0x59),
    MULSD(0xF2, 0x59),
    DIVSS(0xF3, 0x5E),
    DIVSD(0xF2, 0x5E),
    SQRTSS(0xF3, 0x51),
    SQRTSD(0xF2, 0x51),
    /** Not Java's {@code Math.min}: returns the second operand if either is NaN or both are zero. */
    MINSS(0xF3, 0x5D),
    MINSD(0xF2, 0x5D),
    MAXSS(0xF3, 0x5F),
    MAXSD(0xF2, 0x5F),
    /** Unordered compare: sets ZF, PF, CF (PF = NaN seen); signals only on signalling NaNs. */
    UCOMISS(0, 0x2E),
    UCOMISD(0x66, 0x2E),
    /** Ordered compare: like {@link #UCOMISS} but signals on any NaN. */
    COMISS(0, 0x2F),
    COMISD(0x66, 0x2F),
    CVTSS2SD(0xF3, 0x5A),
    CVTSD2SS(0xF2, 0x5A),
    ANDPS(0, 0x54),
    ANDPD(0x66, 0x54),
    ANDNPS(0, 0x55),
    ANDNPD(0x66, 0x55),
    ORPS(0, 0x56),
    ORPD(0x66, 0x56),
    XORPS(0, 0x57),
    XORPD(0x66, 0x57),
    PXOR(0x66, 0xEF),
    MOVAPS(0, 0x28),
    MOVAPD(0x66, 0x28);

    /** Mandatory prefix byte, or 0 for none. */
    final int prefix;
    /** The byte after {@code 0F}. */
    final int opcode;

    SseOp(int prefix, int opcode) {
        this.prefix = prefix;
        this.opcode = opcode;
    }

    /**
     * Whether AVX has this as {@code vop dst, src1, src2/mem} with the first source in VEX.vvvv (see
     * {@link Amd64Assembler#vex}): the arithmetic, min/max, and the bitwise operations. Not the
     * compares (no second source), the conversions and square roots (their vvvv source only supplies
     * the upper lanes) or the moves.
     */
    public boolean hasVexForm() {
        return switch (this) {
            case ADDSS, ADDSD, SUBSS, SUBSD, MULSS, MULSD, DIVSS, DIVSD, MINSS, MINSD, MAXSS, MAXSD,
                 ANDPS, ANDPD, ANDNPS, ANDNPD, ORPS, ORPD, XORPS, XORPD, PXOR -> true;
            default -> false;
        };
    }
}
