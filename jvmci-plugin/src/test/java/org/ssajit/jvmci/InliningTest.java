package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.ir.Graph;
import org.ssajit.parse.Inlining;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Inlining end to end ({@link InlineTargets}): each caller is built with inlining on, must have inlined
 * the callees it names (and kept the rest as calls), is compiled, installed and run, and must do what
 * HotSpot's own code did before the installation: the same result or exception (class and message),
 * the same side effects, and, for an exception, the same frames from where it was thrown up to the
 * caller: a deoptimization inside inlined code rebuilds the callee's interpreter frame above the
 * caller's, which continues after its invoke (a caller frame that re-executed the invoke would repeat
 * the callee's side effects; debug info without the caller's frame would lose it from the trace).
 */
class InliningTest {
    private static final Pipeline PIPELINE = Pipeline.host();
    private static final Installer INSTALLER = Installer.host();

    static Stream<Arguments> callers() {
        int[] ints = {0, 1, 2, 7, -1, -5, 100, 255, 256, 65_535, 65_536, Integer.MAX_VALUE, Integer.MIN_VALUE};
        List<Supplier<Object[]>> oneInt = new ArrayList<>();
        List<Supplier<Object[]>> twoInts = new ArrayList<>();
        for (int a : ints) {
            oneInt.add(() -> new Object[]{a});
            for (int b : new int[]{1, -1, 0, 3, Integer.MIN_VALUE}) {
                twoInts.add(() -> new Object[]{a, b});
            }
        }
        List<Supplier<Object[]>> small = List.of(() -> new Object[]{0}, () -> new Object[]{1}, () -> new Object[]{5}, () -> new Object[]{40});
        List<Supplier<Object[]>> arrays = List.of(() -> new Object[]{new int[]{4, 5, 6}, 2}, () -> new Object[]{new int[]{4, 5, 6}, 3},
                        () -> new Object[]{new int[]{4}, -1}, () -> new Object[]{null, 0}, () -> new Object[]{new int[0], 0});
        List<Supplier<Object[]>> mixed = List.of(() -> new Object[]{3L, 2.5, 4}, () -> new Object[]{Long.MIN_VALUE, Double.NaN, -1},
                        () -> new Object[]{-7L, -0.0, Integer.MAX_VALUE}, () -> new Object[]{1L << 40, 1e300, 0});
        List<Supplier<Object[]>> receivers = new ArrayList<>();
        for (int a : ints) {
            receivers.add(() -> new Object[]{new InlineTargets(), a});
        }
        Stream<Arguments> all = Stream.of(
                        Arguments.of("sumOfSquares", List.of("square", "max"), small),
                        Arguments.of("mixed", List.of("mix"), mixed),
                        Arguments.of("sumTwice", List.of("sum"), arrays),
                        Arguments.of("nestedLoops", List.of("triangle"), small),
                        Arguments.of("divide", List.of("square", "quotient"), twoInts),
                        Arguments.of("load", List.of("element"), arrays),
                        Arguments.of("sideEffectThenTrap", List.of("countThenDivide"), twoInts),
                        // The exception's constructors, on a path that only throws, stay calls (BlockMap#isThrowBound).
                        Arguments.of("explicitThrow", List.of("checked"), oneInt),
                        Arguments.of("narrowed", List.of("isOdd", "low", "code", "record"), oneInt),
                        Arguments.of("chain", List.of("outer", "middle", "square", "max"), oneInt),
                        Arguments.of("neverReturns", List.of("fail"), oneInt),
                        Arguments.of("keepsAcrossGc", List.of("gcThenRead", "gc", "getRuntime"), List.of((Supplier<Object[]>) () -> new Object[]{3}, () -> new Object[]{-9})),
                        Arguments.of("recursive", List.of("factorial"), small),
                        Arguments.of("handlerAfterInlinedCall", List.of("square"), twoInts),
                        Arguments.of("instanceCaller", List.of("plus", "times"), receivers),
                        Arguments.of("onNewObject", List.of("plus", "times", "<init>", "<init>"), oneInt),
                        Arguments.of("getterOnParameter", List.of("x"), List.of((Supplier<Object[]>) () -> new Object[]{new InlineTargets.Point(7), 3},
                                        () -> new Object[]{null, 3}, () -> new Object[]{new InlineTargets.Point(Integer.MIN_VALUE), -1})),
                        Arguments.of("getterInTry", List.of("x"), List.of((Supplier<Object[]>) () -> new Object[]{new InlineTargets.Point(7), 3},
                                        () -> new Object[]{null, 3}, () -> new Object[]{new InlineTargets.Point(7), 0}, () -> new Object[]{null, 0})),
                        Arguments.of("privateOnOther", List.of("plus"), List.of((Supplier<Object[]>) () -> new Object[]{new InlineTargets(), 3},
                                        () -> new Object[]{null, 3})),
                        // Constructors, Object.<init> too (for a class with a finalizer: its registration).
                        Arguments.of("newPair", List.of("<init>", "<init>"), oneInt),
                        Arguments.of("newRatio", List.of("<init>", "<init>"), twoInts),
                        Arguments.of("newDerived", List.of("<init>", "<init>", "<init>"), oneInt),
                        Arguments.of("newFinalizable", List.of("<init>", "<init>"), oneInt),
                        // Virtual and interface calls on the object of a new.
                        Arguments.of("exactReceivers", List.of("<init>", "<init>", "<init>", "area", "applyAsInt"), twoInts),
                        // Exceptions of inlined code caught in compiled code (the exceptions' constructors, on
                        // paths that only throw, stay calls).
                        Arguments.of("catchesInlinedThrow", List.of("throwsIfNegative"), oneInt),
                        Arguments.of("catchesTwoLevelsDown", List.of("passesOn", "throwsIfNegative"), oneInt),
                        Arguments.of("callsCalleeWithHandler", List.of("divideOr", "throwsIfNegative"), twoInts),
                        Arguments.of("calleeHandlerFirst", List.of("divideOr", "throwsIfNegative"), twoInts),
                        Arguments.of("catchesAfterCalleesFinally", List.of("countsInFinally", "throwsIfNegative"), oneInt),
                        Arguments.of("catchesFromACallInInlinedCode", List.of("callsBigThrower"), oneInt),
                        // Locks in inlined code.
                        Arguments.of("synchronizedCallees", List.of("<init>", "<init>", "lockedPlus", "lockedDivide"), twoInts),
                        Arguments.of("catchesFromSynchronized", List.of("lockedDivide"), twoInts),
                        Arguments.of("catchesFromSynchronizedBlock", List.of("blockDivide"), twoInts),
                        Arguments.of("catchesThrowThroughSynchronized", List.of("lockedThrows"), oneInt),
                        Arguments.of("catchesOtherThanIllegalState", List.of("throwsViaSynchronized", "lockedThrows"), oneInt),
                        Arguments.of("lockedCatchesOtherThanIllegalState", List.of("throwsViaSynchronized", "lockedThrows"), oneInt),
                        // Two divisions by zero only: each is counted (a caller's handler covers the call), and a few more invalidate the code.
                        Arguments.of("catchesOtherThanDivision", List.of("divideViaSynchronized", "lockedDivide"),
                                        List.of((Supplier<Object[]>) () -> new Object[]{7, 2}, () -> new Object[]{7, 0}, () -> new Object[]{Integer.MIN_VALUE, -1},
                                                        () -> new Object[]{-9, 0}, () -> new Object[]{-9, 4})),
                        Arguments.of("nestedLocks", List.of("<init>", "<init>", "lockedPlus", "lockedDivide", "blockDivide"), twoInts));
        // On the emulated arm64 JDK each collector's JVM runs a third of the callers.
        List<Arguments> list = all.toList();
        List<String> mine = Shard.of(list.stream().map(a -> (String) a.get()[0])).toList();
        return list.stream().filter(a -> mine.contains((String) a.get()[0]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("callers")
    void inlinedCodeDoesWhatHotSpotsCodeDid(String name, List<String> inlined, List<Supplier<Object[]>> inputs) throws Exception {
        assertInlinedCodeDoes(PIPELINE, name, inlined, inputs);
    }

    /** The callers whose handlers catch what inlined code throws. */
    private static final List<String> CATCHING = List.of("getterInTry", "catchesInlinedThrow", "catchesTwoLevelsDown", "callsCalleeWithHandler", "calleeHandlerFirst",
                    "catchesAfterCalleesFinally", "catchesFromACallInInlinedCode", "handlerAfterInlinedCall", "catchesFromSynchronized", "catchesFromSynchronizedBlock",
                    "catchesThrowThroughSynchronized", "catchesOtherThanIllegalState", "lockedCatchesOtherThanIllegalState",
                    "nestedLocks");

    static Stream<Arguments> catchingCallers() {
        return callers().filter(a -> CATCHING.contains((String) a.get()[0]));
    }

    /**
     * The same callers with every failed check that a handler catches thrown in compiled code
     * ({@code ImplicitExceptions=always}): those of inlined code, and a receiver check at a call inside
     * a try range, reach the callee's and the callers' handlers through the compiled dispatch.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("catchingCallers")
    void inlinedChecksThrowToTheHandlersInCompiledCode(String name, List<String> inlined, List<Supplier<Object[]>> inputs) throws Exception {
        assertInlinedCodeDoes(Pipeline.host(Pipeline.TEST_OPTIONS.with(org.ssajit.lowering.LoweringOptions.IMPLICIT_EXCEPTIONS, org.ssajit.lowering.ImplicitThrows.Mode.ALWAYS)),
                        name, inlined, inputs);
    }

    private static void assertInlinedCodeDoes(Pipeline pipeline, String name, List<String> inlined, List<Supplier<Object[]>> inputs) throws Exception {
        Method m = Jvmci.declared(InlineTargets.class, name);
        List<String> expected = new ArrayList<>();
        for (Supplier<Object[]> in : inputs) {
            expected.add(callReflectively(m, in.get()));
        }
        ResolvedJavaMethod rm = Jvmci.method(m);
        Graph g = pipeline.build(rm, -1, true);
        List<String> names = g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).sorted().toList();
        assertEquals(inlined.stream().sorted().toList(), names, () -> "methods inlined into " + name);
        CompiledCode code = pipeline.compile(g, rm);
        assertEquals(g.inlinedMethods(), code.inlinedMethods(), "the installer must be told the inlined methods");
        InstalledCode installed = INSTALLER.installDirect(rm, code);
        try {
            List<String> actual = new ArrayList<>();
            for (Supplier<Object[]> in : inputs) {
                actual.add(execute(installed, name, in.get()));
            }
            assertEquals(expected, actual, () -> name + " compiled with its callees inlined");
        } finally {
            installed.invalidate();
        }
    }

    /**
     * A deoptimization inside inlined code that goes on normally: the callee's class is initialized
     * only when the compiled code runs, so the code deoptimizes at the callee's read of its static
     * field, after the callee's side effect; the interpreter finishes the callee, then the caller
     * continues after its invoke (a caller frame that re-executed the invoke would count twice). The
     * oracle is the interpreter running a twin of the caller whose callee reads another class.
     */
    @Test
    void deoptimizationInsideInlinedCodeResumesTheCallerAfterItsInvoke() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        String expected = callReflectively(Jvmci.declared(InlineTargets.class, "sideEffectThenDeoptimizeTwin"), new Object[]{5});
        ResolvedJavaMethod rm = Jvmci.method(Jvmci.declared(InlineTargets.class, "sideEffectThenDeoptimize"));
        assertTrue(!Jvmci.method(InlineTargets.Late.class.getDeclaredConstructor()).getDeclaringClass().isInitialized(), "Late must not be initialized yet");
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(List.of("countThenReadLate"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        InstalledCode installed = INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
        try {
            assertEquals(expected, execute(installed, "sideEffectThenDeoptimize", new Object[]{5}));
            assertTrue(!installed.isValid(), "the code must have deoptimized (and been invalidated) at the read of Late.VALUE");
            assertEquals("returned 47001; counter 1, log [0, 0, 0, 0]", expected, "the twin's interpreted result");
        } finally {
            installed.invalidate();
        }
    }

    /** Loads and initializes a nested class of {@link InlineTargets} by name: nothing else does. */
    private static Class<?> load(String simpleName) {
        try {
            return Class.forName(InlineTargets.class.getName() + "$" + simpleName, true, InlineTargets.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Class-hierarchy analysis end to end: {@code Polygon.sides}, with one implementation, is inlined
     * at both calls, and the code holds the assumption. While the compiled frame waits for its
     * supplier, the supplier loads Triangle, which overrides it: HotSpot deoptimizes the code, and the
     * frame goes on in the interpreter, where the second call runs Triangle's method (code installed
     * without the assumption returns 44 here: the mutation fails this test).
     */
    @Test
    void aClassLoadedLaterThatOverridesAnInlinedMethodDeoptimizesTheCode() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        ResolvedJavaMethod rm = Jvmci.method(Jvmci.declared(InlineTargets.class, "sidesTwice"));
        ResolvedJavaType polygon = Jvmci.PROVIDERS.metaAccess().lookupJavaType(InlineTargets.Polygon.class);
        Supplier<InlineTargets.Polygon> quad = InlineTargets.Quad::new;
        assertEquals("returned 44; counter 1, log [0, 0, 0, 0]", callReflectively(Jvmci.declared(InlineTargets.class, "sidesTwice"),
                        new Object[]{new InlineTargets.Quad(), quad}));
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(List.of("sides"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        assertEquals(2, g.inlinedCallCount());
        assertEquals(1, g.assumptions().size(), () -> "" + g.assumptions());
        CompiledCode code = PIPELINE.compile(g, rm);
        assertEquals(g.assumptions(), code.assumptions(), "the installer must be told the assumptions");
        InstalledCode installed = INSTALLER.installDirect(rm, code);
        try {
            assertEquals("returned 44; counter 1, log [0, 0, 0, 0]", execute(installed, "sidesTwice", new Object[]{new InlineTargets.Quad(), quad}));
            assertTrue(installed.isValid(), "nothing broke the assumption yet");
            Supplier<InlineTargets.Polygon> triangle = () -> {
                try {
                    return (InlineTargets.Polygon) load("Triangle").getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            };
            assertTrue(polygon.findUniqueConcreteMethod(Jvmci.method(Jvmci.declared(InlineTargets.Polygon.class, "sides"))) != null,
                            "Triangle must not be loaded before the compiled code runs");
            String actual = execute(installed, "sidesTwice", new Object[]{new InlineTargets.Quad(), triangle});
            boolean valid = installed.isValid();
            installed.invalidate();
            String expected = callReflectively(Jvmci.declared(InlineTargets.class, "sidesTwice"), new Object[]{new InlineTargets.Quad(), triangle});
            assertEquals("returned 43; counter 1, log [0, 0, 0, 0]", expected, "HotSpot's own code, Triangle loaded");
            assertEquals(expected, actual, "the compiled frame must have been deoptimized when Triangle was loaded");
            assertFalse(valid, "the code must be invalid once Triangle is loaded");
        } finally {
            installed.invalidate();
        }
    }

    /**
     * An assumption broken between the compile and the installation: HotSpot refuses the code with a
     * bailout that is not permanent (the compile broker may try again).
     */
    @Test
    void codeWhoseAssumptionBrokeWhileCompilingIsNotInstalled() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        ResolvedJavaMethod rm = Jvmci.method(Jvmci.declared(InlineTargets.class, "tally"));
        assertEquals(3, InlineTargets.tally(new InlineTargets.Tally(), 2));
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(List.of("add"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        CompiledCode code = PIPELINE.compile(g, rm);
        load("LateTally");
        jdk.vm.ci.code.BailoutException e = assertThrows(jdk.vm.ci.code.BailoutException.class, () -> INSTALLER.installDirect(rm, code).invalidate());
        assertFalse(e.isPermanent(), e::getMessage);
        assertTrue(e.getMessage().contains("dependencies"), e::getMessage);
    }

    private static String twinOracle(String twin, Object[] args) {
        return callReflectively(Jvmci.declared(InlineTargets.class, twin), args).replace("Twin", "");
    }

    /**
     * Calls inside try ranges, inlined: an exception in the inlined callee (division by zero, index
     * out of bounds, null) deoptimizes, and the interpreter throws it in the callee's frame and
     * unwinds into the caller's, whose handler catches it, after the callee's side effect, or leaves
     * the method for a type no handler takes. Frequent, the traps are counted in the callee's profile
     * (the code made not entrant; with the action that keeps the code it would stay), and the rebuilt
     * graph, the callee's profile having seen them, throws them to the caller's handler in compiled
     * code: that code stays.
     */
    @Test
    void exceptionsInCodeInlinedInATryRangeReachTheCallersHandlers() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        // Run once without an exception, as before a compile (the pool entries resolved).
        assertEquals("returned 4; counter 1, log [0, 0, 0, 0]", callReflectively(Jvmci.declared(InlineTargets.class, "guarded"), new Object[]{new int[]{6}, 0, 2}));
        assertEquals("returned 1; counter 1, log [0, 0, 0, 0]", callReflectively(Jvmci.declared(InlineTargets.class, "lengthOrMinus"), new Object[]{new int[]{6}}));
        ResolvedJavaMethod guarded = Jvmci.method(Jvmci.declared(InlineTargets.class, "guarded"));
        Graph g = PIPELINE.build(guarded, -1, true);
        assertEquals(List.of("guardedCallee"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        InstalledCode installed = INSTALLER.installDirect(guarded, PIPELINE.compile(g, guarded));
        try {
            Object[][] inputs = {{new int[]{6, 7}, 1, 7}, {new int[]{6}, 0, 0}, {new int[]{6}, 3, 1}, {new int[]{5}, -1, 1}, {new int[]{-9}, 0, 3},
                            {new int[]{Integer.MIN_VALUE}, 0, -1}};
            for (Object[] in : inputs) {
                String expected = twinOracle("guardedTwin", in);
                assertEquals(expected, execute(installed, "guarded", in), () -> "guarded" + Arrays.deepToString(in));
            }
            assertTrue(installed.isValid(), "three exceptions: the code stays");
            int runs = 0;
            while (installed.isValid() && runs < 50) {
                try {
                    installed.executeVarargs(new int[]{6}, 0, 0);
                } catch (InvalidInstalledCodeException e) {
                    break;
                }
                runs++;
            }
            assertFalse(installed.isValid(), "HotSpot counts the traps at the division and makes the code not entrant");
        } finally {
            installed.invalidate();
        }
        Graph again = PIPELINE.build(guarded, -1, true);
        assertEquals(List.of("guardedCallee"), again.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        InstalledCode recompiled = INSTALLER.installDirect(guarded, PIPELINE.compile(again, guarded));
        try {
            Object[][] inputs = {{new int[]{6, 7}, 1, 7}, {new int[]{6}, 0, 0}, {new int[]{6}, 3, 1}, {new int[]{-9}, 0, 3}};
            for (int k = 0; k < 60; k++) {
                Object[] in = inputs[k % inputs.length];
                String expected = twinOracle("guardedTwin", in);
                assertEquals(expected, execute(recompiled, "guarded", in), () -> "guarded recompiled" + Arrays.deepToString(in));
            }
            assertTrue(recompiled.isValid(), "the callee's profile saw the exceptions: thrown to the caller's handler in compiled code, no trap");
        } finally {
            recompiled.invalidate();
        }

        ResolvedJavaMethod lengthOrMinus = Jvmci.method(Jvmci.declared(InlineTargets.class, "lengthOrMinus"));
        Graph l = PIPELINE.build(lengthOrMinus, -1, true);
        assertEquals(List.of("lengthOf"), l.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        InstalledCode nullable = INSTALLER.installDirect(lengthOrMinus, PIPELINE.compile(l, lengthOrMinus));
        try {
            assertEquals(twinOracle("lengthOrMinusTwin", new Object[]{new int[3]}), execute(nullable, "lengthOrMinus", new Object[]{new int[3]}));
            assertEquals(twinOracle("lengthOrMinusTwin", new Object[]{null}), execute(nullable, "lengthOrMinus", new Object[]{null}));
            assertEquals("returned -2; counter 1, log [0, 0, 0, 0]", twinOracle("lengthOrMinusTwin", new Object[]{null}));
        } finally {
            nullable.invalidate();
        }
    }

    /**
     * The athrow of a callee inlined at a call inside a try range is offered, in the graph, to the
     * callee's own handlers that cover it and then to the callers' that cover their calls, in that
     * order (the interpreter unwinds frame by frame, each frame's exception table in order): the
     * exception dispatch tries them in compiled code.
     */
    @Test
    void anInlinedThrowHasTheHandlersOfItsMethodThenOfItsCallers() throws Exception {
        assertEquals(List.of("java.lang.IllegalStateException@" + handlerBcis("catchesInlinedThrow").get(0)), handlersOfTheThrowIn("catchesInlinedThrow", "throwsIfNegative"));
        // divideOr's ArithmeticException handler first, then the caller's two.
        List<Integer> own = handlerBcis("divideOr");
        List<Integer> caller = handlerBcis("calleeHandlerFirst");
        assertEquals(List.of("java.lang.ArithmeticException@" + own.get(0), "java.lang.ArithmeticException@" + caller.get(0), "java.lang.RuntimeException@" + caller.get(1)),
                        handlersOfTheThrowIn("calleeHandlerFirst", "throwsIfNegative"));
        // A call no handler covers: the callee's throw has no handler (it leaves the compiled method).
        assertEquals(List.of(), handlersOfTheThrowIn("passesOn", "throwsIfNegative"));
    }

    /** The handlers (catch type and handler bci) of the one athrow of {@code callee} in {@code caller}'s graph, with inlining. */
    private static List<String> handlersOfTheThrowIn(String caller, String callee) throws Exception {
        Method m = Jvmci.declared(InlineTargets.class, caller);
        callReflectively(m, m.getParameterCount() == 2 ? new Object[]{1, 1} : new Object[]{1}); // the pool entries resolved
        Graph g = PIPELINE.build(Jvmci.method(m), -1, true);
        List<List<String>> found = new ArrayList<>();
        for (org.ssajit.ir.Block b : g.blocks()) {
            if (b.terminator() instanceof org.ssajit.ir.Throw t && t.state() != null && t.state().method().getName().equals(callee)) {
                found.add(b.handlers().stream().map(h -> h.catchType().toJavaName() + "@" + h.target().bci()).toList());
            }
        }
        assertEquals(1, found.size(), () -> "athrows of " + callee + " in " + caller + ": " + found);
        return found.get(0);
    }

    private static List<Integer> handlerBcis(String method) {
        return Arrays.stream(Jvmci.method(Jvmci.declared(InlineTargets.class, method)).getExceptionHandlers()).map(h -> h.getHandlerBCI()).toList();
    }

    /**
     * A virtual call with several implementations loaded, warmed with two receiver classes (Cube and
     * Slab): both methods are inlined, each behind a test of the receiver's exact class, the call left
     * for the rest. The compiled code must do what HotSpot's did for the profiled classes, for classes
     * the profile never saw (Rod), for a subclass of a profiled class (BigCube: a guard that tested
     * the subclass relation would run Cube's method), for a null receiver, and when the inlined code
     * throws (Slab with k = 0: the frames of the callee and the caller). The code is installed as
     * non-default code (as in both profile tests): the warming makes the method hot, and HotSpot's own
     * compile of it, finishing at any moment, would make default code not entrant under the test.
     */
    @Test
    void virtualCallsAreInlinedForTheirProfiledReceiverClasses() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        Method m = Jvmci.declared(InlineTargets.class, "volumeOf");
        ResolvedJavaMethod rm = Jvmci.method(m);
        InlineTargets.Solid cube = new InlineTargets.Cube(2);
        InlineTargets.Solid slab = new InlineTargets.Slab(2, 3);
        org.ssajit.testing.Profiles.warmUntilProfiled(rm, 2, () -> InlineTargets.volumeOf(cube, 1) + InlineTargets.volumeOf(slab, 1));
        Object[][] inputs = {{new InlineTargets.Cube(3), 4}, {new InlineTargets.Slab(5, 7), 2}, {new InlineTargets.Slab(5, 7), 0}, {new InlineTargets.Rod(), 9},
                        {new InlineTargets.BigCube(2), 1}, {null, 1}, {new InlineTargets.Cube(-1), Integer.MIN_VALUE}};
        List<String> expected = reflectively(m, inputs);
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(List.of("InlineTargets$Cube.volume", "InlineTargets$Slab.volume"), g.inlinedMethods().stream()
                        .map(x -> x.getDeclaringClass().toJavaName(false) + "." + x.getName()).sorted().toList());
        assertEquals(2, count(g, org.ssajit.ir.Op.CLASS_IS), g::toString);
        assertEquals(2, g.inlinedByProfileCount(), g::toString);
        assertEquals(1, count(g, org.ssajit.ir.Op.INVOKE), () -> "the call stays for the other classes\n" + g);
        assertNonDefaultCodeDoes(expected, rm, g, "volumeOf", inputs);
        assertEquals("returned 19; counter 1, log [0, 1, 0, 0]", expected.get(4), "BigCube's own method, which calls Cube's: 2 * (8 + 1) + 1");
    }

    /**
     * Interface calls whose profile saw one lambda class (of two: the other's calls too rare to be
     * worth inlining): inlined behind its guard, the other lambda takes the call.
     */
    @Test
    void interfaceCallsAreInlinedForTheirProfiledLambdaClass() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        Method m = Jvmci.declared(InlineTargets.class, "twice");
        ResolvedJavaMethod rm = Jvmci.method(m);
        java.util.function.IntUnaryOperator inc = x -> x + 1;
        java.util.function.IntUnaryOperator dbl = x -> x * 2;
        int[] calls = {0};
        // Until the profile saw both classes, the rare one at its 2 % (of a few calls profiled, the
        // first among them, it could have 10 %, enough to be inlined for).
        int bci = org.ssajit.testing.Profiles.firstVirtualCall(rm);
        org.ssajit.testing.Profiles.warmUntil(rm, p -> {
            jdk.vm.ci.meta.JavaTypeProfile t = p.getTypeProfile(bci);
            return t != null && t.getTypes().length >= 2 && Arrays.stream(t.getTypes()).anyMatch(c -> c.getProbability() < Inlining.MIN_RECEIVER_PROBABILITY / 2);
        }, () -> InlineTargets.twice(calls[0]++ % 50 == 0 ? dbl : inc, 3), "a receiver profile of both lambda classes, the rare one below 5 %");
        Object[][] inputs = {{inc, 5}, {dbl, 5}, {inc, Integer.MAX_VALUE}, {null, 1}};
        List<String> expected = reflectively(m, inputs);
        Graph g = PIPELINE.build(rm, -1, true);
        // At each of the two calls: the lambda class's applyAsInt, and the lambda's body it calls.
        assertEquals(4, g.inlinedCallCount(), g::toString);
        assertEquals(2, g.inlinedByProfileCount(), "the lambda bodies are bound statically");
        assertEquals(1, count(g, org.ssajit.ir.Op.CLASS_IS), () -> "one test of f's class serves both calls\n" + g);
        assertEquals(2, count(g, org.ssajit.ir.Op.INVOKE), g::toString);
        assertNonDefaultCodeDoes(expected, rm, g, "twice", inputs);
        assertEquals(List.of("returned 6; counter 0, log [0, 0, 0, 0]", "returned 19; counter 0, log [0, 0, 0, 0]"), expected.subList(0, 2));
    }

    /**
     * A call the profile saw run about once in a hundred thousand iterations of its loop stays a call,
     * in a cold block (laid out after the loop, the values live across the call saved there), and the
     * code does what HotSpot's does on every path: the rare call taken, taken twice, throwing from the
     * callee past the array's end, and the loop's own exceptions.
     */
    @Test
    void aRareCallInALoopIsAColdBlockAndRunsAsHotSpotsCode() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run");
        Method m = Jvmci.declared(InlineTargets.class, "rareCallInLoop");
        ResolvedJavaMethod rm = Jvmci.method(m);
        int call = org.ssajit.testing.Profiles.firstOf(rm, org.ssajit.bytecode.Bytecodes.INVOKESTATIC);
        int[] common = new int[64];
        Arrays.fill(common, 5);
        int[] rare = common.clone();
        rare[20] = InlineTargets.RARE;
        int[] calls = {0};
        org.ssajit.testing.Profiles.warmUntil(rm, p -> p.getExecutionCount(call) > 0, () -> (int) InlineTargets.rareCallInLoop(++calls[0] % 10_000 == 0 ? rare : common, 64),
                        "a count at bci " + call);
        int[] twice = {1, InlineTargets.RARE, 2, 3, InlineTargets.RARE, 4};
        int[] atEnd = {9, 8, InlineTargets.RARE};
        Object[][] inputs = {{rare, 64}, {twice, 6}, {twice, 3}, {atEnd, 3}, {atEnd, 2}, {common, 64}, {common, 65}, {common, 0}, {null, 1}, {null, 0}};
        List<String> expected = reflectively(m, inputs);
        Graph g = PIPELINE.build(rm, -1, true);
        org.ssajit.ir.Instruction invoke = g.blocks().stream().flatMap(b -> b.instructions().stream())
                        .filter(i -> i.op() == org.ssajit.ir.Op.INVOKE && i.invokeTarget().method().getName().equals("rareStep")).findFirst()
                        .orElseThrow(() -> new AssertionError("rareStep inlined\n" + g));
        assertTrue(invoke.block().isCold(), g::toString);
        assertNonDefaultCodeDoes(expected, rm, g, "rareCallInLoop", inputs);
        assertTrue(expected.get(3).contains("ArrayIndexOutOfBounds"), expected.get(3));
    }

    /** What HotSpot's own code does on each input (before any code of ssajit's is installed). */
    private static List<String> reflectively(Method m, Object[][] inputs) {
        List<String> expected = new ArrayList<>();
        for (Object[] in : inputs) {
            expected.add(callReflectively(m, in));
        }
        return expected;
    }

    /** Compiles {@code g}, installs it as non-default code, and requires it to do {@code expected} on each input. */
    private static void assertNonDefaultCodeDoes(List<String> expected, ResolvedJavaMethod rm, Graph g, String name, Object[][] inputs) {
        InstalledCode installed = INSTALLER.installNonDefault(rm, PIPELINE.compile(g, rm));
        try {
            for (int k = 0; k < inputs.length; k++) {
                Object[] in = inputs[k];
                assertEquals(expected.get(k), execute(installed, name, in), () -> name + Arrays.deepToString(in));
            }
        } finally {
            installed.invalidate();
        }
    }

    private static long count(Graph g, org.ssajit.ir.Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).count();
    }

    /** With inlining off ({@code -Dssajit.Inline=false}; here the build's own switch), nothing is inlined. */
    @Test
    void nothingIsInlinedWithInliningOff() {
        Graph g = PIPELINE.build(Jvmci.method(Jvmci.declared(InlineTargets.class, "chain")), -1, false);
        assertTrue(g.inlinedMethods().isEmpty(), () -> "inlined with inlining off: " + g.inlinedMethods());
    }

    /**
     * The option is each pipeline's own value: two pipelines, {@code Inline} on and off, build the same
     * method at the same time, over and over, in two threads; each gets what its options say.
     */
    @Test
    void inliningIsEachPipelinesOption() throws Exception {
        ResolvedJavaMethod chain = Jvmci.method(Jvmci.declared(InlineTargets.class, "chain"));
        Pipeline on = Pipeline.host(Pipeline.TEST_OPTIONS.with(Inlining.INLINE, true));
        Pipeline off = Pipeline.host(Pipeline.TEST_OPTIONS.with(Inlining.INLINE, false));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Future<List<Integer>> inlined = pool.submit(() -> counts(on, chain));
            java.util.concurrent.Future<List<Integer>> notInlined = pool.submit(() -> counts(off, chain));
            assertTrue(inlined.get().stream().allMatch(n -> n > 0), () -> "with Inline=true: " + inlined);
            assertTrue(notInlined.get().stream().allMatch(n -> n == 0), () -> "with Inline=false: " + notInlined);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The methods inlined into {@code m} by 20 builds of {@code p}. */
    private static List<Integer> counts(Pipeline p, ResolvedJavaMethod m) {
        List<Integer> n = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            n.add(p.build(m).inlinedMethods().size());
        }
        return n;
    }

    private static String callReflectively(Method m, Object[] args) {
        reset();
        try {
            Object r = Modifier.isStatic(m.getModifiers()) ? m.invoke(null, args) : m.invoke(args[0], Arrays.copyOfRange(args, 1, args.length));
            return describe(r, null, m.getName());
        } catch (InvocationTargetException e) {
            return describe(null, e.getCause(), m.getName());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static String execute(InstalledCode code, String name, Object[] args) {
        reset();
        try {
            return describe(code.executeVarargs(args), null, name);
        } catch (InvalidInstalledCodeException e) {
            throw new AssertionError("installed code invalidated: " + code, e);
        } catch (Throwable t) {
            return describe(null, t, name);
        }
    }

    private static void reset() {
        InlineTargets.counter = 0;
        Arrays.fill(InlineTargets.LOG, 0);
    }

    /** The result or exception, the callees' side effects, and an exception's frames up to the caller's. */
    private static String describe(Object result, Throwable thrown, String caller) {
        StringBuilder sb = new StringBuilder();
        if (thrown == null) {
            sb.append("returned ").append(result);
        } else {
            sb.append("threw ").append(thrown.getClass().getName()).append(": ").append(thrown.getMessage()).append(" at");
            for (StackTraceElement e : thrown.getStackTrace()) {
                if (!e.getClassName().startsWith(InlineTargets.class.getName())) {
                    continue; // the exception's constructor and what builds its message
                }
                sb.append(' ').append(e.getMethodName()).append(':').append(e.getLineNumber());
                if (e.getMethodName().equals(caller)) {
                    break;
                }
            }
        }
        return sb.append("; counter ").append(InlineTargets.counter).append(", log ").append(Arrays.toString(InlineTargets.LOG)).toString();
    }
}
