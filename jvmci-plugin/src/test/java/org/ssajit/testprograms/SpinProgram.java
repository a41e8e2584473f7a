package org.ssajit.testprograms;

/**
 * A program that calls one small method until {@code args[0]} seconds have passed (so that HotSpot
 * asks for tier-4 code of it), then prints {@code finished}.
 */
public final class SpinProgram {
    private SpinProgram() {
    }

    static int step(int x) {
        return x * 31 + (x >>> 3);
    }

    public static void main(String[] args) {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        int x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = step(x + i);
            }
        }
        System.out.println("finished " + (x == 42 ? "" : "."));
    }
}
