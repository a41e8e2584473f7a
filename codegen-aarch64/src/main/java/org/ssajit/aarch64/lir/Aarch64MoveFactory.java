package org.ssajit.aarch64.lir;

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
 * The AArch64 moves the register allocator inserts: any register or stack slot to any other of the
 * same kind (stack to stack through x8, which is never allocated), and every constant into a register
 * or a stack slot (through x8 where a store needs a register). None changes the condition flags.
 */
public final class Aarch64MoveFactory implements MoveFactory {
    private final Architecture architecture;

    public Aarch64MoveFactory(Architecture architecture) {
        this.architecture = architecture;
    }

    @Override
    public LirOp createMove(AllocatableValue dst, Value src) {
        if (src instanceof ConstantValue c) {
            return new Aarch64Moves.LoadConstant(dst, c);
        }
        if (!(src instanceof AllocatableValue a)) {
            throw new IllegalArgumentException("cannot move from " + src);
        }
        return new Aarch64Moves.Move(dst, a);
    }

    @Override
    public LirOp createLoad(AllocatableValue dst, Constant constant) {
        if (!(constant instanceof JavaConstant c)) {
            throw new IllegalArgumentException("not a Java constant: " + constant);
        }
        JavaKind k = c.getJavaKind().getStackKind();
        LirKind kind = new LirKind(architecture.getPlatformKind(k), k == JavaKind.Object);
        return new Aarch64Moves.LoadConstant(dst, new ConstantValue(kind, c));
    }

    /** Every constant can: through x8 (zero as zr). */
    @Override
    public boolean canStoreConstantToStack(Constant constant) {
        return constant instanceof JavaConstant;
    }
}
