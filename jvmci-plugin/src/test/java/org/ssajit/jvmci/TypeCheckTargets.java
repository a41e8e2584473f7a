package org.ssajit.jvmci;

/**
 * Type checks for {@link CompiledTypeChecksTest}: {@code instanceof} and {@code checkcast} of classes,
 * interfaces and arrays, against objects of every shape: a class hierarchy deeper than HotSpot's
 * primary-supers display (8), a class with 70 interfaces (more than the secondary-supers hash table
 * holds), arrays of classes, interfaces and primitives, lambdas. Generated; HotSpot's compilers are
 * kept off it.
 */
final class TypeCheckTargets {
    private TypeCheckTargets() {
    }

    static class D0 {
    }

    static class D1 extends D0 {
    }

    static class D2 extends D1 {
    }

    static class D3 extends D2 {
    }

    static class D4 extends D3 {
    }

    static class D5 extends D4 {
    }

    static class D6 extends D5 {
    }

    static class D7 extends D6 {
    }

    static class D8 extends D7 {
    }

    static class D9 extends D8 {
    }

    static class D10 extends D9 {
    }

    interface I0 {
    }

    interface I1 {
    }

    interface I2 {
    }

    interface I3 {
    }

    interface I4 {
    }

    interface I5 {
    }

    interface I6 {
    }

    interface I7 {
    }

    interface I8 {
    }

    interface I9 {
    }

    interface I10 {
    }

    interface I11 {
    }

    interface I12 {
    }

    interface I13 {
    }

    interface I14 {
    }

    interface I15 {
    }

    interface I16 {
    }

    interface I17 {
    }

    interface I18 {
    }

    interface I19 {
    }

    interface I20 {
    }

    interface I21 {
    }

    interface I22 {
    }

    interface I23 {
    }

    interface I24 {
    }

    interface I25 {
    }

    interface I26 {
    }

    interface I27 {
    }

    interface I28 {
    }

    interface I29 {
    }

    interface I30 {
    }

    interface I31 {
    }

    interface I32 {
    }

    interface I33 {
    }

    interface I34 {
    }

    interface I35 {
    }

    interface I36 {
    }

    interface I37 {
    }

    interface I38 {
    }

    interface I39 {
    }

    interface I40 {
    }

    interface I41 {
    }

    interface I42 {
    }

    interface I43 {
    }

    interface I44 {
    }

    interface I45 {
    }

    interface I46 {
    }

    interface I47 {
    }

    interface I48 {
    }

    interface I49 {
    }

    interface I50 {
    }

    interface I51 {
    }

    interface I52 {
    }

    interface I53 {
    }

    interface I54 {
    }

    interface I55 {
    }

    interface I56 {
    }

    interface I57 {
    }

    interface I58 {
    }

    interface I59 {
    }

    interface I60 {
    }

    interface I61 {
    }

    interface I62 {
    }

    interface I63 {
    }

    interface I64 {
    }

    interface I65 {
    }

    interface I66 {
    }

    interface I67 {
    }

    interface I68 {
    }

    interface I69 {
    }

    static final class Many extends D8 implements I0, I1, I2, I3, I4, I5, I6, I7, I8, I9, I10, I11, I12, I13, I14, I15, I16, I17, I18, I19, I20, I21, I22, I23, I24, I25, I26, I27, I28, I29, I30, I31, I32, I33, I34, I35, I36, I37, I38, I39, I40, I41, I42, I43, I44, I45, I46, I47, I48, I49, I50, I51, I52, I53, I54, I55, I56, I57, I58, I59, I60, I61, I62, I63, I64, I65, I66, I67, I68, I69 {
    }

    /** The objects every check is run on, made once (results show identity hashes). */
    static final Object[] OBJECTS = {null, new Object(), "s", 7, 7L, 2.5, new java.util.ArrayList<String>(), java.util.List.of(1), new java.util.LinkedList<>(),
        new int[2], new long[1], new Object[1], new String[1], new Integer[1], new Object[1][1], new int[1][1], new D10[1], new D3(), new D7(), new D8(), new D10(),
        new Many(), (Runnable) () -> { }, new StringBuilder("b"), new Many[1]};

