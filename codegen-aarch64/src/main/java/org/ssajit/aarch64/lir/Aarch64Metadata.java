package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.reg;
import static org.ssajit.aarch64.lir.Operands.values;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.VMConstant;

/**
 * The lowering's {@code metadata}: the address of a class's metadata, or its narrow form, as
 * immediates HotSpot fills in. The data patch at the instructions makes HotSpot write the value and
 * record a metadata relocation, which keeps the class's loader alive while the code is installed.
 */
public final class Aarch64Metadata {
    private Aarch64Metadata() {
    }

    /**
     * {@code dst := metadata}: {@code movz/movk/movk} of a 48-bit class pointer, or {@code movz/movk}
     * of a compressed one (the shapes HotSpot's {@code pd_patch_MetaspaceConstant} writes into).
     */
    public static final class LoadMetadata extends Aarch64Op {
        private final HotSpotMetaspaceConstant metadata;

        public LoadMetadata(AllocatableValue result, VMConstant metadata) {
            super(values(result), null, null, null);
            if (!(metadata instanceof HotSpotMetaspaceConstant m)) {
                throw new IllegalArgumentException("not a metaspace constant: " + metadata);
            }
            this.metadata = m;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            if (metadata.isCompressed()) {
                e.loadNarrowKlass(r, (VMConstant) metadata);
            } else {
                e.loadMetadata(r, (VMConstant) metadata);
            }
        }

        @Override
        public String name() {
            return "metadata " + metadata;
        }
    }
}
