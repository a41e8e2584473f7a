package org.ssajit.hotspot;

import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.ValueKind;

import org.ssajit.lir.LirKind;
import org.ssajit.util.Nulls;

/**
 * The shape of one compiled method's frame on HotSpot, the same on AMD64 and AArch64. Offsets are from
 * the stack pointer (sp) after the prologue; the stack grows down:
 *
 * <pre>
 *   sp + totalFrameSize       caller's outgoing stack arguments (our incoming ones)
 *   sp + totalFrameSize - 8   return address (AMD64: pushed by the call; AArch64: lr, stored by the prologue)
 *   sp + totalFrameSize - 16  caller's frame pointer (rbp, x29: HotSpot's stack walker expects it right below the return address)
 *   sp + totalFrameSize - 24  deopt rescue slot, if any (HotSpot saves the original pc of a lazily deoptimized frame here)
 *   below it                  monitor slots, a word each: the BasicLock of lock depth 0, 1, ...
 *   ...                       padding to 16 bytes
 *   sp + outgoing ...         spill area, spillBytes
 *   sp + 0                    outgoing stack arguments, outgoingBytes
 * </pre>
 *
 * {@link #totalFrameSize()} counts the return address and the saved frame pointer and is a multiple of
 * 16, so sp is 16-byte aligned in the body and at every call, as HotSpot's stubs (and AArch64's rules
 * for sp) expect. The rescue and monitor slots it hands out have the target's word kind.
 */
public final class FrameLayout {
    private static final int WORD = 8;
    private static final int STACK_ALIGNMENT = 16;

    private final PlatformKind wordKind;
    private final int spillBytes;
    private final int outgoingBytes;
    private final boolean rescueSlot;
    private final int monitorSlots;
    private final int totalFrameSize;

    private FrameLayout(PlatformKind wordKind, int spillBytes, int outgoingBytes, boolean rescueSlot, int monitorSlots) {
        this.wordKind = Nulls.requireNonNull(wordKind, "wordKind");
        if (wordKind.getSizeInBytes() != WORD) {
            throw new IllegalArgumentException("the word of a 64-bit target, not " + wordKind);
        }
        if (spillBytes < 0 || outgoingBytes < 0 || spillBytes % WORD != 0 || outgoingBytes % WORD != 0) {
            throw new IllegalArgumentException("frame areas must be non-negative multiples of 8: spill " + spillBytes + ", outgoing " + outgoingBytes);
        }
        this.spillBytes = spillBytes;
        this.outgoingBytes = outgoingBytes;
        this.rescueSlot = rescueSlot;
        if (monitorSlots < 0 || (monitorSlots > 0 && !rescueSlot)) {
            throw new IllegalArgumentException(monitorSlots + " monitor slots" + (rescueSlot ? "" : " in a frame without a rescue slot"));
        }
        this.monitorSlots = monitorSlots;
        int raw = 2 * WORD + (rescueSlot ? WORD : 0) + monitorSlots * WORD + spillBytes + outgoingBytes;
        this.totalFrameSize = (raw + STACK_ALIGNMENT - 1) & -STACK_ALIGNMENT;
    }

    /**
     * A frame with {@code spillBytes} of spill slots, {@code outgoingBytes} for stack arguments of
     * calls, and a deopt rescue slot. The rescue slot is needed by any method with a safepoint, a call
     * or an uncommon trap, i.e. nearly every method; HotSpot refuses code with a safepoint but without one.
     */
    public static FrameLayout of(PlatformKind wordKind, int spillBytes, int outgoingBytes) {
        return new FrameLayout(wordKind, spillBytes, outgoingBytes, true, 0);
    }

    /** As {@link #of(PlatformKind, int, int)}, with {@code monitorSlots} monitor slots below the rescue slot. */
    public static FrameLayout of(PlatformKind wordKind, int spillBytes, int outgoingBytes, int monitorSlots) {
        return new FrameLayout(wordKind, spillBytes, outgoingBytes, true, monitorSlots);
    }

    /** A frame without a rescue slot: only for code that never stops at a safepoint, call or trap. */
    public static FrameLayout withoutRescueSlot(PlatformKind wordKind, int spillBytes, int outgoingBytes) {
        return new FrameLayout(wordKind, spillBytes, outgoingBytes, false, 0);
    }

    /** The frame size HotSpot records: everything from sp up to and including the return address. */
    public int totalFrameSize() {
        return totalFrameSize;
    }

    /** The frame below the return address and the saved frame pointer (AMD64: what the prologue subtracts from rsp after pushing rbp). */
    public int frameSize() {
        return totalFrameSize - 2 * WORD;
    }

    public int spillBytes() {
        return spillBytes;
    }

    public int outgoingBytes() {
        return outgoingBytes;
    }

    public boolean hasRescueSlot() {
        return rescueSlot;
    }

    /** The rescue slot's offset from sp. */
    public int rescueSlotOffset() {
        if (!rescueSlot) {
            throw new IllegalStateException("frame has no deopt rescue slot");
        }
        return totalFrameSize - 3 * WORD;
    }

    public int monitorSlots() {
        return monitorSlots;
    }

    /** The offset from sp of the monitor slot (BasicLock) of lock depth {@code depth}. */
    public int monitorSlotOffset(int depth) {
        if (depth < 0 || depth >= monitorSlots) {
            throw new IndexOutOfBoundsException("monitor slot " + depth + " of " + monitorSlots);
        }
        return rescueSlotOffset() - (depth + 1) * WORD;
    }

    /** The monitor slot of lock depth {@code depth} as debug info names it (a {@code StackLockValue}'s slot). */
    public StackSlot monitorSlot(int depth) {
        return StackSlot.get(LirKind.value(wordKind), monitorSlotOffset(depth), false);
    }

    /** The rescue slot as JVMCI wants it, or null. */
    public StackSlot rescueSlot() {
        return rescueSlot ? StackSlot.get(LirKind.value(wordKind), rescueSlotOffset(), false) : null;
    }

    /** The offset from sp of the spill area byte {@code offset}. */
    public int spillOffset(int offset) {
        if (offset < 0 || offset >= spillBytes) {
            throw new IndexOutOfBoundsException("spill offset " + offset + " outside the " + spillBytes + "-byte spill area");
        }
        return outgoingBytes + offset;
    }

    /** A spill slot at {@code offset} in the spill area, for debug info. */
    public StackSlot spillSlot(int offset, ValueKind<?> kind) {
        int size = kind.getPlatformKind().getSizeInBytes();
        if (offset % size != 0 || offset + size > spillBytes) {
            throw new IllegalArgumentException("spill slot of " + size + " bytes at " + offset + " is misaligned or outside the " + spillBytes + "-byte spill area");
        }
        return StackSlot.get(kind, spillOffset(offset), false);
    }

    /** The offset from sp of byte {@code byteOffset} of the incoming stack arguments (just above the return address). */
    public int incomingArgumentOffset(int byteOffset) {
        return totalFrameSize + byteOffset;
    }

    @Override
    public String toString() {
        return "FrameLayout[total " + totalFrameSize + ", spill " + spillBytes + ", outgoing " + outgoingBytes + (rescueSlot ? ", rescue slot at sp+" + rescueSlotOffset() : "") + (monitorSlots > 0 ? ", " + monitorSlots + " monitor slots" : "") + "]";
    }
}
