package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Stamps;
import org.ssajit.ir.Value;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * {@link CheckElimination} and {@link ImplicitNullChecks} on graphs built by hand, for the rules'
 * conditions that the lowering of Java source never puts to the test (it always emits a check next to
 * its own access): which null check a bounds check stands for, which passed type test shows its object
 * non-null, which access a null check may become.
 */
class CheckEliminationTest {
    static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();
    static final ResolvedJavaMethod METHOD = Jvmci.method(CheckEliminationTest.class, "shape");
    static final ResolvedJavaMethod CALLER = Jvmci.method(CheckEliminationTest.class, "caller");
    static final Deopt DEOPT = new Deopt(DeoptimizationReason.NullCheckException, HotSpotLowering.EXCEPTION_ACTION);
    static final Deopt THROW = Deopt.compiledThrow(DeoptimizationReason.NullCheckException);

    static int shape(Object a, Object b, int i) {
        return i;
    }

    static int caller(Object a, Object b, int i) {
        return shape(a, b, i);
    }

    final Graph g = new Graph(METHOD);
    final Block entry = g.newBlock(0);
    final Parameter a = g.addParameter(0, JavaKind.Object, false);
    final Parameter b = g.addParameter(1, JavaKind.Object, false);
    final Parameter i = g.addParameter(2, JavaKind.Int, false);

    FrameState state(int bci) {
        return new FrameState(METHOD, bci, new Value[]{a, b, i}, new Value[0], new Value[0]);
    }

    Instruction add(Block in, Operation op, JavaKind kind, Object attribute, int bci, FrameState s, Value... inputs) {
        Instruction x = new Instruction(g, op, kind, attribute, bci, inputs);
        if (s != null) {
            x.setState(s);
        }
        in.append(x);
        return x;
    }

    static Access lengthAccess() {
        return new Access(JavaKind.Int, CONFIG.arrayLengthOffset, 0, false);
    }

    void eliminate() {
        CheckElimination.run(g, Stamps.infer(g), CONFIG.arrayLengthOffset);
    }

    static List<Operation> ops(Block b) {
        return b.instructions().stream().map(Instruction::op).toList();
    }

    /** nullcheck x; boundscheck i against readorzero(a), at {@code bci}; the null check's state {@code s}. */
    Instruction nullCheckBeforeBoundsCheck(Value x, Deopt why, FrameState s) {
        Instruction len = add(entry, HotSpotOp.READ_OR_ZERO, JavaKind.Int, lengthAccess(), 5, null, a);
        Instruction c = add(entry, HotSpotOp.NULL_CHECK, JavaKind.Void, why, 5, s, x);
        add(entry, HotSpotOp.BOUNDS_CHECK, JavaKind.Void, new Deopt(DeoptimizationReason.BoundsCheckException, HotSpotLowering.EXCEPTION_ACTION), 5, state(5), i, len);
        entry.setTerminator(new Return(6, i));
        return c;
    }

    @Test
    void aBoundsCheckAgainstTheLengthOrZeroStandsForItsOwnAccesssNullCheck() {
        Instruction c = nullCheckBeforeBoundsCheck(a, DEOPT, state(5));
        eliminate();
        assertNull(c.block(), entry.instructions()::toString);
        assertEquals(List.of(HotSpotOp.READ_OR_ZERO, HotSpotOp.BOUNDS_CHECK), ops(entry));
    }

    @Test
    void notForAnotherArraysNullCheck() {
        Instruction c = nullCheckBeforeBoundsCheck(b, DEOPT, state(5));
        eliminate();
        assertNotNull(c.block(), "b's length is not checked");
    }

    @Test
    void notForANullCheckThatThrowsToAHandler() {
        Instruction c = nullCheckBeforeBoundsCheck(a, THROW, state(5));
        eliminate();
        assertNotNull(c.block(), "a null array must throw NullPointerException in compiled code, not deoptimize as out of bounds");
    }

