package org.ssajit.amd64.lir;

import org.ssajit.backend.TargetMoveFactory;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The AMD64 moves the register allocator inserts ({@link Amd64Moves}): stack to stack through
 * {@link Amd64CodeEmitter#SCRATCH}, which is never allocated; 64-bit values and float/double bit
 * patterns through the scratch register, oops as patched {@code movabs}.
 */
public final class Amd64MoveFactory extends TargetMoveFactory {
    public Amd64MoveFactory(Architecture architecture) {
        super(architecture);
    }

    @Override
    protected LirOp move(AllocatableValue dst, AllocatableValue src) {
        return new Amd64Moves.Move(dst, src);
    }

    @Override
    protected LirOp loadConstant(AllocatableValue dst, ConstantValue constant) {
        return new Amd64Moves.LoadConstant(dst, constant);
    }
}
