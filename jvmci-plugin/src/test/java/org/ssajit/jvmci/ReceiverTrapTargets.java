package org.ssajit.jvmci;

/**
 * Methods whose interface call {@link ReceiverTrapsTest} warms with some receiver classes and runs with
 * others. One method per profile: each call's profile is its method's.
 */
final class ReceiverTrapTargets {
    private ReceiverTrapTargets() {
    }

    interface Shape {
        int area(int k);
    }

    static final class Square implements Shape {
        final int side;

        Square(int side) {
            this.side = side;
        }

        @Override
        public int area(int k) {
            return side * side + k;
        }
    }

    static final class Circle implements Shape {
        final int r;

        Circle(int r) {
            this.r = r;
        }

        @Override
        public int area(int k) {
            return 3 * r * r - k;
        }
    }

    static final class Strip implements Shape {
        @Override
        public int area(int k) {
            return k * 7;
        }
    }

    /** Warmed with squares only: one class. A value below the call on the stack, the loop's sum live across it. */
    static int monomorphic(Shape[] shapes, int k) {
        int sum = 0;
        for (Shape s : shapes) {
            sum = 31 * sum + s.area(k);
        }
        return sum;
    }

    /** Warmed with squares and circles: two classes. */
    static int bimorphic(Shape s, int k) {
        return 100 + s.area(k);
    }

    /** Warmed with squares, circles and a few strips: more classes than the profile's rows. */
    static int threeClasses(Shape s, int k) {
        return 100 + s.area(k);
    }
}
