package org.ssajit.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * {@link Graph#mayContain}: the lowering's expansions skip their walk when it says false, so it must
 * say true for every op an instruction of the graph was made with (every ordinal, the ones past 63
 * too), and false for the others.
 */
class OpsMadeTest {
    static int subject(int a) {
        return a;
    }

    @Test
    void everyOpMadeIsReportedAndNoOther() {
        for (Op made : Op.values()) {
            Graph g = new Graph(Jvmci.method(OpsMadeTest.class, "subject"));
            Parameter a = g.addParameter(0, JavaKind.Int, false);
            new Instruction(g, made, JavaKind.Int, null, 0, a);
            for (Op asked : Op.values()) {
                assertEquals(asked == made, g.mayContain(asked), "made " + made + ", asked " + asked);
            }
        }
    }

    @Test
    void aGraphOfOtherOpsSaysNo() {
        Graph g = new Graph(Jvmci.method(OpsMadeTest.class, "subject"));
        Parameter a = g.addParameter(0, JavaKind.Int, false);
        Block b = g.newBlock(0);
        b.append(new Instruction(g, Op.NEG, JavaKind.Int, null, 0, a));
        assertEquals(false, g.mayContain(Op.MONITOR_ENTER));
        assertEquals(true, g.mayContain(Op.NEG));
        assertEquals(false, g.mayContain(Dialect.WORD_NEG), "a dialect's op, its id beyond the graph's bits so far");
    }

    /** A dialect's ops (ids after Op's): the graph's bits grow to take them, and say yes for them only. */
    @Test
    void aDialectsOpsAreReportedToo() {
        Graph g = new Graph(Jvmci.method(OpsMadeTest.class, "subject"));
        Parameter a = g.addParameter(0, JavaKind.Int, false);
        new Instruction(g, Dialect.WORD_NOT, JavaKind.Int, null, 0, a);
        assertEquals(true, g.mayContain(Dialect.WORD_NOT));
        assertEquals(false, g.mayContain(Dialect.WORD_NEG));
        assertEquals(false, g.mayContain(Op.NEG));
        new Instruction(g, Op.NEG, JavaKind.Int, null, 0, a);
        assertEquals(true, g.mayContain(Op.NEG));
        assertEquals(true, Dialect.WORD_NOT.id() >= Op.values().length && Dialect.WORD_NEG.id() == Dialect.WORD_NOT.id() + 1);
    }

    /** A dialect of two ops, past one word of bits (its ids 64 after where a dialect's start). */
    enum Dialect implements Operation {
        WORD_NOT, WORD_NEG;

        private static final int FIRST = Op.values().length + 64;

        private final Declaration declaration = new Declaration(name().toLowerCase(java.util.Locale.ROOT), Operation.Flags.PURE, Op.Kinds.SAME, null,
                        Declaration.in(Op.In.X, Op.Kinds.SAME));

        @Override
        public Declaration declaration() {
            return declaration;
        }

        @Override
        public int id() {
            return FIRST + ordinal();
        }
    }
}
