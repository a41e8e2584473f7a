package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Real-world bytecode: every public static method of the boxed-primitive and math classes whose
 * parameters {@link Inputs} can generate, run differentially. These are shapes nobody wrote for the
 * test. Methods the interpreter refuses (natives, JDK internals it may not call) are counted, not
 * failed; a mismatch always fails.
 */
class JdkCorpusDiffTest {
    /** Math may differ from StrictMath by an ulp (JIT intrinsics versus the Java code), so only exact ones. */
    private static final Set<String> INEXACT_MATH = Set.of("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "log", "log10", "log1p", "pow", "cbrt",
                    "hypot", "sinh", "cosh", "tanh");

    /**
     * Intrinsics whose specification leaves NaN payloads to the implementation: HotSpot's instruction
     * (vcvtps2ph) and the Java fallback legitimately differ.
     */
    private static final Set<String> UNSPECIFIED_NAN = Set.of("floatToFloat16", "float16ToFloat");
    /** Different on every call. */
    private static final Set<String> NONDETERMINISTIC = Set.of("random");

    private static boolean generatable(Class<?> t) {
        return t.isPrimitive() || t == String.class || (t.isArray() && t.getComponentType().isPrimitive());
    }

    @Test
    void boxesAndMath() {
        Class<?>[] classes = {Integer.class, Long.class, Short.class, Byte.class, Character.class, Boolean.class, Float.class, Double.class, Math.class, StrictMath.class};
        int methods = 0;
        int agreed = 0;
        int refused = 0;
        List<String> incomplete = new ArrayList<>();
        for (Class<?> c : classes) {
            List<Method> ms = new ArrayList<>(List.of(c.getDeclaredMethods()));
            ms.sort(Comparator.comparing(Method::toString));
            for (Method m : ms) {
                int mod = m.getModifiers();
                if (!Modifier.isStatic(mod) || !Modifier.isPublic(mod) || Modifier.isNative(mod) || m.isSynthetic()) {
                    continue;
                }
                if ((c == Math.class && INEXACT_MATH.contains(m.getName())) || UNSPECIFIED_NAN.contains(m.getName()) || NONDETERMINISTIC.contains(m.getName())) {
                    continue;
                }
                if (!List.of(m.getParameterTypes()).stream().allMatch(JdkCorpusDiffTest::generatable)) {
                    continue;
                }
                DifferentialRunner.Report r = DifferentialRunner.of(m).stepLimit(2_000_000).run(Inputs.forMethod(m, m.toString().hashCode(), 40));
                r.assertNoMismatches();
                methods++;
                agreed += r.agreed();
                refused += r.notInterpretableCount();
                if (r.notInterpretableCount() > 0 || !r.bailouts().isEmpty()) {
                    incomplete.add(r.summary());
                }
            }
        }
        System.out.println("JDK corpus: " + methods + " methods, " + agreed + " executions agreed, " + refused + " not interpretable");
        incomplete.forEach(System.out::println);
        assertTrue(methods > 200 && agreed > 50_000, "corpus too small: " + methods + " methods, " + agreed + " agreed");
    }
}
