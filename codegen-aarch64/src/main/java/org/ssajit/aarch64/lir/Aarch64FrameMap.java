package org.ssajit.aarch64.lir;

import org.ssajit.hotspot.HotSpotFrameMap;

import jdk.vm.ci.aarch64.AArch64Kind;

/** codegen-core's {@link HotSpotFrameMap} of AArch64: the caller's x29 and the rescue slot below the saved lr (the return address), as on AMD64. */
public final class Aarch64FrameMap extends HotSpotFrameMap {
    public Aarch64FrameMap() {
        super(AArch64Kind.QWORD);
    }
}
