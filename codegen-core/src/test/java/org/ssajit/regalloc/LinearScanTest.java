package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.check;
import static org.ssajit.regalloc.Harness.config;
import static org.ssajit.regalloc.Harness.inputs;

import java.lang.reflect.Method;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

/**
 * Java methods through the test target, run before and after allocation with a small register file
 * (so that values are split and spilled) and compared.
 */
class LinearScanTest {
    static int straight(int a, int b, int c, int d) {
        int e = a + b;
        int f = c * d;
        int g = e - f;
        int h = a ^ d;
        int i = b | c;
        int j = g + h;
        int k = i * e;
        int l = f - a;
        return a + b + c + d + e + f + g + h + i + j + k + l;
    }

    static int sumLoop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i * i;
        }
        return s;
    }

    static int nested(int n, int m) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                s += i * j + (s & 7);
            }
            s ^= i;
        }
        return s;
    }

    /** The phis of a and b swap every iteration: a parallel move cycle on the back edge. */
    static int swap(int a, int b, int n) {
        for (int i = 0; i < n; i++) {
            int t = a;
            a = b;
            b = t;
        }
        return a * 31 + b;
    }

    static int rotate(int a, int b, int c, int d, int n) {
        for (int i = 0; i < n; i++) {
            int t = a;
            a = b;
            b = c;
            c = d;
            d = t;
        }
        return ((a * 31 + b) * 31 + c) * 31 + d;
    }

    static long swapLongs(long a, long b, double x, double y, int n) {
        for (int i = 0; i < n; i++) {
            long t = a;
            a = b + 1;
            b = t;
            double u = x;
            x = y;
            y = u * 0.5;
        }
        return a * 7 + b + (long) x + (long) (y * 1000);
    }

    static long longs(long a, long b, int n) {
        long s = 0x123456789AL;
        for (int i = 0; i < n; i++) {
            s = s * 31 + (a ^ b) + i;
            a = a + (s >>> 7);
            b = b - (s << 3);
        }
        return s + a + b;
    }

    static double doubles(double x, float y, int n) {
        double s = 0;
        float f = y;
        for (int i = 0; i < n; i++) {
            s = s * 0.5 + x * i + f;
            f = f * 1.5f - (float) s;
            if (s > 1e9) {
                s = -s;
            }
        }
        return s + f;
    }

    static int helper(int x, int y) {
        return x * 3 + y;
    }

    static long helper5(int a, long b, double c, int d, long e) {
        return a + b * 2 + (long) c + d * 5 + e;
    }

    static double fhelper(double a, float b) {
        return a * 2 + b;
    }

    static int calls(int n) {
        int s = 0;
        int k = n * 3;
        int m = n ^ 5;
        for (int i = 0; i < n; i++) {
            s += helper(i, k) + m;
            k = k + 1;
        }
        return s + k + m;
    }

    static long manyArgs(int n, long l, double d) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += helper5(i, l, d, n - i, s);
            d = fhelper(d, 0.25f) - d;
        }
        return s + (long) d;
    }

    static int divs(int a, int b, int n) {
        int s = 0;
        int x = a;
        for (int i = 1; i <= n; i++) {
            s += x / b + x % (b + i);
            x = x * 3 + s;
        }
        return s + x / (b - 1);
    }

    static long ldivs(long a, long b) {
        return a / b + a % b + (a / 7) * (b % 5);
    }

    static int arrays(int[] a, int[] b, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            a[i % a.length] += helper(b[i % b.length], s);
            s += a[(i + 1) % a.length];
        }
        return s + a.length * 1000 + b.length;
    }

    static int newArrays(int n) {
        int[] x = new int[n + 1];
        long[] y = new long[n + 2];
        for (int i = 0; i < n; i++) {
            x[i] = helper(i, x[(i + 1) % x.length]);
            y[i + 1] = y[i] + x[i];
        }
        return (int) y[n] + x.length;
    }

    static int switchy(int x, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            switch ((x + i) & 7) {
                case 0 -> s += 1;
                case 1 -> s *= 3;
                case 2, 3 -> s -= i;
                case 5 -> s ^= x;
                default -> s += x;
            }
        }
        return s;
    }

    /** More live values than registers, all read inside a loop. */
    static int manyLive(int a, int n) {
        int v0 = a + 1;
        int v1 = a * 2;
        int v2 = a ^ 3;
        int v3 = a - 4;
        int v4 = a | 5;
        int v5 = a * 6;
        int v6 = a + 7;
        int v7 = a ^ 8;
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += v0 * i + v1 - v2 + (v3 ^ i) + v4 + v5 * v6 - v7;
            v0 = v1 + i;
            v1 = v2 ^ v0;
            v2 = v3 + 1;
        }
        return s + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
    }

    static long mixedLongConstants(int n) {
        long a = 0x7fff_ffff_ffffL;
        long b = -1L;
        long c = 5;
        for (int i = 0; i < n; i++) {
            long t = a;
            a = b ^ 0x1234_5678_9abcL;
            b = c + t;
            c = (i & 1) == 0 ? 0x4000_0000_0000L : c * 3;
        }
        return a + b + c;
    }

    /** {@code k} and {@code a} are defined before the loop, read after each call in it. */
    static int spilledAcrossCalls(int a, int n) {
        int k = a * 3 + 1;
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += helper(i, s) + k;
            s ^= a;
        }
        return s + k;
    }

    static int handlerJoin(int[] a, int n) {
        int x = n;
        if (n > 0) {
            try {
                return a[n];
            } catch (RuntimeException e) {
                x = -1;
            }
        }
        return x * 2;
    }

    private static void run(String name, int ints, int floats, List<Object[]> in) {
        Method m = Jvmci.declared(LinearScanTest.class, name);
        Harness.Checked c = check(Jvmci.graph(LinearScanTest.class, name), config(ints, floats), m, in);
        assertTrue(c.result().stats().intervals() > 0);
    }

    @Test
    void straightLineWithMoreValuesThanRegisters() {
        run("straight", 3, 3, inputs(new Object[]{1, 2, 3, 4}, new Object[]{-7, 100, 13, 0}));
        run("straight", 6, 4, inputs(new Object[]{1, 2, 3, 4}));
    }

    @Test
    void loops() {
        run("sumLoop", 3, 3, inputs(new Object[]{0}, new Object[]{1}, new Object[]{17}));
        run("nested", 3, 3, inputs(new Object[]{0, 0}, new Object[]{3, 4}, new Object[]{9, 7}));
        run("nested", 4, 3, inputs(new Object[]{5, 5}));
    }

    @Test
    void phiCyclesOnBackEdges() {
        for (int ints = 3; ints <= 6; ints++) {
            run("swap", ints, 3, inputs(new Object[]{1, 2, 0}, new Object[]{1, 2, 1}, new Object[]{1, 2, 7}));
            run("rotate", ints, 3, inputs(new Object[]{1, 2, 3, 4, 0}, new Object[]{1, 2, 3, 4, 3}, new Object[]{1, 2, 3, 4, 10}));
        }
        run("swapLongs", 3, 3, inputs(new Object[]{1L, 2L, 1.5, -2.5, 5}, new Object[]{1L << 40, -3L, 0.0, 8.0, 4}));
        run("swapLongs", 4, 3, inputs(new Object[]{1L, 2L, 1.5, -2.5, 5}));
    }

    @Test
    void longsAndDoubles() {
        run("longs", 3, 3, inputs(new Object[]{1L, 2L, 5}, new Object[]{Long.MIN_VALUE, -1L, 9}));
        run("doubles", 3, 3, inputs(new Object[]{1.5, 2.25f, 6}, new Object[]{-0.0, Float.NaN, 3}));
        run("mixedLongConstants", 3, 3, inputs(new Object[]{0}, new Object[]{5}, new Object[]{8}));
    }

    @Test
    void callsInsideLoops() {
        run("calls", 3, 3, inputs(new Object[]{0}, new Object[]{4}, new Object[]{11}));
        run("calls", 5, 3, inputs(new Object[]{6}));
        run("manyArgs", 3, 3, inputs(new Object[]{3, 7L, 1.25}, new Object[]{0, 0L, 0.0}));
        run("manyArgs", 6, 4, inputs(new Object[]{5, -7L, 3.5}));
    }

    @Test
    void fixedRegisterDivision() {
        run("divs", 3, 3, inputs(new Object[]{100, 7, 5}, new Object[]{-50, 3, 9}, new Object[]{5, 0, 3}, new Object[]{5, 1, 3}));
        run("divs", 4, 3, inputs(new Object[]{100, 7, 5}));
        run("ldivs", 3, 3, inputs(new Object[]{100L, 7L}, new Object[]{Long.MIN_VALUE, -1L}, new Object[]{1L, 0L}));
    }

    @Test
    void referencesAcrossCallsAndSafepoints() {
        run("arrays", 3, 3, inputs(new Object[]{new int[]{1, 2, 3}, new int[]{4, 5}, 7}, new Object[]{new int[]{1}, new int[]{0}, 0}));
        run("arrays", 4, 3, inputs(new Object[]{new int[]{1, 2, 3}, new int[]{4, 5}, 10}, new Object[]{null, new int[]{1}, 1}));
        run("newArrays", 3, 3, inputs(new Object[]{0}, new Object[]{6}, new Object[]{-5}));
    }

    @Test
    void switches() {
        run("switchy", 3, 3, inputs(new Object[]{0, 20}, new Object[]{3, 9}));
    }

    /** Exception paths deoptimize: the join after a try gets its phi values from the branch's edge only. */
    @Test
    void joinsWhoseOtherPredecessorsAreHandlers() {
        run("handlerJoin", 3, 3, inputs(new Object[]{new int[]{1, 2}, 1}, new Object[]{new int[]{1, 2}, 0}, new Object[]{new int[]{1, 2}, 5},
                        new Object[]{null, 1}));
    }

    /**
     * Spill at definition: a value defined before a loop, live across the calls in it, is stored in its
     * slot once, outside the loop, and only reloaded in it (before, it was stored again each time it
     * was spilled around a call). The runs compare the results; the verifier models a GC at each call,
     * so a slot missing from a reference map fails too (see referencesAcrossCallsAndSafepoints).
     */
    @Test
    void aValueSpilledInALoopIsStoredBeforeIt() {
        Method m = Jvmci.declared(LinearScanTest.class, "spilledAcrossCalls");
        Harness.Checked c = check(Jvmci.graph(LinearScanTest.class, "spilledAcrossCalls"), config(3, 3), m,
                        inputs(new Object[]{5, 0}, new Object[]{5, 1}, new Object[]{-2, 9}));
        // The loop depth of each op's block, by the op's position (original ops keep theirs).
        java.util.Map<Integer, Integer> depthAt = new java.util.HashMap<>();
        for (org.ssajit.lir.LirBlock b : c.lir().blocks()) {
            for (org.ssajit.lir.LirOp op : b.ops()) {
                if (!c.result().isInserted(op)) {
                    depthAt.put(op.id(), b.loopDepth());
                }
            }
        }
        // The slots of the values stored at their definition, defined outside any loop.
        java.util.Set<Integer> storedOnce = new java.util.HashSet<>();
        for (IntervalView part : c.result().intervals()) {
            if (part.part() == 0 && part.operand() instanceof org.ssajit.lir.Variable v && c.result().slotStoredAtDefinition(v) != null
                            && depthAt.get(part.ranges().get(0).from()) == 0) {
                storedOnce.add(Locations.key(c.result().slotStoredAtDefinition(v)));
            }
        }
        assertTrue(!storedOnce.isEmpty(), "some value defined before the loop is stored at its definition\n" + c.lir());
        int reloadsInLoop = 0;
        for (org.ssajit.lir.LirBlock b : c.lir().blocks()) {
            for (org.ssajit.lir.LirOp op : b.ops()) {
                if (!c.result().isInserted(op) || !(op instanceof org.ssajit.lir.MoveOp mv)) {
                    continue;
                }
                boolean intoSlot = mv.result() instanceof jdk.vm.ci.code.StackSlot && storedOnce.contains(Locations.key(mv.result()));
                assertTrue(!(intoSlot && b.loopDepth() > 0 && mv.input() instanceof jdk.vm.ci.code.RegisterValue),
                                () -> "a store into a slot written at its definition inside the loop: " + op + " in " + b + "\n" + c.lir());
                if (b.loopDepth() > 0 && mv.input() instanceof jdk.vm.ci.code.StackSlot && storedOnce.contains(Locations.key(mv.input()))) {
                    reloadsInLoop++;
                }
            }
        }
        assertTrue(reloadsInLoop > 0, "the loop reloads a value stored before it\n" + c.lir());
    }

    @Test
    void manyLiveValuesInALoop() {
        for (int ints = 3; ints <= 6; ints++) {
            run("manyLive", ints, 3, inputs(new Object[]{3, 0}, new Object[]{3, 10}, new Object[]{-100, 4}));
        }
    }
}
