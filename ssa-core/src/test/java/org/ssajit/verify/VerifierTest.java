package org.ssajit.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

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
import org.ssajit.ir.UseListCorruption;
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
    void rejectsAUseListWithAnEntryTooMany() {
        Diamond d = new Diamond();
        Phi p = d.phi(d.a, d.b);
        d.returns(p);
        // The phi uses a once; a's list names it twice.
        UseListCorruption.addUser(d.a, p);
        rejects(d.g, "use list of");
        rejects(d.g, "does not match its uses");
    }

    @Test
    void rejectsAUseListMissingAUse() {
        Diamond d = new Diamond();
        Instruction neg = new Instruction(d.g, Op.NEG, JavaKind.Int, null, 6, d.a);
        d.t.append(neg);
        Instruction add = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 7, neg, neg);
        d.t.append(add);
        d.returns(d.phi(add, d.b));
        Verifier.verify(d.g);
        // add uses neg twice, once per input slot; drop one of the two entries.
        UseListCorruption.removeUser(neg, add);
        rejects(d.g, "does not match its uses");
    }

    @Test
    void rejectsAUserListedByAValueNothingUses() {
        Diamond d = new Diamond();
        Instruction neg = new Instruction(d.g, Op.NEG, JavaKind.Int, null, 6, d.a);
        d.t.append(neg);
        Phi p = d.phi(d.a, d.b);
        d.returns(p);
        Verifier.verify(d.g);
        UseListCorruption.addUser(neg, p);
        rejects(d.g, "lists users but none uses it");
    }

    @Test
    void rejectsAnInputWhoseRecordedUsePositionIsWrong() {
        Diamond d = new Diamond();
        Instruction neg = new Instruction(d.g, Op.NEG, JavaKind.Int, null, 6, d.a);
        d.t.append(neg);
        Instruction add = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 7, neg, d.a);
        d.t.append(add);
        d.returns(d.phi(add, d.b));
        Verifier.verify(d.g);
        // The lists hold the right uses, but add's slot 1 points at the wrong entry of a's list.
        UseListCorruption.misplace(add, 1);
        rejects(d.g, "is not at the position it records in the use list of");
    }

    @Test
    void rejectsMissingPredecessorLink() {
        Diamond d = new Diamond();
        Block stray = d.g.newBlock(12);
        stray.setTerminator(new Goto(-1, d.join)); // jumps to join without being listed, and is unreachable
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "unreachable");
    }

    // What the op table declares (Op.inputs(), result(), attributeType()) is what the verifier checks.

    @Test
    void rejectsMissingInput() {
        Diamond d = new Diamond();
        d.t.append(new Instruction(d.g, Op.SUB, JavaKind.Int, null, 6, d.a));
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "missing y");
    }

    @Test
    void rejectsExtraInput() {
        Diamond d = new Diamond();
        d.t.append(new Instruction(d.g, Op.NEG, JavaKind.Int, null, 6, d.a, d.b));
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "has 2 operands, expected 1");
    }

    @Test
    void rejectsWrongAttribute() {
        Diamond d = new Diamond();
        d.t.append(new Instruction(d.g, Op.ADD, JavaKind.Int, "surprise", 6, d.a, d.b));
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "is not absent");
        Diamond e = new Diamond();
        Value array = e.g.nullConstant();
        e.t.append(new Instruction(e.g, Op.ARRAY_LENGTH_OR_ZERO, JavaKind.Int, null, 6, array));
        Instruction fill = new Instruction(e.g, Op.FILL, JavaKind.Int, "int", 6, array, e.a, e.b, e.a, e.b);
        e.t.append(fill);
        e.returns(e.phi(e.a, e.b));
        rejects(e.g, "is not a JavaKind");
    }

    @Test
    void rejectsWrongKindOfANamedInput() {
        // fill's value must have the element kind (double here), its bounds int.
        Diamond d = new Diamond();
        Value array = d.g.nullConstant();
        d.t.append(new Instruction(d.g, Op.FILL, JavaKind.Int, JavaKind.Double, 6, array, d.a, d.b, d.a, d.b));
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "kind int where double is expected");
    }

    @Test
    void rejectsWrongResultKind() {
        Diamond d = new Diamond();
        d.t.append(new Instruction(d.g, Op.LCMP, JavaKind.Long, null, 6, d.g.longConstant(1), d.g.longConstant(2)));
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "kind long where int is expected");
    }

    @Test
    void rejectsStateOnAPureInstruction() {
        Diamond d = new Diamond();
        Instruction add = new Instruction(d.g, Op.ADD, JavaKind.Int, null, 6, d.a, d.b);
        add.setState(new FrameState(METHOD, 0, new Value[METHOD.getMaxLocals()], new Value[0], new Value[0]));
        d.t.append(add);
        d.returns(d.phi(d.a, d.b));
        rejects(d.g, "cannot fail");
    }

    @Test
    void namedInputsFollowTheDeclaration() {
        Diamond d = new Diamond();
        Value array = d.g.nullConstant();
        Instruction load = new Instruction(d.g, Op.LOAD_INDEXED, JavaKind.Int, JavaKind.Int, 6, array, d.a);
        assertSame(array, load.input(Op.In.ARRAY));
        assertSame(d.a, load.input(Op.In.INDEX));
        assertNull(load.input(Op.In.CHECKED_LENGTH));
        Instruction len = new Instruction(d.g, Op.ARRAY_LENGTH_OR_ZERO, JavaKind.Int, null, 6, array);
        load.setCheckedLength(len);
        assertSame(len, load.input(Op.In.CHECKED_LENGTH));
        assertSame(len, load.checkedLength());
        assertEquals(Op.Presence.OPTIONAL, load.declaration(2).presence());
        assertThrows(IllegalStateException.class, () -> load.setCheckedLength(len), "the optional input is set once");
        assertThrows(IllegalArgumentException.class, () -> load.input(Op.In.FROM), "loadindexed has no 'from'");
        assertEquals("checkedLength", Op.In.CHECKED_LENGTH.label());
    }

    static int callee(int x) {
        return x + 1;
    }

    static final class Box {
        int value;
    }

    /**
     * An object escape analysis left unallocated, in a frame's slot, must be named by the instruction's
     * state with a value of its kind for each field; named so, the state is accepted.
     */
    @Test
    void unallocatedObjectsInFramesAreNamedWithTheirFieldValues() {
        jdk.vm.ci.meta.ResolvedJavaType box = Jvmci.PROVIDERS.metaAccess().lookupJavaType(Box.class);
        for (String variant : List.of("unnamed", "wrong kind", "named")) {
            Diamond d = new Diamond();
            org.ssajit.ir.VirtualInstance o = d.g.virtualInstance(box, box.getInstanceFields(true));
            Value[] locals = new Value[METHOD.getMaxLocals()];
            locals[0] = o;
            FrameState s = new FrameState(METHOD, 0, locals, new Value[0], new Value[0]);
            if (!variant.equals("unnamed")) {
                Value field = variant.equals("named") ? d.b : d.g.longConstant(7);
                FrameState unnamed = s;
                s = s.withVirtualInstances(new org.ssajit.ir.VirtualInstance[]{o}, new Value[]{field});
                unnamed.clearInputs(); // replaced, as Instruction.replaceState drops a state
            }
            Instruction div = new Instruction(d.g, Op.DIV, JavaKind.Int, null, 6, d.a, d.b);
            div.setState(s);
            d.t.append(div);
            d.returns(d.phi(d.a, d.b));
            switch (variant) {
                case "unnamed" -> rejects(d.g, "which the state does not name");
                case "wrong kind" -> rejects(d.g, "has no value of its kind");
                default -> Verifier.verify(d.g);
            }
        }
    }

    /** A state of an inlined method chains the caller's: accepted, its outer values verified too; an unchained foreign state is not. */
    @Test
    void framesStatesOfInlinedMethodsChainTheCallers() {
        ResolvedJavaMethod callee = Jvmci.method(VerifierTest.class, "callee");
        Diamond d = new Diamond();
        Value[] callerLocals = new Value[METHOD.getMaxLocals()];
        callerLocals[0] = d.a;
        FrameState caller = new FrameState(METHOD, 2, callerLocals, new Value[0], new Value[0]);
        Value[] calleeLocals = new Value[callee.getMaxLocals()];
        calleeLocals[0] = d.b;
        Instruction div = new Instruction(d.g, Op.DIV, JavaKind.Int, null, 1, d.b, d.a);
        div.setState(new FrameState(callee, 1, calleeLocals, new Value[0], new Value[0], caller));
        d.t.append(div);
        d.returns(d.phi(d.a, d.b));
        Verifier.verify(d.g);
        assertEquals(2, div.state().depth());
        assertTrue(new org.ssajit.ir.IrPrinter(true).print(d.g).contains("called from state @2"), () -> new org.ssajit.ir.IrPrinter(true).print(d.g));

        Diamond e = new Diamond();
        Instruction foreign = new Instruction(e.g, Op.DIV, JavaKind.Int, null, 1, e.b, e.a);
        foreign.setState(new FrameState(callee, 1, new Value[callee.getMaxLocals()], new Value[0], new Value[0]));
        e.t.append(foreign);
        e.returns(e.phi(e.a, e.b));
        rejects(e.g, "not of the compiled method");
    }
}
