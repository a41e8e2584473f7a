package org.ssajit.demo;

import java.util.Locale;

/**
 * The program {@code ssajit demo} runs once per mode (interpreter only, C1 only, C2, ssajit as the top
 * tier, optionally Graal): each kernel of {@link NumericKernels} repeatedly on fixed data, printing its
 * checksum and its best round in microseconds. The checksums must be identical in every run.
 *
 * <p>Usage: {@code NumericDemo [rounds] [--min-millis M] [--no-times]}. Each kernel runs at least
 * {@code rounds} times (default 3000) and for at least {@code M} milliseconds (default 1500): long
 * enough for HotSpot to ask its top tier for a compile of the kernel itself, not just an on-stack
 * replacement of its loop, and for that compile to be installed before the best round is taken (the
 * interpreter run uses fewer rounds). {@code --no-times} prints the checksums only, so that runs can be
 * compared line by line.
 */
public final class NumericDemo {
    private NumericDemo() {
    }

    private interface Kernel {
        long run();
    }

    private static int rounds = 3000;
    private static long minNanos = 1500 * 1_000_000L;
    private static boolean times = true;

    public static void main(String[] args) {
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--min-millis" -> minNanos = Long.parseLong(args[++i]) * 1_000_000L;
                case "--no-times" -> times = false;
                default -> rounds = Integer.parseInt(args[i]);
            }
        }
        int[] ints = KernelInputs.ints(4096);
        int n = 24;
        double[] a = KernelInputs.matrixA(n);
        double[] b = KernelInputs.matrixB(n);
        double[] c = new double[n * n];
        boolean[] composite = new boolean[20_001];
        run("array sum", () -> NumericKernels.arraySum(ints));
        run("nested loops", () -> NumericKernels.nestedLoops(64));
        run("matrix multiply", () -> Double.doubleToLongBits(NumericKernels.matrixMultiply(a, b, c, n)));
        run("sieve", () -> NumericKernels.sieve(composite, 20_000));
        run("mandelbrot", () -> NumericKernels.mandelbrot(32, 100));
        run("int hash", () -> NumericKernels.intHash(ints));
        run("field loop", () -> NumericKernels.fieldLoop(new NumericKernels.Accumulator(), ints));
    }

    private static void run(String name, Kernel k) {
        long result = 0;
        long best = Long.MAX_VALUE;
        long start = System.nanoTime();
        int r = 0;
        for (; r < rounds || System.nanoTime() - start < minNanos; r++) {
            long t0 = System.nanoTime();
            long v = k.run();
            long t = System.nanoTime() - t0;
            if (r > 0 && v != result) {
                throw new AssertionError(name + ": round " + r + " gave " + v + ", earlier " + result);
            }
            result = v;
            best = Math.min(best, t);
        }
        if (times) {
            System.out.printf(Locale.ROOT, "%-16s result %-22d best of %7d rounds %11.2f us%n", name, result, r, best / 1e3);
        } else {
            System.out.printf(Locale.ROOT, "%-16s result %d%n", name, result);
        }
    }
}
