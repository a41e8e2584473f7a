package org.ssajit.lir;

import jdk.vm.ci.code.StackSlot;
import org.ssajit.util.IntMath;

/**
 * The layout of a compiled frame, from the stack pointer up: outgoing stack arguments, spill slots,
 * alignment padding, then the target's fixed area (e.g. the saved frame pointer, the deoptimization
 * rescue slot) right below the return address, and below it one word per monitor slot (the VM's
 * BasicLock of each lock depth the method holds; slot 0 highest). Outgoing space must be reserved
 * before the first spill slot is handed out, because spill offsets are fixed relative to the stack
 * pointer; monitor slots may be reserved any time before the frame is final, as they are addressed
 * from the fixed area.
 */
public class FrameMap {
    private final int wordSize;
    private final int stackAlignment;
    private final int fixedAreaSize;
    private int outgoingSize;
    private int spillSize;
    private int monitorSlots;
    private boolean spillsHandedOut;

    /**
     * @param wordSize bytes per machine word
     * @param stackAlignment alignment of the stack pointer at calls (16 on AMD64 and AArch64)
     * @param fixedAreaSize bytes the target keeps between the spill area and the return address
     *            (saved frame pointer, rescue slot), excluding the return address itself
     */
    public FrameMap(int wordSize, int stackAlignment, int fixedAreaSize) {
        this.wordSize = wordSize;
        this.stackAlignment = stackAlignment;
        this.fixedAreaSize = fixedAreaSize;
    }

    public int wordSize() {
        return wordSize;
    }

    /** Reserves space for outgoing stack arguments of a call (the largest call wins). */
    public void reserveOutgoing(int bytes) {
        if (spillsHandedOut && bytes > outgoingSize) {
            throw new IllegalStateException("outgoing area grown after spill slots were allocated");
        }
        outgoingSize = IntMath.max(outgoingSize, align(bytes, wordSize));
    }

    public int outgoingSize() {
        return outgoingSize;
    }

    /** A new spill slot, aligned to its size, addressed relative to the stack pointer. */
    public StackSlot allocateSpillSlot(LirKind kind) {
        spillsHandedOut = true;
        int size = IntMath.max(kind.getPlatformKind().getSizeInBytes(), 1);
        spillSize = align(spillSize, IntMath.min(size, wordSize));
        int offset = outgoingSize + spillSize;
        spillSize += size;
        return StackSlot.get(kind, offset, false);
    }

    /** Reserves monitor slots for lock depths {@code 0 .. count-1}. */
    public void reserveMonitorSlots(int count) {
        monitorSlots = IntMath.max(monitorSlots, count);
    }

    public int monitorSlots() {
        return monitorSlots;
    }

    /** Offset from the stack pointer of the monitor slot (a word) of lock depth {@code depth}. Final only after register allocation. */
    public int monitorSlotOffset(int depth) {
        if (depth < 0 || depth >= monitorSlots) {
            throw new IndexOutOfBoundsException("monitor slot " + depth + " of " + monitorSlots);
        }
        return fixedAreaOffset() - (depth + 1) * wordSize;
    }

    public int spillSize() {
        return spillSize;
    }

    /**
     * The frame size below the caller's stack pointer, return address included, keeping the stack
     * pointer aligned: what HotSpot calls the total frame size. Final only after register allocation.
     */
    public int totalFrameSize() {
        return align(align(outgoingSize + spillSize, wordSize) + monitorSlots * wordSize + fixedAreaSize + wordSize, stackAlignment);
    }

    /** Offset from the stack pointer of the target's fixed area, which ends at the return address. */
    public int fixedAreaOffset() {
        return totalFrameSize() - wordSize - fixedAreaSize;
    }

    static int align(int v, int a) {
        return (v + a - 1) / a * a;
    }
}
