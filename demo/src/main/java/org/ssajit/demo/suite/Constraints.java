package org.ssajit.demo.suite;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Object-oriented dispatch and constraint solving: a finite-domain solver (domains as bit sets,
 * constraints as a class hierarchy whose {@code propagate} is called through the abstract class,
 * a propagation queue, depth-first search with a trail to undo domain changes) on four problems with
 * known answers: the solutions of 11 queens (2680), the proper 3-colourings of a 16-cycle
 * (2^16 + 2 = 65538), the 3 x 3 magic squares (8) and SEND + MORE = MONEY (9567 + 1085 = 10652).
 */
final class Constraints extends SuiteProgram {
    Constraints() {
        super("constraints");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 23880427493L;
    }

    @Override
    protected long unit() {
        long sum = 0;
        Solver queens = queens(11);
        check(queens.countSolutions() == 2680, "11 queens: " + queens.solutions + " solutions, not 2680");
        sum = sum * 31 + queens.nodes;
        Solver cycle = colouredCycle(16, 3);
        check(cycle.countSolutions() == 65538, "3-colourings of a 16-cycle: " + cycle.solutions + ", not 65538");
        sum = sum * 31 + cycle.nodes;
        Solver magic = magicSquare();
        check(magic.countSolutions() == 8, "3 x 3 magic squares: " + magic.solutions + ", not 8");
        sum = sum * 31 + magic.nodes;
        Solver money = new Solver();
        Var[] v = sendMoreMoney(money);
        check(money.countSolutions() == 1, "SEND + MORE = MONEY: " + money.solutions + " solutions, not 1");
        long send = 1000L * v[0].first + 100 * v[1].first + 10 * v[2].first + v[3].first;
        long more = 1000L * v[4].first + 100 * v[5].first + 10 * v[6].first + v[1].first;
        check(send == 9567 && more == 1085, "SEND + MORE = MONEY: " + send + " + " + more);
        sum = sum * 31 + money.nodes + send;
        return sum * 31 + queens.propagations + cycle.propagations + magic.propagations + money.propagations;
    }

