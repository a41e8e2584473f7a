package org.ssajit.aarch64.lir;

import org.ssajit.lir.ConstantValue;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.Value;

/** Operand helpers shared by the ops: what an allocated operand is, its width and register file. */
final class Operands {
    private Operands() {
    }

    static Value[] values(Value... v) {
        return v;
    }

    static boolean isRegister(Value v) {
        return v instanceof RegisterValue;
    }

    static boolean isStack(Value v) {
        return v instanceof StackSlot;
    }

    static boolean isConstant(Value v) {
        return v instanceof ConstantValue;
    }

    static Register reg(Value v) {
        if (v instanceof RegisterValue r) {
            return r.getRegister();
        }
        throw new IllegalStateException("expected a register, got " + v);
    }

    static JavaConstant constant(Value v) {
        if (v instanceof ConstantValue c) {
            return c.constant();
        }
        throw new IllegalStateException("expected a constant, got " + v);
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

    /** Two locations are the same register or the same stack slot. */
    static boolean sameLocation(Value a, Value b) {
        if (a instanceof RegisterValue ra && b instanceof RegisterValue rb) {
            return ra.getRegister().equals(rb.getRegister());
        }
        if (a instanceof StackSlot sa && b instanceof StackSlot sb) {
            return sa.getRawOffset() == sb.getRawOffset() && sa.getRawAddFrameSize() == sb.getRawAddFrameSize();
        }
        return false;
    }

    /** An integer constant operand as a long (an int sign-extended; null is 0). */
    static long integer(Value v) {
        JavaConstant c = constant(v);
        return switch (c.getJavaKind().getStackKind()) {
            case Int -> c.asInt();
            case Long -> c.asLong();
            case Object -> {
                if (!c.isNull()) {
                    throw new IllegalStateException("an oop is not an immediate: " + c);
                }
                yield 0;
            }
            default -> throw new IllegalStateException("not an integer immediate: " + c);
        };
    }
}
