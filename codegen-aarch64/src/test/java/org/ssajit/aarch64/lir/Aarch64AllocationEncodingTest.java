package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static jdk.vm.ci.aarch64.AArch64.r4;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.C;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.assertListing;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.assertListingText;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.emitter;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.movX8;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.ref;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.temp;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link Aarch64Allocation.AllocateInstanceOf} emitted with allocated registers and read back with
 * objdump, against the protocol of docs/HOTSPOT-NOTES.md ("Unsafe.allocateInstance inline"): the class
 * from the mirror, the layout helper's sign and slow-path bit, the init state, the buffer bump by the
 * layout helper's size, the header in this VM's layout, the zeros up to the new top, the
 * {@code dmb ishst} that publishes them, and null for every case left to the call.
 */
class Aarch64AllocationEncodingTest {
    /** The header of a new object at x0 with its class in x{@code klass}, in this VM's layout. */
    static List<String> header(String klass) throws Exception {
        List<String> out = new ArrayList<>();
        out.add("ldr x8, [x" + klass + ", #" + C.klassPrototypeHeaderOffset + "]");
        out.add("str x8, [x0]");
        if (C.useCompactObjectHeaders) {
            return out;
        }
        if (!C.useCompressedClassPointers) {
            out.add("str x" + klass + ", [x0, #" + C.oopKlassOffset + "]");
            return out;
        }
        if (C.narrowKlassBase != 0) {
            out.addAll(movX8(C.narrowKlassBase));
            out.add("sub x8, x" + klass + ", x8");
        } else {
            out.add("mov x8, x" + klass);
        }
        if (C.narrowKlassShift != 0) {
            out.add("lsr x8, x8, #" + C.narrowKlassShift);
        }
        out.add("str w8, [x0, #" + C.oopKlassOffset + "]");
        return out;
    }

    @Test
    void allocateInstanceOfTestsTheClassThenBumpsTheBuffer() throws Exception {
        Aarch64CodeEmitter e = emitter();
        new Aarch64Allocation.AllocateInstanceOf(ref(r0), ref(r1), temp(r2), temp(r3), temp(r4)).emit(e);
        String thread = "x" + org.ssajit.aarch64.hotspot.Aarch64FrameBuilder.THREAD.number;
        List<String> want = new ArrayList<>(List.of(
                        "ldr x2, [x1, #" + C.mirrorKlassOffset + "]",
                        "cbz x2, @none",
                        "ldr w3, [x2, #" + C.klassLayoutHelperOffset + "]",
                        "cmp w3, #0x0",
                        "b.le @none",
                        "tst w3, #0x" + Integer.toHexString(C.layoutHelperInstanceSlowPathBit),
                        "b.ne @none",
                        "ldrb w8, [x2, #" + C.instanceKlassInitStateOffset + "]",
                        "cmp w8, #0x" + Integer.toHexString(C.instanceKlassFullyInitialized),
                        "b.ne @none",
                        "ldr x0, [" + thread + ", #" + C.threadTlabTopOffset + "]",
                        "add x4, x0, x3",
                        "ldr x8, [" + thread + ", #" + C.threadTlabEndOffset + "]",
                        "cmp x4, x8",
                        "b.hi @none",
                        "str x4, [" + thread + ", #" + C.threadTlabTopOffset + "]"));
        want.addAll(header("2"));
        int start = C.instanceHeaderSize();
        if (start % 8 == 4) {
            want.add("str wzr, [x0, #" + start + "]");
            start += 4;
        }
        want.addAll(List.of(
                        "add x3, x0, #0x" + Integer.toHexString(start),
                        "loop:", "cmp x3, x4",
                        "b.cs @zeroed",
                        "str xzr, [x3], #8",
                        "b @loop",
                        "zeroed:", "dmb ishst",
                        "b @done",
                        "none:", "mov x0, xzr",
                        "done:"));
        assertListing(want, e.asm().code());
    }

    static final class Sized {
        long a;
        long b;
        int c;
    }

    /**
     * The inline part of {@code allocate} (the code before the out-of-line slow path, which the op's
     * branches reach as {@code out-of-line}): the bump (an array's size from its zero-extended length by
     * {@code ubfiz}, rounded to 8), the class as a patched {@code movz/movk/movk}, the header and an
     * array's length, the zeros (an instance's unrolled with {@code stp}, an array's in a loop), the
     * {@code dmb ishst}.
     */
    @Test
    void allocateFromTheBuffer() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(C.useTlab, "thread-local allocation buffers");
        var backend = jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        var sized = (jdk.vm.ci.hotspot.HotSpotResolvedObjectType) backend.getMetaAccess().lookupJavaType(Sized.class);
        int size = sized.instanceSize();
        String thread = "x" + org.ssajit.aarch64.hotspot.Aarch64FrameBuilder.THREAD.number;
        List<String> bump = List.of("ldr x8, [" + thread + ", #" + C.threadTlabEndOffset + "]", "cmp x3, x8", "b.hi out-of-line",
                        "str x3, [" + thread + ", #" + C.threadTlabTopOffset + "]", "mov x1, #0x0", "movk x1, #0x0, lsl #16", "movk x1, #0x0, lsl #32");

