package org.ssajit.amd64.asm;

/**
 * The eight classic two-operand integer operations. They share one encoding scheme: the ordinal is
 * both the ModRM extension in the {@code 80/81/83} immediate group and bits 3-5 of the
 * register/memory opcodes ({@code ADD} = 00..05, {@code OR} = 08..0D, ... {@code CMP} = 38..3D).
 */
public enum AluOp {
    ADD,
    OR,
    ADC,
    SBB,
    AND,
    SUB,
    XOR,
    CMP;

    final int ext() {
        return ordinal();
    }
}
