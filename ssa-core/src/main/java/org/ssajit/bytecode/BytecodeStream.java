package org.ssajit.bytecode;

import static org.ssajit.bytecode.Bytecodes.*;

/**
 * Decodes the instruction at a bytecode index. Instances are cursors: {@link #at(int)} positions the
 * stream, the accessors decode that instruction. {@code wide} is folded in: {@link #opcode()} is the
 * widened instruction and {@link #localIndex()} / {@link #iincDelta()} read the wide operands.
 */
public final class BytecodeStream {
    private final byte[] code;
    private int bci;
    private int opcode;
    private boolean wide;

    public BytecodeStream(byte[] code) {
        this.code = code;
    }

    public byte[] code() {
        return code;
    }

    public int length() {
        return code.length;
    }

    public BytecodeStream at(int position) {
        bci = position;
        int op = code[position] & 0xff;
        wide = op == WIDE;
        opcode = wide ? code[position + 1] & 0xff : op;
        return this;
    }

    public int bci() {
        return bci;
    }

    public int opcode() {
        return opcode;
    }

    public boolean isWide() {
        return wide;
    }

    /** Index of the instruction after this one. */
    public int nextBci() {
        return bci + instructionLength();
    }

    public int instructionLength() {
        if (wide) {
            return opcode == IINC ? 6 : 4;
        }
        switch (opcode) {
            case TABLESWITCH: {
                int base = alignedSwitchBase();
                int low = s4(base + 4);
                int high = s4(base + 8);
                return base - bci + 12 + 4 * (high - low + 1);
            }
            case LOOKUPSWITCH: {
                int base = alignedSwitchBase();
                int n = s4(base + 4);
                return base - bci + 8 + 8 * n;
            }
            default: {
                int len = lengthOf(opcode);
                if (len == 0 || opcode > LAST_STANDARD) {
                    throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "illegal opcode " + opcode + " at bci " + bci);
                }
                return len;
            }
        }
    }

    /** Local-variable operand of xload/xstore/iinc/ret (wide-aware). */
    public int localIndex() {
        return wide ? u2(bci + 2) : u1(bci + 1);
    }

    public int iincDelta() {
        return wide ? s2(bci + 4) : s1(bci + 2);
    }

    /** Branch target of goto, jsr, if*, goto_w, jsr_w. */
    public int branchTarget() {
        if (opcode == GOTO_W || opcode == JSR_W) {
            return bci + s4(bci + 1);
        }
        return bci + s2(bci + 1);
    }

    /** The 8- or 16-bit signed immediate of bipush/sipush. */
    public int immediate() {
        return opcode == BIPUSH ? s1(bci + 1) : s2(bci + 1);
    }

    /** Constant-pool operand: u1 for ldc, u2 for other cp instructions, the u4 raw index of invokedynamic. */
    public int cpIndex() {
        if (opcode == LDC) {
            return u1(bci + 1);
        }
        if (opcode == INVOKEDYNAMIC) {
            return s4(bci + 1);
        }
        return u2(bci + 1);
    }

    /** The array-type code of newarray (T_BOOLEAN=4 ... T_LONG=11). */
    public int newArrayTypeCode() {
        return u1(bci + 1);
    }

    public int multiNewArrayDimensions() {
        return u1(bci + 3);
    }

    // Switches -------------------------------------------------------------------------------------

    private int alignedSwitchBase() {
        return (bci + 4) & ~3;
    }

    public int switchDefaultTarget() {
        return bci + s4(alignedSwitchBase());
    }

    /** Number of (key, target) pairs of a tableswitch or lookupswitch. */
    public int switchCaseCount() {
        int base = alignedSwitchBase();
        if (opcode == TABLESWITCH) {
            return s4(base + 8) - s4(base + 4) + 1;
        }
        return s4(base + 4);
    }

    public int switchKey(int i) {
        int base = alignedSwitchBase();
        if (opcode == TABLESWITCH) {
            return s4(base + 4) + i;
        }
        return s4(base + 8 + 8 * i);
    }

    public int switchTarget(int i) {
        int base = alignedSwitchBase();
        if (opcode == TABLESWITCH) {
            return bci + s4(base + 12 + 4 * i);
        }
        return bci + s4(base + 12 + 8 * i);
    }

    // Raw reads ------------------------------------------------------------------------------------

    private int u1(int p) {
        return code[p] & 0xff;
    }

    private int s1(int p) {
        return code[p];
    }

    private int u2(int p) {
        return ((code[p] & 0xff) << 8) | (code[p + 1] & 0xff);
    }

    private int s2(int p) {
        return (short) u2(p);
    }

    private int s4(int p) {
        return ((code[p] & 0xff) << 24) | ((code[p + 1] & 0xff) << 16) | ((code[p + 2] & 0xff) << 8) | (code[p + 3] & 0xff);
    }
}
