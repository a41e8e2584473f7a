package org.ssajit.interp;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;

/**
 * Which JDK methods may be run differentially (JVM against the IR interpreter) without side effects
 * and with a deterministic, specified result: public static methods of the boxed-primitive and math
 * classes. Nothing in these classes can exit, sleep or touch raw memory.
 */
public final class JdkSample {
    /** The allow-listed classes. */
    public static final List<Class<?>> CLASSES = List.of(Integer.class, Long.class, Short.class, Byte.class, Character.class, Boolean.class, Float.class,
                    Double.class, Math.class, StrictMath.class);

    /** Math may differ from StrictMath by an ulp (JIT intrinsics versus the Java code), so only the exact ones. */
    private static final Set<String> INEXACT_MATH = Set.of("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "log", "log10", "log1p", "pow",
                    "cbrt", "hypot", "sinh", "cosh", "tanh");

    /**
     * Intrinsics whose specification leaves NaN payloads to the implementation: HotSpot's instruction
     * (vcvtps2ph) and the Java fallback legitimately differ.
     */
    private static final Set<String> UNSPECIFIED_NAN = Set.of("floatToFloat16", "float16ToFloat");

    /** Different on every call. */
    private static final Set<String> NONDETERMINISTIC = Set.of("random");

    private JdkSample() {
    }

    /**
     * Whether {@code m} is in the sample: a public static non-native method of an allow-listed class,
     * not excluded above, whose parameters are all primitives (or, if {@code stringsAndArrays}, also
     * strings and primitive arrays).
     */
    public static boolean includes(Method m, boolean stringsAndArrays) {
        Class<?> c = m.getDeclaringClass();
        int mod = m.getModifiers();
        if (!CLASSES.contains(c) || !Modifier.isStatic(mod) || !Modifier.isPublic(mod) || Modifier.isNative(mod) || m.isSynthetic()) {
            return false;
        }
        String n = m.getName();
        if ((c == Math.class && INEXACT_MATH.contains(n)) || UNSPECIFIED_NAN.contains(n) || NONDETERMINISTIC.contains(n)) {
            return false;
        }
        for (Class<?> t : m.getParameterTypes()) {
            boolean ok = t.isPrimitive() || (stringsAndArrays && (t == String.class || (t.isArray() && t.getComponentType().isPrimitive())));
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
