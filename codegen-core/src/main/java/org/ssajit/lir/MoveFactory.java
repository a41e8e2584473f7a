package org.ssajit.lir;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.Value;

/**
 * The target's moves, which the register allocator inserts (spills, reloads, interval splits, phi
 * resolution). Each must handle registers and stack slots of every kind the target uses. They may be
 * placed between any two instructions of a block (also between a compare and its branch), so they
 * must not change condition flags. The op {@link #createLoad} returns has {@code dst} as its DEF
 * operand 0 (the allocator also uses it to load constants into variables before allocation).
 */
public interface MoveFactory {
    /** {@code dst := src}; either may be a register or a stack slot (stack-to-stack may need a scratch). */
    LirOp createMove(AllocatableValue dst, Value src);

    /** {@code dst := constant}. */
    LirOp createLoad(AllocatableValue dst, Constant constant);

    /** Whether {@code constant} can be materialized directly into a stack slot without a register. */
    boolean canStoreConstantToStack(Constant constant);
}
