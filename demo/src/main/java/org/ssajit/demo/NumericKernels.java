package org.ssajit.demo;

/**
 * Numeric kernels for the demo and the JMH benchmarks, written to stay inside what ssajit compiles
 * today: int/long/float/double arithmetic, loops, primitive arrays and fields, no calls, no
 * allocation. Each returns a checksum, so a wrong result is visible and the work cannot be removed.
 */
public final class NumericKernels {
    private NumericKernels() {
    }

    /** Sum of an int array, as a long. */
    public static long arraySum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    /** Two nested counted loops with a data-dependent branch. */
    public static int nestedLoops(int n) {
        int acc = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int t = i * j;
                if ((t & 3) == 0) {
                    acc += t;
                } else {
                    acc ^= t >>> 1;
                }
            }
        }
        return acc;
    }

    /** {@code c = a * b} for n x n matrices stored row-major in flat arrays; returns the trace of c. */
    public static double matrixMultiply(double[] a, double[] b, double[] c, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = s;
            }
        }
        double trace = 0;
        for (int i = 0; i < n; i++) {
            trace += c[i * n + i];
        }
        return trace;
    }

    /** Sieve of Eratosthenes over {@code composite} (length n + 1, cleared here); returns the prime count. */
    public static int sieve(boolean[] composite, int n) {
        for (int i = 0; i <= n; i++) {
            composite[i] = false;
        }
        int count = 0;
        for (int i = 2; i <= n; i++) {
            if (!composite[i]) {
                count++;
                for (long j = (long) i * i; j <= n; j += i) {
                    composite[(int) j] = true;
                }
            }
        }
        return count;
    }

    /** Points of a size x size grid over [-2, 1] x [-1.5, 1.5] that stay bounded for maxIter steps. */
    public static int mandelbrot(int size, int maxIter) {
        int inside = 0;
        for (int y = 0; y < size; y++) {
            double ci = -1.5 + 3.0 * y / size;
            for (int x = 0; x < size; x++) {
                double cr = -2.0 + 3.0 * x / size;
                double zr = 0;
                double zi = 0;
                int k = 0;
                while (k < maxIter && zr * zr + zi * zi <= 4.0) {
                    double t = zr * zr - zi * zi + cr;
                    zi = 2.0 * zr * zi + ci;
                    zr = t;
                    k++;
                }
                if (k == maxIter) {
                    inside++;
                }
            }
        }
        return inside;
    }

    /** A multiply-xorshift hash over every element (murmur-style mixing), folded into one int. */
    public static int intHash(int[] data) {
        int h = 0x9747b28c;
        for (int i = 0; i < data.length; i++) {
            int k = data[i];
            k *= 0xcc9e2d51;
            k = (k << 15) | (k >>> 17);
            k *= 0x1b873593;
            h ^= k;
            h = (h << 13) | (h >>> 19);
            h = h * 5 + 0xe6546b64;
        }
        h ^= data.length;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    /** Fields read and written in a loop. */
    public static final class Accumulator {
        public int count;
        public long total;
        public double mean;
        public static int calls;
    }

    public static long fieldLoop(Accumulator acc, int[] values) {
        for (int i = 0; i < values.length; i++) {
            acc.count++;
            acc.total += values[i];
            acc.mean = (double) acc.total / acc.count;
            Accumulator.calls++;
        }
        return acc.total + acc.count + (long) acc.mean;
    }
}