        List<String> instance = new ArrayList<>(List.of("ldr x0, [" + thread + ", #" + C.threadTlabTopOffset + "]", "add x3, x0, #0x" + Integer.toHexString(size)));
        instance.addAll(bump);
        instance.addAll(header("1"));
        int start = C.instanceHeaderSize();
        if (start % 8 == 4) {
            instance.add("str wzr, [x0, #" + start + "]");
            start += 4;
        }
        int off = start;
        for (; off + 16 <= size; off += 16) {
            instance.add("stp xzr, xzr, [x0, #" + off + "]");
        }
        if (off < size) {
            instance.add("str xzr, [x0, #" + off + "]");
        }
        instance.add("dmb ishst");
        var shape = org.ssajit.ir.AllocationShape.instance(sized, backend.getConstantReflection().asObjectHub(sized), size);
        assertInline(new Aarch64Allocation.Allocate(shape, r0.asValue(Aarch64MetadataEncodingTest.REF), null, Aarch64FarStubsTest.stateHoldingTheLock()), instance);

        var intArray = backend.getMetaAccess().lookupJavaType(int[].class);
        int base = backend.getMetaAccess().getArrayBaseOffset(jdk.vm.ci.meta.JavaKind.Int);
        int lengthOffset = C.arrayLengthOffset;
        List<String> array = new ArrayList<>(List.of("ldr x0, [" + thread + ", #" + C.threadTlabTopOffset + "]", "ubfiz x3, x2, #2, #32",
                        "add x3, x3, #0x" + Integer.toHexString(base + 7), "and x3, x3, #0xfffffffffffffff8", "add x3, x3, x0"));
        array.addAll(bump);
        array.addAll(header("1"));
        array.add("str w2, [x0, #" + lengthOffset + "]");
        start = lengthOffset + 4;
        if (start % 8 == 4) {
            array.add("str wzr, [x0, #" + start + "]");
            start += 4;
        }
        array.addAll(List.of("add x4, x0, #0x" + Integer.toHexString(start), "loop:", "cmp x4, x3", "b.cs @zeroed", "str xzr, [x4], #8", "b @loop",
                        "zeroed:", "dmb ishst"));
        var arrayShape = org.ssajit.ir.AllocationShape.array(intArray, backend.getConstantReflection().asObjectHub(intArray), jdk.vm.ci.meta.JavaKind.Int, base, 4,
                        lengthOffset);
        assertInline(new Aarch64Allocation.Allocate(arrayShape, r0.asValue(Aarch64MetadataEncodingTest.REF), r2.asValue(Aarch64MetadataEncodingTest.INT),
                        Aarch64FarStubsTest.stateHoldingTheLock()), array);
    }

    /**
     * Emits {@code op}, binds its out-of-line code (whose VM call needs an AArch64 runtime stub, which
     * this x86-64 host does not have: the label is bound before that fails) after a prologue, and compares the inline
     * part with {@code expected}, a branch past its end written {@code out-of-line}.
     */
    static void assertInline(Aarch64Op op, List<String> expected) throws Exception {
        Aarch64CodeEmitter e = Aarch64FarStubsTest.emitter();
        e.frame().emitPrologue();
        int start = e.asm().position();
        op.emit(e);
        int end = e.asm().position();
        e.asm().nop(); // the out-of-line code starts after this: a branch to the op's end is not one to it
        try {
            e.finishBody();
        } catch (jdk.vm.ci.common.JVMCIError hostCannotInstall) {
            // expected on x86-64 (see the javadoc)
        }
        // The op's words from address 0, as its listing counts them.
        java.nio.ByteBuffer inline = java.nio.ByteBuffer.allocate(end - start).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int pc = start; pc < end; pc += 4) {
            inline.putInt(e.asm().intAt(pc));
        }
        java.util.regex.Pattern branch = java.util.regex.Pattern.compile("^(b\\.\\w+|b|cbz|cbnz) (?:[xw]\\d+, )?0x([0-9a-f]+)$");
        List<String> got = new ArrayList<>();
        for (org.ssajit.aarch64.disasm.Objdump.Instruction i : org.ssajit.aarch64.disasm.Objdump.decode(inline.array(), 0)) {
            java.util.regex.Matcher m = branch.matcher(i.text());
            got.add(m.matches() && Long.parseLong(m.group(2), 16) > end - start ? i.text().replace("0x" + m.group(2), "out-of-line") : i.text());
        }
        assertListingText(expected, got);
    }
}
