package org.ssajit.debug;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.ssajit.options.OptionKey;
import org.ssajit.options.OptionValues;

/**
 * Fault injection for testing the compiler's failure paths: with {@code -Dssajit.InjectFaults=<rate>}
 * every injection point throws {@link InjectedFault} with that probability. The points sit before
 * every phase of a compile (codegen-core's {@code PhaseSuite} puts one there, named as the phase) and
 * inside them (per bytecode block in SSA construction, per optimization pass, per instruction in the
 * lowering, per block in LIR generation, in register allocation, per block in emission, before
 * installation); a compile that meets a fault must end as a refusal with the reason "injected fault",
 * never as a crash or as installed code, and HotSpot keeps running the method in its own tiers.
 *
 * <p>One injector per compiler, made from its options; each compile reaches it through its graph
 * ({@link org.ssajit.ir.Graph#faults()}), so compilers with different rates (tests) run side by side,
 * each counting its own faults. {@link #NONE}, the default, never throws: a point is then one field read.
 */
public final class FaultInjection {
    public static final OptionKey<Double> INJECT_FAULTS = OptionKey.probability("InjectFaults", 0.0,
                    "Testing: make each fault-injection point of the compiler (in every phase, from SSA construction to installation) throw "
                                    + "with this probability; such a compile must end as a refusal \"injected fault\" (counted by Stats), "
                                    + "the program's output unchanged. 0: off.");

    /** No faults. */
    public static final FaultInjection NONE = new FaultInjection(0);

    private final double rate;
    private final AtomicLong injected = new AtomicLong();

    private FaultInjection(double rate) {
        this.rate = rate;
    }

    /** A new injector at {@code rate} (in [0, 1]), counting from 0. */
    public static FaultInjection atRate(double rate) {
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("not a probability: " + rate);
        }
        return rate == 0 ? NONE : new FaultInjection(rate);
    }

    /** The injector {@code options} ask for ({@link #INJECT_FAULTS}): a new one, or {@link #NONE}. */
    public static FaultInjection of(OptionValues options) {
        return atRate(options.get(INJECT_FAULTS));
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

    public double rate() {
        return rate;
    }

    /** How many faults this injector has thrown. */
    public long injected() {
        return injected.get();
    }

    /** An injection point in {@code phase}: throws {@link InjectedFault} with this injector's probability. */
    public void point(String phase) {
        if (rate > 0 && ThreadLocalRandom.current().nextDouble() < rate) {
            injected.incrementAndGet();
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
