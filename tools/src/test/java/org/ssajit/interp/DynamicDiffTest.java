package org.ssajit.interp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * invokedynamic (string concatenation, lambdas, method references, pattern switches, record methods)
 * and signature-polymorphic calls (MethodHandle.invokeExact/invoke, VarHandle accessors). The runner
 * interprets each method twice: with the call sites unlinked (cold) and linked by HotSpot (warm).
 */
class DynamicDiffTest {
    static String concat(String s, int i, long l, char c, boolean z, float f, double d, Object o) {
        return s + i + "|" + l + c + z + "/" + f + ":" + d + o + '\u0001' + (s == null ? "" : s.toUpperCase());
    }

    static int lambdas(int a, long b, double c) {
        IntBinaryOperator add = (x, y) -> x + y + a;
        Supplier<Long> sup = () -> b * 2 + a;
        BiFunction<Double, Integer, String> fmt = (d, i) -> d + "#" + i;
        return add.applyAsInt(3, 4) + sup.get().intValue() + fmt.apply(c, a).length();
    }

    static int methodRefs(int a) {
        IntBinaryOperator max = Math::max;
        Supplier<List<Integer>> make = ArrayList::new;
        List<Integer> l = make.get();
        l.add(a);
        l.add(max.applyAsInt(a, 10));
        Supplier<String> bound = l::toString;
        return bound.get().length() + l.stream().mapToInt(Integer::intValue).sum();
    }

    static int streams(int n) {
        return IntStream.range(0, n & 63).filter(i -> i % 3 != 0).map(i -> i * n).sum();
    }

    sealed interface Expr permits Num, Add, Neg {
    }

    record Num(int v) implements Expr {
    }

    record Add(Expr l, Expr r) implements Expr {
    }

    record Neg(Expr e) implements Expr {
    }

    static int eval(Expr e) {
        return switch (e) {
            case Num n -> n.v();
            case Add(Expr l, Expr r) -> eval(l) + eval(r);
            case Neg(Num(int v)) when v == 0 -> 1000;
            case Neg n -> -eval(n.e());
        };
    }

    static int patterns(int a, int b) {
        Expr e = new Add(new Num(a), new Neg(b == 0 ? new Num(0) : new Add(new Num(b), new Num(1))));
        return eval(e) + patternSwitch(a % 3 == 0 ? "str" : a % 3 == 1 ? (Object) Integer.valueOf(a) : (Object) Long.valueOf(b));
    }

    static int patternSwitch(Object o) {
        return switch (o) {
            case null -> -1;
            case String s when s.length() > 2 -> s.length();
            case String s -> 0;
            case Integer i -> i & 0xff;
            default -> 7;
        };
    }

    static String recordMethods(int a, String s) {
        Num n = new Num(a);
        Add x = new Add(n, new Num(a + 1));
        return x + "" + x.equals(new Add(new Num(a), new Num(a + 1))) + (n.hashCode() == new Num(a).hashCode()) + s;
    }

    static final MethodHandle ADD;
    static final MethodHandle CONCAT;
    static final VarHandle COUNTER;
    static final VarHandle INTS;
    static int counter;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ADD = l.findStatic(DynamicDiffTest.class, "add3", MethodType.methodType(long.class, int.class, long.class, double.class));
            CONCAT = l.findVirtual(String.class, "concat", MethodType.methodType(String.class, String.class));
            COUNTER = l.findStaticVarHandle(DynamicDiffTest.class, "counter", int.class);
            INTS = MethodHandles.arrayElementVarHandle(int[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static long add3(int a, long b, double c) {
        return a + b + (long) c;
    }

    static long methodHandles(int a, long b) throws Throwable {
        long x = (long) ADD.invokeExact(a, b, 2.5);
        Object y = ADD.invoke(a, (long) a, (double) b); // generic invoke: asType with boxing
        String z = (String) CONCAT.invokeExact("a", String.valueOf(a));
        return x + (Long) y + z.length();
    }

    static int wrongType(int a) throws Throwable {
        return (int) ADD.invokeExact(a, 1L, 2.0); // WrongMethodTypeException: the handle returns long
    }

    static int varHandles(int a, int[] arr) {
        COUNTER.set(a);
        int old = (int) COUNTER.getAndAdd(5);
        boolean swapped = COUNTER.compareAndSet(a + 5, a * 2);
        int now = (int) COUNTER.getVolatile();
        if (arr != null && arr.length > 0) {
            INTS.setRelease(arr, 0, now);
            INTS.getAndAdd(arr, arr.length - 1, 1);
        }
        return old + now + (swapped ? 1 : 0) + (arr == null || arr.length == 0 ? 0 : (int) INTS.get(arr, 0));
    }

    @Test
    void stringConcatenation() {
        Diff.check(DynamicDiffTest.class, "concat");
    }

    @Test
    void lambdasAndMethodReferences() {
        Diff.checkAll(DynamicDiffTest.class, "lambdas", "methodRefs", "streams");
    }

    @Test
    void patternsAndRecords() {
        Diff.checkAll(DynamicDiffTest.class, "patterns", "recordMethods");
        List<Object[]> objects = new ArrayList<>();
        for (Object o : new Object[]{null, "", "ab", "abcd", 300, 5L, 2.0}) {
            objects.add(new Object[]{o});
        }
        Diff.check(DynamicDiffTest.class, "patternSwitch", objects);
    }

    @Test
    void recordMethodsInterpreted() throws Exception {
        // The record's own toString/hashCode/equals are invokedynamic sites (ObjectMethods bootstrap).
        Add receiver = new Add(new Num(1), new Neg(new Num(2)));
        Diff.report(DifferentialRunner.of(Add.class.getDeclaredMethod("toString")).receiver(() -> receiver).run(List.<Object[]>of(new Object[0]))).assertAgreement();
        Diff.report(DifferentialRunner.of(Add.class.getDeclaredMethod("hashCode")).receiver(() -> receiver).run(List.<Object[]>of(new Object[0]))).assertAgreement();
        List<Object[]> others = new ArrayList<>();
        for (Object o : new Object[]{null, receiver, new Add(new Num(1), new Neg(new Num(2))), new Add(new Num(1), new Num(2)), "x"}) {
            others.add(new Object[]{o});
        }
        Diff.report(DifferentialRunner.of(Add.class.getDeclaredMethod("equals", Object.class)).receiver(() -> receiver).run(others)).assertAgreement();
    }

    @Test
    void signaturePolymorphic() {
        Diff.checkAll(DynamicDiffTest.class, "methodHandles", "wrongType");
        Diff.report(Diff.runner(DynamicDiffTest.class, "varHandles").reset(() -> counter = 0).observe(() -> counter)
                        .run(Inputs.forTypes(new Class<?>[]{int.class, int[].class}, 5, 200))).assertAgreement();
    }
}
