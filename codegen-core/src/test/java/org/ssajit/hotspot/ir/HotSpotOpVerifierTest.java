package org.ssajit.hotspot.ir;

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
import org.ssajit.ir.Value;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The verifier's rules about lowered graphs, on HotSpot's dialect: words derived from references
 * kept from safepoints and frame states (the ops' declared {@link org.ssajit.ir.Operation.DerivedWords}),
 * words where they belong, and the dialect's own rules ({@link HotSpotOp#check}).
 */
class HotSpotOpVerifierTest {
    private static void rejects(Graph g, String fragment) {
        VerificationError e = assertThrows(VerificationError.class, () -> Verifier.verify(g));
        assertTrue(e.getMessage().contains(fragment), () -> "expected '" + fragment + "' in: " + e.getMessage());
    }

    // Words -------------------------------------------------------------------------------------------

    static int words(Object o, int x) {
        return x;
    }

    static final ResolvedJavaMethod WORDS = Jvmci.method(HotSpotOpVerifierTest.class, "words");
    /** A class's metadata constant, as a metadata op's attribute. */
    static final jdk.vm.ci.meta.VMConstant HUB = (jdk.vm.ci.meta.VMConstant) Jvmci.PROVIDERS.constantReflection()
                    .asObjectHub(Jvmci.PROVIDERS.metaAccess().lookupJavaType(String.class));

    /**
     * A lowered graph of {@link #words}: its entry block, the object and int parameters, and what
     * the tests append; {@link #end} returns an int.
     */
    private static final class Lowered {
        final Graph g = new Graph(WORDS);
        final Block entry = g.newBlock(0);
        final Parameter o = g.addParameter(0, JavaKind.Object, false);
        final Parameter x = g.addParameter(1, JavaKind.Int, false);

        Lowered() {
            g.markLowered();
        }

        Instruction addressOf() {
            return new Instruction(g, HotSpotOp.ADDRESS_OF, JavaKind.Long, null, 0, o);
        }

        /** An int read at a word or reference base. */
        Instruction read(Value base) {
            return new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Int, 8, 0, false), 0, base);
        }

        /** A null check of the object, with a state of the method's two locals ({@code local0} in slot 0). */
        Instruction nullCheck(Value local0) {
            Instruction c = new Instruction(g, HotSpotOp.NULL_CHECK, JavaKind.Void, new Deopt(jdk.vm.ci.meta.DeoptimizationReason.NullCheckException,
                            jdk.vm.ci.meta.DeoptimizationAction.None), 0, o);
            c.setState(state(local0));
            return c;
        }

        FrameState state(Value local0) {
            return new FrameState(WORDS, 0, new Value[] {local0, local0 != null && local0.kind() == JavaKind.Long ? null : x}, new Value[0], new Value[0]);
        }

        void end(Block b, Value result) {
            b.setTerminator(new Return(1, result));
        }
    }

    /** A word derived from the object's address, used before the next instruction with a state: accepted, whatever its base kinds. */
    @Test
    void acceptsDerivedWordsUsedBeforeASafepoint() {
        Lowered l = new Lowered();
        Instruction w = l.addressOf();
        Instruction plus = new Instruction(l.g, Op.ADD, JavaKind.Long, null, 0, w, l.g.longConstant(16));
        Instruction r = l.read(plus);
        l.entry.append(w);
        l.entry.append(plus);
        l.entry.append(r);
        l.entry.append(l.nullCheck(l.o));
        l.end(l.entry, r);
        Verifier.verify(l.g);
    }

    /** The same word read after the null check, a deoptimization point: live across it, rejected. */
    @Test
    void rejectsADerivedWordLiveAcrossAnInstructionWithAState() {
        Lowered l = new Lowered();
        Instruction w = l.addressOf();
        Instruction plus = new Instruction(l.g, Op.ADD, JavaKind.Long, null, 0, w, l.g.longConstant(16));
        Instruction r = l.read(plus);
        l.entry.append(w);
        l.entry.append(l.nullCheck(l.o));
        l.entry.append(plus);
        l.entry.append(r);
        l.end(l.entry, r);
        rejects(l.g, "a word derived from a reference, is live across");
    }

    /** Through a phi and across blocks: the word crosses a null check on one path to the join that reads through it. */
    @Test
    void rejectsADerivedWordLiveAcrossASafepointOnOnePath() {
        Lowered l = new Lowered();
        Block t = l.g.newBlock(1);
        Block f = l.g.newBlock(2);
        Block join = l.g.newBlock(3);
        Instruction w = l.addressOf();
        Instruction plus = new Instruction(l.g, Op.ADD, JavaKind.Long, null, 0, w, l.g.longConstant(16));
        l.entry.append(w);
        l.entry.append(plus);
        l.entry.setTerminator(new If(0, Condition.GT, l.x, l.g.intConstant(0), t, f));
        t.addPredecessor(l.entry);
        f.addPredecessor(l.entry);
        t.append(l.nullCheck(l.o));
        t.setTerminator(new Goto(-1, join));
        f.setTerminator(new Goto(-1, join));
        join.addPredecessor(t);
        join.addPredecessor(f);
        Phi p = join.addPhi(l.g, JavaKind.Long);
        p.appendOperand(w);
        p.appendOperand(plus);
        Instruction r = l.read(p);
        join.append(r);
        l.end(join, r);
        rejects(l.g, "is live across nullcheck");
    }

    /** A derived word in a frame state: rejected (a deoptimization cannot describe it); the object itself is fine there. */
    @Test
    void rejectsADerivedWordInAFrameState() {
        Lowered l = new Lowered();
        Instruction w = l.addressOf();
        l.entry.append(w);
        l.entry.append(l.nullCheck(w));
        l.end(l.entry, l.x);
        rejects(l.g, "is in a frame state");
    }

    /** A derived word used after a polling branch (a backward branch with a state): rejected. */
    @Test
    void rejectsADerivedWordLiveAcrossAPoll() {
        Lowered l = new Lowered();
        Block next = l.g.newBlock(1);
        Instruction w = l.addressOf();
        l.entry.append(w);
        Goto poll = new Goto(0, next);
        poll.setState(l.state(l.o));
        l.entry.setTerminator(poll);
        next.addPredecessor(l.entry);
        Instruction r = l.read(w);
        next.append(r);
        l.end(next, r);
        rejects(l.g, "live across the safepoint poll");
    }

    /**
     * Words elsewhere: a read at a word base (a class's metadata) is accepted, without a state; at an
     * int base, or with a state (an implicit null check needs a reference), rejected. Metadata is a
     * word or its narrow int; a narrow class pointer decodes to a word, a narrow oop to a reference.
     * Branches compare words only once lowered.
     */
    @Test
    void wordsHaveTheirPlaces() {
        Lowered ok = new Lowered();
        Instruction hub = new Instruction(ok.g, HotSpotOp.METADATA, JavaKind.Long, HUB, 0);
        Instruction narrow = ok.read(ok.o);
        Instruction klass = new Instruction(ok.g, HotSpotOp.UNCOMPRESS, JavaKind.Long, NarrowEncoding.ofKlass(0, 3), 0, narrow);
        Instruction super0 = new Instruction(ok.g, HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, 64, 0, false), 0, klass);
        for (Instruction i : List.of(hub, narrow, klass, super0)) {
            ok.entry.append(i);
        }
        Block yes = ok.g.newBlock(1);
        Block no = ok.g.newBlock(2);
        ok.entry.setTerminator(new If(0, Condition.EQ, super0, hub, yes, no));
        yes.addPredecessor(ok.entry);
        no.addPredecessor(ok.entry);
        ok.end(yes, ok.x);
        ok.end(no, ok.g.intConstant(0));
        Verifier.verify(ok.g);

        Lowered intBase = new Lowered();
        Instruction bad = intBase.read(intBase.x);
        intBase.entry.append(bad);
        intBase.end(intBase.entry, bad);
        rejects(intBase.g, "neither a reference nor a word");

        Lowered stateful = new Lowered();
        Instruction m = new Instruction(stateful.g, HotSpotOp.METADATA, JavaKind.Long, HUB, 0);
        Instruction r = stateful.read(m);
        r.setState(stateful.state(stateful.o));
        stateful.entry.append(m);
        stateful.entry.append(r);
        stateful.end(stateful.entry, r);
        rejects(stateful.g, "only an access at a reference can be its implicit null check");

        Lowered oopAsWord = new Lowered();
        Instruction n = oopAsWord.read(oopAsWord.o);
        Instruction wrong = new Instruction(oopAsWord.g, HotSpotOp.UNCOMPRESS, JavaKind.Long, new NarrowEncoding(0, 3), 0, n);
        oopAsWord.entry.append(n);
        oopAsWord.entry.append(wrong);
        oopAsWord.end(oopAsWord.entry, oopAsWord.x);
        rejects(oopAsWord.g, "a narrow oop decodes to a reference");

        Lowered floatMeta = new Lowered();
        floatMeta.entry.append(new Instruction(floatMeta.g, HotSpotOp.METADATA, JavaKind.Float, HUB, 0));
        floatMeta.end(floatMeta.entry, floatMeta.x);
        rejects(floatMeta.g, "metadata is a word or its narrow form");

        Graph high = new Graph(WORDS);
        Block e = high.newBlock(0);
        Block y = high.newBlock(1);
        Block n2 = high.newBlock(2);
        high.addParameter(0, JavaKind.Object, false);
        Parameter x = high.addParameter(1, JavaKind.Int, false);
        Instruction wide = new Instruction(high, Op.I2L, JavaKind.Long, null, 0, x);
        e.append(wide);
        e.setTerminator(new If(0, Condition.EQ, wide, high.longConstant(0), y, n2));
        y.addPredecessor(e);
        n2.addPredecessor(e);
        y.setTerminator(new Return(1, x));
        n2.setTerminator(new Return(1, x));
        rejects(high, "and words, once lowered");
    }
}
