package org.ssajit.jvmci;

/**
 * Monitors for {@link CompiledMonitorsTest}: synchronized methods (instance and static, returning every
 * kind) and blocks (nested, recursive, on a class constant, around loops, in loops), with exceptions
 * raised while locks are held (a null lock, a division by zero, a callee's throw, caught and not)
 * and calls that need the lock ({@code Thread.holdsLock}, {@code Object.notifyAll}). Each answer folds
 * in whether the thread holds the locks where it should, so code that does not really lock, or does
 * not unlock, gives another answer. HotSpot's compilers are kept off this class.
 */
final class MonitorTargets {
    int count;
    long total;
    static int staticCount;
    static final Object CLASS_LOCK = MonitorTargets.class;

    private static int held(Object o) {
        return Thread.holdsLock(o) ? 1 : 0;
    }

    /** A block: held inside, released after. */
    static int block(Object o, int x) {
        int r;
        synchronized (o) {
            r = x * 3 + held(o);
        }
        return r * 2 + held(o);
    }

    /** Two blocks nested, on the same object (recursive locking) or on two. */
    static int nested(Object a, Object b, int x) {
        int r = 0;
        synchronized (a) {
            r += held(a);
            synchronized (b) {
                r = r * 4 + held(a) * 2 + held(b) + x;
            }
            r = r * 2 + held(a) + (a == b ? 0 : held(b) * 100);
        }
        return r * 8 + held(a) + held(b) * 2;
    }

    /** Five locks deep. */
    static int deep(Object a, Object b, Object c, Object d, Object e, int x) {
        synchronized (a) {
            synchronized (b) {
                synchronized (c) {
                    synchronized (d) {
                        synchronized (e) {
                            x = x * 32 + held(a) + 2 * held(b) + 4 * held(c) + 8 * held(d) + 16 * held(e);
                        }
                        x += held(e) * 1000;
                    }
                }
            }
        }
        return x * 2 + held(a);
    }

    /** Ten locks deep: more than the lock stack holds, so the VM inflates some (its capacity is 8 on JDK 25). */
    static int tenDeep(Object[] o, int x) {
        synchronized (o[0]) {
            synchronized (o[1]) {
                synchronized (o[2]) {
                    synchronized (o[3]) {
                        synchronized (o[4]) {
                            synchronized (o[5]) {
                                synchronized (o[6]) {
                                    synchronized (o[7]) {
                                        synchronized (o[8]) {
                                            synchronized (o[9]) {
                                                for (Object each : o) {
                                                    x = x * 2 + held(each);
                                                }
                                            }
                                            x += held(o[9]) * 7;
                                        }
                                        x += held(o[8]) * 5;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return x * 2 + held(o[0]);
    }

    /**
     * The identity hash of a locked object, and a wait on it: the VM inflates the lock while this frame
     * holds it, so the unlock finds a monitor where it locked a mark word.
     */
    static int inflatedWhileHeld(Object o, int x) throws InterruptedException {
        int h;
        synchronized (o) {
            synchronized (o) {
                h = System.identityHashCode(o);
                if (x > 0) {
                    o.wait(1);
                }
            }
            x += held(o);
        }
        return (h == System.identityHashCode(o) ? 1 : 0) + x * 2 + held(o) * 4;
    }

    static volatile int entered;
    static volatile int release;

    /** Holds {@code o} (fast-locked when uncontended) until told to let go. */
    static long holdUntilReleased(Object o) {
        long spins = 0;
        synchronized (o) {
            entered = 1;
            while (release == 0) {
                spins++;
            }
        }
        return held(o) + (spins >= 0 ? 2 : 0);
    }

    static volatile int turn;
    static volatile boolean abandon;

    /**
     * Threads walking {@code locks} in step: at each index every thread waits for its turn, then all
     * lock the same fresh object at once, so that the first fast-locks it and the others inflate it
     * while it is held, often while the holder is unlocking; the last to count moves the turn on.
     * Returns the number of spins, or -1 when {@link #abandon}ed.
     */
    static long lockstep(Object[] locks, int[] counts, int threads) {
        long spins = 0;
        for (int i = 0; i < locks.length; i++) {
            while (turn < i) {
                if (abandon) {
                    return -1;
                }
                spins++;
            }
            synchronized (locks[i]) {
                if (++counts[i] == threads) {
                    turn = i + 1;
                }
            }
        }
        return spins;
    }

    synchronized int add(int d) {
        count += d;
        return count * 2 + held(this);
    }

    static synchronized int addStatic(int d) {
        staticCount += d;
        return staticCount * 2 + held(MonitorTargets.class);
    }

    synchronized long addLong(long d) {
        total += d;
        return total ^ (held(this) == 1 ? 0x5555L : 0);
    }

    static synchronized double half(double d) {
        return held(MonitorTargets.class) == 1 ? d / 2 : Double.NaN;
    }

    synchronized Object pick(Object a, Object b, boolean first) {
        return held(this) == 1 ? (first ? a : b) : "unlocked";
    }

    static synchronized void touch(int[] a) {
        a[0] += held(MonitorTargets.class) + 1;
    }

    /** Synchronized method recursion: every level re-enters the same monitor. */
    synchronized int depth(int n) {
        if (n <= 0) {
            return held(this);
        }
        return depth(n - 1) + 2;
    }

    /** A loop inside a block. */
    static long loopInside(Object o, int n) {
        long s = 0;
        synchronized (o) {
            for (int i = 0; i < n; i++) {
                s += (long) i * i + held(o);
            }
        }
        return s * 2 + held(o);
    }

    /** A block inside a loop: locked and unlocked each iteration. */
    static long lockInLoop(Object o, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            synchronized (o) {
                s += i + held(o) * 3;
            }
            s -= held(o);
        }
        return s;
    }

    /** On a class constant (the lock owner is an oop constant in the debug info). */
    static int onClass(int x) {
        synchronized (CLASS_LOCK) {
            return x + held(MonitorTargets.class);
        }
    }

    /** Division by zero while the lock is held: the interpreter throws and releases it. */
    static int divideInside(Object o, int x, int y) {
        synchronized (o) {
            return x / y + held(o);
        }
    }

    static int thrower(int x) {
        if (x < 0) {
            throw new IllegalStateException("negative " + x);
        }
        return x + 1;
    }

    /** A callee throws through the locked region. */
    static int callThrowsInside(Object o, int x) {
        synchronized (o) {
            return thrower(x) * 2 + held(o);
        }
    }

    /** A callee throws and the exception is caught inside the locked region. */
    static int catchInside(Object o, int x) {
        int r;
        synchronized (o) {
            try {
                r = thrower(x);
            } catch (IllegalStateException e) {
                r = -1 - held(o);
            }
            r = r * 2 + held(o);
        }
        return r * 2 + held(o);
    }

    /** {@code notifyAll} throws IllegalMonitorStateException unless this thread holds the lock. */
    static int notifyInside(Object o, int x) {
        synchronized (o) {
            o.notifyAll();
            synchronized (o) {
                o.notify();
            }
            return x + 1;
        }
    }

    /** A synchronized method whose body throws (NullPointerException on a null array). */
    synchronized int lengthOf(int[] a) {
        return a.length + held(this);
    }

    /** Locks and unlocks {@code o} (for the virtual thread that blocks on it while its frame is deoptimized). */
    static int lockOnce(Object o, int x) {
        synchronized (o) {
            return x + 1;
        }
    }
}
