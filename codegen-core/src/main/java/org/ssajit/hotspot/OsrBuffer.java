package org.ssajit.hotspot;

import jdk.vm.ci.meta.JavaKind;

/**
 * The buffer an on-stack-replacement compile is entered with. HotSpot's interpreter copies its
 * frame's locals into a C-heap buffer ({@code SharedRuntime::OSR_migration_begin}), one 64-bit word
 * per local slot in reverse order: local {@code i} at byte {@code (maxLocals - 1 - i) * 8}, a long or
 * double in the word of its second slot, a reference as a full (uncompressed) pointer. The compiled
 * code reads the locals it needs and the monitors ({@link #monitorOffset}) and then frees the buffer ({@code SharedRuntime::OSR_migration_end}).
 */
public final class OsrBuffer {
    private OsrBuffer() {
    }

    /**
     * Where the monitor of lock depth {@code depth} (0 the outermost: a synchronized method's own) lies
     * in the buffer of a frame holding {@code locks} monitors: after the locals, two words per monitor,
     * innermost first; the BasicLock's word at the offset, the object at the offset + 8.
     */
    public static int monitorOffset(int depth, int locks, int maxLocals) {
        if (depth < 0 || depth >= locks) {
            throw new IllegalArgumentException("lock depth " + depth + " of " + locks);
        }
        return maxLocals * 8 + 16 * (locks - 1 - depth);
    }

    /** Where local {@code index} of {@code kind} lies in the buffer of a method with {@code maxLocals} locals. */
    public static int offset(int index, JavaKind kind, int maxLocals) {
        int slot = index + kind.getSlotCount() - 1;
        if (index < 0 || slot >= maxLocals) {
            throw new IllegalArgumentException(kind + " local " + index + " outside " + maxLocals + " locals");
        }
        return (maxLocals - 1 - slot) * 8;
    }
}
