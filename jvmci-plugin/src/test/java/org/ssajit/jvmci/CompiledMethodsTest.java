package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * ssajit end to end: each {@link CompiledTargets} method is compiled by the compiler's own pipeline
 * (linear scan), installed, and called on edge-case inputs; every result, exception and side effect must
 * equal what HotSpot's own execution of the method gave before the installation. Exceptional cases
 * deoptimize (the interpreter throws) and must leave the code installed.
 */
class CompiledMethodsTest {
    static final int[] INTS = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -65536, -1000, -129, -128, -33, -32, -31, -7, -2, -1, 0, 1, 2, 3, 7, 31, 32,
        33, 63, 64, 65, 127, 128, 255, 1000, 65535, 1 << 20, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    static final long[] LONGS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE - 1L, Integer.MIN_VALUE, -1L << 32, -1000, -2, -1, 0, 1, 2, 7, 63,
        64, 65, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 1L << 32, 0x1_2345_6789L, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    static final float[] FLOATS = {Float.NaN, Float.intBitsToFloat(0xFFC0_0000), Float.intBitsToFloat(0x7F80_0001), Float.intBitsToFloat(0xFFC1_2345), Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -0.0f, 0.0f, 1f, -1f,
        0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, 0x1p31f, -0x1p31f, 0x1.fffffep30f,
        -0x1.fffffep30f, 0x1p63f, -0x1p63f, 0x1.fffffep62f, 3e9f, -3e9f, 1e20f, -1e20f, 123456.79f};
    static final double[] DOUBLES = {Double.NaN, Double.longBitsToDouble(0xFFF8_0000_0000_0001L), Double.longBitsToDouble(0x7FF0_0000_0000_0001L),
        Double.longBitsToDouble(0x7FF8_1234_5678_9ABCL), Double.longBitsToDouble(0x0000_0000_0000_0001L), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
        -0.0, 0.0, 1, -1, 0.5, -0.5, 1.5, -2.5, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0x1p31, -0x1p31,
        2147483647.5, -2147483648.5, -2147483649.0, 2147483648.0, 0x1p63, -0x1p63, 0x1.fffffffffffffp62, -0x1.0000000000001p63, 1e300, -1e-300,
        123456.789, (double) Float.MAX_VALUE * 2, 2.5, -0.25, 0x1.0000000000001p52};
    static final int[] INDEXES = {Integer.MIN_VALUE, -1, 0, 1, 3, 4, 5, Integer.MAX_VALUE};
    static final int[] VALUES = {Integer.MIN_VALUE, -129, -1, 0, 1, 2, 3, 127, 128, 255, 256, 65535, 65536, 0x1234_5678, Integer.MAX_VALUE};

    /** A static method of {@link CompiledTargets}, or with a {@code Holder.} prefix an instance method of {@link CompiledTargets.Holder}. */
    private static Method target(String name) {
        if (name.startsWith("Holder.")) {
            return Jvmci.declared(CompiledTargets.Holder.class, name.substring("Holder.".length()));
        }
        return Jvmci.declared(CompiledTargets.class, name);
    }

