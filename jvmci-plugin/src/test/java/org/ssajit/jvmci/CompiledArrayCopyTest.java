package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;

/**
 * {@code System.arraycopy} compiled and installed ({@code lowering.ArrayCopies}: inline checks, the
 * VM's copy stub, the call where a check fails) against HotSpot's own results: the same arguments
 * (fresh arrays each time), the same result or exception, with its message, and the same array
 * contents afterwards, over null arrays, negative and overflowing indexes and lengths, ranges that
 * just fit or just do not, overlapping ranges in one array, reference arrays of one class and of
 * different classes (where the call's store checks copy part and throw).
 */
class CompiledArrayCopyTest {
    private static final int INPUTS = 500;

    private static Method target(String name) {
        return Jvmci.declared(ArrayCopyTargets.class, name);
    }

    /** The lowered graph of {@code name}: how many array copies (stub calls) and class comparisons it has. */
    private static List<Instruction> lowered(String name, Operation op) {
        Pipeline p = Pipeline.host();
        Graph g = p.lower(p.build(Jvmci.method(target(name))));
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).toList();
    }

    /** What a call did: its result or exception (class and message) and every array argument's contents after it. */
    private static String outcome(Object result, Throwable thrown, Object[] args) {
        StringBuilder sb = new StringBuilder(thrown != null ? "threw " + thrown : "returned " + CompiledTargets.render(result));
        for (Object a : args) {
            if (a != null && a.getClass().isArray()) {
                sb.append(" | ").append(a.getClass().getSimpleName()).append(' ').append(CompiledTargets.render(a));
            }
        }
        return sb.toString();
    }

    private static void check(String name, List<Supplier<Object[]>> in) {
        Method m = target(name);
        List<String> expected = new ArrayList<>();
        for (Supplier<Object[]> s : in) {
            Object[] args = s.get();
            try {
                expected.add(outcome(m.invoke(null, args), null, args));
            } catch (InvocationTargetException e) {
                expected.add(outcome(null, e.getCause(), args));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        InstalledCode code = CompiledRunner.install(m);
        List<String> wrong = new ArrayList<>();
        int threw = 0;
        for (int k = 0; k < in.size(); k++) {
            Object[] args = in.get(k).get();
            String actual;
            try {
                actual = outcome(code.executeVarargs(args), null, args);
            } catch (InvalidInstalledCodeException e) {
                throw new AssertionError("installed code invalidated: " + code, e);
            } catch (Throwable t) {
                actual = outcome(null, t, args);
            }
            threw += expected.get(k).startsWith("threw") ? 1 : 0;
            if (!actual.equals(expected.get(k))) {
                wrong.add("  input " + k + ": expected " + expected.get(k) + "\n     got " + actual);
            }
        }
        boolean valid = code.isValid();
        // Installed as the method's code: a later check of the same target must have HotSpot's own
        // code as its oracle, not this.
        code.invalidate();
        if (!wrong.isEmpty()) {
            fail(name + ": " + wrong.size() + " of " + in.size() + " calls differ\n" + String.join("\n", wrong.subList(0, Math.min(20, wrong.size()))));
        }
        // Both kinds of path were taken.
        assertTrue(threw > 0 && threw < in.size(), name + ": " + threw + " of " + in.size() + " calls threw");
        assertTrue(valid, name + ": code invalidated");
    }

    private static final int[] LENGTHS = {0, 1, 3, 8, 17};

    private static int pick(Random r, int length) {
        int[] choices = {Integer.MIN_VALUE, -1, 0, 1, 2, length / 2, length - 1, length, length + 1, Integer.MAX_VALUE, r.nextInt(length + 1)};
        return choices[r.nextInt(choices.length)];
    }

    /** An array of {@code type}'s component kind and {@code length}, filled from {@code r}. */
    private static Object array(Class<?> type, int length, Random r) {
        Class<?> c = type.getComponentType();
        Object a = Array.newInstance(c, length);
        for (int k = 0; k < length; k++) {
            Object v;
            if (c == boolean.class) {
                v = r.nextBoolean();
            } else if (c == byte.class) {
                v = (byte) r.nextInt();
            } else if (c == char.class) {
                v = (char) r.nextInt();
            } else if (c == short.class) {
                v = (short) r.nextInt();
            } else if (c == int.class) {
                v = r.nextInt();
            } else if (c == float.class) {
                v = r.nextFloat() * 100 - 50;
            } else if (c == long.class) {
                v = r.nextLong();
            } else if (c == double.class) {
                v = r.nextGaussian() * 1e6;
            } else if (c == String.class || c == CharSequence.class) {
                v = r.nextInt(6) == 0 ? null : "s" + r.nextInt(1000);
            } else if (c == Integer.class) {
                v = r.nextInt(6) == 0 ? null : Integer.valueOf(r.nextInt(1000));
            } else {
                int x = r.nextInt(6);
                v = x == 0 ? null : x < 3 ? "o" + r.nextInt(1000) : Integer.valueOf(r.nextInt(1000));
            }
            Array.set(a, k, v);
        }
        return a;
    }

    /** Fresh arguments for a five-argument target, {@code types} choosing each array's class; one in 12 arrays null. */
    private static List<Supplier<Object[]>> inputs(long seed, Class<?>[] sources, Class<?>[] destinations) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int k = 0; k < INPUTS; k++) {
            long s = seed * 1_000_003L + k;
            in.add(() -> {
                Random r = new Random(s);
                Class<?> st = sources[r.nextInt(sources.length)];
                Class<?> dt = destinations[r.nextInt(destinations.length)];
                int sl = LENGTHS[r.nextInt(LENGTHS.length)];
                int dl = LENGTHS[r.nextInt(LENGTHS.length)];
                Object a = r.nextInt(12) == 0 ? null : array(st, sl, r);
                Object b = r.nextInt(12) == 0 ? null : array(dt, dl, r);
                if (r.nextBoolean()) {
                    // A range inside both arrays: the stub's path where the classes allow.
                    int ap = r.nextInt(sl + 1);
                    int bp = r.nextInt(dl + 1);
                    return new Object[] {a, ap, b, bp, r.nextInt(Math.min(sl - ap, dl - bp) + 1)};
                }
                int n = r.nextInt(4) == 0 ? Math.min(sl, dl) : pick(r, Math.min(sl, dl));
                return new Object[] {a, pick(r, sl), b, pick(r, dl), n};
            });
        }
        return in;
    }

    @ParameterizedTest
    @ValueSource(strings = {"booleans", "bytes", "chars", "shorts", "ints", "floats", "longs", "doubles"})
    void primitiveArrays(String name) {
        assertEquals(1, lowered(name, HotSpotOp.ARRAY_COPY).size(), name + ": one stub copy");
        Class<?> type = target(name).getParameterTypes()[0];
        check(name, inputs(name.hashCode(), new Class<?>[] {type}, new Class<?>[] {type}));
    }

    @Test
    void referenceArraysOfOneClassAndOfOthers() {
        assertEquals(1, lowered("objects", HotSpotOp.ARRAY_COPY).size());
        assertEquals(2, lowered("objects", Op.CLASS_OF).size(), "the classes compared");
        Class<?>[] types = {Object[].class, String[].class, Integer[].class, CharSequence[].class};
        check("objects", inputs(7, types, types));
        // One class only: the stub path nearly always.
        check("objects", inputs(8, new Class<?>[] {String[].class}, new Class<?>[] {String[].class}));
    }

    /**
     * An Object[] into a String[], a CharSequence[] (an interface: the stub's secondary-super scan) or
     * a Comparable[] (every element fits): the store-checking stub copies up to the first element the
     * destination cannot hold, anywhere in up to 60, and the call goes on from there and throws.
     */
    @Test
    void referenceArraysOfDifferentClassesCopyUpToTheFirstElementThatDoesNotFit() {
        assertEquals(1, lowered("objects", HotSpotOp.CHECKCAST_ARRAY_COPY).size(), "the store-checking copy");
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int k = 0; k < INPUTS; k++) {
            int seed = k;
            in.add(() -> {
                Random r = new Random(seed);
                int n = 1 + r.nextInt(60);
                Object[] a = new Object[n];
                for (int j = 0; j < n; j++) {
                    a[j] = r.nextInt(8) == 0 ? null : "s" + j;
                }
                if (r.nextBoolean()) {
                    a[r.nextInt(n)] = Integer.valueOf(seed);
                }
                Object[] b = switch (r.nextInt(3)) {
                    case 0 -> new String[n + 2];
                    case 1 -> new CharSequence[n + 2];
                    default -> new Comparable<?>[n + 2];
                };
                int ap = r.nextInt(n);
                return new Object[] {a, ap, b, r.nextInt(3), r.nextInt(n - ap + 1)};
            });
        }
        check("objects", in);
    }

    /** In a try range: the stubs where the checks pass, and the handlers catch what the call throws. */
    @Test
    void inATryRangeTheHandlersCatchWhatTheCallThrows() {
        assertEquals(1, lowered("caught", HotSpotOp.ARRAY_COPY).size());
        assertEquals(1, lowered("caught", HotSpotOp.CHECKCAST_ARRAY_COPY).size());
        Class<?>[] types = {Object[].class, String[].class, Integer[].class, CharSequence[].class};
        check("caught", inputs(12, types, types));
        assertEquals(1, lowered("caughtInts", HotSpotOp.ARRAY_COPY).size());
        check("caughtInts", inputs(13, new Class<?>[] {int[].class}, new Class<?>[] {int[].class}));
    }

    @Test
    void arraysOfAFinalClassNeedNoClassComparison() {
        assertEquals(1, lowered("strings", HotSpotOp.ARRAY_COPY).size());
        assertEquals(0, lowered("strings", Op.CLASS_OF).size());
        check("strings", inputs(10, new Class<?>[] {String[].class}, new Class<?>[] {String[].class}));
    }

    @Test
    void intoANewObjectArrayNeedsNoClassComparison() {
        assertEquals(1, lowered("intoNewObjects", HotSpotOp.ARRAY_COPY).size());
        assertEquals(0, lowered("intoNewObjects", Op.CLASS_OF).size());
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Supplier<Object[]> s : inputs(9, new Class<?>[] {Object[].class, String[].class, Integer[].class}, new Class<?>[] {Object[].class})) {
            in.add(() -> {
                Object[] a = s.get();
                return new Object[] {a[0], a[1], a[4]};
            });
        }
        check("intoNewObjects", in);
    }

    @Test
    void overlappingRangesInOneArray() {
        for (String name : new String[] {"within", "withinObjects"}) {
            Class<?> type = target(name).getParameterTypes()[0];
            List<Supplier<Object[]>> in = new ArrayList<>();
            for (Supplier<Object[]> s : inputs(name.hashCode(), new Class<?>[] {type}, new Class<?>[] {type})) {
                in.add(() -> {
                    Object[] a = s.get();
                    int length = a[0] == null ? 0 : Array.getLength(a[0]);
                    // Source and destination within the one array's length, often overlapping.
                    return new Object[] {a[0], a[1], a[3] instanceof Integer d && d >= 0 && d <= length ? d : a[1], a[4]};
                });
            }
            check(name, in);
        }
    }

    @Test
    void registersSurviveTheStubCallAndLoopsCopy() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            int n = k % 23 - 2;
            int seed = k;
            in.add(() -> {
                Random r = new Random(seed);
                return new Object[] {r.nextLong(), r.nextDouble(), array(int[].class, 12, r), array(int[].class, 1 + seed % 15, r), n, r.nextFloat()};
            });
        }
        check("valuesAcross", in);
        List<Supplier<Object[]>> window = new ArrayList<>();
        for (int k = 0; k < 60; k++) {
            int seed = k;
            window.add(() -> {
                Random r = new Random(seed);
                return new Object[] {seed % 7 == 0 ? null : array(long[].class, seed % 30, r), seed % 9 - 1};
            });
        }
        check("window", window);
    }

    @Test
    void arraysOfUnknownKindStayACall() {
        assertEquals(0, lowered("unknown", HotSpotOp.ARRAY_COPY).size());
        check("unknown", inputs(11, new Class<?>[] {int[].class, long[].class, Object[].class}, new Class<?>[] {int[].class, String[].class}));
    }
}
