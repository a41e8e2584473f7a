package org.ssajit.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.ssajit.demo.KernelInputs;
import org.ssajit.demo.NumericKernels;

/**
 * The numeric kernels of {@link NumericKernels}, each measured under three top tiers in one JMH run:
 * {@code <kernel>_Ssajit} (ssajit at tier 4, C1 below it), {@code <kernel>_C1}
 * ({@code -XX:TieredStopAtLevel=1}) and {@code <kernel>_C2} (HotSpot's default). The methods differ only
 * in the flags of their forked JVMs. JMH runs benchmarks in the order of their names, so the three
 * modes of one kernel run back to back: a slow drift of the machine's speed then shifts all three
 * alike instead of one mode. Every mode keeps the kernels out of their callers ({@code dontinline}),
 * so each kernel is compiled as a method of its own by the top tier, and the benchmark method around
 * it costs the same in every mode.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
@State(Scope.Thread)
public class NumericBenchmarks {
    static final String DONTINLINE = "-XX:CompileCommand=quiet,dontinline,org.ssajit.demo.NumericKernels::*";
    static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    static final String JVMCI = "-XX:+UnlockExperimentalVMOptions";
    static final String ENABLE_JVMCI = "-XX:+EnableJVMCI";
    static final String USE_JVMCI = "-XX:+UseJVMCICompiler";
    static final String SSAJIT = "-Djvmci.Compiler=ssajit";
    static final String EXPORTS = "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.services=ALL-UNNAMED";
    static final String STATS = "-Dssajit.Stats=true";

    int[] ints;
    double[] a;
    double[] b;
    double[] c;
    boolean[] composite;
    NumericKernels.Accumulator acc;
    static final int N = 48;

    @Setup
    public void setUp() {
        ints = KernelInputs.ints(1 << 16);
        a = KernelInputs.matrixA(N);
        b = KernelInputs.matrixB(N);
        c = new double[N * N];
        composite = new boolean[100_001];
        acc = new NumericKernels.Accumulator();
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public long arraySum_C1() {
        return NumericKernels.arraySum(ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public long arraySum_C2() {
        return NumericKernels.arraySum(ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public long arraySum_Ssajit() {
        return NumericKernels.arraySum(ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public long fieldLoop_C1() {
        return NumericKernels.fieldLoop(acc, ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public long fieldLoop_C2() {
        return NumericKernels.fieldLoop(acc, ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public long fieldLoop_Ssajit() {
        return NumericKernels.fieldLoop(acc, ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public int intHash_C1() {
        return NumericKernels.intHash(ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public int intHash_C2() {
        return NumericKernels.intHash(ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public int intHash_Ssajit() {
        return NumericKernels.intHash(ints);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public int mandelbrot_C1() {
        return NumericKernels.mandelbrot(128, 200);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public int mandelbrot_C2() {
        return NumericKernels.mandelbrot(128, 200);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public int mandelbrot_Ssajit() {
        return NumericKernels.mandelbrot(128, 200);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public double matrixMultiply_C1() {
        return NumericKernels.matrixMultiply(a, b, c, N);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public double matrixMultiply_C2() {
        return NumericKernels.matrixMultiply(a, b, c, N);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public double matrixMultiply_Ssajit() {
        return NumericKernels.matrixMultiply(a, b, c, N);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public int nestedLoops_C1() {
        return NumericKernels.nestedLoops(256);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public int nestedLoops_C2() {
        return NumericKernels.nestedLoops(256);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public int nestedLoops_Ssajit() {
        return NumericKernels.nestedLoops(256);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {C1_ONLY, DONTINLINE})
    public int sieve_C1() {
        return NumericKernels.sieve(composite, 100_000);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {DONTINLINE})
    public int sieve_C2() {
        return NumericKernels.sieve(composite, 100_000);
    }

    @Benchmark
    @Fork(jvmArgsAppend = {JVMCI, ENABLE_JVMCI, USE_JVMCI, SSAJIT, EXPORTS, STATS, DONTINLINE})
    public int sieve_Ssajit() {
        return NumericKernels.sieve(composite, 100_000);
    }
}
