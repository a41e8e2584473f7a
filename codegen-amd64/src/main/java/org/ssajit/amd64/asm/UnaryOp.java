package org.ssajit.amd64.asm;

/**
 * The {@code F6/F7} group: one explicit operand. {@code MUL} and {@code IMUL} (the one-operand,
 * double-width forms) and {@code DIV}/{@code IDIV} also use {@code rdx:rax} implicitly; the value is
 * the ModRM extension. Extension 1 (a {@code TEST} alias) is left out.
 */
public enum UnaryOp {
    NOT(2),
    NEG(3),
    MUL(4),
    IMUL(5),
    DIV(6),
    IDIV(7);

    final int ext;

    UnaryOp(int ext) {
        this.ext = ext;
    }
}
