package org.ssajit.lir;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.Value;

/** What an allocated LIR operand is, for the ops of every target: a register, a stack slot or a constant. */
public final class LirOperands {
    private LirOperands() {
    }

    public static Value[] values(Value... v) {
        return v;
    }

    public static boolean isRegister(Value v) {
        return v instanceof RegisterValue;
    }

    public static boolean isStack(Value v) {
        return v instanceof StackSlot;
    }

    public static boolean isConstant(Value v) {
        return v instanceof ConstantValue;
    }

    public static Register reg(Value v) {
        if (v instanceof RegisterValue r) {
            return r.getRegister();
        }
        throw new IllegalStateException("expected a register, got " + v);
    }

    public static JavaConstant constant(Value v) {
        if (v instanceof ConstantValue c) {
            return c.constant();
        }
        throw new IllegalStateException("expected a constant, got " + v);
    }

    /** Two locations are the same register or the same stack slot. */
    public static boolean sameLocation(Value a, Value b) {
        if (a instanceof RegisterValue ra && b instanceof RegisterValue rb) {
            return ra.getRegister().equals(rb.getRegister());
        }
        if (a instanceof StackSlot sa && b instanceof StackSlot sb) {
            return sa.getRawOffset() == sb.getRawOffset() && sa.getRawAddFrameSize() == sb.getRawAddFrameSize();
        }
        return false;
    }

    /** An integer constant operand as a long (an int sign-extended; null is 0). */
    public static long integer(Value v) {
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
