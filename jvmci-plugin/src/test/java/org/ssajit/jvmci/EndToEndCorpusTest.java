package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.interp.Inputs;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Every method of {@link EndToEndCorpus} (hundreds of small methods covering every bytecode of this
 * milestone and the exceptional cases that must deoptimize), compiled by ssajit's pipeline, installed
 * and run on 160 seeded inputs each - edge values of every parameter type first - then compared
 * call by call with HotSpot's interpreter (surefire excludes the corpus from HotSpot's JITs): return
 * value or exception class, the arrays and objects passed in, and the corpus's static fields.
 */
class EndToEndCorpusTest {
    static Stream<String> methods() {
        return methods(EndToEndCorpus.class);
    }

    /** The names of the static methods of a corpus class (every one is a target), this run's {@link Shard} of them. */
    static Stream<String> methods(Class<?> corpus) {
        return Shard.of(Arrays.stream(corpus.getDeclaredMethods()).filter(m -> Modifier.isStatic(m.getModifiers()) && !m.isSynthetic())
                        .map(Method::getName).distinct());
    }

    @ParameterizedTest
    @MethodSource("methods")
    void matchesTheInterpreter(String name) {
        List<String> wrong = differences(name, INPUTS);
        assertTrue(wrong.isEmpty(), () -> name + ": " + String.join("\n", wrong));
    }

    /** The same, compiled as a JIT compile is, with the corpus's callees inlined (and escape analysis after). */
    @ParameterizedTest
    @MethodSource("methods")
    void matchesTheInterpreterWithCalleesInlined(String name) {
        List<String> wrong = differences(EndToEndCorpus.class, name, INPUTS, 0, INLINING);
        assertTrue(wrong.isEmpty(), () -> name + ": " + String.join("\n", wrong));
    }

    /** The test options with inlining on: the build of a JIT compile. */
    static final Pipeline INLINING = Pipeline.host(Pipeline.TEST_OPTIONS.with(org.ssajit.parse.Inlining.INLINE, true));

    static final int INPUTS = 160;

    /**
     * Runs {@code name} on {@code count} inputs in the interpreter, compiles and installs it, runs the
     * installed code on the same inputs; returns what differed (at most ten calls, with the count).
     */
    static List<String> differences(String name, int count) {
        return differences(EndToEndCorpus.class, name, count);
    }

    /** As {@link #differences(String, int)}, for a method of another corpus class (its own statics reset and compared). */
    static List<String> differences(Class<?> corpus, String name, int count) {
        return differences(corpus, name, count, 0);
    }

    /**
     * As {@link #differences(Class, String, int)}, with at most {@code max} inputs (none left out when
     * {@code max <= 0}): {@link Inputs} gives every edge value of every parameter, so often more than
     * {@code count}; a cap keeps an evenly spread sample of them.
     */
    static List<String> differences(Class<?> corpus, String name, int count, int max) {
        return differences(corpus, name, count, max, null);
    }

    /** As {@link #differences(Class, String, int, int)}, compiled by {@code pipeline} (its own options) if not null. */
    static List<String> differences(Class<?> corpus, String name, int count, int max, Pipeline pipeline) {
        Method m = Jvmci.declared(corpus, name);
        List<Supplier<Object[]>> inputs = spread(inputs(m, count, name.hashCode()), max);
        List<Field> statics = STATICS.get(corpus);
        List<String> expected = runAll(m, inputs, null, statics);
        InstalledCode code = pipeline == null ? install(m) : CompiledRunner.install(m, pipeline);
        List<String> actual = runAll(m, inputs, code, statics);
        List<String> wrong = new ArrayList<>();
        for (int k = 0; k < inputs.size(); k++) {
            if (!expected.get(k).equals(actual.get(k))) {
                wrong.add("input " + k + ": interpreter " + expected.get(k) + "\n          ssajit      " + actual.get(k));
            }
        }
        if (!code.isValid()) {
            wrong.add("the exception checks invalidated the installed code");
        }
        if (wrong.size() > 10) {
            int n = wrong.size();
            wrong = new ArrayList<>(wrong.subList(0, 10));
            wrong.add("... " + n + " of " + inputs.size() + " calls differ");
        }
        return wrong;
    }

