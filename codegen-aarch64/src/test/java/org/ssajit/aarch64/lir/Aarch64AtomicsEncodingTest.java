package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.assertListing;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.ref;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.temp;

import java.lang.reflect.Field;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.AtomicUpdate;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;

/**
 * {@link Aarch64Atomics} read back with objdump: the compare-and-swap of lightweight locking's fast
 * paths (the lowering's {@code MonitorExpansion}) with LSE ({@code casa}, {@code casl}, {@code casal} on
 * a copy of the expected word, compared after) and without (the exclusive-access loop with the
 * acquire load or release store the ordering asks for), its result as {@code cset}.
 */
class Aarch64AtomicsEncodingTest {
    static Aarch64CodeEmitter emitter(boolean lse) throws ReflectiveOperationException {
        HotSpotVmConfig c = org.ssajit.aarch64.hotspot.Arm64LikeConfig.get();
        Field f = HotSpotVmConfig.class.getDeclaredField("useLse");
        f.setAccessible(true);
        f.setBoolean(c, lse);
        Aarch64FrameBuilder frame = new Aarch64FrameBuilder(c, FrameLayout.of(AArch64Kind.QWORD, 0, 0));
        return new Aarch64CodeEmitter(frame, HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess(), null, List.of());
    }

    static byte[] cas(boolean lse, AtomicUpdate.Ordering ordering) throws Exception {
        Aarch64CodeEmitter e = emitter(lse);
        new Aarch64Atomics.CompareAndSwap(new AtomicUpdate(0, ordering), temp(r3), ref(r1), temp(r2), temp(r0)).emit(e);
        return e.asm().code();
    }

    @Test
    void withLseTheCasHasTheOrderingsSuffix() throws Exception {
        assertListing(List.of("mov x8, x2", "casa x8, x0, [x1]", "cmp x8, x2", "cset w3, eq"), cas(true, AtomicUpdate.Ordering.ACQUIRE));
        assertListing(List.of("mov x8, x2", "casl x8, x0, [x1]", "cmp x8, x2", "cset w3, eq"), cas(true, AtomicUpdate.Ordering.RELEASE));
        assertListing(List.of("mov x8, x2", "casal x8, x0, [x1]", "cmp x8, x2", "cset w3, eq"), cas(true, AtomicUpdate.Ordering.ACQUIRE_RELEASE));
    }

    @Test
    void withoutLseAnExclusiveLoopAcquiresOnTheLoadReleasesOnTheStore() throws Exception {
        assertListing(List.of("retry:", "ldaxr x8, [x1]", "cmp x8, x2", "b.ne @failed", "stxr w9, x0, [x1]", "cbnz w9, @retry", "failed:", "cset w3, eq"),
                        cas(false, AtomicUpdate.Ordering.ACQUIRE));
        assertListing(List.of("retry:", "ldxr x8, [x1]", "cmp x8, x2", "b.ne @failed", "stlxr w9, x0, [x1]", "cbnz w9, @retry", "failed:", "cset w3, eq"),
                        cas(false, AtomicUpdate.Ordering.RELEASE));
    }

    /** Unsafe.compareAndSetInt: the w forms, compared in 32 bits. */
    @Test
    void anIntIsSwappedInThirtyTwoBits() throws Exception {
        Aarch64CodeEmitter e = emitter(true);
        new Aarch64Atomics.CompareAndSwap(new AtomicUpdate(jdk.vm.ci.meta.JavaKind.Int, 0, AtomicUpdate.Ordering.ACQUIRE_RELEASE), temp(r3), ref(r1), temp(r2),
                        temp(r0)).emit(e);
        assertListing(List.of("mov w8, w2", "casal w8, w0, [x1]", "cmp w8, w2", "cset w3, eq"), e.asm().code());
        Aarch64CodeEmitter loop = emitter(false);
        new Aarch64Atomics.CompareAndSwap(new AtomicUpdate(jdk.vm.ci.meta.JavaKind.Int, 0, AtomicUpdate.Ordering.ACQUIRE_RELEASE), temp(r3), ref(r1), temp(r2),
                        temp(r0)).emit(loop);
        assertListing(List.of("retry:", "ldaxr w8, [x1]", "cmp w8, w2", "b.ne @failed", "stlxr w9, w0, [x1]", "cbnz w9, @retry", "failed:", "cset w3, eq"),
                        loop.asm().code());
    }

    @Test
    void aDisplacementIsRefused() {
        assertThrows(IllegalStateException.class, () -> new Aarch64Atomics.CompareAndSwap(new AtomicUpdate(8, AtomicUpdate.Ordering.ACQUIRE), temp(r3), ref(r1),
                        temp(r2), temp(r0)));
    }
}
