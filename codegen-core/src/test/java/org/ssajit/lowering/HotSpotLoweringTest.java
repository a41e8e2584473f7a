package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Op;
import org.ssajit.ir.Return;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;

/**
 * What the HotSpot lowering makes of each Java-level operation, on the graph: the checks it emits and
 * the ones it proves unnecessary, the VM's offsets and oop encoding, boolean masking and return
 * narrowing as far as stamps require them, the memory barriers of volatile accesses, exception edges
 * removed, unresolved and always-failing accesses turned into deoptimizations. The lowered graph
 * always verifies (no Java-level op left). Running the code is the end-to-end tests' job.
 */
class HotSpotLoweringTest {
    static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();

    int field;
    boolean flag;
    byte small;
    volatile int shared;
    Object ref;
    static int counter;

    static int readField(HotSpotLoweringTest t) {
        return t.field;
    }

    int readOwnField() {
        return field;
    }

    static int readTwice(HotSpotLoweringTest t, boolean c) {
        int a = t.field;
        if (c) {
            a += t.field * 2; // dominated by the first access: no second null check
        }
        return a;
    }

    static int readStatic() {
        return counter;
    }

    static Object readReference(HotSpotLoweringTest t) {
        return t.ref;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int sumFromMinusOne(int[] a) {
        int s = 0;
        for (int i = -1; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int sumOtherArray(int[] a, int[] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += b[i];
        }
        return s;
    }

    static int guardedElement(int[] a, int i) {
        return i >= 0 && i < a.length ? a[i] : 0;
    }

    static Number castProvenByStamp(Integer x) {
        Object o = x;
        return (Number) o;
    }

    static int sumToLengthInclusive(int[] a) {
        int s = 0;
        for (int i = 0; i <= a.length - 1; i++) {
            s += a[i];
        }
        return s;
    }

    static int element(int[] a, int i) {
        return a[i];
    }

    static int sumTo(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    static int divide(int x, int y) {
        return x / y;
    }

    static int divideByEight(int x) {
        return x % 8;
    }

    static int divideByMaskedPlusOne(int x, int y) {
        return x / ((y & 7) + 1);
    }

    static int twoArrays(int[] a, int[] b, int i) {
        return a[i] + b[i] + a[i];
    }

    static int divideTwice(int x, int y) {
        return x / y + x % y;
    }

    static int divideByPositive(int x, int y) {
        return y > 0 ? x / y : 0;
    }

    static int divideInBranches(int x, int y, boolean c) {
        int r = c ? x / y : 0;
        return r + x % y;
    }

    static void storeBoolean(boolean[] z, int i, int v) {
        z[i] = v > 0 ? (v & 2) == 2 : false;
    }

    static void storeBooleanFromInt(boolean[] z, byte[] b, int i) {
        z[i] = b[i] != 0;
    }

    void setFlagFrom(int x) {
        flag = (x & 1) != 0;
    }

    static byte narrowed(int x) {
        return (byte) (x + 1);
    }

    byte notNarrowedAgain() {
        return small;
    }

    void writeVolatile(int v) {
        shared = v;
    }

    int readVolatile() {
        return shared;
    }

    static int caught(int[] a, int i) {
        try {
            return a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    static int nullArray(int i) {
        int[] a = null;
        return a[i];
    }

    static int callStatic(int a, long b) {
        return readStatic() + (int) Math.max(b, a) + a;
    }

    int callOwn(HotSpotLoweringTest other) {
        return readOwnField() + other.readOwnField() + other.hashCode() + other.field;
    }

    static int callInterface(java.util.List<String> l, Runnable r, String s) {
        r.run();
        return l.size() + s.length();
    }

    static int typeChecks(Object o, String s) {
        CharSequence c = (CharSequence) o;
        Object same = (Object) s; // proven by the stamp: no check
        return (o instanceof Runnable ? 1 : 0) + c.length() + same.hashCode();
    }

    static class Base {
        int v;
    }

    static final class Leaf extends Base {
    }

    static int castsAfterTypeTests(Object o, Object p) {
        int r = 0;
        if (o instanceof Leaf) {
            r += ((Base) o).v; // the instanceof proves the cast and that o is not null
        }
        if (p instanceof Base) {
            r += ((Leaf) p).v; // a narrower type: tested
            r += ((Leaf) p).v; // proven by the cast before
        }
        return r;
    }

    static int nullTestOfACastValue(Object o) {
        Base b = (Base) o;
        if (b != null) {
            return ((Base) o).v + b.v; // the branch tested the cast value: o is the same reference
        }
        return 0;
    }

    static int sameElementAroundACall(int[] a, int i, Runnable r) {
        int x = a[i];
        r.run();
        a[i] = x + 1; // the length cannot have changed: no second check
        return a[i] + a[i + 1];
    }

    static double remainders(float a, float b, double c, double d) {
        return a % b + c % d;
    }

    /** The default options, with implicit null checks on or off. */
    private static OptionValues implicitNullChecks(boolean on) {
        return OptionValues.DEFAULTS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, on);
    }

    private static Graph lowered(String name, boolean implicit) {
        return lowered(name, implicit, true);
    }

    /** Lowered, with its type tests and store checks kept as such (the decisions before their expansion) or expanded. */
    static Graph lowered(String name, boolean implicit, boolean expandTypeChecks) {
        Graph g = Jvmci.graph(HotSpotLoweringTest.class, name);
        OptionValues options = implicitNullChecks(implicit);
        new HotSpotLowering(CONFIG, Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection(), options).lower(g,
                        options.get(LoweringOptions.COMPILED_HANDLERS), expandTypeChecks);
        Verifier.verify(g);
        assertTrue(g.isLowered());
        return g;
    }

    private static List<Instruction> all(Graph g, Operation op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).toList();
    }

    private static Instruction only(Graph g, Operation op) {
        List<Instruction> l = all(g, op);
        assertEquals(1, l.size(), () -> op + " in\n" + g);
        return l.get(0);
    }

    @Test
    void aFieldReadIsItsOwnNullCheckWhenImplicitChecksAreOn() {
        Graph g = lowered("readField", true);
        Instruction read = only(g, HotSpotOp.READ);
        assertNotNull(read.state(), "the read is the implicit null check");
        assertEquals(new Access(JavaKind.Int, fieldOffset("field"), 0, false), read.attribute());
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty(), g::toString);

        Graph explicit = lowered("readField", false);
        Instruction check = only(explicit, HotSpotOp.NULL_CHECK);
        assertEquals(new Deopt(DeoptimizationReason.NullCheckException, DeoptimizationAction.None), check.attribute());
        assertNotNull(check.state());
        assertNull(only(explicit, HotSpotOp.READ).state());
    }

    static int guardedCalls(Object a, Object b, Object c, Object d) {
        int h = 0;
        if (a != null) {
            h += a.hashCode(); // a branch edge proves a non-null
        }
        if (null != b) {
            h += b.hashCode();
        }
        if (c instanceof Runnable) {
            h += c.hashCode(); // instanceof passed: c is not null
        }
        if (d == null) {
            h += d.hashCode(); // null here: the check stays (it deoptimizes, the interpreter throws)
        }
        return h;
    }

    static int joinedCalls(Object a, boolean f) {
        if (f || a != null) {
            return a.hashCode(); // entered from two edges, one that says nothing about a
        }
        return 0;
    }

    static int typeTestsAfterChecks(Object a, Object b) {
        int r = a.hashCode(); // a checked: a type test of it tests no null
        if (a instanceof Runnable) {
            r++;
        }
        if (b instanceof Runnable) { // b may be null
            r += 2;
        }
        return r;
    }

    /** A type test of an object proven non-null (here by a dominating null check) does not test for null. */
    @Test
    void typeTestsOfCheckedObjectsTestNoNull() {
        Graph g = lowered("typeTestsAfterChecks", true, false);
        List<Instruction> tests = all(g, HotSpotOp.TYPE_TEST);
        assertEquals(2, tests.size(), g::toString);
        for (Instruction t : tests) {
            boolean isA = t.input(In.OBJECT) == g.parameters().get(0);
            assertEquals(!isA, t.attribute(TypeTest.class).maybeNull(), t::toString);
        }
    }

    /**
     * A call's receiver needs no null check in a block dominated by a branch edge on which it is
     * not null ({@code x != null}, {@code null != x}, a passed instanceof); on the null side, and in
     * a block entered also from an edge that did not test it, the check stays.
     */
    @Test
    void branchEdgesProveReceiversNonNull() {
        Graph g = lowered("guardedCalls", true);
        List<Instruction> checks = all(g, HotSpotOp.NULL_CHECK);
        assertEquals(List.of(g.parameters().get(3)), checks.stream().map(c -> c.input(In.OBJECT)).toList(), g::toString);
        Graph joined = lowered("joinedCalls", true);
        assertEquals(List.of(joined.parameters().get(0)), all(joined, HotSpotOp.NULL_CHECK).stream().map(c -> c.input(In.OBJECT)).toList(), joined::toString);
    }

    @Test
    void theReceiverAndDominatedAccessesNeedNoNullCheck() {
        Graph own = lowered("readOwnField", false);
        assertTrue(all(own, HotSpotOp.NULL_CHECK).isEmpty(), own::toString);
        Graph twice = lowered("readTwice", false);
        assertEquals(1, all(twice, HotSpotOp.NULL_CHECK).size(), twice::toString);
        assertEquals(2, all(twice, HotSpotOp.READ).size(), twice::toString);
    }

    @Test
    void aStaticFieldIsReadFromItsMirror() {
        Graph g = lowered("readStatic", true);
        Instruction read = only(g, HotSpotOp.READ);
        assertTrue(read.input(In.BASE) instanceof Constant c && !c.isNull(), g::toString);
        assertNull(read.state());
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty());
    }

    @Test
    void referencesAreReadInTheHeapsEncoding() {
        Graph g = lowered("readReference", false);
        Instruction read = only(g, HotSpotOp.READ);
        Access a = read.attribute(Access.class);
        assertEquals(CONFIG.useCompressedOops, a.narrowOop());
        if (CONFIG.useCompressedOops) {
            Instruction u = only(g, HotSpotOp.UNCOMPRESS);
            assertSame(read, u.input(In.X));
            assertEquals(JavaKind.Int, read.kind());
            assertEquals(CONFIG.narrowOopShift, u.attribute(org.ssajit.hotspot.ir.NarrowEncoding.class).shift());
        } else {
            assertTrue(all(g, HotSpotOp.UNCOMPRESS).isEmpty());
            assertEquals(JavaKind.Object, read.kind());
        }
    }

    @Test
    void aCountedLoopOverTheArrayHasNoBoundsCheck() {
        Graph g = lowered("sum", true);
        assertTrue(all(g, HotSpotOp.BOUNDS_CHECK).isEmpty(), g::toString);
        // The element read: base + index * 4 + the VM's base offset for int[].
        Instruction element = all(g, HotSpotOp.READ).stream().filter(r -> r.input(In.INDEX) != null).findFirst().orElseThrow();
        assertEquals(new Access(JavaKind.Int, Jvmci.PROVIDERS.metaAccess().getArrayBaseOffset(JavaKind.Int), 4, false), element.attribute());
        // i <= a.length - 1 proves nothing here (the rule wants the length itself): the check stays.
        Graph other = lowered("sumToLengthInclusive", true);
        assertFalse(all(other, HotSpotOp.BOUNDS_CHECK).isEmpty(), other::toString);
        // From -1: below the length, but not non-negative.
        Graph minusOne = lowered("sumFromMinusOne", true);
        assertEquals(1, all(minusOne, HotSpotOp.BOUNDS_CHECK).size(), minusOne::toString);
        // Below a's length says nothing of b's.
        Graph otherArray = lowered("sumOtherArray", true);
        assertEquals(1, all(otherArray, HotSpotOp.BOUNDS_CHECK).size(), otherArray::toString);
    }

    @Test
    void aBoundsCheckProvenByTheBranchesGoesWithItsLengthRead() {
        // i >= 0 && i < a.length: the branch's own length read stays, the access's goes with its check.
        Graph g = lowered("guardedElement", true);
        assertTrue(all(g, HotSpotOp.BOUNDS_CHECK).isEmpty(), g::toString);
        assertEquals(1, all(g, HotSpotOp.READ).stream().filter(r -> r.input(In.INDEX) == null).count(), g::toString);
    }

    @Test
    void aCastTheStampProvesIsNoCastAtAll() {
        // (Number) of an Integer: no test, no guard, and no pi (the value keeps its own stamp).
        Graph g = lowered("castProvenByStamp", true, false);
        assertTrue(all(g, HotSpotOp.GUARD).isEmpty(), g::toString);
        assertTrue(all(g, HotSpotOp.PI).isEmpty(), g::toString);
        assertTrue(all(g, HotSpotOp.TYPE_TEST).isEmpty(), g::toString);
    }

    @Test
    void anArbitraryIndexIsCheckedAgainstTheLengthRead() {
        Graph g = lowered("element", true);
        Instruction check = only(g, HotSpotOp.BOUNDS_CHECK);
        Instruction length = (Instruction) check.input(In.LENGTH);
        assertEquals(HotSpotOp.READ, length.op());
        assertEquals(new Access(JavaKind.Int, CONFIG.arrayLengthOffset, 0, false), length.attribute());
        assertNotNull(length.state(), "the length read is the array's implicit null check");
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty());
    }

