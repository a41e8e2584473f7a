package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.config;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
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

    /**
     * Every method of a module's classes, allocated with three registers per category and verified: a
     * slow, thorough run, e.g. {@code -Dssajit.regalloc.sweep=java.base -Dssajit.regalloc.sweepPrefix=java/util/}.
     */
    @Test
    @EnabledIfSystemProperty(named = "ssajit.regalloc.sweep", matches = ".+")
    void moduleSweep() throws IOException {
        String module = System.getProperty("ssajit.regalloc.sweep");
        String prefix = System.getProperty("ssajit.regalloc.sweepPrefix", "");
        Path root = FileSystems.getFileSystem(URI.create("jrt:/")).getPath("/modules", module);
        List<String> names;
        try (Stream<Path> files = Files.walk(root)) {
            names = files.map(p -> root.relativize(p).toString()).filter(n -> n.endsWith(".class") && !n.equals("module-info.class") && n.startsWith(prefix))
                            .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.')).sorted().toList();
        }
        int methods = 0;
        int refused = 0;
        int bailouts = 0;
        for (String name : names) {
            Class<?> c;
            try {
                c = Class.forName(name, false, ClassLoader.getPlatformClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                continue;
            }
            ResolvedJavaType t = Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
            try {
                t.link();
            } catch (LinkageError e) {
                continue;
            }
            for (ResolvedJavaMethod m : t.getDeclaredMethods()) {
                if (!m.hasBytecodes()) {
                    continue;
                }
                Graph g;
                try {
                    g = graph(m);
                } catch (BailoutException e) {
                    refused++;
                    continue;
                }
                try {
                    Harness.check(g, config(3, 3), null, List.of(), true);
                } catch (RegisterAllocationException e) {
                    bailouts++;
                    System.out.println("bailout " + m.format("%H.%n(%p)") + ": " + e.getMessage());
                } catch (RuntimeException | AssertionError e) {
                    throw new AssertionError(m.format("%H.%n(%p)"), e);
                }
                methods++;
            }
        }
        System.out.printf("%s %s: %d classes, %d methods allocated and verified, %d allocation bailouts, %d refused by the front end%n", module, prefix,
                        names.size(), methods, bailouts, refused);
        assertTrue(methods > 0);
    }
}
