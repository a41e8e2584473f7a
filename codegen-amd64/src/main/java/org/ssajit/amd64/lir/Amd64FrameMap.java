package org.ssajit.amd64.lir;

import org.ssajit.amd64.hotspot.Amd64ValueKind;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.lir.FrameMap;

/**
 * codegen-core's {@link FrameMap} with HotSpot/AMD64's fixed area: the caller's rbp and the deopt
 * rescue slot (16 bytes) between the spill area and the return address. The register allocator
 * hands out spill slots here; {@link #layout()} is the same frame as the frame builder's
 * {@link FrameLayout}, so there is one layout: spill slot {@code rsp + outgoing + k} of the frame map
 * is spill byte {@code k} of the layout, and both give the same total frame size and rescue slot.
 */
public final class Amd64FrameMap extends FrameMap {
    static final int WORD = 8;
    static final int STACK_ALIGNMENT = 16;
    /** Saved rbp and the deopt rescue slot ({@link FrameLayout#of} always has one). */
    static final int FIXED_AREA = 2 * WORD;

    public Amd64FrameMap() {
        super(WORD, STACK_ALIGNMENT, FIXED_AREA);
    }

    /** The frame builder's view of this frame; final once register allocation is done. */
    public FrameLayout layout() {
        int spill = (spillSize() + WORD - 1) / WORD * WORD;
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, spill, outgoingSize(), monitorSlots());
        if (layout.totalFrameSize() != totalFrameSize() || layout.rescueSlotOffset() != fixedAreaOffset()
                        || (monitorSlots() > 0 && layout.monitorSlotOffset(monitorSlots() - 1) != monitorSlotOffset(monitorSlots() - 1))) {
            throw new IllegalStateException("frame map and frame layout disagree: " + layout + " vs total " + totalFrameSize() + ", fixed area at " + fixedAreaOffset());
        }
        return layout;
    }
}
