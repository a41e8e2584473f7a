package org.ssajit.demo.suite;

/**
 * The suite's source of generated inputs: a 64-bit linear congruential generator (Knuth's MMIX
 * constants) whose output is the high bits, fixed here so that the inputs, and so the checksums, do
 * not depend on the JDK's generators.
 */
final class Rng {
    private long state;

    Rng(long seed) {
        state = seed;
    }

    /** 31 random bits. */
    int next() {
        state = state * 6364136223846793005L + 1442695040888963407L;
        return (int) (state >>> 33);
    }

    /** Uniform in [0, bound), bound > 0 (the small bias of a remainder does not matter here). */
    int below(int bound) {
        return next() % bound;
    }

    /** Uniform in [lo, hi]. */
    int between(int lo, int hi) {
        return lo + below(hi - lo + 1);
    }

    /** True with probability percent / 100. */
    boolean percent(int percent) {
        return below(100) < percent;
    }

    /** Uniform in [0, 1), 31 bits of it. */
    double unit() {
        return next() / (double) (1L << 31);
    }
}
