package org.ssajit.aarch64.lir;

import org.ssajit.hotspot.FrameLayout;
import org.ssajit.lir.FrameMap;

import jdk.vm.ci.aarch64.AArch64Kind;

/**
 * codegen-core's {@link FrameMap} with HotSpot/AArch64's fixed area: the caller's x29 and the deopt
 * rescue slot (16 bytes) between the spill area and the saved lr (the return address), the same
 * shape as AMD64's. The register allocator hands out spill slots here; {@link #layout()} is the frame
 * builder's {@link FrameLayout}, checked to agree.
 */
public final class Aarch64FrameMap extends FrameMap {
    static final int WORD = 8;
    static final int STACK_ALIGNMENT = 16;
    /** Saved x29 and the deopt rescue slot ({@link FrameLayout#of} always has one). */
    static final int FIXED_AREA = 2 * WORD;

    public Aarch64FrameMap() {
        super(WORD, STACK_ALIGNMENT, FIXED_AREA);
    }

    /** The frame builder's view of this frame; final once register allocation is done. */
    public FrameLayout layout() {
        int spill = (spillSize() + WORD - 1) / WORD * WORD;
        FrameLayout layout = FrameLayout.of(AArch64Kind.QWORD, spill, outgoingSize(), monitorSlots());
        if (layout.totalFrameSize() != totalFrameSize() || layout.rescueSlotOffset() != fixedAreaOffset()
                        || (monitorSlots() > 0 && layout.monitorSlotOffset(monitorSlots() - 1) != monitorSlotOffset(monitorSlots() - 1))) {
            throw new IllegalStateException("frame map and frame layout disagree: " + layout + " vs total " + totalFrameSize() + ", fixed area at " + fixedAreaOffset());
        }
        return layout;
    }
}
