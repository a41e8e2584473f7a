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
        assertEquals(false, g.mayContain(Op.LOCK));
        assertEquals(true, g.mayContain(Op.NEG));
    }
}