    @Test
    void notForANullCheckOfAnotherFrameAtTheSameBci() {
        FrameState callee = new FrameState(METHOD, 5, new Value[]{a, b, i}, new Value[0], new Value[0],
                        new FrameState(CALLER, 3, new Value[]{a, b, i}, new Value[0], new Value[0]));
        Instruction c = nullCheckBeforeBoundsCheck(a, DEOPT, callee);
        eliminate();
        assertNotNull(c.block(), "an inlined callee's null check fails in the callee's frame");
    }

    /** Two bounds checks of a[i] in a row, the first failing as {@code first}: whether the second goes. */
    boolean secondBoundsCheckGoes(Deopt first) {
        Instruction len = add(entry, HotSpotOp.READ, JavaKind.Int, lengthAccess(), 5, null, a);
        add(entry, HotSpotOp.BOUNDS_CHECK, JavaKind.Void, first, 5, state(5), i, len);
        Instruction second = add(entry, HotSpotOp.BOUNDS_CHECK, JavaKind.Void, new Deopt(DeoptimizationReason.BoundsCheckException, HotSpotLowering.EXCEPTION_ACTION), 7, state(7), i, len);
        entry.setTerminator(new Return(8, i));
        eliminate();
        return second.block() == null;
    }

    @Test
    void aPassedBoundsCheckProvesTheNextOne() {
        assertEquals(true, secondBoundsCheckGoes(new Deopt(DeoptimizationReason.BoundsCheckException, HotSpotLowering.EXCEPTION_ACTION)));
    }

    @Test
    void notOneThatThrowsToAHandler() {
        assertEquals(false, secondBoundsCheckGoes(Deopt.compiledThrow(DeoptimizationReason.BoundsCheckException)), "the handler is entered exactly when it fails");
    }

    /** Two casts of a to Number in a row, the first failing as {@code first}: whether the second goes. */
    boolean secondCastGoes(Deopt first) {
        jdk.vm.ci.meta.ResolvedJavaType number = Jvmci.PROVIDERS.metaAccess().lookupJavaType(Number.class);
        Instruction t1 = add(entry, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.subtypeTest(number, Jvmci.PROVIDERS.constantReflection(), true), 1, null, a);
        add(entry, HotSpotOp.GUARD, JavaKind.Void, first, 1, state(1), t1);
        add(entry, HotSpotOp.PI, JavaKind.Object, null, 1, null, a);
        Instruction t2 = add(entry, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.subtypeTest(number, Jvmci.PROVIDERS.constantReflection(), true), 4, null, a);
        Instruction second = add(entry, HotSpotOp.GUARD, JavaKind.Void, new Deopt(DeoptimizationReason.ClassCastException, HotSpotLowering.EXCEPTION_ACTION), 4, state(4), t2);
        add(entry, HotSpotOp.PI, JavaKind.Object, null, 4, null, a);
        entry.setTerminator(new Return(8, i));
        eliminate();
        return second.block() == null;
    }

    @Test
    void aPassedCastProvesTheNextOne() {
        assertEquals(true, secondCastGoes(new Deopt(DeoptimizationReason.ClassCastException, HotSpotLowering.EXCEPTION_ACTION)));
    }

    @Test
    void notACastThatThrowsToAHandler() {
        assertEquals(false, secondCastGoes(Deopt.compiledThrow(DeoptimizationReason.ClassCastException)));
    }

    @Test
    void theLengthOrZeroOfANonNullArrayIsItsLength() {
        add(entry, HotSpotOp.NULL_CHECK, JavaKind.Void, DEOPT, 1, state(1), a);
        add(entry, HotSpotOp.READ_OR_ZERO, JavaKind.Int, lengthAccess(), 2, null, a);
        add(entry, HotSpotOp.READ_OR_ZERO, JavaKind.Int, lengthAccess(), 2, null, b);
        entry.setTerminator(new Return(8, i));
        eliminate();
        assertEquals(List.of(HotSpotOp.NULL_CHECK, HotSpotOp.READ, HotSpotOp.READ_OR_ZERO), ops(entry));
    }

