package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link CompiledScenarios} in a child JVM per collector with heap verification before and after every
 * GC (which walks our frames through our reference maps), frequent safepoints, and HotSpot's trace of
 * every deoptimization, which must name our traps' reasons and actions ({@link CompiledScenariosTest}
 * runs them in the test JVM). Child JVMs only: the tests run beside others ({@code ssajit.test.threads}).
 */
@Execution(ExecutionMode.CONCURRENT)
class CompiledGcMatrixTest {
    private static final List<String> STRESS = List.of(
                    ChildJvm.NO_COLD_CODE_FLUSHING,
                    "-XX:+UnlockDiagnosticVMOptions",
                    "-XX:+VerifyBeforeGC", "-XX:+VerifyAfterGC",
                    "-XX:+SafepointALot", "-XX:GuaranteedSafepointInterval=1",
                    "-XX:+TraceDeoptimization",
                    // Results are compared with the interpreter's, messages included, and the code must stay
                    // valid: no hot throws without messages, no trap before them (ImplicitExceptionPolicyTest has those).
                    "-XX:-OmitStackTraceInFastThrow",
                    "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude,org.ssajit.jvmci.CompiledTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.CallTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.TypeCheckTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.NativeIntrinsicTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.ArrayCopyTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.UnsafeTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.AllocationTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.StoreTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.MonitorTargets::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.ImplicitExceptionTargets::*");

    /**
     * The object layouts reference loads and array accesses must follow, all read from the VM:
     * uncompressed oops, uncompressed class pointers, compact object headers (other length and base offsets), and compressed oops
     * with a non-zero (disjoint) heap base, which the decode adds.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-XX:-UseCompressedOops", "-XX:-UseCompressedClassPointers", "-XX:+UseCompactObjectHeaders", "-XX:HeapBaseMinAddress=64g -Xmx1g"})
    void scenariosPassWithObjectLayout(String layout) throws Exception {
        Matrix.onlyInFullMatrix("each object layout under the default collector");
        scenariosPassWith(layout);
    }

    /**
     * The default build's cover of the two matrices in two child JVMs (each took 1 to 2 minutes of
     * CI's time under heap verification): every layout, two at a time, under Serial and Parallel, with
     * the deoptimization trace checked in each. G1 is the test JVM's own collector
     * ({@link CompiledScenariosTest}) and runs under heap verification in {@link
     * #referenceStoresUnderConcurrentMarking} and {@link EndToEndGcMatrixTest}; {@code -Pstress}
     * runs each layout and each collector alone.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-XX:-UseCompressedOops -XX:-UseCompressedClassPointers -XX:+UseSerialGC",
                    "-XX:+UseCompactObjectHeaders -XX:HeapBaseMinAddress=64g -Xmx1g -XX:+UseParallelGC"})
    void scenariosPassWithObjectLayoutAndCollector(String layoutAndCollector) throws Exception {
        scenariosPassWith(layoutAndCollector);
    }

    private static void scenariosPassWith(String extra) throws Exception {
        List<String> flags = new ArrayList<>(STRESS);
        flags.addAll(0, List.of(extra.split(" ")));
        // Every scenario under heap verification: 171 s and 208 s for the two default children on an idle
        // 2-core machine (2026-11-27), the second over 240 s in one CI run (its 4 minutes were too few:
        // a timeout now prints the scenarios passed and the main thread's stack, see ChildJvm).
        ChildJvm.Result r = ChildJvm.run(flags, CompiledScenarios.class.getName(), List.of(), Duration.ofMinutes(8));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        for (String scenario : CompiledScenarios.byDefault()) {
            assertTrue(r.stdout().contains("PASS " + scenario + "\n"), () -> scenario + " did not pass\n" + r.describe());
        }
        assertTrapsTraced(r);
    }

    /**
     * G1 with concurrent marking running most of the time (every System.gc() of the scenario's
     * collecting thread starts a cycle), SATB and dirty-card buffers of one entry (every enqueue
     * fills one: the runtime slow paths run), and heap verification during marking too.
     */
    @Test
    void referenceStoresUnderConcurrentMarking() throws Exception {
        List<String> flags = new ArrayList<>(STRESS);
        flags.addAll(0, List.of("-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent", "-XX:G1SATBBufferSize=1", "-XX:G1UpdateBufferSize=1", "-Xmx256m",
                        "-XX:MaxTenuringThreshold=0"));
        flags.add("-XX:+VerifyDuringGC"); // after STRESS's -XX:+UnlockDiagnosticVMOptions
        ChildJvm.Result r = ChildJvm.run(flags, CompiledScenarios.class.getName(), List.of("referenceStores", "referencesMovedWhileCollecting", "referentsKeptAlive",
                        "referencesCopiedWhileCollecting"),
                        Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("PASS referencesMovedWhileCollecting\n"), r::describe);
        assertTrue(r.stdout().contains("PASS referentsKeptAlive\n"), r::describe);
        assertTrue(r.stdout().contains("PASS referencesCopiedWhileCollecting\n"), r::describe);
    }

