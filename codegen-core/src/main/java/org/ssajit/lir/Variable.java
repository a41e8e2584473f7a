package org.ssajit.lir;

import jdk.vm.ci.meta.AllocatableValue;

/**
 * A virtual register: defined exactly once (the LIR is in SSA form until register allocation; phis
 * are the definitions of {@link LabelOp}). The allocator maps every variable to registers and stack
 * slots, possibly different ones over its lifetime (interval splitting).
 */
public final class Variable extends AllocatableValue {
    private final int index;

    public Variable(LirKind kind, int index) {
        super(kind);
        this.index = index;
    }

    /** Dense number, {@code 0 <= index < LirGraph.variableCount()}. */
    public int index() {
        return index;
    }

    public LirKind kind() {
        return (LirKind) getValueKind();
    }

    @Override
    public boolean equals(Object o) {
        return o == this;
    }

    @Override
    public int hashCode() {
        return index;
    }

    @Override
    public String toString() {
        return "v" + index + getKindSuffix();
    }
}
