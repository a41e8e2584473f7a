package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * A phi function. Once its block is sealed, operand {@code i} is the value flowing in from
 * {@code block.predecessors().get(i)}; before that it may be incomplete (no operands), which is how
 * Braun et al.'s Algorithm 2 breaks cycles.
 */
public final class Phi extends Value {
    private Block block;

    Phi(Graph graph, Block block, JavaKind kind) {
        super(graph, kind);
        this.block = block;
    }

    public Block block() {
        return block;
    }

    public void appendOperand(Value v) {
        appendInput(v);
    }

    /** Drops operand {@code i} (its predecessor is going away; {@link Block#removePredecessor}). */
    void removeOperand(int i) {
        removeInput(i);
    }

    public Value operand(int i) {
        return input(i);
    }

    public int operandCount() {
        return inputCount();
    }

    /** True once removed from its block (after {@link Block#removePhi}). */
    public boolean isRemoved() {
        return block == null;
    }

    void detach() {
        block = null;
    }

    @Override
    public String toString() {
        return "v" + id();
    }
}
