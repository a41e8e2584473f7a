package org.ssajit.backend;

import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.VMConstant;

/**
 * The lowering's {@code metadata}, the same on every target: {@code dst :=} the address of a class's
 * metadata ({@link HotSpotCodeEmitter#loadMetadata}), or its narrow form
 * ({@link HotSpotCodeEmitter#loadNarrowKlass}), as immediates HotSpot fills in. The data patch at the
 * instruction makes HotSpot write the value and record a metadata relocation, which keeps the class's
 * loader alive while the code is installed.
 */
public final class LoadMetadata extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
    private final HotSpotMetaspaceConstant metadata;

    public LoadMetadata(AllocatableValue result, VMConstant metadata) {
        super(values(result), null, null, null);
        if (!(metadata instanceof HotSpotMetaspaceConstant m)) {
            throw new IllegalArgumentException("not a metaspace constant: " + metadata);
        }
        this.metadata = m;
    }

    @Override
    protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
        if (metadata.isCompressed()) {
            e.loadNarrowKlass(reg(get(Mode.DEF, 0)), (VMConstant) metadata);
        } else {
            e.loadMetadata(reg(get(Mode.DEF, 0)), (VMConstant) metadata);
        }
    }

    @Override
    public String name() {
        return "metadata " + metadata;
    }
}
