package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.NarrowEncoding;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.VMConstant;

/**
 * The lowering's {@code metadata} and class-pointer decoding emitted with allocated registers and read
 * back with objdump: a class pointer as a patched {@code movz/movk/movk}, its narrow form as the
 * {@code movz/movk} HotSpot's {@code patch_narrow_klass} writes, each with its data patch on the first
 * instruction; a narrow class pointer decoded without the null test an oop needs, for any shift.
 */
class Aarch64MetadataEncodingTest {
    static final LirKind LONG = LirKind.value(AArch64Kind.QWORD);
    static final LirKind INT = LirKind.value(AArch64Kind.DWORD);

    static HotSpotMetaspaceConstant hubOf(Class<?> c) {
        var backend = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        return (HotSpotMetaspaceConstant) backend.getConstantReflection().asObjectHub(backend.getMetaAccess().lookupJavaType(c));
    }

    @Test
    void metadataIsAPatchedImmediate() throws Exception {
        HotSpotMetaspaceConstant hub = hubOf(String.class);
        Aarch64CodeEmitter e = Aarch64TypeChecksEncodingTest.emitter();
        new Aarch64Metadata.LoadMetadata(r1.asValue(LONG), (VMConstant) hub).emit(e);
        new Aarch64Metadata.LoadMetadata(r2.asValue(INT), (VMConstant) hub.compress()).emit(e);
        Aarch64TypeChecksEncodingTest.assertListing(List.of("mov x1, #0x0", "movk x1, #0x0, lsl #16", "movk x1, #0x0, lsl #32",
                        "movz x2, #0x0, lsl #16", "movk x2, #0x0"), e.asm().code());
        List<Site> sites = e.frame().sites();
        assertEquals(2, sites.size(), sites::toString);
        for (int k = 0; k < 2; k++) {
            DataPatch p = assertInstanceOf(DataPatch.class, sites.get(k));
            assertEquals(k == 0 ? 0 : 12, p.pcOffset);
            assertEquals(k == 1, ((HotSpotMetaspaceConstant) ((ConstantReference) p.reference).getConstant()).isCompressed());
        }
    }

    @Test
    void narrowClassPointersDecodeWithoutANullTest() throws Exception {
        Aarch64CodeEmitter e = Aarch64TypeChecksEncodingTest.emitter();
        new Aarch64Memory.Decode(r3.asValue(LONG), r1.asValue(INT), NarrowEncoding.ofKlass(0, 3)).emit(e);
        new Aarch64Memory.Decode(r3.asValue(LONG), r1.asValue(INT), NarrowEncoding.ofKlass(0x8_0000_0000L, 10)).emit(e);
        List<String> want = new ArrayList<>(List.of("ubfiz x3, x1, #3, #32", "ubfiz x3, x1, #10, #32"));
        want.addAll(Aarch64TypeChecksEncodingTest.movX8(0x8_0000_0000L));
        want.add("add x3, x8, x3");
        Aarch64TypeChecksEncodingTest.assertListing(want, e.asm().code());
    }
}
