package org.ssajit.ssa;

import org.ssajit.ir.Block;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * How the bytecode parser reads and writes frame variables (locals, operand-stack slots, lock slots).
 * {@link BraunSsa} answers reads lazily (Braun et al. 2013); the Cytron reference answers them from
 * renaming stacks after placing phis by dominance frontiers. The parser is the same for both.
 */
public interface SsaConstruction {
    /** Records {@code value} as the current definition of {@code variable} in {@code block}. */
    void writeVariable(int variable, Block block, Value value);

    /**
     * The value of {@code variable} at the current point of {@code block}. {@code kind} is the stack kind
     * the reader expects; phis created for the read get it.
     */
    Value readVariable(int variable, Block block, JavaKind kind);

    /**
     * {@code block}, made by the parser outside the bytecode's blocks with all its predecessors (a
     * deoptimizing side of a branch), is complete. A construction that seals blocks seals it.
     */
    default void sealBlock(Block block) {
    }
}
