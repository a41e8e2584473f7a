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
import org.ssajit.amd64.asm.Scale;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/**
 * Locking and unlocking. Under lightweight locking (JDK 25's default) the common cases are inline: an
 * unlocked object is locked by a CAS of its mark word's lock bits (01 to 00) and a push of the object on
 * the thread's lock stack, a recursive lock by a push alone; the unlock pops and, unless the object is
 * still below on the stack, CASes the bits back. Everything else (an inflated monitor, contention, a
 * full lock stack, another locking mode) calls the VM: {@code JVMCIRuntime::monitorenter/monitorexit(
 * thread, object, BasicLock*)}, the BasicLock being this frame's monitor slot of the lock's depth.
 */
public final class Amd64Monitors {
    private Amd64Monitors() {
    }

    /**
     * {@code monitorenter} or {@code monitorexit} of the object in rsi (the C convention's second
     * argument), monitor slot {@code depth}. The VM call, out of line under lightweight locking: with
     * this frame made walkable (the anchor's last Java sp; the pc is the return address), rdi the
     * thread, rdx the slot's address, the call with this op's debug info, then the anchor cleared.
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
            if (!c.lightweightLocking) {
                callVm(e, slot);
                return;
            }
            Label slow = new Label(enter ? "lock-slow" : "unlock-slow");
            Label done = new Label(enter ? "lock-done" : "unlock-done");
            if (enter) {
                fastLock(e, slow);
            } else {
                fastUnlock(e, slow, done);
            }
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                callVm(e, slot);
                asm.jmp(done);
            });
        }

        /**
         * rcx the lock stack's top (an offset from the thread). Full: slow. The object on top already: a
         * recursive lock, push it again. Else its mark: inflated (10), slow; else CAS the lock bits from
         * unlocked (01) to locked (00), failing (locked by another thread meanwhile) to slow; then push.
         */
        private static void fastLock(Amd64CodeEmitter e, Label slow) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register top = AMD64.rcx;
            Register obj = AMD64.rsi;
            Label push = new Label("lock-push");
            asm.mov(DWORD, top, Address.of(AMD64.r15, c.threadLockStackTopOffset));
            asm.alu(AluOp.CMP, DWORD, top, c.lockStackEndOffset);
            asm.jcc(Condition.AE, slow);
            // Below an empty stack's first entry the VM keeps a sentinel no object equals.
            asm.alu(AluOp.CMP, QWORD, obj, Address.of(AMD64.r15, top, Scale.ONE, -8));
            asm.jcc(Condition.E, push);
            asm.mov(QWORD, AMD64.rax, Address.of(obj, c.markOffset));
            asm.test(BYTE, AMD64.rax, c.markMonitorValue);
            asm.jcc(Condition.NE, slow);
            asm.alu(AluOp.OR, QWORD, AMD64.rax, c.markUnlockedValue);
            asm.mov(QWORD, AMD64.rdx, AMD64.rax);
            asm.alu(AluOp.XOR, QWORD, AMD64.rdx, c.markUnlockedValue);
            asm.lock();
            asm.cmpxchg(QWORD, Address.of(obj, c.markOffset), AMD64.rdx);
            asm.jcc(Condition.NE, slow);
            asm.bind(push);
            asm.mov(QWORD, Address.of(AMD64.r15, top, Scale.ONE, 0), obj);
            asm.alu(AluOp.ADD, DWORD, Address.of(AMD64.r15, c.threadLockStackTopOffset), 8);
        }

        /**
         * The object not on top of the lock stack (its monitor is inflated, or another frame's order):
         * slow. Pop it; still below (a recursive lock): done. Else its mark: inflated meanwhile (another
         * thread contended), or the CAS of the lock bits back to unlocked fails: push it back, slow (the
         * VM finds the lock stack as it was).
         */
        private static void fastUnlock(Amd64CodeEmitter e, Label slow, Label done) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register top = AMD64.rcx;
            Register obj = AMD64.rsi;
            Label restore = new Label("unlock-restore");
            Address topAddress = Address.of(AMD64.r15, c.threadLockStackTopOffset);
            asm.mov(DWORD, top, topAddress);
            asm.alu(AluOp.CMP, QWORD, obj, Address.of(AMD64.r15, top, Scale.ONE, -8));
            asm.jcc(Condition.NE, slow);
            asm.alu(AluOp.SUB, DWORD, top, 8);
            asm.mov(DWORD, topAddress, top);
            asm.alu(AluOp.CMP, QWORD, obj, Address.of(AMD64.r15, top, Scale.ONE, -8));
            asm.jcc(Condition.E, done);
            asm.mov(QWORD, AMD64.rax, Address.of(obj, c.markOffset));
            asm.test(BYTE, AMD64.rax, c.markMonitorValue);
            asm.jcc(Condition.NE, restore);
            asm.mov(QWORD, AMD64.rdx, AMD64.rax);
            asm.alu(AluOp.OR, QWORD, AMD64.rdx, c.markUnlockedValue);
            asm.lock();
            asm.cmpxchg(QWORD, Address.of(obj, c.markOffset), AMD64.rdx);
            // Inflated by another thread between the read and the CAS: as when the read saw it.
            asm.jcc(Condition.NE, restore);
            e.outOfLine(() -> {
                asm.bind(restore);
                asm.alu(AluOp.ADD, DWORD, topAddress, 8);
                asm.jmp(slow);
            });
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
