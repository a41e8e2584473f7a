package org.ssajit.aarch64.hotspot;

import java.lang.reflect.Field;

import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;

/** For tests that build AArch64 code on the x86-64 host: the host VM's configuration, made arm64-like. */
public final class Arm64LikeConfig {
    private Arm64LikeConfig() {
    }

    /**
     * The host VM's values, with the two an arm64 VM reports differently: the entry-barrier patching
     * type of Serial, Parallel and G1, and the non-oop word (48 bits there, -1 on x86).
     */
    public static HotSpotVmConfig get() {
        HotSpotVmConfig c = new HotSpotVmConfig(HotSpotJVMCIRuntime.runtime().getConfigStore());
        try {
            Field type = HotSpotVmConfig.class.getDeclaredField("nmethodPatchingType");
            type.setAccessible(true);
            type.setInt(c, c.nmethodPatchingStw);
            Field nonOop = HotSpotVmConfig.class.getDeclaredField("nonOopWord");
            nonOop.setAccessible(true);
            nonOop.setLong(c, 0xffff_ffff_ffffL);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        return c;
    }
}
