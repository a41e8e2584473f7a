package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.code.Register;

/**
 * The class of an object on AArch64. (The lowering's {@code metadata} is codegen-core's
 * {@link org.ssajit.backend.LoadMetadata}: {@code movz/movk/movk} of a 48-bit class pointer, or
 * {@code movz/movk} of a compressed one.)
 */
public final class Aarch64Metadata {
    private Aarch64Metadata() {
    }

    /**
     * {@code dst = } the class-metadata pointer of the non-null {@code object}: with compact object
     * headers the mark word's bits from {@code markWord::klass_shift} up ({@code ldr; lsr}), with
     * compressed class pointers the 32-bit narrow klass in the header ({@code ldr w}, zero-extending),
     * each decoded as {@code base + (narrow << shift)}; without compression the 64-bit {@code Klass*} in
     * the header. Clobbers x8 when the base is not 0; {@code dst} may be {@code object}. For the ops the
     * lowering does not expand yet (a class's mirror, a class cast's message); the lowering's own class
     * reads are IR ({@code lowering.TypeCheckExpansion}).
     */
    public static void loadKlass(Aarch64Assembler asm, HotSpotVmConfig c, Register dst, Register object) {
        if (c.useCompactObjectHeaders) {
            asm.ldr(64, dst, Address.of(object, 0));
            asm.lsr(64, dst, dst, c.markWordKlassShift);
        } else if (c.useCompressedClassPointers) {
            asm.ldr(32, dst, Address.of(object, c.oopKlassOffset));
        } else {
            asm.ldr(64, dst, Address.of(object, c.oopKlassOffset));
            return;
        }
        if (c.narrowKlassBase != 0) {
            asm.mov(64, SCRATCH1, c.narrowKlassBase);
            asm.add(64, dst, SCRATCH1, dst, ShiftType.LSL, c.narrowKlassShift);
        } else if (c.narrowKlassShift != 0) {
            asm.lsl(64, dst, dst, c.narrowKlassShift);
        }
    }
}
