package org.ssajit.interp;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.Graph;
import org.ssajit.ir.IrPrinter;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Differential testing with HotSpot as the oracle: runs a method by reflection and runs its SSA graph
 * in the {@link IrInterpreter}, for each build variant and argument vector, and compares the results,
 * the exceptions, the arguments afterwards (arrays the method stored into), the receiver afterwards and
 * any observed static state.
 *
 * <p>Graphs are built twice per variant: <em>cold</em>, before this runner executes anything (entries
 * the method never used are still unresolved, invokedynamic sites unlinked), and <em>warm</em>, after the
 * JVM ran every input once (skipped when the text of the graph is unchanged). Both kinds are
 * interpreted on every input.
 *
 * <pre>
 * DifferentialRunner.of(C.class.getDeclaredMethod("f", int.class)).run(Inputs.forTypes(...)).assertAgreement();
 * </pre>
 */
public final class DifferentialRunner {
    /**
     * Optimizations on and off, markers on and off, inlining on: the construction paths a bug may hide
     * in (inlined callees are built by the same parser, their blocks and variables added to the caller's).
     */
    public static final List<BuildOptions> VARIANTS = List.of(BuildOptions.DEFAULT, BuildOptions.DEFAULT.withOptimize(false), BuildOptions.DEFAULT.withMarkers(false),
                    BuildOptions.DEFAULT.withOptimize(false).withMarkers(false).withRedundantPhiSccs(false), BuildOptions.DEFAULT.withInlining(true));

    private final Method method;
    private Supplier<?> receiver;
    private Runnable reset = () -> {
    };
    private Supplier<?> observe;
    private List<BuildOptions> variants = VARIANTS;
    private long stepLimit = IrInterpreter.DEFAULT_STEP_LIMIT;
    private Providers providers;
    /** Lowers each built graph before it is interpreted (null: the Java-level graph is interpreted). */
    private java.util.function.Consumer<Graph> lowering;
    private Supplier<Machine> machines;

    /** Set by {@link #lowerEveryRun}: every runner made meanwhile interprets lowered graphs. */
    private static volatile EveryRun everyRun;

    private record EveryRun(java.util.function.Consumer<Graph> lowering, Supplier<Machine> machines, java.util.function.Consumer<Report> reports) {
    }

    private DifferentialRunner(Method method) {
        this.method = method;
        EveryRun e = everyRun;
        if (e != null) {
            lowered(e.lowering(), e.machines());
        }
    }

    /**
     * Runs {@code tests} (e.g. the Java-level differential tests' own methods) with every runner made
     * meanwhile interpreting lowered graphs ({@link #lowered}), each report also going to {@code reports}.
     * For one thread: the setting is global while {@code tests} runs.
     */
    public static void lowerEveryRun(java.util.function.Consumer<Graph> lowering, Supplier<Machine> machines, java.util.function.Consumer<Report> reports, Runnable tests) {
        if (everyRun != null) {
            throw new IllegalStateException("already lowering every run");
        }
        everyRun = new EveryRun(lowering, machines, reports);
        try {
            tests.run();
        } finally {
            everyRun = null;
        }
    }

    public static DifferentialRunner of(Method m) {
        return new DifferentialRunner(m);
    }

    /** Fresh receivers for an instance method: each execution gets its own, compared afterwards. */
    public DifferentialRunner receiver(Supplier<?> factory) {
        this.receiver = factory;
        return this;
    }

    /** Run before every execution, JVM or interpreter: puts shared (static) state back. */
    public DifferentialRunner reset(Runnable r) {
        this.reset = r;
        return this;
    }

    /** State read after every execution and compared, e.g. static fields the method writes. */
    public DifferentialRunner observe(Supplier<?> s) {
        this.observe = s;
        return this;
    }

    public DifferentialRunner variants(List<BuildOptions> v) {
        this.variants = List.copyOf(v);
        return this;
    }

    public DifferentialRunner stepLimit(long limit) {
        this.stepLimit = limit;
        return this;
    }