    static int isObject(Object o) {
        return o instanceof Object ? 1 : 0;
    }

    static Object asObject(Object o) {
        return (Object) o;
    }

    static int isString(Object o) {
        return o instanceof String ? 1 : 0;
    }

    static Object asString(Object o) {
        return (String) o;
    }

    static int isNumber(Object o) {
        return o instanceof Number ? 1 : 0;
    }

    static Object asNumber(Object o) {
        return (Number) o;
    }

    static int isInteger(Object o) {
        return o instanceof Integer ? 1 : 0;
    }

    static Object asInteger(Object o) {
        return (Integer) o;
    }

    static int isComparable(Object o) {
        return o instanceof Comparable ? 1 : 0;
    }

    static Object asComparable(Object o) {
        return (Comparable) o;
    }

    static int isCharSequence(Object o) {
        return o instanceof CharSequence ? 1 : 0;
    }

    static Object asCharSequence(Object o) {
        return (CharSequence) o;
    }

    static int isSerializable(Object o) {
        return o instanceof java.io.Serializable ? 1 : 0;
    }

    static Object asSerializable(Object o) {
        return (java.io.Serializable) o;
    }

    static int isCloneable(Object o) {
        return o instanceof Cloneable ? 1 : 0;
    }

    static Object asCloneable(Object o) {
        return (Cloneable) o;
    }

    static int isList(Object o) {
        return o instanceof java.util.List ? 1 : 0;
    }

    static Object asList(Object o) {
        return (java.util.List) o;
    }

    static int isCollection(Object o) {
        return o instanceof java.util.Collection ? 1 : 0;
    }

    static Object asCollection(Object o) {
        return (java.util.Collection) o;
    }

    static int isRandomAccess(Object o) {
        return o instanceof java.util.RandomAccess ? 1 : 0;
    }

    static Object asRandomAccess(Object o) {
        return (java.util.RandomAccess) o;
    }

    static int isArrayList(Object o) {
        return o instanceof java.util.ArrayList ? 1 : 0;
    }

    static Object asArrayList(Object o) {
        return (java.util.ArrayList) o;
    }

    static int isIntArray(Object o) {
        return o instanceof int[] ? 1 : 0;
    }

    static Object asIntArray(Object o) {
        return (int[]) o;
    }

    static int isLongArray(Object o) {
        return o instanceof long[] ? 1 : 0;
    }

    static Object asLongArray(Object o) {
        return (long[]) o;
    }

    static int isObjectArray(Object o) {
        return o instanceof Object[] ? 1 : 0;
    }

    static Object asObjectArray(Object o) {
        return (Object[]) o;
    }

    static int isStringArray(Object o) {
        return o instanceof String[] ? 1 : 0;
    }

    static Object asStringArray(Object o) {
        return (String[]) o;
    }

    static int isComparableArray(Object o) {
        return o instanceof Comparable[] ? 1 : 0;
    }

    static Object asComparableArray(Object o) {
        return (Comparable[]) o;
    }

    static int isObjectArray2(Object o) {
        return o instanceof Object[][] ? 1 : 0;
    }

    static Object asObjectArray2(Object o) {
        return (Object[][]) o;
    }

    static int isIntArray2(Object o) {
        return o instanceof int[][] ? 1 : 0;
    }

    static Object asIntArray2(Object o) {
        return (int[][]) o;
    }

    static int isSerializableArray(Object o) {
        return o instanceof java.io.Serializable[] ? 1 : 0;
    }

    static Object asSerializableArray(Object o) {
        return (java.io.Serializable[]) o;
    }

    static int isD3(Object o) {
        return o instanceof D3 ? 1 : 0;
    }

    static Object asD3(Object o) {
        return (D3) o;
    }

    static int isD7(Object o) {
        return o instanceof D7 ? 1 : 0;
    }

