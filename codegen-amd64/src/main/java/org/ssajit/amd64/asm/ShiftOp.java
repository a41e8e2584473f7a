package org.ssajit.amd64.asm;

/** Rotates and shifts of the {@code C0/C1, D0/D1, D2/D3} group; the value is the ModRM extension. */
public enum ShiftOp {
    ROL(0),
    ROR(1),
    RCL(2),
    RCR(3),
    SHL(4),
    SHR(5),
    /** Arithmetic right shift (sign-filling). Extension 6 is an undocumented alias of SHL. */
    SAR(7);

    final int ext;

    ShiftOp(int ext) {
        this.ext = ext;
    }
}