    /** Two zero checks of i in a row, the first failing as {@code first}: whether the second goes. */
    boolean secondZeroCheckGoes(Deopt first) {
        add(entry, HotSpotOp.ZERO_CHECK, JavaKind.Void, first, 1, state(1), i);
        Instruction second = add(entry, HotSpotOp.ZERO_CHECK, JavaKind.Void, new Deopt(DeoptimizationReason.ArithmeticException, HotSpotLowering.EXCEPTION_ACTION), 4, state(4), i);
        entry.setTerminator(new Return(8, i));
        eliminate();
        return second.block() == null;
    }

    @Test
    void aPassedZeroCheckProvesTheNextOne() {
        assertEquals(true, secondZeroCheckGoes(new Deopt(DeoptimizationReason.ArithmeticException, HotSpotLowering.EXCEPTION_ACTION)));
    }

    @Test
    void notAZeroCheckThatThrowsToAHandler() {
        assertEquals(false, secondZeroCheckGoes(Deopt.compiledThrow(DeoptimizationReason.ArithmeticException)));
    }

    /** if typetest(a) != 0 then t else f; t: nullcheck a. */
    Instruction nullCheckAfterTypeTest(boolean nullPasses) {
        Block t = g.newBlock(5);
        Block f = g.newBlock(9);
        Instruction test = add(entry, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.subtypeTest(Jvmci.PROVIDERS.metaAccess().lookupJavaType(Number.class), Jvmci.PROVIDERS.constantReflection(), nullPasses), 1, null, a);
        entry.setTerminator(new If(1, Condition.NE, test, g.intConstant(0), t, f));
        t.addPredecessor(entry);
        f.addPredecessor(entry);
        Instruction c = add(t, HotSpotOp.NULL_CHECK, JavaKind.Void, DEOPT, 5, state(5), a);
        t.setTerminator(new Return(6, i));
        f.setTerminator(new Return(10, i));
        return c;
    }

    @Test
    void aPassedTypeTestThatNullFailsShowsItsObjectNonNull() {
        Instruction c = nullCheckAfterTypeTest(false);
        eliminate();
        assertNull(c.block());
    }

    @Test
    void aPassedTypeTestThatNullPassesDoesNot() {
        Instruction c = nullCheckAfterTypeTest(true);
        eliminate();
        assertNotNull(c.block(), "a cast's test passes a null");
    }

    /** nullcheck a; then {@code between}; then {@code access}: which one the check becomes. */
    Instruction access(Instruction check, Instruction... rest) {
        entry.append(check);
        for (Instruction x : rest) {
            entry.append(x);
        }
        entry.setTerminator(new Return(9, i));
        ImplicitNullChecks.run(g, CONFIG.vmPageSize);
        return rest[rest.length - 1];
    }

    Instruction check(Deopt why) {
        Instruction c = new Instruction(g, HotSpotOp.NULL_CHECK, JavaKind.Void, why, 1, a);
        c.setState(state(1));
        return c;
    }

