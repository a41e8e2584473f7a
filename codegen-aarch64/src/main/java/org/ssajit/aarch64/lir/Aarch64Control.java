package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;

import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.Value;

/** The method's entry, returns and safepoint polls: the frame builder's pieces as LIR instructions. */
public final class Aarch64Control {
    private Aarch64Control() {
    }

    /** Defines the incoming argument registers (fixed); moves into variables follow. Emits nothing. */
    public static final class Entry extends Aarch64Op {
        public Entry(RegisterValue[] arguments) {
            super(java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null, null);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            // The arguments are where the calling convention put them.
        }

        @Override
        public String name() {
            return "entry";
        }
    }

    /** Tears the frame down, polls for a safepoint and returns; the value, if any, is in x0 or v0 (fixed). */
    public static final class Return extends Aarch64Op {
        public Return(RegisterValue value) {
            super(null, value == null ? null : values(value), null, null);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.frame().emitReturn();
        }

        @Override
        public String name() {
            return "return";
        }
    }

    /**
     * A loop's safepoint poll ({@code ldr x8, [x28, #polling page]; ldr wzr, [x8]}, POLL_FAR and a
     * SAFEPOINT infopoint with the state's debug info). The safepoint blob saves every register.
     */
    public static final class Safepoint extends Aarch64Op {
        public Safepoint(LirFrameState state) {
            super(null, null, null, null);
            setState(state);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.frame().emitSafepointPoll(e.debugInfo(state()));
        }

        @Override
        public String name() {
            return "safepoint";
        }
    }
}
