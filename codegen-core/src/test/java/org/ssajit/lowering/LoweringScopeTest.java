package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.parse.BuildOptions;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.Graph;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/**
 * Methods outside what ssajit compiles are refused by the lowering, for every target, with a reason
 * that names the construct and its bci; handlers reached only by exceptions do not count (the
 * lowering removes them).
 */
class LoweringScopeTest {
    int instanceField;
    static Object sink;
    static Object[] objects = new Object[1];

    int instance() {
        return instanceField;
    }

    static synchronized int synchronizedStatic(int a) {
        return a + 1;
    }

    static int calls(int a) {
        return Math.abs(a);
    }

    static Runnable lambda() {
        return () -> {
        };
    }

    static int methodHandle(java.lang.invoke.MethodHandle h) throws Throwable {
        return (int) h.invokeExact(1);
    }

    static Object allocates() {
        return new Object();
    }

    static int[] allocatesArray(int n) {
        return new int[n];
    }

    static String casts(Object o) {
        return (String) o;
    }

    static boolean instanceOf(Object o) {
        return o instanceof String;
    }

    static int monitor(Object o) {
        synchronized (o) {
            return 1;
        }
    }

    static int throwing(int a) {
        if (a < 0) {
            throw new IllegalStateException();
        }
        return a;
    }

    static float frem(float a, float b) {
        return a % b;
    }

    static double drem(double a, double b) {
        return a % b;
    }

    static void storesReference(LoweringScopeTest t, Object o) {
        sink = o;
    }

    static void aastore(Object[] a, Object o) {
        a[0] = o;
    }

    static int caught(int[] a, int i) {
        try {
            return a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return calls(i); // a call in a handler: never compiled
        }
    }

