package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The class-initialization barrier at the entry of a static method compiled while its class was not
 * initialized. Thread A initializes {@link Lazy}; its initializer calls {@link Lazy#get} (ssajit's
 * code) from the interpreted {@link Caller#callGet}, whose invokestatic the interpreter resolves and
 * caches for good (on x86 HotSpot relies on the callee's entry to check the class: the interpreter's
 * method entry, or the nmethod's barrier). Thread B then calls through that cached site into ssajit's
 * code: the barrier must send it to HotSpot, which makes it wait until the initialization is done, so
 * {@code get}'s side effect must not happen before. The initializing thread itself passes the barrier.
 * (HotSpot 25 also checks at interpreted invokestatic sites and does not link a compiled one to the
 * code while the class is being initialized, so B waits even without the barrier; the barrier is the
 * callee's half of the protocol, as C2 emits it. Its encoding is checked in Amd64FrameBuilderTest.)
 * Once the class is initialized, 20,000 calls through a linked compiled call site must pass the
 * barrier (one that always sent callers to HotSpot would loop for ever).
 */
class InitBarrierTest {
    static final CountDownLatch STARTED = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    static final int[] OUT_A = new int[1];
    static final int[] OUT_B = new int[1];

    static final class Lazy {
        static {
            Caller.callGet(1, OUT_A); // the initializing thread: passes the barrier, links the site
            STARTED.countDown();
            try {
                RELEASE.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        static int get(int x, int[] out) {
            out[0] = x;
            return x * 2;
        }

        static void touch() {
        }
    }

    static final class Caller {
        static int callGet(int x, int[] out) {
            return Lazy.get(x, out);
        }
    }

    @Test
    void otherThreadsWaitForTheInitialization() throws Exception {
        ResolvedJavaMethod get = Jvmci.method(Jvmci.declared(Lazy.class, "get"));
        assertFalse(get.getDeclaringClass().isInitialized(), "Lazy must not be initialized before the test");
        Installer installer = Installer.host();
        installer.installDirect(get, CompiledRunner.compile(get));
        assertTrue(((jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod) get).hasCompiledCode());

        Thread a = new Thread(Lazy::touch, "initializer");
        int[] resultB = new int[1];
        Thread b = new Thread(() -> {
            try {
                STARTED.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            resultB[0] = Caller.callGet(7, OUT_B);
        }, "other");
        a.start();
        b.start();
        assertTrue(STARTED.await(60, TimeUnit.SECONDS), "the initializer never ran (did the barrier stop its own thread?)");
        assertEquals(1, OUT_A[0], "the initializing thread's own call");
        // Waiting for a class's initialization shows as RUNNABLE: wait until B is in callGet, then give
        // it time to run get() if nothing stops it (without the barrier it writes OUT_B at once).
        Scenarios.awaitTopFrame(b, "callGet");
        Thread.sleep(300);
        int before = OUT_B[0];
        String where = java.util.Arrays.toString(b.getStackTrace());
        RELEASE.countDown();
        a.join(60_000);
        b.join(60_000);
        assertFalse(a.isAlive() || b.isAlive(), "threads did not finish");
        assertEquals(0, before, "the other thread ran get() while the class was being initialized (at " + where + ")");
        assertEquals(7, OUT_B[0]);
        assertEquals(14, resultB[0]);

        // Initialized now: the barrier of get() lets every caller through. A compiled caller's linked
        // call enters get() directly; a barrier that sent it to HotSpot again would loop for ever.
        ResolvedJavaMethod callGet = Jvmci.method(Jvmci.declared(Caller.class, "callGet"));
        installer.installDirect(callGet, CompiledRunner.compile(callGet));
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> {
            int[] out = new int[1];
            long sum = 0;
            for (int i = 0; i < 20_000; i++) {
                sum += Caller.callGet(i, out);
            }
            assertEquals(2L * (20_000L * 19_999L / 2), sum);
            assertEquals(19_999, out[0]);
        });
    }
}
