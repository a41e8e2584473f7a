package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Implicit null checks, end to end: with {@link org.ssajit.lowering.LoweringOptions#IMPLICIT_NULL_CHECKS} a field access,
 * an array length read or a bounds check is itself the null check. Each target is compiled so, its
 * selected instructions must contain no explicit null test, and it is installed and run on inputs with
 * and without nulls; every call must give what HotSpot's own execution of the bytecode gives (result
 * or exception, and the side effects before the faulting access, counted in {@link #side}). A null
 * must make the code fault and deoptimize - the code is then not entrant, which only the implicit
 * path does (explicit checks trap with action none) - and a non-null input must leave it installed.
 */
class ImplicitNullChecksTest {
    static int side;

    static final class Box {
        int i;
        long l;
        double d;
        int[] arr;

        Box(int i, int[] arr) {
            this.i = i;
            this.l = i * 3L;
            this.d = i;
            this.arr = arr;
        }

        @Override
        public String toString() {
            return i + "/" + l + "/" + d + "/" + Arrays.toString(arr);
        }
    }

    static int length(int[] a) {
        side++;
        return a.length;
    }

    static int load(int[] a, int i) {
        side += 2;
        return a[i];
    }

    static void store(double[] a, int i, double v) {
        side += 3;
        a[i] = v;
    }

    static long getFields(Box b) {
        side++;
        return b.i + b.l + (long) b.d;
    }

    static void putFields(Box b, int x) {
        side++;
        b.i = x;
        b.d = x * 0.5;
        b.l = 7;
    }

    static int throughAField(Box b) {
        side++;
        return b.arr.length + b.arr[0];
    }

    static int loop(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            side++;
            s += a[i];
        }
        return s;
    }

    private static final Pipeline IMPLICIT = Pipeline.host(true);
    private static final Installer INSTALLER = Installer.host();

    private static Method target(String name) {
        for (Method m : ImplicitNullChecksTest.class.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new AssertionError(name);
    }

    /** Inputs: the first argument non-null (several), then null, then non-null again, then null. */
    private static List<Supplier<Object[]>> inputs(String name) {
        Supplier<Object[]> ok;
        Supplier<Object[]> nul;
        switch (name) {
            case "length" -> {
                ok = () -> new Object[]{new int[]{1, 2, 3}};
                nul = () -> new Object[]{null};
            }
            case "load" -> {
                ok = () -> new Object[]{new int[]{4, 5, 6}, 2};
                nul = () -> new Object[]{null, 1};
            }
            case "store" -> {
                ok = () -> new Object[]{new double[]{1, 2}, 1, -0.0};
                nul = () -> new Object[]{null, 0, 1.5};
            }
            case "getFields", "throughAField" -> {
                ok = () -> new Object[]{new Box(5, new int[]{9})};
                nul = () -> new Object[]{name.equals("throughAField") ? new Box(1, null) : null};
            }
            case "putFields" -> {
                ok = () -> new Object[]{new Box(1, new int[0]), 42};
                nul = () -> new Object[]{null, 3};
            }
            case "loop" -> {
                ok = () -> new Object[]{new int[]{1, 2, 3, 4}, 4};
                nul = () -> new Object[]{null, 3};
            }
            default -> throw new AssertionError(name);
        }
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            in.add(ok);
        }
        in.add(nul);
        in.add(ok);
        in.add(nul);
        return in;
    }

    private record Outcome(String result, String side, String args) {
    }

    private static Outcome outcome(Object result, Throwable thrown, Object[] args) {
        String r = thrown != null ? "threw " + thrown.getClass().getName() : "returned " + result;
        return new Outcome(r, "side " + side, Arrays.deepToString(args));
    }

    /** Runs ssajit's installed code on {@code args}, side effects counted from 0. */
    private static Outcome execute(InstalledCode code, Object[] args) {
        side = 0;
        try {
            return outcome(code.executeVarargs(args), null, args);
        } catch (InvalidInstalledCodeException e) {
            throw new AssertionError("ran invalid code", e);
        } catch (Throwable t) {
            return outcome(null, t, args);
        }
    }

    /** HotSpot's own execution of {@code m} on every input: the oracle. */
    private static List<Outcome> hotSpot(Method m, List<Supplier<Object[]>> inputs) throws IllegalAccessException {
        List<Outcome> expected = new ArrayList<>();
        for (Supplier<Object[]> in : inputs) {
            Object[] args = in.get();
            side = 0;
            try {
                expected.add(outcome(m.invoke(null, args), null, args));
            } catch (InvocationTargetException e) {
                expected.add(outcome(null, e.getCause(), args));
            }
        }
        return expected;
    }

    private static LirGraph lir(ResolvedJavaMethod m) {
        return IMPLICIT.backend().select(IMPLICIT.lower(IMPLICIT.build(m)));
    }

    private static List<String> opNames(LirGraph lir) {
        List<String> names = new ArrayList<>();
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                names.add(op.name());
            }
        }
        return names;
    }

    @ParameterizedTest
    @ValueSource(strings = {"length", "load", "store", "getFields", "putFields", "throughAField"})
    void nullsFaultAndDeoptimizeToTheBytecode(String name) throws Exception {
        Method m = target(name);
        ResolvedJavaMethod rm = Jvmci.method(m);
        List<String> ops = opNames(lir(rm));
        assertFalse(ops.contains("nullcheck"), () -> "explicit null test left: " + ops);
        assertTrue(ops.stream().anyMatch(o -> o.endsWith("(null check)")), () -> "no access checks null: " + ops);

        List<Supplier<Object[]>> inputs = inputs(name);
        List<Outcome> actual = new ArrayList<>();
        InstalledCode code = null;
        boolean implicit = false;
        int deoptimized = 0;
        for (Supplier<Object[]> in : inputs) {
            if (code == null || !code.isValid()) {
                // After a null-check deoptimization in the profile the recompile tests explicitly.
                boolean trapped = rm.getProfilingInfo().getDeoptimizationCount(jdk.vm.ci.meta.DeoptimizationReason.NullCheckException) > 0;
                assertEquals(code != null, trapped, "the profile records the null-check deoptimization");
                implicit = !opNames(lir(rm)).contains("nullcheck");
                assertEquals(!trapped, implicit, "implicit checks exactly while no null-check deoptimization is recorded");
                code = INSTALLER.installDirect(rm, IMPLICIT.compile(IMPLICIT.build(rm), rm));
                assertTrue(code.isValid());
            }
            Object[] args = in.get();
            boolean nullInput = args[0] == null || args[0] instanceof Box b && b.arr == null;
            actual.add(execute(code, args));
            // With implicit checks a null deoptimizes through the fault (not entrant afterwards);
            // explicit checks and non-null inputs keep the code.
            boolean faulted = implicit && nullInput;
            assertEquals(!faulted, code.isValid(), () -> name + Arrays.deepToString(args) + ": code valid after the call");
            deoptimized += faulted ? 1 : 0;
        }
        assertEquals(1, deoptimized, "exactly the first null faults");
        // Then HotSpot's own execution (interpreter or its tiers: the oracle), after ssajit's code is
        // gone. Not before: the interpreter notes the NullPointerExceptions it throws in the profile,
        // and a compile would then check explicitly.
        code.invalidate();
        List<Outcome> expected = hotSpot(m, inputs);

        assertEquals(expected, actual);
    }

    /**
     * An array accessed in a loop is checked against its length read before the loop, 0 for null
     * (ssa-core LoopCheckedLengths): the loop has no null check at all, implicit or explicit; a null
     * array fails the bounds check, which deoptimizes with action none (the code stays), and the
     * interpreter throws. Results and side effects equal HotSpot's.
     */
    @org.junit.jupiter.api.Test
    void aLoopNeedsNoNullCheck() throws Exception {
        Method m = target("loop");
        ResolvedJavaMethod rm = Jvmci.method(m);
        List<String> ops = opNames(lir(rm));
        assertFalse(ops.contains("nullcheck") || ops.stream().anyMatch(o -> o.endsWith("(null check)")), () -> "a null check left: " + ops);
        assertTrue(ops.contains("boundscheck (length)"), ops::toString);
        InstalledCode code = INSTALLER.installDirect(rm, IMPLICIT.compile(IMPLICIT.build(rm), rm));
        List<Supplier<Object[]>> inputs = inputs("loop");
        List<Outcome> actual = new ArrayList<>();
        for (Supplier<Object[]> in : inputs) {
            Object[] args = in.get();
            actual.add(execute(code, args));
            assertTrue(code.isValid(), () -> Arrays.deepToString(args) + ": the bounds-check trap keeps the code");
        }
        code.invalidate();
        List<Outcome> expected = hotSpot(m, inputs);
        assertEquals(expected, actual);
    }
}
