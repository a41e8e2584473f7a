package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;

import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.Value;

/** The method's entry, returns and safepoint polls: the frame builder's pieces as LIR instructions. */
public final class Amd64Control {
    private Amd64Control() {
    }

    /**
     * Defines the incoming argument registers (fixed); moves into variables follow. The prologue has
     * run before the first block: this emits nothing.
     */
    public static final class Entry extends Amd64Op {
        public Entry(RegisterValue[] arguments) {
            super(java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null, null);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            // The arguments are where the calling convention put them.
        }

        @Override
        public String name() {
            return "entry";
        }
    }

    /** Tears the frame down, polls for a safepoint and returns; the value, if any, is in rax or xmm0 (fixed). */
    public static final class Return extends Amd64Op {
        public Return(RegisterValue value) {
            super(null, value == null ? null : values(value), null, null);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.frame().emitReturn();
        }

        @Override
        public String name() {
            return "return";
        }
    }

    /**
     * A loop's safepoint poll ({@code mov r10, [r15 + polling page]; test [r10], eax}, POLL_FAR and a
     * SAFEPOINT infopoint with the state's debug info). The safepoint blob saves every register, so
     * values may live anywhere but r10, which is never allocated.
     */
    public static final class Safepoint extends Amd64Op {
        public Safepoint(LirFrameState state) {
            super(null, null, null, null);
            setState(state);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.frame().emitSafepointPoll(Amd64CodeEmitter.SCRATCH, e.debugInfo(state()));
        }

        @Override
        public String name() {
            return "safepoint";
        }
    }
}
