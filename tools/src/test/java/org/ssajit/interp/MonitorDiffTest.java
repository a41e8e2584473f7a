package org.ssajit.interp;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Monitors are really acquired by the interpreter: {@code notifyAll} and {@code Thread.holdsLock}
 * inside the locked region would fail or differ otherwise, and after an exception the lock must be
 * released.
 */
class MonitorDiffTest {
    static final Object LOCK = new Object();
    int count;

    static synchronized int staticSync(int a) {
        // notifyAll throws IllegalMonitorStateException unless the class monitor is held.
        MonitorDiffTest.class.notifyAll();
        return a + (Thread.holdsLock(MonitorDiffTest.class) ? 1 : 0);
    }

    synchronized int instanceSync(int a) {
        notifyAll();
        count += a;
        return count + (Thread.holdsLock(this) ? 1000 : 0);
    }

    static int blocks(Object o, int a) {
        int r = 0;
        synchronized (o) {
            o.notify();
            r += Thread.holdsLock(o) ? 1 : 0;
            synchronized (LOCK) {
                r += Thread.holdsLock(LOCK) ? 2 : 0;
                synchronized (o) { // reentrant
                    r += a;
                }
                r += Thread.holdsLock(o) ? 4 : 0;
            }
            r += Thread.holdsLock(LOCK) ? 8 : 0;
        }
        return r + (Thread.holdsLock(o) ? 16 : 0);
    }

    static int exceptionReleases(Object o, int a) {
        int r = 0;
        try {
            synchronized (o) {
                r = 10 / a;
            }
        } catch (ArithmeticException e) {
            r = -1;
        }
        return r * 100 + (Thread.holdsLock(o) ? 1 : 0);
    }

    static int returnInside(Object o, int a) {
        synchronized (o) {
            if (a > 0) {
                return a; // monitorexit before the return
            }
            for (int i = 0; i < 3; i++) {
                a += i;
            }
        }
        return a - (Thread.holdsLock(o) ? 1000 : 0);
    }

    static int syncOnNull(Object o) {
        synchronized (o) { // NullPointerException for null
            return 1;
        }
    }

    static int notOwner(Object o) {
        o.notify(); // IllegalMonitorStateException: not locked here
        return 0;
    }

    @Test
    void synchronizedMethods() throws Exception {
        Diff.check(MonitorDiffTest.class, "staticSync");
        Diff.report(DifferentialRunner.of(MonitorDiffTest.class.getDeclaredMethod("instanceSync", int.class)).receiver(MonitorDiffTest::new)
                        .run(Inputs.forTypes(new Class<?>[]{int.class}, 6, 100))).assertAgreement();
    }

    @Test
    void synchronizedBlocks() {
        List<Object[]> inputs = new ArrayList<>();
        for (Object o : new Object[]{"lock", LOCK, new ArrayList<>()}) {
            for (int a : new int[]{-2, 0, 1, 5}) {
                inputs.add(new Object[]{o, a});
            }
        }
        Diff.check(MonitorDiffTest.class, "blocks", inputs);
        Diff.check(MonitorDiffTest.class, "exceptionReleases", inputs);
        Diff.check(MonitorDiffTest.class, "returnInside", inputs);
        List<Object[]> maybeNull = new ArrayList<>();
        maybeNull.add(new Object[]{null});
        maybeNull.add(new Object[]{"x"});
        Diff.check(MonitorDiffTest.class, "syncOnNull", maybeNull);
        Diff.check(MonitorDiffTest.class, "notOwner", maybeNull);
    }
}
