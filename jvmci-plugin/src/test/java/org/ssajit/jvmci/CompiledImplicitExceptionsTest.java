package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Block;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Graph;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.jvmci.ImplicitExceptionTargets.Node;
import org.ssajit.lowering.ImplicitThrows;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.meta.DeoptimizationAction;

/**
 * Implicit exceptions caught in the same method, thrown in compiled code (ImplicitThrows, with
 * {@code ImplicitExceptions=always} so that no profile is needed): each {@link ImplicitExceptionTargets}
 * method is compiled, installed and run on inputs that make every kind of check fail and pass; results
 * (which carry the caught exception's class, message and top frame) must equal the interpreter's. The
 * lowered graphs must create the exceptions ({@link HotSpotOp#NEW_EXCEPTION}) rather than deoptimize.
 */
class CompiledImplicitExceptionsTest {
    /** The host pipeline with ImplicitExceptions={@code mode}. */
    private static Pipeline pipeline(ImplicitThrows.Mode mode) {
        return Pipeline.host(Pipeline.TEST_OPTIONS.with(LoweringOptions.IMPLICIT_EXCEPTIONS, mode));
    }

    /** What these tests compile with: ImplicitExceptions=always. */
    private static final Pipeline ALWAYS = pipeline(ImplicitThrows.Mode.ALWAYS);

    private static final int[] INTS = {Integer.MIN_VALUE, -7, -1, 0, 1, 2, 3, 5, Integer.MAX_VALUE};
    private static final long[] LONGS = {Long.MIN_VALUE, -1, 0, 1, 3, 1L << 33};

    static List<Supplier<Object[]>> inputs(Method m) {
        List<List<Supplier<Object>>> choices = new ArrayList<>();
        for (Class<?> t : m.getParameterTypes()) {
            List<Supplier<Object>> c = new ArrayList<>();
            if (t == int.class) {
                for (int v : INTS) {
                    c.add(() -> v);
                }
            } else if (t == long.class) {
                for (long v : LONGS) {
                    c.add(() -> v);
                }
            } else if (t == Node.class) {
                c.add(() -> null);
                c.add(() -> new Node(4, null));
                c.add(() -> new Node(5, new Node(6, null)));
                c.add(() -> new Node(7, new Node(8, new Node(9, null))));
            } else if (t == long[].class) {
                c.add(() -> null);
                c.add(() -> new long[0]);
                c.add(() -> new long[]{5, 6, 7});
            } else if (t == int[].class) {
                c.add(() -> null);
                c.add(() -> new int[0]);
                c.add(() -> new int[]{5, 6, 7});
            } else if (t == Object[].class) {
                c.add(() -> null);
                c.add(() -> new Object[0]);
                c.add(() -> new Object[1]);
                c.add(() -> new String[1]);
                c.add(() -> new Integer[2]);
                c.add(() -> new CharSequence[1]);
            } else if (t == Object.class) {
                c.add(() -> null);
                c.add(() -> "text");
                c.add(() -> Integer.valueOf(3));
                c.add(() -> new StringBuilder("sb"));
                c.add(() -> new String[]{"a"});
                c.add(() -> new int[2]);
                c.add(() -> new Node(1, null));
            } else {
                throw new IllegalArgumentException("no inputs for " + t);
            }
            choices.add(c);
        }
        List<Supplier<Object[]>> out = new ArrayList<>();
        CompiledMethodsTest.product(choices, 0, new ArrayList<>(), out);
        return out;
    }

