package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.config;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.interp.Inputs;
import org.ssajit.interp.JdkSample;
import org.ssajit.ir.Graph;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Real methods: the JDK's boxed-primitive and math classes differentially (where the LIR interpreter
 * can run them), and every method of some large JDK classes allocated and verified.
 */
class JdkCorpusAllocationTest {
    private static Graph graph(ResolvedJavaMethod m) {
        return Jvmci.build(m, BuildOptions.DEFAULT).graph();
    }

    @Test
    void jdkSampleDifferentially() {
        int compared = 0;
        int verifiedOnly = 0;
        int refused = 0;
        for (Class<?> c : JdkSample.CLASSES) {
            for (Method m : c.getDeclaredMethods()) {
                if (!JdkSample.includes(m, false)) {
                    continue;
                }
                Graph g;
                try {
                    g = graph(Jvmci.method(m));
                } catch (BailoutException e) {
                    refused++;
                    continue;
                }
                List<Object[]> in = Inputs.forMethod(m, 17, 12);
                try {
                    Harness.Checked small = Harness.check(g, config(3, 3), m, in, true);
                    Harness.check(g, config(6, 4), m, in, true);
                    if (small.runs() == null) {
                        verifiedOnly++;
                    } else {
                        compared++;
                    }
                } catch (RuntimeException | AssertionError e) {
                    throw new AssertionError(m.toString(), e);
                }
            }
        }
        System.out.printf("JDK sample: %d compared before/after allocation, %d allocated and verified only, %d refused by the front end%n", compared,
                        verifiedOnly, refused);
        assertTrue(compared > 100, "compared " + compared);
    }

    @Test
    void largeJdkClassesAllocateAndVerify() {
        List<Class<?>> classes = List.of(String.class, java.util.HashMap.class, java.util.ArrayList.class, java.math.BigInteger.class,
                        java.math.BigDecimal.class, java.util.regex.Pattern.class, java.util.concurrent.ConcurrentHashMap.class, java.util.TreeMap.class,
                        java.util.Arrays.class, java.util.Formatter.class, Character.class, Double.class);
        int methods = 0;
        long ops = 0;
        long spills = 0;
        List<String> refused = new ArrayList<>();
        for (Class<?> c : classes) {
            ResolvedJavaType t = Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
            t.link();
            for (ResolvedJavaMethod m : t.getDeclaredMethods()) {
                if (!m.hasBytecodes()) {
                    continue;
                }
                Graph g;
                try {
                    g = graph(m);
                } catch (BailoutException e) {
                    refused.add(m.format("%H.%n: ") + e.getMessage());
                    continue;
                }
                for (RegisterAllocationConfig cfg : List.of(config(3, 3), config(6, 4))) {
                    Harness.Checked r;
                    try {
                        r = Harness.check(g, cfg, null, List.of(), true);
                    } catch (RuntimeException | AssertionError e) {
                        throw new AssertionError(m.format("%H.%n(%p)"), e);
                    }
                    ops += r.lir().blocks().stream().mapToInt(b -> b.ops().size()).sum();
                    spills += r.result().stats().spillSlots();
                }
                methods++;
            }
        }
        System.out.printf("JDK classes: %d methods allocated twice and verified (%d ops after allocation, %d spill slots), %d refused by the front end%n",
                        methods, ops, spills, refused.size());
        assertTrue(methods > 1000, "methods " + methods);
    }
}
