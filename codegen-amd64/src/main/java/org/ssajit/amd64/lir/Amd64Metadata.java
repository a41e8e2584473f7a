package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.reg;
import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.amd64.asm.Amd64Assembler;

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
}
