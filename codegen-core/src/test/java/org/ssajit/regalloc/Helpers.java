package org.ssajit.regalloc;

/** Static methods that generated test classes call (they live in another package and loader). */
public final class Helpers {
    private Helpers() {
    }

    public static int mix(int a, int b) {
        return a * 31 + (b ^ 0x5a5a);
    }

    public static int[] grow(int[] a, int v) {
        int[] b = java.util.Arrays.copyOf(a, a.length + 1);
        b[a.length] = v;
        return b;
    }
}
