package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r29;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.aarch64.hotspot.Aarch64MonitorStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/**
 * The VM's half of locking on AArch64 ({@link org.ssajit.ir.Op#VM_LOCK}, {@link org.ssajit.ir.Op#VM_UNLOCK}):
 * {@code JVMCIRuntime::monitorenter/monitorexit(thread, object, BasicLock*)}, the BasicLock being this
 * frame's monitor slot of the lock's depth. The fast paths are the lowering's
 * ({@code lowering.MonitorExpansion}); this is their slow path, or the whole lock where there is none.
 */
public final class Aarch64Monitors {
    private Aarch64Monitors() {
    }

    private static final Register THREAD = Aarch64FrameBuilder.THREAD;
    private static final Register SCRATCH1 = Aarch64CodeEmitter.SCRATCH1;
    private static final Register SCRATCH2 = Aarch64CodeEmitter.SCRATCH2;

    /**
     * {@code monitorenter} or {@code monitorexit} of the object in x1 (the C convention's second
     * argument), monitor slot {@code depth}, by the VM; every register is clobbered (the op destroys
     * them all, as a call). x2 the slot's address, then entering goes through ssajit's monitorenter stub
     * ({@link Aarch64MonitorStubs}: it pins the thread's continuation and makes its own frame the last
     * Java frame), exiting calls {@code monitorexit} directly with this frame as the last Java frame
     * (sp, x29 and the call's return address in the thread's anchor: on AArch64 HotSpot never derives
     * the pc from the stack). Entering may block, safepoint and deoptimize this frame (the state is
     * the one with the monitor held); exiting never safepoints.
     */
    public static final class Monitor extends Aarch64Op {
        private final boolean enter;
        private final int depth;

        public Monitor(boolean enter, int depth, RegisterValue object, LirFrameState state) {
            super(null, values(object), null, null);
            if (!object.getRegister().equals(r1)) {
                throw new IllegalArgumentException("the object is in x1: " + object);
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
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            int slot = e.layout().monitorSlotOffset(depth);
            if (enter) {
                // Under lightweight locking the BasicLock caches the lock's ObjectMonitor (with
                // UseObjectMonitorTable), and the VM trusts what it finds there: start it empty. Under
                // the legacy modes it holds the displaced mark word, which the VM writes, except when it
                // re-enters an inflated monitor the thread owns (quick_enter): start it as "inflated",
                // since 0 would read as a recursive stack lock and make the exit a no-op.
                if (c.lightweightLocking) {
                    asm.str(64, zr, slotAddress(e, slot));
                } else {
                    asm.mov(64, SCRATCH1, c.markUnusedValue);
                    asm.str(64, SCRATCH1, slotAddress(e, slot));
                }
            }
            callVm(e, slot);
        }

        /** {@code [sp, #slot]}, through x9 when the offset does not encode. */
        private static Address slotAddress(Aarch64CodeEmitter e, int slot) {
            if (Address.isEncodableOffset(slot, 64)) {
                return Address.of(sp, slot);
            }
            e.asm().mov(64, SCRATCH2, slot);
            return Address.indexed(sp, SCRATCH2);
        }

        /**
         * The VM call, the object in x1, x2 the slot's address. Entering goes through ssajit's
         * monitorenter stub (it pins the thread's continuation around the call, also when this frame
         * is deoptimized meanwhile); exiting never blocks: a direct call with this frame as the last
         * Java frame, whose pc is the call's return address (where its debug info is recorded).
         */
        private void callVm(Aarch64CodeEmitter e, int slot) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            DebugInfo info = e.debugInfo(state());
            if (Aarch64Assembler.isArithmeticImmediate(slot)) {
                asm.add(64, r2, sp, slot);
            } else {
                asm.mov(64, SCRATCH2, slot);
                asm.add(64, r2, sp, SCRATCH2);
            }
            if (enter) {
                e.frame().emitForeignCall(Aarch64MonitorStubs.monitorEnter(c), info);
                return;
            }
            Label returnAddress = new Label("monitorexit-return");
            asm.adr(SCRATCH2, returnAddress);
            asm.str(64, SCRATCH2, Address.of(THREAD, c.threadLastJavaPcOffset));
            asm.str(64, r29, Address.of(THREAD, c.threadLastJavaFpOffset));
            asm.mov(64, SCRATCH2, sp);
            asm.str(64, SCRATCH2, Address.of(THREAD, c.threadLastJavaSpOffset));
            asm.mov(64, r0, THREAD);
            int ret = e.frame().emitForeignCall(c.monitorExit, info);
            if (ret != asm.position()) {
                throw new IllegalStateException("the monitorexit call's return address " + ret + " is not here, " + asm.position());
            }
            asm.bind(returnAddress);
            asm.str(64, zr, Address.of(THREAD, c.threadLastJavaSpOffset));
            asm.str(64, zr, Address.of(THREAD, c.threadLastJavaFpOffset));
            asm.str(64, zr, Address.of(THREAD, c.threadLastJavaPcOffset));
        }

        @Override
        public String name() {
            return (enter ? "lock " : "unlock ") + depth;
        }
    }
}
