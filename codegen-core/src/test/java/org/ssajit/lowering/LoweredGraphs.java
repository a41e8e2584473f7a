package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/** What the lowering's expansion tests read in a graph: its instructions, its text, an op's shape. */
final class LoweredGraphs {
    private LoweredGraphs() {
    }

    /** Every instruction of {@code g}, block by block. */
    static Stream<Instruction> all(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream());
    }

    /** The instructions of {@code g} with op {@code op}. */
    static Stream<Instruction> all(Graph g, Operation op) {
        return all(g).filter(i -> i.op() == op);
    }

    /** {@code g} printed, for a failing assertion's message. */
    static String text(Graph g) {
        return new IrPrinter(true).print(g);
    }

    /** {@code v}, asserted to be an instruction of {@code op}. */
    static Instruction op(Value v, Operation op) {
        assertTrue(v instanceof Instruction i && i.op() == op, () -> "expected " + op + ": " + v);
        return (Instruction) v;
    }

    /** Asserts {@code v} is the int or long constant {@code expected}. */
    static void assertConstant(long expected, Value v) {
        assertTrue(v instanceof Constant, () -> "not a constant: " + v);
        Constant k = (Constant) v;
        assertEquals(expected, k.kind() == JavaKind.Long ? k.asLong() : k.asInt(), () -> "constant " + k);
    }

    /** A memory op's access. */
    static Access access(Instruction i) {
        return i.attribute(Access.class);
    }
}
