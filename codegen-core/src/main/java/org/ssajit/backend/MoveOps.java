package org.ssajit.backend;

import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.MoveOp;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * The two moves every target has, what instruction selection and the register allocator insert: a
 * target's subclass emits them. Both stay within one kind (an int, a long or reference, a float, a
 * double: one platform kind of 4 or 8 bytes), go between registers and stack slots, and must not
 * change the condition flags (the allocator may put them between a compare and its branch).
 */
public final class MoveOps {
    private MoveOps() {
    }

    private static void requireSameKind(Value dst, Value src, String what) {
        int size = dst.getPlatformKind().getSizeInBytes();
        if (dst.getPlatformKind() != src.getPlatformKind() || (size != 4 && size != 8)) {
            throw new IllegalArgumentException(what + dst + " <- " + src);
        }
    }

    /** {@code dst := src} between registers and stack slots of one kind; moving a value onto itself emits nothing. */
    public abstract static class Move<E extends CodeEmitter> extends TargetOp<E> implements MoveOp {
        protected Move(AllocatableValue dst, AllocatableValue src) {
            super(new Value[] {dst}, new Value[] {src}, null, null);
            requireSameKind(dst, src, "move between kinds: ");
        }

        @Override
        public final AllocatableValue result() {
            return (AllocatableValue) get(Mode.DEF, 0);
        }

        @Override
        public final Value input() {
            return get(Mode.USE, 0);
        }

        @Override
        public final int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public final String name() {
            return "move";
        }
    }

    /** {@code dst := constant}, into a register or a stack slot. */
    public abstract static class LoadConstant<E extends CodeEmitter> extends TargetOp<E> implements MoveOp {
        private final ConstantValue constant;

        protected LoadConstant(AllocatableValue dst, ConstantValue constant) {
            super(new Value[] {dst}, null, null, null);
            requireSameKind(dst, constant, "constant of another kind: ");
            this.constant = constant;
        }

        @Override
        public final AllocatableValue result() {
            return (AllocatableValue) get(Mode.DEF, 0);
        }

        @Override
        public final ConstantValue input() {
            return constant;
        }

        @Override
        public final int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public final String name() {
            return "const " + constant;
        }
    }
}
