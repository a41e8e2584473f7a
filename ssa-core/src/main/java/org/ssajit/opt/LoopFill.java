package org.ssajit.opt;

import java.util.List;

import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Loops;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * A loop that only stores one value into consecutive elements of an array,
 * {@code for (; i <= n; i++) a[i] = v} (or {@code i < n}), gets an {@link Op#FILL} in the block that
 * enters it: the fill stores the whole range at once when it is in bounds and gives the index to go
 * on from, which becomes the loop's start. After a fill the loop's first test ends it; otherwise
 * (a range partly out of bounds, a null array, a short range the machine code leaves alone) the loop
 * runs as before and deoptimizes at the element it would have.
 *
 * <p>The loop must be exactly that: a header with the index as its only phi and only the test, and
 * one body block holding the store (a primitive element, a checked length from outside the loop, no
 * exception handler) and {@code i + 1}, then the jump back. The array, the value, the bound and the
 * length are defined outside the loop. A byte store takes a constant 0 or 1 only, which means the
 * same in a byte and a boolean array ({@code bastore} keeps bit 0 for booleans). Nothing of the loop
 * changes, so what the loop observes and produces is unchanged; its safepoint poll runs for the
 * iterations that are left. Returns the number of fills.
 */
public final class LoopFill {
    private LoopFill() {
    }

    public static int run(Graph g) {
        int fills = 0;
        for (Loop loop : g.loops().innermostFirst()) {
            if (loop.preheader() != null && fill(g, loop)) {
                fills++;
            }
        }
        return fills;
    }

    private static boolean fill(Graph g, Loop loop) {
        Block header = loop.header();
        Loops.CountedLoop counted = loop.countedLoop();
        if (counted == null || loop.blocks().size() != 2 || header.phis().size() != 1 || !header.instructions().isEmpty()
                        || header.predecessors().size() != 2) {
            return false;
        }
        Phi i = counted.iv().phi();
        Block body = counted.body();
        // The loop goes on while i < bound or i <= bound, one step at a time.
        Condition goOn = counted.goOn();
        Value bound = counted.bound();
        if (body == header || !(body.terminator() instanceof Goto back) || back.target() != header || body.predecessors().size() != 1
                        || i.kind() != JavaKind.Int || counted.iv().stride() != 1 || goOn != Condition.LT && goOn != Condition.LE) {
            return false;
        }
        List<Instruction> code = body.instructions();
        if (code.size() != 2) {
            return false;
        }
        Instruction store = code.get(0);
        Instruction next = code.get(1);
        if (store.op() != Op.STORE_INDEXED || store.hasExceptionEdge() || store.checkedLength() == null || store.input(In.INDEX) != i
                        || store.elementKind() == JavaKind.Object || !loop.definesNot(store.input(In.ARRAY))
                        || !loop.definesNot(store.input(In.VALUE)) || !loop.definesNot(store.checkedLength())) {
            return false;
        }
        if (store.elementKind() == JavaKind.Byte && !(store.input(In.VALUE) instanceof Constant c && (c.asInt() == 0 || c.asInt() == 1))) {
            return false;
        }
        if (counted.iv().increment() != next) {
            return false;
        }
        Block entry = loop.preheader();
        int entryIndex = header.predecessorIndex(entry);
        Value from = i.operand(entryIndex);
        Value last = bound;
        if (goOn == Condition.LT) {
            Instruction minusOne = new Instruction(g, Op.SUB, JavaKind.Int, null, store.bci(), bound, g.intConstant(1));
            entry.insertAtEnd(minusOne);
            last = minusOne;
        }
        Instruction fill = new Instruction(g, Op.FILL, JavaKind.Int, store.elementKind(), store.bci(), store.input(In.ARRAY), from, last,
                        store.input(In.VALUE), store.checkedLength());
        entry.insertAtEnd(fill);
        i.setInput(entryIndex, fill);
        return true;
    }
}
