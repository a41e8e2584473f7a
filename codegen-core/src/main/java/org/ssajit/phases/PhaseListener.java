package org.ssajit.phases;

/**
 * Told when each phase of a {@link PhaseSuite} starts and ends, on the compiling thread, outside the
 * phase's timing (e.g. to charge the bytes a phase allocates to it). The suite's own timing, dumps,
 * verification and fault injection do not need one.
 */
public interface PhaseListener {
    PhaseListener NONE = new PhaseListener() {
    };

    default void before(Phase phase) {
    }

    /** After {@code phase} ended, normally or not. */
    default void after(Phase phase) {
    }
}
