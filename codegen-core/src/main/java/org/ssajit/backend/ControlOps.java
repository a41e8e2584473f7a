package org.ssajit.backend;

import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.Value;

/** The method's entry, returns and loop safepoint polls: the frame builder's pieces as LIR instructions, the same on every target. */
public final class ControlOps {
    private ControlOps() {
    }

    /**
     * Defines the incoming argument registers (fixed); moves into variables follow. The prologue has
     * run before the first block: this emits nothing.
     */
    public static final class Entry extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        public Entry(RegisterValue[] arguments) {
            super(java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null, null);
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            // The arguments are where the calling convention put them.
        }

        @Override
        public String name() {
            return "entry";
        }
    }

    /** Tears the frame down, polls for a safepoint and returns; the value, if any, is in the return register (fixed). */
    public static final class Return extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        public Return(RegisterValue value) {
            super(null, value == null ? null : new Value[] {value}, null, null);
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.frame().emitReturn();
        }

        @Override
        public String name() {
            return "return";
        }
    }

    /**
     * A loop's safepoint poll ({@link org.ssajit.hotspot.HotSpotFrameBuilder#emitSafepointPoll}, through
     * a scratch register of the target). The safepoint blob saves every register, so values may live
     * in any allocatable one.
     */
    public static final class Safepoint extends TargetOp<HotSpotCodeEmitter<?, ?, ?>> {
        public Safepoint(LirFrameState state) {
            super(null, null, null, null);
            setState(state);
        }

        @Override
        protected void emitCode(HotSpotCodeEmitter<?, ?, ?> e) {
            e.frame().emitSafepointPoll(e.debugInfo(state()));
        }

        @Override
        public String name() {
            return "safepoint";
        }
    }
}
