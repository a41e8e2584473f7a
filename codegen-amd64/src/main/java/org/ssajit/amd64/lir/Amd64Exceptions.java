package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * Exceptions caught in compiled code (see {@code org.ssajit.lowering.ExceptionDispatch}): the check
 * after a call and the taking of the exception. The exception handler entry that makes them work is
 * {@link org.ssajit.amd64.hotspot.Amd64FrameBuilder#finish}.
 */
public final class Amd64Exceptions {
    private Amd64Exceptions() {
    }

    /**
     * {@code lea r, [rip + return address of call]; cmp r, [thread's exception pc]; sete; movzx}: 1 if
     * the call returned through the exception handler entry. Registers the call with the entry.
     */
    public static final class Check extends Amd64Op {
        private final Amd64Calls.JavaCall call;

        public Check(AllocatableValue result, Amd64Calls.JavaCall call) {
            super(values(result), null, null, null);
            this.call = call;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            e.frame().emitExceptionCheck(r, call.returnAddress());
        }

        @Override
        public String name() {
            return "exception check";
        }
    }

    /** {@code mov r, [thread's exception oop]}, then the thread's exception oop and pc cleared. */
    public static final class Take extends Amd64Op {
        public Take(AllocatableValue result) {
            super(values(result), null, null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.frame().emitExceptionTake(reg(get(Mode.DEF, 0)));
        }

        @Override
        public String name() {
            return "exception take";
        }
    }
}
