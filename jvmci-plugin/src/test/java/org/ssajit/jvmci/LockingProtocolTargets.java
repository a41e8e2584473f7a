package org.ssajit.jvmci;

/**
 * Locking's protocol across code kinds for {@link CompiledLockingProtocolTest}: methods the test
 * compiles with ssajit, and their twins HotSpot runs (this class is kept from HotSpot's compilers,
 * like {@link MonitorTargets}: its uncompiled methods stay interpreted; {@link LockingProtocolPartners}
 * is not: C1 and C2 compile it when hot). Each critical section checks the shared state it mutates.
 */
final class LockingProtocolTargets {

    /** Two fields only a holder of the lock may change; inside a section they are equal at its start and end. */
    static final class Pair {
        int a;
        int b;
        /** Sections that saw {@code a != b} on entry: another thread inside at the same time. */
        int torn;
    }

    static int held(Object o) {
        return Thread.holdsLock(o) ? 1 : 0;
    }

    /** {@code n} sections on {@code p}, each a read-modify-write of both fields with a check between. */
    static int bump(Pair p, int n) {
        int seen = 0;
        for (int i = 0; i < n; i++) {
            synchronized (p) {
                if (p.a != p.b) {
                    p.torn++;
                }
                int a = p.a;
                p.a = a + 1;
                seen += held(p);
                p.b = p.b + 1;
            }
        }
        return seen;
    }

    /** The same, for the interpreter (never compiled by the test). */
    static int bumpInterpreted(Pair p, int n) {
        int seen = 0;
        for (int i = 0; i < n; i++) {
            synchronized (p) {
                if (p.a != p.b) {
                    p.torn++;
                }
                int a = p.a;
                p.a = a + 1;
                seen += held(p);
                p.b = p.b + 1;
            }
        }
        return seen;
    }

    /** Locks {@code o}, then the interpreter locks it again inside (a recursive lock across frames), and the compiled one unlocks last. */
    static int outerAroundInterpreted(Object o, int x) {
        synchronized (o) {
            int r = innerInterpreted(o, x);
            return r * 2 + held(o);
        }
    }

    static int innerInterpreted(Object o, int x) {
        synchronized (o) {
            return x + held(o);
        }
    }

    /** Interpreted: locks {@code o}, then calls the compiled {@link #innerCompiled}, which locks it again. */
    static int outerInterpreted(Object o, int x) {
        synchronized (o) {
            int r = innerCompiled(o, x);
            return r * 2 + held(o);
        }
    }

    static int innerCompiled(Object o, int x) {
        synchronized (o) {
            return x + 3 * held(o);
        }
    }

    static volatile int inside;
    static volatile int release;

    /** Interpreted: holds {@code o} (fast-locked: a fresh, uncontended object) until told to let go, {@link #inside} 1 meanwhile. */
    static void holdWhile(Object o) {
        synchronized (o) {
            inside = 1;
            while (release == 0) {
                Thread.onSpinWait();
            }
            inside = 0;
        }
    }

    /** Locks {@code o}; what {@link #inside} is once in: 0 unless another thread is inside too. */
    static int enterAndLook(Object o) {
        synchronized (o) {
            return inside * 2 + held(o);
        }
    }

    /** A box a waiter waits on until a poster sets it. */
    static final class Box {
        int value;
        int waits;
    }

    /** Waits until the box has a value (the lock is inflated by the wait), then takes it. */
    static int take(Box b) throws InterruptedException {
        synchronized (b) {
            while (b.value == 0) {
                b.waits++;
                b.wait();
            }
            int v = b.value;
            b.value = 0;
            return v * 2 + held(b);
        }
    }

    static void post(Box b, int v) {
        synchronized (b) {
            b.value = v;
            b.notifyAll();
        }
    }

    /** A synchronized method calling itself {@code n} deep: more locks of one object than the lock stack holds. */
    static synchronized int recurse(int n) {
        if (n == 0) {
            return held(LockingProtocolTargets.class);
        }
        return recurse(n - 1) + 2;
    }

    /** A synchronized block around its own recursion, on {@code o}. */
    static int recurseOn(Object o, int n) {
        synchronized (o) {
            if (n == 0) {
                return held(o);
            }
            return recurseOn(o, n - 1) + 2;
        }
    }

    int count;

    /** A synchronized method that throws (explicitly for a negative argument, an index exception for a large one). */
    synchronized int throwsInMethod(int x) {
        count++;
        if (x < 0) {
            throw new IllegalStateException("negative " + x);
        }
        int[] a = new int[4];
        return a[x] + count + held(this);
    }

    static synchronized int throwsInStaticMethod(int[] a, int i) {
        return a[i] + held(LockingProtocolTargets.class);
    }

    /** A block whose body throws, caught outside it; then the same object locked again. */
    static int throwsInBlockAndRelocks(Object o, int x) {
        int r = 0;
        try {
            synchronized (o) {
                r = held(o);
                if (x < 0) {
                    throw new IllegalArgumentException("x " + x);
                }
                r += 100 / x;
            }
        } catch (RuntimeException e) {
            r += 1000 + held(o);
        }
        synchronized (o) {
            return r * 2 + held(o);
        }
    }
}
