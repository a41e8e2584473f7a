package org.ssajit.lir;

/**
 * A block-ending two-way conditional branch of a target: control goes to one of two blocks. The
 * {@linkplain BlockLayout block layout} and the emitter's fall-through choice read it.
 */
public interface BranchOp {
    LirBlock trueTarget();

    LirBlock falseTarget();
}