    static Object asD7(Object o) {
        return (D7) o;
    }

    static int isD8(Object o) {
        return o instanceof D8 ? 1 : 0;
    }

    static Object asD8(Object o) {
        return (D8) o;
    }

    static int isD10(Object o) {
        return o instanceof D10 ? 1 : 0;
    }

    static Object asD10(Object o) {
        return (D10) o;
    }

    static int isD10Array(Object o) {
        return o instanceof D10[] ? 1 : 0;
    }

    static Object asD10Array(Object o) {
        return (D10[]) o;
    }

    static int isI0(Object o) {
        return o instanceof I0 ? 1 : 0;
    }

    static Object asI0(Object o) {
        return (I0) o;
    }

    static int isI33(Object o) {
        return o instanceof I33 ? 1 : 0;
    }

    static Object asI33(Object o) {
        return (I33) o;
    }

    static int isI69(Object o) {
        return o instanceof I69 ? 1 : 0;
    }

    static Object asI69(Object o) {
        return (I69) o;
    }

    static int isMany(Object o) {
        return o instanceof Many ? 1 : 0;
    }

    static Object asMany(Object o) {
        return (Many) o;
    }

    static int isRunnable(Object o) {
        return o instanceof Runnable ? 1 : 0;
    }

    static Object asRunnable(Object o) {
        return (Runnable) o;
    }

    /** A cast's result used: its class is proven afterwards. */
    static int castThenLength(Object o) {
        String s = (String) o;
        return s == null ? -1 : s.length();
    }

    static int castArrayThenLength(Object o) {
        int[] a = (int[]) o;
        return a == null ? -1 : a.length;
    }

    /** Several checks of one object: the answers must agree with each other. */
    static int classify(Object o) {
        int r = 0;
        if (o instanceof CharSequence) {
            r |= 1;
        }
        if (o instanceof Number) {
            r |= 2;
        }
        if (o instanceof Object[]) {
            r |= 4;
        }
        if (o instanceof java.util.Collection) {
            r |= 8;
        }
        if (o instanceof I69) {
            r |= 16;
        }
        if (o instanceof D7) {
            r |= 32;
        }
        return r;
    }

    /**
     * Casts after type tests of the same object: a cast to a supertype of a passed test's type is
     * proven (no test); a cast to a subtype is tested; a cast after a passed cast to a subtype is
     * proven; on the failing side of a test nothing is proven. A cast proven wrongly would let through
     * an object whose cast the interpreter rejects (ClassCastException).
     */
    static int castsAfterTests(Object o) {
        int r = 0;
        if (o instanceof D8) {
            r += depthOf((D7) o) * 100 + depthOf((D3) o); // proven by the instanceof
        }
        if (o instanceof D3) {
            r += depthOf((D8) o) * 10_000; // narrower: tested, fails for D3 and D7
            r += depthOf((D7) o); // proven by the cast before
        }
        if (!(o instanceof D10)) {
            return r - depthOf((D10) o); // the failing side: tested (null passes)
        }
        return r + depthOf((D3) o);
    }

    /** How many classes lie between {@code x}'s class and Object (a null x: NullPointerException). */
    static int depthOf(D0 x) {
        int d = 0;
        for (Class<?> c = x.getClass(); c != Object.class; c = c.getSuperclass()) {
            d++;
        }
        return d;
    }

    /** The same through interfaces and arrays. */
    static int castsAfterInterfaceTests(Object o) {
        int r = 0;
        if (o instanceof java.util.List<?>) {
            r += ((java.util.Collection<?>) o).size();
            r += ((java.util.RandomAccess) o) == null ? 1 : 2; // not implied by List: tested
        }
        if (o instanceof Object[][]) {
            r += ((Object[]) o).length * 10 + ((Object[][]) o)[0].length;
        }
        if (o instanceof CharSequence) {
            r += ((String) o).length(); // narrower: tested
            r += ((CharSequence) o).length() * 3;
        }
        return r;
    }
}
