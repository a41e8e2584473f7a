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
 * The numeric kernels of {@link NumericKernels}, measured under three top tiers in one JMH run: the
 * nested classes differ only in the flags of their forked JVMs ({@link Ssajit}: ssajit at tier 4 with
 * C1 below it; {@link C1}: {@code -XX:TieredStopAtLevel=1}; {@link C2}: HotSpot's default). Every mode
 * keeps the kernels out of their callers ({@code dontinline}), so each kernel is compiled as a method
 * of its own by the top tier, and the benchmark method around it costs the same in every mode.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public abstract class NumericBenchmarks {
    static final String DONTINLINE = "-XX:CompileCommand=quiet,dontinline,org.ssajit.demo.NumericKernels::*";

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
    public long arraySum() {
        return NumericKernels.arraySum(ints);
    }

    @Benchmark
    public int nestedLoops() {
        return NumericKernels.nestedLoops(256);
    }

    @Benchmark
    public double matrixMultiply() {
        return NumericKernels.matrixMultiply(a, b, c, N);
    }

    @Benchmark
    public int sieve() {
        return NumericKernels.sieve(composite, 100_000);
    }

    @Benchmark
    public int mandelbrot() {
        return NumericKernels.mandelbrot(128, 200);
    }

    @Benchmark
    public int intHash() {
        return NumericKernels.intHash(ints);
    }

    @Benchmark
    public long fieldLoop() {
        return NumericKernels.fieldLoop(acc, ints);
    }

    /** ssajit as the top tier (C1 keeps tiers 1-3). */
    @Fork(value = 2, jvmArgsAppend = {"-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit",
                    "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.services=ALL-UNNAMED", "-Dssajit.Stats=true", DONTINLINE})
    public static class Ssajit extends NumericBenchmarks {
    }

    /** C1 only. */
    @Fork(value = 2, jvmArgsAppend = {"-XX:TieredStopAtLevel=1", DONTINLINE})
    public static class C1 extends NumericBenchmarks {
    }

    /** HotSpot's default: C2 at the top. */
    @Fork(value = 2, jvmArgsAppend = {DONTINLINE})
    public static class C2 extends NumericBenchmarks {
    }
}