    static void check(String name) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = Jvmci.declared(ImplicitExceptionTargets.class, name);
        List<Supplier<Object[]>> in = inputs(m);
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m, ALWAYS);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated");
    }

    /** The kinds the lowered graph of {@code name} creates in compiled code, and whether any caught check still deoptimizes with a recompile. */
    static List<ImplicitException.Kind> created(String name, ImplicitThrows.Mode mode) {
        Pipeline p = pipeline(mode);
        Graph g = p.lower(p.build(Jvmci.method(Jvmci.declared(ImplicitExceptionTargets.class, name))));
        List<ImplicitException.Kind> kinds = new ArrayList<>();
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == HotSpotOp.NEW_EXCEPTION) {
                    kinds.add(i.attribute(ImplicitException.class).kind());
                }
            }
        }
        return kinds;
    }

    private static List<Deopt> deopts(String name, ImplicitThrows.Mode mode) {
        Pipeline p = pipeline(mode);
        Graph g = p.lower(p.build(Jvmci.method(Jvmci.declared(ImplicitExceptionTargets.class, name))));
        List<Deopt> out = new ArrayList<>();
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.attribute() instanceof Deopt d) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    /** The targets of {@link #caughtInCompiledCode}, this run's {@link Shard} of them. */
    static Stream<String> caught() {
        return Shard.of(Stream.of("nullField", "nullChain", "nullStore", "nullArray", "divide", "remainders", "cast", "castToInterfaceAndArray", "arrayStore",
                        "handlerOrder", "inLoop", "withFinally", "nested", "synchronizedBlock", "stackTrace", "nullBeforeRange", "lockedDivide",
                        "handlerReadsTheNullAgain", "finallyReadsTheNullAgain", "handlerCastsAgain", "handlerIndexesAgain", "bounds", "boundsNotNull", "boundsStore", "negativeSize",
                        "negativeObjectArraySize", "receiverNull", "interfaceReceiverNull"));
    }

    @ParameterizedTest
    @MethodSource("caught")
    void caughtInCompiledCode(String name) {
        check(name);
    }

    /** The graphs create each kind where a handler catches it, and nothing where none does. */
    /**
     * A check whose failure a handler catches in compiled code proves nothing in the handler, which its
     * block dominates (the try range's only throwing bytecode): there the cast and the index are
     * checked again. The cast: its test, the handler dispatch's test of the exception, the handler's
     * cast; the index: the handler's check (the first became a branch to the created exception).
     * Remembering them as passed crashed the VM in {@link #caughtInCompiledCode}.
     */
    @org.junit.jupiter.api.Test
    void checksThrowingToAHandlerAreCheckedAgainThere() {
        // Each type test, expanded, compares the object's class with its type's metadata once.
        assertEquals(List.of("java.lang.CharSequence", "java.lang.ClassCastException", "java.lang.String"), typesTested("handlerCastsAgain"));
        assertTrue(countOf("handlerIndexesAgain", HotSpotOp.BOUNDS_CHECK) == 1, () -> "bounds checks: " + countOf("handlerIndexesAgain", HotSpotOp.BOUNDS_CHECK));
    }

    private static long countOf(String name, Operation op) {
        return lowered(name).blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).count();
    }

    /** The classes whose metadata the lowered graph of {@code name} compares with, one entry per use, sorted. */
    private static List<String> typesTested(String name) {
        return lowered(name).blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == HotSpotOp.METADATA)
                        .map(i -> i.attribute(jdk.vm.ci.hotspot.HotSpotMetaspaceConstant.class).asResolvedJavaType().toJavaName()).sorted().toList();
    }

    private static Graph lowered(String name) {
        return ALWAYS.lower(ALWAYS.build(Jvmci.method(Jvmci.declared(ImplicitExceptionTargets.class, name))));
    }

    /** The targets of {@link #graphsCreateTheExceptions}, this run's {@link Shard} of them. */
    static Stream<String> creating() {
        return Shard.of(Stream.of("nullField", "divide", "cast", "arrayStore", "nullArray", "remainders", "bounds", "negativeSize", "receiverNull"));
    }

    @ParameterizedTest
    @MethodSource("creating")
    void graphsCreateTheExceptions(String name) {
        List<ImplicitException.Kind> kinds = created(name, ImplicitThrows.Mode.ALWAYS);
        ImplicitException.Kind expected = switch (name) {
            case "nullField", "nullArray", "receiverNull" -> ImplicitException.Kind.NULL_POINTER;
            case "divide", "remainders" -> ImplicitException.Kind.ARITHMETIC;
            case "cast" -> ImplicitException.Kind.CLASS_CAST;
            case "bounds" -> ImplicitException.Kind.OUT_OF_BOUNDS;
            case "negativeSize" -> ImplicitException.Kind.NEGATIVE_SIZE;
            default -> ImplicitException.Kind.ARRAY_STORE;
        };
        assertTrue(kinds.contains(expected), name + ": " + kinds);
        if (name.equals("arrayStore") || name.equals("nullArray")) {
            assertTrue(kinds.contains(ImplicitException.Kind.NULL_POINTER), name + ": " + kinds);
            assertTrue(kinds.contains(ImplicitException.Kind.OUT_OF_BOUNDS), name + ": " + kinds);
        }
        assertTrue(created(name, ImplicitThrows.Mode.NEVER).isEmpty(), name + " with never");
    }

    /**
     * Hot throws ({@code ImplicitExceptions=preallocated}): a caught null, zero, bounds, cast or store
     * check throws this compile's preallocated instance, as C2's hot throws do: of the interpreter's
     * class, with no message, no stack trace and no cause, the same object at every throw; a negative
     * size is still created (C2 preallocates none), with its message and trace. The interpreter's
     * exceptions have their messages and traces (the control). Each input that passes returns null.
     */
    @org.junit.jupiter.api.Test
    void hotThrowsAreThePreallocatedInstances() throws Exception {
        Pipeline p = pipeline(ImplicitThrows.Mode.PREALLOCATED);
        Object[][] cases = {{"hotNull", null}, {"hotReceiver", null}, {"hotDivide", 7, 0}, {"hotBounds", new int[2], 2}, {"hotBounds", new int[2], -1}, {"hotCast", Integer.valueOf(3)},
                        {"hotStore", new String[1], Integer.valueOf(4)}};
        Object[][] passing = {{"hotNull", new Node(1, null)}, {"hotReceiver", "r"}, {"hotDivide", 7, 2}, {"hotBounds", new int[2], 1}, {"hotCast", "s"}, {"hotStore", new String[1], "t"}};
        // The interpreter's first: installed code is the method's code for later calls.
        List<Throwable> interpretedOnes = new ArrayList<>();
        for (Object[] c : cases) {
            interpretedOnes.add((Throwable) Jvmci.declared(ImplicitExceptionTargets.class, (String) c[0]).invoke(null, java.util.Arrays.copyOfRange(c, 1, c.length)));
        }
        java.util.Map<String, InstalledCode> installed = new java.util.HashMap<>();
        for (int k = 0; k < cases.length; k++) {
            Object[] c = cases[k];
            String name = (String) c[0];
            Method m = Jvmci.declared(ImplicitExceptionTargets.class, name);
            Object[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            InstalledCode code = installed.computeIfAbsent(name, n -> CompiledRunner.install(m, p));
            Throwable interpreted = interpretedOnes.get(k);
            Throwable first = (Throwable) code.executeVarargs(args);
            Throwable again = (Throwable) code.executeVarargs(args);
            assertTrue(interpreted != null && interpreted.getStackTrace().length > 0, name + ": the interpreter's " + interpreted);
            assertEquals(interpreted.getClass(), first.getClass(), name);
            assertTrue(first == again, name + ": a new exception at each throw");
            assertEquals(null, first.getMessage(), name);
            assertEquals(0, first.getStackTrace().length, name);
            assertEquals(null, first.getCause(), name);
            assertTrue(code.isValid(), name + ": invalidated");
        }
        for (Object[] c : passing) {
            String name = (String) c[0];
            assertEquals(null, installed.get(name).executeVarargs(java.util.Arrays.copyOfRange(c, 1, c.length)), name + " on an input that passes");
        }
        Method m = Jvmci.declared(ImplicitExceptionTargets.class, "hotNegativeSize");
        Throwable interpretedSize = (Throwable) m.invoke(null, -5);
        assertTrue(interpretedSize instanceof NegativeArraySizeException && "-5".equals(interpretedSize.getMessage()), "the interpreter's " + interpretedSize);
        InstalledCode code = CompiledRunner.install(m, p);
        Throwable created = (Throwable) code.executeVarargs(-5);
        assertTrue(created instanceof NegativeArraySizeException && "-5".equals(created.getMessage()) && created.getStackTrace().length > 0, "negative size: " + created);
        assertTrue(created != code.executeVarargs(-5), "negative size: one instance for two throws");
        assertEquals(null, code.executeVarargs(3));
    }

    /**
     * A preallocated instance lives as long as the VM, as C2's do (global handles): an object only an
     * nmethod refers to is dead to a collection that unloads classes, and HotSpot unloads the nmethod
     * with it, so code holding a compile's own instance died at the first full collection after its
     * throws (and under ZGC at any cycle). Each kind is one instance for every compile.
     */
    @org.junit.jupiter.api.Test
    void codeWithPreallocatedInstancesOutlivesCollections() throws Exception {
        Pipeline p = pipeline(ImplicitThrows.Mode.PREALLOCATED);
        Method m = Jvmci.declared(ImplicitExceptionTargets.class, "hotDivide");
        InstalledCode code = CompiledRunner.install(m, p);
        int hash = System.identityHashCode(code.executeVarargs(7, 0));
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        assertTrue(code.isValid(), "the code died in a collection: nothing else kept its exception alive");
        Throwable after = (Throwable) code.executeVarargs(7, 0);
        assertEquals(hash, System.identityHashCode(after), "another instance after the collections");
        InstalledCode other = CompiledRunner.install(m, p);
        try {
            assertTrue(after == other.executeVarargs(7, 0), "two compiles, two instances of one kind");
        } finally {
            // The method's code again the interpreter's, for the tests that compare with it.
            code.invalidate();
            other.invalidate();
        }
    }

    /** The preallocated kinds are thrown as constants, created by no {@link HotSpotOp#NEW_EXCEPTION}; the negative size still is. */
    @org.junit.jupiter.api.Test
    void hotThrowsCreateNothing() {
        for (String name : new String[]{"hotNull", "hotReceiver", "hotDivide", "hotBounds", "hotCast", "hotStore"}) {
            assertTrue(created(name, ImplicitThrows.Mode.PREALLOCATED).isEmpty(), name + ": " + created(name, ImplicitThrows.Mode.PREALLOCATED));
            assertFalse(created(name, ImplicitThrows.Mode.ALWAYS).isEmpty(), name + " with always (the control)");
        }
        assertEquals(List.of(ImplicitException.Kind.NEGATIVE_SIZE), created("hotNegativeSize", ImplicitThrows.Mode.PREALLOCATED));
    }

    /**
     * Without a profile that saw the exception, a caught check deoptimizes with a recompile action
     * (HotSpot counts it and recompiles once it happens), an uncaught one keeps its code (action none).
     */
    /** The targets of {@link #unseenCaughtChecksAskForARecompile}, this run's {@link Shard} of them. */
    static Stream<String> unseen() {
        return Shard.of(Stream.of("unseenNull", "unseenDivide", "unseenCast", "unseenBounds", "unseenNegativeSize"));
    }

    @ParameterizedTest
    @MethodSource("unseen")
    void unseenCaughtChecksAskForARecompile(String name) {
        // These targets never run: no profile says they threw.
        List<Deopt> ds = deopts(name, ImplicitThrows.Mode.PROFILE);
        assertTrue(ds.stream().anyMatch(d -> d.action() == DeoptimizationAction.RecompileIfTooManyDeopts && !d.compiledThrow()), name + ": " + ds);
        assertFalse(ds.stream().anyMatch(Deopt::compiledThrow), name + ": " + ds);
        assertTrue(created(name, ImplicitThrows.Mode.PROFILE).isEmpty(), name);
    }

    /**
     * The code is invalidated (its frames deoptimized) by another thread while compiled code throws in
     * a loop: some invalidations land while the VM creates an exception for the stub. The stub's return
     * then goes to the deopt handler, the interpreter re-executes the bytecode and throws itself, and
     * the handler's result is the same. Every result must equal the interpreter's.
     */
    /** How long {@link #deoptimizedWhileTheVmCreatesTheException} runs at least (shorter under the GC matrix's stress). */
    static long invalidationMillis = 2000;

    @org.junit.jupiter.api.Test
    void deoptimizedWhileTheVmCreatesTheException() throws Exception {
        Method m = Jvmci.declared(ImplicitExceptionTargets.class, "inLoop");
        List<Supplier<Object[]>> in = List.of(() -> new Object[]{new Node(5, new Node(6, null)), 1}, () -> new Object[]{null, 2},
                        () -> new Object[]{new Node(7, null), 0});
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        java.util.concurrent.atomic.AtomicReference<InstalledCode> current = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread invalidator = new Thread(() -> {
            while (!done.get()) {
                InstalledCode c = current.get();
                if (c != null && c.isValid()) {
                    c.invalidate();
                }
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            }
        }, "invalidator");
        invalidator.setDaemon(true);
        invalidator.start();
        int invalidated = 0;
        int runs = 0;
        long end = System.nanoTime() + invalidationMillis * 1_000_000L;
        try {
            while (System.nanoTime() < end || invalidated < 3) {
                InstalledCode code = CompiledRunner.install(m, ALWAYS);
                current.set(code);
                while (true) {
                    int k = runs++ % in.size();
                    Object[] args = in.get(k).get();
                    Object r;
                    try {
                        r = code.executeVarargs(args);
                    } catch (jdk.vm.ci.code.InvalidInstalledCodeException e) {
                        invalidated++;
                        break;
                    }
                    String got = CompiledTargets.render(r);
                    if (!got.equals(expected.get(k).result())) {
                        throw new AssertionError("input " + k + ": expected " + expected.get(k) + ", got " + got);
                    }
                }
            }
        } finally {
            done.set(true);
            invalidator.join(10_000);
        }
        assertTrue(invalidated >= 3, "the code was invalidated only " + invalidated + " times in " + runs + " runs");
    }
}