    /**
     * Shenandoah in its default mode with a collection cycle all the time (its aggressive heuristics:
     * every cycle evacuates every region with garbage, so the load-reference barriers' slow paths and the
     * reference swaps' retries run), its own heap verification at each phase and compressed oops (the
     * narrow entries heal narrow slots): the scenarios that read, store, copy and swap references
     * (every scenario under {@code -Pstress}; the others' code has no barrier of its own).
     */
    @Test
    void scenariosPassUnderShenandoah() throws Exception {
        String flags = "-XX:+UnlockDiagnosticVMOptions -XX:+UseShenandoahGC -Xmx256m -XX:ShenandoahGCHeuristics=aggressive -XX:+ShenandoahVerify";
        if (Matrix.full()) {
            scenariosPassWith(flags);
            return;
        }
        List<String> all = new ArrayList<>(STRESS);
        all.addAll(0, List.of(flags.split(" ")));
        List<String> scenarios = List.of("walkWithGc", "staticsWithGc", "endToEnd", "arrayCopies", "unsafeAccesses", "referencesCopiedWhileCollecting", "allocation",
                        "referenceStores", "referencesMovedWhileCollecting");
        ChildJvm.Result r = ChildJvm.run(all, CompiledScenarios.class.getName(), scenarios, Duration.ofMinutes(8));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        for (String scenario : scenarios) {
            assertTrue(r.stdout().contains("PASS " + scenario + "\n"), () -> scenario + " did not pass\n" + r.describe());
        }
    }

    /**
     * Generational ZGC with a collection every 10 ms (each flips the colors, so the VM re-patches the
     * code's barrier immediates at its entry barriers and the slow paths run), relocation in place
     * forced, and ZGC's own verification of roots, objects, marking and remembered sets: the scenarios
     * that read, store, copy and swap references (every scenario under {@code -Pstress}).
     */
    @Test
    void scenariosPassUnderZ() throws Exception {
        String flags = "-XX:+UseZGC -Xmx256m -XX:ZCollectionInterval=0.01 -XX:+UnlockDiagnosticVMOptions -XX:+ZStressRelocateInPlace -XX:+ZVerifyRoots"
                        + " -XX:+ZVerifyObjects -XX:+ZVerifyMarking -XX:+ZVerifyRemembered";
        if (Matrix.full()) {
            scenariosPassWith(flags);
            return;
        }
        List<String> all = new ArrayList<>(STRESS);
        all.addAll(0, List.of(flags.split(" ")));
        List<String> scenarios = List.of("walkWithGc", "staticsWithGc", "endToEnd", "arrayCopies", "unsafeAccesses", "referencesCopiedWhileCollecting", "allocation",
                        "referenceStores", "referencesMovedWhileCollecting", "referentsKeptAlive", "youngIntoOldWithoutFullCollections", "referenceSwapsWhileEvacuating");
        ChildJvm.Result r = ChildJvm.run(all, CompiledScenarios.class.getName(), scenarios, Duration.ofMinutes(8));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        for (String scenario : scenarios) {
            assertTrue(r.stdout().contains("PASS " + scenario + "\n"), () -> scenario + " did not pass\n" + r.describe());
        }
    }

