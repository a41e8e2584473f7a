package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.VMConstant;

/**
 * The lowering's {@code metadata}: the address of a class's metadata, or its narrow form, embedded as
 * an immediate HotSpot fills in. The data patch at the instruction makes HotSpot write the value and
 * record a metadata relocation, which keeps the class's loader alive while the code is installed.
 */
public final class Amd64Metadata {
    private Amd64Metadata() {
    }

    /**
     * {@code dst := metadata}: {@code movabs r64, imm64} for a class pointer; {@code mov r32, imm32} for
     * a compressed one (HotSpot finds the immediate of either: {@code Assembler::locate_operand}).
     */
    public static final class LoadMetadata extends Amd64Op {
        private final HotSpotMetaspaceConstant metadata;

        public LoadMetadata(AllocatableValue result, VMConstant metadata) {
            super(values(result), null, null, null);
            if (!(metadata instanceof HotSpotMetaspaceConstant m)) {
                throw new IllegalArgumentException("not a metaspace constant: " + metadata);
            }
            this.metadata = m;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            int pc = metadata.isCompressed() ? asm.movImm32Patchable(r, 0) : asm.movabs(r, 0L);
            e.recordPatch(new DataPatch(pc, new ConstantReference((VMConstant) metadata)));
        }

        @Override
        public String name() {
            return "metadata " + metadata;
        }
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
