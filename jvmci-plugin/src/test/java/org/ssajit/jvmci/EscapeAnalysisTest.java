package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.opt.EscapeAnalysis;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Escape analysis end to end ({@link EscapeTargets}): each method is built with inlining, must keep
 * exactly the allocations that escape, and compiled and installed must do what HotSpot's own code did
 * over many inputs. Where compiled code deoptimizes with unallocated objects live, HotSpot allocates
 * them from the debug info; the interpreter then goes on with them, so a wrong field value there shows
 * in the result.
 */
class EscapeAnalysisTest {
    private static final Pipeline PIPELINE = Pipeline.host();
    private static final Pipeline WITHOUT = Pipeline.host(Pipeline.TEST_OPTIONS.with(EscapeAnalysis.ENABLED, false));
    private static final Installer INSTALLER = Installer.host();

    static Stream<Arguments> methods() {
        int[] ints = {0, 1, 2, 7, -1, -5, 100, 127, 128, 255, 256, 32_767, 32_768, 65_535, 65_536, Integer.MAX_VALUE, Integer.MIN_VALUE};
        List<Supplier<Object[]>> oneInt = new ArrayList<>();
        List<Supplier<Object[]>> twoInts = new ArrayList<>();
        List<Supplier<Object[]>> mixed = new ArrayList<>();
        for (int a : ints) {
            oneInt.add(() -> new Object[]{a});
            for (int b : new int[]{1, -1, 0, 3, Integer.MIN_VALUE}) {
                twoInts.add(() -> new Object[]{a, b});
            }
            mixed.add(() -> new Object[]{a, (long) a * a, a / 3.0, a > 5 ? "text" : null});
            mixed.add(() -> new Object[]{a, Long.MIN_VALUE + a, Double.NaN, ""});
        }
        List<Supplier<Object[]>> loops = List.of(() -> new Object[]{0}, () -> new Object[]{1}, () -> new Object[]{5}, () -> new Object[]{40}, () -> new Object[]{-3});
        List<Supplier<Object[]>> arrays = List.of(() -> new Object[]{new int[]{4, 5, 6}, 2}, () -> new Object[]{new int[]{4, 5, 6}, 3},
                        () -> new Object[]{new int[]{4}, -1}, () -> new Object[]{null, 0}, () -> new Object[]{new int[0], 0});
        return Stream.of(
                        Arguments.of("sum", 0, twoInts),
                        Arguments.of("branches", 0, oneInt),
                        Arguments.of("loop", 0, loops),
                        Arguments.of("defaults", 0, oneInt),
                        Arguments.of("mixed", 0, mixed),
                        Arguments.of("inTry", 0, twoInts),
                        Arguments.of("handlerOnlyTheObjectReaches", 0, oneInt),
                        Arguments.of("throwsWhileLive", 0, arrays),
                        Arguments.of("fieldsCopiedBetweenObjects", 0, arrays),
                        Arguments.of("escapesToStatic", 1, oneInt),
                        Arguments.of("escapesByReturn", 1, oneInt),
                        Arguments.of("escapesThroughPhi", 2, oneInt),
                        Arguments.of("escapesByComparison", 2, oneInt),
                        // The holder is replaced; the point stored into it escapes.
                        Arguments.of("escapesIntoAnother", 1, oneInt),
                        Arguments.of("volatileField", 1, oneInt),
                        Arguments.of("locked", 0, oneInt),
                        Arguments.of("lockedMethod", 0, oneInt));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void compiledCodeDoesWhatHotSpotsCodeDid(String name, int allocationsLeft, List<Supplier<Object[]>> inputs) throws Exception {
        Method m = Jvmci.declared(EscapeTargets.class, name);
        ResolvedJavaMethod rm = Jvmci.method(m);
        List<String> expected = new ArrayList<>(); // first: the classes are initialized then (an uninitialized class's objects are allocated)
        for (Supplier<Object[]> in : inputs) {
            expected.add(call(m, in.get()));
        }
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(allocationsLeft, allocations(g), () -> "allocations left in " + name);
        int withoutAnalysis = allocations(WITHOUT.build(rm, -1, true));
        assertTrue(withoutAnalysis > allocationsLeft || withoutAnalysis == allocationsLeft && allocationsLeft > 0, "without escape analysis every allocation stays");
        InstalledCode installed = INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
        try {
            List<String> actual = new ArrayList<>();
            for (Supplier<Object[]> in : inputs) {
                actual.add(execute(installed, in.get()));
            }
            assertEquals(expected, actual, () -> name + " compiled with escape analysis");
        } finally {
            installed.invalidate();
        }
    }

    /** What {@code -Dssajit.Stats} reports: the allocations the analysis left out. */
    @Test
    void theCountIsOfAllocationsLeftOut() throws Exception {
        for (String name : List.of("handlerOnlyTheObjectReaches", "escapesThroughPhi", "branches", "escapesIntoAnother")) {
            call(Jvmci.declared(EscapeTargets.class, name), new Object[]{1});
        }
        assertEquals(2, PIPELINE.build(Jvmci.method(Jvmci.declared(EscapeTargets.class, "handlerOnlyTheObjectReaches")), -1, true).unallocatedCount());
        assertEquals(0, PIPELINE.build(Jvmci.method(Jvmci.declared(EscapeTargets.class, "escapesThroughPhi")), -1, true).unallocatedCount());
        assertEquals(1, PIPELINE.build(Jvmci.method(Jvmci.declared(EscapeTargets.class, "branches")), -1, true).unallocatedCount());
        assertEquals(1, PIPELINE.build(Jvmci.method(Jvmci.declared(EscapeTargets.class, "escapesIntoAnother")), -1, true).unallocatedCount());
    }

    /**
     * The code deoptimizes at a read of a class's static field (the class is initialized only then),
     * with an unallocated object of every field kind live: HotSpot must allocate it with the values its
     * fields had there. The oracle is the interpreter running a twin that reads another class.
     */
    @Test
    void deoptimizationAllocatesTheObjectWithItsFieldsValues() throws Exception {
        Object[] args = {-77, "four"};
        String expected = call(Jvmci.declared(EscapeTargets.class, "deoptimizesTwin"), args);
        assertDeoptimizes("deoptimizes", expected, args);
    }

    /** The same with constants in the small fields: the debug info gives them as ints. */
    @Test
    void deoptimizationWithConstantsInSmallFields() throws Exception {
        Object[] args = {12};
        String expected = call(Jvmci.declared(EscapeTargets.class, "deoptimizesWithConstantsTwin"), args);
        assertDeoptimizes("deoptimizesWithConstants", expected, args);
    }

    /** The same inside an inlined callee: the object is in the callee's frame and in the caller's, one object. */
    @Test
    void deoptimizationInAnInlinedCalleeAllocatesTheObjectOnce() throws Exception {
        Object[] args = {41};
        String expected = call(Jvmci.declared(EscapeTargets.class, "deoptimizesInCalleeTwin"), args);
        assertDeoptimizes("deoptimizesInCallee", expected, args);
    }

    /** Inside the object's eliminated lock: the interpreter must hold the lock it goes on with, and release it. */
    @Test
    void deoptimizationInsideAnEliminatedLockLocksTheObject() throws Exception {
        Object[] args = {-8};
        String expected = call(Jvmci.declared(EscapeTargets.class, "deoptimizesInsideLockTwin"), args);
        assertEquals("returned -48", expected);
        // A lock the debug info does not mark eliminated left the interpreter's thread stuck: a failure, not a hang.
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(2), () -> assertDeoptimizes("deoptimizesInsideLock", expected, args));
    }

