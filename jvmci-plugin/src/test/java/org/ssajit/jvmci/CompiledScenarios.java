package org.ssajit.jvmci;

import java.util.LinkedHashMap;
import java.util.Map;

import jdk.vm.ci.code.InstalledCode;

/**
 * ssajit-compiled code under GC, deoptimization and traps: the checks that need a live HotSpot and
 * are repeated per collector with HotSpot's verification on ({@link CompiledGcMatrixTest}). Each throws
 * {@link AssertionError} on failure; {@link #main} runs them and prints {@code PASS <name>}.
 */
public final class CompiledScenarios {
    private CompiledScenarios() {
    }

    interface Scenario {
        void run() throws Exception;
    }

    /** Run only when named: {@code referentsKeptAlive} proves something only under G1's concurrent marking, and costs seconds elsewhere. */
    static final java.util.Set<String> ON_REQUEST = java.util.Set.of("referentsKeptAlive", "cellsHiddenWhileMarking", "referenceSwapsWhileEvacuating",
                    "youngIntoOldWithoutFullCollections");

    /** The scenarios a run without names runs. */
    static java.util.Set<String> byDefault() {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(all().keySet());
        names.removeAll(ON_REQUEST);
        return names;
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> m = new LinkedHashMap<>();
        m.put("walkWithGc", CompiledScenarios::walkWithGc);
        m.put("walkWithGcStatesInRegisters", () -> inRegisters(CompiledScenarios::walkWithGc));
        m.put("staticsWithGc", CompiledScenarios::staticsWithGc);
        m.put("spinInvalidated", CompiledScenarios::spinInvalidated);
        m.put("spinInvalidatedStatesInRegisters", () -> inRegisters(CompiledScenarios::spinInvalidated));
        m.put("traps", CompiledScenarios::traps);
        m.put("uninitializedClass", CompiledScenarios::uninitializedClass);
        m.put("endToEnd", CompiledScenarios::endToEnd);
        m.put("calls", CompiledScenarios::calls);
        m.put("typeChecks", CompiledScenarios::typeChecks);
        m.put("nativeIntrinsics", CompiledScenarios::nativeIntrinsics);
        m.put("arrayCopies", CompiledScenarios::arrayCopies);
        m.put("unsafeAccesses", CompiledScenarios::unsafeAccesses);
        m.put("referencesCopiedWhileCollecting", CompiledScenarios::referencesCopiedWhileCollecting);
        m.put("allocation", CompiledScenarios::allocation);
        m.put("referenceStores", CompiledScenarios::referenceStores);
        m.put("referencesMovedWhileCollecting", CompiledScenarios::referencesMovedWhileCollecting);
        m.put("monitors", CompiledScenarios::monitors);
        m.put("implicitExceptions", CompiledScenarios::implicitExceptions);
        m.put("referentsKeptAlive", CompiledScenarios::referentsKeptAlive);
        m.put("cellsHiddenWhileMarking", CompiledScenarios::cellsHiddenWhileMarking);
        m.put("referenceSwapsWhileEvacuating", CompiledScenarios::referenceSwapsWhileEvacuating);
        m.put("youngIntoOldWithoutFullCollections", CompiledScenarios::youngIntoOldWithoutFullCollections);
        return m;
    }