    /**
     * Epsilon, which has no barriers and never collects (System.gc() does nothing): the code has no
     * card marks, no queue and no load barrier, and still its nmethod entry barrier; the scenarios
     * that store, copy and swap references and allocate, in a heap large enough for all they allocate
     * (about 2 GB). Epsilon exits on the first OutOfMemoryError by default; the scenarios provoke some.
     */
    @Test
    void scenariosPassUnderEpsilon() throws Exception {
        List<String> all = new ArrayList<>(STRESS);
        all.addAll(0, List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC", "-Xmx3g", "-XX:-ExitOnOutOfMemoryError"));
        List<String> scenarios = List.of("endToEnd", "arrayCopies", "unsafeAccesses", "allocation", "referenceStores", "staticsWithGc", "referentsKeptAlive");
        ChildJvm.Result r = ChildJvm.run(all, CompiledScenarios.class.getName(), scenarios, Duration.ofMinutes(8));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        for (String scenario : scenarios) {
            assertTrue(r.stdout().contains("PASS " + scenario + "\n"), () -> scenario + " did not pass\n" + r.describe());
        }
    }

    /**
     * Shenandoah's generational mode, whose card marks (in the table the thread holds) young
     * collections must find, without compressed oops, under its own heap verification: the scenarios
     * that store and swap references (every scenario under {@code -Pstress}).
     */
    @Test
    void referenceStoresUnderGenerationalShenandoah() throws Exception {
        List<String> flags = new ArrayList<>(STRESS);
        // Young cycles every 10 ms, and survivors of one cycle promoted: old objects that compiled code
        // stores young ones into, whose cards the next young cycle must find.
        flags.addAll(0, List.of("-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational", "-XX:-UseCompressedOops", "-Xmx256m",
                        "-XX:+UnlockExperimentalVMOptions", "-XX:ShenandoahGuaranteedYoungGCInterval=10", "-XX:-ShenandoahGenerationalAdaptiveTenuring",
                        "-XX:ShenandoahGenerationalMinTenuringAge=1", "-XX:ShenandoahGenerationalMaxTenuringAge=1"));
        flags.add("-XX:+ShenandoahVerify"); // after STRESS's -XX:+UnlockDiagnosticVMOptions
        List<String> scenarios = new ArrayList<>(Matrix.full() ? CompiledScenarios.byDefault()
                        : List.of("referenceStores", "referencesMovedWhileCollecting", "unsafeAccesses"));
        scenarios.add("youngIntoOldWithoutFullCollections");
        ChildJvm.Result r = ChildJvm.run(flags, CompiledScenarios.class.getName(), scenarios, Duration.ofMinutes(8));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        for (String scenario : scenarios) {
            assertTrue(r.stdout().contains("PASS " + scenario + "\n"), () -> scenario + " did not pass\n" + r.describe());
        }
    }

    /**
     * Shenandoah's reference swap with its retry: a slot that still holds the from-space copy of the
     * expected object swaps ({@link CompiledScenarios#referenceSwapsWhileEvacuating}), with cycles back
     * to back: without heap verification and extra safepoints, which would leave fewer cycles to race
     * with (a plain swap failed in the first call of the compiled code, 1,000 of 200,000 swaps).
     */
    @Test
    void referenceSwapsWhileShenandoahEvacuates() throws Exception {
        List<String> flags = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+UseShenandoahGC", "-Xmx128m", "-XX:ShenandoahGCHeuristics=aggressive",
                        ChildJvm.NO_COLD_CODE_FLUSHING, "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude,org.ssajit.jvmci.UnsafeTargets::*");
        ChildJvm.Result r = ChildJvm.run(flags, CompiledScenarios.class.getName(), List.of("referenceSwapsWhileEvacuating"), Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("PASS referenceSwapsWhileEvacuating\n"), r::describe);
    }

