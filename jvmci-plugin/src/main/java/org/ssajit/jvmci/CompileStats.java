package org.ssajit.jvmci;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters over all compile requests (several compiler threads update them at once), summarized at VM
 * exit with {@code -Dssajit.Stats=true}.
 */
final class CompileStats {
    private final LongAdder requests = new LongAdder();
    private final LongAdder compiled = new LongAdder();
    private final LongAdder bytecodes = new LongAdder();
    private final LongAdder compiledBytecodes = new LongAdder();
    private final LongAdder codeBytes = new LongAdder();
    private final LongAdder nanos = new LongAdder();
    private final LongAdder inlinedCalls = new LongAdder();
    private final LongAdder compiledWithInlining = new LongAdder();
    private final LongAdder inlinedByProfile = new LongAdder();
    private final Map<String, LongAdder> refusals = new ConcurrentHashMap<>();
    private final PhaseTimes phases = new PhaseTimes();

    /** Compile time by phase, which the pipeline and the installation add to. */
    PhaseTimes phases() {
        return phases;
    }

    /** One finished request; {@code refusalCategory} is null when code was installed. */
    void record(int bytecodeSize, long elapsedNanos, String refusalCategory, int installedCodeBytes) {
        record(bytecodeSize, elapsedNanos, refusalCategory, installedCodeBytes, 0, 0);
    }

    /**
     * As {@link #record(int, long, String, int)}; {@code inlined} calls were inlined into the installed
     * code, {@code byProfile} of them for receiver classes a call's profile saw.
     */
    void record(int bytecodeSize, long elapsedNanos, String refusalCategory, int installedCodeBytes, int inlined, int byProfile) {
        if (refusalCategory == null && inlined > 0) {
            inlinedCalls.add(inlined);
            inlinedByProfile.add(byProfile);
            compiledWithInlining.increment();
        }
        requests.increment();
        bytecodes.add(bytecodeSize);
        nanos.add(elapsedNanos);
        if (refusalCategory == null) {
            compiled.increment();
            compiledBytecodes.add(bytecodeSize);
            codeBytes.add(installedCodeBytes);
        } else {
            refusals.computeIfAbsent(refusalCategory, k -> new LongAdder()).increment();
        }
    }

    long requests() {
        return requests.sum();
    }

    long compiled() {
        return compiled.sum();
    }

    Map<String, Long> refusals() {
        Map<String, Long> m = new TreeMap<>();
        refusals.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /**
     * The summary, from one snapshot of the counters so its numbers add up even while compiler threads
     * are still recording (the shutdown hook runs concurrently with them).
     */
    String summary() {
        Map<String, Long> byReason = refusals();
        long refused = byReason.values().stream().mapToLong(Long::longValue).sum();
        long done = compiled.sum();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("[ssajit] stats: %d requests, %d bytecodes, %.1f ms compiling%n", done + refused, bytecodes.sum(), nanos.sum() / 1e6));
        sb.append(String.format("[ssajit]   %s%n", phases.summary()));
        sb.append(String.format("[ssajit]   compiled %d (%d bytecodes, %d code bytes)%n", done, compiledBytecodes.sum(), codeBytes.sum()));
        if (compiledWithInlining.sum() > 0) {
            sb.append(String.format("[ssajit]   inlined %d calls into %d of them (%d for receiver classes their profile saw)%n", inlinedCalls.sum(),
                            compiledWithInlining.sum(), inlinedByProfile.sum()));
        }
        sb.append(String.format("[ssajit]   refused %d%n", refused));
        byReason.entrySet().stream()
                        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                        .forEach(e -> sb.append(String.format("[ssajit]     %8d  %s%n", e.getValue(), e.getKey())));
        if (org.ssajit.debug.FaultInjection.rate() > 0) {
            // Every injected fault must appear above as a refusal "injected fault" (the tests compare).
            sb.append(String.format("[ssajit]   faults injected %d (-Dssajit.InjectFaults=%s)%n", org.ssajit.debug.FaultInjection.injected(),
                            org.ssajit.debug.FaultInjection.rate()));
        }
        return sb.toString();
    }
}
