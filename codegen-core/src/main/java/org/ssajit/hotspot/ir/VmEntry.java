package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * An entry of the VM that compiled code calls with a frame state (the attribute of {@link HotSpotOp#VM_CALL}):
 * it may safepoint, run Java code and fail, so it is called through a stub of the target's that makes
 * the compiled frame walkable and takes what it leaves in the thread. Its C arguments are the current
 * thread, then the op's inputs; it answers an object (the thread's {@code vm_result}; null: failed) or a
 * status (0: failed). A failure deoptimizes to the op's state. Named by the symbol HotSpot exports its
 * address under.
 */
public enum VmEntry {
    /**
     * {@code JVMCIRuntime::new_instance_or_null(thread, klass)}: an inline allocation's slow path; fails
     * (null) when out of memory.
     */
    NEW_INSTANCE("new_instance_or_null", "JVMCIRuntime::new_instance_or_null", JavaKind.Object, JavaKind.Long),
    /**
     * {@code JVMCIRuntime::new_array_or_null(thread, array klass, length)}: an inline array allocation's
     * slow path; fails (null) for a negative length (the interpreter throws again) or out of memory.
     */
    NEW_ARRAY("new_array_or_null", "JVMCIRuntime::new_array_or_null", JavaKind.Object, JavaKind.Long, JavaKind.Int),
    /**
     * {@code SharedRuntime::register_finalizer(thread, object)}: calls {@code Finalizer.register}; fails
     * (the exception dropped by the stub) only when that throws (out of memory).
     */
    REGISTER_FINALIZER("register_finalizer", "SharedRuntime::register_finalizer", JavaKind.Void, JavaKind.Object);

    private final String stubName;
    private final String symbol;
    private final JavaKind result;
    private final JavaKind[] arguments;

    VmEntry(String stubName, String symbol, JavaKind result, JavaKind... arguments) {
        this.stubName = stubName;
        this.symbol = symbol;
        this.result = result;
        this.arguments = arguments;
    }

    /** The short name the target's stub for this entry is named after. */
    public String stubName() {
        return stubName;
    }

    /** The name of the entry's address in HotSpot's {@code HotSpotVMConfigStore}. */
    public String symbol() {
        return symbol;
    }

    /** {@link JavaKind#Object} for an entry that answers an object, {@link JavaKind#Void} for one that answers a status. */
    public JavaKind resultKind() {
        return result;
    }

    public JavaKind[] argumentKinds() {
        return arguments.clone();
    }
}
