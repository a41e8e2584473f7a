package org.ssajit.opt;

import org.ssajit.util.CompilerList;

import org.ssajit.ir.Block;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;

/**
 * Moves {@code arraylength} of an array defined before a loop out of the loop header into the block
 * that enters the loop: {@code for (i = 0; i < a.length; i++)} then reads the length (and null-checks
 * the array) once, not on every iteration.
 *
 * <p>Only the reads at the very top of the header move (before any other instruction of the header),
 * and only when the loop has one entering block, which ends in a plain jump into the header
 * ({@link Loop#preheader()}). Then
 * the header's first iteration is the only one in which the read can fail (the array does not change),
 * and it fails exactly when it fails in the entering block, with nothing executed in between. The
 * moved read gets the header's frame state as it is on loop entry (its callers' states, an inlined method's, kept): each of the header's phis
 * replaced by its operand from the entering block. A failing read deoptimizes to the same bytecode
 * with the same values as the first iteration would, and the interpreter throws there. A read inside
 * a try range (whose exception edge leads to a handler) stays.
 */
public final class LoopInvariantLengths {
    private LoopInvariantLengths() {
    }

    /** Returns how many length reads moved. */
    public static int run(Graph g) {
        int moved = 0;
        for (Loop loop : g.loops().loops()) {
            Block header = loop.header();
            Block entry = loop.preheader();
            if (entry == null) {
                continue;
            }
            for (Instruction x : CompilerList.copyOf(header.instructions())) {
                if (x.op() != Op.ARRAY_LENGTH || x.hasExceptionEdge() || !loop.definesNot(x.input(0))) {
                    break;
                }
                FrameState onEntry = x.state() == null ? null : stateOnEntry(x.state(), loop, entry);
                if (x.state() != null && onEntry == null) {
                    break;
                }
                header.moveToEnd(x, entry);
                x.replaceState(onEntry);
                moved++;
            }
        }
        return moved;
    }

    /** {@code s} with the header's phis replaced by their entry operands; null if it names a value of the loop. */
    private static FrameState stateOnEntry(FrameState s, Loop loop, Block entry) {
        if (s.virtualCount() > 0) {
            return null; // runs before escape analysis; a state naming unallocated objects is not mapped here
        }
        Block header = loop.header();
        int k = header.predecessorIndex(entry);
        Value[] locals = new Value[s.localsSize()];
        Value[] stack = new Value[s.stackSize()];
        Value[] locks = new Value[s.locksSize()];
        for (int i = 0; i < locals.length + stack.length + locks.length; i++) {
            Value v = i < locals.length ? s.local(i) : i < locals.length + stack.length ? s.stack(i - locals.length) : s.lock(i - locals.length - stack.length);
            if (v instanceof Phi p && p.block() == header) {
                v = p.operand(k);
            } else if (v != null && !loop.definesNot(v)) {
                return null;
            }
            if (i < locals.length) {
                locals[i] = v;
            } else if (i < locals.length + stack.length) {
                stack[i - locals.length] = v;
            } else {
                locks[i - locals.length - stack.length] = v;
            }
        }
        return new FrameState(s.method(), s.bci(), locals, stack, locks, s.outer());
    }
}
