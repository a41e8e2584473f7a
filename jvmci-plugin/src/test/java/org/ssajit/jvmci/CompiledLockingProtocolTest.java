package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Lightweight locking's fast paths (the lowering's {@code MonitorExpansion}) meeting the rest of
 * HotSpot: the same object locked by ssajit's code and by the interpreter's and C1/C2's, on one
 * thread (a recursive lock across frames of both kinds) and on several at once (every section's
 * mutations checked); wait and notify between two threads (the wait inflates the lock, which the
 * compiled unlock then releases through the VM); recursion deeper than the lock stack; exceptions
 * thrown while a lock is held, out of synchronized methods and blocks. Results are compared with the
 * interpreter's where one thread runs ({@link CompiledMonitorsTest#check}, which also checks that no
 * lock is left held).
 */
class CompiledLockingProtocolTest {
    static final Class<?> T = LockingProtocolTargets.class;

    static InstalledCode install(String name) {
        return CompiledRunner.install(Jvmci.declared(T, name));
    }

    /** One thread in each kind of code, all bumping one pair: no section overlaps another, no update is lost. */
    @Test
    void compiledInterpretedAndHotSpotCompiledSectionsExcludeEachOther() throws Exception {
        InstalledCode code = install("bump");
        LockingProtocolTargets.Pair p = new LockingProtocolTargets.Pair();
        int n = 20_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Supplier<Integer>> bodies = List.of(() -> LockingProtocolTargets.bump(p, n), () -> LockingProtocolTargets.bumpInterpreted(p, n),
                        () -> LockingProtocolPartners.bumpHot(p, n), () -> LockingProtocolTargets.bump(p, n));
        for (Supplier<Integer> body : bodies) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    int seen = body.get();
                    if (seen != n) {
                        throw new AssertionError("sections run without the lock: " + (n - seen));
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join(120_000);
            assertFalse(t.isAlive(), "stuck: " + t.getState());
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(0, p.torn, "sections that found another one's half-done update");
        assertEquals(bodies.size() * n, p.a);
        assertEquals(bodies.size() * n, p.b);
        assertFalse(Thread.holdsLock(p));
        assertTrue(code.isValid());
    }

    /**
     * Another thread holds a fresh object's lock, fast-locked (its mark word's lock bits 00, the
     * object on that thread's lock stack): the compiled lock must not take it, but wait in the VM
     * until the holder lets go. Whether it waited is what it sees once in: the holder's flag, cleared
     * before the holder unlocks.
     */
    @Test
    void aLockFastLockedByAnotherThreadIsWaitedFor() throws Exception {
        InstalledCode code = install("enterAndLook");
        for (int round = 0; round < 5; round++) {
            Object o = new Object();
            LockingProtocolTargets.release = 0;
            LockingProtocolTargets.inside = 0;
            Thread holder = new Thread(() -> LockingProtocolTargets.holdWhile(o));
            holder.start();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (LockingProtocolTargets.inside == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, LockingProtocolTargets.inside, "the holder never got the lock");
            AtomicReference<Object> seen = new AtomicReference<>();
            Thread locker = new Thread(() -> seen.set(LockingProtocolTargets.enterAndLook(o)));
            locker.start();
            // The holder lets go once the locker blocks on the lock, or has (wrongly) got it.
            while (locker.getState() != Thread.State.BLOCKED && seen.get() == null && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            LockingProtocolTargets.release = 1;
            holder.join(20_000);
            locker.join(20_000);
            assertFalse(holder.isAlive() || locker.isAlive(), "round " + round + ": stuck");
            assertEquals(1, seen.get(), "round " + round + ": 2 or 3: the compiled lock got in while the other thread held it");
        }
        assertTrue(code.isValid());
    }

    /** One thread: compiled code holding a lock the interpreter takes again, and the other way round. */
    @Test
    void recursiveLocksAcrossCompiledAndInterpretedFrames() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : new int[]{0, 1, -5, 40}) {
            in.add(() -> new Object[]{new Object(), x});
            in.add(() -> new Object[]{"interned", x});
        }
        CompiledMonitorsTest.check("outerAroundInterpreted", in, T);
        java.lang.reflect.Method outer = Jvmci.declared(T, "outerInterpreted");
        List<CompiledRunner.Outcome> expected = CompiledMonitorsTest.callChecked(outer, in, "interpreter");
        install("innerCompiled");
        CompiledMethodsTest.compare("outerInterpreted (its callee compiled)", in, expected, CompiledMonitorsTest.callChecked(outer, in, "callee compiled"));
    }

