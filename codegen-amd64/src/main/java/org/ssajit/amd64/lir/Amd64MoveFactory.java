package org.ssajit.amd64.lir;

import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.MoveFactory;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * The AMD64 moves the register allocator inserts: any register or stack slot to any other of the
 * same kind (stack to stack through {@link Amd64CodeEmitter#SCRATCH}, which is never allocated), and
 * every constant into a register or a stack slot (64-bit values and float/double bit patterns through
 * the scratch register, oops as patched {@code movabs}).
 */
public final class Amd64MoveFactory implements MoveFactory {
    private final Architecture architecture;

    public Amd64MoveFactory(Architecture architecture) {
        this.architecture = architecture;
    }

    @Override
    public LirOp createMove(AllocatableValue dst, Value src) {
        if (src instanceof ConstantValue c) {
            return new Amd64Moves.LoadConstant(dst, c);
        }
        if (!(src instanceof AllocatableValue a)) {
            throw new IllegalArgumentException("cannot move from " + src);
        }
        return new Amd64Moves.Move(dst, a);
    }

    @Override
    public LirOp createLoad(AllocatableValue dst, Constant constant) {
        if (!(constant instanceof JavaConstant c)) {
            throw new IllegalArgumentException("not a Java constant: " + constant);
        }
        JavaKind k = c.getJavaKind().getStackKind();
        LirKind kind = new LirKind(architecture.getPlatformKind(k), k == JavaKind.Object);
        return new Amd64Moves.LoadConstant(dst, new ConstantValue(kind, c));
    }

    /** Every constant can: integers and float bits as immediates, wide ones and oops through the scratch register. */
    @Override
    public boolean canStoreConstantToStack(Constant constant) {
        return constant instanceof JavaConstant;
    }
}
