package org.ssajit.interp;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Argument vectors for differential testing: the edge values of each parameter type (0, ±1, the
 * extremes, NaN, ±0.0, ±Infinity, powers of two around shift and conversion limits...) combined
 * exhaustively when that is small, otherwise every edge value of every parameter at least once, then
 * seeded random vectors mixing edge and random values. Deterministic for a given seed.
 */
public final class Inputs {
    private Inputs() {
    }

    private static final int[] INT_EDGES = {0, 1, -1, 2, -2, 3, 7, -7, 31, 32, 33, 63, 64, 100, -100, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535, 65536,
                    0x12345678, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MAX_VALUE - 1};
    private static final long[] LONG_EDGES = {0, 1, -1, 2, -2, 7, 31, 32, 63, 64, 65, 255, -128, Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 31, 1L << 32, 0xFFFFFFFFL,
                    (1L << 32) + 1, 0x123456789ABCDEF0L, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, Long.MAX_VALUE - 1};
    private static final float[] FLOAT_EDGES = {0f, -0f, 1f, -1f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.1f, 3f, 100.75f, 1e10f, -1e10f, 2147483648f, -2147483648f, 9.223372E18f,
                    16777217f, Float.NaN, Float.intBitsToFloat(0x7fc00001), Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE,
                    Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE};
    private static final double[] DOUBLE_EDGES = {0d, -0d, 1d, -1d, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 3d, 100.75, 1e10, -1e10, 2147483647.5, 2147483648d, -2147483649d,
                    9.223372036854776E18, -9.223372036854776E18, 1e300, Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L), Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE};

    /** Edge values of a parameter type; for types it knows nothing about, just null. */
    public static List<Object> edges(Class<?> t) {
        List<Object> l = new ArrayList<>();
        if (t == int.class || t == Integer.class) {
            for (int v : INT_EDGES) {
                l.add(v);
            }
        } else if (t == long.class || t == Long.class) {
            for (long v : LONG_EDGES) {
                l.add(v);
            }
        } else if (t == float.class || t == Float.class) {
            for (float v : FLOAT_EDGES) {
                l.add(v);
            }
        } else if (t == double.class || t == Double.class) {
            for (double v : DOUBLE_EDGES) {
                l.add(v);
            }
        } else if (t == boolean.class || t == Boolean.class) {
            l.add(false);
            l.add(true);
        } else if (t == byte.class || t == Byte.class) {
            for (byte v : new byte[]{0, 1, -1, 2, 7, 31, 32, 64, Byte.MIN_VALUE, Byte.MAX_VALUE}) {
                l.add(v);
            }
        } else if (t == short.class || t == Short.class) {
            for (short v : new short[]{0, 1, -1, 2, 255, 256, -129, Short.MIN_VALUE, Short.MAX_VALUE}) {
                l.add(v);
            }
        } else if (t == char.class || t == Character.class) {
            for (char v : new char[]{0, 1, 'a', 'Z', '0', ' ', 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff}) {
                l.add(v);
            }
        } else if (t == String.class) {
            l.addAll(List.of("", "a", "abc", "Hello, World", "\u0000\uffff\u00e9"));
        } else if (t.isArray() && t.getComponentType().isPrimitive()) {
            l.add(Array.newInstance(t.getComponentType(), 0));
            List<Object> e = edges(t.getComponentType());
            l.add(arrayOf(t.getComponentType(), e.subList(0, Math.min(3, e.size()))));
            l.add(arrayOf(t.getComponentType(), e));
        } else if (t == Object.class) {
            l.addAll(List.of("s", 42, 2.5)); // value-based: identity hashes differ between runs
        } else if (t == String[].class) {
            l.add(new String[0]);
            l.add(new String[]{"a", null, "b"});
        }
        if (!t.isPrimitive()) {
            l.add(0, null);
        }
        return l;
    }

    private static Object arrayOf(Class<?> component, List<Object> values) {
        Object a = Array.newInstance(component, values.size());
        for (int i = 0; i < values.size(); i++) {
            Array.set(a, i, values.get(i));
        }
        return a;
    }

    /** A random value of {@code t}, edge values included about half of the time. */
    public static Object random(Class<?> t, Random r) {
        List<Object> e = edges(t);
        if (r.nextBoolean() && !e.isEmpty()) {
            return e.get(r.nextInt(e.size()));
        }
        if (t == int.class || t == Integer.class) {
            return switch (r.nextInt(3)) {
                case 0 -> r.nextInt();
                case 1 -> r.nextInt(201) - 100;
                default -> r.nextInt(1 << r.nextInt(31));
            };
        }
        if (t == long.class || t == Long.class) {
            return r.nextBoolean() ? r.nextLong() : (long) (r.nextInt(2001) - 1000);
        }
        if (t == float.class || t == Float.class) {
            return switch (r.nextInt(3)) {
                case 0 -> Float.intBitsToFloat(r.nextInt());
                case 1 -> (r.nextFloat() - 0.5f) * 1000f;
                default -> (float) (r.nextInt(41) - 20) / 4f;
            };
        }
        if (t == double.class || t == Double.class) {
            return switch (r.nextInt(3)) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> (r.nextDouble() - 0.5) * 1e6;
                default -> (double) (r.nextInt(41) - 20) / 4d;
            };
        }
        if (t == boolean.class || t == Boolean.class) {
            return r.nextBoolean();
        }
        if (t == byte.class || t == Byte.class) {
            return (byte) r.nextInt();
        }
        if (t == short.class || t == Short.class) {
            return (short) r.nextInt();
        }
        if (t == char.class || t == Character.class) {
            return (char) r.nextInt();
        }
        if (t == String.class) {
            StringBuilder sb = new StringBuilder();
            int n = r.nextInt(8);
            for (int i = 0; i < n; i++) {
                sb.append((char) (' ' + r.nextInt(95)));
            }
            return sb.toString();
        }
        if (t.isArray() && t.getComponentType().isPrimitive()) {
            int n = r.nextInt(9);
            Object a = Array.newInstance(t.getComponentType(), n);
            for (int i = 0; i < n; i++) {
                Array.set(a, i, random(t.getComponentType(), r));
            }
            return a;
        }
        return e.isEmpty() ? null : e.get(r.nextInt(e.size()));
    }

    public static List<Object[]> forMethod(Method m, long seed, int max) {
        return forTypes(m.getParameterTypes(), seed, max);
    }

    /**
     * Up to {@code max} vectors (at least one per edge value of each parameter, so possibly more when
     * {@code max} is smaller than the edge lists).
     */
    public static List<Object[]> forTypes(Class<?>[] types, long seed, int max) {
        List<Object[]> out = new ArrayList<>();
        Random r = new Random(seed);
        if (types.length == 0) {
            out.add(new Object[0]);
            return out;
        }
        List<List<Object>> edges = new ArrayList<>();
        long product = 1;
        for (Class<?> t : types) {
            List<Object> e = edges(t);
            edges.add(e);
            product *= Math.max(1, e.size());
        }
        if (product <= max / 2) {
            int[] idx = new int[types.length];
            for (long n = 0; n < product; n++) {
                Object[] v = new Object[types.length];
                for (int k = 0; k < types.length; k++) {
                    v[k] = edges.get(k).isEmpty() ? null : edges.get(k).get(idx[k]);
                }
                out.add(v);
                for (int k = 0; k < types.length && ++idx[k] == Math.max(1, edges.get(k).size()); k++) {
                    idx[k] = 0;
                }
            }
        } else {
            for (int k = 0; k < types.length; k++) {
                for (Object e : edges.get(k)) {
                    Object[] v = new Object[types.length];
                    for (int j = 0; j < types.length; j++) {
                        v[j] = j == k ? e : random(types[j], r);
                    }
                    out.add(v);
                }
            }
        }
        while (out.size() < max) {
            Object[] v = new Object[types.length];
            for (int j = 0; j < types.length; j++) {
                v[j] = random(types[j], r);
            }
            out.add(v);
        }
        return out;
    }

    /** A copy in which arrays (nested too) are fresh, so that two executions cannot see each other's stores. */
    public static Object[] copy(Object[] args) {
        Object[] c = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            c[i] = copyValue(args[i]);
        }
        return c;
    }

    static Object copyValue(Object v) {
        if (v == null || !v.getClass().isArray()) {
            return v;
        }
        int n = Array.getLength(v);
        Object c = Array.newInstance(v.getClass().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            Array.set(c, i, copyValue(Array.get(v, i)));
        }
        return c;
    }
}