    /** Explicit null checks, every other option at its default. */
    private static final OptionValues OPTIONS = OptionValues.DEFAULTS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, false);

    private static Graph lowered(Graph g) {
        return lowered(g, OPTIONS);
    }

    private static Graph lowered(Graph g, OptionValues options) {
        HotSpotLowering.host(options).lower(g);
        Verifier.verify(g);
        return g;
    }

    /** Lowered with the macro-ops kept (before their expansion): type tests, store checks, barriers, allocations, monitors. */
    private static Graph loweredKeepingTypeChecks(Graph g) {
        HotSpotLowering.host(OPTIONS).lower(g, OPTIONS.get(LoweringOptions.COMPILED_HANDLERS), false);
        Verifier.verify(g);
        return g;
    }

    private static String refusal(String name) {
        return refusal(name, OPTIONS);
    }

    private static String refusal(String name, OptionValues options) {
        BailoutException e = assertThrows(BailoutException.class, () -> lowered(Jvmci.graph(LoweringScopeTest.class, name), options), name);
        assertEquals(BailoutException.Reason.UNSUPPORTED, e.reason());
        return e.getMessage();
    }

    /**
     * A signature-polymorphic call, once HotSpot linked the site, is a static call of the adapter
     * with the appendix last (HotSpot's invokehandle; it resolves such a call without a receiver),
     * the stack without the bytecode's arguments (the handle and its int).
     */
    @Test
    void signaturePolymorphicCallIsAStaticCallOfTheAdapter() throws Throwable {
        assertEquals(1, methodHandle(java.lang.invoke.MethodHandles.identity(int.class))); // links the site
        Graph g = lowered(Jvmci.graph(LoweringScopeTest.class, "methodHandle"));
        org.ssajit.ir.Instruction call = g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == org.ssajit.hotspot.ir.HotSpotOp.CALL)
                        .findFirst().orElseThrow(() -> new AssertionError(g.toString()));
        assertEquals(org.ssajit.hotspot.ir.CallTarget.Dispatch.STATIC, call.attribute(CallTarget.class).dispatch());
        assertEquals(org.ssajit.bytecode.Bytecodes.INVOKEVIRTUAL, call.attribute(CallTarget.class).opcode());
        assertTrue(call.attribute(CallTarget.class).method().isStatic(), "the adapter");
        assertEquals(3, call.inputCount(), "handle, int, appendix");
        assertTrue(call.input(2) instanceof org.ssajit.ir.Constant, "the appendix");
        assertEquals(0, call.state().stackSize());
    }

    /** A linked invokedynamic is a static call of its adapter, the appendix last; the stack loses only the bytecode's arguments. */
    @Test
    void invokedynamicIsAStaticCallOfTheAdapter() {
        assertTrue(lambda() != null); // links the call site
        Graph g = lowered(Jvmci.graph(LoweringScopeTest.class, "lambda"));
        org.ssajit.ir.Instruction call = g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == org.ssajit.hotspot.ir.HotSpotOp.CALL)
                        .findFirst().orElseThrow(() -> new AssertionError(g.toString()));
        assertEquals(org.ssajit.hotspot.ir.CallTarget.Dispatch.STATIC, call.attribute(CallTarget.class).dispatch());
        assertEquals(org.ssajit.bytecode.Bytecodes.INVOKEDYNAMIC, call.attribute(CallTarget.class).opcode());
        assertTrue(call.input(call.inputCount() - 1) instanceof org.ssajit.ir.Constant, "the appendix");
        assertEquals(0, call.state().stackSize());
    }

    /** Calls, frem and drem, type checks, allocation and athrow are in scope. */
    @Test
    void callsAndFloatingRemaindersAreCompiled() {
        for (String name : new String[]{"calls", "frem", "drem", "casts", "instanceOf", "allocates", "allocatesArray", "throwing"}) {
            assertTrue(lowered(Jvmci.graph(LoweringScopeTest.class, name)).isLowered(), name);
        }
    }

    /** An instance method is in scope. */
    @Test
    void instanceMethodsAreCompiled() {
        assertTrue(lowered(Jvmci.graph(LoweringScopeTest.class, "instance")).isLowered());
    }

    /**
     * A synchronized method locks first (monitor slot 0, the state at bci 0 holding the monitor) and
     * unlocks before its return (the state before the return bytecode, the monitor still held).
     */
    @Test
    void synchronizedMethodLocksAtEntryAndUnlocksAtReturn() {
        Graph g = loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "synchronizedStatic"));
        org.ssajit.ir.Instruction first = g.entry().instructions().get(0);
        assertEquals(org.ssajit.hotspot.ir.HotSpotOp.LOCK, first.op(), g::toString);
        assertEquals(0, first.attribute());
        assertEquals(0, first.state().bci());
        assertEquals(1, first.state().locksSize());
        assertEquals(first.input(0), first.state().lock(0), "the class mirror is the lock");
        assertEquals(g.parameters().get(0), first.state().local(0), "the argument in its local");
        List<String> ops = opsOf(g);
        assertEquals(1, ops.stream().filter("unlock"::equals).count(), ops::toString);
        for (org.ssajit.ir.Block b : g.blocks()) {
            if (b.terminator() instanceof org.ssajit.ir.Return r) {
                org.ssajit.ir.Instruction last = b.instructions().get(b.instructions().size() - 1);
                assertEquals(org.ssajit.hotspot.ir.HotSpotOp.UNLOCK, last.op(), g::toString);
                assertEquals(r.bci(), last.state().bci());
                assertEquals(1, last.state().stackSize(), "the return value on the interpreter's stack");
            }
        }
    }

    /** Turned off ({@code -Dssajit.Monitors=false}): synchronized methods and blocks are refused with the reason. */
    @Test
    void monitorsAreRefusedWhenTurnedOff() {
        OptionValues off = OPTIONS.with(LoweringOptions.MONITORS, false);
        assertEquals("synchronized method: monitors are turned off (-Dssajit.Monitors=false)", refusal("synchronizedStatic", off));
        assertEquals("monitorenter at bci 3: monitors are turned off (-Dssajit.Monitors=false)", refusal("monitor", off));
    }

    /**
     * {@code monitorenter}: a null check with the state before it, then the lock, whose state is the one
     * after it (next bci, object popped, monitor held); {@code monitorexit}: the unlock of that depth.
     */
    @Test
    void monitorBlockLowersToLockAndUnlock() {
        Graph g = loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "monitor"));
        List<String> ops = opsOf(g);
        int check = ops.indexOf("nullcheck");
        int lock = ops.indexOf("lock");
        assertTrue(check >= 0 && lock == check + 1 && ops.indexOf("unlock") > lock, ops::toString);
        org.ssajit.ir.Instruction l = g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == org.ssajit.hotspot.ir.HotSpotOp.LOCK)
                        .findFirst().orElseThrow();
        assertEquals(0, l.attribute());
        assertEquals(4, l.state().bci(), "after the monitorenter at bci 3");
        assertEquals(0, l.state().stackSize());
        assertEquals(1, l.state().locksSize());
        assertEquals(g.parameters().get(0), l.state().lock(0));
    }

    /**
     * A {@code monitorexit} of another value than the innermost lock's (bytecode javac never writes; an
     * OSR entry's copies) is checked at run time: a {@code samecheck} of the two before the unlock of the
     * lock's own value. The graph is built by hand.
     */
    @Test
    void monitorExitOfAnotherValueIsChecked() {
        jdk.vm.ci.meta.ResolvedJavaMethod m = Jvmci.method(LoweringScopeTest.class, "monitor");
        org.ssajit.ir.Graph g = new org.ssajit.ir.Graph(m);
        org.ssajit.ir.Block b = g.newBlock(0);
        org.ssajit.ir.Parameter p = g.addParameter(0, jdk.vm.ci.meta.JavaKind.Object, false);
        org.ssajit.ir.Value[] none = new org.ssajit.ir.Value[0];
        org.ssajit.ir.Instruction enter = new org.ssajit.ir.Instruction(g, org.ssajit.ir.Op.MONITOR_ENTER, jdk.vm.ci.meta.JavaKind.Void, null, 3, p);
        enter.setState(new org.ssajit.ir.FrameState(m, 3, new org.ssajit.ir.Value[m.getMaxLocals()], new org.ssajit.ir.Value[]{p}, none));
        b.append(enter);
        org.ssajit.ir.Value other = g.constant(Jvmci.PROVIDERS.constantReflection().asJavaClass(Jvmci.PROVIDERS.metaAccess().lookupJavaType(String.class)));
        org.ssajit.ir.Instruction exit = new org.ssajit.ir.Instruction(g, org.ssajit.ir.Op.MONITOR_EXIT, jdk.vm.ci.meta.JavaKind.Void, null, 7, other);
        exit.setState(new org.ssajit.ir.FrameState(m, 7, new org.ssajit.ir.Value[m.getMaxLocals()], new org.ssajit.ir.Value[]{other}, new org.ssajit.ir.Value[]{p}));
        b.append(exit);
        b.setTerminator(new org.ssajit.ir.Return(9, g.intConstant(1)));
        Graph lowered = loweredKeepingTypeChecks(g);
        List<String> ops = opsOf(lowered);
        int check = ops.indexOf("samecheck");
        assertTrue(check >= 0 && ops.get(check + 1).equals("unlock"), ops::toString);
        org.ssajit.ir.Instruction unlock = lowered.entry().instructions().get(check + 1);
        assertEquals(p, unlock.input(0), "the lock's own object is unlocked");
        assertEquals(1, unlock.state().locksSize());
    }

    /** The lowered ops of {@code g}, by mnemonic, in block order. */
    private static List<String> opsOf(Graph g) {
        List<String> ops = new ArrayList<>();
        for (org.ssajit.ir.Block b : g.blocks()) {
            for (org.ssajit.ir.Instruction i : b.instructions()) {
                ops.add(i.op().mnemonic());
            }
        }
        return ops;
    }

    /**
     * Reference stores are lowered with this VM's collector's barriers around the write: G1's
     * pre-barrier before it and its post-barrier after; the card mark after it for Serial and Parallel.
     * {@code aastore} first checks the value against the array's element class.
     */
    @Test
    void referenceStoresGetTheCollectorsBarriers() {
        org.ssajit.hotspot.HotSpotVmConfig c = org.ssajit.hotspot.HotSpotVmConfig.host();
        boolean g1 = c.selectedGc() == c.gcG1;
        List<String> expected = g1 ? List.of("prebarrier", "write", "postbarrier") : List.of("write", "postbarrier");
        List<String> field = opsOf(loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "storesReference")));
        field.removeIf(op -> !expected.contains(op) && !op.equals("compress"));
        field.remove("compress");
        assertEquals(expected, field);
        List<String> element = opsOf(loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "aastore")));
        int check = element.indexOf("storecheck");
        assertTrue(check >= 0 && element.get(check + 1).equals("guard"), element::toString);
        assertTrue(element.indexOf("write") > check && element.indexOf("postbarrier") > element.indexOf("write"), element::toString);
        assertEquals(g1, element.contains("prebarrier"), element::toString);
    }

    /** Two reference fields and an int; its constructor writes none of them. */
    static final class Cell {
        Object a;
        Object b;
        int n;
    }

    static Cell published;

    static Cell freshFields(Object x, int n) {
        Cell c = new Cell();
        c.a = null;
        c.b = x;
        c.n = 0;
        return c;
    }

    static Cell freshThenPublished(Object x) {
        Cell c = new Cell();
        c.a = x;
        published = c;
        c.b = x;
        c.a = null;
        return c;
    }

    static Cell freshThenCall(Object x) {
        Cell c = new Cell();
        c.n = x.hashCode();
        c.a = x;
        return c;
    }

    static Cell freshThenAnother(Object x) {
        Cell c = new Cell();
        Cell d = new Cell();
        d.a = x;
        c.a = d;
        return c;
    }

    /** The ops of the writes to {@link Cell}'s field {@code name} and the barriers at it, in order. */
    private static List<String> cellField(Graph g, String name) {
        int offset = (int) Jvmci.PROVIDERS.metaAccess().lookupJavaField(field(Cell.class, name)).getOffset();
        List<String> ops = new ArrayList<>();
        for (org.ssajit.ir.Block b : g.blocks()) {
            for (org.ssajit.ir.Instruction i : b.instructions()) {
                if (i.op() == HotSpotOp.WRITE && i.attribute(org.ssajit.hotspot.ir.Access.class).displacement() == offset
                                || (i.op() == HotSpotOp.PRE_BARRIER || i.op() == HotSpotOp.POST_BARRIER)
                                                && i.attribute(org.ssajit.hotspot.ir.GcBarrier.class).access().displacement() == offset) {
                    ops.add(i.op().mnemonic());
                }
            }
        }
        return ops;
    }

    private static java.lang.reflect.Field field(Class<?> c, String name) {
        try {
            return c.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A field of an object the compile allocated, not written since (nothing between lets the object
     * escape, writes the field, or calls): a write of the default value is left out (the new object
     * holds it), and a reference write needs no SATB pre-barrier (it would find null to record). Once
     * the object is published, or after a call, both stay. Inlined constructors, as compiles inline them.
     */
    @Test
    void writesToFieldsOfNewObjectsSkipWhatTheirZeroesMakeRedundant() {
        org.ssajit.hotspot.HotSpotVmConfig c = org.ssajit.hotspot.HotSpotVmConfig.host();
        boolean satb = c.selectedGc() == c.gcG1;
        // A card mark where the VM does not reduce initial ones, or its collector has none of its own here.
        boolean initialCard = !c.reduceInitialCardMarks || !(satb || c.selectedGc() == c.gcSerial || c.selectedGc() == c.gcParallel);
        BuildOptions inlining = BuildOptions.DEFAULT.withInlining(true);
        // Run once, so that their constant-pool entries (the class, its fields) are resolved.
        assertTrue(freshFields("x", 1).b == "x" && freshThenPublished("y").a == null && freshThenCall("z").a == "z" && freshThenAnother("w").a instanceof Cell);
        Graph fresh = loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "freshFields", inlining));
        assertTrue(opsOf(fresh).contains("allocate"), () -> "allocated in compiled code\n" + fresh);
        assertEquals(List.of(), cellField(fresh, "a"), () -> "null into a new object's field: no write\n" + fresh);
        assertEquals(initialCard ? List.of("write", "postbarrier") : List.of("write"), cellField(fresh, "b"),
                        () -> "a reference into a new object's field, nothing since its allocation: no pre-barrier, no card mark\n" + fresh);
        assertEquals(List.of(), cellField(fresh, "n"), () -> "0 into a new object's field: no write\n" + fresh);
        Graph published = loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "freshThenPublished", inlining));
        List<String> barrierAndWrite = satb ? List.of("prebarrier", "write", "postbarrier") : List.of("write", "postbarrier");
        List<String> writtenThenPublished = new ArrayList<>(initialCard ? List.of("write", "postbarrier") : List.of("write"));
        writtenThenPublished.addAll(barrierAndWrite);
        writtenThenPublished.remove(writtenThenPublished.size() - 1); // null: no card to mark
        assertEquals(writtenThenPublished, cellField(published, "a"),
                        () -> "after the object is published: the null write and its pre-barrier stay\n" + published);
        assertEquals(barrierAndWrite, cellField(published, "b"), () -> "after the object is published: the pre-barrier and the card mark stay\n" + published);
        Graph called = loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "freshThenCall", inlining));
        assertEquals(barrierAndWrite, cellField(called, "a"), () -> "after a call: the pre-barrier and the card mark stay\n" + called);
        // Another allocation between: its slow path may stop at a safepoint (the collector may move the
        // first object, or be told of it, before this store), so the card mark stays; the pre-barrier does not.
        Graph another = loweredKeepingTypeChecks(Jvmci.graph(LoweringScopeTest.class, "freshThenAnother", inlining));
        List<String> afterAnother = cellField(another, "a");
        assertEquals(initialCard ? List.of("write", "postbarrier", "write", "postbarrier") : List.of("write", "write", "postbarrier"), afterAnother,
                        () -> "the second object's field (nothing since its allocation), then the first's (an allocation since)\n" + another);
    }

    /** Never initialized by the tests. */
    static final class NotInitialized {
        static final Object A = new Object();
        static final Object B = new Object();

        static int plusOne(int x) {
            return x + 1;
        }

        int timesTwo(int x) {
            return x * 2;
        }

        /** Both reads deoptimize (the class is not initialized): the phi of their placeholders is trivial. */
        Object pick(boolean c) {
            return c ? A : B;
        }
    }

    /** An instance method needs no class-initialization barrier: its class need not be initialized. */
    @Test
    void instanceMethodOfAClassNotInitializedIsCompiled() {
        assertTrue(lowered(Jvmci.graph(NotInitialized.class, "timesTwo")).isLowered());
        Graph g = lowered(Jvmci.graph(NotInitialized.class, "pick"));
        assertTrue(g.blocks().stream().allMatch(b -> b.phis().isEmpty()), g::toString);
    }

    /** A static method of a class not initialized yet: lowered, with the class as the entry's initialization barrier. */
    @Test
    void staticMethodOfAClassNotInitializedGetsABarrier() {
        Graph g = lowered(Jvmci.graph(NotInitialized.class, "plusOne"));
        assertEquals(Jvmci.PROVIDERS.constantReflection().asObjectHub(Jvmci.PROVIDERS.metaAccess().lookupJavaType(NotInitialized.class)),
                        g.initializationBarrier());
        assertEquals(null, lowered(Jvmci.graph(LoweringScopeTest.class, "calls")).initializationBarrier(), "an initialized class needs none");
    }

    static Object readReferent(java.lang.ref.Reference<?> r) {
        return r;
    }

    /**
     * A {@code Reference.referent} read gets G1's keep-alive barrier after it (Serial and Parallel: none).
     * No Java source outside java.lang.ref can read the field: the graph is built by hand.
     */
    @Test
    void referentLoadGetsTheKeepAliveBarrierUnderG1() {
        jdk.vm.ci.meta.ResolvedJavaMethod m = Jvmci.method(LoweringScopeTest.class, "readReferent");
        jdk.vm.ci.meta.ResolvedJavaField referent = java.util.Arrays.stream(Jvmci.PROVIDERS.metaAccess().lookupJavaType(java.lang.ref.Reference.class).getInstanceFields(false))
                        .filter(f -> f.getName().equals("referent")).findFirst().orElseThrow();
        org.ssajit.ir.Graph g = new org.ssajit.ir.Graph(m);
        org.ssajit.ir.Block b = g.newBlock(0);
        org.ssajit.ir.Parameter p = g.addParameter(0, jdk.vm.ci.meta.JavaKind.Object, false);
        org.ssajit.ir.Instruction load = new org.ssajit.ir.Instruction(g, org.ssajit.ir.Op.LOAD_FIELD, jdk.vm.ci.meta.JavaKind.Object,
                        new org.ssajit.ir.FieldRef(referent, false), 0, p);
        b.append(load);
        b.setTerminator(new org.ssajit.ir.Return(1, load));
        org.ssajit.hotspot.HotSpotVmConfig c = org.ssajit.hotspot.HotSpotVmConfig.host();
        List<String> ops = opsOf(loweredKeepingTypeChecks(g));
        assertEquals(c.selectedGc() == c.gcG1, ops.contains("keepalive"), ops::toString);
        if (ops.contains("keepalive")) {
            assertTrue(ops.indexOf("keepalive") > ops.indexOf("read"), ops::toString);
        }
    }

    static int localBooleans(int n) {
        boolean[] marks = new boolean[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            marks[i] = true;
            count += marks[i] ? 1 : 0;
        }
        return count;
    }

    static int localBooleansComputed(int n) {
        boolean[] marks = new boolean[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            marks[i] = (i & 1) == 0;
            count += marks[i] ? 1 : 0;
        }
        return count;
    }

    static int parameterBooleans(boolean[] marks, int n) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            marks[i] = (i & 1) == 0;
            count += marks[i] ? 1 : 0;
        }
        return count;
    }

    private static org.ssajit.ir.Graph osrGraph(String name) {
        jdk.vm.ci.meta.ResolvedJavaMethod m = Jvmci.method(LoweringScopeTest.class, name);
        org.ssajit.bytecode.BlockMap map = new org.ssajit.bytecode.BlockMap(m, new org.ssajit.bytecode.Linkage(m));
        int header = map.blocks().stream().filter(org.ssajit.bytecode.BlockMap.BciBlock::isLoopHeader).findFirst().orElseThrow().startBci();
        return org.ssajit.parse.GraphBuilder.build(org.ssajit.parse.FrontEnd.analyze(m, header), org.ssajit.parse.BuildOptions.DEFAULT, Jvmci.PROVIDERS).graph();
    }

    /**
     * In an OSR compile the array allocated before the loop arrives as an untyped local: a bastore of
     * a computed value tests at run time whether the array is a boolean[] (which keeps bit 0); a
     * constant 0 or 1 is the same into byte[] and boolean[], and a parameter the method never
     * reassigns keeps its declared type: no test. (What the test computes is run by
     * {@code OnStackReplacementTest}'s localBytes, localBooleans and raw stores.)
     */
    @Test
    void bastoreIntoAnArrayOfUnknownType() {
        assertEquals(List.of(), booleanArrayTests(loweredKeepingTypeChecks(osrGraph("localBooleans"))));
        assertEquals(List.of("boolean[]"), booleanArrayTests(loweredKeepingTypeChecks(osrGraph("localBooleansComputed"))));
        assertEquals(List.of(), booleanArrayTests(loweredKeepingTypeChecks(osrGraph("parameterBooleans"))));
    }

    private static List<String> booleanArrayTests(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == org.ssajit.hotspot.ir.HotSpotOp.TYPE_TEST)
                        .map(i -> i.attribute(org.ssajit.hotspot.ir.TypeTest.class).type().toJavaName()).toList();
    }

    @Test
    void handlersReachedOnlyByExceptionsDoNotCount() {
        Graph g = lowered(Jvmci.graph(LoweringScopeTest.class, "caught"));
        // The handler, its call and its exception object are gone with the exception edge.
        assertTrue(g.blocks().stream().allMatch(b -> b.handlers().isEmpty()), g::toString);
        assertTrue(g.blocks().stream().flatMap(b -> b.instructions().stream()).noneMatch(i -> i.op() == org.ssajit.ir.Op.EXCEPTION_OBJECT), g::toString);
    }
}
