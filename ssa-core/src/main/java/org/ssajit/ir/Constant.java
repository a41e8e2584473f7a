package org.ssajit.ir;

import jdk.vm.ci.meta.JavaConstant;

/** A compile-time constant. Interned per graph by {@link Graph#constant}. */
public final class Constant extends Value {
    private final JavaConstant value;

    Constant(Graph graph, JavaConstant value) {
        super(graph, value.getJavaKind().getStackKind());
        this.value = value;
    }

    public JavaConstant value() {
        return value;
    }

    /** {@link Stamp#forConstant} of the value, made once (stamps are immutable). */
    private Stamp constantStamp;

    Stamp constantStamp() {
        Stamp s = constantStamp;
        return s != null ? s : (constantStamp = Stamp.forConstant(value));
    }

    public boolean isNull() {
        return value.isNull();
    }

    public int asInt() {
        return value.asInt();
    }

    public long asLong() {
        return value.asLong();
    }

    @Override
    public String toString() {
        return IrPrinter.constantText(this);
    }
}
