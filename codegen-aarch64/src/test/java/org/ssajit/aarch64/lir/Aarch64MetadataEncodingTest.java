package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
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
 * instruction; a narrow class pointer decoded without the null test an oop needs, for any shift. Its
 * helpers (an emitter, objdump's listing with labels) serve the other op encoding tests.
 */
class Aarch64MetadataEncodingTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    static final LirKind REF = LirKind.reference(AArch64Kind.QWORD);
    static final LirKind LONG = LirKind.value(AArch64Kind.QWORD);
    static final LirKind INT = LirKind.value(AArch64Kind.DWORD);

    static RegisterValue ref(Register r) {
        return r.asValue(REF);
    }

    static RegisterValue temp(Register r) {
        return r.asValue(LONG);
    }

    /** An emitter around a fresh frame builder (no prologue: the ops need none). */
    static Aarch64CodeEmitter emitter() {
        Aarch64FrameBuilder frame = new Aarch64FrameBuilder(C, FrameLayout.of(AArch64Kind.QWORD, 0, 0));
        return new Aarch64CodeEmitter(frame, HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess(), null, List.of());
    }

    /** objdump's text of {@code asm.mov(64, x8, value)}, however many instructions it takes. */
    static List<String> movX8(long value) throws Exception {
        Aarch64Assembler a = new Aarch64Assembler();
        a.mov(64, org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1, value);
        List<String> out = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(a.code(), 0)) {
            out.add(i.text());
        }
        return out;
    }

    /** The expected text of {@code loadKlass(dst, object)} in this VM's header layout. */
    static List<String> loadKlass(String dst, String object) throws Exception {
        List<String> out = new ArrayList<>();
        if (C.useCompactObjectHeaders) {
            out.add("ldr x" + dst + ", [x" + object + "]");
            out.add("lsr x" + dst + ", x" + dst + ", #" + C.markWordKlassShift);
        } else if (C.useCompressedClassPointers) {
            out.add("ldr w" + dst + ", [x" + object + ", #" + C.oopKlassOffset + "]");
        } else {
            out.add("ldr x" + dst + ", [x" + object + ", #" + C.oopKlassOffset + "]");
            return out;
        }
        if (C.narrowKlassBase != 0) {
            out.addAll(movX8(C.narrowKlassBase));
            out.add("add x" + dst + ", x8, x" + dst + (C.narrowKlassShift == 0 ? "" : ", lsl #" + C.narrowKlassShift));
        } else if (C.narrowKlassShift != 0) {
            out.add("lsl x" + dst + ", x" + dst + ", #" + C.narrowKlassShift);
        }
        return out;
    }

    /**
     * Compares objdump's listing of {@code code} with {@code expected}, where {@code name:} lines bind
     * labels to the next instruction's address and {@code @name} stands for that address in hex.
     */
    static void assertListing(List<String> expected, byte[] code) throws Exception {
        List<String> got = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(code, 0)) {
            got.add(i.text());
        }
        assertListingText(expected, got);
    }

    /** {@link #assertListing} on an already decoded listing (each instruction's text, from address 0). */
    static void assertListingText(List<String> expected, List<String> got) {
        Map<String, Long> labels = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (String e : expected) {
            if (e.endsWith(":")) {
                labels.put(e.substring(0, e.length() - 1), 4L * lines.size());
            } else {
                lines.add(e);
            }
        }
        List<String> want = new ArrayList<>();
        for (String l : lines) {
            String w = l;
            for (Map.Entry<String, Long> label : labels.entrySet()) {
                w = w.replace("@" + label.getKey(), "0x" + Long.toHexString(label.getValue()));
            }
            want.add(w);
        }
        assertEquals(String.join("\n", want), String.join("\n", got));
    }


    static HotSpotMetaspaceConstant hubOf(Class<?> c) {
        var backend = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        return (HotSpotMetaspaceConstant) backend.getConstantReflection().asObjectHub(backend.getMetaAccess().lookupJavaType(c));
    }

    @Test
    void metadataIsAPatchedImmediate() throws Exception {
        HotSpotMetaspaceConstant hub = hubOf(String.class);
        Aarch64CodeEmitter e = emitter();
        new org.ssajit.backend.LoadMetadata(r1.asValue(LONG), (VMConstant) hub).emit(e);
        new org.ssajit.backend.LoadMetadata(r2.asValue(INT), (VMConstant) hub.compress()).emit(e);
        assertListing(List.of("mov x1, #0x0", "movk x1, #0x0, lsl #16", "movk x1, #0x0, lsl #32",
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
        Aarch64CodeEmitter e = emitter();
        new Aarch64Memory.Decode(r3.asValue(LONG), r1.asValue(INT), NarrowEncoding.ofKlass(0, 3)).emit(e);
        new Aarch64Memory.Decode(r3.asValue(LONG), r1.asValue(INT), NarrowEncoding.ofKlass(0x8_0000_0000L, 10)).emit(e);
        List<String> want = new ArrayList<>(List.of("ubfiz x3, x1, #3, #32", "ubfiz x3, x1, #10, #32"));
        want.addAll(movX8(0x8_0000_0000L));
        want.add("add x3, x8, x3");
        // The header's narrow class read and decoded in one op.
        new Aarch64Memory.Load(jdk.vm.ci.meta.JavaKind.Long, r3.asValue(LONG), r1.asValue(REF), null, 8, 0).decoding(NarrowEncoding.ofKlass(0x8_0000_0000L, 3)).emit(e);
        want.add("ldr w3, [x1, #8]");
        want.addAll(movX8(0x8_0000_0000L));
        want.add("add x3, x8, x3, lsl #3");
        assertListing(want, e.asm().code());
    }

    /** The class word of an object for the ops not lowered yet ({@link Aarch64Metadata#loadKlass}), in this VM's header layout. */
    @Test
    void klassOfAnObjectFollowsTheHeaderLayout() throws Exception {
        Aarch64CodeEmitter e = emitter();
        Aarch64Metadata.loadKlass(e.asm(), C, r2, r1);
        assertListing(loadKlass("2", "1"), e.asm().code());
    }
}
