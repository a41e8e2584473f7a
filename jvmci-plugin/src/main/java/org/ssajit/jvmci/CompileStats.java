package org.ssajit.jvmci;

import org.ssajit.phases.PhaseTimes;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.time.Duration;
import java.time.Instant;

import org.ssajit.debug.FaultInjection;
import org.ssajit.util.IntMath;

/**
 * Counters over all compile requests (several compiler threads update them at once, under this
 * object's lock: {@code LongAdder}s, the JDK's code, became hot on the compiler thread as {@link
 * PhaseTimes}'s did), summarized at VM exit with {@code -Dssajit.Stats=true}. Also the compiles under way, so that the summary at exit can
 * wait for them and then turn new requests away ({@link #begin}), and its numbers agree.
 */
final class CompileStats {
    /** How long the summary at exit waits for the compiles under way. */
    private static final long EXIT_WAIT_NANOS = 5_000_000_000L;

    private final FaultInjection faults;
    private final AtomicInteger active = new AtomicInteger();
    private volatile boolean exiting;
    /** When these statistics began ({@link System#nanoTime()}): the run time if the process's start is not known. */
    private final long createdNanos = System.nanoTime();
    /**
     * How long the process had run when these statistics were created, or -1 if the OS does not say.
     * Asked at creation, not at exit: {@code ProcessHandle} links method handles on first use, and
     * at exit the code cache may have no room left for their adapters.
     */
    private final long processNanosAtCreation = processNanos();
    private long requests;
    private long compiled;
    private long bytecodes;
    private long compiledBytecodes;
    private long codeBytes;
    private long nanos;
    private long inlinedCalls;
    private long compiledWithInlining;
    private long inlinedByProfile;
    private long untakenBranchTraps;
    private long unrolledLoops;
    private long compiledWithUnrolledLoops;
    private long unallocated;
    private long compiledWithUnallocated;
    private long compiledWithUntakenBranchTraps;
    private final Map<String, long[]> refusals = new TreeMap<>();
    private final PhaseTimes phases = new PhaseTimes();

    /** The statistics of a compiler whose fault injector is {@code faults} (the summary reports its faults). */
    CompileStats(FaultInjection faults) {
        this.faults = faults;
    }

    FaultInjection faults() {
        return faults;
    }

    /**
     * A compile starts: false once the VM is exiting (the summary is being made), and then the
     * request is to be refused. Each true is paired with an {@link #end}.
     */
    boolean begin() {
        active.incrementAndGet();
        if (exiting) {
            active.decrementAndGet();
            return false;
        }
        return true;
    }

    void end() {
        active.decrementAndGet();
    }

