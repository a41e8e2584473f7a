package org.ssajit.backend;

import org.ssajit.lir.CodeEmitter;
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
 * The moves the register allocator inserts, {@link MoveOps} with a target's code for them: any
 * register or stack slot to any other of the same kind (stack to stack through a scratch register the
 * allocator never hands out), and every Java constant into a register or a stack slot.
 *
 * @param <E> the target's emitter
 */
public final class TargetMoveFactory<E extends CodeEmitter> implements MoveFactory {
    private final Architecture architecture;
    private final MoveOps.EmitMove<E> move;
    private final MoveOps.EmitConstant<E> loadConstant;

    public TargetMoveFactory(Architecture architecture, MoveOps.EmitMove<E> move, MoveOps.EmitConstant<E> loadConstant) {
        this.architecture = architecture;
        this.move = move;
        this.loadConstant = loadConstant;
    }

    private LirOp move(AllocatableValue dst, AllocatableValue src) {
        return new MoveOps.Move<>(dst, src, move);
    }

    private LirOp loadConstant(AllocatableValue dst, ConstantValue constant) {
        return new MoveOps.LoadConstant<>(dst, constant, loadConstant);
    }

    @Override
    public LirOp createMove(AllocatableValue dst, Value src) {
        if (src instanceof ConstantValue c) {
            return loadConstant(dst, c);
        }
        if (!(src instanceof AllocatableValue a)) {
            throw new IllegalArgumentException("cannot move from " + src);
        }
        return move(dst, a);
    }

    @Override
    public LirOp createLoad(AllocatableValue dst, Constant constant) {
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
