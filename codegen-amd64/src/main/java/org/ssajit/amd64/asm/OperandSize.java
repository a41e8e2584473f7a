package org.ssajit.amd64.asm;

/**
 * Width of an integer operation or memory access. {@link #WORD} costs an operand-size prefix (66),
 * {@link #QWORD} a REX.W; {@link #BYTE} uses the byte opcodes and needs a REX prefix to name
 * {@code spl, bpl, sil, dil} (without one those encodings mean {@code ah, ch, dh, bh}, which this
 * assembler never emits).
 */
public enum OperandSize {
    BYTE(1),
    WORD(2),
    DWORD(4),
    QWORD(8);

    /** Width in bytes. */
    public final int bytes;

    OperandSize(int bytes) {
        this.bytes = bytes;
    }

    /** Bits in an operand of this size. */
    public int bits() {
        return bytes * 8;
    }
}
