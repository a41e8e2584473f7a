package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static jdk.vm.ci.aarch64.AArch64.r4;
import static jdk.vm.ci.aarch64.AArch64.r5;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import org.ssajit.ir.TypeTest;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The type-check ops ({@link Aarch64TypeChecks}) emitted with allocated registers and read back with
 * objdump, against the sequence HotSpot's subtype check protocol asks for (docs/HOTSPOT-NOTES.md,
 * "Type checks"): the null test, the object's class in the VM's header layout (this VM's values), the
 * embedded class as a patched {@code movz/movk/movk}, the display compare, the secondary-supers scan
 * and the answer. Branch targets are checked by address.
 */
class Aarch64TypeChecksEncodingTest {
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

    static TypeTest typeTest(Class<?> type, boolean nullPasses) {
        var backend = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        ResolvedJavaType t = backend.getMetaAccess().lookupJavaType(type);
        Constant hub = backend.getConstantReflection().asObjectHub(t);
        return new TypeTest(t, hub, nullPasses);
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

    /** The subtype check of class {@code s} against class {@code t}, then the answer into w{@code result}. */
    static List<String> subtypeCheckAndAnswer(String s, String t, String result) {
        return List.of(
                        "cmp x" + s + ", x" + t, "b.eq @true",
                        "ldr w8, [x" + t + ", #" + C.klassSuperCheckOffsetOffset + "]",
                        "ldr x9, [x" + s + ", x8]",
                        "cmp x9, x" + t, "b.eq @true",
                        "cmp w8, #0x" + Integer.toHexString(C.klassSecondarySuperCacheOffset), "b.ne @false",
                        "ldr x" + s + ", [x" + s + ", #" + C.klassSecondarySupersOffset + "]",
                        "ldr w8, [x" + s + (C.klassArrayLengthOffset == 0 ? "]" : ", #" + C.klassArrayLengthOffset + "]"),
                        "add x" + s + ", x" + s + ", #0x" + Integer.toHexString(C.klassArrayDataOffset),
                        "loop:", "cbz w8, @false",
                        "ldr x9, [x" + s + "], #8",
                        "cmp x9, x" + t, "b.eq @true",
                        "sub w8, w8, #0x1",
                        "b @loop",
                        "true:", "mov w" + result + ", #0x1", "b @done",
                        "false:", "mov w" + result + ", #0x0",
                        "done:");
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

    @Test
    void instanceOfTestsNullThenTheClass() throws Exception {
        for (boolean nullPasses : new boolean[]{false, true}) {
            Aarch64CodeEmitter e = emitter();
            new Aarch64TypeChecks.TypeTestOp(r0.asValue(INT), ref(r1), temp(r2), temp(r3), typeTest(Runnable.class, nullPasses)).emit(e);
            List<String> want = new ArrayList<>();
            want.add("cbz x1, " + (nullPasses ? "@true" : "@false"));
            want.addAll(loadKlass("2", "1"));
            int movz = want.size();
            want.addAll(List.of("mov x3, #0x0", "movk x3, #0x0, lsl #16", "movk x3, #0x0, lsl #32"));
            want.addAll(subtypeCheckAndAnswer("2", "3", "0"));
            assertListing(want, e.asm().code());
            List<Site> sites = e.frame().sites();
            assertEquals(1, sites.size(), sites::toString);
            DataPatch patch = assertInstanceOf(DataPatch.class, sites.get(0));
            assertEquals(4 * movz, patch.pcOffset, "the metadata patch is on the movz");
        }
    }

    /** A type test in the shape the lowering gives it: exactly, or with the type's super check offset read now. */
    static TypeTest shaped(Class<?> type) {
        var backend = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        ResolvedJavaType t = backend.getMetaAccess().lookupJavaType(type);
        Constant hub = backend.getConstantReflection().asObjectHub(t);
        if (TypeTest.hasNoSubtypes(t)) {
            return new TypeTest(t, hub, false, true, -1);
        }
        return new TypeTest(t, hub, false, false, ((jdk.vm.ci.hotspot.HotSpotResolvedObjectType) t).superCheckOffset());
    }

    /** The prefix every shaped instanceof of x1 shares: the null test, S into x2, T into x3. */
    static List<String> prefix() throws Exception {
        List<String> want = new ArrayList<>();
        want.add("cbz x1, @false");
        want.addAll(loadKlass("2", "1"));
        want.addAll(List.of("mov x3, #0x0", "movk x3, #0x0, lsl #16", "movk x3, #0x0, lsl #32"));
        return want;
    }

    static final List<String> ANSWER = List.of("true:", "mov w0, #0x1", "b @done", "false:", "mov w0, #0x0", "done:");

    /**
     * The shapes known when the code is compiled: a final class is one compare of S with T; a class
     * within the display one compare of T with S's word at T's offset; an interface goes to the
     * secondary-super cache and scan without reading T's offset.
     */
    @Test
    void shapesKnownAtCompileTimeNeedFewerInstructions() throws Exception {
        Aarch64CodeEmitter e = emitter();
        new Aarch64TypeChecks.TypeTestOp(r0.asValue(INT), ref(r1), temp(r2), temp(r3), shaped(String.class)).emit(e);
        List<String> want;
        if (C.useCompressedClassPointers && !C.useCompactObjectHeaders) {
            // The narrow klasses compared: HotSpot's patch_narrow_klass shape, patched at the movz.
            want = new ArrayList<>(List.of("cbz x1, @false", "ldr w2, [x1, #" + C.oopKlassOffset + "]", "movz x3, #0x0, lsl #16", "movk x3, #0x0", "cmp w2, w3", "b.ne @false"));
            DataPatch patch = assertInstanceOf(DataPatch.class, e.frame().sites().get(0));
            assertEquals(8, patch.pcOffset);
            assertTrue(((jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) ((jdk.vm.ci.code.site.ConstantReference) patch.reference).getConstant()).isCompressed());
        } else {
            want = prefix();
            want.addAll(List.of("cmp x2, x3", "b.ne @false"));
        }
        want.addAll(ANSWER);
        assertListing(want, e.asm().code());

        e = emitter();
        TypeTest number = shaped(Number.class);
        new Aarch64TypeChecks.TypeTestOp(r0.asValue(INT), ref(r1), temp(r2), temp(r3), number).emit(e);
        want = prefix();
        want.addAll(List.of("ldr x9, [x2, #" + number.superCheckOffset() + "]", "cmp x9, x3", "b.ne @false"));
        want.addAll(ANSWER);
        assertListing(want, e.asm().code());

        e = emitter();
        TypeTest runnable = shaped(Runnable.class);
        assertEquals(C.klassSecondarySuperCacheOffset, runnable.superCheckOffset());
        new Aarch64TypeChecks.TypeTestOp(r0.asValue(INT), ref(r1), temp(r2), temp(r3), runnable).emit(e);
        want = prefix();
        want.addAll(List.of("cmp x2, x3", "b.eq @true",
                        "ldr x9, [x2, #" + C.klassSecondarySuperCacheOffset + "]", "cmp x9, x3", "b.eq @true",
                        "ldr x2, [x2, #" + C.klassSecondarySupersOffset + "]",
                        "ldr w8, [x2" + (C.klassArrayLengthOffset == 0 ? "]" : ", #" + C.klassArrayLengthOffset + "]"),
                        "add x2, x2, #0x" + Integer.toHexString(C.klassArrayDataOffset),
                        "loop:", "cbz w8, @false",
                        "ldr x9, [x2], #8",
                        "cmp x9, x3", "b.eq @true",
                        "sub w8, w8, #0x1",
                        "b @loop"));
        want.addAll(ANSWER);
        assertListing(want, e.asm().code());
    }

    @Test
    void storeCheckComparesWithTheElementClass() throws Exception {
        Aarch64CodeEmitter e = emitter();
        new Aarch64TypeChecks.StoreCheckOp(r5.asValue(INT), ref(r1), ref(r2), temp(r3), temp(r4)).emit(e);
        List<String> want = new ArrayList<>();
        want.add("cbz x2, @true");
        want.addAll(loadKlass("3", "2"));
        want.addAll(loadKlass("4", "1"));
        want.add("ldr x4, [x4, #" + C.objArrayElementKlassOffset + "]");
        want.addAll(subtypeCheckAndAnswer("3", "4", "5"));
        assertListing(want, e.asm().code());
        assertEquals(List.of(), e.frame().sites());
    }

    /**
     * The store check fused with its guard: the same tests, every failing side branching to the
     * uncommon trap (out of line), every passing side to the end; nothing materialized.
     */
    @Test
    void storeCheckGuardBranchesToTheTrap() throws Exception {
        List<String> want = new ArrayList<>();
        want.add("cbz x2, @true");
        want.addAll(loadKlass("3", "2"));
        want.addAll(loadKlass("4", "1"));
        want.add("ldr x4, [x4, #" + C.objArrayElementKlassOffset + "]");
        List<String> check = subtypeCheckAndAnswer("3", "4", "5");
        want.addAll(check.subList(0, check.indexOf("true:")));
        want.replaceAll(x -> x.replace("@true", "@end").replace("@false", "out-of-line"));
        want.add("end:");
        var ase = new org.ssajit.ir.Deopt(jdk.vm.ci.meta.DeoptimizationReason.ArrayStoreException, jdk.vm.ci.meta.DeoptimizationAction.None);
        Aarch64AllocationEncodingTest.assertInline(new Aarch64TypeChecks.StoreCheckGuard(ref(r1), ref(r2), temp(r3), temp(r4),
                        Aarch64FarStubsTest.stateHoldingTheLock(), ase), want);
    }
}
