package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.code.Register;

/**
 * The class of an object on AMD64. (The lowering's {@code metadata} is codegen-core's
 * {@link org.ssajit.backend.LoadMetadata}: {@code movabs r64, imm64} for a class pointer,
 * {@code mov r32, imm32} for a compressed one.)
 */
public final class Amd64Metadata {
    private Amd64Metadata() {
    }

    /**
     * {@code dst = } the class-metadata pointer of the non-null {@code object}: the narrow klass from
     * the header (or the mark word's upper bits with compact object headers), decoded with the VM's
     * base and shift; or the full pointer without compressed class pointers. For the ops the lowering
     * does not expand yet (a class's mirror, finalizer registration, a class cast's message); the
     * lowering's own class reads are IR ({@code lowering.TypeCheckExpansion}).
     */
    static void loadKlass(Amd64Assembler asm, HotSpotVmConfig c, Register dst, Register object, Register scratch) {
        if (c.useCompactObjectHeaders) {
            asm.mov(QWORD, dst, Address.of(object));
            asm.shift(ShiftOp.SHR, QWORD, dst, c.markWordKlassShift);
        } else if (c.useCompressedClassPointers) {
            asm.mov(DWORD, dst, Address.of(object, c.oopKlassOffset)); // zero-extends
        } else {
            asm.mov(QWORD, dst, Address.of(object, c.oopKlassOffset));
            return;
        }
        if (c.narrowKlassShift != 0) {
            asm.shift(ShiftOp.SHL, QWORD, dst, c.narrowKlassShift);
        }
        if (c.narrowKlassBase != 0) {
            asm.movabs(scratch, c.narrowKlassBase);
            asm.alu(AluOp.ADD, QWORD, dst, scratch);
        }
    }
}
