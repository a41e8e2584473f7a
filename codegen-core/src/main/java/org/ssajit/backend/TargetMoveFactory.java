package org.ssajit.backend;

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
 * The moves the register allocator inserts, made of a target's two {@link MoveOps}: any register or
 * stack slot to any other of the same kind (stack to stack through a scratch register the allocator
 * never hands out), and every Java constant into a register or a stack slot.
 */
public abstract class TargetMoveFactory implements MoveFactory {
    private final Architecture architecture;

    protected TargetMoveFactory(Architecture architecture) {
        this.architecture = architecture;
    }

    /** The target's {@code dst := src}. */
    protected abstract LirOp move(AllocatableValue dst, AllocatableValue src);

    /** The target's {@code dst := constant}. */
    protected abstract LirOp loadConstant(AllocatableValue dst, ConstantValue constant);

    @Override
    public final LirOp createMove(AllocatableValue dst, Value src) {
        if (src instanceof ConstantValue c) {
            return loadConstant(dst, c);
        }
        if (!(src instanceof AllocatableValue a)) {
            throw new IllegalArgumentException("cannot move from " + src);
        }
        return move(dst, a);
    }

    @Override
    public final LirOp createLoad(AllocatableValue dst, Constant constant) {
        if (!(constant instanceof JavaConstant c)) {
            throw new IllegalArgumentException("not a Java constant: " + constant);
        }
        JavaKind k = c.getJavaKind().getStackKind();
        LirKind kind = new LirKind(architecture.getPlatformKind(k), k == JavaKind.Object);
        return loadConstant(dst, new ConstantValue(kind, c));
    }

    /** Every Java constant can (through a scratch register where a store needs one). */
    @Override
    public boolean canStoreConstantToStack(Constant constant) {
        return constant instanceof JavaConstant;
    }
}
