package org.ssajit.lir;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.Value;

/** A constant LIR operand (JVMCI's {@link JavaConstant} is not a {@link Value}). */
public final class ConstantValue extends Value {
    private final JavaConstant constant;

    public ConstantValue(LirKind kind, JavaConstant constant) {
        super(kind);
        this.constant = constant;
    }

    public JavaConstant constant() {
        return constant;
    }

    public LirKind kind() {
        return (LirKind) getValueKind();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConstantValue c && c.constant.equals(constant) && c.getValueKind().equals(getValueKind());
    }

    @Override
    public int hashCode() {
        return constant.hashCode();
    }

    @Override
    public String toString() {
        return constant.toValueString() + getKindSuffix();
    }
}
