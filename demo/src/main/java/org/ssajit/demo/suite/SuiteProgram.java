package org.ssajit.demo.suite;

/**
 * A program of the suite. Its work comes in units: {@link #unit} does one, deterministically, checks
 * what it can of its own results on the way (a known answer, a second algorithm, a round trip) and
 * returns a checksum of them, which must be {@link #expected}. A timed iteration is
 * {@link #unitsPerIteration} units, sized so that an iteration takes roughly 0.2 to 1 s under C2; a
 * test runs one unit.
 */
public abstract class SuiteProgram {
    private final String name;

    protected SuiteProgram(String name) {
        this.name = name;
    }

    /** The name {@code ProgramTimer} and {@code scripts/bench-programs.sh} know the program by. */
    public final String name() {
        return name;
    }

    /**
     * One unit of work; the checksum of its results. Throws {@link WrongResult} when one of its own
     * checks fails.
     */
    protected abstract long unit();

    /** The checksum every correct run of {@link #unit} returns (recorded under {@code -Xint}). */
    protected abstract long expected();

    /** Units per timed iteration. */
    public abstract int unitsPerIteration();

    /** One unit, its checksum compared with {@link #expected}. */
    public final long checkedUnit() {
        long sum = unit();
        if (sum != expected()) {
            throw new WrongResult(name + ": checksum " + sum + ", expected " + expected());
        }
        return sum;
    }

    /** One timed iteration: {@link #unitsPerIteration} checked units; a combination of their checksums. */
    public final long iteration() {
        long sum = 0;
        for (int i = 0; i < unitsPerIteration(); i++) {
            sum = sum * 31 + checkedUnit();
        }
        return sum;
    }

    /** Fails the run when {@code ok} is false: a program's own check of an intermediate result. */
    protected final void check(boolean ok, String what) {
        if (!ok) {
            throw new WrongResult(name + ": " + what);
        }
    }

    /** A program computed something else than it must: the compiler (or the program) is wrong. */
    public static final class WrongResult extends RuntimeException {
        WrongResult(String message) {
            super(message);
        }
    }
}
