package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The reads behind the natives the parser expands ({@code parse.Intrinsics}): two loads through
 * HotSpot's OopHandles, whose slots hold uncompressed oops outside the heap (the collectors this
 * back end supports read them without a barrier).
 */
public final class Aarch64Intrinsics {
    private Aarch64Intrinsics() {
    }

    /**
     * {@code classof}: {@code result = object == null ? null : object.getClass()}, the object's class
     * metadata ({@link Aarch64Metadata#loadKlass}), its {@code _java_mirror} handle, the handle's
     * oop. x8 is scratch.
     */
    public static final class ClassOf extends Aarch64Op {
        public ClassOf(AllocatableValue result, AllocatableValue object) {
            super(values(result), values(object), null, null);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register r = reg(get(Mode.DEF, 0));
            Register o = reg(get(Mode.USE, 0));
            Label isNull = new Label("classof-null");
            Label done = new Label("classof-done");
            asm.cbz(64, o, isNull);
            Aarch64Metadata.loadKlass(asm, c, r, o);
            asm.ldr(64, r, Aarch64Memory.address(asm, r, null, c.klassJavaMirrorOffset, 0, 64, SCRATCH1));
            asm.ldr(64, r, Address.of(r));
            asm.b(done);
            asm.bind(isNull);
            asm.mov(64, r, AArch64.zr);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "classof";
        }
    }
}
