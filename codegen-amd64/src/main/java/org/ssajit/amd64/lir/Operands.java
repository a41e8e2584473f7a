package org.ssajit.amd64.lir;

import static org.ssajit.lir.LirOperands.*;

import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.SseOp;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.amd64.AMD64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.Value;

/** Operand helpers of the AMD64 ops: widths, register files, immediates, and the moves ops start with ({@link org.ssajit.lir.LirOperands}: what an allocated operand is). */
final class Operands {
    private Operands() {
    }

    static boolean isXmm(Register r) {
        return r.getRegisterCategory().equals(AMD64.XMM);
    }

    /** The integer width of a value of kind DWORD (int) or QWORD (long, object). */
    static OperandSize size(Value v) {
        return size(v.getPlatformKind());
    }

    static OperandSize size(PlatformKind k) {
        if (k == AMD64Kind.DWORD || k == AMD64Kind.SINGLE) {
            return OperandSize.DWORD;
        } else if (k == AMD64Kind.QWORD || k == AMD64Kind.DOUBLE) {
            return OperandSize.QWORD;
        }
        throw new IllegalStateException("no operand size for " + k);
    }

    static boolean isDouble(Value v) {
        return v.getPlatformKind() == AMD64Kind.DOUBLE;
    }

    static boolean isFloatKind(Value v) {
        return isFloatKind(v.getPlatformKind());
    }

    /** Float and double live in xmm registers. */
    static boolean isFloatKind(PlatformKind k) {
        return k == AMD64Kind.SINGLE || k == AMD64Kind.DOUBLE;
    }

    /** An int constant operand (an int, a long the generator checked fits a sign-extended imm32, or null as 0). */
    static int imm32(Value v) {
        long x = integer(v);
        if (x != (int) x) {
            throw new IllegalStateException("immediate does not fit 32 bits: " + constant(v));
        }
        return (int) x;
    }

    /** {@code dst := src} for an integer value: a register-to-register or load form, nothing if already there. */
    static void moveToRegister(Amd64CodeEmitter e, OperandSize size, Register dst, Value src) {
        if (isRegister(src)) {
            if (!reg(src).equals(dst)) {
                e.asm().mov(size, dst, reg(src));
            }
        } else {
            e.asm().mov(size, dst, e.address(src));
        }
    }

    /** {@code dst := src} for a float or double value in an xmm register or a stack slot. */
    static void moveToXmm(Amd64CodeEmitter e, boolean isDouble, Register dst, Value src) {
        if (isRegister(src)) {
            if (!reg(src).equals(dst)) {
                e.asm().sse(isDouble ? SseOp.MOVAPD : SseOp.MOVAPS, dst, reg(src));
            }
        } else if (isDouble) {
            e.asm().movsd(dst, e.address(src));
        } else {
            e.asm().movss(dst, e.address(src));
        }
    }
}
