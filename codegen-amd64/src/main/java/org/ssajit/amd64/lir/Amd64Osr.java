package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.backend.OsrOps;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaKind;

/** The entry of an on-stack-replacement compile on AMD64 (codegen-core's {@link OsrOps}). */
public final class Amd64Osr {
    private Amd64Osr() {
    }

    /** {@code mov} of the local's width, or {@code movss}/{@code movsd}. */
    public static final class LoadLocal extends OsrOps.LoadLocal<Amd64CodeEmitter> {
        public LoadLocal(JavaKind kind, AllocatableValue result, AllocatableValue buffer, int offset) {
            super(kind, result, buffer, offset);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Address a = Address.of(reg(get(Mode.USE, 0)), offset);
            switch (kind) {
                case Float -> asm.movss(r, a);
                case Double -> asm.movsd(r, a);
                default -> asm.mov(bits() == 32 ? DWORD : QWORD, r, a);
            }
        }
    }

    /** Through r10. */
    public static final class TakeOverLock extends OsrOps.TakeOverLock<Amd64CodeEmitter> {
        public TakeOverLock(AllocatableValue buffer, int offset, int depth) {
            super(buffer, offset, depth);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            asm.mov(QWORD, Amd64CodeEmitter.SCRATCH, Address.of(reg(get(Mode.USE, 0)), offset));
            asm.mov(QWORD, Address.of(AMD64.rsp, e.layout().monitorSlotOffset(depth)), Amd64CodeEmitter.SCRATCH);
        }
    }
}
