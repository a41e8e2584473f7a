package org.ssajit.jvmci;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Many threads updating shared counters under {@code synchronized}, for running by hand with ssajit as
 * the JIT (on the emulated arm64 JDK with {@code QEMU_CPU=cortex-a72}, which has no LSE atomics, and
 * {@code neoverse-n1}, which has them):
 *
 * <pre>
 * SSAJIT_TARGET=aarch64 QEMU_CPU=cortex-a72 ./ssajit run -Xbatch -Dssajit.Log=true \
 *     -cp jvmci-plugin/target/test-classes org.ssajit.jvmci.ContendedCounterProgram 16 20000
 * </pre>
 *
 * A warm-up on one thread first gets the methods compiled, then {@code threads} threads (args[0],
 * default 16) do {@code rounds} (args[1], default 20,000) rounds each: a static synchronized method, a
 * block on a shared object, and a recursive lock of another every tenth round. Prints the totals and
 * exits with 1 if any update was lost or a thread failed.
 */
public final class ContendedCounterProgram {
    static long staticCount;
    static final Object LOCK = new Object();
    static long blockCount;
    static final Object OUTER = new Object();
    static long nestedCount;

    private ContendedCounterProgram() {
    }

    static synchronized void addStatic() {
        staticCount++;
    }

    static void addBlock(long d) {
        synchronized (LOCK) {
            blockCount += d;
        }
    }

    static void addNested() {
        synchronized (OUTER) {
            synchronized (OUTER) {
                nestedCount++;
            }
        }
    }

    static void work(int rounds) {
        for (int i = 0; i < rounds; i++) {
            addStatic();
            addBlock(2);
            if (i % 10 == 0) {
                addNested();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int warm = 30_000;
        long t0 = System.nanoTime();
        work(warm);
        long t1 = System.nanoTime();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    work(rounds);
                } catch (Throwable e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            });
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join();
        }
        long t2 = System.nanoTime();
        long n = (long) threads * rounds + warm;
        long nested = (long) threads * ((rounds + 9) / 10) + (warm + 9) / 10;
        boolean ok = failure[0] == null && staticCount == n && blockCount == 2 * n && nestedCount == nested;
        System.out.printf("threads %d x rounds %d (+ %d warm-up): static %d (expected %d), block %d (expected %d), nested %d (expected %d): %s%n", threads,
                        rounds, warm, staticCount, n, blockCount, 2 * n, nestedCount, nested, ok ? "OK" : "LOST UPDATES");
        System.out.printf("warm-up %.1f s, contended %.1f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        if (failure[0] != null) {
            failure[0].printStackTrace();
        }
        System.exit(ok ? 0 : 1);
    }
}
