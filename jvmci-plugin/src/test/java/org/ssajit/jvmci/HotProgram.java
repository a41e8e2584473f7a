package org.ssajit.jvmci;

/**
 * A small program for {@link DiscoveryTest}: hot enough that HotSpot asks the JVMCI compiler for tier-4
 * code of {@link #work} and {@link #scratch} and an OSR compilation of the loop in {@link #run}, which
 * calls both; ssajit compiles {@code work} and the loop and refuses {@code scratch} (its
 * signature-polymorphic call).
 */
public final class HotProgram {
    private HotProgram() {
    }

    static int work(int x) {
        return x * 31 + (x >>> 3);
    }

    private static final java.lang.invoke.MethodHandle ID = java.lang.invoke.MethodHandles.identity(int.class);

    static int scratch(int x) {
        try {
            return (int) ID.invokeExact((x & 3) + 1);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static long run() {
        long sum = 0;
        for (int round = 0; round < 3000; round++) {
            for (int i = 0; i < 20_000; i++) {
                sum += work(i + round) + scratch(i);
            }
        }
        return sum;
    }

    public static void main(String[] args) {
        System.out.println("result=" + run());
    }
}
