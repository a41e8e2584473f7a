package org.ssajit.launcher;

/**
 * A program for {@link LauncherIT}: one small method called a million times, so that HotSpot asks its
 * tier-4 compiler for it; prints what it computed, which the same program under -Xint must print too.
 */
public final class HotLoop {
    private HotLoop() {
    }

    static int hot(int x, int acc) {
        int h = acc * 31 + x;
        return h ^ (h >>> 7);
    }

    public static void main(String[] args) {
        int acc = 17;
        for (int i = 0; i < 1_000_000; i++) {
            acc = hot(i, acc);
        }
        System.out.println("hot loop: " + acc);
    }
}
