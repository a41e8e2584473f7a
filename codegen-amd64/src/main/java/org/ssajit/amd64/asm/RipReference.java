package org.ssajit.amd64.asm;

/**
 * Where a rip-relative operand's 32-bit displacement sits and what it is measured from: the
 * effective address is {@code instructionEnd + displacement}. Lets a later step point the operand at
 * data placed after the code ({@link Amd64Assembler#patchRipDisplacement}).
 */
public record RipReference(int displacementPosition, int instructionEnd) {
}
