package org.ssajit.lir;

/**
 * What LIR instructions emit into: the target's assembler plus the code's side tables. Target
 * instructions cast it to the target's emitter; the two operations every target needs are here.
 */
public abstract class CodeEmitter {
    /** Binds the label of {@code block} at the current position. */
    public abstract void bind(LirBlock block);

    /** An unconditional jump; may emit nothing if {@code target} is the next block in emission order. */
    public abstract void jump(LirBlock target);

    /** Current code offset. */
    public abstract int position();
}
