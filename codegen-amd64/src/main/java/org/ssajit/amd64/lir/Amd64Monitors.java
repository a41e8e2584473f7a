package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/**
 * Locking and unlocking through the VM: {@code JVMCIRuntime::monitorenter/monitorexit(thread, object,
 * BasicLock*)}, the BasicLock being this frame's monitor slot of the lock's depth. The VM implements
 * every locking mode (lightweight locking's lock stack, inflation, recursion, contention, virtual
 * threads), so this is right whatever {@code LockingMode} is; the lock-stack fast path inline is a
 * later optimization.
 */
public final class Amd64Monitors {
    private Amd64Monitors() {
    }

    /**
     * {@code monitorenter} or {@code monitorexit} of the object in rsi (the C convention's second
     * argument), monitor slot {@code depth}. With this frame made walkable (the anchor's last Java
     * sp; the pc is the return address): rdi the thread, rdx the slot's address, the call with this
     * op's debug info, then the anchor cleared. Entering may block, safepoint and deoptimize this frame
     * (the state is the one with the monitor held); exiting never safepoints, but the VM may inspect
     * the stack. Every register is clobbered (the op destroys them all, as a call).
     */
    public static final class Monitor extends Amd64Op {
        private final boolean enter;
        private final int depth;

        public Monitor(boolean enter, int depth, RegisterValue object, LirFrameState state) {
            super(null, values(object), null, null);
            if (!object.getRegister().equals(AMD64.rsi)) {
                throw new IllegalArgumentException("the object is in rsi: " + object);
            }
            if (state == null || state.duringCall()) {
                throw new IllegalArgumentException("a monitor op's state is not a state during a call: " + state);
            }
            int held = state.frameState().locksSize();
            if (held != depth + 1) {
                throw new IllegalArgumentException((enter ? "lock" : "unlock") + " of depth " + depth + " with a state holding " + held + " monitors");
            }
            this.enter = enter;
            this.depth = depth;
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
            jdk.vm.ci.code.DebugInfo info = e.debugInfo(state());
            Address slot = Address.of(AMD64.rsp, e.frame().layout().monitorSlotOffset(depth));
            if (enter) {
                // The BasicLock caches the lock's ObjectMonitor under UseObjectMonitorTable, and the VM
                // trusts what it finds there: start it empty.
                asm.mov(QWORD, slot, 0);
                pin(e, true);
            }
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), AMD64.rsp);
            asm.mov(QWORD, AMD64.rdi, AMD64.r15);
            asm.lea(QWORD, AMD64.rdx, slot);
            e.frame().emitForeignCall(enter ? c.monitorEnter : c.monitorExit, info);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), 0);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaFpOffset), 0);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaPcOffset), 0);
            if (enter) {
                pin(e, false);
            }
        }

        /**
         * Pins (or unpins) the continuation the thread runs, if any, around the call: a virtual thread
         * that finds the lock taken would otherwise be unmounted inside the VM (JDK 24+), which resumes
         * it only through the interpreter's or a runtime stub's return path, not into an nmethod's
         * direct call. Pinned, it blocks its carrier as a platform thread does. (If this frame is
         * deoptimized during the call, it leaves through the deopt handler and the continuation stays
         * pinned until it ends: slower, never wrong.)
         */
        private static void pin(Amd64CodeEmitter e, boolean on) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register entry = Amd64CodeEmitter.SCRATCH;
            Label none = new Label(on ? "no-continuation-to-pin" : "no-continuation-to-unpin");
            asm.mov(QWORD, entry, Address.of(AMD64.r15, c.threadContEntryOffset));
            asm.test(QWORD, entry, entry);
            asm.jcc(Condition.E, none);
            asm.alu(on ? AluOp.ADD : AluOp.SUB, DWORD, Address.of(entry, c.contEntryPinCountOffset), 1);
            asm.bind(none);
        }

        @Override
        public String name() {
            return (enter ? "lock " : "unlock ") + depth;
        }
    }
}