    private static void assertDeoptimizes(String name, String expected, Object[] args) throws Exception {
        ResolvedJavaMethod rm = Jvmci.method(Jvmci.declared(EscapeTargets.class, name));
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(0, allocations(g), "the object must not be allocated");
        InstalledCode installed = INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
        try {
            assertEquals(expected, execute(installed, args));
            assertFalse(installed.isValid(), "the code must have deoptimized at the read of the uninitialized class");
        } finally {
            installed.invalidate();
        }
    }

    /**
     * A call that is not inlined, with the object live: the callee invalidates the calling code, so its
     * frame is deoptimized when the call returns, from the call's debug info.
     */
    @Test
    void aFrameDeoptimizedAfterACallGetsTheObjectBack() throws Exception {
        ResolvedJavaMethod rm = Jvmci.method(Jvmci.declared(EscapeTargets.class, "invalidatedDuringCall"));
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(0, allocations(g), "the point must not be allocated");
        InstalledCode installed = INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
        try {
            EscapeTargets.running = installed;
            Runnable keep = () -> {
            };
            assertEquals("returned 12037", execute(installed, new Object[]{12, keep}));
            assertTrue(installed.isAlive());
            Runnable invalidate = () -> {
                EscapeTargets.running.invalidate();
                System.gc();
            };
            assertEquals("returned -5014", execute(installed, new Object[]{-5, invalidate}));
            // invalidate(true) clears isAlive() (isValid() may stay true on JDK 25) and marks the frame for deoptimization on return.
            assertFalse(installed.isAlive(), "the callee invalidated the code");
        } finally {
            installed.invalidate();
            EscapeTargets.running = null;
        }
    }

