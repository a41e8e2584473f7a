package org.ssajit.amd64.hotspot;

import jdk.vm.ci.hotspot.HotSpotForeignCallTarget;

/**
 * The target of a call or jump into the VM: JVMCI's foreign-call target with its address readable.
 * A near target (a stub in the code cache) is reached by a rel32 {@code call}/{@code jmp}; a far one
 * (a C function in libjvm) by {@code movabs r10, target; call r10}, whose immediate HotSpot patches.
 */
public final class StubTarget extends HotSpotForeignCallTarget {
    private final boolean far;

    public StubTarget(long address) {
        this(address, false);
    }

    public StubTarget(long address, boolean far) {
        super(address);
        this.far = far;
    }

    public long address() {
        return address;
    }

    /** Whether the call goes through a register (any distance) rather than a rel32 displacement. */
    public boolean isFar() {
        return far;
    }

    @Override
    public String toString() {
        return String.format(far ? "cfunction@0x%x" : "stub@0x%x", address);
    }
}
