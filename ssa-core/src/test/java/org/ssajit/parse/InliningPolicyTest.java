package org.ssajit.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.Assumptions;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Which calls {@link Inlining} takes as bound to the method the bytecode names, and which it leaves as
 * calls. {@code invokespecial} selects by a lookup from the current class's direct superclass
 * (JVMS 6.5), so a method of a class further up may be overridden in between by a class compiled
 * later: only the current class's, its direct superclass's and its direct superinterfaces' methods
 * (and private ones) are taken.
 */
class InliningPolicyTest {
    static class A {
        int m() {
            return 1;
        }
    }

    static class B extends A {
        @Override
        int m() {
            return 2;
        }
    }

    static class C extends B {
        int n() {
            return 3;
        }
    }

    interface I {
        default int d() {
            return 4;
        }
    }

    interface J extends I {
    }

    static class D implements J {
    }

    static class E implements I {
    }

    private static ResolvedJavaMethod method(Class<?> c, String name) {
        return Jvmci.method(Jvmci.declared(c, name));
    }

    private static ResolvedJavaType type(Class<?> c) {
        return Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
    }

    @Test
    void invokespecialIsBoundOnlyWhereTheSelectionCannotFindAnotherMethod() {
        assertTrue(Inlining.specialSelects(method(B.class, "m"), type(C.class)), "the direct superclass's method");
        assertTrue(Inlining.specialSelects(method(C.class, "n"), type(C.class)), "the current class's own method");
        assertFalse(Inlining.specialSelects(method(A.class, "m"), type(C.class)), "A.m from C: B's override is selected");
        assertTrue(Inlining.specialSelects(method(I.class, "d"), type(E.class)), "a direct superinterface's default method");
        assertFalse(Inlining.specialSelects(method(I.class, "d"), type(D.class)), "I.d from D, which implements J only");
    }

    static int twice(int x) {
        return x * 2;
    }

    static int caller(int x) {
        return twice(x) + twice(x + 1);
    }

    static int recursive(int n) {
        return n <= 0 ? 0 : 1 + recursive(n - 1);
    }

