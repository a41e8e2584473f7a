package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * {@code jdk.internal.misc.Unsafe}'s get and put natives as the parser expands them ({@code
 * parse.Intrinsics}, {@code Op.UNSAFE_READ}/{@code UNSAFE_WRITE}, lowered to reads and writes of
 * {@code object + offset}) and its compare-and-set of ints and longs ({@code Op.UNSAFE_CAS}, the
 * target's compare-and-swap), compiled and installed, against the interpreter's calls of the natives
 * over {@link UnsafeTargets}: every kind in arrays and fields (sign and zero extension, a NaN's bits),
 * static fields through the mirror, memory outside the heap, volatile accesses, and the field and
 * element reads around an unsafe write, which must not be taken for the reads before it.
 */
class CompiledUnsafeTest {
    private static Method target(String name) {
        return Jvmci.declared(UnsafeTargets.class, name);
    }

    private static List<Instruction> instructions(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).toList();
    }

    /** No call of Unsafe's get or put is left, and the code says it accesses memory through Unsafe. */
    private static void assertExpanded(Method m) {
        Graph g = Pipeline.host().build(Jvmci.method(m));
        long calls = instructions(g).stream().filter(i -> i.op() == Op.INVOKE && i.invokeTarget().method().getName().matches("(get|put|compareAndSet)[A-Z].*")
                        && i.invokeTarget().method().getDeclaringClass().getName().equals("Ljdk/internal/misc/Unsafe;")).count();
        assertEquals(0, calls, () -> "a call left: " + g);
        assertTrue(instructions(g).stream().anyMatch(i -> i.op() == Op.UNSAFE_READ || i.op() == Op.UNSAFE_WRITE || i.op() == Op.UNSAFE_CAS), () -> "no unsafe access: " + g);
        assertTrue(g.hasUnsafeAccess());
        CompiledCode code = Pipeline.host().compile(g, Jvmci.method(m));
        assertTrue(code.hasUnsafeAccess(), "HotSpot is told the code accesses memory through Unsafe");
    }

    private static void check(String name, List<Supplier<Object[]>> in) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = target(name);
        List<Outcome> expected = CompiledRunner.callAll(m, in); // first: the interpreter resolves the calls
        assertExpanded(m);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated");
    }

    private static final int[] INTS = {0, 1, -1, 7, 127, 128, -128, 255, 256, 32767, 32768, -32769, 65535, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7fc00001};

    /** Each int of {@link #INTS} beside a fresh array made by {@code array} at each of the indexes. */
    private static List<Supplier<Object[]>> each(Supplier<Object> array, int... indexes) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int i : indexes) {
            for (int v : INTS) {
                in.add(() -> new Object[]{array.get(), i, v});
            }
        }
        return in;
    }

    @Test
    void intsOfAnArray() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int k = i;
            in.add(() -> new Object[]{new int[]{5, -6, Integer.MIN_VALUE, 42}, k});
        }
        check("getInt", in);
        List<Supplier<Object[]>> puts = new ArrayList<>();
        for (int n : new int[]{0, 1, 9}) {
            for (int v : INTS) {
                puts.add(() -> new Object[]{n, v});
            }
        }
        check("putInts", puts);
    }

    @Test
    void subIntKindsExtendAsJavaDoes() {
        check("bytes", each(() -> new byte[]{-1, 0x7f, (byte) 0x80, 3}, 0, 1, 2, 3));
        check("shorts", each(() -> new short[]{-1, 0x7fff, (short) 0x8000, 3}, 0, 2));
        check("chars", each(() -> new char[]{0xffff, 0x7fff, 0x8000, 'a'}, 0, 2));
    }

    /** Mutation: the byte returned without its normalization fails {@code booleanOfByte}. */
    @Test
    void booleansAreBytesNormalizedWhenRead() {
        List<Supplier<Object[]>> bytes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int k = i;
            bytes.add(() -> new Object[]{new byte[]{0, 1, 2, -1, (byte) 0x80, 0x7f}, k});
        }
        check("booleansOfBytes", bytes);
        check("booleanOfByte", bytes);
        List<Supplier<Object[]>> booleans = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int k = i;
            for (boolean v : new boolean[]{false, true}) {
                booleans.add(() -> new Object[]{new boolean[]{true, false, true}, k, v});
            }
        }
        check("booleans", booleans);
    }

    @Test
    void longsFloatsAndDoublesBitForBit() {
        List<Supplier<Object[]>> longs = new ArrayList<>();
        List<Supplier<Object[]>> floats = new ArrayList<>();
        List<Supplier<Object[]>> doubles = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int k = i;
            for (long v : new long[]{0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x7ff0000000000001L, 0xfff8000000000123L, 1L << 40}) {
                longs.add(() -> new Object[]{new long[]{3, -4, Long.MIN_VALUE}, k, v});
                doubles.add(() -> new Object[]{new double[]{Double.NaN, -0.0, Double.longBitsToDouble(0x7ff0000000000005L)}, k, v});
                floats.add(() -> new Object[]{new float[]{Float.NaN, -0.0f, Float.intBitsToFloat(0x7f800003)}, k, (int) (v ^ v >>> 32)});
            }
        }
        check("longs", longs);
        check("floats", floats);
        check("doubles", doubles);
    }

    @Test
    void referencesOfAnArray() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int k = i;
            in.add(() -> new Object[]{new Object[]{"a", null, new int[3]}, k});
        }
        check("getReference", in);
        check("getReferenceVolatile", in);
    }

    private static UnsafeTargets.Holder holder(int seed) {
        UnsafeTargets.Holder h = new UnsafeTargets.Holder();
        h.i = seed;
        h.l = seed * -3L << 33;
        h.b = (byte) (seed * 37);
        h.s = (short) (seed * 4099);
        h.c = (char) (seed * 4099);
        h.f = seed * 1.5f;
        h.d = seed * -2.25;
        h.o = seed % 2 == 0 ? null : "o";
        h.vi = seed + 1;
        h.vl = seed * 5L;
        h.vo = seed % 3 == 0 ? null : h;
        return h;
    }

    private static List<Supplier<Object[]>> holders() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int seed : new int[]{0, 1, -7, 1000, 77777}) {
            for (int v : INTS) {
                in.add(() -> new Object[]{holder(seed), v});
            }
        }
        return in;
    }

    @Test
    void fieldsByTheirOffsets() {
        check("fields", holders());
        check("volatiles", holders());
    }

    /** Mutation: numbering an unsafe read, or not forgetting known memory at an unsafe write, fails these. */
    @Test
    void readsAroundAnUnsafeWriteAreNotTheEarlierOnes() {
        check("fieldAfterUnsafeWrite", holders());
        check("unsafeReadAfterFieldStore", holders());
        List<Supplier<Object[]>> arrays = new ArrayList<>();
        for (int v : INTS) {
            arrays.add(() -> new Object[]{new int[]{9, 8}, v});
        }
        check("elementAfterUnsafeWrite", arrays);
        check("unsafeReadAfterElementStore", arrays);
    }

    @Test
    void staticFieldsThroughTheMirror() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int v : INTS) {
            in.add(() -> {
                UnsafeTargets.Holder.si = v / 3;
                UnsafeTargets.Holder.so = v % 2 == 0 ? null : "x";
                return new Object[]{v};
            });
        }
        check("staticField", in);
    }

    @Test
    void memoryOutsideTheHeap() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (long v : new long[]{0, -1, 0x0123456789abcdefL, Long.MIN_VALUE}) {
            for (int shift : new int[]{0, 8, 32, 63}) {
                in.add(() -> new Object[]{v, shift});
            }
        }
        check("offHeap", in);
        List<Supplier<Object[]>> orders = new ArrayList<>();
        for (int v : INTS) {
            orders.add(() -> new Object[]{v});
        }
        check("byteOrder", orders);
    }

    /** Mutation: a 64-bit swap of an int (or a swap of the wrong width's value) fails these. */
    @Test
    void compareAndSetOfIntsAndLongs() {
        List<Supplier<Object[]>> ints = new ArrayList<>();
        List<Supplier<Object[]>> longs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int k = i;
            for (int expected : new int[]{0, -1, 7, Integer.MIN_VALUE}) {
                for (int v : new int[]{0, 1, -1, Integer.MAX_VALUE}) {
                    ints.add(() -> new Object[]{new int[]{-1, 7, Integer.MIN_VALUE, 0}, k, expected, v});
                    if (k < 3) {
                        longs.add(() -> new Object[]{new long[]{-1, 7L << 40, Long.MIN_VALUE}, k, expected == 7 ? 7L << 40 : (long) expected, (long) v << 20});
                    }
                }
            }
        }
        check("casInt", ints);
        check("casLong", longs);
        List<Supplier<Object[]>> fields = new ArrayList<>();
        for (int seed : new int[]{0, 1, -7}) {
            for (int expected : new int[]{0, 1, -7, 8}) {
                fields.add(() -> new Object[]{holder(seed), expected, 99});
            }
        }
        check("casField", fields);
        check("increment", List.of(() -> new Object[]{new int[]{5, 9}, 1000}, () -> new Object[]{new int[]{0, 0}, 0}));
        check("incrementLong", List.of(() -> new Object[]{new long[]{3, -1, 4}, 1000}));
    }

    /** Two threads increment one counter through the compiled swap loop: no increment is lost. */
    @Test
    void compareAndSetIsAtomicAcrossThreads() throws Exception {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        UnsafeTargets.increment(new int[1], 1);
        UnsafeTargets.incrementLong(new long[2], 1);
        InstalledCode ints = CompiledRunner.install(target("increment"));
        InstalledCode longs = CompiledRunner.install(target("incrementLong"));
        int[] counter = new int[2];
        long[] wide = new long[3];
        int n = 200_000;
        Thread[] threads = new Thread[2];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                try {
                    ints.executeVarargs(counter, n);
                    longs.executeVarargs(wide, n);
                } catch (Throwable e) {
                    failure[0] = e;
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(null, failure[0]);
        assertEquals(2 * n, counter[0]);
        assertEquals(0, counter[1], "the next int untouched");
        assertEquals(2L * n * ((1L << 33) + 1), wide[1]);
        assertEquals(0, wide[0] | wide[2], "the other longs untouched");
        assertTrue(ints.isValid() && longs.isValid());
    }

    @Test
    void referencesStoredAndSwapped() {
        Object x = "x";
        Object y = new int[2];
        List<Supplier<Object[]>> puts = new ArrayList<>();
        for (Object[] pair : new Object[][]{{x, y}, {null, y}, {x, null}, {null, null}}) {
            puts.add(() -> new Object[]{new Object[]{"a", "b", "c"}, holder(3), pair[0], pair[1]});
        }
        check("putReferences", puts);
        List<Supplier<Object[]>> swaps = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int k = i;
            for (Object expected : new Object[]{"b", null, x, "other"}) {
                swaps.add(() -> {
                    Object[] a = {null, x, "b"};
                    return new Object[]{a, k, expected == "b" ? a[2] : expected, y};
                });
            }
        }
        check("casReference", swaps);
    }

    /**
     * Young objects stored through Unsafe into an old array, then young collections: every element is
     * still the object stored (mutation: no card mark after the store fails it, or crashes the VM under
     * heap verification in the GC matrix).
     */
    @Test
    void referencesStoredIntoAnOldArraySurviveYoungCollections() throws Exception {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        UnsafeTargets.storeYoung(new Object[4], 0);
        InstalledCode code = CompiledRunner.install(target("storeYoung"));
        Object[] old = new Object[20_000];
        java.util.Arrays.fill(old, "initial");
        System.gc();
        System.gc(); // the array is old now
        for (int round = 0; round < 5; round++) {
            assertEquals(old.length, code.executeVarargs(old, round * 100_000));
            List<int[]> garbage = new ArrayList<>();
            for (int k = 0; k < 200_000; k++) {
                garbage.add(new int[8]); // young collections
                if (garbage.size() > 1000) {
                    garbage.clear();
                }
            }
            for (int k = 0; k < old.length; k++) {
                int expected = round * 100_000 + k;
                int[] v = (int[]) old[k];
                assertEquals(expected, v[0], "element " + k + " after round " + round);
            }
        }
        assertTrue(code.isValid());
    }
}