    /**
     * {@code putfield} of a boolean, byte, short or char field narrows the int it is given ({@code & 1},
     * {@code i2b}, {@code i2s}, {@code i2c}); javac narrows first, so the method is generated: it stores
     * its argument into each field of a {@link EscapeTargets.Narrow} and returns what it reads back.
     */
    @Test
    void writesOfSmallFieldsAreNarrowedAsPutfieldDoes() throws Exception {
        java.lang.constant.ClassDesc narrow = java.lang.constant.ClassDesc.of(EscapeTargets.Narrow.class.getName());
        java.lang.constant.MethodTypeDesc init = java.lang.constant.MethodTypeDesc.ofDescriptor("()V");
        Class<?> k = new org.ssajit.testing.ClassGen("NarrowingStores").staticMethod("f", "(I)I", c -> {
            c.new_(narrow).dup().invokespecial(narrow, "<init>", init).astore(1);
            c.aload(1).iload(0).putfield(narrow, "z", java.lang.constant.ConstantDescs.CD_boolean);
            c.aload(1).iload(0).putfield(narrow, "b", java.lang.constant.ConstantDescs.CD_byte);
            c.aload(1).iload(0).putfield(narrow, "s", java.lang.constant.ConstantDescs.CD_short);
            c.aload(1).iload(0).putfield(narrow, "c", java.lang.constant.ConstantDescs.CD_char);
            c.aload(1).getfield(narrow, "z", java.lang.constant.ConstantDescs.CD_boolean).bipush(100).imul();
            c.aload(1).getfield(narrow, "b", java.lang.constant.ConstantDescs.CD_byte).iadd();
            c.aload(1).getfield(narrow, "s", java.lang.constant.ConstantDescs.CD_short).bipush(3).imul().iadd();
            c.aload(1).getfield(narrow, "c", java.lang.constant.ConstantDescs.CD_char).bipush(7).imul().iadd();
            c.ireturn();
        }).load();
        Method m = k.getMethod("f", int.class);
        int[] ints = {0, 1, 2, 3, -1, -2, 127, 128, 255, 256, 257, 32_767, 32_768, 65_535, 65_536, 0x1234_5678, Integer.MAX_VALUE, Integer.MIN_VALUE};
        List<String> expected = new ArrayList<>();
        for (int a : ints) {
            expected.add(call(m, new Object[]{a}));
        }
        ResolvedJavaMethod rm = Jvmci.method(m);
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(0, allocations(g), "the object must not be allocated");
        InstalledCode installed = INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
        try {
            List<String> actual = new ArrayList<>();
            for (int a : ints) {
                actual.add(execute(installed, new Object[]{a}));
            }
            assertEquals(expected, actual);
        } finally {
            installed.invalidate();
        }
    }

    private static int allocations(Graph g) {
        int n = 0;
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.NEW_INSTANCE) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String call(Method m, Object[] args) {
        try {
            return describe(m.invoke(null, args), null);
        } catch (InvocationTargetException e) {
            return describe(null, e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static String execute(InstalledCode code, Object[] args) {
        try {
            return describe(code.executeVarargs(args), null);
        } catch (InvalidInstalledCodeException e) {
            throw new AssertionError("installed code invalidated: " + code, e);
        } catch (Throwable t) {
            return describe(null, t);
        }
    }

    private static String describe(Object result, Throwable thrown) {
        if (thrown != null) {
            return "threw " + thrown.getClass().getName() + ": " + thrown.getMessage();
        }
        if (result instanceof EscapeTargets.Point p) {
            return "returned a point " + p.x + ", " + p.y;
        }
        return "returned " + result;
    }
}
