package org.ssajit.opt;

import org.ssajit.util.CompilerMap;
import java.util.Map;
import java.util.Set;

import org.ssajit.ir.Block;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * Gives every array access inside a loop whose array is defined before the loop a
 * {@linkplain Instruction#checkedLength() checked length} computed before the loop, so the access's
 * bounds check compares two registers instead of reading the length from the array on every
 * iteration, and needs no null check: for {@code s += a[i * n + k] * b[k * n + j]} both lengths are
 * read once, not once per iteration.
 *
 * <p>The length is an {@code arraylength} of the array that already runs before the loop (the loop
 * test's own, moved out of the header by {@link LoopInvariantLengths}), else a new
 * {@link Op#ARRAY_LENGTH_OR_ZERO} at the end of the block that enters the loop. That one cannot fail
 * (0 for a null array), so it needs no frame state and can run where the loop would not have touched
 * the array; an access in the loop then fails its bounds check on a null array as on a bad index,
 * and deoptimizes to its own bytecode, where the interpreter throws. Loops are treated innermost
 * first, so an access gets the length of its innermost loop that leaves the array alone;
 * {@link LoopInvariantCodeMotion} then carries the length out of the enclosing loops that leave it
 * alone too, and value numbering merges copies. Accesses whose exceptions go to a handler keep their
 * own checks. Returns how many accesses got a length.
 */
public final class LoopCheckedLengths {
    private LoopCheckedLengths() {
    }

    public static int run(Graph g) {
        Dominance dom = g.dominance();
        int given = 0;
        for (Loop loop : g.loops().innermostFirst()) {
            if (loop.preheader() == null) {
                continue;
            }
            Map<Value, Value> lengths = new CompilerMap<>();
            for (Block b : loop.blocks()) {
                for (Instruction x : b.instructions()) {
                    if ((x.op() == Op.LOAD_INDEXED || x.op() == Op.STORE_INDEXED) && x.checkedLength() == null && !x.hasExceptionEdge()
                                    && loop.definesNot(x.input(0))) {
                        x.setCheckedLength(lengths.computeIfAbsent(x.input(0), a -> lengthBefore(a, x.bci(), loop, dom, g)));
                        given++;
                    }
                }
            }
        }
        return given;
    }

    /**
     * An {@code arraylength} of {@code array} in a block that strictly dominates the loop's header
     * (it ran before the loop, so the array is not null and this is its length; one whose exception
     * goes to a handler does not count, the handler may lead into the loop), else a new
     * {@code lengthorzero} appended to the entering block.
     */
    private static Value lengthBefore(Value array, int bci, Loop loop, Dominance dom, Graph g) {
        for (Node u : array.users()) {
            if (u instanceof Instruction l && l.op() == Op.ARRAY_LENGTH && l.input(0) == array && !l.hasExceptionEdge() && l.block() != null
                            && l.block() != loop.header() && dom.dominates(l.block(), loop.header())) {
                return l;
            }
        }
        Instruction len = new Instruction(g, Op.ARRAY_LENGTH_OR_ZERO, JavaKind.Int, null, bci, array);
        loop.preheader().insertAtEnd(len);
        return len;
    }
}
