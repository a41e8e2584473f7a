package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Counted loops without polls ({@code org.ssajit.lowering.CountedLoopPolls}) in installed code: the
 * inner loop of two nested counted loops has none, the outer one keeps its poll, so a thread running
 * the nest still reaches safepoints and handshakes while it is in it. The test walks the running
 * thread's stack ({@code Thread.getStackTrace}, a handshake the thread answers at its next poll) and
 * finds the method on top while the loops go on; had the outer loop lost its poll too, the walk would
 * wait until the method returned (after about 2^34 additions) and never see it running. The results
 * are HotSpot's for the same arguments.
 */
class LoopPollsEndToEndTest {
    /** Set by the test once it has seen the loop running; volatile, so the loop reads it each round. */
    static final class Flag {
        volatile boolean done;
    }

    static int sink;

    /** The round in which it saw the flag set (or {@code rounds}), and the sum of {@code a} so far in {@link #sink}. */
    public static int roundsBeforeDone(int[] a, int rounds, Flag f) {
        int s = 0;
        for (int r = 0; r < rounds; r++) {
            if (f.done) {
                sink = s;
                return r;
            }
            for (int i = 0; i < a.length; i++) {
                s += a[i];
            }
        }
        sink = s;
        return rounds;
    }

    @Test
    void theOuterLoopOfANestPollsAndTheInnerLoopRunsToItsEnd() throws Exception {
        ResolvedJavaMethod m = Jvmci.method(Jvmci.declared(LoopPollsEndToEndTest.class, "roundsBeforeDone"));
        InstalledCode code = Installer.host().installDirect(m, CompiledRunner.compile(m));
        int[] a = new int[1 << 16];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 7 + 1;
        }
        // Short runs first: each result and sum as HotSpot's.
        for (int rounds : new int[] {0, 1, 3}) {
            Flag f = new Flag();
            int expected = roundsBeforeDone(a, rounds, f);
            int expectedSum = sink;
            assertEquals(expected, code.executeVarargs(a, rounds, f), "rounds " + rounds);
            assertEquals(expectedSum, sink, "sum after " + rounds + " rounds");
        }
        int rounds = 1 << 18;
        Flag f = new Flag();
        AtomicReference<Object> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                result.set(code.executeVarargs(a, rounds, f));
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "nested-loops");
        t.start();
        Scenarios.awaitTopFrame(t, "roundsBeforeDone"); // a stack walk at one of the method's own polls
        f.done = true;
        t.join(120_000);
        assertNull(failure.get());
        assertTrue(!t.isAlive() && result.get() instanceof Integer r && r < rounds, () -> "the loops ran to their end: " + result.get());
    }
}
