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
}
