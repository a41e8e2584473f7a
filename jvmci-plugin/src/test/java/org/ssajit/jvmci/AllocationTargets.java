package org.ssajit.jvmci;

/**
 * Allocation for {@link CompiledAllocationTest}: instances of several sizes, arrays of every element
 * kind and length (negative and huge ones included), allocation in loops (the thread's buffer runs
 * out: the VM's slow path), new objects used at once and kept across calls that collect.
 * HotSpot's compilers are kept off this class; constructors run as calls.
 */
final class AllocationTargets {
    private AllocationTargets() {
    }

    static final class Empty {
    }

    static final class Box {
        int a;
        long b;
        Object next;
        double d;

        Box() {
        }

        Box(int a, long b) {
            this.a = a;
            this.b = b;
        }
    }

    /** 200 bytes of fields: zeroed by a loop, not straight-line stores. */
    static final class Big {
        long f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23;

        long sum() {
            return f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8 + f9 + f10 + f11 + f12 + f13 + f14 + f15 + f16 + f17 + f18 + f19 + f20 + f21 + f22 + f23;
        }
    }

    static int instances(int x) {
        Empty e = new Empty();
        Box z = new Box();
        Box b = new Box(x, x * 3L);
        Big g = new Big();
        return (e.getClass() == Empty.class ? 1 : 0) + z.a + (int) z.b + (z.next == null ? 2 : 0) + (int) z.d + b.a + (int) b.b + (int) g.sum();
    }

    static long arrays(int n) {
        int[] i = new int[n];
        long[] l = new long[n];
        byte[] b = new byte[n];
        boolean[] z = new boolean[n];
        char[] c = new char[n];
        short[] s = new short[n];
        float[] f = new float[n];
        double[] d = new double[n];
        Object[] o = new Object[n];
        String[] t = new String[n];
        long sum = i.length + l.length + b.length + z.length + c.length + s.length + f.length + d.length + o.length + t.length;
        for (int k = 0; k < n; k++) {
            sum += i[k] + l[k] + b[k] + (z[k] ? 1 : 0) + c[k] + s[k] + (long) f[k] + (long) d[k] + (o[k] == null ? 0 : 1) + (t[k] == null ? 0 : 1);
            i[k] = k;
            l[k] = k;
        }
        return sum * 31 + (n > 0 ? i[n - 1] + l[n - 1] : -1);
    }

    /** Small lengths only (the raw lengths of {@link #arrays} include huge and negative ones). */
    static long smallArrays(int n) {
        return arrays(n & 63);
    }

    static int arrayStores(int n) {
        int[] a = new int[(n & 15) + 1];
        char[] c = new char[(n & 7) + 2];
        for (int k = 0; k < a.length; k++) {
            a[k] = k * n;
        }
        c[0] = 'a';
        c[1] = (char) ('a' + (n & 15));
        return a[a.length - 1] + new String(c).hashCode();
    }

    /** Enough allocation to exhaust thread buffers many times: the slow path runs, collections happen. */
    static long churn(int n) {
        long s = 0;
        for (int k = 0; k < (n & 4095); k++) {
            int[] a = new int[k & 255];
            Box b = new Box(k, s);
            s += a.length + b.a + (b.next == null ? 1 : 0);
        }
        return s;
    }

    static Box kept;

    /** New objects live across a call that collects: the reference map names them; they move. */
    static long survivesCollection(int n) {
        Box b = new Box(n, 7);
        int[] a = new int[4];
        a[2] = n;
        CallTargets.collect(n, b);
        boolean same = CallTargets.seen == b;
        return b.a + b.b + a[2] + a.length + (same ? 100 : 0);
    }

    /**
     * {@code multianewarray} of every rank and element kind, full and partial (trailing dimensions left
     * null): shapes, zeroed elements and classes checked; a negative dimension throws
     * NegativeArraySizeException, a huge one OutOfMemoryError, in the interpreter.
     */
    static long multiArrays(int n) {
        int[][] a = new int[2][n];
        long s = a.length + a[0].length + 3L * a[1].length;
        if (n > 0) {
            a[1][n - 1] = 5;
            s += a[1][n - 1] + a[0][n - 1];
        }
        long[][] b = new long[n & 7][3];
        s += b.length * 10L + (b.length > 0 ? b[b.length - 1].length + b[0][2] : 0);
        String[][][] c = new String[3][n & 15][];
        s += c[2].length * 100L + (c[2].length > 0 && c[2][0] == null ? 1000 : 0);
        Object[][][] d = new Object[2][n & 3][2];
        s += d[1].length * 10_000L + (d[1].length > 0 ? d[1][0].length * 100_000L + (d[1][0].getClass() == Object[].class ? 1 : 0) : 0);
        s += d.getClass() == Object[][][].class && c.getClass() == String[][][].class && a[0].getClass() == int[].class ? 7_000_000 : 0;
        boolean[][] e = new boolean[n & 1][n & 31];
        s += e.length > 0 && e[0].length > 0 && !e[0][e[0].length - 1] ? 50_000_000 : 0;
        return s;
    }
}
