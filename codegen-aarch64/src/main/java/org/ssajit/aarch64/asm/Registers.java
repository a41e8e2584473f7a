package org.ssajit.aarch64.asm;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;

import org.ssajit.asm.Assembler;

/**
 * Checks that a JVMCI register fits an operand and returns its 5-bit field. Register number 31 means
 * the zero register in some operands and the stack pointer in others; JVMCI has a register object for
 * each ({@link AArch64#zr}, {@link AArch64#sp}), and an operand accepts only the one it means. JVMCI's
 * {@link AArch64#r31} says neither and is always refused.
 */
final class Registers {
    private Registers() {
    }

    static boolean isGpr(Register r) {
        return r.getRegisterCategory().equals(AArch64.CPU);
    }

    static boolean isSimd(Register r) {
        return r.getRegisterCategory().equals(AArch64.SIMD);
    }

    /** {@code r0..r30} or {@code zr}: operands where 31 is the zero register. */
    static int zrForm(Register r, String role) {
        check(r, role);
        if (r == AArch64.sp) {
            throw new IllegalArgumentException(role + " cannot be sp here (register 31 means zr in this operand)");
        }
        return r.encoding;
    }

    /** {@code r0..r30} or {@code sp}: operands where 31 is the stack pointer. */
    static int spForm(Register r, String role) {
        check(r, role);
        if (r == AArch64.zr) {
            throw new IllegalArgumentException(role + " cannot be zr here (register 31 means sp in this operand)");
        }
        return r.encoding;
    }

    /** {@code v0..v31}, used as a scalar (s or d) register. */
    static int simd(Register r, String role) {
        Assembler.nonNull(r, role);
        if (!isSimd(r)) {
            throw new IllegalArgumentException(role + " must be one of v0..v31, not " + r);
        }
        return r.encoding;
    }

    private static void check(Register r, String role) {
        Assembler.nonNull(r, role);
        if (!isGpr(r)) {
            throw new IllegalArgumentException(role + " must be a general-purpose register (r0..r30, zr, sp), not " + r);
        }
        if (r.encoding == 31 && r != AArch64.zr && r != AArch64.sp) {
            throw new IllegalArgumentException(role + ": " + r + " is ambiguous, use AArch64.zr or AArch64.sp");
        }
    }
}
