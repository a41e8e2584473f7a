package org.ssajit.demo;

/**
 * The inputs of {@link NumericKernels} that the demo, {@link KernelTimer} and the JMH benchmarks share
 * (at their own sizes): the same values everywhere, so their results can be compared.
 */
public final class KernelInputs {
    private KernelInputs() {
    }

    /** {@code length} ints from a linear congruential sequence (seed 12345), the upper 24 bits of each step. */
    public static int[] ints(int length) {
        int[] ints = new int[length];
        int seed = 12345;
        for (int i = 0; i < ints.length; i++) {
            seed = seed * 1103515245 + 12345;
            ints[i] = seed >> 8;
        }
        return ints;
    }

    /** The left factor of matrixMultiply, n x n row-major: {@code (i % 17) * 0.25}. */
    public static double[] matrixA(int n) {
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i % 17) * 0.25;
        }
        return a;
    }

    /** The right factor of matrixMultiply, n x n row-major: {@code (i % 13) * 0.5 - 1}. */
    public static double[] matrixB(int n) {
        double[] b = new double[n * n];
        for (int i = 0; i < b.length; i++) {
            b[i] = (i % 13) * 0.5 - 1;
        }
        return b;
    }
}
