package org.ssajit.hotspot;

import jdk.vm.ci.hotspot.HotSpotForeignCallTarget;

/**
 * The target of a call or jump into the VM: JVMCI's foreign-call target with its address readable.
 * A near target (a stub in the code cache) is reached pc-relatively ({@code call rel32} on AMD64);
 * a far one (a C function in libjvm, possibly anywhere) through a register loaded with an address
 * HotSpot patches. Each back end checks that its near calls reach.
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

    /** Whether the call goes through a register (any distance) rather than a pc-relative displacement. */
    public boolean isFar() {
        return far;
    }

    @Override
    public String toString() {
        return String.format(far ? "cfunction@0x%x" : "stub@0x%x", address);
    }
}
