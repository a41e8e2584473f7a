package org.ssajit.jvmci;

/**
 * For child-JVM programs under a GC stress test ({@code --churn}): a daemon thread that allocates all
 * the time, so that collections happen while ssajit's code is stopped at its polls and the collector
 * walks its frames.
 */
final class Churn {
    private Churn() {
    }

    static void start() {
        Thread churn = new Thread(() -> {
            Object[] keep = new Object[256];
            for (long k = 0;; k++) {
                keep[(int) (k & 255)] = new long[(int) (k % 512)];
            }
        }, "churn");
        churn.setDaemon(true);
        churn.start();
    }
}
