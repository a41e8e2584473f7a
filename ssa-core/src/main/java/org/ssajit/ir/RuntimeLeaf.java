package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * A C function of the VM that compiled code calls as a leaf (the attribute of {@link Op#LEAF_CALL}):
 * it neither stops at a safepoint nor throws, so the call needs no frame state; arguments and result
 * follow the platform's C convention. Named by the symbol HotSpot exports its address under.
 */
public enum RuntimeLeaf {
    /** Java's {@code frem}: C's {@code fmod} of the operands widened to double, narrowed back. */
    FREM("SharedRuntime::frem", JavaKind.Float, JavaKind.Float, JavaKind.Float),
    /** Java's {@code drem}: C's {@code fmod}. */
    DREM("SharedRuntime::drem", JavaKind.Double, JavaKind.Double, JavaKind.Double);

    private final String symbol;
    private final JavaKind result;
    private final JavaKind[] arguments;

    RuntimeLeaf(String symbol, JavaKind result, JavaKind... arguments) {
        this.symbol = symbol;
        this.result = result;
        this.arguments = arguments;
    }

    /** The name of the function's address in HotSpot's {@code HotSpotVMConfigStore}. */
    public String symbol() {
        return symbol;
    }

    public JavaKind resultKind() {
        return result;
    }

    public JavaKind[] argumentKinds() {
        return arguments.clone();
    }
}
