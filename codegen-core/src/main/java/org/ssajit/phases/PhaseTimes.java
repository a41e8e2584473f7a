package org.ssajit.phases;

/**
 * Compile time over all compiles (several compiler threads add at once), for the
 * {@code -Dssajit.Stats=true} summary: where a compile's time goes, in the JVM the compiler runs in. The
 * {@link PhaseSuite} adds each phase's time twice: to the phase, by name, and to its {@link Group}, the
 * coarse lines of the summary. A phase that throws (a refusal) still counts the time it took.
 *
 * <p>About 30 phases run per compile, each adding here, so the counting calls no JDK code (plain
 * counters under this object's lock, the phases found by identity in an array of their own): JDK
 * methods ssajit calls often become hot in the program's JVM and are compiled at tier 4 on the
 * compiler's behalf (a {@code LongAdder} and a {@code ConcurrentHashMap} here cost about 7 tier-4
 * compiles in a short program's JVM, {@code AtomicLong}s 3).
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

    /** Nanoseconds by group; guarded by this object's lock, as every figure here. */
    private final long[] nanos = new long[Group.values().length];

    /** One phase's figures: nanoseconds and runs. */
    private static final class Timed {
        final Phase phase;
        long nanos;
        long runs;

        Timed(Phase phase) {
            this.phase = phase;
        }
    }

    /** The phases timed so far, in the order they first ran. */
    private Timed[] byPhase = new Timed[0];

    public synchronized void add(Group g, long elapsedNanos) {
        nanos[g.ordinal()] += elapsedNanos;
    }

    /** Adds the time since {@code startNanos} (a {@link System#nanoTime()}) to {@code g}. */
    public void since(Group g, long startNanos) {
        add(g, System.nanoTime() - startNanos);
    }

    /** One run of {@code phase}: its time to the phase and to its group. */
    public synchronized void add(Phase phase, long elapsedNanos) {
        nanos[phase.group().ordinal()] += elapsedNanos;
        Timed t = timed(phase);
        t.nanos += elapsedNanos;
        t.runs++;
    }

    /** The figures of {@code phase}, found by identity; added at its first run. */
    private Timed timed(Phase phase) {
        for (Timed t : byPhase) {
            if (t.phase == phase) {
                return t;
            }
        }
        Timed t = new Timed(phase);
        byPhase = org.ssajit.util.CompilerArrays.copyOf(byPhase, byPhase.length + 1);
        byPhase[byPhase.length - 1] = t;
        return t;
    }

    public synchronized long nanos(Group g) {
        return nanos[g.ordinal()];
    }

    /** The time of the phase named {@code phase}, over all its runs. */
    public synchronized long nanos(String phase) {
        long n = 0;
        for (Timed t : byPhase) {
            if (t.phase.name().equals(phase)) {
                n += t.nanos;
            }
        }
        return n;
    }

    /** How often the phase named {@code phase} ran (and was timed). */
    public synchronized long runs(String phase) {
        long n = 0;
        for (Timed t : byPhase) {
            if (t.phase.name().equals(phase)) {
                n += t.runs;
            }
        }
        return n;
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