    /**
     * Interprets lowered graphs: every graph built is verified, lowered in place by {@code lowering}
     * (a {@link BailoutException} is a refusal, counted as a bailout), verified again and run with a
     * fresh machine from {@code machines} for its memory and VM structures.
     */
    public DifferentialRunner lowered(java.util.function.Consumer<Graph> lowering, Supplier<Machine> machines) {
        this.lowering = Objects.requireNonNull(lowering);
        this.machines = Objects.requireNonNull(machines);
        return this;
    }

    public DifferentialRunner providers(Providers p) {
        this.providers = p;
        return this;
    }

    /** One disagreement, with everything needed to reproduce and understand it. */
    public record Mismatch(String method, String variant, Object[] args, Outcome jvm, Outcome interpreter, String detail, String ir) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            sb.append("MISMATCH in ").append(method).append(" [").append(variant).append("]\n");
            sb.append("  args: ").append(args == null ? "-" : describeArgs(args)).append('\n');
            sb.append("  jvm:         ").append(jvm).append('\n');
            sb.append("  interpreter: ").append(interpreter).append('\n');
            if (detail != null) {
                sb.append("  ").append(detail).append('\n');
            }
            if (ir != null) {
                sb.append(ir.indent(4));
            }
            return sb.toString();
        }
    }

    /** What one {@link #run} found. */
    public record Report(String method, int executions, int agreed, List<Mismatch> mismatches, Map<String, Integer> notInterpretable, List<String> bailouts,
                    boolean lowered) {
        public boolean ok() {
            return mismatches.isEmpty();
        }

        public int notInterpretableCount() {
            int n = 0;
            for (int c : notInterpretable.values()) {
                n += c;
            }
            return n;
        }

        public String summary() {
            StringBuilder sb = new StringBuilder(method).append(": ").append(executions).append(" executions, ").append(agreed).append(" agreed, ")
                            .append(mismatches.size()).append(" mismatched, ").append(notInterpretableCount()).append(" not interpretable");
            if (!bailouts.isEmpty()) {
                sb.append(", bailouts ").append(bailouts);
            }
            notInterpretable.forEach((reason, n) -> sb.append("\n  not interpretable x").append(n).append(": ").append(reason));
            return sb.toString();
        }

        /**
         * Fails unless every execution was interpreted and agreed, and there was at least one. Of
         * lowered graphs, which deoptimize where HotSpot's interpreter would go on (a failed check, an
         * unresolved entry), only mismatches fail: whoever runs them counts what was interpreted.
         */
        public Report assertAgreement() {
            assertNoMismatches();
            if (lowered) {
                return this;
            }
            if (!bailouts.isEmpty() || notInterpretableCount() > 0 || agreed == 0) {
                throw new AssertionError("incomplete differential run: " + summary());
            }
            return this;
        }

        /** Fails on any mismatch; not-interpretable executions and bailouts are tolerated. */
        public Report assertNoMismatches() {
            if (!mismatches.isEmpty()) {
                StringBuilder sb = new StringBuilder(summary()).append('\n');
                for (Mismatch m : mismatches.subList(0, Math.min(3, mismatches.size()))) {
                    sb.append(m).append('\n');
                }
                throw new AssertionError(sb.toString());
            }
            return this;
        }
    }

    private record Execution(Outcome outcome, Object[] argsAfter, Object receiverAfter, Object observed) {
    }

    private record Variant(String name, Graph graph, IrInterpreter interpreter) {
    }

    /** Runs on {@code count} argument vectors from {@link Inputs#forMethod} (at least one per edge value). */
    public Report run(long seed, int count) {
        return run(Inputs.forMethod(method, seed, count));
    }

    /**
     * Runs every input on the JVM and on every variant's graph. The JVM side has no step limit: inputs
     * must make the method terminate.
     */
    public Report run(List<Object[]> inputs) {
        Providers p = providers != null ? providers : Providers.host();
        ResolvedJavaMethod rm = p.metaAccess().lookupJavaMethod(method);
        rm.getDeclaringClass().link();
        boolean isStatic = Modifier.isStatic(method.getModifiers());
        if (!isStatic && receiver == null) {
            throw new IllegalArgumentException("instance method " + method + " needs a receiver factory");
        }
        method.setAccessible(true);
        String name = method.getDeclaringClass().getName() + "." + method.getName();
        List<Mismatch> mismatches = new ArrayList<>();
        Map<String, Integer> refused = new LinkedHashMap<>();
        List<String> bailouts = new ArrayList<>();
        int[] counts = new int[2]; // executions, agreed

        List<Variant> cold = build(rm, p, "cold", mismatches, bailouts, name, null);
        compareAll(inputs, cold, isStatic, name, mismatches, refused, counts);
        List<Variant> warm = build(rm, p, "warm", mismatches, new ArrayList<>(), name, cold);
        compareAll(inputs, warm, isStatic, name, mismatches, refused, counts);
        Report r = new Report(name, counts[0], counts[1], mismatches, refused, bailouts, lowering != null);
        EveryRun e = everyRun;
        if (e != null) {
            e.reports().accept(r);
        }
        return r;
    }

    private List<Variant> build(ResolvedJavaMethod rm, Providers p, String phase, List<Mismatch> mismatches, List<String> bailouts, String name, List<Variant> previous) {
        List<Variant> out = new ArrayList<>();
        for (BuildOptions o : variants) {
            String vname = phase + " " + describe(o);
            Graph g;
            try {
                g = GraphBuilder.build(rm, o, p).graph();
            } catch (BailoutException e) {
                bailouts.add(vname + ": " + e.getMessage());
                continue;
            } catch (RuntimeException | StackOverflowError e) {
                // Not a refusal: the builder itself failed, which is a bug worth a report.
                mismatches.add(new Mismatch(name, vname, null, null, null, "graph builder crashed: " + e, null));
                continue;
            }
            String text = new IrPrinter(true).print(g);
            try {
                Verifier.verify(g);
            } catch (VerificationError e) {
                mismatches.add(new Mismatch(name, vname, null, null, null, "verifier: " + e.getMessage(), text));
                continue;
            }
            if (previous != null && previous.stream().anyMatch(v -> v.name().endsWith(describe(o)) && new IrPrinter(true).print(v.graph()).equals(text))) {
                continue; // nothing was resolved or linked meanwhile
            }
            if (lowering != null) {
                try {
                    lowering.accept(g);
                    Verifier.verify(g);
                } catch (BailoutException e) {
                    bailouts.add(vname + ": lowering: " + e.getMessage());
                    continue;
                } catch (VerificationError e) {
                    mismatches.add(new Mismatch(name, vname, null, null, null, "verifier after lowering: " + e.getMessage(), new IrPrinter(true).print(g)));
                    continue;
                } catch (RuntimeException | StackOverflowError e) {
                    mismatches.add(new Mismatch(name, vname, null, null, null, "lowering crashed: " + e, text));
                    continue;
                }
            }
            out.add(new Variant(vname, g, new IrInterpreter(g, stepLimit, machines == null ? null : machines.get())));
        }
        return out;
    }

    private void compareAll(List<Object[]> inputs, List<Variant> variants, boolean isStatic, String name, List<Mismatch> mismatches, Map<String, Integer> refused, int[] counts) {
        if (variants.isEmpty()) {
            return;
        }
        for (Object[] args : inputs) {
            Execution jvm = runJvm(args, isStatic);
            for (Variant v : variants) {
                Execution ir = runInterpreter(v.interpreter(), args, isStatic);
                counts[0]++;
                if (ir.outcome() instanceof Outcome.NotInterpretable n) {
                    if (v.graph().inlinedCallCount() > 0) {
                        // Inlined code of another class, often the JDK's: reflection may not reach its
                        // private members from here. Not the graph's fault, and not a gap in the run:
                        // the variants without inlining ran the same input.
                        counts[0]--;
                        continue;
                    }
                    refused.merge(n.reason(), 1, Integer::sum);
                    continue;
                }
                if (exhausted(jvm.outcome()) || exhausted(ir.outcome())) {
                    // Running out of memory or stack depends on the heap and the frames, not on the program.
                    refused.merge("resource exhaustion is not compared", 1, Integer::sum);
                    continue;
                }
                String detail = difference(jvm, ir);
                if (detail == null) {
                    counts[1]++;
                } else {
                    mismatches.add(new Mismatch(name, v.name(), args, jvm.outcome(), ir.outcome(), detail, new IrPrinter(true).print(v.graph())));
                }
            }
        }
    }

    private static boolean exhausted(Outcome o) {
        return o instanceof Outcome.Threw t && (t.exception() instanceof OutOfMemoryError || t.exception() instanceof StackOverflowError);
    }

    private static String difference(Execution jvm, Execution ir) {
        if (ir.outcome() instanceof Outcome.Malformed) {
            return "the interpreter found the graph malformed";
        }
        if (!Equivalence.sameOutcome(jvm.outcome(), ir.outcome())) {
            return "different outcomes";
        }
        for (int i = 0; i < jvm.argsAfter().length; i++) {
            if (!Equivalence.sameValue(jvm.argsAfter()[i], ir.argsAfter()[i])) {
                return "argument " + i + " afterwards: jvm " + Values.describe(jvm.argsAfter()[i]) + ", interpreter " + Values.describe(ir.argsAfter()[i]);
            }
        }
        if (!Equivalence.sameValue(jvm.receiverAfter(), ir.receiverAfter())) {
            return "receiver afterwards: jvm " + Values.describe(jvm.receiverAfter()) + ", interpreter " + Values.describe(ir.receiverAfter());
        }
        if (!Equivalence.sameValue(jvm.observed(), ir.observed())) {
            return "observed state: jvm " + Values.describe(jvm.observed()) + ", interpreter " + Values.describe(ir.observed());
        }
        return null;
    }

    private Execution runJvm(Object[] input, boolean isStatic) {
        reset.run();
        Object[] args = Inputs.copy(input);
        Object recv = isStatic ? null : Objects.requireNonNull(receiver.get(), "receiver factory returned null");
        Outcome o;
        try {
            o = new Outcome.Returned(method.invoke(recv, args));
        } catch (InvocationTargetException e) {
            o = new Outcome.Threw(e.getCause());
        } catch (LinkageError e) {
            o = new Outcome.Threw(e); // class initialization failed: reflection throws it unwrapped, like invokestatic
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot call " + method + " with " + describeArgs(input), e);
        }
        return new Execution(o, args, recv, observe == null ? null : observe.get());
    }

    private Execution runInterpreter(IrInterpreter interpreter, Object[] input, boolean isStatic) {
        reset.run();
        Object[] args = Inputs.copy(input);
        Object recv = isStatic ? null : receiver.get();
        Object[] all = args;
        if (!isStatic) {
            all = new Object[args.length + 1];
            all[0] = recv;
            System.arraycopy(args, 0, all, 1, args.length);
        }
        Outcome o;
        try {
            o = interpreter.run(all);
        } catch (RuntimeException | StackOverflowError e) {
            o = new Outcome.Malformed("interpreter crashed: " + e);
        }
        return new Execution(o, args, recv, observe == null ? null : observe.get());
    }

    static String describe(BuildOptions o) {
        if (o.equals(BuildOptions.DEFAULT)) {
            return "default";
        }
        return (o.optimize() ? "opt" : "noopt") + "/" + (o.markers() ? "markers" : "nomarkers") + "/" + (o.removeRedundantPhiSccs() ? "scc" : "noscc");
    }

    static String describeArgs(Object[] args) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < args.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Values.describe(args[i]));
        }
        return sb.append(')').toString();
    }

    @Override
    public String toString() {
        return "DifferentialRunner " + method + " " + Arrays.toString(variants.toArray());
    }
}
