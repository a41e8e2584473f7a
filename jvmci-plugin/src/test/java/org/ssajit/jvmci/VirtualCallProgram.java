package org.ssajit.jvmci;

/**
 * A program for {@link InlineCacheCheckTest}: {@link Shape#area} (an instance method, compiled by ssajit)
 * is called through a virtual call in {@link #sum}, which C1 compiles with an inline cache. The first
 * phase calls it with {@link Shape} receivers only, so the cache becomes monomorphic and enters ssajit's
 * code at its unverified entry; the second phase mixes in {@link Square} (overrides {@code area}) and
 * {@link Plain} (inherits it) and a null receiver. Without a correct class check at that entry a
 * {@code Square} would run {@code Shape.area}. Output: one line per phase, equal under -Xint.
 */
public final class VirtualCallProgram {
    private VirtualCallProgram() {
    }

    static class Shape {
        int w;
        int h;
        long calls;

        Shape(int w, int h) {
            this.w = w;
            this.h = h;
        }

        int area(int scale) {
            calls++;
            return w * h * scale + w / h; // h == 0: ArithmeticException through a deoptimization
        }
    }

    static final class Square extends Shape {
        Square(int s) {
            super(s, s);
        }

        @Override
        int area(int scale) {
            calls += 2;
            return -w * w * scale;
        }
    }

    static final class Plain extends Shape {
        Plain(int w, int h) {
            super(w, h);
        }
    }

    static long sum(Shape[] shapes, int scale) {
        long s = 0;
        for (Shape x : shapes) {
            try {
                s += x.area(scale);
            } catch (ArithmeticException e) {
                s += 1_000_000;
            } catch (NullPointerException e) {
                s += 7_000_000;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        Shape[] same = new Shape[64];
        for (int i = 0; i < same.length; i++) {
            same[i] = new Shape(i + 1, (i % 7) + 1);
        }
        long first = 0;
        for (int r = 0; r < rounds; r++) {
            first += sum(same, r & 15);
        }
        System.out.println("monomorphic " + first);

        Shape[] mixed = {new Shape(3, 4), new Square(5), new Plain(6, 7), new Shape(2, 0), null, new Square(9), new Plain(1, 0), new Shape(8, 3)};
        long second = 0;
        for (int r = 0; r < rounds / 4; r++) {
            second += sum(mixed, r & 15);
        }
        long calls = 0;
        for (Shape x : mixed) {
            calls += x == null ? 0 : x.calls;
        }
        for (Shape x : same) {
            calls += x.calls;
        }
        System.out.println("mixed " + second + " calls " + calls);
    }
}
