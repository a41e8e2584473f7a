package org.ssajit.interp;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Allocation and constructors (the placeholder rebinding), type checks, records and enums. */
class ObjectDiffTest {
    static class Point {
        final int x;
        final int y;
        static int created;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
            created++;
        }

        Point(int v) {
            this(v, -v); // constructor chaining runs inside the JVM
        }

        Point() {
            this(7);
        }

        Point plus(Point o) {
            return new Point(x + o.x, y + o.y);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point p && p.x == x && p.y == y;
        }

        @Override
        public int hashCode() {
            return x * 31 + y;
        }
    }

    static class Checked {
        final int v;

        Checked(int v) {
            if (v < 0) {
                throw new IllegalArgumentException("negative " + v);
            }
            this.v = v;
        }
    }

    record Pair(String name, long value) {
    }

    enum Op {
        ADD, SUB, MUL;

        int apply(int a, int b) {
            return switch (this) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
            };
        }
    }

    static int constructors(int a, int b) {
        Point p = new Point(a, b);
        Point q = new Point(a);
        Point r = new Point();
        Point s = p.plus(q).plus(r);
        // The placeholder must be rebound in every value that held it: here both the stored local and
        // the copy left on the stack by dup.
        Point t;
        Object u = t = new Point(b, a);
        return s.x * 3 + s.y + t.x - ((Point) u).y + (p.equals(new Point(a, b)) ? 1 : 0);
    }

    static int allocationInLoop(int n) {
        Point[] ps = new Point[n & 15];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = new Point(i, i * n);
        }
        int h = 0;
        for (Point p : ps) {
            h = h * 31 + p.hashCode();
        }
        return h;
    }

    static int nestedNew(int a) {
        // new A(new B(...)): two placeholders alive at once.
        return new Point(new Point(a, 1).x + 1, new Point(2, a).plus(new Point(a)).y).hashCode();
    }

    static int throwingConstructor(int v) {
        int r = 0;
        try {
            r = new Checked(v).v;
        } catch (IllegalArgumentException e) {
            r = -1;
        }
        return r + new Checked(v & 0xff).v;
    }

    static int exceptionsAndBuilders(int a) {
        StringBuilder sb = new StringBuilder("x");
        sb.append(new ArrayList<Integer>(List.of(a, a + 1)));
        RuntimeException e = a > 0 ? new IllegalStateException("s" + a) : new UnsupportedOperationException();
        return sb.length() + (e.getMessage() == null ? 0 : e.getMessage().length()) + e.getClass().getSimpleName().length();
    }

    static long records(String s, long v) {
        Pair p = new Pair(s, v);
        Pair q = new Pair(s, v + 1);
        return p.value() + q.value() + (p.equals(new Pair(s, v)) ? 1 : 0) + (p.equals(q) ? 10 : 0) + (s == null ? 0 : p.name().length()) + p.hashCode() % 3;
    }

    static int enums(int k, int a, int b) {
        Op op = Op.values()[Math.floorMod(k, 3)];
        return op.apply(a, b) + op.ordinal() * 1000 + op.name().length() + Op.valueOf("MUL").ordinal();
    }

    static int typeChecks(Object o) {
        int r = 0;
        if (o instanceof String) r |= 1;
        if (o instanceof CharSequence) r |= 2;
        if (o instanceof Number) r |= 4;
        if (o instanceof Integer) r |= 8;
        if (o instanceof int[]) r |= 16;
        if (o instanceof Object[]) r |= 32;
        if (o instanceof String[]) r |= 64;
        if (o instanceof Comparable<?>) r |= 128;
        if (o instanceof Cloneable) r |= 256;
        return r;
    }

    static int casts(Object o) {
        String s = (String) o; // ClassCastException for everything but strings and null
        return s == null ? -1 : s.length();
    }

    static int arrayCasts(Object o) {
        Object[] a = (Object[]) o;
        Number[] n = (Number[]) a;
        return n.length;
    }

    static int anonymous(int a) {
        Comparable<Integer> c = new Comparable<>() {
            @Override
            public int compareTo(Integer o) {
                return Integer.compare(a, o);
            }
        };
        return c.compareTo(3) + c.compareTo(a) * 10;
    }

    static int statics(int a) {
        Point.created = 0;
        new Point(a, a);
        new Point();
        return Point.created;
    }

    @Test
    void allocation() {
        Diff.checkAll(ObjectDiffTest.class, "constructors", "allocationInLoop", "nestedNew", "throwingConstructor", "exceptionsAndBuilders", "records", "enums", "anonymous",
                        "statics");
    }

    @Test
    void instanceofAndCheckcast() {
        List<Object[]> objects = new ArrayList<>();
        for (Object o : new Object[]{null, "s", 42, 2.5, new int[1], new Object[0], new String[]{"a"}, new Integer[]{1, 2}, new StringBuilder("x"), new Object()}) {
            objects.add(new Object[]{o});
        }
        Diff.check(ObjectDiffTest.class, "typeChecks", objects);
        Diff.check(ObjectDiffTest.class, "casts", objects);
        Diff.check(ObjectDiffTest.class, "arrayCasts", objects);
    }
}
