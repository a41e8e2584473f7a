package org.ssajit.hotspot;

import org.ssajit.lir.FrameMap;

import jdk.vm.ci.meta.PlatformKind;

/**
 * codegen-core's {@link FrameMap} with the fixed area of HotSpot's frame on a 64-bit target: the
 * caller's frame pointer and the deopt rescue slot (16 bytes) between the spill area and the return
 * address. The register allocator hands out spill slots here; {@link #layout()} is the same frame as
 * the frame builder's {@link FrameLayout}, so there is one layout: spill slot {@code sp + outgoing + k}
 * of the frame map is spill byte {@code k} of the layout, and both give the same total frame size,
 * rescue slot and monitor slots (checked).
 */
public class HotSpotFrameMap extends FrameMap {
    private static final int WORD = 8;
    private static final int STACK_ALIGNMENT = 16;
    /** Saved frame pointer and the deopt rescue slot ({@link FrameLayout#of} always has one). */
    private static final int FIXED_AREA = 2 * WORD;

    private final PlatformKind wordKind;

    /** @param wordKind the target's 64-bit word */
    public HotSpotFrameMap(PlatformKind wordKind) {
        super(WORD, STACK_ALIGNMENT, FIXED_AREA);
        this.wordKind = wordKind;
    }

    /** The frame builder's view of this frame; final once register allocation is done. */
    public final FrameLayout layout() {
        int spill = (spillSize() + WORD - 1) / WORD * WORD;
        FrameLayout layout = FrameLayout.of(wordKind, spill, outgoingSize(), monitorSlots());
        if (layout.totalFrameSize() != totalFrameSize() || layout.rescueSlotOffset() != fixedAreaOffset()
                        || (monitorSlots() > 0 && layout.monitorSlotOffset(monitorSlots() - 1) != monitorSlotOffset(monitorSlots() - 1))) {
            throw new IllegalStateException("frame map and frame layout disagree: " + layout + " vs total " + totalFrameSize() + ", fixed area at " + fixedAreaOffset());
        }
        return layout;
    }
}
