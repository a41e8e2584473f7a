package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.RegisterValue;

/**
 * The VM's half of locking ({@link org.ssajit.ir.Op#VM_LOCK}, {@link org.ssajit.ir.Op#VM_UNLOCK}):
 * {@code JVMCIRuntime::monitorenter/monitorexit(thread, object, BasicLock*)}, the BasicLock being this
 * frame's monitor slot of the lock's depth. The fast paths are the lowering's
 * ({@code lowering.MonitorExpansion}); this is their slow path, or the whole lock where there is none.
 */
public final class Amd64Monitors {
    private Amd64Monitors() {
    }

    /**
     * {@code monitorenter} or {@code monitorexit} of the object in rsi (the C convention's second
     * argument), monitor slot {@code depth}, by the VM: with this frame made walkable (the anchor's
     * last Java sp; the pc is the return address), rdi the thread, rdx the slot's address, the call with this op's debug info, then the anchor cleared.
     * Entering may block, safepoint and deoptimize this frame (the state is the one with the monitor
     * held); exiting never safepoints, but the VM may inspect the stack. Every register is clobbered
     * (the op destroys them all, as a call).
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
            Address slot = Address.of(AMD64.rsp, e.frame().layout().monitorSlotOffset(depth));
            if (enter) {
                // Under lightweight locking the BasicLock caches the lock's ObjectMonitor (with
                // UseObjectMonitorTable), and the VM trusts what it finds there: start it empty. Under
                // the legacy modes it holds the displaced mark word, which the VM writes, except when it
                // re-enters an inflated monitor the thread owns (quick_enter): start it as "inflated",
                // since 0 would read as a recursive stack lock and make the exit a no-op.
                asm.mov(QWORD, slot, c.lightweightLocking ? 0 : c.markUnusedValue);
            }
            callVm(e, slot);
        }

        /**
         * The VM call, the object in rsi, rdx the slot's address. Entering goes through ssajit's
         * monitorenter stub ({@link org.ssajit.amd64.hotspot.Amd64MonitorStubs}: it pins the thread's
         * continuation around the call, also when this frame is deoptimized meanwhile); exiting never
         * blocks: a direct call with this frame as the last Java frame.
         */
        private void callVm(Amd64CodeEmitter e, Address slot) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            jdk.vm.ci.code.DebugInfo info = e.debugInfo(state());
            asm.lea(QWORD, AMD64.rdx, slot);
            if (enter) {
                e.frame().emitForeignCall(org.ssajit.amd64.hotspot.Amd64MonitorStubs.monitorEnter(c), info);
                return;
            }
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), AMD64.rsp);
            asm.mov(QWORD, AMD64.rdi, AMD64.r15);
            e.frame().emitForeignCall(c.monitorExit, info);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), 0);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaFpOffset), 0);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaPcOffset), 0);
        }

        @Override
        public String name() {
            return (enter ? "lock " : "unlock ") + depth;
        }
    }
}
