package org.ssajit.jvmci;

/**
 * A small program for {@link DiscoveryTest}: hot enough that HotSpot asks the JVMCI compiler for tier-4
 * code of {@link #work} and {@link #scratch} and an OSR compilation of the loop in {@link #run}, which
 * calls both; ssajit compiles {@code work} and the loop and refuses {@code scratch} (its multianewarray).
 */
public final class HotProgram {
    private HotProgram() {
    }

    static int work(int x) {
        return x * 31 + (x >>> 3);
    }

    static int scratch(int x) {
        int[][] rows = new int[2][(x & 3) + 1];
        return rows[1].length;
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
