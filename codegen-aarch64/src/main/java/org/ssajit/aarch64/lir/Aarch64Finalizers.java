package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.aarch64.lir.Operands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64VmCallStubs;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/** {@code Object.<init>}'s registration of objects whose class has a finalizer. */
public final class Aarch64Finalizers {
    private Aarch64Finalizers() {
    }

    /**
     * Registers the new object in x1 if its class has a finalizer: the class's {@code _misc_flags}
     * byte tested inline; if the bit is set, out of line, {@code SharedRuntime::register_finalizer(thread,
     * object)} through its stub ({@link Aarch64Allocation#callVm}: the VM calls
     * {@code Finalizer.register}, Java code, which allocates and may safepoint) with this op's debug
     * info. If it failed (out of memory; the stub has dropped the exception), the frame deoptimizes to
     * its state, before the return, where the interpreter registers the object again or throws. Every register is clobbered
     * (the op destroys them all, as a call).
     */
    public static final class RegisterFinalizer extends Aarch64Op {
        public RegisterFinalizer(RegisterValue object, LirFrameState state) {
            super(null, values(object), null, null);
            if (!object.getRegister().equals(AArch64.r1)) {
                throw new IllegalArgumentException("the object is in x1: " + object);
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
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            DebugInfo callInfo = e.debugInfo(state());
            Label register = new Label("register-finalizer");
            Label done = new Label("register-finalizer-done");
            loadKlass(asm, c, SCRATCH1, AArch64.r1);
            asm.ldr(8, SCRATCH1, Address.of(SCRATCH1, c.klassMiscFlagsOffset));
            asm.tst(32, SCRATCH1, c.klassMiscHasFinalizer);
            asm.b(Condition.NE, register);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(register);
                // The object is already in x1, the second C argument.
                Aarch64Allocation.callVm(e, "register_finalizer", c.registerFinalizer, Aarch64VmCallStubs.Result.STATUS, callInfo, trap, () -> {
                });
                asm.b(done);
            });
        }

        @Override
        public String name() {
            return "registerfinalizer";
        }
    }

    /**
     * {@code dst = object's Klass*}: the narrow class from the header (or, with compact object headers,
     * the mark word's top bits) decoded, or the full pointer. Writes x9 when the encoding has a base.
     */
    static void loadKlass(Aarch64Assembler asm, HotSpotVmConfig c, Register dst, Register object) {
        if (c.useCompactObjectHeaders) {
            asm.ldr(64, dst, Address.of(object, 0));
            asm.lsr(64, dst, dst, c.markWordKlassShift);
        } else if (c.useCompressedClassPointers) {
            asm.ldr(32, dst, Address.of(object, c.oopKlassOffset)); // zero-extends
        } else {
            asm.ldr(64, dst, Address.of(object, c.oopKlassOffset));
            return;
        }
        if (c.narrowKlassBase != 0) {
            asm.mov(64, SCRATCH2, c.narrowKlassBase);
            asm.add(64, dst, SCRATCH2, dst, ShiftType.LSL, c.narrowKlassShift);
        } else if (c.narrowKlassShift != 0) {
            asm.lsl(64, dst, dst, c.narrowKlassShift);
        }
    }
}
