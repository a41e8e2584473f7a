package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.hotspot.Amd64VmCallStubs;
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
     * byte tested inline; if the bit is set, out of line, {@code SharedRuntime::register_finalizer(thread,
     * object)} through its stub ({@link Amd64VmCallStubs}: the VM calls {@code Finalizer.register},
     * Java code, which allocates and may safepoint) with this op's debug info. If it failed (out of
     * memory; the stub has dropped the exception), the frame deoptimizes to its state, before the
     * return, where the interpreter registers the object again or throws. Every register is clobbered (the op destroys them all, as a call).
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
            Amd64Metadata.loadKlass(asm, c, AMD64.rax, AMD64.rsi, AMD64.rdx);
            asm.test(BYTE, Address.of(AMD64.rax, c.klassMiscFlagsOffset), c.klassMiscHasFinalizer);
            asm.jcc(Condition.NE, register);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(register);
                // The object is already in rsi, the second C argument.
                e.frame().emitForeignCall(Amd64VmCallStubs.address(c, "register_finalizer", c.registerFinalizer, Amd64VmCallStubs.Result.STATUS), callInfo);
                asm.test(DWORD, AMD64.rax, AMD64.rax);
                asm.jcc(Condition.NE, done);
                asm.jmp(trap);
            });
        }

        @Override
        public String name() {
            return "registerfinalizer";
        }
    }
}
