package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The child-JVM harness itself: what a test learns from a child that runs out of time. */
class ChildJvmTest {
    /** A child that reports one step and then blocks: the stand-in for a hung scenario. */
    public static final class Hangs {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("PASS first");
            System.out.flush();
            blockForever();
        }

        static void blockForever() throws InterruptedException {
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /** The timeout's message says how far the child got and where its main thread was (a SIGQUIT thread dump). */
    @Test
    void timeoutReportsProgressAndTheMainThreadsStack() {
        AssertionError e = assertThrows(AssertionError.class, () -> ChildJvm.run(List.of(), Hangs.class.getName(), List.of(), Duration.ofSeconds(8)));
        String m = e.getMessage();
        assertTrue(m.startsWith("child JVM did not finish within PT8S"), m);
        assertTrue(m.contains("--- progress: 1 PASS/FAIL/TIME lines, the last: PASS first"), m);
        assertTrue(m.contains("--- thread dump at the timeout"), m);
        int main = m.indexOf("\"main\"");
        assertTrue(main >= 0 && m.indexOf("ChildJvmTest$Hangs.blockForever", main) > main, m);
    }
}
