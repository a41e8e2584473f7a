package org.ssajit.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Times the numeric kernels on the data and sizes of the JMH benchmarks ({@code benchmarks/}
 * NumericBenchmarks) in one JVM, for {@code scripts/bench-interleaved.sh}, which starts this under
 * each top tier in turn, round after round. Per kernel: calls it for the warm-up time (long enough for
 * the top tier's compile of the kernel itself to be installed), then times batches of calls for the
 * measurement time and prints one line: {@code kernel median-us min-us batches}, the median and the
 * minimum over the batches (of about 10 ms each) of the time per call.
 *
 * <p>Usage: {@code KernelTimer [--warmup-ms W] [--measure-ms M] [kernel...]} (default: all, W = 3000,
 * M = 2000).
 */
public final class KernelTimer {
    static volatile long results;

    private KernelTimer() {
    }

    public static void main(String[] args) {
        long warmupNanos = 3000 * 1_000_000L;
        long measureNanos = 2000 * 1_000_000L;
        List<String> only = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup-ms" -> warmupNanos = Long.parseLong(args[++i]) * 1_000_000L;
                case "--measure-ms" -> measureNanos = Long.parseLong(args[++i]) * 1_000_000L;
                default -> only.add(args[i]);
            }
        }
        Map<String, LongSupplier> kernels = kernels();
        for (String name : only.isEmpty() ? List.copyOf(kernels.keySet()) : only) {
            LongSupplier k = kernels.get(name);
            if (k == null) {
                throw new IllegalArgumentException("no kernel " + name + "; kernels: " + kernels.keySet());
            }
            time(name, k, warmupNanos, measureNanos);
        }
    }

    /** The kernels with the JMH benchmarks' inputs (same sizes, same values). */
    private static Map<String, LongSupplier> kernels() {
        int[] ints = KernelInputs.ints(1 << 16);
        int n = 48;
        double[] a = KernelInputs.matrixA(n);
        double[] b = KernelInputs.matrixB(n);
        double[] c = new double[n * n];
        boolean[] composite = new boolean[100_001];
        NumericKernels.Accumulator acc = new NumericKernels.Accumulator();
        Map<String, LongSupplier> m = new LinkedHashMap<>();
        m.put("arraySum", () -> NumericKernels.arraySum(ints));
        m.put("fieldLoop", () -> NumericKernels.fieldLoop(acc, ints));
        m.put("intHash", () -> NumericKernels.intHash(ints));
        m.put("mandelbrot", () -> NumericKernels.mandelbrot(128, 200));
        m.put("matrixMultiply", () -> Double.doubleToLongBits(NumericKernels.matrixMultiply(a, b, c, n)));
        m.put("nestedLoops", () -> NumericKernels.nestedLoops(256));
        m.put("sieve", () -> NumericKernels.sieve(composite, 100_000));
        return m;
    }

    private static void time(String name, LongSupplier k, long warmupNanos, long measureNanos) {
        long sink = 0;
        long start = System.nanoTime();
        long calls = 0;
        while (System.nanoTime() - start < warmupNanos) {
            sink += k.getAsLong();
            calls++;
        }
        // Batches of about 10 ms each.
        double perCall = (double) (System.nanoTime() - start) / calls;
        int batch = (int) Math.max(1, Math.min(1_000_000, 10_000_000 / Math.max(1, perCall)));
        List<Double> times = new ArrayList<>();
        start = System.nanoTime();
        while (System.nanoTime() - start < measureNanos || times.size() < 5) {
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                sink += k.getAsLong();
            }
            times.add((System.nanoTime() - t0) / 1e3 / batch);
        }
        double[] sorted = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        System.out.printf(Locale.ROOT, "%s %.3f %.3f %d%n", name, median, sorted[0], sorted.length);
        results = sink; // the results stay used
    }
}
