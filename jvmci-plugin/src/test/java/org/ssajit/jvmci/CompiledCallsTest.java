package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Java calls from ssajit's code, end to end: each {@link CallTargets} caller is compiled, installed and
 * run on inputs that include null receivers and callees that throw; every result, exception and side
 * effect must equal HotSpot's interpreter. The callees run interpreted (HotSpot's compilers are kept
 * off {@link CallTargets}), then, in {@link #compiledCallees}, as ssajit's code too.
 */
class CompiledCallsTest {
    private static final int[] INTS = {Integer.MIN_VALUE, -1000, -3, -2, -1, 0, 1, 2, 3, 4, 7, 8, 31, 63, 64, 1000, Integer.MAX_VALUE};
    private static final long[] LONGS = {Long.MIN_VALUE, -1L << 40, -5, -1, 0, 1, 2, 1L << 35, Long.MAX_VALUE};
    private static final float[] FLOATS = {Float.NaN, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, 1.5f, -2.25f, Float.MIN_VALUE, Float.MAX_VALUE, 3e9f};
    private static final double[] DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, -0.0, 0.0, 1.5, -2.75, Double.MIN_VALUE, 1e300, -3e19};

    private static final CallTargets.Square SQUARE = new CallTargets.Square(2);

    /** Argument lists for {@code m}: every combination for up to two parameters, else the value lists walked in step. */
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
            } else if (t == float.class) {
                for (float v : FLOATS) {
                    c.add(() -> v);
                }
            } else if (t == double.class) {
                for (double v : DOUBLES) {
                    c.add(() -> v);
                }
            } else if (t == Object.class) {
                c.add(() -> null);
                c.add(() -> CallTargets.PREALLOCATED);
                c.add(() -> "shared");
                c.add(() -> "other");
                c.add(() -> "");
                c.add(() -> CallTargets.kept);
                c.add(() -> SQUARE); // one instance: its identity hash is part of results
                c.add(() -> CallTargets.POINT);
                c.add(() -> new CallTargets.Point(3, "p"));
            } else if (t == int[].class) {
                c.add(() -> null);
                c.add(() -> new int[0]);
                c.add(() -> new int[]{5, 6, 7});
            } else if (t == CallTargets.Shape.class) {
                c.add(() -> null);
                for (CallTargets.Shape s : CallTargets.shapes()) {
                    c.add(() -> s);
                }
            } else if (t == CallTargets.Fn.class) {
                c.add(() -> null);
                for (CallTargets.Fn f : CallTargets.fns()) {
                    c.add(() -> f);
                }
            } else {
                throw new IllegalArgumentException("no inputs for " + t);
            }
            choices.add(c);
        }
        List<Supplier<Object[]>> out = new ArrayList<>();
        if (choices.size() <= 2) {
            CompiledMethodsTest.product(choices, 0, new ArrayList<>(), out);
            return out;
        }
        int n = choices.stream().mapToInt(List::size).max().orElse(0);
        for (int k = 0; k < 2 * n; k++) {
            List<Supplier<Object>> row = new ArrayList<>();
            for (int p = 0; p < choices.size(); p++) {
                List<Supplier<Object>> c = choices.get(p);
                row.add(c.get((k * (p + 1) + p) % c.size()));
            }
            out.add(() -> row.stream().map(Supplier::get).toArray());
        }
        return out;
    }

    private static Method target(String name) {
        return Jvmci.declared(CallTargets.class, name);
    }

    /** Outcomes with the callees' side effects appended, so a call left out or repeated shows. */
    private static List<Outcome> withEffects(List<Supplier<Object[]>> in, java.util.function.Function<List<Supplier<Object[]>>, List<Outcome>> run) {
        List<Outcome> out = new ArrayList<>();
        for (Supplier<Object[]> one : in) {
            CallTargets.reset();
            Outcome o = run.apply(List.of(one)).get(0);
            out.add(new Outcome(o.result(), o.thrown(), o.argsAfter() + " effects=" + CallTargets.effects));
        }
        return out;
    }

    static void check(String name) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = target(name);
        List<Supplier<Object[]>> in = inputs(m);
        List<Outcome> expected = withEffects(in, x -> CompiledRunner.callAll(m, x));
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, withEffects(in, x -> CompiledRunner.executeAll(code, x)));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, withEffects(in, x -> CompiledRunner.callAll(m, x)));
        assertTrue(code.isValid(), name + ": code invalidated (a null receiver or an exception from a callee must not invalidate it)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"callStatic", "callKinds", "callVoid", "liveAcross", "callPick", "callInLoop", "fib", "nativeCalls"})
    void staticCalls(String name) {
        check(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"callMany", "callManyTwice", "callManyFloats"})
    void stackArguments(String name) {
        check(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtualCall", "finalAndPrivate", "interfaceCall", "objectMethods", "stringMethods"})
    void virtualAndInterfaceCalls(String name) {
        check(name);
    }

    /** invokedynamic: string concatenation, lambdas (capturing or not), method references, records' methods. */
    @ParameterizedTest
    @ValueSource(strings = {"concat", "lambda", "capturingLambda", "methodReference", "recordMethods"})
    void invokedynamic(String name) {
        check(name);
    }

    /**
     * Signature-polymorphic calls: MethodHandle.invokeExact and invoke (with asType conversions, a
     * wrong type, a null handle, a null receiver), VarHandle access modes on static and instance
     * fields and array elements. Each is a static call of the adapter HotSpot linked the site to, with
     * the appendix.
     */
    @ParameterizedTest
    @ValueSource(strings = {"invokeExact", "invokeExactMixed", "invokeExactVirtual", "invokeConverting", "invokeExactWrongType", "invokeExactMaybeNull",
                    "varHandleStatic", "varHandleArray", "varHandleReference"})
    void signaturePolymorphic(String name) {
        check(name);
    }

    /** The records' own methods compiled too: their bodies are invokedynamic of ObjectMethods. */
    @org.junit.jupiter.api.Test
    void recordMethodsCompiled() {
        CallTargets.recordMethods(null); // links the records' call sites
        for (String m : new String[]{"toString", "hashCode", "equals"}) {
            CompiledRunner.install(java.util.Arrays.stream(CallTargets.Point.class.getDeclaredMethods()).filter(x -> x.getName().equals(m)).findFirst().orElseThrow());
        }
        check("recordMethods");
    }

    /** frem and drem: SharedRuntime's C functions (NaN, infinities, signed zeros, huge quotients). */
    @ParameterizedTest
    @ValueSource(strings = {"frem", "drem", "remainders"})
    void floatingRemainders(String name) {
        check(name);
    }

    /**
     * A callee's exception deoptimizes the caller's frame at the call, an athrow of the method's own
     * deoptimizes at the athrow; the interpreter finds the handler or unwinds.
     */
    @ParameterizedTest
    @ValueSource(strings = {"catches", "propagates", "throwsIfNegative", "rethrows", "throwsNull", "throwsAndCatches"})
    void exceptionsFromCallees(String name) {
        check(name);
    }

    /**
     * Exceptions from callees caught by handlers of the compiled method, in compiled code
     * (ExceptionDispatch): handler order, phis into handlers, finally, loops, nested try, no match
     * (rethrown through the interpreter), references and a collection, locks, the caught object;
     * and athrow in a try range: handler order, null, no match, a loop, a handler that throws.
     */
    @ParameterizedTest
    @ValueSource(strings = {"handlerOrder", "twoCallsOneHandler", "withFinally", "catchInLoop", "nestedTry", "notCaughtHere", "referencesIntoHandler",
                    "lockedHandler", "caughtIsTheResult", "catches", "throwsAndCatches", "throwCaught", "throwMaybeNullCaught", "throwNotCaught",
                    "throwInLoop", "throwFromHandler"})
    void compiledHandlers(String name) {
        check(name);
    }

    /**
     * With a JVMTI agent that can post exception events, exceptions from calls go to the interpreter
     * (which posts them) instead of a compiled handler: the lowered graph has no exception check.
     */
    @ParameterizedTest
    @ValueSource(strings = {"handlerOrder", "catchInLoop", "catches", "throwCaught", "throwInLoop"})
    void exceptionEventsKeepHandlersInTheInterpreter(String name) {
        Method target = target(name);
        CompiledRunner.callAll(target, inputs(target)); // links the call sites (an unlinked site deoptimizes)
        Pipeline p = Pipeline.host();
        jdk.vm.ci.meta.ResolvedJavaMethod m = Jvmci.method(target);
        org.ssajit.ir.Graph loweredWithout = p.lower(p.build(m), JvmtiCapabilities.NONE);
        List<org.ssajit.ir.Operation> without = ops(loweredWithout);
        assertTrue(without.contains(org.ssajit.hotspot.ir.HotSpotOp.EXCEPTION_CHECK), name + ": no compiled handler");
        org.ssajit.ir.Graph loweredWithEvents = p.lower(p.build(m), new JvmtiCapabilities(true, false, false));
        List<org.ssajit.ir.Operation> withEvents = ops(loweredWithEvents);
        assertFalse(withEvents.contains(org.ssajit.hotspot.ir.HotSpotOp.EXCEPTION_CHECK) || withEvents.contains(org.ssajit.hotspot.ir.HotSpotOp.EXCEPTION_TAKE), name + ": " + withEvents);
        if (name.startsWith("throw")) {
            // The athrow's dispatch: type tests of the handlers' types (each, once expanded, a branch
            // comparing with its type's metadata), only without the events. An allocation's metadata
            // (its header's class) is read and written, never compared.
            assertTrue(metadataCompares(loweredWithout) > 0, name + ": " + without);
            assertEquals(0, metadataCompares(loweredWithEvents), name + ": " + withEvents);
        }
        assertTrue(withEvents.contains(org.ssajit.hotspot.ir.HotSpotOp.CALL), name + ": " + withEvents);
    }

    /** Branches of {@code g} that compare with class metadata: the type tests. */
    private static int metadataCompares(org.ssajit.ir.Graph g) {
        int n = 0;
        for (org.ssajit.ir.Block b : g.blocks()) {
            if (b.terminator() instanceof org.ssajit.ir.If i && (isMetadata(i.x()) || isMetadata(i.y()))) {
                n++;
            }
        }
        return n;
    }

    private static boolean isMetadata(org.ssajit.ir.Value v) {
        return v instanceof org.ssajit.ir.Instruction i && i.op() == org.ssajit.hotspot.ir.HotSpotOp.METADATA;
    }

    private static List<org.ssajit.ir.Operation> ops(org.ssajit.ir.Graph g) {
        List<org.ssajit.ir.Operation> ops = new ArrayList<>();
        for (org.ssajit.ir.Block b : g.blocks()) {
            for (org.ssajit.ir.Instruction i : b.instructions()) {
                ops.add(i.op());
            }
        }
        return ops;
    }

    /** References live across a call that collects: the call's reference map must name them all. */
    @Test
    void referencesSurviveACollectionInTheCallee() {
        check("gcAcross");
    }

    /** The same callers with their callees compiled by ssajit too: compiled code calling compiled code. */
    @ParameterizedTest
    @ValueSource(strings = {"callStatic", "callKinds", "liveAcross", "callManyTwice", "callManyFloats", "virtualCall", "interfaceCall", "catches"})
    void compiledCallees(String name) {
        for (String callee : new String[]{"add", "addLong", "half", "twice", "record", "isOdd", "low", "charOf", "shortOf", "many", "manyFloats"}) {
            CompiledRunner.install(Jvmci.declared(CallTargets.class, callee));
        }
        for (Class<?> c : new Class<?>[]{CallTargets.Square.class, CallTargets.Rect.class, CallTargets.Tri.class, CallTargets.Inc.class, CallTargets.Neg.class}) {
            for (Method m : c.getDeclaredMethods()) {
                CompiledRunner.install(m);
            }
        }
        check(name);
    }

    /**
     * The caller's code is invalidated while its callee runs: the callee returns into the
     * deoptimization handler, and the interpreter continues after the invoke with the frame's values
     * from the call's debug info and the callee's result.
     */
    @Test
    void deoptimizedWhileCalleeRuns() {
        Method m = target("deoptDuringCall");
        List<Supplier<Object[]>> in = inputs(m);
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        int invalidated = 0;
        for (int k = 0; k < in.size(); k++) {
            InstalledCode code = CompiledRunner.install(m);
            CallTargets.toInvalidate = code;
            try {
                List<Outcome> actual = CompiledRunner.executeAll(code, List.of(in.get(k)));
                assertEquals(expected.get(k), actual.get(0), "input " + k);
            } finally {
                CallTargets.toInvalidate = null;
            }
            // invalidate(true) clears isAlive() (isValid() may stay true on JDK 25) and marks the frame
            // waiting in the callee for deoptimization on return.
            if (!code.isAlive()) {
                invalidated++;
            }
        }
        assertTrue(invalidated > 0, "no call invalidated its caller: the test did not test deoptimization at a call");
        assertFalse(invalidated == in.size(), "every call invalidated its caller");
    }
}
