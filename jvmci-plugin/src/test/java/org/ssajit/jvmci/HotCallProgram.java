package org.ssajit.jvmci;

/**
 * A program for {@link DiscoveryTest}: a loop that calls {@link #mix}, larger than the 35 bytes the
 * inliner takes anywhere, on every iteration, and {@link #spread}, as large, on a branch that is never
 * taken. The OSR compile of the loop inlines the hot call only.
 */
public final class HotCallProgram {
    private HotCallProgram() {
    }

    static int mix(int x) {
        int y = x ^ (x >>> 7);
        y = y * 0x9E3779B1 + (x << 3);
        y ^= y >>> 11;
        y = y * 31 + (x & 0xff);
        return y ^ (y >>> 16);
    }

    static int spread(int x) {
        int y = x + 0x7F4A7C15;
        y = y * 0x85EBCA6B ^ (x >>> 5);
        y ^= y << 9;
        y = y * 17 + (x | 0x33);
        return y - (y >>> 13);
    }

    static long run() {
        long sum = 0;
        for (int i = 0; i < 60_000_000; i++) {
            sum += mix(i);
            if (i == -5) {
                sum += spread(i);
            }
        }
        return sum;
    }

    public static void main(String[] args) {
        System.out.println("result=" + run());
    }
}
