package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * A step of the lowering: lightweight locking's fast paths written once, as ordinary IR, for every
 * target (docs/HOTSPOT-NOTES.md, "Locking"; the facts of HotSpot's {@code lightweight_lock} and
 * {@code lightweight_unlock}). {@code top} is the u4 at {@code [thread + lock_stack_top]}, the offset
 * from the thread of the lock stack's next free entry; the entry below an empty stack's first holds a
 * sentinel no object equals. Each {@link HotSpotOp#LOCK} and {@link HotSpotOp#UNLOCK} of object {@code x} in monitor
 * slot {@code d} splits its block; every path ends in {@code done}, which holds what followed it:
 *
 * <pre>
 * lock:    top = int [t + lock_stack_top]; if (top >= lock_stack_end) goto slow        full
 *          if (oop [t + top - oop] == x) goto push                                    recursive
 *          mark = [x + mark]; if ((mark &amp; lock_mask) != unlocked) goto slow          locked or inflated
 *          if (cas_acquire([x + mark], mark, mark ^ unlocked) == 0) goto slow          01 -> 00
 *   push:  oop [t + top] = x; int [t + lock_stack_top] = top + oop; goto done
 *   slow:  vmlock d (x), with the lock's state; goto done                               cold
 * unlock:  top = int [t + lock_stack_top]; if (oop [t + top - oop] != x) goto slow     not on top
 *          int [t + lock_stack_top] = top - oop                                       pop
 *          if (oop [t + top - 2 oop] == x) goto done                                  recursive
 *          mark = [x + mark]; if ((mark &amp; monitor) != 0) goto restore               inflated meanwhile
 *          if (cas_release([x + mark], mark, mark | unlocked) != 0) goto done          00 -> 01
 * restore: int [t + lock_stack_top] = top; goto slow                                  cold
 *   slow:  vmunlock d (x), with the unlock's state; goto done                          cold
 * </pre>
 *
 * ({@code t} a {@link HotSpotOp#THREAD} made in each block that uses it; {@code oop} the size of a lock stack
 * entry.) The VM is called for everything else: an inflated monitor, contention, a full lock stack;
 * it finds the lock stack as the fast path found it. Where the VM's mode is not lightweight locking,
 * or {@code UseObjectMonitorTable} is on (the VM then reads the BasicLock's monitor cache on exit,
 * which a fast lock would have to clear), or {@code DiagnoseSyncOnValueBasedClasses} asks for the
 * VM to see value-based classes, the lock and unlock are the VM's alone. The slow paths' blocks are
 * cold: placed after the method's other blocks, so the register allocator saves the values live
 * across their calls there only. No instruction of a fast path has a state: nothing there stops at a
 * safepoint, so the lock stack and the mark word seen are the thread's own until the CAS.
 */
final class MonitorExpansion {
    /** What of the VM's locking the expansion reads ({@link HotSpotVmConfig}); tests give others. */
    record Locking(boolean inline, int lockStackTopOffset, int lockStackEndOffset, int entrySize, int markOffset, long lockMask, long unlocked,
                    long monitor) {
        static Locking of(HotSpotVmConfig c) {
            boolean inline = c.lightweightLocking && !c.useObjectMonitorTable && c.diagnoseSyncOnValueBasedClasses == 0;
            return new Locking(inline, c.threadLockStackTopOffset, c.lockStackEndOffset, c.heapWordSize, c.markOffset, c.markLockMaskInPlace,
                            c.markUnlockedValue, c.markMonitorValue);
        }
    }

    private static final Access MARK = new Access(JavaKind.Long, 0, 0, false);

    private final Graph g;
    private final Locking vm;
    private Block at;
    private int bci;

    private MonitorExpansion(Graph g, Locking vm) {
        this.g = g;
        this.vm = vm;
    }

    /** Expands every lock and unlock of {@code g} with {@code config}'s values; returns how many. */
    static int expand(Graph g, HotSpotVmConfig config) {
        return expand(g, Locking.of(config));
    }

    /** As {@link #expand(Graph, HotSpotVmConfig)}, with {@code vm}'s values. */
    static int expand(Graph g, Locking vm) {
        if (!g.mayContain(HotSpotOp.LOCK) && !g.mayContain(HotSpotOp.UNLOCK)) {
            return 0;
        }
        // Found first, without allocating: most graphs have none.
        List<Instruction> monitors = null;
        List<Block> blocks = g.blocks();
        for (int bi = 0; bi < blocks.size(); bi++) {
            List<Instruction> code = blocks.get(bi).instructions();
            for (int k = 0; k < code.size(); k++) {
                Instruction i = code.get(k);
                if (i.op() == HotSpotOp.LOCK || i.op() == HotSpotOp.UNLOCK) {
                    if (monitors == null) {
                        monitors = new CompilerList<>();
                    }
                    monitors.add(i);
                }
            }
        }
        if (monitors == null) {
            return 0;
        }
        MonitorExpansion x = new MonitorExpansion(g, vm);
        // Last first: each split moves only what follows it in its block.
        for (int k = monitors.size() - 1; k >= 0; k--) {
            x.expand(monitors.get(k));
        }
        return monitors.size();
    }

    private void expand(Instruction m) {
        Block b = m.block();
        boolean lock = m.op() == HotSpotOp.LOCK;
        Value object = m.input(Op.In.OBJECT);
        bci = m.bci();
        Instruction call = new Instruction(g, lock ? HotSpotOp.VM_LOCK : HotSpotOp.VM_UNLOCK, JavaKind.Void, m.attribute(), bci, object);
        FrameState state = m.takeState();
        call.setState(state);
        if (!vm.inline()) {
            b.insertBefore(m, call);
            b.removeInstruction(m);
            return;
        }
        if (!b.handlers().isEmpty()) {
            throw new IllegalStateException(b + " still has exception edges when its monitors are expanded");
        }
        Block done = g.newBlock(bci);
        b.moveInstructionsAfter(m, done);
        b.moveTerminator(done);
        for (Block s : done.terminator().targets()) {
            s.replacePredecessor(b, done);
        }
        b.removeInstruction(m);
        Block slow = g.newBlock(bci);
        slow.setCold();
        slow.append(call);
        jump(slow, done);
        at = b;
        if (lock) {
            lock(object, slow, done);
        } else {
            unlock(object, slow, done);
        }
    }

    private void lock(Value x, Block slow, Block done) {
        Value top = with(HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Int, vm.lockStackTopOffset(), 0, false), thread());
        branch(Condition.GE, top, g.intConstant(vm.lockStackEndOffset()), slow);
        Block push = g.newBlock(bci);
        Value previous = with(HotSpotOp.READ, JavaKind.Object, entry(-vm.entrySize()), thread(), top);
        branch(Condition.EQ, previous, x, push);
        Value mark = with(HotSpotOp.READ, JavaKind.Long, markAccess(), x);
        Value bits = add(Op.AND, JavaKind.Long, mark, g.longConstant(vm.lockMask()));
        branch(Condition.NE, bits, g.longConstant(vm.unlocked()), slow);
        Value locked = add(Op.XOR, JavaKind.Long, mark, g.longConstant(vm.unlocked()));
        Value swapped = with(HotSpotOp.COMPARE_AND_SWAP, JavaKind.Int, new AtomicUpdate(vm.markOffset(), AtomicUpdate.Ordering.ACQUIRE), x, mark, locked);
        branchEither(Condition.EQ, swapped, g.intConstant(0), slow, push);
        at = push;
        with(HotSpotOp.WRITE, JavaKind.Void, entry(0), thread(), x, top);
        Value next = add(Op.ADD, JavaKind.Int, top, g.intConstant(vm.entrySize()));
        with(HotSpotOp.WRITE, JavaKind.Void, new Access(JavaKind.Int, vm.lockStackTopOffset(), 0, false), thread(), next);
        jump(at, done);
    }

    private void unlock(Value x, Block slow, Block done) {
        Access topAccess = new Access(JavaKind.Int, vm.lockStackTopOffset(), 0, false);
        Value top = with(HotSpotOp.READ, JavaKind.Int, topAccess, thread());
        Value last = with(HotSpotOp.READ, JavaKind.Object, entry(-vm.entrySize()), thread(), top);
        branch(Condition.NE, last, x, slow);
        Value popped = add(Op.SUB, JavaKind.Int, top, g.intConstant(vm.entrySize()));
        with(HotSpotOp.WRITE, JavaKind.Void, topAccess, thread(), popped);
        Value below = with(HotSpotOp.READ, JavaKind.Object, entry(-2 * vm.entrySize()), thread(), top);
        branch(Condition.EQ, below, x, done);
        Block restore = g.newBlock(bci);
        restore.setCold();
        Value mark = with(HotSpotOp.READ, JavaKind.Long, markAccess(), x);
        Value inflated = add(Op.AND, JavaKind.Long, mark, g.longConstant(vm.monitor()));
        branch(Condition.NE, inflated, g.longConstant(0), restore);
        Value unlocked = add(Op.OR, JavaKind.Long, mark, g.longConstant(vm.unlocked()));
        Value swapped = with(HotSpotOp.COMPARE_AND_SWAP, JavaKind.Int, new AtomicUpdate(vm.markOffset(), AtomicUpdate.Ordering.RELEASE), x, mark, unlocked);
        branchEither(Condition.NE, swapped, g.intConstant(0), done, restore);
        // The CAS failed (another thread inflated the lock meanwhile): the VM finds the object on top.
        at = restore;
        with(HotSpotOp.WRITE, JavaKind.Void, topAccess, thread(), top);
        jump(at, slow);
    }

    /** A lock stack entry: the reference at {@code [thread + top + displacement]}. */
    private static Access entry(int displacement) {
        return new Access(JavaKind.Object, displacement, 1, false);
    }

    private Access markAccess() {
        return vm.markOffset() == 0 ? MARK : new Access(JavaKind.Long, vm.markOffset(), 0, false);
    }

    /** The running thread, made where it is used. */
    private Value thread() {
        return add(HotSpotOp.THREAD, JavaKind.Long);
    }

    /** Ends {@link #at} with {@code if (x cond y) goto target}, continuing in a new block. */
    private void branch(Condition cond, Value x, Value y, Block target) {
        Block next = g.newBlock(bci);
        at.setTerminator(new If(bci, cond, x, y, target, next));
        target.addPredecessor(at);
        next.addPredecessor(at);
        at = next;
    }

    /** Ends {@link #at} with {@code if (x cond y) goto target else goto otherwise}. */
    private void branchEither(Condition cond, Value x, Value y, Block target, Block otherwise) {
        at.setTerminator(new If(bci, cond, x, y, target, otherwise));
        target.addPredecessor(at);
        otherwise.addPredecessor(at);
    }

    private void jump(Block from, Block target) {
        from.setTerminator(new Goto(bci, target));
        target.addPredecessor(from);
    }

    private Instruction add(Operation op, JavaKind kind, Value... inputs) {
        return with(op, kind, null, inputs);
    }

    private Instruction with(Operation op, JavaKind kind, Object attribute, Value... inputs) {
        Instruction i = new Instruction(g, op, kind, attribute, bci, inputs);
        at.append(i);
        return i;
    }
}
