package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static jdk.vm.ci.aarch64.AArch64.r4;
import static jdk.vm.ci.aarch64.AArch64.r29;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;
import static org.ssajit.aarch64.lir.Operands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.ExtendType;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.aarch64.hotspot.Aarch64MonitorStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;

/**
 * Locking and unlocking on AArch64, the protocol of {@code Amd64Monitors}. Under lightweight locking
 * (JDK 25's default) the common cases are inline: an unlocked object is locked by a CAS of its mark
 * word's lock bits (01 to 00) with acquire semantics and a push of the object on the thread's lock
 * stack, a recursive lock by a push alone; the unlock pops and, unless the object is still below on
 * the stack, CASes the bits back with release semantics. The CAS is LSE's {@code casa}/{@code casl}
 * when the VM runs with {@code UseLSE}, else an {@code ldaxr}/{@code stxr} (lock) or
 * {@code ldxr}/{@code stlxr} (unlock) loop. Everything else (an inflated monitor, contention, a full
 * lock stack, another locking mode) calls the VM: {@code JVMCIRuntime::monitorenter/monitorexit(
 * thread, object, BasicLock*)}, the BasicLock being this frame's monitor slot of the lock's depth.
 */
public final class Aarch64Monitors {
    private Aarch64Monitors() {
    }

    private static final Register THREAD = Aarch64FrameBuilder.THREAD;
    private static final Register SCRATCH1 = Aarch64CodeEmitter.SCRATCH1;
    private static final Register SCRATCH2 = Aarch64CodeEmitter.SCRATCH2;

