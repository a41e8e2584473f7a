package org.ssajit.aarch64.lir;

import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.backend.OsrOps;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaKind;

/** The entry of an on-stack-replacement compile on AArch64 (codegen-core's {@link OsrOps}). */
public final class Aarch64Osr {
    private Aarch64Osr() {
    }

    /** {@code ldr} of the local's width into a general or SIMD register. */
    public static final class LoadLocal extends OsrOps.LoadLocal<Aarch64CodeEmitter> {
        public LoadLocal(JavaKind kind, AllocatableValue result, AllocatableValue buffer, int offset) {
            super(kind, result, buffer, offset);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().ldr(bits(), reg(get(Mode.DEF, 0)), address(e, reg(get(Mode.USE, 0)), offset, bits()));
        }
    }

    /** Through x8. */
    public static final class TakeOverLock extends OsrOps.TakeOverLock<Aarch64CodeEmitter> {
        public TakeOverLock(AllocatableValue buffer, int offset, int depth) {
            super(buffer, offset, depth);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            asm.ldr(64, Aarch64CodeEmitter.SCRATCH1, address(e, reg(get(Mode.USE, 0)), offset, 64));
            asm.str(64, Aarch64CodeEmitter.SCRATCH1, address(e, AArch64.sp, e.layout().monitorSlotOffset(depth), 64));
        }
    }

    /** {@code [base, #offset]}, or {@code [base, x9]} when the offset does not encode. */
    private static Address address(Aarch64CodeEmitter e, Register base, int offset, int bits) {
        if (Address.isEncodableOffset(offset, bits)) {
            return Address.of(base, offset);
        }
        e.asm().mov(64, Aarch64CodeEmitter.SCRATCH2, offset);
        return Address.indexed(base, Aarch64CodeEmitter.SCRATCH2);
    }
}
