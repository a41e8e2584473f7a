package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.Op;
import org.ssajit.parse.Inlining;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Inlining through method handles end to end ({@link InlineTargets}'s handle and invokedynamic
 * callers): the adapter an invokedynamic or invokeExact site is linked to is inlined with its appendix,
 * and inside it each {@code invokeBasic} of a constant handle and each {@code linkTo*} of a constant
 * member name is parsed as the method the VM says it runs. The graph must have inlined the handle's
 * target and, where the whole chain folds, call nothing; the installed code must do what HotSpot's
 * own code did on every input: results, exceptions with their frames (the lambda forms' frames are
 * hidden from stack traces), and side effects. {@code handleThrows} deoptimizes inside the target,
 * three and more frames deep in java.lang.invoke's generated code, after a side effect: the interpreter
 * must finish the target and return through every frame the compiled code had inlined, once.
 */
class MethodHandleInliningTest {
    private static final Pipeline PIPELINE = Pipeline.host();
    private static final Installer INSTALLER = Installer.host();

    static Stream<Arguments> callers() {
        int[] ints = {0, 1, -1, 7, 100, Integer.MAX_VALUE, Integer.MIN_VALUE};
        List<Object[]> oneInt = new ArrayList<>();
        List<Object[]> twoInts = new ArrayList<>();
        for (int a : ints) {
            oneInt.add(new Object[]{a});
            for (int b : new int[]{1, -1, 0, 3}) {
                twoInts.add(new Object[]{a, b});
            }
        }
        List<Object[]> strings = List.of(new Object[]{"abc"}, new Object[]{""}, new Object[]{null}, new Object[]{"\u00e9t\u00e9"});
        List<Object[]> receivers = List.of(new Object[]{new InlineTargets(), 6}, new Object[]{null, 6}, new Object[]{new InlineTargets(), Integer.MIN_VALUE});
        List<Object[]> concat = List.of(new Object[]{5, "s"}, new Object[]{-1, null}, new Object[]{Integer.MIN_VALUE, List.of(1, 2)});
        List<Object[]> dispatch = List.of(new Object[]{"abc"}, new Object[]{new StringBuilder("sb")}, new Object[]{Integer.valueOf(42)}, new Object[]{null},
                        new Object[]{List.of(1, 2)}, new Object[]{java.util.Optional.of("x")});
        List<Object[]> figures = List.of(new Object[]{new InlineTargets.Figure()}, new Object[]{new InlineTargets.Square()}, new Object[]{null});
        InlineTargets.Entry e = new InlineTargets.Entry(3, "x");
        List<Object[]> entries = List.of(new Object[]{e, new InlineTargets.Entry(3, "x")}, new Object[]{e, new InlineTargets.Entry(3, "y")},
                        new Object[]{e, new InlineTargets.Entry(4, "x")}, new Object[]{e, null}, new Object[]{e, "x"}, new Object[]{e, e},
                        new Object[]{new InlineTargets.Entry(0, null), new InlineTargets.Entry(0, null)}, new Object[]{null, e});
        for (int k = 0; k < 1_000; k++) { // the guard's counting wrapper done counting (aRecordsGuardsAndCastsCallNothing)
            InlineTargets.recordEquals(e, k % 2 == 0 ? e : "x");
        }
        List<Object[]> hashed = List.of(new Object[]{e}, new Object[]{new InlineTargets.Entry(-1, null)}, new Object[]{null});
        // name, a method the graph must have inlined, whether no call is left
        return Stream.of(Arguments.of("handleStatic", "plusStatic", true, oneInt),
                        Arguments.of("handleVirtual", "length", false, strings),
                        Arguments.of("handleConstructor", "<init>", false, oneInt),
                        Arguments.of("handleThrows", "countedQuotient", false, twoInts),
                        Arguments.of("handlePrivate", "privateTimes", false, receivers),
                        Arguments.of("handleBound", "plusStatic", true, oneInt),
                        Arguments.of("handleDispatch", "invokeExact_MT", false, dispatch),
                        Arguments.of("handleOverride", "invokeExact_MT", false, figures),
                        Arguments.of("lambdaCall", "lambda$lambdaCall$", true, oneInt),
                        Arguments.of("capturingLambdaCall", "lambda$capturingLambdaCall$", false, twoInts),
                        Arguments.of("concatCall", "linkToTargetMethod", false, concat),
                        Arguments.of("recordEquals", "linkToTargetMethod", false, entries),
                        Arguments.of("recordHash", "hashCombiner", false, hashed));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("callers")
    void inlinedHandlesDoWhatHotSpotsCodeDid(String name, String target, boolean noCallLeft, List<Object[]> inputs) throws Exception {
        Method m = Arrays.stream(InlineTargets.class.getDeclaredMethods()).filter(x -> x.getName().equals(name)).findFirst().orElseThrow();
        m.setAccessible(true);
        List<String> expected = new ArrayList<>();
        for (Object[] in : inputs) {
            expected.add(callReflectively(m, in));
        }
        ResolvedJavaMethod rm = Jvmci.method(m);
        Graph g = PIPELINE.build(rm, -1, true);
        List<String> inlined = g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList();
        assertTrue(inlined.stream().anyMatch(n -> n.startsWith(target)), () -> name + ": " + target + " not among the inlined " + inlined + "\n" + g);
        if (noCallLeft) {
            assertEquals(List.of(), calls(g), () -> name + ": the whole chain folds\n" + g);
        }
        InstalledCode installed = INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
        try {
            List<String> actual = new ArrayList<>();
            for (Object[] in : inputs) {
                actual.add(execute(installed, name, in));
            }
            assertEquals(expected, actual, () -> name + " compiled with its handles inlined");
        } finally {
            installed.invalidate();
        }
    }

    /** The division by zero deoptimizes inside the inlined target, after its side effect, which happens once. */
    @Test
    void aDeoptimizationInsideAHandlesTargetResumesEveryFrameOnce() throws Exception {
        Method m = InlineTargets.class.getDeclaredMethod("handleThrows", int.class, int.class);
        assertEquals("threw java.lang.ArithmeticException: / by zero at countedQuotient handleThrows; counter 1", callReflectively(m, new Object[]{5, 0}));
        assertEquals("returned 106; counter 1", callReflectively(m, new Object[]{18, 3}));
    }

    /**
     * The frames of java.lang.invoke's generated code around an inlined target keep, during the call,
     * what the interpreter's frame keeps: its stack without every argument of the call, the member
     * name of a {@code linkTo*} too (HotSpot's unpacking counts it beside the target's parameters; a
     * frame that kept it would be one slot too deep). The lambda forms push a call's arguments onto an
     * empty stack, so each such frame's stack is empty.
     */
    @Test
    void theLambdaFormsFramesAroundAnInlinedTargetHoldNoArgument() throws Throwable {
        InlineTargets.handleThrows(1, 1); // links the call site
        ResolvedJavaMethod rm = Jvmci.method(Arrays.stream(InlineTargets.class.getDeclaredMethods()).filter(x -> x.getName().equals("handleThrows")).findFirst().orElseThrow());
        Graph g = PIPELINE.build(rm, -1, true);
        int checked = 0;
        for (var b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.state() == null || !i.state().method().getName().equals("countedQuotient")) {
                    continue;
                }
                for (org.ssajit.ir.FrameState fs = i.state().outer(); fs != null && Inlining.isMethodHandlePlumbing(fs.method()); fs = fs.outer()) {
                    String where = fs.method().format("%H.%n") + " at bci " + fs.bci();
                    assertEquals(0, fs.stackSize(), () -> "the frame of " + where + "\n" + g);
                    checked++;
                }
            }
        }
        int found = checked;
        StringBuilder states = new StringBuilder();
        for (var b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                for (org.ssajit.ir.FrameState fs = i.state(); fs != null; fs = fs.outer()) {
                    states.append(i.op()).append(" ").append(fs.method().format("%H.%n")).append("@").append(fs.bci()).append(fs.outer() == null ? "\n" : " <- ");
                }
            }
        }
        assertTrue(found >= 2, () -> "no state inside countedQuotient with its lambda forms' frames around it\n" + states);
    }

    /**
     * A record's equals and hashCode: the guard's {@code MethodHandleImpl.profileBoolean} is its
     * argument, the getter handle's {@code Class.cast} of the field's type, a constant class, an
     * instanceof, and so is equals' guard, a direct handle of {@code Class.isInstance} bound to the
     * record's class (reached through {@code linkToSpecial}); none stays a call.
     */
    @Test
    void aRecordsGuardsAndCastsCallNothing() {
        InlineTargets.Entry e = new InlineTargets.Entry(1, "a");
        // Links the call sites, and runs equals' guard past the calls its counting wrapper counts
        // (java.lang.invoke's DONT_INLINE_THRESHOLD), after which the wrapper's target is the guard.
        for (int k = 0; k < 1_000; k++) {
            InlineTargets.recordEquals(e, k % 2 == 0 ? e : "x");
        }
        InlineTargets.recordHash(e);
        Graph equals = PIPELINE.build(method("recordEquals"), -1, true);
        List<String> equalsCalls = calls(equals);
        assertTrue(equalsCalls.stream().noneMatch(c -> c.endsWith("MethodHandleImpl.profileBoolean")), () -> equalsCalls + "\n" + equals);
        assertTrue(equals.inlinedMethods().stream().anyMatch(m -> m.getName().equals("guard")), () -> "the guard's lambda form\n" + equals);
        assertTrue(equalsCalls.stream().noneMatch(c -> c.endsWith("Class.isInstance") || c.endsWith("MethodHandle.linkToSpecial")), () -> equalsCalls + "\n" + equals);
        Graph hash = PIPELINE.build(method("recordHash"), -1, true);
        List<String> hashCalls = calls(hash);
        assertTrue(hashCalls.stream().noneMatch(c -> c.endsWith("Class.isInstance")), () -> hashCalls + "\n" + hash);
        long instanceofs = hash.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.INSTANCEOF).count();
        assertTrue(instanceofs >= 1, hash::toString);
    }

    private static ResolvedJavaMethod method(String name) {
        return Jvmci.method(Arrays.stream(InlineTargets.class.getDeclaredMethods()).filter(x -> x.getName().equals(name)).findFirst().orElseThrow());
    }

    /**
     * A handle's call after the compile's inlining budget is spent still folds: java.lang.invoke's
     * small methods that the lambda forms call to read the handle (here {@code
     * DirectMethodHandle.internalMemberName}, {@code MethodHandle.type}) are outside the budget, as the
     * forms are; only the program's calls past the budget stay (the target's, a {@code linkToStatic} of
     * its constant member name).
     */
    @Test
    void aHandlesCallFoldsAfterTheBudgetIsSpent() throws Throwable {
        assertEquals((InlineTargets.handleAfterBudget(1) / 2) - 3, java.util.stream.IntStream.range(0, 120).reduce(1, (x, k) -> InlineTargets.pad(x)));
        ResolvedJavaMethod rm = Jvmci.method(InlineTargets.class.getDeclaredMethod("handleAfterBudget", int.class));
        Graph g = PIPELINE.build(rm, -1, true);
        List<String> calls = calls(g);
        assertTrue(calls.stream().anyMatch(c -> c.endsWith("InlineTargets.pad")), () -> "the budget is spent: " + calls);
        // the handle's chain folds to the call of its target's member name: the target, a program method, is past the budget
        assertEquals(List.of("java.lang.invoke.MethodHandle.linkToStatic"), calls.stream().filter(c -> !c.endsWith("InlineTargets.pad")).toList(), g::toString);
    }

    /** Without the VM's answers for constant handles the calls stay: inlining of handles is what removes them. */
    @Test
    void withoutInliningTheHandlesCallsStay() throws Throwable {
        InlineTargets.handleStatic(1); // links the call site
        ResolvedJavaMethod rm = Jvmci.method(Arrays.stream(InlineTargets.class.getDeclaredMethods()).filter(x -> x.getName().equals("handleStatic")).findFirst().orElseThrow());
        Graph g = PIPELINE.build(rm, -1, false);
        assertEquals(1, calls(g).size(), g::toString);
        assertTrue(Inlining.MAX_PLUMBING_DEPTH >= 8, "a record's equals nests eight and more lambda forms");
    }

    private static List<String> calls(Graph g) {
        List<String> out = new ArrayList<>();
        for (var b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.INVOKE && i.attribute() instanceof InvokeTarget t) {
                    out.add(t.method().format("%H.%n"));
                }
            }
        }
        return out;
    }

    private static String callReflectively(Method m, Object[] args) {
        InlineTargets.counter = 0;
        try {
            Object r = java.lang.reflect.Modifier.isStatic(m.getModifiers()) ? m.invoke(null, args) : m.invoke(args[0], Arrays.copyOfRange(args, 1, args.length));
            return describe(r, null);
        } catch (InvocationTargetException e) {
            return describe(null, e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static String execute(InstalledCode code, String name, Object[] args) {
        InlineTargets.counter = 0;
        try {
            return describe(code.executeVarargs(args), null);
        } catch (InvalidInstalledCodeException e) {
            throw new AssertionError("installed code invalidated: " + code, e);
        } catch (Throwable t) {
            return describe(null, t);
        }
    }

    /** The result or exception (class, message, and the frames of InlineTargets it passed), and the counter. */
    private static String describe(Object result, Throwable thrown) {
        StringBuilder sb = new StringBuilder();
        if (thrown == null) {
            sb.append("returned ").append(result);
        } else {
            sb.append("threw ").append(thrown.getClass().getName()).append(": ").append(thrown.getMessage()).append(" at");
            for (StackTraceElement e : thrown.getStackTrace()) {
                if (e.getClassName().startsWith(InlineTargets.class.getName())) {
                    sb.append(' ').append(e.getMethodName());
                }
            }
        }
        return sb.append("; counter ").append(InlineTargets.counter).toString();
    }
}
