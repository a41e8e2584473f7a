package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Block;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.MethodLock;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/** The lowering of {@code monitorenter}, {@code monitorexit} and a synchronized method's lock and unlock at its returns. */
final class MonitorLowering {
    private final InstructionLowering ctx;

    MonitorLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * A synchronized method locks its receiver or its class's mirror first, in monitor slot 0: a
     * {@link HotSpotOp#LOCK} at the top of the entry block whose state is the interpreter's at bci 0 with
     * the monitor held and the arguments in their locals. Returns the locked value.
     */
    Value lockMethod() {
        if (ctx.g.isOsr()) {
            // The interpreter holds the method's lock, the outermost: the code takes it over.
            for (Instruction i : ctx.g.entry().instructions()) {
                if (i.op() == Op.OSR_LOCK && i.attribute(Integer.class) == 0) {
                    return i;
                }
            }
            throw new IllegalStateException("OSR graph of a synchronized method without its lock");
        }
        ResolvedJavaMethod m = ctx.g.method();
        Value[] locals = new Value[m.getMaxLocals()];
        int slot = 0;
        Value lock = null;
        for (Parameter p : ctx.g.parameters()) {
            locals[slot] = p;
            if (p.isReceiver()) {
                lock = p;
            }
            slot += p.kind().getSlotCount();
        }
        if (lock == null) {
            lock = ctx.g.constant(ctx.constantReflection.asJavaClass(m.getDeclaringClass()));
        }
        FrameState held = new FrameState(m, 0, locals, new Value[0], new Value[]{lock});
        Instruction enter = new Instruction(ctx.g, HotSpotOp.LOCK, JavaKind.Void, 0, 0, lock);
        enter.setState(held);
        Block entry = ctx.g.entry();
        if (entry.instructions().isEmpty()) {
            entry.insertAtEnd(enter);
        } else {
            entry.insertBefore(entry.instructions().get(0), enter);
        }
        return lock;
    }

    /**
     * A synchronized method's return unlocks monitor slot 0 first. The unlock's state is the
     * interpreter's before the return bytecode (the value on the stack, the monitor held).
     */
    void unlockAtReturn(Return r, Value lock) {
        Value[] stack = new Value[0];
        if (r.value() != null) {
            stack = new Value[r.value().kind().getSlotCount()];
            stack[0] = r.value();
        }
        Instruction exit = new Instruction(ctx.g, HotSpotOp.UNLOCK, JavaKind.Void, 0, r.bci(), lock);
        exit.setState(new FrameState(ctx.g.method(), r.bci(), new Value[ctx.g.method().getMaxLocals()], stack, new Value[]{lock}));
        r.block().insertAtEnd(exit);
    }

    /**
     * {@code monitorenter}: a null check (the interpreter throws the NullPointerException), then a
     * {@link HotSpotOp#LOCK} in the slot of the new lock's depth, whose state is the one after the bytecode:
     * the object popped, the monitor held, the interpreter to go on at the next bytecode. The depth
     * counts the locks of the methods the bytecode's method is inlined into ({@link FrameState#outerLocks}).
     * An inlined synchronized method's own lock ({@link MethodLock}) has that state already.
     */
    void monitorEnter(Instruction i) {
        Value x = i.input(In.OBJECT);
        FrameState before = i.state();
        if (i.attribute() == MethodLock.INSTANCE) {
            // An inlined synchronized method's own lock: its state already holds it.
            Instruction lock = new Instruction(ctx.g, HotSpotOp.LOCK, JavaKind.Void, before.outerLocks() + before.locksSize() - 1, i.bci(), x);
            lock.setState(before.copy());
            ctx.emit(lock, null);
            ctx.remove(i);
            return;
        }
        ctx.nullCheck(x, before);
        int depth = before.outerLocks() + before.locksSize();
        Value[] locals = new Value[before.localsSize()];
        for (int k = 0; k < locals.length; k++) {
            locals[k] = before.local(k);
        }
        Value[] stack = new Value[before.stackSize() - 1];
        for (int k = 0; k < stack.length; k++) {
            stack[k] = before.stack(k);
        }
        Value[] locks = new Value[before.locksSize() + 1];
        for (int k = 0; k < before.locksSize(); k++) {
            locks[k] = before.lock(k);
        }
        locks[before.locksSize()] = x;
        Instruction lock = new Instruction(ctx.g, HotSpotOp.LOCK, JavaKind.Void, depth, i.bci(), x);
        lock.setState(before.withSlots(i.bci() + 1, locals, stack, locks));
        ctx.emit(lock, null);
        ctx.remove(i);
    }

    /**
     * {@code monitorexit}: an {@link HotSpotOp#UNLOCK} of the innermost lock's object. Where the bytecode's
     * operand is not that same SSA value (an OSR entry reads the lock's object and the local that
     * javac copied it into separately), a {@link HotSpotOp#SAME_CHECK} first: another object deoptimizes,
     * and the interpreter throws IllegalMonitorStateException.
     */
    void monitorExit(Instruction i) {
        FrameState before = i.state();
        Value held = before.lock(before.locksSize() - 1);
        Value x = i.input(In.OBJECT);
        if (x != held) {
            Instruction same = new Instruction(ctx.g, HotSpotOp.SAME_CHECK, JavaKind.Void, new Deopt(DeoptimizationReason.RuntimeConstraint, HotSpotLowering.EXCEPTION_ACTION), i.bci(), x, held);
            same.setState(before.copy());
            ctx.emit(same, null);
        }
        Instruction unlock = new Instruction(ctx.g, HotSpotOp.UNLOCK, JavaKind.Void, before.outerLocks() + before.locksSize() - 1, i.bci(), held);
        unlock.setState(before.copy());
        ctx.emit(unlock, null);
        ctx.remove(i);
    }
}
