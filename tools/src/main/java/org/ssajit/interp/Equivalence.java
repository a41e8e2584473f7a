package org.ssajit.interp;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * When two executions computed "the same": primitives bit for bit, except that every NaN equals every
 * NaN (the JVM may canonicalize NaN payloads, e.g. in {@code Float.floatToIntBits}), while -0.0 and 0.0
 * differ; exceptions by class (messages of NullPointerException depend on how the access was
 * compiled); objects structurally: arrays element by element, classes with their own {@code equals}
 * by it, others field by field.
 */
public final class Equivalence {
    private static final int MAX_DEPTH = 8;

    private Equivalence() {
    }

    public static boolean sameOutcome(Outcome a, Outcome b) {
        return switch (a) {
            case Outcome.Returned r -> b instanceof Outcome.Returned s && sameValue(r.value(), s.value());
            case Outcome.Threw t -> b instanceof Outcome.Threw u && t.exception().getClass() == u.exception().getClass();
            default -> false;
        };
    }

    public static boolean sameValue(Object a, Object b) {
        return same(a, b, 0, new IdentityHashMap<>());
    }

    private static boolean same(Object a, Object b, int depth, Map<Object, Object> assumed) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof Float f) {
            return Float.floatToIntBits(f) == Float.floatToIntBits((Float) b);
        }
        if (a instanceof Double d) {
            return Double.doubleToLongBits(d) == Double.doubleToLongBits((Double) b);
        }
        if (a instanceof Throwable) {
            return true; // same class
        }
        if (depth > MAX_DEPTH || assumed.get(a) == b) {
            return true; // assume equal at a cycle or beyond the horizon
        }
        assumed.put(a, b);
        if (a.getClass().isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!same(Array.get(a, i), Array.get(b, i), depth + 1, assumed)) {
                    return false;
                }
            }
            return true;
        }
        if (overridesEquals(a.getClass())) {
            try {
                return a.equals(b);
            } catch (RuntimeException e) {
                return false;
            }
        }
        for (Class<?> c = a.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !f.trySetAccessible()) {
                    continue; // what reflection may not see is not compared
                }
                try {
                    if (!same(f.get(a), f.get(b), depth + 1, assumed)) {
                        return false;
                    }
                } catch (IllegalAccessException e) {
                    // not comparable
                }
            }
        }
        return true;
    }

    private static boolean overridesEquals(Class<?> c) {
        try {
            return c.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