    /** Every combination of edge values for the parameter types (arrays: null, empty, four elements). */
    static List<Supplier<Object[]>> inputs(Method m) {
        Class<?>[] types = m.getParameterTypes();
        boolean hasArray = Arrays.stream(types).anyMatch(Class::isArray);
        List<List<Supplier<Object>>> choices = new ArrayList<>();
        if (!java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
            // The receiver: never null (a call on null throws before it reaches the method's code).
            List<Supplier<Object>> receivers = new ArrayList<>();
            for (int x : new int[]{-3, 0, 7, 1000}) {
                receivers.add(() -> {
                    CompiledTargets.Holder h = new CompiledTargets.Holder(x);
                    h.next = x == 7 ? new CompiledTargets.Holder(x * 2) : null;
                    return h;
                });
            }
            choices.add(receivers);
        }
        int ints = 0;
        for (Class<?> t : types) {
            List<Supplier<Object>> c = new ArrayList<>();
            if (t == int.class) {
                int[] src = !hasArray ? INTS : ints++ == 0 ? INDEXES : VALUES;
                for (int v : src) {
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
                Object shared = "shared";
                c.add(() -> null);
                c.add(() -> shared);
                c.add(() -> "other");
            } else if (t == GeneratedFields.class) {
                c.add(() -> null);
                c.add(GeneratedFields::new);
            } else if (t == CompiledTargets.Holder.class) {
                c.add(() -> null);
                for (int x : new int[]{-3, 0, 7, 1000}) {
                    c.add(() -> new CompiledTargets.Holder(x));
                }
            } else if (t.isArray()) {
                c.add(() -> null);
                c.add(() -> java.lang.reflect.Array.newInstance(t.getComponentType(), 0));
                c.add(() -> array(t.getComponentType()));
                c.add(() -> longArray(t.getComponentType()));
            } else {
                throw new IllegalArgumentException("no inputs for " + t);
            }
            choices.add(c);
        }
        if (choices.size() > 3) {
            // Many parameters: walk the value lists in step (value k of every list), not their product.
            List<Supplier<Object[]>> out = new ArrayList<>();
            int n = choices.stream().mapToInt(List::size).max().orElse(0);
            for (int k = 0; k < n; k++) {
                List<Supplier<Object>> row = new ArrayList<>();
                for (int p = 0; p < choices.size(); p++) {
                    List<Supplier<Object>> c = choices.get(p);
                    row.add(c.get((k + p) % c.size())); // shifted per parameter, so equal lists do not move together
                }
                out.add(() -> row.stream().map(Supplier::get).toArray());
            }
            return out;
        }
        List<Supplier<Object[]>> out = new ArrayList<>();
        product(choices, 0, new ArrayList<>(), out);
        return out;
    }

    /** Every combination of one value per parameter, appended to {@code out}. */
    static void product(List<List<Supplier<Object>>> choices, int k, List<Supplier<Object>> prefix, List<Supplier<Object[]>> out) {
        if (k == choices.size()) {
            List<Supplier<Object>> args = List.copyOf(prefix);
            out.add(() -> args.stream().map(Supplier::get).toArray());
            return;
        }
        for (Supplier<Object> s : choices.get(k)) {
            prefix.add(s);
            product(choices, k + 1, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }

    /** Four elements of every kind, with values that show sign and zero extension. */
    /** 40 elements: long enough for the fill loops' {@code rep stos} (primitive element types; else the short array). */
    private static Object longArray(Class<?> elem) {
        if (!elem.isPrimitive()) {
            return array(elem);
        }
        Object a = java.lang.reflect.Array.newInstance(elem, 40);
        Object pattern = array(elem);
        for (int i = 0; i < 40; i++) {
            java.lang.reflect.Array.set(a, i, java.lang.reflect.Array.get(pattern, (i * 7) % 4));
        }
        return a;
    }

    private static Object array(Class<?> elem) {
        if (elem == int.class) {
            return new int[]{5, -3, Integer.MIN_VALUE, 100};
        } else if (elem == long.class) {
            return new long[]{5, -3, Long.MIN_VALUE, 1L << 40};
        } else if (elem == float.class) {
            return new float[]{1.5f, -0.0f, Float.NaN, 3e9f};
        } else if (elem == double.class) {
            return new double[]{1.5, -0.0, Double.NaN, -3e19};
        } else if (elem == byte.class) {
            return new byte[]{1, -1, (byte) 0x80, 0x7F};
        } else if (elem == boolean.class) {
            return new boolean[]{true, false, true, false};
        } else if (elem == char.class) {
            return new char[]{'a', '\uffff', '\u8000', 0};
        } else if (elem == short.class) {
            return new short[]{1, -1, Short.MIN_VALUE, Short.MAX_VALUE};
        } else if (elem == Object.class) {
            return new Object[]{"a", null, "c", "d"};
        } else if (elem == CompiledTargets.Holder.class) {
            return new CompiledTargets.Holder[]{new CompiledTargets.Holder(1), new CompiledTargets.Holder(2), null, new CompiledTargets.Holder(4)};
        }
        throw new IllegalArgumentException(elem.toString());
    }

    /** Compares every outcome before and after installing ssajit's code for {@code name}. */
    /** How each test runs its method; {@link CompiledMethodsRegistersTest} overrides it. */
    void run(String name) {
        check(name);
    }

    static void check(String name) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        checkCompiled(name);
    }

    static void checkCompiled(String name) {
        Method m = target(name);
        List<Supplier<Object[]>> in = inputs(m);
        CompiledTargets.Holder.reset();
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledTargets.Holder.reset();
        compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        // The ordinary way in: HotSpot never compiles CompiledTargets itself (see the pom), so a call enters ssajit's code.
        CompiledTargets.Holder.reset();
        compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated (exception checks must not invalidate it)");
    }

    static void compare(String what, List<Supplier<Object[]>> in, List<Outcome> expected, List<Outcome> actual) {
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                wrong.add("  " + Arrays.toString(in.get(i).get()) + ": expected " + expected.get(i) + ", got " + actual.get(i));
            }
        }
        if (!wrong.isEmpty()) {
            fail(what + ": " + wrong.size() + " of " + in.size() + " calls differ\n" + String.join("\n", wrong.subList(0, Math.min(40, wrong.size()))));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"iadd", "isub", "imul", "idiv", "irem", "ineg", "iand", "ior", "ixor", "ishl", "ishr", "iushr", "iconsts", "idivConsts",
        "idivByZero", "ishiftConsts"})
    void intArithmetic(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ladd", "lsub", "lmul", "ldiv", "lrem", "lneg", "land", "lor", "lxor", "lshl", "lshr", "lushr", "lconsts", "ldivConsts"})
    void longArithmetic(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fadd", "fsub", "fmul", "fdiv", "fneg", "dadd", "dsub", "dmul", "ddiv", "dneg", "fpConsts"})
    void floatArithmetic(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"i2l", "i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i", "d2l", "d2f", "i2b", "i2c", "i2s"})
    void conversions(String name) {
        run(name);
    }

    /** The intrinsics (bit conversions, square roots, Math.abs of float and double, floor, ceil, rint, bit counts): no call left, every bit as HotSpot's. */
    @ParameterizedTest
    @ValueSource(strings = {"floatToRawIntBits", "doubleToRawLongBits", "intBitsToFloat", "longBitsToDouble", "floatBitsTimesOne", "doubleBitsTimesOne",
        "bitsCompared", "sqrtBits", "strictSqrtBits", "sqrtConsts", "sqrtNegativeConstBits", "absFloatBits", "absDoubleBits", "absSum", "sqrtMix",
        "floorBits", "ceilBits", "rintBits", "strictRoundingBits", "roundingConsts", "floorToInt", "leadingZeros", "trailingZeros", "bitCount",
        "leadingZerosLong", "trailingZerosLong", "bitCountLong", "bitCountsMixed", "bitCountConsts"})
    void intrinsics(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"icmp", "icmpConsts", "lcmp", "fcmp", "dcmp", "acmp", "fless"})
    void comparisons(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"isHello", "hello", "manyInts", "manyDoubles", "trapsKeepValues"})
    void constantsAndArguments(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tableSwitch", "lookupSwitch", "smallSwitch"})
    void switches(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sum", "dot", "collatz", "strided", "copyThenRead", "fillTo", "constantIndexInLoop", "narrowedIndex", "narrowedInLoop", "longSum",
        "computedIndexes", "constantsInLoop", "fillInts", "fillLongsTo", "fillDoubles", "fillFloats", "fillBooleansTo", "fillChars", "fillShorts",
        "fillBytesMirrored", "ringSum", "storeThree"})
    void loops(String name) {
        run(name);
    }

    /** Instance methods, entered at the verified entry (the inline-cache check is InlineCacheCheckTest's). */
    @ParameterizedTest
    @ValueSource(strings = {"Holder.mix", "Holder.bump", "Holder.divideBy", "Holder.scaled", "Holder.chain"})
    void instanceMethods(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"readAll", "writeAll", "writeConsts", "readRef", "readString", "readBoolean", "statics", "staticRef"})
    void fields(String name) {
        run(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"iaload", "laload", "faload", "daload", "baload", "zaload", "caload", "saload", "aaload", "arraylength", "iastore", "lastore",
        "fastore", "dastore", "bastore", "zastore", "castore", "sastore", "constIndexes", "storeConsts"})
    void arrays(String name) {
        run(name);
    }
}