    /**
     * The card marks as the lowering expands them, plain under Serial and, with
     * {@code -XX:+UseCondCardMark}, the card read and the write branched around under Parallel: young
     * objects stored into old ones, which young collections must find, under heap verification.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC -XX:-UseCondCardMark", "-XX:+UseParallelGC -XX:+UseCondCardMark"})
    void referenceStoresWithCardMarks(String collector) throws Exception {
        List<String> flags = new ArrayList<>(STRESS);
        flags.addAll(0, List.of(collector.split(" ")));
        flags.add(0, "-Xmx256m");
        ChildJvm.Result r = ChildJvm.run(flags, CompiledScenarios.class.getName(), List.of("referenceStores", "referencesMovedWhileCollecting"),
                        Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("PASS referenceStores\n"), r::describe);
        assertTrue(r.stdout().contains("PASS referencesMovedWhileCollecting\n"), r::describe);
    }

    /**
     * JDK 25 still lets the legacy stack locking be chosen ({@code -XX:LockingMode=1}, deprecated): the
     * compiled code has no fast path for it and locks through the VM, which must see the same frames.
     */
    @Test
    void monitorsWithLegacyLocking() throws Exception {
        monitorsUnder(List.of("-XX:LockingMode=1", "-XX:+UseSerialGC"));
    }

    /**
     * With {@code UseObjectMonitorTable} (diagnostic in JDK 25) the VM reads the BasicLock's monitor
     * cache on exit: the lowering leaves every lock and unlock to the VM, whose call clears the cache
     * first; also with {@code DiagnoseSyncOnValueBasedClasses}, which only the VM's path reports.
     */
    @Test
    void monitorsWithTheObjectMonitorTable() throws Exception {
        monitorsUnder(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+UseObjectMonitorTable", "-XX:DiagnoseSyncOnValueBasedClasses=2", "-XX:+UseSerialGC"));
    }

    /**
     * The monitors scenario under lightweight locking and stress. (It once hung here, 2 runs in about
     * 20: the compiled unlock took a failed CAS for success; see {@code CompiledMonitorsTest
     * #inflatedBetweenTheUnlocksReadAndItsCas}.)
     */
    @Test
    void monitorsUnderStress() throws Exception {
        monitorsUnder(List.of("-XX:HeapBaseMinAddress=64g", "-Xmx1g"));
    }

    private static void monitorsUnder(List<String> extra) throws Exception {
        List<String> flags = new ArrayList<>(STRESS);
        flags.addAll(0, extra);
        ChildJvm.Result r = ChildJvm.run(flags, CompiledScenarios.class.getName(), List.of("monitors"), Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("PASS monitors\n"), r::describe);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseParallelGC", "-XX:+UseG1GC"})
    void scenariosPassUnder(String gc) throws Exception {
        Matrix.onlyInFullMatrix("each collector with the default layout");
        scenariosPassWith(gc);
    }

    /** HotSpot's trace of every deoptimization names the reasons and actions of ssajit's traps. */
    private static void assertTrapsTraced(ChildJvm.Result r) {
        String trace = r.stdout();
        String targets = "org\\.ssajit\\.jvmci\\.CompiledTargets";
        assertTrue(Pattern.compile("UNCOMMON TRAP method=" + targets + "\\.idiv\\(II\\)I\\s+bci=2 .*reason=div0_check action=none").matcher(trace).find(), r::describe);
        assertTrue(Pattern.compile("UNCOMMON TRAP method=" + targets + "\\.iaload\\(\\[II\\)I\\s+bci=2 .*reason=null_check action=none").matcher(trace).find(), r::describe);
        assertTrue(Pattern.compile("UNCOMMON TRAP method=" + targets + "\\.iaload\\(\\[II\\)I\\s+bci=2 .*reason=range_check action=none").matcher(trace).find(), r::describe);
        assertTrue(Pattern.compile("UNCOMMON TRAP method=" + targets + "\\.readLazy\\(\\)I\\s+bci=0 .*reason=unresolved action=reinterpret").matcher(trace).find(), r::describe);
        assertTrue(Pattern.compile("Deoptimized frame .*\\R.*\\R\\s*VFrame 0 .* - " + targets + "\\.spin\\(\\)J").matcher(trace).find(), r::describe);
    }
}