    @Test
    void aLoopAccessWithACheckedLengthNeedsNoNullCheck() {
        Graph g = lowered("sumTo", true);
        Instruction check = only(g, HotSpotOp.BOUNDS_CHECK);
        assertEquals(HotSpotOp.READ_OR_ZERO, ((Instruction) check.input(In.LENGTH)).op(), g::toString);
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty(), g::toString);
    }

    @Test
    void divisionsAreCheckedUnlessTheDivisorCannotBeZero() {
        Graph g = lowered("divide", true);
        Instruction check = only(g, HotSpotOp.ZERO_CHECK);
        assertEquals(DeoptimizationReason.ArithmeticException, check.attribute(Deopt.class).reason());
        assertSame(only(g, HotSpotOp.SDIV).input(In.Y), check.input(In.DIVISOR));
        assertTrue(all(lowered("divideByEight", true), HotSpotOp.ZERO_CHECK).isEmpty());
        Graph masked = lowered("divideByMaskedPlusOne", true);
        assertTrue(all(masked, HotSpotOp.ZERO_CHECK).isEmpty(), masked::toString);
        assertEquals(1, all(masked, HotSpotOp.SDIV).size());
    }

    @Test
    void aBoundsCheckDominatedByOneOfTheSameArrayAndIndexGoes() {
        // a[i], b[i], a[i]: b[i] is checked against b's length, the second a[i] not at all.
        Graph g = lowered("twoArrays", true);
        List<Instruction> checks = all(g, HotSpotOp.BOUNDS_CHECK);
        assertEquals(2, checks.size(), g::toString);
        assertEquals(List.of(0, 1), checks.stream().map(c -> c.input(In.LENGTH)).map(l -> ((Instruction) l).input(In.BASE)).map(b -> ((org.ssajit.ir.Parameter) b).index()).toList());
    }

    @Test
    void aZeroCheckDominatedByOneOfTheSameDivisorOrByABranchGoes() {
        Graph twice = lowered("divideTwice", true);
        assertEquals(1, all(twice, HotSpotOp.ZERO_CHECK).size(), twice::toString);
        Graph positive = lowered("divideByPositive", true);
        assertTrue(all(positive, HotSpotOp.ZERO_CHECK).isEmpty(), positive::toString);
        // The check in one branch does not dominate the division after the merge: both stay.
        Graph branches = lowered("divideInBranches", true);
        assertEquals(2, all(branches, HotSpotOp.ZERO_CHECK).size(), branches::toString);
    }

    @Test
    void booleanStoresKeepBitZeroUnlessTheValueIsZeroOrOne() {
        // (v & 2) == 2 is 0 or 1 after the branch: no masking needed.
        Graph g = lowered("storeBoolean", true);
        Instruction write = all(g, HotSpotOp.WRITE).get(0);
        assertEquals(JavaKind.Boolean, write.attribute(Access.class).kind());
        assertTrue(all(g, Op.AND).stream().noneMatch(a -> a.input(In.Y) instanceof Constant c && c.asInt() == 1), g::toString);
        Graph fromField = lowered("setFlagFrom", true);
        assertEquals(JavaKind.Boolean, only(fromField, HotSpotOp.WRITE).attribute(Access.class).kind());
    }

    @Test
    void returnsAreNarrowedUnlessTheStampFits() {
        Graph g = lowered("narrowed", true);
        Return r = (Return) g.blocks().stream().map(b -> b.terminator()).filter(t -> t instanceof Return).findFirst().orElseThrow();
        assertEquals(Op.I2B, ((Instruction) r.value()).op(), g::toString);
        Graph field = lowered("notNarrowedAgain", true);
        assertTrue(all(field, Op.I2B).isEmpty(), field::toString);
    }

    @Test
    void volatileAccessesGetTheMemoryModelsBarriers() {
        Graph w = lowered("writeVolatile", true);
        List<Instruction> code = w.entry().instructions();
        int write = code.indexOf(only(w, HotSpotOp.WRITE));
        assertEquals(HotSpotOp.MEMBAR, code.get(write - 1).op());
        assertEquals(MemoryBarriers.BEFORE_VOLATILE_WRITE, code.get(write - 1).attribute());
        assertEquals(HotSpotOp.MEMBAR, code.get(write + 1).op());
        assertEquals(MemoryBarriers.AFTER_VOLATILE_WRITE, code.get(write + 1).attribute());
        Graph r = lowered("readVolatile", true);
        List<Instruction> rc = r.entry().instructions();
        assertEquals(MemoryBarriers.AFTER_VOLATILE_READ, rc.get(rc.indexOf(only(r, HotSpotOp.READ)) + 1).attribute());
        assertTrue(only(r, HotSpotOp.READ).attribute(Access.class).isVolatile());
        assertTrue(only(w, HotSpotOp.WRITE).attribute(Access.class).isVolatile());
        assertFalse(only(lowered("readField", true), HotSpotOp.READ).attribute(Access.class).isVolatile());
    }

    static final class WithFinal {
        final int x;
        int y;

        WithFinal(int v, boolean early) {
            y = v;
            if (early) {
                x = -v;
                return;
            }
            x = v;
        }
    }

    static final class WithoutFinal {
        int y;

        WithoutFinal(int v) {
            y = v;
        }
    }

    private static Graph loweredConstructor(Class<?> c) {
        Graph g = GraphBuilder.build(Jvmci.method(c.getDeclaredConstructors()[0]), BuildOptions.DEFAULT, Jvmci.PROVIDERS).graph();
        new HotSpotLowering(CONFIG, Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection(), implicitNullChecks(true)).lower(g);
        Verifier.verify(g);
        return g;
    }

    static int newWithFinal(int v) {
        return new WithFinal(v, v < 0).x;
    }

    /**
     * Inlined, such a constructor's returns are gotos to the caller's code: each is preceded by the
     * barrier (the graph builder's freeze, lowered), before the caller can store the object anywhere.
     */
    @Test
    void inlinedConstructorsWritingFinalFieldsEndInAStoreStoreBarrier() {
        assertEquals(5, newWithFinal(5)); // the pool entries resolved, as for any compiled method
        Graph g = GraphBuilder.build(Jvmci.method(Jvmci.declared(HotSpotLoweringTest.class, "newWithFinal")), BuildOptions.DEFAULT.withInlining(true),
                        Jvmci.PROVIDERS).graph();
        assertTrue(g.inlinedMethods().stream().anyMatch(m -> m.getDeclaringClass().getName().endsWith("$WithFinal;")), () -> "" + g.inlinedMethods());
        assertEquals(2, all(g, Op.FREEZE).size(), g::toString);
        new HotSpotLowering(CONFIG, Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection(), implicitNullChecks(true)).lower(g);
        Verifier.verify(g);
        assertTrue(all(g, Op.FREEZE).isEmpty());
        // The freezes' barriers; the allocation's own publication barrier is right before its objectat.
        List<Instruction> barriers = all(g, HotSpotOp.MEMBAR).stream().filter(b -> {
            Instruction next = b.block().instructionAfter(b);
            return next == null || next.op() != HotSpotOp.OBJECT_AT;
        }).toList();
        assertEquals(2, barriers.size(), g::toString);
        for (Instruction b : barriers) {
            assertEquals(MemoryBarriers.STORE_STORE, b.attribute());
            List<Instruction> code = b.block().instructions();
            assertEquals(code.size() - 1, code.indexOf(b), () -> "the barrier ends its block, the constructor's return\n" + g);
        }
    }

    @Test
    void constructorsWritingFinalFieldsEndInAStoreStoreBarrier() {
        Graph g = loweredConstructor(WithFinal.class);
        List<Return> returns = g.blocks().stream().map(b -> b.terminator()).filter(t -> t instanceof Return).map(t -> (Return) t).toList();
        assertEquals(2, returns.size(), g::toString);
        for (Return r : returns) {
            List<Instruction> code = r.block().instructions();
            Instruction last = code.get(code.size() - 1);
            assertEquals(HotSpotOp.MEMBAR, last.op(), g::toString);
            assertEquals(MemoryBarriers.STORE_STORE, last.attribute());
        }
        assertTrue(all(loweredConstructor(WithoutFinal.class), HotSpotOp.MEMBAR).isEmpty());
    }

    @Test
    void exceptionHandlersAreGone() {
        Graph g = lowered("caught", true);
        assertTrue(g.blocks().stream().allMatch(b -> b.handlers().isEmpty()));
        assertTrue(all(g, Op.EXCEPTION_OBJECT).isEmpty(), g::toString);
        assertEquals(1, all(g, HotSpotOp.BOUNDS_CHECK).size());
    }

    @Test
    void anAccessThatAlwaysFailsDeoptimizes() {
        Graph g = lowered("nullArray", true);
        Instruction d = only(g, HotSpotOp.DEOPTIMIZE);
        assertEquals(new Deopt(DeoptimizationReason.NullCheckException, DeoptimizationAction.None), d.attribute());
        assertTrue(all(g, HotSpotOp.BOUNDS_CHECK).isEmpty());
    }

    /**
     * A static call: a CALL whose state is the invoke's without the arguments (the interpreter resumes
     * after the invoke with the result pushed), keeping the values the stack holds below them.
     */
    @Test
    void staticCallsKeepTheStackBelowTheArguments() {
        Graph g = lowered("callStatic", true);
        List<Instruction> calls = all(g, HotSpotOp.CALL);
        assertEquals(2, calls.size(), g::toString);
        for (Instruction c : calls) {
            assertEquals(CallTarget.Dispatch.STATIC, c.attribute(CallTarget.class).dispatch());
            assertNotNull(c.state());
        }
        Instruction max = calls.stream().filter(c -> c.attribute(CallTarget.class).method().getName().equals("max")).findFirst().orElseThrow();
        assertEquals(JavaKind.Long, max.kind());
        // iload? no: readStatic()'s result (1 slot) stays below max's two long arguments (4 slots).
        assertEquals(1, max.state().stackSize(), g::toString);
        assertEquals(JavaKind.Int, max.state().stack(0).kind());
        assertTrue(max.state().stack(0) instanceof Instruction r && r.op() == HotSpotOp.CALL, g::toString);
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty(), g::toString);
    }

    /**
     * Receivers are null-checked explicitly before the call, except {@code this} and a reference a
     * dominating check already tested; private and final methods are called directly, others through
     * an inline cache.
     */
    @Test
    void receiversAreCheckedAndDispatchFollowsTheTarget() {
        Graph g = lowered("callOwn", true);
        List<Instruction> calls = all(g, HotSpotOp.CALL);
        assertEquals(List.of(CallTarget.Dispatch.VIRTUAL, CallTarget.Dispatch.VIRTUAL, CallTarget.Dispatch.VIRTUAL),
                        calls.stream().map(c -> c.attribute(CallTarget.class).dispatch()).toList(), g::toString);
        Instruction check = only(g, HotSpotOp.NULL_CHECK);
        assertEquals(g.parameters().get(1), check.input(In.OBJECT), "other is checked once, this never");

        Graph i = lowered("callInterface", true);
        assertEquals(List.of(CallTarget.Dispatch.INTERFACE, CallTarget.Dispatch.INTERFACE, CallTarget.Dispatch.DIRECT),
                        all(i, HotSpotOp.CALL).stream().map(c -> c.attribute(CallTarget.class).dispatch()).toList(), i::toString);
        // r, l and s (String.length(): String is final, a direct call) each checked once.
        assertEquals(3, all(i, HotSpotOp.NULL_CHECK).size(), i::toString);
    }

    /**
     * A checkcast is a type test that null passes, a guard that deoptimizes with ClassCastException
     * and the object again with the cast's stamp; instanceof is a type test that null fails; a cast
     * the stamp proves (String to Object) is nothing.
     */
    @Test
    void typeChecksAreTestsAndGuards() {
        Graph g = lowered("typeChecks", true, false);
        List<Instruction> tests = all(g, HotSpotOp.TYPE_TEST);
        assertEquals(2, tests.size(), g::toString);
        TypeTest cast = tests.get(0).attribute(TypeTest.class);
        assertEquals("java.lang.CharSequence", cast.type().toJavaName());
        assertTrue(cast.nullPasses());
        assertFalse(tests.get(1).attribute(TypeTest.class).nullPasses());
        Instruction guard = only(g, HotSpotOp.GUARD);
        assertEquals(tests.get(0), guard.input(In.CONDITION));
        assertEquals(new Deopt(DeoptimizationReason.ClassCastException, DeoptimizationAction.None), guard.attribute());
        assertNotNull(guard.state());
        Instruction pi = only(g, HotSpotOp.PI);
        assertEquals(g.parameters().get(0), pi.input(In.X));
        assertTrue(all(g, Op.CHECKCAST).isEmpty() && all(g, Op.INSTANCEOF).isEmpty(), g::toString);
    }

    /**
     * A cast dominated by an {@code instanceof} of a subtype that passed, or by a passed cast to a
     * subtype, is no test; the cast value is non-null where the object is known to be, so its uses
     * need no null check.
     */
    @Test
    void castsProvenByDominatingTypeTestsAreNotTested() {
        Graph g = lowered("castsAfterTypeTests", false, false);
        List<Instruction> tests = all(g, HotSpotOp.TYPE_TEST);
        assertEquals(List.of("Leaf", "Base", "Leaf"), tests.stream().map(t -> t.attribute(TypeTest.class).type().toJavaName().replaceAll(".*[$]", "")).toList(),
                        g::toString);
        assertEquals(1, all(g, HotSpotOp.GUARD).size(), g::toString);
        assertTrue(all(g, HotSpotOp.NULL_CHECK).isEmpty(), g::toString);
        assertEquals(3, all(g, HotSpotOp.PI).size(), g::toString);
        Graph same = lowered("nullTestOfACastValue", false, false);
        assertEquals(1, all(same, HotSpotOp.TYPE_TEST).size(), same::toString);
        assertTrue(all(same, HotSpotOp.NULL_CHECK).isEmpty(), same::toString);
    }

    /** A bounds check of an index into an array dominated by a passed one of the same pair is left out, calls between or not. */
    @Test
    void anIndexCheckedBeforeIsNotCheckedAgain() {
        Graph g = lowered("sameElementAroundACall", true);
        List<Instruction> checks = all(g, HotSpotOp.BOUNDS_CHECK);
        assertEquals(2, checks.size(), g::toString);
        assertEquals(g.parameters().get(1), checks.get(0).input(In.INDEX), g::toString);
        assertNotEquals(g.parameters().get(1), checks.get(1).input(In.INDEX), g::toString);
    }

    /** frem and drem become calls of the VM's C functions, which need no state (they neither safepoint nor throw). */
    @Test
    void floatingRemaindersCallTheVmsFunctions() {
        Graph g = lowered("remainders", true);
        List<Instruction> calls = all(g, HotSpotOp.LEAF_CALL);
        assertEquals(List.of(RuntimeLeaf.FREM, RuntimeLeaf.DREM), calls.stream().map(Instruction::attribute).toList(), g::toString);
        assertEquals(List.of(JavaKind.Float, JavaKind.Double), calls.stream().map(Instruction::kind).toList());
        assertTrue(calls.stream().allMatch(c -> c.state() == null && c.inputCount() == 2));
        assertTrue(all(g, Op.REM).isEmpty(), g::toString);
    }

    private static int fieldOffset(String name) {
        for (var f : Jvmci.PROVIDERS.metaAccess().lookupJavaType(HotSpotLoweringTest.class).getInstanceFields(false)) {
            if (f.getName().equals(name)) {
                return f.getOffset();
            }
        }
        throw new AssertionError(name);
    }
}
