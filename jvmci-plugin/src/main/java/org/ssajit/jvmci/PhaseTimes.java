package org.ssajit.jvmci;

import java.util.concurrent.atomic.LongAdder;

/**
 * Compile time by phase, over all compiles (several compiler threads add at once), for the
 * {@code -Dssajit.Stats=true} summary: where a compile's time goes, in the JVM the compiler runs in.
 * A phase that throws (a refusal) still counts the time it took.
 */
public final class PhaseTimes {
    public enum Phase {
        BUILD("SSA construction"),
        VERIFY_SSA("SSA verifier"),
        LOWER("lowering"),
        SELECT_AND_EMIT("instruction selection and emission"),
        ALLOCATE("register allocation"),
        VERIFY_ALLOCATION("allocation verifier"),
        INSTALL("installation");

        final String label;

        Phase(String label) {
            this.label = label;
        }
    }

    private final LongAdder[] nanos = new LongAdder[Phase.values().length];

    public PhaseTimes() {
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = new LongAdder();
        }
    }

    public void add(Phase p, long elapsedNanos) {
        nanos[p.ordinal()].add(elapsedNanos);
    }

    /** Adds the time since {@code startNanos} (a {@link System#nanoTime()}) to {@code p}. */
    public void since(Phase p, long startNanos) {
        add(p, System.nanoTime() - startNanos);
    }

    public long nanos(Phase p) {
        return nanos[p.ordinal()].sum();
    }

    /** One line: each phase's milliseconds and share of their sum. */
    public String summary() {
        long total = 0;
        long[] n = new long[nanos.length];
        for (Phase p : Phase.values()) {
            n[p.ordinal()] = nanos(p);
            total += n[p.ordinal()];
        }
        StringBuilder sb = new StringBuilder("phases:");
        for (Phase p : Phase.values()) {
            long v = n[p.ordinal()];
            sb.append(String.format(" %s %.1f ms (%.0f %%)%s", p.label, v / 1e6, total == 0 ? 0.0 : 100.0 * v / total, p.ordinal() < nanos.length - 1 ? "," : ""));
        }
        return sb.toString();
    }
}
