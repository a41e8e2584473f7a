package org.ssajit.lowering;

import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Operation;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * What the collectors' barrier expansions ({@link G1BarrierExpansion}, {@link ShenandoahBarrierExpansion})
 * build with: instructions appended to a current block {@link #at}, branches to the barrier's end,
 * a slot's address as a word and the thread's SATB and card queues.
 */
abstract class BarrierBuilder {
    private static final Access WORD = new Access(JavaKind.Long, 0, 0, false);
    private static final Access REFERENCE = new Access(JavaKind.Object, 0, 0, false);

    final Graph g;
    /** The bci of the barrier being expanded. */
    int bci;
    /** The block where the next instructions go. */
    Block at;

    BarrierBuilder(Graph g) {
        this.g = g;
    }

    /**
     * Moves what follows the barrier {@code i} in its block to a new block, which it returns: where
     * every path of the barrier ends. The block must have no exception edges left (they belong to what
     * ends it, which moves).
     */
    Block split(Instruction i) {
        Block b = i.block();
        if (!b.handlers().isEmpty()) {
            throw new IllegalStateException(b + " still has exception edges when its barriers are expanded");
        }
        Block done = g.newBlock(bci);
        b.moveInstructionsAfter(i, done);
        b.moveTerminator(done);
        for (Block s : done.terminator().targets()) {
            s.replacePredecessor(b, done);
        }
        return done;
    }

    /**
     * The address of {@code [base + index * scale + displacement]} as a word: {@code addressof(base)}
     * (or a word base as it is) plus {@code i2l(index) << log2(scale)} and the displacement.
     */
    Value address(Access access, Value base, Value index) {
        Value address = base.kind() == JavaKind.Object ? add(HotSpotOp.ADDRESS_OF, JavaKind.Long, null, base) : base;
        if (index != null) {
            Value offset = add(Op.I2L, JavaKind.Long, null, index);
            int log2 = Integer.numberOfTrailingZeros(access.scale());
            if (log2 != 0) {
                offset = add(Op.SHL, JavaKind.Long, null, offset, g.intConstant(log2));
            }
            address = add(Op.ADD, JavaKind.Long, null, address, offset);
        }
        if (access.displacement() != 0) {
            address = add(Op.ADD, JavaKind.Long, null, address, g.longConstant(access.displacement()));
        }
        return address;
    }

    /**
     * Puts {@code entry} into one of the thread's queues, at the end of {@link #at}: its index
     * ({@code [thread + indexOffset]}) counts down in bytes, 0 when the buffer ({@code [thread +
     * bufferOffset]}) is full; then the VM's {@code runtime} takes it, as {@code (thread, entry)} or
     * {@code (entry)} as the function's arguments say. Ends in {@code done}.
     */
    void enqueue(Value entry, int indexOffset, int bufferOffset, RuntimeLeaf runtime, Block done) {
        Access queueIndex = new Access(JavaKind.Long, indexOffset, 0, false);
        Value i = add(HotSpotOp.READ, JavaKind.Long, queueIndex, thread());
        Block full = g.newBlock(bci);
        Block push = g.newBlock(bci);
        at.setTerminator(new If(bci, Condition.EQ, i, g.longConstant(0), full, push));
        full.addPredecessor(at);
        push.addPredecessor(at);
        at = push;
        Value next = add(Op.SUB, JavaKind.Long, null, i, g.longConstant(8));
        add(HotSpotOp.WRITE, JavaKind.Void, queueIndex, thread(), next);
        Value buffer = add(HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, bufferOffset, 0, false), thread());
        Value slot = add(Op.ADD, JavaKind.Long, null, buffer, next);
        add(HotSpotOp.WRITE, JavaKind.Void, entry.kind() == JavaKind.Object ? REFERENCE : WORD, slot, entry);
        jump(done);
        at = full;
        if (runtime.argumentKinds().length == 2) {
            add(HotSpotOp.LEAF_CALL_SAVING, JavaKind.Void, runtime, thread(), entry);
        } else {
            add(HotSpotOp.LEAF_CALL_SAVING, JavaKind.Void, runtime, entry);
        }
        jump(done);
    }

    /**
     * The address of a loaded reference's slot for the runtime's load barrier, which heals it there;
     * 0 where the load had no slot to name ({@code Unsafe} at a raw address 0 with no offset).
     */
    Value slotAddress(Access slot, Value base, Value index) {
        boolean known = !(base instanceof Constant c && c.kind() == JavaKind.Long && c.asLong() == 0 && slot.displacement() == 0);
        return known ? address(slot, base, index) : g.longConstant(0);
    }

    /**
     * Ends a load barrier's expansion: the value it gives is a phi in {@code done} of {@code fromEnd}
     * (from the predecessor {@code end}) and {@code fromOthers} (from every other), with the barrier's
     * stamp, and takes the barrier's place in its uses; the barrier leaves {@code entry}.
     */
    void replaceByPhi(Instruction barrier, Block entry, Block done, Block end, Value fromEnd, Value fromOthers) {
        Phi phi = done.addPhi(g, JavaKind.Object);
        for (Block p : done.predecessors()) {
            phi.appendOperand(p == end ? fromEnd : fromOthers);
        }
        phi.setStamp(barrier.stamp());
        barrier.replaceAllUsesWith(phi);
        entry.removeInstruction(barrier);
    }

    /** The running thread, made where it is used (never reused across blocks). */
    Value thread() {
        return add(HotSpotOp.THREAD, JavaKind.Long, null);
    }

    /** Ends {@link #at} with {@code if (x cond y) goto target}, else a new block, which it returns. */
    Block branch(Condition cond, Value x, Value y, Block target) {
        Block next = g.newBlock(bci);
        at.setTerminator(new If(bci, cond, x, y, target, next));
        target.addPredecessor(at);
        next.addPredecessor(at);
        return next;
    }

    void jump(Block target) {
        at.setTerminator(new Goto(bci, target));
        target.addPredecessor(at);
    }

    /** Appends a new instruction to {@link #at}. */
    Instruction add(Operation op, JavaKind kind, Object attribute, Value... inputs) {
        Instruction i = new Instruction(g, op, kind, attribute, bci, inputs);
        at.append(i);
        return i;
    }
}
