package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.lowering.ImplicitThrows;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Monitors end to end: each {@link MonitorTargets} method compiled, installed and run, compared with the
 * interpreter, and after every call no argument (nor the class) may still be locked by the calling
 * thread. Exceptions raised while locks are held deoptimize; the interpreter, given the monitors by
 * the debug info, throws and releases them. Then the cases a single thread cannot show: threads
 * contending for compiled synchronized methods and blocks (every update counted), and a compiled
 * frame deoptimized while it waits in {@code monitorenter} (it must resume after the bytecode with
 * the monitor held, not lock it twice).
 */
class CompiledMonitorsTest {
    static final int[] INTS = {0, 1, 7, -3, 100, Integer.MIN_VALUE};
    /** Updates per thread in {@link #contendedUpdatesAreNotLost} (fewer under the GC stress of {@link CompiledScenarios}). */
    static volatile int rounds = 20_000;

    static void check(String name, List<Supplier<Object[]>> in) {
        check(name, in, MonitorTargets.class);
    }

    /** As {@link #check(String, List)}, for a method of {@code holder} (a class HotSpot's compilers are kept off). */
    static void check(String name, List<Supplier<Object[]>> in, Class<?> holder) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = Jvmci.declared(holder, name);
        List<Outcome> expected = callChecked(m, in, "interpreter");
        InstalledCode code = install(m);
        List<Outcome> executed = new ArrayList<>();
        for (Supplier<Object[]> s : in) {
            Object[] args = s.get();
            executed.addAll(CompiledRunner.executeAll(code, List.of(() -> args)));
            assertNothingHeld(name + " (installed code executed)", args);
        }
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, executed);
        CompiledMethodsTest.compare(name + " (method called)", in, expected, callChecked(m, in, "compiled"));
        assertTrue(code.isValid(), name + ": code invalidated (a failed check must not invalidate it)");
    }

    static InstalledCode install(Method m) {
        return CompiledRunner.install(m);
    }

    /** Calls {@code m} once per input, checking after each call that the thread holds no lock on the arguments. */
    static List<Outcome> callChecked(Method m, List<Supplier<Object[]>> in, String how) {
        List<Outcome> out = new ArrayList<>();
        for (Supplier<Object[]> s : in) {
            Object[] args = s.get();
            out.addAll(CompiledRunner.callAll(m, List.of(() -> args)));
            assertNothingHeld(m.getName() + " (" + how + ")", args);
        }
        return out;
    }

    private static void assertNothingHeld(String what, Object[] args) {
        for (Object a : args) {
            if (a != null) {
                assertFalse(Thread.holdsLock(a), what + ": still holds the lock of " + a);
            }
        }
        assertFalse(Thread.holdsLock(MonitorTargets.class), what + ": still holds the class's lock");
        assertFalse(Thread.holdsLock(LockingProtocolTargets.class), what + ": still holds the class's lock");
    }

    static List<Supplier<Object>> locks() {
        return List.of(Object::new, () -> "a string", () -> new int[3], () -> new StringBuilder("sb"), () -> null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"block", "onClassConstant"})
    void blocks(String kind) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        if (kind.equals("block")) {
            for (Supplier<Object> l : locks()) {
                for (int x : INTS) {
                    in.add(() -> new Object[]{l.get(), x});
                }
            }
            check("block", in);
        } else {
            for (int x : INTS) {
                in.add(() -> new Object[]{x});
            }
            check("onClass", in);
        }
    }

    @Test
    void nestedOnOneAndTwoObjects() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : INTS) {
            Object shared = new Object();
            in.add(() -> new Object[]{shared, shared, x});
            in.add(() -> new Object[]{new Object(), new Object(), x});
            in.add(() -> new Object[]{new Object(), null, x});
            in.add(() -> new Object[]{null, new Object(), x});
        }
        check("nested", in);
    }

    @Test
    void fiveDeep() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : INTS) {
            in.add(() -> new Object[]{new Object(), new Object(), new Object(), new Object(), new Object(), x});
            Object one = new Object();
            in.add(() -> new Object[]{one, one, one, one, one, x});
            in.add(() -> new Object[]{new Object(), new Object(), new Object(), null, new Object(), x});
        }
        check("deep", in);
    }

    /** Ten locks (StringBuilders: the arrays are compared afterwards by their elements' text), more than the lock stack holds. */
    @Test
    void deeperThanTheLockStack() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : INTS) {
            in.add(() -> {
                Object[] o = new Object[10];
                for (int i = 0; i < o.length; i++) {
                    o[i] = new StringBuilder("lock" + i);
                }
                return new Object[]{o, x};
            });
            in.add(() -> {
                Object one = new StringBuilder("one");
                return new Object[]{new Object[]{one, one, one, one, one, one, one, one, one, one}, x};
            });
            in.add(() -> {
                Object[] o = new Object[10];
                for (int i = 0; i < o.length; i++) {
                    o[i] = i == 3 ? null : new StringBuilder("lock" + i);
                }
                return new Object[]{o, x};
            });
        }
        check("tenDeep", in);
    }

    @Test
    void inflatedWhileHeld() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : new int[]{0, 1, -1, 5}) {
            in.add(() -> new Object[]{new Object(), x});
            in.add(() -> new Object[]{"interned", x});
            in.add(() -> new Object[]{null, x});
        }
        check("inflatedWhileHeld", in);
    }

    @ParameterizedTest
    @ValueSource(strings = {"add", "depth"})
    void synchronizedInstanceMethods(String name) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : new int[]{0, 1, 5, 20, -2}) {
            in.add(() -> new Object[]{new MonitorTargets(), x});
        }
        check(name, in);
    }

    @Test
    void synchronizedMethodsReturningEveryKind() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int x : INTS) {
            in.add(() -> {
                MonitorTargets.staticCount = 0;
                return new Object[]{x};
            });
        }
        check("addStatic", in);
        in.clear();
        for (long x : new long[]{0, 1, -1, Long.MIN_VALUE, 1L << 40}) {
            in.add(() -> new Object[]{new MonitorTargets(), x});
        }
        check("addLong", in);
        in.clear();
        for (double x : new double[]{0, -0.0, 1.5, Double.NaN, Double.NEGATIVE_INFINITY}) {
            in.add(() -> new Object[]{x});
        }
        check("half", in);
        in.clear();
        for (boolean first : new boolean[]{true, false}) {
            in.add(() -> new Object[]{new MonitorTargets(), "a", null, first});
            in.add(() -> new Object[]{new MonitorTargets(), 1, 2.5, first});
        }
        check("pick", in);
        in.clear();
        in.add(() -> new Object[]{new int[]{4}});
        in.add(() -> new Object[]{new int[0]});
        in.add(() -> new Object[]{(Object) null});
        check("touch", in);
        in.clear();
        in.add(() -> new Object[]{new MonitorTargets(), new int[5]});
        in.add(() -> new Object[]{new MonitorTargets(), null});
        check("lengthOf", in);
    }

    @ParameterizedTest
    @ValueSource(strings = {"loopInside", "lockInLoop"})
    void loops(String name) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Supplier<Object> l : locks()) {
            for (int n : new int[]{0, 1, 10, 1000}) {
                in.add(() -> new Object[]{l.get(), n});
            }
        }
        check(name, in);
    }

    @ParameterizedTest
    @ValueSource(strings = {"callThrowsInside", "catchInside", "notifyInside"})
    void exceptionsWhileLocked(String name) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Supplier<Object> l : locks()) {
            for (int x : INTS) {
                in.add(() -> new Object[]{l.get(), x});
            }
        }
        check(name, in);
    }

    @Test
    void divisionByZeroWhileLocked() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Supplier<Object> l : locks()) {
            for (int y : new int[]{0, 1, -1, 3}) {
                in.add(() -> new Object[]{l.get(), Integer.MIN_VALUE, y});
                in.add(() -> new Object[]{l.get(), 17, y});
            }
        }
        check("divideInside", in);
    }

    /**
     * Threads increment one counter through compiled synchronized methods and blocks: no update may be
     * lost. Virtual threads too: one that finds the lock taken in compiled code must block pinned to
     * its carrier (the VM cannot unmount it from inside an nmethod's call), and go on correctly.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void contendedUpdatesAreNotLost(boolean virtual) throws Exception {
        CompiledRunner.install(Jvmci.declared(MonitorTargets.class, "add"));
        CompiledRunner.install(Jvmci.declared(MonitorTargets.class, "addStatic"));
        CompiledRunner.install(Jvmci.declared(MonitorTargets.class, "lockInLoop"));
        MonitorTargets shared = new MonitorTargets();
        int threads = 4;
        int rounds = CompiledMonitorsTest.rounds;
        int before;
        synchronized (MonitorTargets.class) {
            before = MonitorTargets.staticCount;
        }
        Object loopLock = new Object();
        contending(threads, virtual, rounds, i -> {
            if ((shared.add(1) & 1) != 1) {
                throw new AssertionError("add ran without holding the lock");
            }
            MonitorTargets.addStatic(2);
            if (i % 1000 == 0 && MonitorTargets.lockInLoop(loopLock, 50) != 50 * 49 / 2 + 50 * 3) {
                throw new AssertionError("lockInLoop");
            }
        });
        assertEquals(threads * rounds, shared.count, "instance counter");
        synchronized (MonitorTargets.class) {
            assertEquals(before + 2 * threads * rounds, MonitorTargets.staticCount, "static counter");
        }
    }

    /** One round of a contending thread, given its number. */
    private interface Round {
        void run(int i) throws Throwable;
    }

    /**
     * Runs {@code rounds} rounds of {@code round} in each of {@code threads} threads (virtual ones if
     * {@code virtual}) started together; fails if one of them throws or is stuck for 2 minutes.
     */
    private static void contending(int threads, boolean virtual, int rounds, Round round) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Runnable body = () -> {
                try {
                    start.await();
                    for (int i = 0; i < rounds; i++) {
                        round.run(i);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            };
            Thread th = virtual ? Thread.ofVirtual().unstarted(body) : new Thread(body);
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join(120_000);
            assertFalse(th.isAlive(), "a contending thread is stuck: " + th + " " + th.getState());
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    /**
     * Compiled code fast-locks an object; another thread contends, which inflates the lock with this
     * thread as its anonymous owner, and blocks; then the compiled unlock finds a monitor where it
     * locked a mark word: it must hand the VM the lock stack as it was (the object still on it), so
     * that the VM makes this thread the owner and releases the waiter. Without that, the monitor is
     * never released and the waiter never returns.
     */
    @Test
    void unlockAfterAnotherThreadInflatedTheLock() throws Exception {
        Method m = Jvmci.declared(MonitorTargets.class, "holdUntilReleased");
        InstalledCode code = CompiledRunner.install(m);
        for (int round = 0; round < 3; round++) {
            Object lock = new Object();
            MonitorTargets.entered = 0;
            MonitorTargets.release = 0;
            AtomicReference<Object> held = new AtomicReference<>();
            AtomicReference<Object> waited = new AtomicReference<>();
            Thread holder = new Thread(() -> {
                try {
                    held.set(m.invoke(null, lock));
                } catch (Throwable e) {
                    held.set(e);
                }
            });
            holder.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (MonitorTargets.entered == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, MonitorTargets.entered, "the holder never got the lock");
            Thread waiter = new Thread(() -> {
                synchronized (lock) {
                    waited.set("got it");
                }
            });
            waiter.start();
            while (waiter.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.BLOCKED, waiter.getState(), "the waiter never blocked on the lock");
            MonitorTargets.release = 1;
            holder.join(20_000);
            waiter.join(20_000);
            assertFalse(holder.isAlive() || waiter.isAlive(), "round " + round + ": a thread is stuck (holder " + holder.getState() + ", waiter " + waiter.getState() + ")");
            assertEquals(2L, held.get(), "round " + round);
            assertEquals("got it", waited.get(), "round " + round);
        }
        assertTrue(code.isValid());
    }

    /**
     * The race {@link #unlockAfterAnotherThreadInflatedTheLock} cannot time: another thread inflates
     * the lock between the compiled unlock's read of the mark word and its CAS, so that the CAS fails.
     * The unlock must then put the object back on the lock stack and call the VM, exactly as when it
     * reads the inflated mark; treating the failed CAS as done leaves the monitor owned by nobody's
     * lock stack and every other thread waits for it forever. Threads lock many fresh objects in step
     * (every object contended once), so that the window is hit many times.
     */
    @Test
    void inflatedBetweenTheUnlocksReadAndItsCas() throws Exception {
        CompiledRunner.install(Jvmci.declared(MonitorTargets.class, "lockstep"));
        int threads = 2;
        int n = lockstepObjects;
        Object[] locks = new Object[n];
        for (int i = 0; i < n; i++) {
            locks[i] = new Object();
        }
        int[] counts = new int[n];
        MonitorTargets.turn = 0;
        MonitorTargets.abandon = false;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    MonitorTargets.lockstep(locks, counts, threads);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            th.setDaemon(true);
            all.add(th);
        }
        all.forEach(Thread::start);
        try {
            // Stuck: the turn has not moved for 20 s (a lost lock never lets it move again).
            int seen = -1;
            long since = System.nanoTime();
            while (all.stream().anyMatch(Thread::isAlive)) {
                all.get(0).join(100);
                int now = MonitorTargets.turn;
                if (now != seen) {
                    seen = now;
                    since = System.nanoTime();
                }
                assertTrue(System.nanoTime() - since < 20_000_000_000L, "stuck at object " + now + " of " + n + ": "
                        + all.stream().map(t -> t.getState().toString()).toList());
            }
        } finally {
            MonitorTargets.abandon = true;
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(n, MonitorTargets.turn);
        for (int i = 0; i < n; i++) {
            assertEquals(threads, counts[i], "object " + i);
            assertFalse(Thread.holdsLock(locks[i]));
        }
    }

    /**
     * Compiles {@code name} of {@link InlineTargets} with inlining on, requires {@code inlined} to be
     * inlined, and installs it. (The method must have run: its calls are linked then.)
     */
    private static InstalledCode installInlining(String name, List<String> inlined) {
        return installInlining(name, inlined, ImplicitThrows.Mode.PROFILE);
    }

    /** As {@link #installInlining(String, List)}, implicit exceptions thrown as {@code implicit} says. */
    private static InstalledCode installInlining(String name, List<String> inlined, ImplicitThrows.Mode implicit) {
        Pipeline inlining = Pipeline.host(Pipeline.TEST_OPTIONS.with(org.ssajit.parse.Inlining.INLINE, true)
                        .with(org.ssajit.lowering.LoweringOptions.IMPLICIT_EXCEPTIONS, implicit));
        jdk.vm.ci.meta.ResolvedJavaMethod rm = Jvmci.method(Jvmci.declared(InlineTargets.class, name));
        org.ssajit.ir.Graph g = inlining.build(rm, -1, true);
        assertEquals(inlined, g.inlinedMethods().stream().map(jdk.vm.ci.meta.ResolvedJavaMethod::getName).sorted().toList(), "inlined into " + name);
        return Installer.host().installDirect(rm, inlining.compile(g, rm));
    }

    /**
     * Threads update one counter through compiled code whose synchronized callees are inlined: a
     * synchronized method inside a lock the caller holds (its lock in monitor slot 1) and a
     * synchronized block (slot 0). They contend, so the VM's slow paths lock and unlock in the
     * inlined methods' slots (under the legacy locking mode the slot holds the displaced mark word):
     * no update may be lost, and no lock stay held.
     */
    @Test
    void contendedInlinedLocks() throws Exception {
        assertEquals(2, InlineTargets.contend(new InlineTargets.Counter(), 0) + InlineTargets.contend(new InlineTargets.Counter(), 1));
        InstalledCode code = installInlining("contend", List.of("add", "addInBlock"));
        InlineTargets.Counter shared = new InlineTargets.Counter();
        int threads = 4;
        int rounds = CompiledMonitorsTest.rounds;
        contending(threads, false, rounds, i -> {
            code.executeVarargs(shared, i);
            if (Thread.holdsLock(shared) || Thread.holdsLock(shared.gate)) {
                throw new AssertionError("a lock is still held after round " + i);
            }
        });
        synchronized (shared) {
            assertEquals(threads * rounds, shared.count);
        }
        assertTrue(code.isValid(), "contend's code invalidated");
    }

    /**
     * A thread waits for an inlined synchronized method's lock (its state the callee's at bci 0 with
     * the lock held, the caller's frame holding the gate) while the code is invalidated: once it gets
     * the lock its frame is deoptimized into two interpreter frames, each with its monitor, and the
     * callee goes on from its first bytecode without locking again.
     */
    @Test
    void deoptimizedWhileWaitingForAnInlinedMethodsLock() throws Exception {
        assertEquals(2, InlineTargets.contend(new InlineTargets.Counter(), 0) + InlineTargets.contend(new InlineTargets.Counter(), 1));
        for (int round = 0; round < 3; round++) {
            InstalledCode code = installInlining("contend", List.of("add", "addInBlock"));
            InlineTargets.Counter c = new InlineTargets.Counter();
            Object result = deoptimizedWhileWaiting(c, code, () -> {
                int r = InlineTargets.contend(c, 0);
                return Thread.holdsLock(c) || Thread.holdsLock(c.gate) ? "still held" : r;
            });
            assertEquals(1, result, "round " + round);
            synchronized (c) {
                assertEquals(1, c.count, "round " + round);
            }
            assertFalse(Thread.holdsLock(c.gate));
        }
    }

    /**
     * A division by zero inside an inlined synchronized method whose caller holds another lock, caught
     * outside both. Deoptimizing there ({@code ImplicitExceptions=never}), the interpreter's two frames
     * get each its own monitor from the debug info: under the legacy locking mode each object's mark
     * word may then point to its frame's copy of the lock word, whose displaced mark word comes back
     * at the unlock, so a callee lock described with its caller's slot gets the caller's object's
     * mark word (its identity hash changes), and where the caller's lock is a recursive one (this
     * thread held the gate before the call: a zero lock word) it reads as recursive too, and its
     * unlock leaves it held. Thrown in compiled code ({@code always}), the exception passes the
     * callee's handler of last resort, which releases the counter's lock, then the caller's handler.
     */
    @ParameterizedTest
    @ValueSource(strings = {"NEVER", "ALWAYS"})
    void divisionByZeroInsideAnInlinedSynchronizedMethod(String mode) throws Exception {
        assertEquals(100, InlineTargets.divideUnderGate(new InlineTargets.Counter(), 1));
        for (int round = 0; round < 3; round++) {
            // A new installation each round: a trap at a bci that trapped before may make HotSpot invalidate the code.
            InstalledCode code = installInlining("divideUnderGate", List.of("divide"), ImplicitThrows.Mode.valueOf(mode));
            InlineTargets.Counter c = new InlineTargets.Counter();
            int counterHash = System.identityHashCode(c);
            int gateHash = System.identityHashCode(c.gate);
            assertEquals(100, code.executeVarargs(c, 1), "round " + round);
            synchronized (c.gate) {
                assertEquals(-1, code.executeVarargs(c, 0), "round " + round + ", the gate held");
                assertFalse(Thread.holdsLock(c), "the counter's lock is still held, round " + round);
            }
            assertEquals(counterHash, System.identityHashCode(c), "the counter's mark word, round " + round);
            assertEquals(gateHash, System.identityHashCode(c.gate), "the gate's mark word, round " + round);
            assertFalse(Thread.holdsLock(c) || Thread.holdsLock(c.gate), "a lock is still held, round " + round);
            code.invalidate();
        }
    }

    /** Objects {@link #inflatedBetweenTheUnlocksReadAndItsCas} locks in step. */
    static volatile int lockstepObjects = 400_000;

    /**
     * A thread waits in a compiled {@code monitorenter} while the code is invalidated: when it gets the
     * lock its frame is deoptimized, and the interpreter must go on after the bytecode with the monitor
     * the debug info hands it (locking again, or not at all, gives another answer or a thread that still
     * holds the lock).
     */
    @Test
    void deoptimizedWhileWaitingForTheLock() throws Exception {
        Method m = Jvmci.declared(MonitorTargets.class, "loopInside");
        long expected = MonitorTargets.loopInside(new Object(), 100);
        for (int round = 0; round < 3; round++) {
            InstalledCode code = CompiledRunner.install(m);
            Object lock = new Object();
            Object result = deoptimizedWhileWaiting(lock, code, () -> {
                long r = (long) m.invoke(null, lock, 100);
                return Thread.holdsLock(lock) ? "still held" : r;
            });
            assertEquals(expected, result, "round " + round);
        }
    }

    /**
     * Runs {@code body} in a new thread while this one holds {@code lock}; once that thread blocks
     * (on the lock, in {@code code}), invalidates {@code code}, releases the lock, and returns what
     * {@code body} returned or threw.
     */
    private static Object deoptimizedWhileWaiting(Object lock, InstalledCode code, java.util.concurrent.Callable<Object> body) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread waiter;
        synchronized (lock) {
            waiter = new Thread(() -> {
                try {
                    result.set(body.call());
                } catch (Throwable e) {
                    result.set(e);
                }
            });
            waiter.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (waiter.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.BLOCKED, waiter.getState(), "the waiter never blocked on the lock");
            code.invalidate(); // deoptimizes the waiter's frame
            assertFalse(code.isAlive(), "invalidated code still alive");
        }
        waiter.join();
        return result.get();
    }

    /**
     * A virtual thread blocks in compiled code on a lock another thread holds (in the VM, through
     * ssajit's monitorenter stub, its continuation pinned), and its frame is deoptimized meanwhile. Once
     * it gets the lock it returns into the deopt handler, and the interpreter goes on. It must not stay
     * pinned: a later park of the same virtual thread must unmount it. HotSpot's JFR event
     * jdk.VirtualThreadPinned says when a virtual thread parks pinned; there must be none for its park
     * (its wait for the lock, pinned on purpose, may be one). (With
     * a direct call from the nmethod, the unpinning after the call was skipped on this path.)
     */
    @Test
    void deoptimizedWhileBlockedLeavesTheVirtualThreadUnpinned() throws Exception {
        java.lang.reflect.Method m = MonitorTargets.class.getDeclaredMethod("lockOnce", Object.class, int.class);
        Object lock = new Object();
        java.nio.file.Path jfr = java.nio.file.Files.createTempFile("pinned", ".jfr");
        int[] result = new int[1];
        Thread v;
        int deoptimized = 0;
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
            recording.enable("jdk.VirtualThreadPinned").withThreshold(java.time.Duration.ofMillis(5));
            recording.start();
            InstalledCode code = CompiledRunner.install(m);
            v = Thread.ofVirtual().unstarted(() -> {
                result[0] = MonitorTargets.lockOnce(lock, 41);
                java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L); // unmounts unless pinned
            });
            synchronized (lock) {
                v.start();
                long end = System.nanoTime() + 10_000_000_000L;
                while (v.getState() != Thread.State.BLOCKED && System.nanoTime() < end) {
                    Thread.sleep(1);
                }
                assertEquals(Thread.State.BLOCKED, v.getState(), "the virtual thread did not block on the lock");
                code.invalidate(); // deoptimizes its frame: the return from the VM goes to the deopt handler
                if (!code.isAlive()) {
                    deoptimized++;
                }
                Thread.sleep(20); // a pinned wait for the lock longer than the threshold: an event to tell from the park's
            }
            v.join(10_000);
            recording.stop();
            recording.dump(jfr);
        }
        assertFalse(v.isAlive(), "the virtual thread did not finish");
        assertEquals(42, result[0]);
        assertEquals(1, deoptimized, "the code was not invalidated");
        // Only the park counts: waiting for the lock pinned (the stub pins on purpose) is an event too
        // when it lasts longer than the threshold, as on a loaded machine.
        long pinnedParks = jdk.jfr.consumer.RecordingFile.readAllEvents(jfr).stream()
                        .filter(e -> e.getThread("eventThread") != null && e.getThread("eventThread").getJavaThreadId() == v.threadId())
                        .filter(e -> e.getStackTrace() != null && e.getStackTrace().getFrames().stream().anyMatch(f -> f.getMethod().getName().equals("parkNanos")))
                        .count();
        java.nio.file.Files.deleteIfExists(jfr);
        assertEquals(0, pinnedParks, "the virtual thread stayed pinned after its frame was deoptimized in the lock's slow path");
    }
}