    /** Compiles with the test-only allocator naming registers in every frame state (references included). */
    static void inRegisters(Scenario s) throws Exception {
        CompiledRunner.allocation = CompiledRunner.Allocation.SPILL_ALL_STATES_IN_REGISTERS;
        try {
            s.run();
        } finally {
            CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /** Runs {@code body} while another thread asks for a full GC every {@code millis} ms (lighter than {@link #withGcs}). */
    static void withGcsEvery(long millis, Scenario body) throws Exception {
        Thread gc = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    System.gc();
                    Thread.sleep(millis);
                }
            } catch (InterruptedException e) {
                // done
            }
        }, "gc-every-" + millis + "ms");
        gc.setDaemon(true);
        gc.start();
        try {
            body.run();
        } finally {
            gc.interrupt();
            gc.join();
        }
    }

    /** Runs {@code body} while another thread keeps asking for full GCs (which move objects). */
    static void withGcs(Scenario body) throws Exception {
        Thread gc = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                System.gc();
                Object[] garbage = new Object[1000];
                for (int i = 0; i < garbage.length; i++) {
                    garbage[i] = new long[16];
                }
                CompiledTargets.render(garbage.length);
            }
        }, "gc-forcer");
        gc.setDaemon(true);
        gc.start();
        try {
            body.run();
        } finally {
            gc.interrupt();
            gc.join();
        }
    }

    /**
     * The reference loop: holders reached through an array and their fields, live in spill slots at
     * every safepoint while GCs move them. A reference map that missed one would leave a stale pointer.
     */
    static void walkWithGc() throws Exception {
        InstalledCode code = CompiledRunner.install(CompiledTargets.class.getDeclaredMethod("walk", CompiledTargets.Holder[].class, int.class));
        // Under heap verification every collection walks the whole heap and the gc-forcer collects
        // back to back, so the walks run in the gaps: 20 rounds took 159 s in a child JVM (Parallel,
        // compact headers; CompiledGcMatrixTest), and a round met anything from 0 to dozens of
        // collections. So: at least 5 rounds there (20 elsewhere), then more until 20 collections
        // have ended while a compiled walk ran, for up to 60 s: on a loaded machine 200 rounds met
        // only 9 collections (the gc-forcer thread got little CPU), so the bound is time, not rounds.
        int minRounds = heapVerified() ? 5 : 20;
        long deadline = System.nanoTime() + 60_000_000_000L;
        long[] duringWalks = {0};
        withGcs(() -> {
            for (int round = 0; round < minRounds || (duringWalks[0] < 20 && System.nanoTime() < deadline); round++) {
                CompiledTargets.Holder[] hs = new CompiledTargets.Holder[64];
                long expected = 0;
                for (int i = 0; i < hs.length; i++) {
                    hs[i] = new CompiledTargets.Holder(i + round);
                    expected += hs[i].l + hs[i].i;
                }
                for (int i = 0; i + 1 < hs.length; i += 2) {
                    hs[i].next = hs[i + 1];
                    expected += hs[i + 1].i;
                }
                int rounds = 20_000;
                long gcs = collections();
                long r = CompiledTargets.walk(hs, rounds);
                duringWalks[0] += collections() - gcs;
                check(r == expected * rounds, "walk round " + round + ": " + r + " != " + expected * rounds);
            }
        });
        check(code.isValid(), "walk code invalidated");
        check(duringWalks[0] >= 20, "only " + duringWalks[0] + " collections while the compiled walks ran");
    }

    /**
     * Whether this JVM verifies the heap around every collection ({@code -XX:+VerifyBeforeGC}, given on
     * its command line: the diagnostic option cannot be read through the management bean unless
     * diagnostic options are unlocked).
     */
    static boolean heapVerified() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+VerifyBeforeGC");
    }

    /** Collections so far, all collectors. */
    static long collections() {
        long n = 0;
        for (java.lang.management.GarbageCollectorMXBean b : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, b.getCollectionCount());
        }
        return n;
    }

    /** Static fields through the embedded class mirror, which full GCs may move (HotSpot updates the oop in the code). */
    static void staticsWithGc() throws Exception {
        // Initialized before the compile: else the code's static accesses deoptimize and invalidate it
        // (as they must for a class not initialized), and this scenario failed when run alone.
        CompiledTargets.Holder.reset();
        InstalledCode code = CompiledRunner.install(CompiledTargets.class.getDeclaredMethod("statics", int.class));
        withGcs(() -> {
            long sum = 0;
            for (int i = 0; i < 300_000; i++) {
                sum += CompiledTargets.statics(1);
            }
            CompiledTargets.render(sum);
        });
        check(CompiledTargets.Holder.si == 3 + 300_000, "static int: " + CompiledTargets.Holder.si);
        check(CompiledTargets.Holder.sv == 300_000, "static volatile long: " + CompiledTargets.Holder.sv);
        check(code.isValid(), "statics code invalidated");
    }

    /**
     * Lazy deoptimization at a loop poll of ssajit code: the code is invalidated while a thread spins
     * in it (its top frame, checked by a stack walk), and the stop flag is set only after another
     * handshake with it; the thread continues in the interpreter from the poll's debug info, with the
     * same values. CompiledGcMatrixTest finds the deoptimized frame in HotSpot's trace.
     */
    static void spinInvalidated() throws Exception {
        InstalledCode code = CompiledRunner.install(CompiledTargets.class.getDeclaredMethod("spin"));
        CompiledTargets.stop = 0;
        long[] result = new long[1];
        Thread t = new Thread(() -> result[0] = CompiledTargets.spin(), "spinner");
        t.start();
        Scenarios.awaitTopFrame(t, "spin");
        code.invalidate();
        Scenarios.awaitTopFrame(t, "spin");
        CompiledTargets.stop = 1;
        t.join(30_000);
        check(!t.isAlive(), "spinner did not stop");
        check(result[0] > 0, "values lost in deoptimization: " + result[0]);
    }

    /**
     * Exceptions: the checks trap to the interpreter at the bytecode (the trace shows the reason), which
     * throws; the code stays installed (action none).
     */
    static void traps() throws Exception {
        InstalledCode div = CompiledRunner.install(CompiledTargets.class.getDeclaredMethod("idiv", int.class, int.class));
        InstalledCode load = CompiledRunner.install(CompiledTargets.class.getDeclaredMethod("iaload", int[].class, int.class));
        for (int i = 0; i < 3; i++) {
            int dividend = i;
            expect(ArithmeticException.class, () -> CompiledTargets.idiv(dividend, 0));
            expect(NullPointerException.class, () -> CompiledTargets.iaload(null, 0));
            expect(ArrayIndexOutOfBoundsException.class, () -> CompiledTargets.iaload(new int[2], 2));
            expect(ArrayIndexOutOfBoundsException.class, () -> CompiledTargets.iaload(new int[2], -1));
        }
        check(CompiledTargets.idiv(Integer.MIN_VALUE, -1) == Integer.MIN_VALUE, "MIN_VALUE / -1");
        check(div.isValid() && load.isValid(), "exception traps invalidated the code");
    }

    /** getstatic of a class not initialized at compile time: the trap initializes it and drops the code; a recompile keeps it. */
    static void uninitializedClass() throws Exception {
        java.lang.reflect.Method m = CompiledTargets.class.getDeclaredMethod("readLazy");
        InstalledCode first = CompiledRunner.install(m);
        check(CompiledTargets.readLazy() == 42, "readLazy before initialization");
        check(!first.isValid() || !first.isAlive(), "the unresolved-entry trap must invalidate the code");
        InstalledCode second = CompiledRunner.install(m);
        for (int i = 0; i < 100; i++) {
            check(CompiledTargets.readLazy() == 42, "readLazy after initialization");
        }
        check(second.isValid(), "code compiled after initialization was invalidated");
    }

    /** Every {@link CompiledMethodsTest} method (linear scan, then the test allocator naming registers in states): in a child JVM, under its flags. */
    static void endToEnd() {
        for (java.lang.reflect.Method t : CompiledMethodsTest.class.getDeclaredMethods()) {
            org.junit.jupiter.params.provider.ValueSource names = t.getAnnotation(org.junit.jupiter.params.provider.ValueSource.class);
            if (names == null) {
                continue;
            }
            for (String name : names.strings()) {
                CompiledMethodsTest.check(name);
                CompiledRunner.allocation = CompiledRunner.Allocation.SPILL_ALL_STATES_IN_REGISTERS;
                try {
                    CompiledMethodsTest.checkCompiled(name);
                } finally {
                    CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
                }
            }
        }
    }

    /** Every {@link CompiledTypeChecksTest} case: the object's class read in every header layout. */
    static void typeChecks() throws Exception {
        runAll(CompiledTypeChecksTest.class);
    }

    /** Every {@link CompiledNativeIntrinsicsTest} case: the class pointer and the mirror read in every layout. */
    static void nativeIntrinsics() throws Exception {
        runAll(CompiledNativeIntrinsicsTest.class);
    }

    /** Every {@link CompiledArrayCopyTest} case: element offsets and reference copies in every layout. */
    static void arrayCopies() throws Exception {
        runAll(CompiledArrayCopyTest.class);
    }

    /** Every {@link CompiledUnsafeTest} case: element and field offsets, narrow oops and the referent's keep-alive in every layout. */
    static void unsafeAccesses() throws Exception {
        runAll(CompiledUnsafeTest.class);
    }

    /**
     * {@link ArrayCopyTargets#churn} compiled (System.arraycopy of Cell[] through the VM's oop copy
     * stub) while another thread keeps the collector busy (under G1 with {@code
     * -XX:+ExplicitGCInvokesConcurrent}: concurrent marking): the ids' sum must stay the same.
     */
    static void referencesCopiedWhileCollecting() throws Exception {
        // Run first (interpreted), so that the classes its constant pool names are resolved when it is compiled.
        long expected = ArrayCopyTargets.churn(ArrayCopyTargets.cells(2000), 3);
        InstalledCode code = CompiledRunner.install(ArrayCopyTargets.class.getDeclaredMethod("churn", ArrayCopyTargets.Cell[].class, int.class));
        ArrayCopyTargets.Cell[] cells = ArrayCopyTargets.cells(2000);
        System.gc(); // old, before the copies
        withGcs(() -> {
            for (int k = 0; k < 30; k++) {
                long sum = (Long) code.executeVarargs(cells, 200);
                check(sum == expected, "round " + k + ": the ids sum to " + sum + ", expected " + expected);
            }
        });
        check(code.isValid(), "churn code invalidated");
    }

    /**
     * {@link UnsafeTargets#swapsFromCopies} compiled, for a few seconds of collection cycles (run under
     * Shenandoah's aggressive heuristics: each cycle evacuates every region): no swap of an object the
     * slot holds may fail because the slot still holds the object's from-space copy.
     */
    static void referenceSwapsWhileEvacuating() throws Exception {
        Object[] a = new Object[1000];
        Object[] b = new Object[1000];
        UnsafeTargets.swapsFromCopies(a, b, 1000);
        InstalledCode code = CompiledRunner.install(UnsafeTargets.class.getDeclaredMethod("swapsFromCopies", Object[].class, Object[].class, int.class));
        long end = System.nanoTime() + 5_000_000_000L;
        int rounds = 0;
        while (System.nanoTime() < end) {
            int failed = (Integer) code.executeVarargs(a, b, 200_000);
            check(failed == 0, "call " + rounds + ": " + failed + " of 200000 swaps failed");
            rounds++;
        }
        check(code.isValid(), "swapsFromCopies code invalidated");
        System.out.println("referenceSwapsWhileEvacuating: " + rounds + " calls of 200000 swaps");
    }

    /**
     * {@link StoreTargets#adopt} compiled: young payloads stored into nodes made old by allocation alone
     * (no {@code System.gc()}: a generational collector's young collections then find the payloads only
     * through the cards the stores marked), then more young collections before the payloads are read.
     * Run with young collections often and survivors promoted soon (generational Shenandoah's flags).
     */
    static void youngIntoOldWithoutFullCollections() throws Exception {
        StoreTargets.Node[] warm = StoreTargets.ring(100);
        StoreTargets.adopt(warm, 0);
        InstalledCode code = CompiledRunner.install(StoreTargets.class.getDeclaredMethod("adopt", StoreTargets.Node[].class, int.class));
        StoreTargets.Node[] nodes = StoreTargets.ring(20_000);
        churn(1000); // young cycles: the nodes are promoted
        for (int k = 0; k < 40; k++) {
            long expected = 20_000L * 19_999 / 2 + 20_000L * k;
            long sum = (Long) code.executeVarargs(nodes, k);
            check(sum == expected, "round " + k + ": " + sum + ", expected " + expected);
            churn(50);
            long again = 0;
            for (StoreTargets.Node n : nodes) {
                again += ((int[]) n.payload)[0];
            }
            check(again == expected, "round " + k + " after young collections: " + again + ", expected " + expected);
        }
        check(code.isValid(), "adopt code invalidated");
    }

    /** Allocates short-lived arrays for {@code millis} ms: young collections, no full one. */
    static void churn(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        Object[] keep = new Object[64];
        int k = 0;
        while (System.nanoTime() < end) {
            keep[k++ & 63] = new byte[1024];
        }
    }

    /** Every {@link CompiledAllocationTest} case: headers in every layout, collections of new objects. */
    static void allocation() throws Exception {
        runAll(CompiledAllocationTest.class);
    }

    /** Every {@link CompiledReferenceStoresTest} case: barriers under every collector and layout. */
    static void referenceStores() throws Exception {
        // (Not the child-JVM test of the G1 barriers under concurrent marking: the matrix runs that itself.)
        runAll(CompiledReferenceStoresTest.class, java.util.Set.of("g1BarriersUnderConcurrentMarking"));
    }

    /**
     * Old objects' fields and array slots swapped by compiled code for a while, as another thread keeps
     * the collector busy (with {@code -XX:+ExplicitGCInvokesConcurrent} under G1: concurrent marking,
     * whose snapshot the SATB pre-barrier keeps). The ids reachable must stay the same; an object lost
     * by a missing barrier is freed and its memory reused (or heap verification fails first).
     */
    static void referencesMovedWhileCollecting() throws Exception {
        InstalledCode code = CompiledRunner.install(StoreTargets.class.getDeclaredMethod("shuffle", StoreTargets.Node[].class, int.class, int.class));
        StoreTargets.Node[] nodes = StoreTargets.ring(2000);
        System.gc();
        long expected = StoreTargets.shuffle(StoreTargets.ring(2000), 1, 0);
        withGcs(() -> {
            for (int k = 0; k < 100; k++) {
                long sum = (Long) code.executeVarargs(nodes, k, 5000);
                check(sum == expected, "round " + k + ": reachable ids sum to " + sum + ", expected " + expected);
            }
        });
        check(code.isValid(), "shuffle code invalidated");
        InstalledCode hide = CompiledRunner.install(StoreTargets.class.getDeclaredMethod("hide", StoreTargets.Node[].class, int.class));
        StoreTargets.Node[] holders = StoreTargets.ring(20_000);
        System.gc();
        long once = StoreTargets.hide(StoreTargets.ring(20_000), 1);
        withGcs(() -> {
            for (int k = 0; k < 60; k++) {
                long sum = (Long) hide.executeVarargs(holders, 1);
                check(sum == once, "hide round " + k + ": " + sum + ", expected " + once);
            }
        });
        check(hide.isValid(), "hide code invalidated");
    }

    /**
     * Every {@link CompiledMonitorsTest} case while another thread collects every 20 ms: locked objects
     * move (the lock stack's and the frames' references are roots), monitors inflate and deflate.
     */
    static void monitors() throws Exception {
        // The compiler's first use initializes JVMCI, slow under heap verification with a GC per allocation burst: before the GCs.
        CompiledRunner.install(MonitorTargets.class.getDeclaredMethod("block", Object.class, int.class));
        CompiledMonitorsTest.rounds = 2000;
        // The lockstep race over 400,000 objects took more than the child's 4 minutes under heap
        // verification and a safepoint every millisecond on a loaded 2-core machine (2026-11-29): fewer here.
        int lockstep = CompiledMonitorsTest.lockstepObjects;
        CompiledMonitorsTest.lockstepObjects = 20_000;
        try {
            // (Not the JFR-based pinning test: starting JFR under heap verification costs more than it proves here.)
            withGcsEvery(20, () -> runAll(CompiledMonitorsTest.class, java.util.Set.of("deoptimizedWhileBlockedLeavesTheVirtualThreadUnpinned")));
        } finally {
            CompiledMonitorsTest.rounds = 20_000;
            CompiledMonitorsTest.lockstepObjects = lockstep;
        }
    }

    /**
     * {@code Reference.get()} compiled (its read of {@code referent} gets G1's keep-alive barrier): while
     * another thread keeps collecting (under G1 with {@code -XX:+ExplicitGCInvokesConcurrent}, marking
     * runs most of the time), objects only weakly reachable are fetched through their weak references
     * and held strongly. Marking's snapshot saw them only through the weak references; without the
     * barrier it does not mark them, the references are cleared and the objects freed while held.
     */
    @SuppressWarnings("unchecked")
    static void referentsKeptAlive() throws Exception {
        InstalledCode get = CompiledRunner.install(java.lang.ref.Reference.class.getDeclaredMethod("get"));
        java.lang.ref.WeakReference<String> probe = new java.lang.ref.WeakReference<>("probe");
        check("probe".equals(get.executeVarargs(probe)), "Reference.get() compiled returns the referent");
        withGcs(() -> {
            // Without the barrier, heap verification during marking finds a dead object in the first rounds.
            for (int round = 0; round < 4; round++) {
                int n = 4000;
                java.lang.ref.WeakReference<StoreTargets.Node>[] refs = new java.lang.ref.WeakReference[n];
                StoreTargets.Node[] hold = new StoreTargets.Node[n];
                for (int k = 0; k < n; k++) {
                    hold[k] = new StoreTargets.Node(k);
                    hold[k].payload = new long[]{k, -k};
                    refs[k] = new java.lang.ref.WeakReference<>(hold[k]);
                }
                Thread.sleep(30); // collections promote them
                java.util.Arrays.fill(hold, null);
                // Fetched over some 100 ms: many fetches fall into a marking whose snapshot was taken after
                // the objects became weakly reachable.
                StoreTargets.Node[] strong = new StoreTargets.Node[n];
                for (int k = 0; k < n; k++) {
                    strong[k] = (StoreTargets.Node) get.executeVarargs(refs[k]);
                    if (k % 40 == 39) {
                        Thread.sleep(1);
                    }
                }
                Thread.sleep(30);
                for (int k = 0; k < n; k++) {
                    if (strong[k] != null) {
                        check(strong[k].id == k && ((long[]) strong[k].payload)[1] == -k, "round " + round + ": object " + k + " changed while held");
                    }
                }
            }
        });
        check(get.isValid(), "Reference.get() code invalidated");
    }

    /**
     * {@link StoreTargets#hideCells} (no type checks: it runs on every back end) while another thread
     * keeps collecting: under G1 with {@code -XX:+ExplicitGCInvokesConcurrent} marking runs most of the
     * time, and an old cell whose only other reference is in a new box for 100 ms survives only through
     * the SATB pre-barrier of the store that cleared its slot.
     */
    static void cellsHiddenWhileMarking() throws Exception {
        // Before compiling: ringCells resolves the class Cell, which hideCells allocates (else it traps as unresolved).
        StoreTargets.Cell[] holders = StoreTargets.ringCells(5000);
        long once = StoreTargets.hideCells(StoreTargets.ringCells(5000), 0);
        InstalledCode hide = CompiledRunner.install(StoreTargets.class.getDeclaredMethod("hideCells", StoreTargets.Cell[].class, int.class));
        System.gc();
        withGcs(() -> {
            for (int k = 0; k < 30; k++) {
                long sum = (Long) hide.executeVarargs(holders, 100);
                check(sum == once, "hide round " + k + ": " + sum + ", expected " + once);
            }
        });
        check(hide.isValid(), "hideCells code invalidated");
    }

    /** Every {@link CompiledCallsTest} case: calls, with collections in callees and deoptimization at calls. */
    static void calls() throws Exception {
        runAll(CompiledCallsTest.class);
    }

    /**
     * {@link CompiledImplicitExceptionsTest} cases of every kind (exceptions created by the VM through
     * ssajit's stubs, on top of a compiled frame) while another thread keeps collecting: the stack
     * walks go through the stub's frame, and the exception objects move.
     */
    static void implicitExceptions() throws Exception {
        // A sample of the kinds (every case costs seconds under heap verification), and the
        // invalidations while the VM creates exceptions; the test compiles with ImplicitExceptions=always.
        CompiledImplicitExceptionsTest t = new CompiledImplicitExceptionsTest();
        CompiledImplicitExceptionsTest.invalidationMillis = 500;
        withGcsEvery(5, () -> {
            for (String name : new String[]{"nullChain", "nullArray", "remainders", "castToInterfaceAndArray", "arrayStore", "inLoop", "stackTrace",
                            "synchronizedBlock", "bounds", "negativeObjectArraySize"}) {
                t.caughtInCompiledCode(name);
            }
            t.deoptimizedWhileTheVmCreatesTheException();
        });
    }

    /** Runs every parameterized ({@code @ValueSource}, or {@code @MethodSource} of its own static methods: every case) and plain test method of a test class. */
    private static void runAll(Class<?> testClass) throws Exception {
        runAll(testClass, java.util.Set.of());
    }

    /** As {@link #runAll(Class)}, except the methods named in {@code skipped}. */
    private static void runAll(Class<?> testClass, java.util.Set<String> skipped) throws Exception {
        var ctor = testClass.getDeclaredConstructor();
        ctor.setAccessible(true);
        Object t = ctor.newInstance();
        for (java.lang.reflect.Method m : testClass.getDeclaredMethods()) {
            if (skipped.contains(m.getName())) {
                continue;
            }
            org.junit.jupiter.params.provider.ValueSource names = m.getAnnotation(org.junit.jupiter.params.provider.ValueSource.class);
            org.junit.jupiter.params.provider.MethodSource sources = m.getAnnotation(org.junit.jupiter.params.provider.MethodSource.class);
            if (sources != null) {
                // Every case (a child JVM has no shard): the named static methods' streams of names.
                m.setAccessible(true);
                for (String source : sources.value()) {
                    java.lang.reflect.Method s = testClass.getDeclaredMethod(source);
                    s.setAccessible(true);
                    for (Object name : ((java.util.stream.Stream<?>) s.invoke(null)).toList()) {
                        m.invoke(t, name);
                    }
                }
            } else if (names != null) {
                m.setAccessible(true);
                for (String name : names.strings()) {
                    m.invoke(t, name);
                }
                for (boolean b : names.booleans()) {
                    m.invoke(t, b);
                }
            } else if (m.isAnnotationPresent(org.junit.jupiter.api.Test.class)) {
                m.setAccessible(true);
                m.invoke(t);
            }
        }
    }

    private static void expect(Class<? extends Throwable> type, Runnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            check(type.isInstance(t), "expected " + type.getName() + ", got " + t);
            return;
        }
        throw new AssertionError("expected " + type.getName());
    }

    public static void main(String[] args) {
        Map<String, Scenario> all = all();
        for (String name : args.length == 0 ? byDefault().toArray(new String[0]) : args) {
            long start = System.nanoTime();
            try {
                all.get(name).run();
                System.out.println("PASS " + name);
                System.out.printf("TIME %s %.1f%n", name, (System.nanoTime() - start) / 1e9);
            } catch (Throwable t) {
                System.out.println("FAIL " + name + ": " + t);
                t.printStackTrace(System.out);
                System.exit(1);
            }
        }
    }
}
