package org.ssajit.demo;

import java.util.Locale;

/**
 * The program {@code ssajit demo} runs three times (interpreter only, C1 only, ssajit as the top
 * tier): each kernel of {@link NumericKernels} repeatedly on fixed data, printing its checksum and
 * the time of the last rounds. The checksums must be identical in all three runs.
 *
 * <p>Usage: {@code NumericDemo [rounds]} (default 3000, enough invocations for a top-tier compile of
 * every kernel, not just an on-stack replacement; the interpreter run uses fewer).
 */
public final class NumericDemo {
    private NumericDemo() {
    }

    private interface Kernel {
        long run();
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int[] ints = new int[4096];
        int seed = 12345;
        for (int i = 0; i < ints.length; i++) {
            seed = seed * 1103515245 + 12345;
            ints[i] = seed >> 8;
        }
        int n = 24;
        double[] a = new double[n * n];
        double[] b = new double[n * n];
        double[] c = new double[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = (i % 17) * 0.25;
            b[i] = (i % 13) * 0.5 - 1;
        }
        boolean[] composite = new boolean[20_001];
        run("array sum", rounds, () -> NumericKernels.arraySum(ints));
        run("nested loops", rounds, () -> NumericKernels.nestedLoops(64));
        run("matrix multiply", rounds, () -> Double.doubleToLongBits(NumericKernels.matrixMultiply(a, b, c, n)));
        run("sieve", rounds, () -> NumericKernels.sieve(composite, 20_000));
        run("mandelbrot", rounds, () -> NumericKernels.mandelbrot(32, 100));
        run("int hash", rounds, () -> NumericKernels.intHash(ints));
        run("field loop", rounds, () -> NumericKernels.fieldLoop(new NumericKernels.Accumulator(), ints));
    }

    private static void run(String name, int rounds, Kernel k) {
        long result = 0;
        long best = Long.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            long v = k.run();
            long t = System.nanoTime() - t0;
            if (r > 0 && v != result) {
                throw new AssertionError(name + ": round " + r + " gave " + v + ", earlier " + result);
            }
            result = v;
            best = Math.min(best, t);
        }
        System.out.printf(Locale.ROOT, "%-16s result %-22d best of %3d rounds %10.3f ms%n", name, result, rounds, best / 1e6);
    }
}
