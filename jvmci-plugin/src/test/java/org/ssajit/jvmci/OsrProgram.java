package org.ssajit.jvmci;

import java.util.List;
import java.util.function.Supplier;

/**
 * Loops hot enough that HotSpot asks for on-stack-replacement compiles while they run, for
 * {@link OnStackReplacementTest}. Each kernel is called a few times with different inputs, once with a
 * trip count long enough to trigger the OSR compile inside the call, then again (an interpreted call
 * enters the installed OSR code at its loop). Locals of every kind cross the OSR entry: ints, longs,
 * floats, doubles, arrays (parameters and locals), and locals dead at the loop; some kernels leave the
 * OSR code through a deoptimization (a zero divisor, an index out of bounds, a null array) and the
 * interpreter throws. Prints one line per call: the result or the exception's class.
 */
public final class OsrProgram {
    /** A static array the kernels read through a field load (its type comes from the field). */
    static int[] table = new int[1024];

    private OsrProgram() {
    }

    static int intSum(int n, int seed) {
        int s = seed;
        for (int i = 0; i < n; i++) {
            s += i ^ (s >>> 3);
        }
        return s;
    }

    static long longAndIntLocals(int n, long start, int step) {
        long acc = start;
        int unused = step * 7; // dead at the loop: never read after this
        long mul = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < n; i++) {
            acc = acc * mul + i + step;
        }
        return acc;
    }

    static double doubleAndFloat(int n, double x, float f) {
        double d = x;
        float g = f;
        for (int i = 0; i < n; i++) {
            d = d * 0.999999 + i * 1e-9;
            g = g * 0.5f + 1.0f;
        }
        return d + g;
    }

    static long arrayParameter(int[] a, int rounds) {
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < a.length; i++) {
                s += a[i] + r;
                a[i] = (int) s;
            }
        }
        return s;
    }

    static int booleanArrayParameter(boolean[] marks, int rounds) {
        int count = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 1; i < marks.length; i++) {
                marks[i] = !marks[i - 1] ^ (i % 3 == 0);
                if (marks[i]) {
                    count++;
                }
            }
        }
        return count;
    }

    static long fieldArray(int n) {
        int[] t = table;
        long s = 0;
        for (int i = 0; i < n; i++) {
            int k = i & (t.length - 1);
            t[k] += i;
            s += t[k];
        }
        return s;
    }

    /** Divides by {@code i - zeroAt}: throws ArithmeticException (after deoptimizing) when i reaches zeroAt. */
    static long divideUntil(int n, int zeroAt) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += 1_000_000 / (i - zeroAt);
        }
        return s;
    }

    /** Reads a[i % length] until {@code limit}, then a[i]: ArrayIndexOutOfBoundsException if limit < n. */
    static long indexUntil(long[] a, int n, int limit) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            a[i % a.length] += i;
            s += a[i < limit ? i % a.length : i] * 3;
        }
        return s;
    }

    /** The array may be null: NullPointerException (after deoptimizing) in the loop. */
    static int nullArray(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
            if (i == n - 2) {
                s += a.length;
            }
        }
        return s;
    }

    static long nested(int outer, int inner) {
        long s = 0;
        for (int i = 0; i < outer; i++) {
            long row = i * 31L;
            for (int j = 0; j < inner; j++) {
                s += row ^ j;
            }
        }
        return s;
    }

    private static int held(Object o) {
        return Thread.holdsLock(o) ? 1 : 0;
    }

    /** A loop inside a synchronized block: the OSR code takes the interpreter's monitor over. */
    static long lockedLoop(Object lock, int n) {
        long s = 0;
        synchronized (lock) {
            for (int i = 0; i < n; i++) {
                s += i ^ (s >>> 7);
            }
            s = s * 2 + held(lock);
        }
        return s * 2 + held(lock);
    }

    /** A synchronized method's loop: the method's own monitor, taken over and released at the return. */
    static synchronized long synchronizedLoop(int n) {
        long s = 1;
        for (int i = 0; i < n; i++) {
            s = s * 31 + i;
        }
        return s + held(OsrProgram.class);
    }

    /** Two locks held at the OSR entry, and a division by zero near the end (deoptimized with both). */
    static long nestedLocks(Object a, Object b, int n, int zeroAt) {
        long s = 0;
        synchronized (a) {
            synchronized (b) {
                for (int i = 0; i < n; i++) {
                    s += 1000 / (zeroAt - i) + held(a) + held(b);
                }
            }
            s += held(b) * 7;
        }
        return s + held(a) * 3;
    }

    /**
     * A byte[] allocated before the loop: in the OSR compile it arrives as an untyped local, so the
     * {@code bastore} must find out at run time that it stores a byte (all 8 bits), not a boolean.
     */
    static long localBytes(int n) {
        byte[] bytes = new byte[64];
        long s = 0;
        for (int i = 0; i < n; i++) {
            bytes[i & 63] = (byte) (i * 37 + 11);
            s = s * 31 + bytes[(i + 5) & 63];
        }
        return s;
    }

    /** The same with a boolean[] local. */
    static long localBooleans(int n) {
        boolean[] marks = new boolean[64];
        long s = 0;
        for (int i = 0; i < n; i++) {
            marks[i & 63] = i % 3 == 0;
            s = s * 31 + (marks[(i + 7) & 63] ? 1 : 2);
        }
        return s;
    }

    /**
     * {@code bastore}s of a raw int (javac narrows first, so these are generated): into a boolean[]
     * the JVM keeps bit 0 of {@code i}, into a byte[] its low 8 bits. Both arrays are untyped locals
     * in an OSR compile of the loop.
     */
    static final java.lang.invoke.MethodHandle RAW_BOOLEANS;
    static final java.lang.invoke.MethodHandle RAW_BYTES;

    static {
        try {
            java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.lookup();
            Class<?> c = lookup.defineClass(rawStores());
            java.lang.invoke.MethodType t = java.lang.invoke.MethodType.methodType(int.class, int.class);
            RAW_BOOLEANS = lookup.findStatic(c, "booleans", t);
            RAW_BYTES = lookup.findStatic(c, "bytes", t);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code OsrRawStores.booleans(n)} and {@code bytes(n)}: {@code a[i & 63] = i; s = s * 3 + a[(i + 1) & 63]} over i < n. */
    private static byte[] rawStores() {
        java.lang.constant.MethodTypeDesc intToInt = java.lang.constant.MethodTypeDesc.of(java.lang.constant.ConstantDescs.CD_int,
                        java.lang.constant.ConstantDescs.CD_int);
        return java.lang.classfile.ClassFile.of().build(java.lang.constant.ClassDesc.of("org.ssajit.jvmci.OsrRawStores"), cb -> {
            for (String name : List.of("booleans", "bytes")) {
                cb.withMethodBody(name, intToInt, java.lang.classfile.ClassFile.ACC_STATIC, code -> {
                    java.lang.classfile.Label loop = code.newLabel();
                    java.lang.classfile.Label end = code.newLabel();
                    code.bipush(64).newarray(name.equals("booleans") ? java.lang.classfile.TypeKind.BOOLEAN : java.lang.classfile.TypeKind.BYTE).astore(1);
                    code.iconst_0().istore(2).iconst_0().istore(3);
                    code.labelBinding(loop);
                    code.iload(3).iload(0).if_icmpge(end);
                    code.aload(1).iload(3).bipush(63).iand().iload(3).bastore();
                    code.iload(2).iconst_3().imul().aload(1).iload(3).iconst_1().iadd().bipush(63).iand().baload().iadd().istore(2);
                    code.iinc(3, 1).goto_(loop);
                    code.labelBinding(end);
                    code.iload(2).ireturn();
                });
            }
        });
    }

    private static int raw(java.lang.invoke.MethodHandle h, int n) {
        try {
            return (int) h.invokeExact(n);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static String run(Supplier<Object> call) {
        try {
            return String.valueOf(call.get());
        } catch (RuntimeException e) {
            return e.getClass().getName();
        }
    }

    public static void main(String[] args) {
        if (List.of(args).contains("--churn")) {
            Churn.start();
        }
        int big = 3_000_000;
        for (int k = 0; k < 3; k++) {
            int round = k;
            int n = round == 0 ? big : 50_000 + round;
            System.out.println("intSum " + run(() -> intSum(n, 17)));
            System.out.println("longAndIntLocals " + run(() -> longAndIntLocals(n, 5L, 3)));
            System.out.println("doubleAndFloat " + run(() -> doubleAndFloat(n, 1.5, 2.5f)));
            int[] a = new int[1000];
            System.out.println("arrayParameter " + run(() -> arrayParameter(a, n / 1000)));
            boolean[] marks = new boolean[500];
            System.out.println("booleanArrayParameter " + run(() -> booleanArrayParameter(marks, n / 500)));
            System.out.println("fieldArray " + run(() -> fieldArray(n)));
            System.out.println("divideUntil " + run(() -> divideUntil(n, n - 10)));
            System.out.println("indexUntil " + run(() -> indexUntil(new long[4096], n, round == 1 ? n : n - 3)));
            System.out.println("nullArray " + run(() -> nullArray(round == 1 ? new int[3] : null, n)));
            System.out.println("nested " + run(() -> nested(n / 1000, 1000)));
            Object lock = new Object();
            System.out.println("lockedLoop " + run(() -> lockedLoop(lock, n)) + " " + held(lock));
            System.out.println("synchronizedLoop " + run(() -> synchronizedLoop(n)) + " " + held(OsrProgram.class));
            Object a2 = new Object();
            Object b2 = new Object();
            System.out.println("nestedLocks " + run(() -> nestedLocks(a2, b2, n, round == 1 ? n + 5 : n - 2)) + " " + held(a2) + held(b2));
            System.out.println("localBytes " + run(() -> localBytes(n)));
            System.out.println("localBooleans " + run(() -> localBooleans(n)));
            System.out.println("rawBooleans " + run(() -> raw(RAW_BOOLEANS, n)));
            System.out.println("rawBytes " + run(() -> raw(RAW_BYTES, n)));
        }
    }
}
