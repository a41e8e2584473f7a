package org.ssajit.aarch64.lir;

import org.ssajit.backend.TargetMoveFactory;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The AArch64 moves the register allocator inserts ({@link Aarch64Moves}): stack to stack and
 * constants a store needs in a register through x8, which is never allocated (zero as zr). None
 * changes the condition flags.
 */
public final class Aarch64MoveFactory extends TargetMoveFactory {
    public Aarch64MoveFactory(Architecture architecture) {
        super(architecture);
    }

    @Override
    protected LirOp move(AllocatableValue dst, AllocatableValue src) {
        return new Aarch64Moves.Move(dst, src);
    }

    @Override
    protected LirOp loadConstant(AllocatableValue dst, ConstantValue constant) {
        return new Aarch64Moves.LoadConstant(dst, constant);
    }
}