    /**
     * A child JVM's run of {@link #main} over both corpora ({@link EndToEndCorpus}, then
     * {@link LanguageCorpus}): no crash, exit 0, every method of each a PASS line (at least 200 of the
     * first). Returns the methods that passed.
     */
    static long assertBothCorporaPassed(ChildJvm.Result r) {
        assertFalse(r.crashed(), r::describe);
        assertTrue(r.stdout().contains("ALL PASSED"), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        long language = r.stdout().lines().filter(l -> l.startsWith("PASS LanguageCorpus.")).count();
        long passed = r.stdout().lines().filter(l -> l.startsWith("PASS ")).count() - language;
        assertEquals(methods().count(), passed, r::describe);
        assertTrue(passed >= 200, "the corpus must keep at least 200 methods: " + passed);
        assertEquals(LanguageCorpusTest.methods().count(), language, r::describe);
        return passed + language;
    }

    /**
     * {@code --faults=RATE}: the corpus's own compiles inject faults at RATE (the JIT of the child JVM
     * has its own injector, from {@code -Dssajit.InjectFaults}); a compile that meets a fault is
     * retried. Null without the argument.
     */
    private static Pipeline faultPipeline;
    /** Compiles of the corpus's own that ended in an injected fault (and were retried). */
    private static long faultedCompiles;
    /** Corpus methods compiled without faults after {@link #FAULTED_ATTEMPTS} faulted attempts. */
    private static long compiledWithoutFaults;
    /**
     * Attempts with faults per corpus method: at 0.05 per injection point a method with a few hundred
     * points (one per bytecode block, per lowered instruction, per LIR block...) almost never compiles.
     */
    private static final int FAULTED_ATTEMPTS = 50;

    /**
     * Compiles and installs {@code m}. Under {@code --faults} a compile that fails with an injected
     * fault (found among the causes: any other failure is not retried) is counted and started again,
     * the last time without faults in this thread, so that the corpus runs compiled code; the faults
     * met here are compiles refused outside HotSpot's compile queue, which the child reports for the
     * test to add to the stats' refusals.
     */
    private static InstalledCode install(Method m) {
        for (int attempt = 1;; attempt++) {
            if (faultPipeline != null && attempt > FAULTED_ATTEMPTS) {
                compiledWithoutFaults++;
                return CompiledRunner.install(m, faultPipeline.withFaults(org.ssajit.debug.FaultInjection.NONE));
            }
            try {
                return CompiledRunner.install(m, faultPipeline);
            } catch (RuntimeException | Error e) {
                if (faultPipeline == null || org.ssajit.debug.FaultInjection.find(e) == null) {
                    throw e;
                }
                faultedCompiles++;
            }
        }
    }

    /**
     * For child JVMs ({@link EndToEndGcMatrixTest}, {@link FaultInjectionTest}): every corpus method, a line {@code PASS name} or
     * {@code FAIL name} with the differences; exit status 1 if any failed. Arguments: inputs per
     * method; {@code --churn} starts a thread that allocates all the time, so that collections happen
     * while ssajit's code is stopped at its polls and the collector walks its frames;
     * {@code --corpus=CLASS[:INPUTS[:MAX]]} (repeatable) runs these corpus classes instead of
     * {@link EndToEndCorpus}, with at most MAX inputs per method if given (methods of other classes
     * than EndToEndCorpus print as {@code SimpleName.method}), each corpus followed by a line
     * {@code TIME SimpleName seconds}; {@code --faults=RATE} injects faults into this class's own compiles
     * at RATE, retries those that meet one and prints {@code FAULTED COMPILES n, m compiled without
     * faults after 50, k faults injected} at the end.
     */
    public static void main(String[] args) throws ClassNotFoundException {
        int count = args.length > 0 && !args[0].startsWith("--") ? Integer.parseInt(args[0]) : INPUTS;
        if (List.of(args).contains("--churn")) {
            Churn.start();
        }
        for (String a : args) {
            if (a.startsWith("--faults=")) {
                double rate = Double.parseDouble(a.substring("--faults=".length()));
                faultPipeline = Pipeline.host(Pipeline.TEST_OPTIONS.with(org.ssajit.debug.FaultInjection.INJECT_FAULTS, rate));
            }
        }
        List<Class<?>> corpora = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        List<Integer> caps = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--corpus=")) {
                String[] spec = a.substring("--corpus=".length()).split(":");
                corpora.add(Class.forName(spec[0]));
                counts.add(spec.length > 1 ? Integer.parseInt(spec[1]) : count);
                caps.add(spec.length > 2 ? Integer.parseInt(spec[2]) : 0);
            }
        }
        if (corpora.isEmpty()) {
            corpora.add(EndToEndCorpus.class);
            counts.add(count);
            caps.add(0);
        }
        int failed = 0;
        for (int c = 0; c < corpora.size(); c++) {
            Class<?> corpus = corpora.get(c);
            String prefix = corpus == EndToEndCorpus.class ? "" : corpus.getSimpleName() + ".";
            long start = System.nanoTime();
            for (String name : (Iterable<String>) methods(corpus)::iterator) {
                List<String> wrong;
                try {
                    wrong = differences(corpus, name, counts.get(c), caps.get(c));
                } catch (Throwable t) {
                    wrong = List.of(t.toString());
                }
                if (wrong.isEmpty()) {
                    System.out.println("PASS " + prefix + name);
                } else {
                    failed++;
                    System.out.println("FAIL " + prefix + name + "\n" + String.join("\n", wrong));
                }
            }
            System.out.printf("TIME %s %.1f%n", corpus.getSimpleName(), (System.nanoTime() - start) / 1e9);
        }
        if (faultPipeline != null) {
            System.out.println("FAULTED COMPILES " + faultedCompiles + ", " + compiledWithoutFaults + " compiled without faults after " + FAULTED_ATTEMPTS + ", "
                            + faultPipeline.faults().injected() + " faults injected");
        }
        System.out.println(failed == 0 ? "ALL PASSED" : failed + " FAILED");
        System.exit(failed == 0 ? 0 : 1);
    }

    /** Each call in turn: statics reset, call (the installed code directly, or the method), outcome with the statics after. */
    private static List<String> runAll(Method m, List<Supplier<Object[]>> inputs, InstalledCode code, List<Field> statics) {
        List<String> out = new ArrayList<>();
        for (Supplier<Object[]> in : inputs) {
            resetStatics(statics);
            List<CompiledRunner.Outcome> o = code == null ? CompiledRunner.callAll(m, List.of(in)) : CompiledRunner.executeAll(code, List.of(in));
            out.add(o.get(0) + " | statics " + statics(statics));
        }
        return out;
    }

    // Inputs ---------------------------------------------------------------------------------------

    private static <T> List<T> spread(List<T> all, int max) {
        if (max <= 0 || all.size() <= max) {
            return all;
        }
        List<T> out = new ArrayList<>(max);
        for (int k = 0; k < max; k++) {
            out.add(all.get((int) ((long) k * all.size() / max)));
        }
        return out;
    }

    private static List<Supplier<Object[]>> inputs(Method m, int count, long seed) {
        Class<?>[] types = m.getParameterTypes();
        List<Supplier<Object[]>> out = new ArrayList<>();
        boolean boxes = Arrays.asList(types).contains(EndToEndCorpus.Box.class);
        if (!boxes) {
            for (Object[] v : Inputs.forMethod(m, seed, count)) {
                out.add(() -> Inputs.copy(v)); // fresh arrays for every call
            }
            return out;
        }
        for (int k = 0; k < count; k++) {
            long s = seed * 31 + k;
            out.add(() -> {
                Random r = new Random(s);
                Object[] v = new Object[types.length];
                for (int i = 0; i < types.length; i++) {
                    v[i] = types[i] == EndToEndCorpus.Box.class ? box(r, 3) : Inputs.random(types[i], r);
                }
                return v;
            });
        }
        return out;
    }

    /** A chain of up to {@code depth} boxes (sometimes none), with random fields and arrays. */
    private static EndToEndCorpus.Box box(Random r, int depth) {
        if (depth == 0 || r.nextInt(6) == 0) {
            return null;
        }
        EndToEndCorpus.Box b = new EndToEndCorpus.Box();
        b.i = (int) Inputs.random(int.class, r);
        b.l = (long) Inputs.random(long.class, r);
        b.f = (float) Inputs.random(float.class, r);
        b.d = (double) Inputs.random(double.class, r);
        b.b = (byte) r.nextInt();
        b.s = (short) r.nextInt();
        b.c = (char) r.nextInt();
        b.z = r.nextBoolean();
        b.arr = r.nextInt(4) == 0 ? null : (int[]) Inputs.random(int[].class, r);
        b.next = box(r, depth - 1);
        return b;
    }

    // Static state -----------------------------------------------------------------------------------

    /** The non-final static fields of a corpus class, by name. */
    private static final ClassValue<List<Field>> STATICS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> corpus) {
            return Arrays.stream(corpus.getDeclaredFields()).filter(f -> Modifier.isStatic(f.getModifiers()) && !Modifier.isFinal(f.getModifiers()))
                            .sorted(Comparator.comparing(Field::getName)).peek(f -> f.setAccessible(true)).toList();
        }
    };

    private static void resetStatics(List<Field> statics) {
        try {
            for (Field f : statics) {
                Class<?> t = f.getType();
                if (t == int.class) {
                    f.setInt(null, 0);
                } else if (t == long.class) {
                    f.setLong(null, 0);
                } else if (t == float.class) {
                    f.setFloat(null, 0);
                } else if (t == double.class) {
                    f.setDouble(null, 0);
                } else if (t == byte.class) {
                    f.setByte(null, (byte) 0);
                } else if (t == short.class) {
                    f.setShort(null, (short) 0);
                } else if (t == char.class) {
                    f.setChar(null, (char) 0);
                } else if (t == boolean.class) {
                    f.setBoolean(null, false);
                } else {
                    f.set(null, null);
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static String statics(List<Field> statics) {
        StringBuilder sb = new StringBuilder();
        try {
            for (Field f : statics) {
                sb.append(f.getName()).append('=').append(f.get(null)).append(' ');
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        return sb.toString();
    }
}
