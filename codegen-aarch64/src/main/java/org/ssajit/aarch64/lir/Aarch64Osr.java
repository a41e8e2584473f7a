package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaKind;

/**
 * The entry of an on-stack-replacement compile on AArch64: reading the locals from the interpreter's
 * buffer (x1 on entry, laid out as codegen-core's {@link org.ssajit.hotspot.OsrBuffer} says), taking
 * over its monitors; freeing it ({@code SharedRuntime::OSR_migration_end}) is a leaf call.
 */
public final class Aarch64Osr {
    private Aarch64Osr() {
    }

    /** Reads one local from the buffer: {@code ldr} of its width into a general or SIMD register. */
    public static final class LoadLocal extends Aarch64Op {
        private final JavaKind kind;
        private final int offset;

        public LoadLocal(JavaKind kind, AllocatableValue result, AllocatableValue buffer, int offset) {
            super(values(result), values(buffer), null, null);
            this.kind = kind;
            this.offset = offset;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            int size = switch (kind) {
                case Int, Float -> 32;
                case Long, Object, Double -> 64;
                default -> throw new IllegalStateException("an interpreter local is never a " + kind);
            };
            asm.ldr(size, r, address(e, reg(get(Mode.USE, 0)), offset, size));
        }

        @Override
        public String name() {
            return "osrlocal " + kind.getJavaName() + " [+" + offset + "]";
        }
    }

    /** Copies a monitor's BasicLock word from the buffer into this frame's monitor slot of its depth (through x8). */
    public static final class TakeOverLock extends Aarch64Op {
        private final int offset;
        private final int depth;

        public TakeOverLock(AllocatableValue buffer, int offset, int depth) {
            super(null, values(buffer), null, null);
            this.offset = offset;
            this.depth = depth;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            asm.ldr(64, Aarch64CodeEmitter.SCRATCH1, address(e, reg(get(Mode.USE, 0)), offset, 64));
            asm.str(64, Aarch64CodeEmitter.SCRATCH1, address(e, AArch64.sp, e.layout().monitorSlotOffset(depth), 64));
        }

        @Override
        public String name() {
            return "osrlock " + depth + " [+" + offset + "]";
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
