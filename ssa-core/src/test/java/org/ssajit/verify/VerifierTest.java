package org.ssajit.verify;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.Value;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/** The verifier rejects each kind of broken graph (hand-built), and accepts the well-formed version. */
class VerifierTest {
    static int shape(int a, int b) {
        return a > b ? a : b;
    }

    static final ResolvedJavaMethod METHOD = Jvmci.method(VerifierTest.class, "shape");

    /** entry: if a > b then t else f; t, f: goto join; join: phi(a, b); return. */
    private static final class Diamond {
        final Graph g = new Graph(METHOD);
        final Block entry = g.newBlock(0);
        final Block t = g.newBlock(5);
        final Block f = g.newBlock(9);
        final Block join = g.newBlock(10);
        final Parameter a = g.addParameter(0, JavaKind.Int, false);
        final Parameter b = g.addParameter(1, JavaKind.Int, false);

        Diamond() {
            entry.setTerminator(new If(2, Condition.GT, a, b, t, f));
            t.addPredecessor(entry);
            f.addPredecessor(entry);
            join.addPredecessor(t);
            join.addPredecessor(f);
        }

        /** Terminates the arms (after the test appended to them) and returns {@code v} from the join. */
        void returns(Value v) {
            t.setTerminator(new Goto(-1, join));
            f.setTerminator(new Goto(-1, join));
            join.setTerminator(new Return(11, v));
        }

        Phi phi(Value x, Value y) {
            Phi p = join.addPhi(g, JavaKind.Int);
            p.appendOperand(x);
            p.appendOperand(y);
            return p;
        }
    }

    @Test
    void acceptsWellFormedGraph() {
        Diamond d = new Diamond();
        d.returns(d.phi(d.a, d.b));
        Verifier.verify(d.g);
    }

    private static void rejects(Graph g, String fragment) {
        VerificationError e = assertThrows(VerificationError.class, () -> Verifier.verify(g));
        assertTrue(e.getMessage().contains(fragment), () -> "expected '" + fragment + "' in: " + e.getMessage());
    }

    @Test
    void rejectsTrivialPhi() {
        Diamond d = new Diamond();
        d.returns(d.phi(d.a, d.a));
        rejects(d.g, "is trivial");
    }

    @Test
    void rejectsPhiWithWrongOperandCount() {
        Diamond d = new Diamond();
        Phi p = d.phi(d.a, d.b);
        p.appendOperand(d.a);
        d.returns(p);
        rejects(d.g, "operands for 2 predecessors");
    }

    @Test
    void rejectsUseNotDominatedByDefinition() {
        Diamond d = new Diamond();
        Instruction inT = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 6, d.a, d.b);
        d.t.append(inT);
        // The join uses a value defined only on one path.
        d.returns(inT);
        rejects(d.g, "does not dominate");
    }

    @Test
    void rejectsPhiOperandNotAvailableInItsPredecessor() {
        Diamond d = new Diamond();
        Instruction inT = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 6, d.a, d.b);
        d.t.append(inT);
        d.returns(d.phi(d.a, inT)); // inT flows in from f, where it does not exist
        rejects(d.g, "does not dominate predecessor");
    }

    @Test
    void rejectsUseBeforeDefinitionInOneBlock() {
        Diamond d = new Diamond();
        Instruction first = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 6, d.a, d.b);
        Instruction second = new Instruction(d.g, Op.MUL, JavaKind.Int, null, 7, first, d.b);
        d.t.append(second);
        d.t.append(first);
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "used before its definition");
    }

    @Test
    void rejectsKindMismatch() {
        Diamond d = new Diamond();
        Instruction wide = new Instruction(d.g, Op.I2L, JavaKind.Long, null, 6, d.a);
        Instruction bad = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 7, wide, d.b);
        d.t.append(wide);
        d.t.append(bad);
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "kind long where int is expected");
    }

    @Test
    void rejectsThrowingInstructionWithoutFrameState() {
        Diamond d = new Diamond();
        d.t.append(new Instruction(d.g, Op.DIV, JavaKind.Int, null, 6, d.a, d.b));
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "has no frame state");
    }

    @Test
    void rejectsValueInSecondSlotOfLong() {
        Diamond d = new Diamond();
        Instruction wide = new Instruction(d.g, Op.I2L, JavaKind.Long, null, 6, d.a);
        Instruction div = new Instruction(d.g, Op.DIV, JavaKind.Long, null, 7, wide, wide);
        d.t.append(wide);
        Value[] locals = new Value[METHOD.getMaxLocals()];
        locals[0] = wide;
        locals[1] = d.b; // the second slot of the long in local 0
        div.setState(new FrameState(METHOD, 0, locals, new Value[0], new Value[0]));
        d.t.append(div);
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "second slot");
    }

    @Test
    void rejectsUnregisteredUse() {
        Diamond d = new Diamond();
        d.returns(d.phi(d.a, d.b));
        // A value that claims a user that no longer exists in the graph.
        Instruction orphan = new Instruction(d.g, Op.NEG, JavaKind.Int, null, 6, d.a);
        assertTrue(orphan.inputCount() == 1);
        rejects(d.g, "lists a user that is not in the graph");
    }

    @Test
    void rejectsMissingPredecessorLink() {
        Diamond d = new Diamond();
        Block stray = d.g.newBlock(12);
        stray.setTerminator(new Goto(-1, d.join)); // jumps to join without being listed, and is unreachable
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "unreachable");
    }
}