    @Test
    void staticCalleesAreInlinedRecursionOnce() {
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "caller"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(List.of("twice"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        assertEquals(2, g.inlinedCallCount());
        Graph r = Jvmci.build(method(InliningPolicyTest.class, "recursive"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertTrue(r.inlinedMethods().isEmpty(), "the root is not among the methods inlined into it: " + r.inlinedMethods());
        assertEquals(1, r.inlinedCallCount(), () -> "recursion inlined more than once: " + r);
        var second = r.inliningDecisions().stream().filter(d -> !d.inlined()).findFirst().orElseThrow();
        assertEquals(1, second.depth());
        assertEquals("recursive (1 level inlined already)", second.reason());
        Graph off = Jvmci.build(method(InliningPolicyTest.class, "caller"), BuildOptions.DEFAULT).graph();
        assertEquals(0, off.inlinedCallCount());
    }

    static int level0(int x) {
        return level1(x) + 1;
    }

    static int level1(int x) {
        return level2(x) + 1;
    }

    static int level2(int x) {
        return level3(x) + 1;
    }

    static int level3(int x) {
        return x * 3;
    }

    /** Inlined calls nest up to the build's level ({@code MaxInlineLevel}); the next stays a call, "too deep". */
    @Test
    void callsNestUpToTheMaxInlineLevel() {
        for (int level = 0; level <= 3; level++) {
            int l = level;
            Graph g = Jvmci.build(method(InliningPolicyTest.class, "level0"), BuildOptions.DEFAULT.withInlining(true).withMaxInlineLevel(level)).graph();
            assertEquals(level, g.inlinedCallCount(), () -> "at level " + l + ": " + g.inliningDecisions());
            if (level < 3) {
                var refused = g.inliningDecisions().stream().filter(d -> !d.inlined()).findFirst().orElseThrow();
                assertEquals("too deep (" + level + " levels)", refused.reason());
            }
        }
        assertEquals(BuildOptions.DEFAULT.withMaxInlineLevel(Inlining.MAX_DEPTH), BuildOptions.DEFAULT);
        assertFalse(BuildOptions.DEFAULT.withMaxInlineLevel(3).equals(BuildOptions.DEFAULT), "the level is part of a build's options");
    }

    /**
     * A callee ssajit cannot parse stays a call: here its {@code ldc} of a dynamic constant that was
     * never resolved, which the callee's front end refuses before anything of it enters the graph.
     */
    @Test
    void aCalleeTheFrontEndRefusesStaysACall() throws Exception {
        ClassGen gen = new ClassGen("InlineRefusedCallee");
        ClassDesc self = gen.desc();
        gen.staticMethod("condy", "()I", code -> {
            code.ldc(DynamicConstantDesc.ofNamed(ConstantDescs.BSM_NULL_CONSTANT, "unresolved", ConstantDescs.CD_Object));
            code.pop();
            code.iconst_5();
            code.ireturn();
        });
        gen.staticMethod("twice", "(I)I", code -> {
            code.iload(0);
            code.iconst_2();
            code.imul();
            code.ireturn();
        });
        gen.staticMethod("caller", "(I)I", code -> {
            code.iload(0);
            code.invokestatic(self, "twice", MethodTypeDesc.ofDescriptor("(I)I"));
            code.invokestatic(self, "condy", MethodTypeDesc.ofDescriptor("()I"));
            code.iadd();
            code.ireturn();
        });
        Class<?> c = gen.load();
        // Initialized (static callees of uninitialized classes are not inlined), but nothing run: the
        // dynamic constant stays unresolved.
        Class.forName(c.getName(), true, c.getClassLoader());

        BailoutException alone = assertThrows(BailoutException.class, () -> Jvmci.build(method(c, "condy"), BuildOptions.DEFAULT));
        assertEquals(BailoutException.Reason.UNRESOLVED_DYNAMIC_CONSTANT, alone.reason(), alone::getMessage);
        Graph g = Jvmci.build(method(c, "caller"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(List.of("twice"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        assertEquals(List.of("condy"), invoked(g), "the refused callee stays a call, the inlined one is none");
    }

    static int thrice(int x) {
        return x * 3;
    }

    static int plusOne(int x) {
        return x + 1;
    }

    static int minusOne(int x) {
        return x - 1;
    }

    static int negated(int x) {
        return -x;
    }

    static int halved(int x) {
        return x / 2;
    }

    static int sixCallees(int x) {
        return twice(x) + thrice(x) + plusOne(x) + minusOne(x) + negated(x) + halved(x);
    }

    private static Graph buildRefusing(String caller, java.util.function.Predicate<ResolvedJavaMethod> refuse) {
        Graph g = GraphBuilder.build(FrontEnd.analyze(method(InliningPolicyTest.class, caller)), BuildOptions.DEFAULT.withInlining(true), Jvmci.PROVIDERS, false,
                        refuse).graph();
        Verifier.verify(g);
        return g;
    }

    /**
     * A callee whose parse is refused after its blocks entered the caller's graph: the half-made graph
     * is dropped and the caller built again with that callee called; the other callees are still
     * inlined. Past four such callees the caller is built without inlining.
     */
    @Test
    void aCalleeRefusedWhileParsingStaysACall() {
        Graph one = buildRefusing("sixCallees", m -> m.getName().equals("thrice"));
        assertEquals(List.of("thrice"), invoked(one));
        assertEquals(5, one.inlinedCallCount());
        assertFalse(one.inlinedMethods().stream().anyMatch(m -> m.getName().equals("thrice")), () -> "" + one.inlinedMethods());

        Graph four = buildRefusing("sixCallees", m -> !m.getName().equals("halved") && !m.getName().equals("negated"));
        assertEquals(List.of("twice", "thrice", "plusOne", "minusOne"), invoked(four));
        assertEquals(2, four.inlinedCallCount());

        Graph five = buildRefusing("sixCallees", m -> !m.getName().equals("halved"));
        assertEquals(List.of("twice", "thrice", "plusOne", "minusOne", "negated", "halved"), invoked(five), "five refusals: no inlining");
        assertEquals(0, five.inlinedCallCount());
    }

    private static org.ssajit.ir.Instruction invokeOf(Graph g, String callee) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.INVOKE && i.invokeTarget().method().getName().equals(callee))
                        .findFirst().orElseThrow(() -> new AssertionError("no call of " + callee + "\n" + g));
    }

    private static List<String> invoked(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.INVOKE)
                        .map(i -> i.invokeTarget().method().getName()).toList();
    }

    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    static class Mutable {
        int v;

        Mutable(int v) {
            this.v = v;
        }
    }

    static final class Finalizable {
        int v;

        Finalizable(int v) {
            this.v = v;
        }

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
        }
    }

    static int newPoint(int x) {
        Point p = new Point(x, x + 1);
        return p.x + p.y;
    }

    static int newMutable(int x) {
        return new Mutable(x).v;
    }

    static int newFinalizable(int x) {
        return new Finalizable(x).v;
    }

    private static List<String> inlinedNames(Graph g) {
        return g.inlinedMethods().stream().map(m -> m.getDeclaringClass().toJavaName(false) + "." + m.getName()).sorted().toList();
    }

    private static long count(Graph g, Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).count();
    }

    /**
     * Constructors are inlined, with a freeze at the return of one whose class has final fields;
     * {@code Object.<init>} as nothing for an object whose class is known to have no finalizer, else
     * as the registration its return does.
     */
    @Test
    void constructorsAreInlinedObjectInitRegistersFinalizableObjects() {
        // Run once, as a method is before it is compiled: the classes loaded, the pool entries resolved.
        assertEquals(3, newPoint(1));
        assertEquals(1, newMutable(1));
        assertEquals(1, newFinalizable(1));
        BuildOptions inline = BuildOptions.DEFAULT.withInlining(true);
        Graph point = Jvmci.build(method(InliningPolicyTest.class, "newPoint"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Point.<init>", "Object.<init>"), inlinedNames(point));
        assertEquals(List.of(), invoked(point));
        assertEquals(1, count(point, Op.FREEZE), point::toString);
        assertEquals(0, count(point, Op.REGISTER_FINALIZER), point::toString);

        Graph mutable = Jvmci.build(method(InliningPolicyTest.class, "newMutable"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Mutable.<init>", "Object.<init>"), inlinedNames(mutable));
        assertEquals(0, count(mutable, Op.FREEZE), "no final field, no freeze");

        Graph finalizable = Jvmci.build(method(InliningPolicyTest.class, "newFinalizable"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Finalizable.<init>", "Object.<init>"), inlinedNames(finalizable));
        assertEquals(List.of(), invoked(finalizable));
        assertEquals(1, count(finalizable, Op.REGISTER_FINALIZER), "Object.<init> registers the finalizable object: " + finalizable);
        // A constructor compiled alone: its receiver's class is not known, Object.<init> registers.
        Graph alone = Jvmci.build(Jvmci.method(Mutable.class.getDeclaredConstructors()[0]), inline).graph();
        assertEquals(List.of("Object.<init>"), inlinedNames(alone));
        assertEquals(1, count(alone, Op.REGISTER_FINALIZER), alone::toString);
        // Object.<init> compiled itself: its receiver may be of any class, its return registers.
        Graph object = Jvmci.build(Jvmci.method(Object.class.getDeclaredConstructors()[0]), inline).graph();
        assertEquals(1, count(object, Op.REGISTER_FINALIZER), object::toString);
    }

    static class Shape {
        int area() {
            return 0;
        }
    }

    static final class Square extends Shape implements java.util.function.IntSupplier {
        final int side;

        Square(int side) {
            this.side = side;
        }

        @Override
        int area() {
            return side * side;
        }

        @Override
        public int getAsInt() {
            return side;
        }
    }

    static int exactReceivers(int s) {
        Shape shape = new Square(s);
        java.util.function.IntSupplier supplier = new Square(s + 1);
        return shape.area() + supplier.getAsInt();
    }

    static int unknownReceiver(Shape shape) {
        return shape.area();
    }

    /**
     * A virtual or interface call on the object of a {@code new} runs the method its class selects,
     * whatever subclasses exist or come later: that method is inlined (Square's, not Shape's); on a
     * parameter the call stays (Shape.area may be overridden).
     */
    @Test
    void callsOnAnObjectOfAKnownClassAreInlined() {
        assertEquals(9 + 4, exactReceivers(3));
        assertEquals(4, unknownReceiver(new Square(2)));
        BuildOptions inline = BuildOptions.DEFAULT.withInlining(true);
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "exactReceivers"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Shape.<init>", "InliningPolicyTest$Square.<init>", "InliningPolicyTest$Square.area", "InliningPolicyTest$Square.getAsInt", "Object.<init>"),
                        inlinedNames(g));
        assertEquals(List.of(), invoked(g));
        Graph u = Jvmci.build(method(InliningPolicyTest.class, "unknownReceiver"), inline).graph();
        assertEquals(List.of(), inlinedNames(u));
        assertEquals(List.of("area"), invoked(u));
    }

    static class Counter {
        int next(int x) {
            return x + 1;
        }
    }

    static class QuietCounter extends Counter {
    }

    static class Level {
        int k() {
            return 1;
        }
    }

    static class Upper extends Level {
        @Override
        int k() {
            return 2;
        }
    }

    static class Top extends Upper {
    }

    interface Greeter {
        default int hello() {
            return 7;
        }
    }

    static class Greeting implements Greeter {
    }

    static int viaCounter(Counter c, int x) {
        return c.next(x);
    }

    static int viaLevel(Level l) {
        return l.k();
    }

    static int viaTop(Top t) {
        Level l = t;
        return l.k();
    }

    static int viaGreeting(Greeting g) {
        return g.hello();
    }

    private static Assumptions.ConcreteMethod onlyAssumption(Graph g) {
        assertEquals(1, g.assumptions().size(), () -> "assumptions: " + g.assumptions());
        return assertInstanceOf(Assumptions.ConcreteMethod.class, g.assumptions().get(0));
    }

    /**
     * Class-hierarchy analysis: a virtual call whose method has one implementation among the loaded
     * classes below the receiver's type is inlined, and the graph records the assumption HotSpot then
     * checks (at installation, and whenever a class is loaded); the receiver's type is its stamp's
     * when that is a class below the method's. Two implementations below it, or a default method,
     * stay calls and assume nothing.
     */
    @Test
    void classHierarchyAnalysisInlinesTheOneImplementationAndRecordsWhyItIsOne() {
        assertEquals(3, viaCounter(new QuietCounter(), 2));
        assertEquals(1, viaLevel(new Level()));
        assertEquals(2, viaTop(new Top()));
        assertEquals(7, viaGreeting(new Greeting()));
        BuildOptions inline = BuildOptions.DEFAULT.withInlining(true);

        Graph counter = Jvmci.build(method(InliningPolicyTest.class, "viaCounter"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Counter.next"), inlinedNames(counter));
        assertEquals(List.of(), invoked(counter));
        Assumptions.ConcreteMethod a = onlyAssumption(counter);
        assertEquals(method(Counter.class, "next"), a.impl);
        assertEquals(type(Counter.class), a.context);

        Graph level = Jvmci.build(method(InliningPolicyTest.class, "viaLevel"), inline).graph();
        assertEquals(List.of("k"), invoked(level), "Level.k and Upper.k below Level: a call");
        assertEquals(List.of(), level.assumptions());

        Graph top = Jvmci.build(method(InliningPolicyTest.class, "viaTop"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Upper.k"), inlinedNames(top), "below Top only Upper.k");
        Assumptions.ConcreteMethod t = onlyAssumption(top);
        assertEquals(type(Top.class), t.context, "the receiver's stamp, not the method's class");
        assertEquals(method(Upper.class, "k"), t.impl);

        Graph greeting = Jvmci.build(method(InliningPolicyTest.class, "viaGreeting"), inline).graph();
        assertEquals(List.of("hello"), invoked(greeting), "HotSpot's class-hierarchy analysis answers nothing for a default method");
        assertEquals(List.of(), greeting.assumptions());

        Graph off = Jvmci.build(method(InliningPolicyTest.class, "viaCounter"), BuildOptions.DEFAULT).graph();
        assertEquals(List.of(), off.assumptions(), "no inlining, no assumption");
    }

    static int leafInTry(int x) {
        try {
            return twice(x);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    static int callingInTry(int x) {
        try {
            return sixCallees(x);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    static int rethrow(RuntimeException e) {
        throw e;
    }

    static int throwingInTry(RuntimeException e) {
        try {
            return rethrow(e);
        } catch (IllegalStateException x) {
            return -1;
        }
    }

    static final class Sized {
        final int n;

        Sized(int n) {
            this.n = n;
        }

        int size() {
            return n;
        }
    }

    static int sizeInTry(Sized s) {
        try {
            return s.size();
        } catch (NullPointerException e) {
            return -1;
        }
    }

    /**
     * At a call inside a try range a callee is inlined as anywhere else, its calls too: each call and
     * athrow in it is offered to the caller's handlers (after its own), and so is the call's receiver
     * check, which ends the call's block, as the invoke's own check would throw to them.
     */
    @Test
    void insideTryRangesCalleesAreInlinedUnderTheCallersHandlers() {
        assertEquals(4, leafInTry(2));
        assertEquals(callingInTry(3), sixCallees(3));
        assertEquals(-1, throwingInTry(new IllegalStateException()));
        BuildOptions inline = BuildOptions.DEFAULT.withInlining(true);
        Graph leaf = Jvmci.build(method(InliningPolicyTest.class, "leafInTry"), inline).graph();
        assertEquals(List.of("InliningPolicyTest.twice"), inlinedNames(leaf));
        Graph calling = Jvmci.build(method(InliningPolicyTest.class, "callingInTry"), inline).graph();
        assertEquals(List.of(), invoked(calling), "a callee with calls, and its callees, inlined in a try range");
        assertEquals(7, calling.inlinedCallCount());
        Graph throwing = Jvmci.build(method(InliningPolicyTest.class, "throwingInTry"), inline).graph();
        assertEquals(List.of(), invoked(throwing), "a callee with an athrow inlined in a try range");
        List<String> handlers = throwing.blocks().stream().filter(b -> b.terminator() instanceof org.ssajit.ir.Throw).flatMap(b -> b.handlers().stream())
                        .map(h -> h.catchType().toJavaName()).toList();
        assertEquals(List.of("java.lang.IllegalStateException"), handlers, "the inlined athrow has the caller's handler");
        Verifier.verify(throwing);

        assertEquals(1, sizeInTry(new Sized(1))); // the call's pool entry resolved
        Graph sized = Jvmci.build(method(InliningPolicyTest.class, "sizeInTry"), inline).graph();
        assertEquals(List.of("InliningPolicyTest$Sized.size"), inlinedNames(sized));
        List<String> checks = sized.blocks().stream().filter(b -> b.instructions().stream().anyMatch(i -> i.op() == Op.RECEIVER_CHECK))
                        .map(b -> b.instructions().get(b.instructions().size() - 1).op() + " " + b.instructions().get(b.instructions().size() - 1).hasExceptionEdge() + " "
                                        + b.handlers().stream().map(h -> h.catchType().toJavaName()).toList())
                        .toList();
        assertEquals(List.of("RECEIVER_CHECK true [java.lang.NullPointerException]"), checks, "the receiver check ends its block, with the caller's handler");
        Verifier.verify(sized);
    }

    static double roots(double d) {
        return Math.log(d) + Math.sqrt(d) + Math.toRadians(d) + Math.abs((int) d) + Integer.valueOf((int) d);
    }

    static int checked(int i, int n) {
        return java.util.Objects.checkIndex(i, n) + Integer.valueOf(i).hashCode();
    }

    static final class NeverInitialized {
        static int counter = Integer.getInteger("no.such.property", 3);
    }

    static int readsNeverInitialized() {
        return NeverInitialized.counter;
    }

    /** Never thrown: its class's constant-pool entry in this class stays unresolved. */
    static final class NeverThrown extends RuntimeException {
        NeverThrown(String message) {
            super(message);
        }
    }

    static int doubledIfNotNegative(int x) {
        if (x < 0) {
            throw new NeverThrown("negative: " + x);
        }
        return x * 2;
    }

    /**
     * {@code @IntrinsicCandidate} callees, and callees inlined into them, are inlined only if their
     * constant-pool entries link now: the VM may run its own code for a candidate, so its bytecode may
     * never have run (StrictMath.sqrt's call of FdLibm was unresolved before ssajit had its own square
     * root), and inlined it would deoptimize there each time. {@code Integer.valueOf} (its cache class
     * initialized) and {@code Math.log} (its call of StrictMath.log resolved) link; under
     * {@code Math.log}, {@code StrictMath.log} is inlined only if its call of FdLibm links (not in a JVM
     * where only the VM's log ran). {@code Math.sqrt} is one of ssajit's own intrinsics
     * ({@link Intrinsics}).
     */
    @Test
    void intrinsicCandidatesAreInlinedWhereTheyLink() throws Exception {
        assertEquals(Math.log(2) + Math.sqrt(2) + Math.toRadians(2) + 2 + 2, roots(2));
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "roots"), BuildOptions.DEFAULT.withInlining(true)).graph();
        List<String> inlined = inlinedNames(g);
        assertTrue(inlined.containsAll(List.of("Integer.valueOf", "Math.abs", "Math.log", "Math.toRadians")), inlined::toString);
        ResolvedJavaMethod strictLog = Jvmci.method(StrictMath.class.getDeclaredMethod("log", double.class));
        assertEquals(Inlining.linksNow(strictLog), inlined.contains("StrictMath.log"), () -> inlined + " " + invoked(g));
        assertEquals(Inlining.linksNow(strictLog) ? List.of() : List.of("log"), invoked(g).stream().filter(n -> n.equals("log")).toList());
        assertTrue(Inlining.linksNow(Jvmci.method(Integer.class.getDeclaredMethod("valueOf", int.class))));
        // A static field of a class not initialized: the access would deoptimize.
        assertFalse(Inlining.linksNow(method(InliningPolicyTest.class, "readsNeverInitialized")));
        // Entries that do not link on a path that only throws (an assert's, a failed check's) do not
        // count: it deoptimizes where it runs, and the rest runs compiled.
        assertEquals(8, doubledIfNotNegative(4));
        assertTrue(Inlining.linksNow(method(InliningPolicyTest.class, "doubledIfNotNegative")));
        assertEquals(1, count(g, Op.SQRT), g::toString);
        // ArrayList.get's index check: Objects.checkIndex's Preconditions.checkIndex, a candidate
        // whose calls (on the failing path) link.
        assertEquals(6, checked(3, 4));
        Graph c = Jvmci.build(method(InliningPolicyTest.class, "checked"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertTrue(inlinedNames(c).containsAll(List.of("Objects.checkIndex", "Preconditions.checkIndex", "Integer.valueOf")), () -> inlinedNames(c).toString());
        assertFalse(invoked(c).contains("checkIndex"), c::toString);
        // Its failing path, which only throws, keeps its call.
        assertEquals(List.of("outOfBoundsCheckIndex"), invoked(c), c::toString);
    }

    static RuntimeException failure(int i, int n) {
        return new IndexOutOfBoundsException(i - n);
    }

    static int doubled(int i) {
        return 2 * i;
    }

    static int guarded(int i, int n) {
        if (i < 0 || i >= n) {
            throw failure(doubled(i), n);
        }
        return doubled(i);
    }

    /** Throws at the end of a loop: the loop's blocks are not throw-bound, its exit's are. */
    static int loopsThenThrows(int n) {
        if (n < 0) {
            int k = 0;
            while (k < -n) {
                k = doubled(k) + 1;
            }
            throw failure(k, n);
        }
        return n;
    }

    /** The throw is caught in the method: not throw-bound. */
    static int caught(int i, int n) {
        try {
            if (i >= n) {
                throw failure(i, n);
            }
            return i;
        } catch (IndexOutOfBoundsException e) {
            return -1;
        }
    }

    private static List<Integer> throwBoundStarts(Class<?> c, String name) {
        ResolvedJavaMethod m = method(c, name);
        org.ssajit.bytecode.BlockMap map = new org.ssajit.bytecode.BlockMap(m, new org.ssajit.bytecode.Linkage(m));
        return map.blocks().stream().filter(map::isThrowBound).map(org.ssajit.bytecode.BlockMap.BciBlock::startBci).toList();
    }

    /**
     * A call on a path whose every way ends in a throw that leaves the method stays a call, the
     * method's other calls are inlined: code and inlining budget go to the paths that run.
     */
    @Test
    void callsOnPathsThatOnlyThrowStayCalls() {
        assertEquals(4, guarded(2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> guarded(3, 3));
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "guarded"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(List.of("doubled", "failure"), invoked(g).stream().sorted().toList(), g::toString);
        assertEquals(List.of("InliningPolicyTest.doubled"), inlinedNames(g));
        Verifier.verify(g);

        Graph l = Jvmci.build(method(InliningPolicyTest.class, "loopsThenThrows"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(List.of("failure"), invoked(l), l::toString);
        // The throw's block only: bytecode 'if (n < 0)' falls into the loop's entry, which is not.
        assertEquals(1, throwBoundStarts(InliningPolicyTest.class, "loopsThenThrows").size());
        assertEquals(List.of(), throwBoundStarts(InliningPolicyTest.class, "caught"));
        assertEquals(List.of(), throwBoundStarts(InliningPolicyTest.class, "doubled"));
    }

    static int big(int x) {
        int y = x;
        for (int i = 0; i < 3; i++) {
            y = y * 31 + i;
            y ^= y >>> 7;
            y += x * i;
        }
        return y;
    }

    static synchronized int locked(int x) {
        return x + 1;
    }

    static int withHandler(int x) {
        try {
            return 10 / x;
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    static int nested(int x) {
        return caller(x) + 1;
    }

    static int many(A a, int x) {
        if (x < -100) {
            throw new IllegalArgumentException(String.valueOf(x));
        }
        return nested(x) + recursive(x) + big(x) + locked(x) + withHandler(x) + a.m() + (int) System.nanoTime();
    }

    /**
     * Every call the inliner is asked about is recorded with its outcome and reason, in parse order:
     * a callee's calls right after the call that inlined it, one level deeper.
     */
    @Test
    void decisionsSayWhatBecameOfEachCallAndWhy() {
        // with larger callees at calls run once per entry: `many` never ran, so its profile did not count the call of `big`
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "many"),
                        BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES).withHotCallFrequency(1)).graph();
        List<String> lines = g.inliningDecisions().stream().map(d -> d.format()).toList();
        String all = String.join("\n", lines);
        java.util.function.Function<String, org.ssajit.ir.InliningDecision> of = name -> g.inliningDecisions().stream()
                        .filter(d -> d.callee().getName().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no decision about " + name + ":\n" + all));
        assertEquals("on a path that only throws", of.apply("valueOf").reason(), all);
        assertFalse(of.apply("valueOf").inlined());
        List<String> order = g.inliningDecisions().stream().filter(d -> !d.callee().getName().equals("<init>") && !d.callee().getName().equals("valueOf"))
                        .map(d -> d.depth() + " " + d.callee().getName() + " " + d.inlined()).toList();
        assertEquals(List.of("0 nested true", "1 caller true", "2 twice true", "2 twice true", "0 recursive true", "1 recursive true", "2 recursive false", "0 big false", "0 locked true",
                        "0 withHandler true", "0 m false", "0 nanoTime false"), order, all);
        assertEquals("static", of.apply("nested").reason());
        var recursion = g.inliningDecisions().stream().filter(d -> d.callee().getName().equals("recursive") && d.depth() == 2).findFirst().orElseThrow();
        assertEquals("recursive (1 level inlined already)", recursion.reason(), all);
        // `many` never ran: its profile did not count the call, which may not be hot then
        assertEquals("too big (" + method(InliningPolicyTest.class, "big").getCodeSize() + " > 35 bytes) for a call that is not hot (its profile did not count it)",
                        of.apply("big").reason(), all);
        assertEquals("static", of.apply("locked").reason(), all);
        assertEquals("native", of.apply("nanoTime").reason(), all);
        assertTrue(of.apply("m").reason().startsWith("virtual: more than one implementation among the classes loaded"), all);
        String caller = lines.stream().filter(l -> l.contains(".caller(")).findFirst().orElseThrow();
        assertTrue(caller.startsWith("  @") && !caller.startsWith("   "), "one level deeper, indented: " + caller);
    }

    static int mixed(int x) {
        int y = x ^ (x >>> 3);
        for (int i = 0; i < 2; i++) {
            y = y * 17 + (x >> i);
            y ^= y << 5;
        }
        return y - x;
    }

    static int spread(int x) {
        int y = x + 1;
        for (int i = 0; i < 2; i++) {
            y = y * 13 + (x >> i);
            y ^= y >>> 9;
        }
        return y + x;
    }

    /** About 30 bytes of bytecode: a small callee, inlined wherever the budget allows. */
    static int pad(int x) {
        int y = x * 31 + 7;
        y ^= y >>> 3;
        y += x << 2;
        return y ^ (y >>> 11);
    }

    /** 120 calls of {@link #pad}: more bytecode than one compile inlines. */
    static int overBudget(int x) {
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        x = pad(x);
        return x;
    }

    /** The compile's inlining budget holds: the calls past it stay calls, and what was inlined fits it. */
    @Test
    void inliningStopsAtTheCompilesBudget() {
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "overBudget"), BuildOptions.DEFAULT.withInlining(true)).graph();
        int size = method(InliningPolicyTest.class, "pad").getCodeSize();
        long inlined = g.inliningDecisions().stream().filter(d -> d.inlined()).count();
        assertEquals(Inlining.MAX_TOTAL_BYTES / size, inlined, () -> size + " bytes a callee");
        var first = g.inliningDecisions().stream().filter(d -> !d.inlined()).findFirst().orElseThrow();
        assertEquals("the compile's budget is spent (" + inlined * size + " + " + size + " > " + Inlining.MAX_TOTAL_BYTES + " bytes)", first.reason());
        assertEquals(120 - inlined, g.inliningDecisions().stream().filter(d -> !d.inlined()).count());
    }

    /** A node of a tree walked recursively by {@link #walk}, which is larger than {@link Inlining#MAX_CALLEE_BYTES}. */
    static final class TreeNode {
        final TreeNode left;
        final TreeNode right;
        final int label;

        TreeNode(TreeNode left, TreeNode right, int label) {
            this.left = left;
            this.right = right;
            this.label = label;
        }
    }

    static long walk(TreeNode n) {
        if (n.left == null) {
            return n.label * 3L + (n.label >>> 2) + (n.label ^ 0x55);
        }
        long l = walk(n.left);
        long r = walk(n.right);
        return l * 31 + r + n.label;
    }

    /** {@link #walk} through a helper: recursion, but not a method's call of itself. */
    static long descend(TreeNode n) {
        if (n.left == null) {
            return n.label * 3L + (n.label >>> 2) + (n.label ^ 0x55);
        }
        return step(n) + n.label;
    }

    static long step(TreeNode n) {
        return descend(n.left) * 31 + descend(n.right);
    }

    static TreeNode tree(int depth, int label) {
        return depth == 0 ? new TreeNode(null, null, label) : new TreeNode(tree(depth - 1, 2 * label), tree(depth - 1, 2 * label + 1), label);
    }

    /**
     * A recursive call is hot from C2's 0.25 runs per entry ({@link Inlining#RECURSIVE_HOT_CALL_FREQUENCY}):
     * a tree's walk calls itself twice on half of its entries, once per entry per call, which is not
     * hot for another call (twice per entry, the default). So a larger recursive callee is inlined
     * into itself once, and its own recursive calls stay calls; with the hot rule at 0.1 per entry the
     * other calls would be hot too, but the recursion stays at one level.
     */
    @Test
    void aHotRecursiveCallIsInlinedOnce() throws InterruptedException {
        ResolvedJavaMethod m = method(InliningPolicyTest.class, "walk");
        assertTrue(m.getCodeSize() > Inlining.MAX_CALLEE_BYTES && m.getCodeSize() <= Inlining.HOT_CALLEE_BYTES, "walk: " + m.getCodeSize());
        TreeNode t = tree(6, 1);
        int call = org.ssajit.testing.Profiles.firstOf(m, org.ssajit.bytecode.Bytecodes.INVOKESTATIC);
        org.ssajit.testing.Profiles.warmUntilInlinable(m, p -> p.getExecutionCount(call) > 0, () -> (int) walk(t), "a count at bci " + call);
        for (double frequency : new double[] {Inlining.HOT_CALL_FREQUENCY, 0.1}) {
            Graph g = Jvmci.build(m, BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES).withHotCallFrequency(frequency)).graph();
            String all = String.join("\n", g.inliningDecisions().stream().map(d -> d.format()).toList());
            List<String> order = g.inliningDecisions().stream().map(d -> d.depth() + " " + d.callee().getName() + " " + d.inlined()).toList();
            assertEquals(List.of("0 walk true", "1 walk false", "1 walk false", "0 walk true", "1 walk false", "1 walk false"), order, all);
            var first = g.inliningDecisions().get(0);
            assertTrue(first.reason().startsWith("static; a hot call ("), all);
            assertEquals("recursive (1 level inlined already)", g.inliningDecisions().get(1).reason(), all);
            Verifier.verify(g);
        }
        // A cycle through another method is inlined a level too, but is hot only as other calls are
        // (a parser's descent inlines whole grammar rules into themselves otherwise).
        ResolvedJavaMethod d = method(InliningPolicyTest.class, "descend");
        assertTrue(d.getCodeSize() > Inlining.MAX_CALLEE_BYTES && d.getCodeSize() <= Inlining.HOT_CALLEE_BYTES, "descend: " + d.getCodeSize());
        ResolvedJavaMethod st = method(InliningPolicyTest.class, "step");
        int stepCall = org.ssajit.testing.Profiles.firstOf(st, org.ssajit.bytecode.Bytecodes.INVOKESTATIC);
        org.ssajit.testing.Profiles.warmUntilInlinable(st, p -> p.getExecutionCount(stepCall) > 0, () -> (int) descend(t), "a count at bci " + stepCall);
        Graph viaStep = Jvmci.build(d, BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES)).graph();
        String viaAll = String.join("\n", viaStep.inliningDecisions().stream().map(x -> x.format()).toList());
        assertEquals(List.of("0 step true", "1 descend false", "1 descend false"),
                        viaStep.inliningDecisions().stream().map(x -> x.depth() + " " + x.callee().getName() + " " + x.inlined()).toList(), viaAll);
        assertTrue(viaStep.inliningDecisions().get(1).reason().startsWith("too big (" + d.getCodeSize() + " > 35 bytes) for a call that is not hot ("), viaAll);
        // Not where hot calls are held to the usual size.
        Graph held = Jvmci.build(m, BuildOptions.DEFAULT.withInlining(true)).graph();
        assertTrue(held.inliningDecisions().stream().noneMatch(x -> x.inlined()), () -> String.join("\n", held.inliningDecisions().stream().map(x -> x.format()).toList()));
    }

    static int hotAndCold(int x) {
        int r = mixed(x);
        if (x == Integer.MIN_VALUE + 7) {
            r += spread(x);
        }
        return r;
    }

    /**
     * A callee larger than {@link Inlining#MAX_CALLEE_BYTES} is inlined at a call that runs on every
     * entry (its profile counted it), and not at one on a branch the profile never saw taken. The
     * profile is HotSpot's, after the method ran many times here.
     */
    @Test
    void aHotCallInlinesALargerCalleeAndAColdOneDoesNot() throws InterruptedException {
        ResolvedJavaMethod m = method(InliningPolicyTest.class, "hotAndCold");
        int[] i = {0};
        // Both counts the decisions read: the call's (it ran), and the branch's (its other side never ran).
        int call = org.ssajit.testing.Profiles.firstOf(m, org.ssajit.bytecode.Bytecodes.INVOKESTATIC);
        int branch = org.ssajit.testing.Profiles.firstOf(m, org.ssajit.bytecode.Bytecodes.IF_ICMPNE);
        org.ssajit.testing.Profiles.warmUntil(m, p -> p.getExecutionCount(call) > 0 && p.getBranchTakenProbability(branch) >= 0, () -> hotAndCold(i[0]++),
                        "a count at bci " + call + " and a branch profile at bci " + branch);
        int mixedSize = method(InliningPolicyTest.class, "mixed").getCodeSize();
        int spreadSize = method(InliningPolicyTest.class, "spread").getCodeSize();
        assertTrue(mixedSize > Inlining.MAX_CALLEE_BYTES && mixedSize <= Inlining.HOT_CALLEE_BYTES, "mixed: " + mixedSize);
        assertTrue(spreadSize > Inlining.MAX_CALLEE_BYTES && spreadSize <= Inlining.HOT_CALLEE_BYTES, "spread: " + spreadSize);
        // hot from once per entry
        Graph g = Jvmci.build(m, BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES).withHotCallFrequency(1)).graph();
        String all = String.join("\n", g.inliningDecisions().stream().map(d -> d.format()).toList());
        var hot = g.inliningDecisions().stream().filter(d -> d.callee().getName().equals("mixed")).findFirst().orElseThrow();
        var cold = g.inliningDecisions().stream().filter(d -> d.callee().getName().equals("spread")).findFirst().orElseThrow();
        assertTrue(hot.inlined(), all);
        assertEquals("static; a hot call (1 per entry)", hot.reason(), all);
        assertFalse(cold.inlined(), all);
        assertTrue(cold.reason().startsWith("too big (" + spreadSize + " > 35 bytes) for a call that is not hot ("), all);
        Verifier.verify(g);
        // the same compile as by default: hot calls held to the usual size
        Graph held = Jvmci.build(m, BuildOptions.DEFAULT.withInlining(true)).graph();
        var notHot = held.inliningDecisions().stream().filter(d -> d.callee().getName().equals("mixed")).findFirst().orElseThrow();
        assertFalse(notHot.inlined());
        assertEquals("too big (" + mixedSize + " > 35 bytes)", notHot.reason());
        // once per entry is not hot where a call must run twice per entry (the default: calls in loops)
        assertEquals(2, Inlining.HOT_CALL_FREQUENCY);
        Graph loopsOnly = Jvmci.build(m, BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES).withHotCallFrequency(2)).graph();
        var once = loopsOnly.inliningDecisions().stream().filter(d -> d.callee().getName().equals("mixed")).findFirst().orElseThrow();
        assertFalse(once.inlined(), once::format);
        assertEquals("too big (" + mixedSize + " > 35 bytes) for a call that is not hot (1 per entry)", once.reason());
        // A call left on a path the profile never saw run is in a cold block (laid out last, the values
        // live across it saved there); one that runs on every entry is not.
        assertTrue(invokeOf(loopsOnly, "spread").block().isCold(), loopsOnly::toString);
        assertFalse(invokeOf(loopsOnly, "mixed").block().isCold(), loopsOnly::toString);
        assertTrue(invokeOf(g, "spread").block().isCold(), g::toString);
        // Without frequencies (no hot rule to read them for) no call's block is cold.
        assertFalse(invokeOf(held, "spread").block().isCold(), held::toString);
        Graph atOne = Jvmci.build(m, BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES).withHotCallFrequency(1)).graph();
        assertTrue(atOne.inliningDecisions().stream().filter(d -> d.callee().getName().equals("mixed")).findFirst().orElseThrow().inlined());
    }

    @Test
    void frequenciesArePrintedToTwoDigits() {
        assertEquals("1", Inlining.times(1.0));
        assertEquals("0.25", Inlining.times(0.25));
        assertEquals("0.033", Inlining.times(1 / 30.0));
        assertEquals("9.5", Inlining.times(9.5));
        assertEquals("1000", Inlining.times(999.9999));
        assertEquals("unknown", Inlining.times(Double.NaN));
    }

    @Test
    void sharesNearAThresholdAreNotRoundedOntoIt() {
        assertEquals("89.6 %", Inlining.percent(0.8964));
        assertEquals("90 %", Inlining.percent(0.9));
        assertEquals("100 %", Inlining.percent(1.0));
        assertEquals("0 %", Inlining.percent(0.0001));
        assertEquals("12.5 %", Inlining.percent(0.125));
    }

    /**
     * Without {@link BuildOptions#explainInlining()} (a JIT compile that prints nothing) the inliner
     * decides exactly as with it, and builds the same graph: only the reasons are fixed texts, the
     * beginnings of the full ones without the sizes, shares and class names a call site would build.
     * Over the methods of a few JDK classes this JVM has run (so that some calls have receiver profiles).
     */
    @Test
    void unexplainedInliningDecidesAsExplainedInlining() {
        BuildOptions explained = BuildOptions.DEFAULT.withInlining(true).withHotCalleeBytes(Inlining.HOT_CALLEE_BYTES);
        BuildOptions fixed = explained.withExplainedInlining(false);
        int decisions = 0;
        int byProfile = 0;
        int unsettled = 0;
        int methods = 0;
        java.util.Set<String> reasons = new java.util.TreeSet<>();
        for (Class<?> c : List.of(java.util.ArrayList.class, java.util.HashMap.class, java.util.AbstractCollection.class, String.class, StringBuilder.class,
                        java.util.TreeMap.class)) {
            for (ResolvedJavaMethod m : type(c).getDeclaredMethods(false)) {
                if (!m.hasBytecodes()) {
                    continue;
                }
                // The profiles are live (this JVM keeps running these methods), so a decision by profile
                // may change between two builds: compare the unexplained build with the explained ones
                // made just before and after it, when those two agree.
                Graph a = null;
                Graph b = null;
                try {
                    for (int attempt = 0; attempt < 3 && b == null; attempt++) {
                        Graph before = Jvmci.build(m, explained).graph();
                        Graph between = Jvmci.build(m, fixed).graph();
                        Graph after = Jvmci.build(m, explained).graph();
                        if (outcomes(before).equals(outcomes(after))) {
                            a = before;
                            b = between;
                        }
                    }
                } catch (BailoutException e) {
                    continue; // refused alike: the reasons play no part in a refusal
                }
                methods++;
                if (b == null) {
                    unsettled++;
                    continue;
                }
                var da = a.inliningDecisions();
                var db = b.inliningDecisions();
                assertEquals(outcomes(a), outcomes(b), m::toString);
                for (int k = 0; k < da.size(); k++) {
                    var x = da.get(k);
                    var y = db.get(k);
                    // The fixed text is the full reason or its beginning, without the numbers and names after it.
                    assertTrue(x.reason().startsWith(y.reason()) && !y.reason().contains("%"), () -> m + ": " + x.format() + " / " + y.format());
                    reasons.add(y.reason());
                    byProfile += x.reason().contains("by profile") ? 1 : 0;
                }
                decisions += da.size();
                assertEquals(new org.ssajit.ir.IrPrinter(true).print(a), new org.ssajit.ir.IrPrinter(true).print(b), m::toString);
            }
        }
        assertTrue(decisions > 500, "decisions: " + decisions);
        assertTrue(byProfile > 0, "no call decided by profile");
        assertTrue(unsettled * 10 < methods, unsettled + " of " + methods + " methods' profiles kept changing");
        assertTrue(reasons.size() < 40, reasons::toString);
    }

    /** Each inlining decision of {@code g} but its reason: where, which callee, inlined or not. */
    private static List<List<Object>> outcomes(Graph g) {
        return g.inliningDecisions().stream().map(d -> List.<Object>of(d.caller(), d.bci(), d.depth(), d.callee(), d.inlined())).toList();
    }
}