    /**
     * A compiled {@code take} waits (its lock inflated by the wait) until another thread's compiled
     * {@code post} sets the box and notifies; the waiter's compiled unlock releases an inflated
     * monitor. Several rounds on one box, then a third thread locks it: nothing stays held.
     */
    @Test
    void waitAndNotifyBetweenTwoThreads() throws Exception {
        InstalledCode take = install("take");
        InstalledCode post = install("post");
        LockingProtocolTargets.Box box = new LockingProtocolTargets.Box();
        for (int round = 1; round <= 5; round++) {
            AtomicReference<Object> taken = new AtomicReference<>();
            Thread waiter = new Thread(() -> {
                try {
                    taken.set(LockingProtocolTargets.take(box));
                } catch (Throwable e) {
                    taken.set(e);
                }
            });
            int waitsBefore;
            synchronized (box) {
                waitsBefore = box.waits;
            }
            waiter.start();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (waiter.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.WAITING, waiter.getState(), "the waiter never waited");
            LockingProtocolTargets.post(box, round);
            waiter.join(20_000);
            assertFalse(waiter.isAlive(), "round " + round + ": the waiter is stuck: " + waiter.getState());
            assertEquals(round * 2 + 1, taken.get(), "round " + round);
            synchronized (box) {
                assertTrue(box.waits > waitsBefore, "the waiter did not wait");
                assertEquals(0, box.value);
            }
        }
        Thread other = new Thread(() -> LockingProtocolTargets.post(box, 0));
        other.start();
        other.join(20_000);
        assertFalse(other.isAlive(), "the box's lock is still held");
        assertTrue(take.isValid() && post.isValid());
    }

    /** Recursion 3 (within the lock stack) and 40 deep (beyond it) on a class and on an object; then another thread can lock both. */
    @Test
    void recursionDeeperThanTheLockStack() throws Exception {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int n : new int[]{0, 3, 7, 8, 9, 40}) {
            in.add(() -> new Object[]{n});
        }
        CompiledMonitorsTest.check("recurse", in, T);
        Object shared = new Object();
        in.clear();
        for (int n : new int[]{0, 3, 7, 8, 9, 40}) {
            in.add(() -> new Object[]{shared, n});
            in.add(() -> new Object[]{new Object(), n});
        }
        CompiledMonitorsTest.check("recurseOn", in, T);
        Thread other = new Thread(() -> {
            synchronized (shared) {
                synchronized (T) {
                    LockingProtocolTargets.held(shared);
                }
            }
        });
        other.start();
        other.join(20_000);
        assertFalse(other.isAlive(), "a lock is still held after the recursion");
    }

    /** Exceptions out of synchronized methods (explicit and implicit) and out of a block, caught and locked again. */
    @Test
    void exceptionsWhileHoldingALock() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : new int[]{0, 3, 4, -1, 100}) {
            in.add(() -> new Object[]{new LockingProtocolTargets(), x});
        }
        CompiledMonitorsTest.check("throwsInMethod", in, T);
        in.clear();
        for (int i : new int[]{0, 2, -1, 5}) {
            in.add(() -> new Object[]{new int[]{7, 8, 9}, i});
        }
        in.add(() -> new Object[]{null, 0});
        CompiledMonitorsTest.check("throwsInStaticMethod", in, T);
        in.clear();
        for (int x : new int[]{1, 0, -1, 7}) {
            in.add(() -> new Object[]{new Object(), x});
            in.add(() -> new Object[]{null, x});
        }
        CompiledMonitorsTest.check("throwsInBlockAndRelocks", in, T);
    }
}
