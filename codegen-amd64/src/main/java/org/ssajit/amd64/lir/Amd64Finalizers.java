package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/** {@code Object.<init>}'s registration of objects whose class has a finalizer. */
public final class Amd64Finalizers {
    private Amd64Finalizers() {
    }

    /**
     * Registers the new object in rsi if its class has a finalizer: the class's {@code _misc_flags}
     * byte tested inline; if the bit is set, out of line, with this frame made walkable,
     * {@code SharedRuntime::register_finalizer(thread, object)} with this op's debug info (it allocates
     * and may safepoint). If it leaves an exception pending (out of memory), the exception is dropped
     * and the frame deoptimizes to its state, before the return, where the interpreter registers the
     * object again or throws. Every register is clobbered (the op destroys them all, as a call).
     */
    public static final class RegisterFinalizer extends Amd64Op {
        public RegisterFinalizer(RegisterValue object, LirFrameState state) {
            super(null, values(object), null, null);
            if (!object.getRegister().equals(AMD64.rsi)) {
                throw new IllegalArgumentException("the object is in rsi: " + object);
            }
            if (state == null || state.duringCall()) {
                throw new IllegalArgumentException("the state is the one before the return: " + state);
            }
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            jdk.vm.ci.code.DebugInfo callInfo = e.debugInfo(state());
            Label register = new Label("register-finalizer");
            Label done = new Label("register-finalizer-done");
            Amd64TypeChecks.loadKlass(asm, c, AMD64.rax, AMD64.rsi, AMD64.rdx);
            asm.test(BYTE, Address.of(AMD64.rax, c.klassMiscFlagsOffset), c.klassMiscHasFinalizer);
            asm.jcc(Condition.NE, register);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(register);
                asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), AMD64.rsp);
                asm.mov(QWORD, AMD64.rdi, AMD64.r15);
                e.frame().emitForeignCall(c.registerFinalizer, callInfo);
                asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), 0);
                asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaFpOffset), 0);
                asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaPcOffset), 0);
                asm.alu(AluOp.CMP, QWORD, Address.of(AMD64.r15, c.threadPendingExceptionOffset), 0);
                asm.jcc(Condition.E, done);
                asm.mov(QWORD, Address.of(AMD64.r15, c.threadPendingExceptionOffset), 0);
                asm.jmp(trap);
            });
        }

        @Override
        public String name() {
            return "registerfinalizer";
        }
    }
}
