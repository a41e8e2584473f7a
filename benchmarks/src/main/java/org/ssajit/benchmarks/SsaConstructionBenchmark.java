package org.ssajit.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.cytron.CytronBuilder;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * SSA construction time over the fixed {@link SampleMethods} sample. One operation builds the graph of
 * every sample method once; the score is milliseconds per pass over the whole sample.
 *
 * <p>What is measured, for every variant alike: the full construction from a {@link ResolvedJavaMethod}
 * to a graph, that is the bytecode analyses ({@link FrontEnd#analyze}: blocks, frame shapes, liveness),
 * parsing, SSA construction and the SCC redundant-phi pass. On-the-fly optimization is off in all
 * variants, so they do the same work apart from how SSA is built. {@link #frontEnd} measures
 * {@code FrontEnd.analyze} alone, so the share that all variants have in common can be subtracted.
 *
 * <p>Variants (the {@code variant} parameter):
 * <ul>
 * <li>{@code braun-markers}: Braun et al. with the marker variant, Section 3.3;</li>
 * <li>{@code braun-plain}: Braun et al.'s Algorithm 2 as written (a phi before every recursive lookup);</li>
 * <li>{@code cytron}: Cytron et al. (dominance frontiers, pruned by the same liveness), renaming over the
 * same parser, then removal of trivial phis and Algorithm 5 (the cleanup Braun gets too).</li>
 * </ul>
 * A new variant is one case in {@link #construction} plus its name in the {@code @Param} list.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// One operation is a pass over the whole sample (hundreds of milliseconds): iterations are long enough
// for several of them, and warm-up long enough for C2 to compile the front end.
@Warmup(iterations = 8, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 2, jvmArgsAppend = {
    "-Xss4m", "-Xms2g", "-Xmx2g",
    // JMH 1.37 uses sun.misc.Unsafe, which JDK 25 warns about on every fork.
    "--sun-misc-unsafe-memory-access=allow",
    "-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--add-modules=jdk.internal.vm.ci",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.runtime=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.services=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.hotspot=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.code=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.code.site=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.meta=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.amd64=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.aarch64=ALL-UNNAMED",
    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.common=ALL-UNNAMED"})
public class SsaConstructionBenchmark {

    /** Builds one method's graph and returns something the blackhole can consume. */
    @FunctionalInterface
    interface Construction {
        Object build(ResolvedJavaMethod method);
    }

    static Construction construction(String variant, Providers providers) {
        return switch (variant) {
            case "braun-markers" -> m -> GraphBuilder.build(m, BuildOptions.DEFAULT.withOptimize(false), providers).graph();
            case "braun-plain" -> m -> GraphBuilder.build(m, BuildOptions.DEFAULT.withOptimize(false).withMarkers(false), providers).graph();
            case "cytron" -> m -> CytronBuilder.build(FrontEnd.analyze(m), providers).graph();
            default -> throw new IllegalArgumentException("unknown variant '" + variant + "'");
        };
    }

    /** The sample, prepared once per fork. */
    @State(Scope.Benchmark)
    public static class Sample {
        Providers providers;
        List<ResolvedJavaMethod> methods;

        @Setup(Level.Trial)
        public void load() {
            providers = Providers.host();
            SampleMethods sample = SampleMethods.load(providers);
            methods = sample.methods();
            System.out.println(sample.summary());
        }
    }

    /** The construction being measured. */
    @State(Scope.Benchmark)
    public static class Variant {
        @Param({"braun-markers", "braun-plain", "cytron"})
        public String variant;

        Construction construction;

        @Setup(Level.Trial)
        public void prepare(Sample sample) {
            construction = construction(variant, sample.providers);
            // Every variant must build the whole sample, or the scores would compare different work.
            List<String> refused = new ArrayList<>();
            for (ResolvedJavaMethod m : sample.methods) {
                try {
                    construction.build(m);
                } catch (BailoutException e) {
                    refused.add(m.format("%H.%n(%p)") + ": " + e.getMessage());
                }
            }
            if (!refused.isEmpty()) {
                throw new IllegalStateException(variant + " bails out on " + refused.size() + " sample methods the front end accepts, e.g. " + refused.get(0));
            }
        }
    }

    @Benchmark
    public void construct(Sample sample, Variant variant, Blackhole bh) {
        Construction c = variant.construction;
        for (ResolvedJavaMethod m : sample.methods) {
            bh.consume(c.build(m));
        }
    }

    /** The bytecode analyses alone, common to every variant. */
    @Benchmark
    public void frontEnd(Sample sample, Blackhole bh) {
        for (ResolvedJavaMethod m : sample.methods) {
            bh.consume(FrontEnd.analyze(m));
        }
    }
}
