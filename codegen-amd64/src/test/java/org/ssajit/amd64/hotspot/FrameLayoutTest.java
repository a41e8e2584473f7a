package org.ssajit.amd64.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.StackSlot;
import org.ssajit.hotspot.FrameLayout;

class FrameLayoutTest {
    @Test
    void smallestFrames() {
        FrameLayout f = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        // return address + rbp + rescue slot = 24, rounded to 32
        assertEquals(32, f.totalFrameSize());
        assertEquals(16, f.frameSize());
        assertEquals(8, f.rescueSlotOffset());
        StackSlot rescue = f.rescueSlot();
        assertEquals(8, rescue.getOffset(f.totalFrameSize()));
        assertFalse(rescue.getRawAddFrameSize());

        FrameLayout bare = FrameLayout.withoutRescueSlot(Amd64ValueKind.WORD, 0, 0);
        assertEquals(16, bare.totalFrameSize());
        assertEquals(0, bare.frameSize());
        assertNull(bare.rescueSlot());
        assertThrows(IllegalStateException.class, bare::rescueSlotOffset);
    }

    @Test
    void areasDoNotOverlapAndTheFrameStaysAligned() {
        for (int spill = 0; spill <= 96; spill += 8) {
            for (int outgoing = 0; outgoing <= 48; outgoing += 8) {
                FrameLayout f = FrameLayout.of(Amd64ValueKind.WORD, spill, outgoing);
                assertEquals(0, f.totalFrameSize() % 16, f.toString());
                assertTrue(f.totalFrameSize() >= 24 + spill + outgoing, f.toString());
                // rescue slot right below the saved rbp, above the spill area
                assertEquals(f.totalFrameSize() - 24, f.rescueSlotOffset());
                if (spill > 0) {
                    assertEquals(outgoing, f.spillOffset(0));
                    assertTrue(f.spillOffset(spill - 1) < f.rescueSlotOffset(), f.toString());
                }
            }
        }
    }

    @Test
    void spillSlots() {
        FrameLayout f = FrameLayout.of(Amd64ValueKind.WORD, 16, 8);
        StackSlot s = f.spillSlot(8, Amd64ValueKind.OOP);
        assertEquals(16, s.getOffset(f.totalFrameSize()));
        assertEquals(16, f.spillOffset(8));
        assertThrows(IllegalArgumentException.class, () -> f.spillSlot(12, Amd64ValueKind.LONG)); // misaligned
        assertThrows(IllegalArgumentException.class, () -> f.spillSlot(16, Amd64ValueKind.INT)); // outside
        assertThrows(IndexOutOfBoundsException.class, () -> f.spillOffset(-1));
        assertThrows(IllegalArgumentException.class, () -> FrameLayout.of(Amd64ValueKind.WORD, 4, 0));
    }
}