    /** At exit: no new compiles, the ones under way finished (for up to 5 s), then the summary. */
    String summaryAtExit() {
        exiting = true;
        long end = System.nanoTime() + EXIT_WAIT_NANOS;
        while (active.get() > 0 && System.nanoTime() < end) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                break;
            }
        }
        return summary(runNanos());
    }

    /**
     * The VM's run time so far: since the process started, as the OS tells it; else since these
     * statistics were created (when HotSpot selected ssajit, at VM start-up unless -XX:-EagerJVMCI).
     */
    long runNanos() {
        long sinceCreated = System.nanoTime() - createdNanos;
        return processNanosAtCreation >= 0 ? processNanosAtCreation + sinceCreated : sinceCreated;
    }

    private static long processNanos() {
        try {
            Instant start = ProcessHandle.current().info().startInstant().orElse(null);
            return start == null ? -1 : IntMath.max(0, Duration.between(start, Instant.now()).toNanos());
        } catch (RuntimeException e) {
            return -1; // not known here: the time since creation
        }
    }

    /** Compile time by phase, which the pipeline and the installation add to. */
    PhaseTimes phases() {
        return phases;
    }

    /** One finished request; {@code refusalCategory} is null when code was installed. */
    void record(int bytecodeSize, long elapsedNanos, String refusalCategory, int installedCodeBytes) {
        record(bytecodeSize, elapsedNanos, refusalCategory, installedCodeBytes, 0, 0, 0, 0, 0);
    }

    /**
     * As {@link #record(int, long, String, int)}; {@code inlined} calls were inlined into the installed
     * code, {@code byProfile} of them for receiver classes a call's profile saw; {@code untakenTraps}
     * sides of branches the profile never saw taken deoptimize in it; escape analysis left {@code unallocatedObjects} allocations out of it;
     * {@code unrolled} loops of it were unrolled.
     */
    synchronized void record(int bytecodeSize, long elapsedNanos, String refusalCategory, int installedCodeBytes, int inlined, int byProfile, int untakenTraps,
                    int unallocatedObjects, int unrolled) {
        if (refusalCategory == null && unrolled > 0) {
            unrolledLoops += unrolled;
            compiledWithUnrolledLoops++;
        }
        if (refusalCategory == null && unallocatedObjects > 0) {
            unallocated += unallocatedObjects;
            compiledWithUnallocated++;
        }
        if (refusalCategory == null && untakenTraps > 0) {
            untakenBranchTraps += untakenTraps;
            compiledWithUntakenBranchTraps++;
        }
        if (refusalCategory == null && inlined > 0) {
            inlinedCalls += inlined;
            inlinedByProfile += byProfile;
            compiledWithInlining++;
        }
        requests++;
        bytecodes += bytecodeSize;
        nanos += elapsedNanos;
        if (refusalCategory == null) {
            compiled++;
            compiledBytecodes += bytecodeSize;
            codeBytes += installedCodeBytes;
        } else {
            refusals.computeIfAbsent(refusalCategory, k -> new long[1])[0]++;
        }
    }

    synchronized long requests() {
        return requests;
    }

    synchronized long compiled() {
        return compiled;
    }

    synchronized Map<String, Long> refusals() {
        Map<String, Long> m = new TreeMap<>();
        refusals.forEach((k, v) -> m.put(k, v[0]));
        return m;
    }

    /**
     * The summary, from one snapshot of the counters so its numbers add up even while compiler threads
     * are still recording (the shutdown hook runs concurrently with them).
     */
    synchronized String summary(long runNanos) {
        Map<String, Long> byReason = refusals();
        long refused = byReason.values().stream().mapToLong(Long::longValue).sum();
        long done = compiled;
        long compiling = nanos;
        StringBuilder sb = new StringBuilder();
        // First, one line: what a user wants to know at a glance (compile time summed over compiler threads).
        sb.append(String.format("[ssajit] %d compiled, %d refused, %.1f s compiling in %.1f s of run time (%.0f %%)%n", done, refused, compiling / 1e9,
                        runNanos / 1e9, runNanos <= 0 ? 0.0 : 100.0 * compiling / runNanos));
        sb.append(String.format("[ssajit] stats: %d requests, %d bytecodes, %.1f ms compiling%n", done + refused, bytecodes, compiling / 1e6));
        sb.append(String.format("[ssajit]   %s%n", phases.summary()));
        sb.append(String.format("[ssajit]   %s%n", phases.detail(org.ssajit.phases.PhaseSuite.standard())));
        sb.append(String.format("[ssajit]   compiled %d (%d bytecodes, %d code bytes)%n", done, compiledBytecodes, codeBytes));
        if (compiledWithInlining > 0) {
            sb.append(String.format("[ssajit]   inlined %d calls into %d of them (%d for receiver classes their profile saw)%n", inlinedCalls,
                            compiledWithInlining, inlinedByProfile));
        }
        if (compiledWithUntakenBranchTraps > 0) {
            sb.append(String.format("[ssajit]   %d branch sides never taken in the profile deoptimize, in %d of them%n", untakenBranchTraps,
                            compiledWithUntakenBranchTraps));
        }
        if (compiledWithUnrolledLoops > 0) {
            sb.append(String.format("[ssajit]   %d loops unrolled (a constant trip count), in %d of them%n", unrolledLoops, compiledWithUnrolledLoops));
        }
        if (compiledWithUnallocated > 0) {
            sb.append(String.format("[ssajit]   %d allocations left out (objects that never leave the code), in %d of them%n", unallocated,
                            compiledWithUnallocated));
        }
        sb.append(String.format("[ssajit]   refused %d%n", refused));
        byReason.entrySet().stream()
                        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                        .forEach(e -> sb.append(String.format("[ssajit]     %8d  %s%n", e.getValue(), e.getKey())));
        if (faults.rate() > 0) {
            // Every injected fault must appear above as a refusal "injected fault" (the tests compare).
            sb.append(String.format("[ssajit]   faults injected %d (-Dssajit.InjectFaults=%s)%n", faults.injected(), faults.rate()));
        }
        return sb.toString();
    }
}
