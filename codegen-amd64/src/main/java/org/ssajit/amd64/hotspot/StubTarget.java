package org.ssajit.amd64.hotspot;

import jdk.vm.ci.hotspot.HotSpotForeignCallTarget;

/** The target of a call or jump into a VM stub: JVMCI's foreign-call target with its address readable. */
public final class StubTarget extends HotSpotForeignCallTarget {
    public StubTarget(long address) {
        super(address);
    }

    public long address() {
        return address;
    }

    @Override
    public String toString() {
        return String.format("stub@0x%x", address);
    }
}
