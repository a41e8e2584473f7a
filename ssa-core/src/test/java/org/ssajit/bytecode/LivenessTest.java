package org.ssajit.bytecode;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.parse.FrontEnd;
import org.ssajit.testing.Jvmci;

class LivenessTest {
    static int tryCatch(int[] a, int i) {
        int r = 1;
        try {
            r = a[i] / a[i + 1];
        } catch (ArithmeticException e) {
            r = -r;
        }
        return r;
    }

    /**
     * The parser enters a handler by writing the caught exception to stack slot 0, so that slot is
     * defined, not live, on entry; otherwise it would count as live out of every block of the try range
     * and pruned SSA would keep a (dead, ill-kinded) phi for it at the handler.
     */
    @Test
    void caughtExceptionIsDefinedAtTheHandlerEntry() {
        FrontEnd fe = FrontEnd.analyze(Jvmci.method(LivenessTest.class, "tryCatch"));
        int handlers = 0;
        for (BciBlock b : fe.blocks().blocks()) {
            if (b.isHandlerEntry()) {
                handlers++;
                assertFalse(fe.liveness().isLiveIn(b, fe.liveness().stackVariable(0)), b + ": stack slot 0 must not be live-in");
                assertTrue(fe.liveness().isLiveIn(b, 2), b + ": local r is read by the handler");
            }
        }
        assertTrue(handlers > 0);
    }
}
