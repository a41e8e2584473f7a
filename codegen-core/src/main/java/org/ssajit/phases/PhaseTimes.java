package org.ssajit.phases;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Compile time over all compiles (several compiler threads add at once), for the
 * {@code -Dssajit.Stats=true} summary: where a compile's time goes, in the JVM the compiler runs in. The
 * {@link PhaseSuite} adds each phase's time twice: to the phase, by name, and to its {@link Group}, the
 * coarse lines of the summary. A phase that throws (a refusal) still counts the time it took.
 */
public final class PhaseTimes {
    /** The summary's lines: each {@link Phase} adds to one; installation is timed by the installer's caller. */
    public enum Group {
        BUILD("SSA construction"),
        VERIFY_SSA("SSA verifier"),
        LOWER("lowering"),
        SELECT_AND_EMIT("instruction selection and emission"),
        ALLOCATE("register allocation"),
        VERIFY_ALLOCATION("allocation verifier"),
        INSTALL("installation");

        final String label;

        Group(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final LongAdder[] nanos = new LongAdder[Group.values().length];
    /** By phase name: nanoseconds and runs. */
    private final Map<String, LongAdder[]> byPhase = new ConcurrentHashMap<>();

    public PhaseTimes() {
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = new LongAdder();
        }
    }

    public void add(Group g, long elapsedNanos) {
        nanos[g.ordinal()].add(elapsedNanos);
    }

    /** Adds the time since {@code startNanos} (a {@link System#nanoTime()}) to {@code g}. */
    public void since(Group g, long startNanos) {
        add(g, System.nanoTime() - startNanos);
    }

    /** One run of {@code phase}: its time to the phase and to its group. */
    public void add(Phase phase, long elapsedNanos) {
        add(phase.group(), elapsedNanos);
        LongAdder[] p = byPhase.computeIfAbsent(phase.name(), n -> new LongAdder[]{new LongAdder(), new LongAdder()});
        p[0].add(elapsedNanos);
        p[1].increment();
    }

    public long nanos(Group g) {
        return nanos[g.ordinal()].sum();
    }

    /** The time of the phase named {@code phase}, over all its runs. */
    public long nanos(String phase) {
        LongAdder[] p = byPhase.get(phase);
        return p == null ? 0 : p[0].sum();
    }

    /** How often the phase named {@code phase} ran (and was timed). */
    public long runs(String phase) {
        LongAdder[] p = byPhase.get(phase);
        return p == null ? 0 : p[1].sum();
    }

    /** One line: each group's milliseconds and share of their sum. */
    public String summary() {
        long total = 0;
        long[] n = new long[nanos.length];
        for (Group g : Group.values()) {
            n[g.ordinal()] = nanos(g);
            total += n[g.ordinal()];
        }
        StringBuilder sb = new StringBuilder("phases:");
        for (Group g : Group.values()) {
            long v = n[g.ordinal()];
            sb.append(String.format(" %s %.1f ms (%.0f %%)%s", g.label, v / 1e6, total == 0 ? 0.0 : 100.0 * v / total, g.ordinal() < nanos.length - 1 ? "," : ""));
        }
        return sb.toString();
    }

    /** One line: the milliseconds of each phase of {@code suite} that ran, in the suite's order. */
    public String detail(PhaseSuite suite) {
        StringBuilder sb = new StringBuilder("suite phases:");
        String sep = " ";
        for (Phase p : suite.phases()) {
            if (runs(p.name()) > 0) {
                sb.append(String.format("%s%s %.1f ms", sep, p.name(), nanos(p.name()) / 1e6));
                sep = ", ";
            }
        }
        return sb.toString();
    }
}