    /**
     * {@code monitorenter} or {@code monitorexit} of the object in x1 (the C convention's second
     * argument), monitor slot {@code depth}. The fast paths use x0 (the mark word), x2 (the lock
     * stack's top), x3 (the new mark word), x4 (the top entry's address), x8 and x9; every register is
     * clobbered (the op destroys them all, as a call). The VM call, out of line under lightweight
     * locking: x2 the slot's address, then entering goes through ssajit's monitorenter stub
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
            if (c.markOffset != 0) {
                throw new IllegalStateException("the mark word at offset " + c.markOffset + ": the CAS addresses the object itself");
            }
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
                asm.b(done);
            });
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
         * x2 the lock stack's top (an offset from the thread), x4 the thread plus it. Full: slow. The
         * object on top already: a recursive lock, push it again. Else its mark: inflated (10), slow;
         * else CAS the lock bits from unlocked (01) to locked (00) with acquire semantics, failing
         * (locked by another thread meanwhile) to slow; then push.
         */
        private static void fastLock(Aarch64CodeEmitter e, Label slow) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register obj = r1;
            Register mark = r0;
            Register top = r2;
            Register locked = r3;
            Register entry = r4;
            Label push = new Label("lock-push");
            asm.ldr(32, top, Address.of(THREAD, c.threadLockStackTopOffset));
            compareImmediate(asm, top, c.lockStackEndOffset);
            asm.b(Condition.HS, slow);
            asm.add(64, entry, THREAD, top, ExtendType.UXTW, 0);
            // Below an empty stack's first entry the VM keeps a sentinel no object equals.
            asm.ldr(64, SCRATCH1, Address.of(entry, -8));
            asm.cmp(64, obj, SCRATCH1);
            asm.b(Condition.EQ, push);
            asm.ldr(64, mark, Address.of(obj, 0));
            testMonitorBit(asm, c, mark, slow);
            asm.orr(64, mark, mark, c.markUnlockedValue);
            asm.eor(64, locked, mark, c.markUnlockedValue);
            compareAndSwap(e, obj, mark, locked, true, slow);
            asm.bind(push);
            asm.str(64, obj, Address.of(entry, 0));
            asm.add(32, top, top, 8);
            asm.str(32, top, Address.of(THREAD, c.threadLockStackTopOffset));
        }

        /**
         * The object not on top of the lock stack (its monitor is inflated, or another frame's order):
         * slow. Pop it; still below (a recursive lock): done. Else its mark: inflated meanwhile (another
         * thread contended), or the CAS of the lock bits back to unlocked (release semantics) fails:
         * push it back, slow (the VM finds the lock stack as it was).
         */
        private static void fastUnlock(Aarch64CodeEmitter e, Label slow, Label done) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register obj = r1;
            Register mark = r0;
            Register top = r2;
            Register unlocked = r3;
            Register entry = r4;
            Label restore = new Label("unlock-restore");
            Address topAddress = Address.of(THREAD, c.threadLockStackTopOffset);
            asm.ldr(32, top, topAddress);
            asm.add(64, entry, THREAD, top, ExtendType.UXTW, 0);
            asm.ldr(64, SCRATCH1, Address.of(entry, -8));
            asm.cmp(64, obj, SCRATCH1);
            asm.b(Condition.NE, slow);
            asm.sub(32, top, top, 8);
            asm.str(32, top, topAddress);
            asm.ldr(64, SCRATCH1, Address.of(entry, -16));
            asm.cmp(64, obj, SCRATCH1);
            asm.b(Condition.EQ, done);
            asm.ldr(64, mark, Address.of(obj, 0));
            testMonitorBit(asm, c, mark, restore);
            asm.orr(64, unlocked, mark, c.markUnlockedValue);
            // Inflated by another thread between the read and the CAS: as when the read saw it.
            compareAndSwap(e, obj, mark, unlocked, false, restore);
            e.outOfLine(() -> {
                asm.bind(restore);
                asm.ldr(32, SCRATCH1, topAddress);
                asm.add(32, SCRATCH1, SCRATCH1, 8);
                asm.str(32, SCRATCH1, topAddress);
                asm.b(slow);
            });
        }

        /**
         * {@code [obj] = update if [obj] == expected}, else to {@code failed}: with acquire semantics
         * (a lock) or release semantics (an unlock). LSE: {@code casa}/{@code casl} on a copy of the
         * expected value in x8. Without: a load-exclusive/store-exclusive loop, retried when the store
         * fails spuriously (status in w9).
         */
        private static void compareAndSwap(Aarch64CodeEmitter e, Register obj, Register expected, Register update, boolean acquire, Label failed) {
            Aarch64Assembler asm = e.asm();
            if (e.config().useLse) {
                asm.mov(64, SCRATCH1, expected);
                if (acquire) {
                    asm.casa(64, SCRATCH1, update, obj);
                } else {
                    asm.casl(64, SCRATCH1, update, obj);
                }
                asm.cmp(64, SCRATCH1, expected);
                asm.b(Condition.NE, failed);
                return;
            }
            Label retry = new Label("cas-retry");
            asm.bind(retry);
            if (acquire) {
                asm.ldaxr(64, SCRATCH1, obj);
            } else {
                asm.ldxr(64, SCRATCH1, obj);
            }
            asm.cmp(64, SCRATCH1, expected);
            asm.b(Condition.NE, failed);
            if (acquire) {
                asm.stxr(64, SCRATCH2, update, obj);
            } else {
                asm.stlxr(64, SCRATCH2, update, obj);
            }
            asm.cbnz(32, SCRATCH2, retry);
        }

        /**
         * To {@code target} if the mark word has the monitor bit (an inflated lock). {@code tst; b.ne},
         * not {@code tbnz}: the target is out of line, after the whole body, and {@code tbnz} reaches
         * only 32 KiB (a generated method of 1,800 bytecodes was refused for it: its slow path lay
         * 41 KB on).
         */
        private static void testMonitorBit(Aarch64Assembler asm, HotSpotVmConfig c, Register mark, Label target) {
            asm.tst(64, mark, c.markMonitorValue);
            asm.b(Condition.NE, target);
        }

        private static void compareImmediate(Aarch64Assembler asm, Register r, int value) {
            if (Aarch64Assembler.isArithmeticImmediate(value)) {
                asm.cmp(32, r, value);
            } else {
                asm.mov(32, SCRATCH1, value);
                asm.cmp(32, r, SCRATCH1);
            }
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
