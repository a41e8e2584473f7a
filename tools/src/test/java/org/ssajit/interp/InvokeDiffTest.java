package org.ssajit.interp;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Every invoke kind: static, virtual, interface, default, private, super, nested classes, recursion. */
class InvokeDiffTest {
    interface Shape {
        double area();

        default String describe() {
            return getClass().getSimpleName() + ":" + (long) area();
        }

        static Shape of(int k) {
            return switch (Math.floorMod(k, 4)) {
                case 0 -> new Square(k);
                case 1 -> new Circle(k);
                case 2 -> new Rect(k, k + 1);
                default -> new NamedSquare(k);
            };
        }
    }

    interface Named {
        default String describe() {
            return "named";
        }
    }

    static class Square implements Shape {
        final double side;

        Square(double side) {
            this.side = side;
        }

        @Override
        public double area() {
            return side * side;
        }
    }

    static final class Circle implements Shape {
        private final int r;

        Circle(int r) {
            this.r = r;
        }

        @Override
        public double area() {
            return Math.PI * r * r;
        }

        @Override
        public String describe() {
            return "circle " + Shape.super.describe(); // invokespecial of an interface default method
        }
    }

    static class Rect extends Square {
        final double h;

        Rect(double w, double h) {
            super(w);
            this.h = h;
        }

        @Override
        public double area() {
            return side * h + super.area() * 0; // invokespecial of the superclass method
        }

        double superArea() {
            return super.area();
        }
    }

    static final class NamedSquare extends Square implements Named {
        NamedSquare(double s) {
            super(s);
        }

        @Override
        public String describe() {
            return Named.super.describe() + "/" + privateHelper(3) + "/" + staticPrivate(2);
        }

        private int privateHelper(int x) {
            return x * (int) side;
        }

        private static int staticPrivate(int x) {
            return x + 1;
        }
    }

    static abstract class Animal {
        abstract int legs();

        int legsTimes(int k) {
            return legs() * k + sound().length();
        }

        String sound() {
            return "...";
        }
    }

    static class Dog extends Animal {
        @Override
        int legs() {
            return 4;
        }

        @Override
        String sound() {
            return "woof";
        }

        int superSound(int k) {
            return super.sound().length() + sound().length() * k + super.legsTimes(k);
        }
    }

    static class Bird extends Animal {
        @Override
        int legs() {
            return 2;
        }
    }

    // Static entry points --------------------------------------------------------------------------

    static String shapes(int k) {
        Shape s = Shape.of(k);
        return s.describe() + " " + (long) s.area() + (s instanceof Rect r ? " " + (long) r.superArea() : "");
    }