    /** n queens, one a column: rows differ, and both diagonals. */
    private static Solver queens(int n) {
        Solver s = new Solver();
        Var[] q = new Var[n];
        for (int i = 0; i < n; i++) {
            q[i] = s.newVar(0, n - 1);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s.post(new NotEqual(q[i], q[j], 0));
                s.post(new NotEqual(q[i], q[j], j - i));
                s.post(new NotEqual(q[i], q[j], i - j));
            }
        }
        return s;
    }

    private static Solver colouredCycle(int n, int colours) {
        Solver s = new Solver();
        Var[] c = new Var[n];
        for (int i = 0; i < n; i++) {
            c[i] = s.newVar(0, colours - 1);
        }
        for (int i = 0; i < n; i++) {
            s.post(new NotEqual(c[i], c[(i + 1) % n], 0));
        }
        return s;
    }

    private static Solver magicSquare() {
        Solver s = new Solver();
        Var[] m = new Var[9];
        for (int i = 0; i < 9; i++) {
            m[i] = s.newVar(1, 9);
        }
        s.post(new AllDifferent(m));
        int[] ones = {1, 1, 1};
        int[][] lines = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
        for (int[] line : lines) {
            s.post(new LinearEquals(ones, new Var[]{m[line[0]], m[line[1]], m[line[2]]}, 15));
        }
        return s;
    }

    /** S E N D M O R Y, after posting SEND + MORE = MONEY with distinct digits and no leading zero. */
    private static Var[] sendMoreMoney(Solver s) {
        Var sv = s.newVar(1, 9);
        Var e = s.newVar(0, 9);
        Var n = s.newVar(0, 9);
        Var d = s.newVar(0, 9);
        Var m = s.newVar(1, 9);
        Var o = s.newVar(0, 9);
        Var r = s.newVar(0, 9);
        Var y = s.newVar(0, 9);
        Var[] all = {sv, e, n, d, m, o, r, y};
        s.post(new AllDifferent(all));
        // 1000 S + 91 E - 90 N + D - 9000 M - 900 O + 10 R - Y = 0
        s.post(new LinearEquals(new int[]{1000, 91, -90, 1, -9000, -900, 10, -1}, all, 0));
        s.post(new LessThan(m, sv));
        return all;
    }

    /** A variable: a set of values in [0, 63] as bits; {@code first} is its value when a solution was found. */
    static final class Var {
        long bits;
        final List<Constraint> watchers = new ArrayList<>();
        int first = -1;

        Var(long bits) {
            this.bits = bits;
        }

        int min() {
            return Long.numberOfTrailingZeros(bits);
        }

        int max() {
            return 63 - Long.numberOfLeadingZeros(bits);
        }

        boolean fixed() {
            return bits != 0 && (bits & (bits - 1)) == 0;
        }

        boolean contains(int v) {
            return v >= 0 && v < 64 && (bits >>> v & 1) != 0;
        }
    }

    /** A constraint over some variables; {@link #propagate} narrows their domains through the solver. */
    abstract static class Constraint {
        boolean queued;

        abstract Var[] vars();

        /** Removes values no solution can have; false when a domain became empty. */
        abstract boolean propagate(Solver s);
    }

    /** x != y + offset. */
    static final class NotEqual extends Constraint {
        private final Var x;
        private final Var y;
        private final int offset;

        NotEqual(Var x, Var y, int offset) {
            this.x = x;
            this.y = y;
            this.offset = offset;
        }

        @Override
        Var[] vars() {
            return new Var[]{x, y};
        }

        @Override
        boolean propagate(Solver s) {
            if (x.fixed()) {
                return s.remove(y, x.min() - offset);
            }
            if (y.fixed()) {
                return s.remove(x, y.min() + offset);
            }
            return true;
        }
    }

    /** Pairwise distinct: a fixed value leaves the others; fewer values than variables fails. */
    static final class AllDifferent extends Constraint {
        private final Var[] vars;

        AllDifferent(Var[] vars) {
            this.vars = vars.clone();
        }

        @Override
        Var[] vars() {
            return vars;
        }

        @Override
        boolean propagate(Solver s) {
            long union = 0;
            for (Var v : vars) {
                if (v.fixed()) {
                    int value = v.min();
                    for (Var w : vars) {
                        if (w != v && !s.remove(w, value)) {
                            return false;
                        }
                    }
                }
            }
            for (Var v : vars) {
                union |= v.bits;
            }
            return Long.bitCount(union) >= vars.length;
        }
    }

    /** sum of coefficients[i] * vars[i] == total, by bounds. */
    static final class LinearEquals extends Constraint {
        private final int[] coefficients;
        private final Var[] vars;
        private final int total;

        LinearEquals(int[] coefficients, Var[] vars, int total) {
            this.coefficients = coefficients.clone();
            this.vars = vars.clone();
            this.total = total;
        }

        @Override
        Var[] vars() {
            return vars;
        }

        @Override
        boolean propagate(Solver s) {
            boolean changed = true;
            while (changed) {
                changed = false;
                long lo = 0;
                long hi = 0;
                for (int i = 0; i < vars.length; i++) {
                    lo += low(i);
                    hi += high(i);
                }
                if (lo > total || hi < total) {
                    return false;
                }
                for (int i = 0; i < vars.length; i++) {
                    // Every other term at its extreme bounds this term; this variable within them.
                    long restLo = lo - low(i);
                    long restHi = hi - high(i);
                    int c = coefficients[i];
                    long a = total - restHi;
                    long b = total - restLo;
                    long min = c > 0 ? ceilDiv(a, c) : ceilDiv(b, c);
                    long max = c > 0 ? Math.floorDiv(b, c) : Math.floorDiv(a, c);
                    long before = vars[i].bits;
                    if (!s.restrict(vars[i], min, max)) {
                        return false;
                    }
                    changed |= vars[i].bits != before;
                }
            }
            return true;
        }

        private long low(int i) {
            int c = coefficients[i];
            return (long) c * (c > 0 ? vars[i].min() : vars[i].max());
        }

        private long high(int i) {
            int c = coefficients[i];
            return (long) c * (c > 0 ? vars[i].max() : vars[i].min());
        }

        private static long ceilDiv(long a, long b) {
            return -Math.floorDiv(-a, b);
        }
    }

    /** x < y, by bounds. */
    static final class LessThan extends Constraint {
        private final Var x;
        private final Var y;

        LessThan(Var x, Var y) {
            this.x = x;
            this.y = y;
        }

        @Override
        Var[] vars() {
            return new Var[]{x, y};
        }

        @Override
        boolean propagate(Solver s) {
            return s.restrict(x, 0, y.max() - 1) && s.restrict(y, x.min() + 1, 63);
        }
    }

    /**
     * Variables, constraints, a queue of constraints to propagate and a trail of (variable, old
     * domain) pairs; search tries the values of the variable with the fewest, smallest first.
     */
    static final class Solver {
        private final List<Var> vars = new ArrayList<>();
        private final List<Constraint> constraints = new ArrayList<>();
        private final ArrayDeque<Constraint> queue = new ArrayDeque<>();
        private final ArrayList<Var> trailVars = new ArrayList<>();
        private long[] trailBits = new long[64];
        long solutions;
        long nodes;
        long propagations;

        Var newVar(int lo, int hi) {
            Var v = new Var((hi == 63 ? -1L : (1L << (hi + 1)) - 1) & -(1L << lo));
            vars.add(v);
            return v;
        }

        void post(Constraint c) {
            constraints.add(c);
            for (Var v : c.vars()) {
                v.watchers.add(c);
            }
        }

        boolean remove(Var v, int value) {
            if (!v.contains(value)) {
                return true;
            }
            return update(v, v.bits & ~(1L << value));
        }

        boolean restrict(Var v, long lo, long hi) {
            if (lo > 63 || hi < 0 || lo > hi) {
                return update(v, 0);
            }
            long mask = (hi >= 63 ? -1L : (1L << (hi + 1)) - 1) & -(1L << Math.max(0, lo));
            return (v.bits & ~mask) == 0 || update(v, v.bits & mask);
        }

        private boolean update(Var v, long bits) {
            int n = trailVars.size();
            if (n == trailBits.length) {
                trailBits = java.util.Arrays.copyOf(trailBits, n * 2);
            }
            trailVars.add(v);
            trailBits[n] = v.bits;
            v.bits = bits;
            if (bits == 0) {
                return false;
            }
            for (Constraint c : v.watchers) {
                if (!c.queued) {
                    c.queued = true;
                    queue.add(c);
                }
            }
            return true;
        }

        private boolean propagate() {
            while (!queue.isEmpty()) {
                Constraint c = queue.poll();
                c.queued = false;
                propagations++;
                if (!c.propagate(this)) {
                    for (Constraint rest : queue) {
                        rest.queued = false;
                    }
                    queue.clear();
                    return false;
                }
            }
            return true;
        }

        private void undoTo(int mark) {
            for (int i = trailVars.size() - 1; i >= mark; i--) {
                trailVars.get(i).bits = trailBits[i];
                trailVars.remove(i);
            }
        }

        long countSolutions() {
            for (Constraint c : constraints) {
                c.queued = true;
                queue.add(c);
            }
            if (propagate()) {
                search();
            }
            return solutions;
        }

        private void search() {
            nodes++;
            Var best = null;
            for (Var v : vars) {
                if (!v.fixed() && (best == null || Long.bitCount(v.bits) < Long.bitCount(best.bits))) {
                    best = v;
                }
            }
            if (best == null) {
                if (solutions++ == 0) {
                    for (Var v : vars) {
                        v.first = v.min();
                    }
                }
                return;
            }
            for (long rest = best.bits; rest != 0; rest &= rest - 1) {
                int value = Long.numberOfTrailingZeros(rest);
                int mark = trailVars.size();
                if (update(best, 1L << value) && propagate()) {
                    search();
                }
                undoTo(mark);
            }
        }
    }
}
