package org.ssajit.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The shadow zone the prologue bangs: StackShadowPages in 4 KiB units, rounded up to the VM's page. */
class StackBangTest {
    @Test
    void shadowZoneIsCountedInFourKilobyteUnits() {
        assertEquals(20 * 4096, HotSpotVmConfig.shadowZoneSize(20, 4096));
        // 16 KiB pages (some arm64 kernels): 80 KiB is already a multiple, not 20 pages of 16 KiB.
        assertEquals(80 * 1024, HotSpotVmConfig.shadowZoneSize(20, 16 * 1024));
        // 64 KiB pages: 80 KiB rounds up to two pages.
        assertEquals(128 * 1024, HotSpotVmConfig.shadowZoneSize(20, 64 * 1024));
        assertEquals(28 * 1024, HotSpotVmConfig.shadowZoneSize(7, 4096));
        assertEquals(32 * 1024, HotSpotVmConfig.shadowZoneSize(7, 16 * 1024));
    }

    @Test
    void theHostVmsBangReachesTheShadowZoneOrTheFrame() {
        HotSpotVmConfig c = HotSpotVmConfig.host();
        int zone = HotSpotVmConfig.shadowZoneSize(c.stackShadowPages, c.vmPageSize);
        assertEquals(zone, c.stackBangOffset(32));
        assertEquals(zone + 4096, c.stackBangOffset(zone + 4096));
    }
}
