package org.ssajit.jvmci;

/**
 * A small program for {@link DiscoveryTest}: hot enough that HotSpot asks the JVMCI compiler for tier-4
 * code of {@link #work} and {@link #scratch} and an OSR compilation of the loop in {@link #run}, which
 * calls both; ssajit compiles {@code work} and the loop and, run with {@code -Dssajit.Monitors=false},
 * refuses {@code scratch} (a synchronized method).
 */
public final class HotProgram {
    private HotProgram() {
    }

    static int work(int x) {
        return x * 31 + (x >>> 3);
    }

    static synchronized int scratch(int x) {
        return (x & 3) + 1;
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
