package org.ssajit.regalloc;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.Value;

/**
 * Locations as plain numbers, ignoring the value kind ({@code RegisterValue.equals} compares kinds too,
 * but {@code rax} holds one value whatever kind reads it): a register is its number, a stack slot
 * {@code -1 - offset}. Spill slots never overlap (the frame map hands each out once), so offsets
 * identify them.
 */
final class Locations {
    static final int NONE = Integer.MIN_VALUE;

    private Locations() {
    }

    static int key(Value v) {
        if (v instanceof RegisterValue r) {
            return r.getRegister().number;
        }
        if (v instanceof StackSlot s) {
            if (s.getRawAddFrameSize()) {
                // Offsets relative to the frame's top (e.g. incoming arguments): kept apart from ours.
                return -1_000_000_000 - s.getRawOffset();
            }
            return -1 - s.getRawOffset();
        }
        return NONE;
    }

    static boolean isRegisterKey(int key) {
        return key >= 0;
    }
}