    static int animals(int k) {
        Animal a = (k & 1) == 0 ? new Dog() : new Bird();
        int r = a.legsTimes(k & 0xff);
        if (a instanceof Dog d) {
            r += d.superSound(k & 0xff);
        }
        return r;
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static int recursion(int n) {
        return fib(n & 15) + ackermann(n & 1, n & 3);
    }

    static int ackermann(int m, int n) {
        if (m == 0) {
            return n + 1;
        }
        if (n == 0) {
            return ackermann(m - 1, 1);
        }
        return ackermann(m - 1, ackermann(m, n - 1));
    }

    static long manyArgs(int a, long b, float c, double d, byte e, short f, char g, boolean h, Object i, long j) {
        return a + b + (long) c + (long) d + e + f + g + (h ? 1 : 0) + (i == null ? 7 : 9) + j;
    }

    static long callManyArgs(int a, long b, double d) {
        return manyArgs(a, b, (float) d, d, (byte) a, (short) b, (char) a, a > b, a > 0 ? "x" : null, -b) + manyArgs(1, 2, 3, 4, (byte) 5, (short) 6, '7', true, null, 8);
    }

    static boolean retBoolean(int a) { return a > 3; }
    static byte retByte(int a) { return (byte) (a * 3); }
    static char retChar(int a) { return (char) (a + 'A'); }
    static short retShort(int a) { return (short) (a << 3); }
    static float retFloat(int a) { return a / 3f; }
    static long retLong(int a) { return (long) a * a; }
    static double retDouble(int a) { return Math.sqrt(a); }

    static double returnKinds(int a) {
        return (retBoolean(a) ? 1 : 0) + retByte(a) + retChar(a) + retShort(a) + retFloat(a) + retLong(a) + retDouble(a);
    }

    static int varargs(int... xs) {
        int s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    static int callVarargs(int a) {
        return varargs() + varargs(a) + varargs(a, a, 3) + String.format("%d-%s", a, "x").length();
    }

    static String jdkCalls(String s, int a) {
        StringBuilder sb = new StringBuilder();
        sb.append(s).append(a).append('c').append(2.5).append(true);
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < (a & 7); i++) {
            list.add(i * a);
        }
        return sb.reverse().toString() + list + Integer.toHexString(a) + (s == null ? 0 : s.hashCode()) + Long.toString(a, 7);
    }

    static int virtualOnNull(Shape s) {
        return (int) s.area();
    }

    static int objectMethods(Object o) {
        return (o == null ? 0 : o.toString().length()) + (o != null && o.equals("s") ? 1 : 0) + (o instanceof Integer i ? i.hashCode() : 0) + (o == null ? 0 : o.getClass().getName().length());
    }

    class Inner {
        int get(int k) {
            return outerField + k; // reads the enclosing instance
        }
    }

    int outerField = 5;

    int useInner(int k) {
        Inner in = new Inner();
        outerField += k;
        return in.get(k) + new Inner().get(1);
    }

    static class StaticNested {
        static int twice(int x) {
            return x * 2;
        }

        int plus(int x) {
            return x + 100;
        }
    }

    static int nested(int x) {
        return StaticNested.twice(x) + new StaticNested().plus(x);
    }

    // Tests ----------------------------------------------------------------------------------------

    @Test
    void virtualInterfaceDefaultSuperPrivate() {
        Diff.checkAll(InvokeDiffTest.class, "shapes", "animals", "nested");
        // Identity hash codes differ between runs, so only objects with value-based toString/hashCode.
        List<Object[]> objects = new ArrayList<>();
        for (Object o : new Object[]{null, "s", "abc", 42, -7L, 2.5, 'c', List.of(1, 2)}) {
            objects.add(new Object[]{o});
        }
        Diff.check(InvokeDiffTest.class, "objectMethods", objects);
        List<Object[]> shapes = new ArrayList<>();
        shapes.add(new Object[]{null});
        for (int k = 0; k < 4; k++) {
            shapes.add(new Object[]{Shape.of(k)});
        }
        Diff.check(InvokeDiffTest.class, "virtualOnNull", shapes);
    }

    @Test
    void interpretedVirtualMethods() throws Exception {
        // The callee itself interpreted: receivers of different classes, super and interface-super calls.
        List<Object[]> ints = Inputs.forTypes(new Class<?>[]{int.class}, 4, 100);
        Diff.report(DifferentialRunner.of(Dog.class.getDeclaredMethod("superSound", int.class)).receiver(Dog::new).run(ints)).assertAgreement();
        Diff.report(DifferentialRunner.of(Animal.class.getDeclaredMethod("legsTimes", int.class)).receiver(Bird::new).run(ints)).assertAgreement();
        Diff.report(DifferentialRunner.of(Circle.class.getDeclaredMethod("describe")).receiver(() -> new Circle(3)).run(List.<Object[]>of(new Object[0]))).assertAgreement();
        Diff.report(DifferentialRunner.of(NamedSquare.class.getDeclaredMethod("describe")).receiver(() -> new NamedSquare(4)).run(List.<Object[]>of(new Object[0])))
                        .assertAgreement();
        Diff.report(DifferentialRunner.of(Rect.class.getDeclaredMethod("area")).receiver(() -> new Rect(2, 5)).run(List.<Object[]>of(new Object[0]))).assertAgreement();
        Diff.report(DifferentialRunner.of(Shape.class.getDeclaredMethod("describe")).receiver(() -> new Square(6)).run(List.<Object[]>of(new Object[0]))).assertAgreement();
        Diff.report(DifferentialRunner.of(InvokeDiffTest.class.getDeclaredMethod("useInner", int.class)).receiver(InvokeDiffTest::new).run(ints)).assertAgreement();
    }

    @Test
    void staticCallsAndRecursion() {
        Diff.checkAll(InvokeDiffTest.class, "recursion", "callManyArgs", "returnKinds", "callVarargs", "jdkCalls");
        Diff.checkAll(InvokeDiffTest.class, "retBoolean", "retByte", "retChar", "retShort", "retFloat", "retLong", "retDouble", "manyArgs");
    }
}
