package org.ssajit.backend;

import static org.ssajit.lir.LirOperands.values;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaKind;

/**
 * The entry of an on-stack-replacement compile, the same on every target but for the loads: reading
 * the locals from the interpreter's buffer (laid out as {@link org.ssajit.hotspot.OsrBuffer} says;
 * its address in the first Java argument register on entry) and taking over its monitors. Freeing the
 * buffer ({@code SharedRuntime::OSR_migration_end}) is a leaf call ({@link CallOps.LeafCall}).
 */
public final class OsrOps {
    private OsrOps() {
    }

    /** Reads one local of {@code kind} from the buffer at {@code offset}; a target's subclass emits the load. */
    public abstract static class LoadLocal<E extends HotSpotCodeEmitter<?, ?, ?>> extends TargetOp<E> {
        protected final JavaKind kind;
        protected final int offset;

        protected LoadLocal(JavaKind kind, AllocatableValue result, AllocatableValue buffer, int offset) {
            super(values(result), values(buffer), null, null);
            this.kind = kind;
            this.offset = offset;
        }

        /** The local's width in bits: 32 for an int or float, 64 for a long, reference or double. */
        protected final int bits() {
            return switch (kind) {
                case Int, Float -> 32;
                case Long, Object, Double -> 64;
                default -> throw new IllegalStateException("an interpreter local is never a " + kind);
            };
        }

        @Override
        public final String name() {
            return "osrlocal " + kind.getJavaName() + " [+" + offset + "]";
        }
    }

    /** Copies a monitor's BasicLock word from the buffer at {@code offset} into this frame's monitor slot of {@code depth}. */
    public abstract static class TakeOverLock<E extends HotSpotCodeEmitter<?, ?, ?>> extends TargetOp<E> {
        protected final int offset;
        protected final int depth;

        protected TakeOverLock(AllocatableValue buffer, int offset, int depth) {
            super(null, values(buffer), null, null);
            this.offset = offset;
            this.depth = depth;
        }

        @Override
        public final String name() {
            return "osrlock " + depth + " [+" + offset + "]";
        }
    }
}
