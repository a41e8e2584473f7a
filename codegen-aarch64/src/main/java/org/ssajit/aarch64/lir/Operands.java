package org.ssajit.aarch64.lir;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.Value;

/** Operand helpers of the AArch64 ops: a value's width and register file ({@link org.ssajit.lir.LirOperands}: what an allocated operand is). */
final class Operands {
    private Operands() {
    }

    static boolean isSimd(Register r) {
        return r.getRegisterCategory().equals(AArch64.SIMD);
    }

    /** The width in bits of a value: 32 for an int or float, 64 for a long, reference or double. */
    static int size(Value v) {
        return size(v.getPlatformKind());
    }

    static int size(PlatformKind k) {
        if (k == AArch64Kind.DWORD || k == AArch64Kind.SINGLE) {
            return 32;
        } else if (k == AArch64Kind.QWORD || k == AArch64Kind.DOUBLE) {
            return 64;
        }
        throw new IllegalStateException("no operand size for " + k);
    }

    static boolean isFloatKind(Value v) {
        return isFloatKind(v.getPlatformKind());
    }

    /** Float and double live in SIMD registers. */
    static boolean isFloatKind(PlatformKind k) {
        return k == AArch64Kind.SINGLE || k == AArch64Kind.DOUBLE;
    }

}