    Instruction read(Value base, int displacement, Value... index) {
        Value[] in = index.length == 0 ? new Value[]{base} : new Value[]{base, index[0]};
        return new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Int, displacement, index.length == 0 ? 0 : 4, false), 1, in);
    }

    @Test
    void aNullCheckBecomesTheNextReadOfItsReference() {
        Instruction r = access(check(DEOPT), new Instruction(g, Op.ADD, JavaKind.Int, null, 1, i, i), read(a, 12));
        assertNotNull(r.state());
        assertEquals(List.of(Op.ADD, HotSpotOp.READ), ops(entry));
    }

    /** A volatile store's barrier sits between its null check and its write. */
    @Test
    void acrossAMemoryBarrier() {
        Instruction r = access(check(DEOPT), new Instruction(g, HotSpotOp.MEMBAR, JavaKind.Void, MemoryBarriers.STORE_STORE, 1), read(a, 12));
        assertNotNull(r.state());
    }

    @Test
    void notAReadOfAnotherReference() {
        Instruction r = access(check(DEOPT), read(b, 12));
        assertNull(r.state());
        assertEquals(List.of(HotSpotOp.NULL_CHECK, HotSpotOp.READ), ops(entry));
    }

    @Test
    void notAReadBeyondTheProtectedPage() {
        Instruction r = access(check(DEOPT), read(a, CONFIG.vmPageSize));
        assertNull(r.state());
    }

    @Test
    void notAnIndexedRead() {
        Instruction r = access(check(DEOPT), read(a, 16, i));
        assertNull(r.state());
    }

    @Test
    void notAfterAReadOfAnotherReference() {
        Instruction r = access(check(DEOPT), read(b, 12), read(a, 12));
        assertNull(r.state(), "b's read would run before a's null check");
    }

    @Test
    void notACheckThatThrowsToAHandler() {
        Instruction r = access(check(THROW), read(a, 12));
        assertNull(r.state());
    }

    /** entry: if i cond 0 then t else f; t (after {@code inT} filled it), f: goto j. Returns t, f, j (j not terminated). */
    Block[] diamond(Condition cond, java.util.function.Consumer<Block> inT) {
        Block t = g.newBlock(5);
        Block f = g.newBlock(9);
        Block j = g.newBlock(12);
        entry.setTerminator(new If(1, cond, i, g.intConstant(0), t, f));
        t.addPredecessor(entry);
        f.addPredecessor(entry);
        inT.accept(t);
        t.setTerminator(new Goto(6, j));
        f.setTerminator(new Goto(10, j));
        j.addPredecessor(t);
        j.addPredecessor(f);
        return new Block[] {t, f, j};
    }

    @Test
    void blocksAreWalkedAsTheDominatorTree() {
        // entry: if i > 0 then t else f; t: nullcheck a; f: goto j; j (after both): nullcheck a stays.
        Instruction[] inT = new Instruction[1];
        Block j = diamond(Condition.GT, t -> inT[0] = add(t, HotSpotOp.NULL_CHECK, JavaKind.Void, DEOPT, 5, state(5), a))[2];
        Instruction inJ = add(j, HotSpotOp.NULL_CHECK, JavaKind.Void, DEOPT, 12, state(12), a);
        j.setTerminator(new Return(13, i));
        eliminate();
        assertNotNull(inT[0].block());
        assertNotNull(inJ.block(), "t does not dominate j");
    }

    /**
     * A boolean's {@code & 1} of a phi of 0 and 1 (what an inlined boolean method's result becomes)
     * goes, as does any mask of low bits the phi fits in; a mask that is not of low bits, and one of a
     * value that may be anything, stay.
     */
    @Test
    void aMaskThatAPhiOfZeroAndOneFitsInGoes() {
        Block join = diamond(Condition.EQ, t -> { })[2];
        org.ssajit.ir.Phi p = join.addPhi(g, JavaKind.Int);
        p.appendOperand(g.intConstant(1));
        p.appendOperand(g.intConstant(0));
        Instruction one = add(join, Op.AND, JavaKind.Int, null, 3, null, p, g.intConstant(1));
        Instruction twice = add(join, Op.AND, JavaKind.Int, null, 3, null, one, g.intConstant(1));
        Instruction low = add(join, Op.AND, JavaKind.Int, null, 3, null, p, g.intConstant(7));
        Instruction notLow = add(join, Op.AND, JavaKind.Int, null, 3, null, p, g.intConstant(2));
        Instruction ofAny = add(join, Op.AND, JavaKind.Int, null, 3, null, i, g.intConstant(1));
        Instruction sum = add(join, Op.ADD, JavaKind.Int, null, 3, null, twice, low);
        Instruction sum2 = add(join, Op.ADD, JavaKind.Int, null, 3, null, sum, notLow);
        Instruction sum3 = add(join, Op.ADD, JavaKind.Int, null, 3, null, sum2, ofAny);
        join.setTerminator(new Return(4, sum3));
        eliminate();
        assertNull(one.block(), "p & 1");
        assertNull(twice.block(), "(p & 1) & 1");
        assertNull(low.block(), "p & 7");
        assertEquals(p, sum.input(0));
        assertEquals(p, sum.input(1));
        assertNotNull(notLow.block(), "p & 2 is 0 for p = 1");
        assertNotNull(ofAny.block(), "i & 1 of any i");
    }
}
