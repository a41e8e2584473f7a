package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.QWORD;

import org.ssajit.amd64.asm.Address;
import org.ssajit.backend.VmCallOps;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.RegisterValue;

/** The VM's half of locking on AMD64 (codegen-core's {@link VmCallOps.Monitor}). */
public final class Amd64Monitors {
    private Amd64Monitors() {
    }

    /** {@link VmCallOps.Monitor} of the object in rsi, the slot's address in rdx. */
    public static final class Monitor extends VmCallOps.Monitor<Amd64CodeEmitter> {
        public Monitor(boolean enter, int depth, RegisterValue object, LirFrameState state) {
            super(enter, depth, object, state, AMD64.rsi);
        }

        @Override
        protected void emitSlotInit(Amd64CodeEmitter e, int offset, int word) {
            e.asm().mov(QWORD, Address.of(AMD64.rsp, offset), word);
        }

        @Override
        protected void emitSlotAddress(Amd64CodeEmitter e, int offset) {
            e.asm().lea(QWORD, AMD64.rdx, Address.of(AMD64.rsp, offset));
        }
    }
}
