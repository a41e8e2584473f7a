package org.ssajit.backend;

import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.MoveOp;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.Value;

/**
 * The two moves every target has, what instruction selection and the register allocator insert; a
 * target supplies only their code ({@link EmitMove}, {@link EmitConstant}). Both stay within one kind
 * (an int, a long or reference, a float, a double: one platform kind of 4 or 8 bytes), go between
 * registers and stack slots, and must not change the condition flags (the allocator may put them
 * between a compare and its branch).
 */
public final class MoveOps {
    private MoveOps() {
    }

    /** A target's code for {@code dst := src}, two locations of one kind ({@code dst} may be {@code src}: then nothing). */
    @FunctionalInterface
    public interface EmitMove<E extends CodeEmitter> {
        void emit(E e, Value dst, Value src);
    }

    /** A target's code for {@code dst := c}, {@code dst} a register or a stack slot. */
    @FunctionalInterface
    public interface EmitConstant<E extends CodeEmitter> {
        void emit(E e, Value dst, JavaConstant c);
    }

    private static void requireSameKind(Value dst, Value src, String what) {
        int size = dst.getPlatformKind().getSizeInBytes();
        if (dst.getPlatformKind() != src.getPlatformKind() || (size != 4 && size != 8)) {
            throw new IllegalArgumentException(what + dst + " <- " + src);
        }
    }

    /** {@code dst := src} between registers and stack slots of one kind; moving a value onto itself emits nothing. */
    public static final class Move<E extends CodeEmitter> extends TargetOp<E> implements MoveOp {
        private final EmitMove<E> code;

        public Move(AllocatableValue dst, AllocatableValue src, EmitMove<E> code) {
            super(new Value[] {dst}, new Value[] {src}, null, null);
            requireSameKind(dst, src, "move between kinds: ");
            this.code = code;
        }

        @Override
        protected void emitCode(E e) {
            code.emit(e, result(), input());
        }

        @Override
        public AllocatableValue result() {
            return (AllocatableValue) get(Mode.DEF, 0);
        }

        @Override
        public Value input() {
            return get(Mode.USE, 0);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public String name() {
            return "move";
        }
    }

    /** {@code dst := constant}, into a register or a stack slot. */
    public static final class LoadConstant<E extends CodeEmitter> extends TargetOp<E> implements MoveOp {
        private final ConstantValue constant;
        private final EmitConstant<E> code;

        public LoadConstant(AllocatableValue dst, ConstantValue constant, EmitConstant<E> code) {
            super(new Value[] {dst}, null, null, null);
            requireSameKind(dst, constant, "constant of another kind: ");
            this.constant = constant;
            this.code = code;
        }

        @Override
        protected void emitCode(E e) {
            code.emit(e, result(), constant.constant());
        }

        @Override
        public AllocatableValue result() {
            return (AllocatableValue) get(Mode.DEF, 0);
        }

        @Override
        public ConstantValue input() {
            return constant;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public String name() {
            return "const " + constant;
        }
    }
}
