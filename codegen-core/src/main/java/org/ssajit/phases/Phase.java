package org.ssajit.phases;

/**
 * One step of a compile, run on the {@link Compilation} it reads and rewrites. A phase only does its
 * work: the {@link PhaseSuite} that runs it times it, dumps the compile's IR after it, runs the
 * verifiers where asked and puts a fault-injection point before it.
 */
public interface Phase {
    /** What a phase works on, and so what the suite dumps after it. */
    enum Kind {
        /** The bytecode analyses: no IR exists yet, nothing to dump. */
        ANALYSIS,
        /** Builds or rewrites the SSA graph: the graph is dumped after it. */
        GRAPH,
        /** Builds or rewrites the LIR (or emits it): the LIR is dumped after it. */
        LIR,
        /** Register allocation: the allocated LIR and the allocator's intervals are dumped after it. */
        ALLOCATION,
        /** A verifier: reads the IR, runs only when verification is on, dumps nothing. */
        VERIFICATION;

        /** Whether the suite dumps the IR after a phase of this kind. */
        public boolean dumps() {
            return this != ANALYSIS && this != VERIFICATION;
        }
    }

    /** Unique in its suite; the name of its timing, its fault-injection point and (after "After ") its dump. */
    String name();

    /** The line of the {@code Stats} summary its time adds to. */
    PhaseTimes.Group group();

    Kind kind();

    void run(Compilation c);
}
