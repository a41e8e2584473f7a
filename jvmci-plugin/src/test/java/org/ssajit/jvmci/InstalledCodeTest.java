package org.ssajit.jvmci;

import org.junit.jupiter.api.Test;

/**
 * Hand-assembled code installed into this test JVM's code cache and called the ordinary way (the
 * surefire JVM: G1, the default collector). {@link GcMatrixTest} repeats the scenarios under Serial,
 * Parallel and G1 with heap verification and stress flags.
 */
class InstalledCodeTest {
    @Test
    void callsEnterInstalledCode() throws Throwable {
        Scenarios.marker();
    }

    @Test
    void add1() {
        Scenarios.add1(false);
    }

    @Test
    void add1WithGcBetweenCalls() {
        Scenarios.add1(true);
    }

    @Test
    void loopPollWithMovingGc() throws Throwable {
        Scenarios.spinWithGc();
    }

    @Test
    void loopDeoptimizedAtPollByInvalidation() throws Throwable {
        Scenarios.spinDeoptimized();
    }

    @Test
    void uncommonTrapsWithRegistersSpillSlotsAndConstants() {
        Scenarios.mix();
    }

    @Test
    void uncommonTrapBeforeIdivLetsTheInterpreterThrow() {
        Scenarios.div();
    }

    @Test
    void exceptionIntoFrameDeoptimizesToTheCatchBlock() {
        Scenarios.exceptionHandler();
    }

    @Test
    void stackBangTurnsOverflowIntoStackOverflowError() {
        Scenarios.stackOverflow();
    }
}
