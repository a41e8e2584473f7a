package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaKind;

/**
 * The entry of an on-stack-replacement compile: reading the locals from the interpreter's buffer
 * (laid out as codegen-core's {@link org.ssajit.hotspot.OsrBuffer} says) and taking over its
 * monitors; freeing it is a leaf call.
 */
public final class Amd64Osr {
    private Amd64Osr() {
    }

    /** Reads one local from the buffer. */
    public static final class LoadLocal extends Amd64Op {
        private final JavaKind kind;
        private final int offset;

        public LoadLocal(JavaKind kind, AllocatableValue result, AllocatableValue buffer, int offset) {
            super(values(result), values(buffer), null, null);
            this.kind = kind;
            this.offset = offset;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Address a = Address.of(reg(get(Mode.USE, 0)), offset);
            switch (kind) {
                case Int -> asm.mov(DWORD, r, a);
                case Long, Object -> asm.mov(QWORD, r, a);
                case Float -> asm.movss(r, a);
                case Double -> asm.movsd(r, a);
                default -> throw new IllegalStateException("an interpreter local is never a " + kind);
            }
        }

        @Override
        public String name() {
            return "osrlocal " + kind.getJavaName() + " [+" + offset + "]";
        }
    }

    /** Copies a monitor's BasicLock word from the buffer into this frame's monitor slot of its depth. */
    public static final class TakeOverLock extends Amd64Op {
        private final int offset;
        private final int depth;

        public TakeOverLock(AllocatableValue buffer, int offset, int depth) {
            super(null, values(buffer), null, null);
            this.offset = offset;
            this.depth = depth;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            asm.mov(QWORD, Amd64CodeEmitter.SCRATCH, Address.of(reg(get(Mode.USE, 0)), offset));
            asm.mov(QWORD, Address.of(AMD64.rsp, e.frame().layout().monitorSlotOffset(depth)), Amd64CodeEmitter.SCRATCH);
        }

        @Override
        public String name() {
            return "osrlock " + depth + " [+" + offset + "]";
        }
    }
}
