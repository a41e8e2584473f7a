package org.ssajit.debug;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fault injection for testing the compiler's failure paths: {@code -Dssajit.InjectFaults=<rate>}
 * makes every injection point throw {@link InjectedFault} with that probability. The points sit in
 * every phase (per bytecode block in SSA construction, per optimization pass, per instruction in the
 * lowering, per block in LIR generation, in register allocation, per block in emission, before
 * installation); a compile that meets a fault must end as a refusal with the reason "injected fault",
 * never as a crash or as installed code, and HotSpot keeps running the method in its own tiers.
 * Off (rate 0) by default: then a point is one volatile read.
 */
public final class FaultInjection {
    private static volatile double rate = initialRate();
    private static final AtomicLong INJECTED = new AtomicLong();

    private FaultInjection() {
    }

    /** The exception an injection point throws. */
    public static final class InjectedFault extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String phase;

        InjectedFault(String phase) {
            super("injected fault in " + phase);
            this.phase = phase;
        }

        public String phase() {
            return phase;
        }
    }

    /** The probability in [0, 1] for {@code -Dssajit.InjectFaults}; anything else is an error. */
    public static double parse(String s) {
        try {
            double r = Double.parseDouble(s.trim());
            if (r >= 0 && r <= 1) {
                return r;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("expected a probability from 0 to 1, e.g. 0.01 (0: off)");
    }

    /** The property's rate, or 0 if it is not valid (the compiler's option check reports it and stops the VM). */
    private static double initialRate() {
        try {
            return parse(System.getProperty("ssajit.InjectFaults", "0"));
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }

    public static void setRate(double r) {
        if (!(r >= 0 && r <= 1)) {
            throw new IllegalArgumentException("not a probability: " + r);
        }
        rate = r;
    }

    public static double rate() {
        return rate;
    }

    private static final ThreadLocal<Boolean> SUSPENDED = ThreadLocal.withInitial(() -> false);

    /**
     * Runs {@code action} with no fault injected in this thread (other threads' compiles go on as
     * configured): for a test that has to get one compile through at a rate where a large method
     * almost always meets a fault.
     */
    public static <T> T withoutFaults(java.util.function.Supplier<T> action) {
        boolean was = SUSPENDED.get();
        SUSPENDED.set(true);
        try {
            return action.get();
        } finally {
            SUSPENDED.set(was);
        }
    }

    /** How many faults were injected so far in this VM. */
    public static long injected() {
        return INJECTED.get();
    }

    /** An injection point in {@code phase}: throws {@link InjectedFault} with the configured probability. */
    public static void point(String phase) {
        double r = rate;
        if (r > 0 && ThreadLocalRandom.current().nextDouble() < r && !SUSPENDED.get()) {
            INJECTED.incrementAndGet();
            throw new InjectedFault(phase);
        }
    }

    /** The injected fault {@code t} is or was caused by, or null. */
    public static InjectedFault find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof InjectedFault f) {
                return f;
            }
        }
        return null;
    }
}
