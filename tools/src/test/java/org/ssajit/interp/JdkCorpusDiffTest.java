package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Real-world bytecode: every method of {@link JdkSample} whose parameters {@link Inputs} can generate
 * (primitives, strings, primitive arrays), run differentially. These are shapes nobody wrote for the
 * test. Methods the interpreter refuses (natives, JDK internals it may not call) are counted, not
 * failed; a mismatch always fails.
 */
class JdkCorpusDiffTest {
    @Test
    void boxesAndMath() {

        int methods = 0;
        int agreed = 0;
        int refused = 0;
        List<String> incomplete = new ArrayList<>();
        for (Class<?> c : JdkSample.CLASSES) {
            List<Method> ms = new ArrayList<>(List.of(c.getDeclaredMethods()));
            ms.sort(Comparator.comparing(Method::toString));
            for (Method m : ms) {
                if (!JdkSample.includes(m, true)) {
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
