package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.backend.VmCallOps;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/** The VM's half of locking on AArch64 (codegen-core's {@link VmCallOps.Monitor}). */
public final class Aarch64Monitors {
    private Aarch64Monitors() {
    }

    private static final Register SCRATCH1 = Aarch64CodeEmitter.SCRATCH1;
    private static final Register SCRATCH2 = Aarch64CodeEmitter.SCRATCH2;

    /** {@link VmCallOps.Monitor} of the object in x1, the slot's address in x2 (offsets that do not encode through x9). */
    public static final class Monitor extends VmCallOps.Monitor<Aarch64CodeEmitter> {
        public Monitor(boolean enter, int depth, RegisterValue object, LirFrameState state) {
            super(enter, depth, object, state, r1);
        }

        /** {@code str xzr} for 0, else through x8. */
        @Override
        protected void emitSlotInit(Aarch64CodeEmitter e, int offset, int word) {
            Aarch64Assembler asm = e.asm();
            if (word == 0) {
                asm.str(64, zr, slotAddress(e, offset));
            } else {
                asm.mov(64, SCRATCH1, word);
                asm.str(64, SCRATCH1, slotAddress(e, offset));
            }
        }

        @Override
        protected void emitSlotAddress(Aarch64CodeEmitter e, int offset) {
            if (Aarch64Assembler.isArithmeticImmediate(offset)) {
                e.asm().add(64, r2, sp, offset);
            } else {
                e.asm().mov(64, SCRATCH2, offset);
                e.asm().add(64, r2, sp, SCRATCH2);
            }
        }

        /** {@code [sp, #slot]}, through x9 when the offset does not encode. */
        private static Address slotAddress(Aarch64CodeEmitter e, int slot) {
            if (Address.isEncodableOffset(slot, 64)) {
                return Address.of(sp, slot);
            }
            e.asm().mov(64, SCRATCH2, slot);
            return Address.indexed(sp, SCRATCH2);
        }
    }
}
