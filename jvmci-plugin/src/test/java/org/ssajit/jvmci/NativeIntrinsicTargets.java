package org.ssajit.jvmci;

/**
 * Callers of the natives the parser expands ({@code parse.Intrinsics}): {@code Object.getClass} and
 * {@code Thread.currentThread}, compiled by {@link CompiledNativeIntrinsicsTest}.
 */
final class NativeIntrinsicTargets {
    private NativeIntrinsicTargets() {
    }

    interface Shape {
    }

    static final class Square implements Shape {
    }

    static Object classOf(Object o) {
        return o.getClass();
    }

    /** Through an interface: javac's {@code invokeinterface Shape.getClass}. */
    static Object classOfShape(Shape s) {
        return s.getClass();
    }

    static int isStringClass(Object o) {
        return o.getClass() == String.class ? 1 : 0;
    }

    static int sameClass(Object a, Object b) {
        return a.getClass() == b.getClass() ? 1 : 0;
    }

    static String className(Object o) {
        return o.getClass().getName();
    }

    /** Known exactly: a constant, with the null check kept (an int[] may be null). */
    static Object arrayClass(int[] a) {
        return a.getClass();
    }

    static int newObjectsClass() {
        return new java.util.ArrayList<String>().getClass() == java.util.ArrayList.class ? 1 : 0;
    }

    /**
     * The class read in a loop: moved before it, where the object may be null and the loop not run
     * (no exception then), or run (the exception at the first iteration's check).
     */
    static int classInLoop(Object o, int n) {
        int h = 0;
        for (int i = 0; i < n; i++) {
            h += o.getClass() == String.class ? 1 : 2;
        }
        return h;
    }

    /** The check, not the class read, throws: the null is caught here. */
    static String classOrCaught(Object o) {
        try {
            return o.getClass().getSimpleName();
        } catch (NullPointerException e) {
            return "caught";
        }
    }

    static int isCurrent(Thread t) {
        return Thread.currentThread() == t ? 1 : 0;
    }

    static Object current() {
        return Thread.currentThread();
    }

    static int currentAroundCall(Thread t) {
        Thread a = Thread.currentThread();
        String name = a.getName();
        Thread b = Thread.currentThread();
        return (a == t ? 1 : 0) + (b == t ? 2 : 0) + (name.equals(t.getName()) ? 4 : 0);
    }

    static String currentName() {
        return Thread.currentThread().getName();
    }
}
