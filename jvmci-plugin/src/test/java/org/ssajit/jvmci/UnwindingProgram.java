package org.ssajit.jvmci;

import java.lang.reflect.Method;

import org.ssajit.lowering.LoweringOptions;
import org.ssajit.parse.Inlining;

/**
 * A program for {@link ExceptionUnwindingTest}: installs ssajit's code for every method of
 * {@link UnwindTargets}, compiled with inlining (so {@code thrower}'s athrow is in its callers' code
 * too), after a first round in the interpreter, then calls the targets whose
 * exceptions unwind, many times, from this class's loop (interpreted, then compiled by HotSpot's own
 * tiers, as a caller whose handler catches what leaves ssajit's frames). The synchronized targets
 * and the null athrow, which deoptimize by design, are left out. Prints a checksum and a last line.
 * Argument: whether the compiles unwind ({@code UnwindExceptions}, default true).
 */
public final class UnwindingProgram {
    private UnwindingProgram() {
    }

    public static void main(String[] args) {
        boolean unwinding = args.length == 0 || Boolean.parseBoolean(args[0]);
        Pipeline inlining = Pipeline.host(Pipeline.TEST_OPTIONS.with(Inlining.INLINE, true).with(LoweringOptions.UNWIND_EXCEPTIONS, unwinding));
        UnwindTargets.Op thrower = new UnwindTargets.Thrower();
        RuntimeException given = new IllegalArgumentException("given");
        // First in the interpreter, as before any compile: the constant-pool entries resolved.
        long warm = 0;
        for (int k = -1; k < 9; k++) {
            for (int which = 0; which < 8; which++) {
                warm += one(which, k, thrower, given);
            }
        }
        for (Class<?> c : new Class<?>[]{UnwindTargets.class, UnwindTargets.Thrower.class, UnwindTargets.Doubler.class}) {
            for (Method m : c.getDeclaredMethods()) {
                if (!m.isSynthetic()) {
                    CompiledRunner.install(m, inlining);
                }
            }
        }
        System.out.println("installed");
        long sum = warm;
        for (int round = 0; round < 300; round++) {
            for (int k = -1; k < 9; k++) {
                sum = sum * 31 + one(0, k, thrower, given);
                sum = sum * 31 + one(1, k, thrower, given);
                sum = sum * 31 + one(2, k, thrower, given);
                sum = sum * 31 + one(3, k, thrower, given);
                sum = sum * 31 + one(4, k, thrower, given);
                sum = sum * 31 + one(5, k, thrower, given);
                sum = sum * 31 + one(6, k, thrower, given);
                sum = sum * 31 + one(7, k, thrower, given);
            }
        }
        System.out.println("checksum " + sum);
        System.out.println("unwinding program done");
    }

    private static int one(int which, int k, UnwindTargets.Op op, RuntimeException given) {
        try {
            return switch (which) {
                case 0 -> UnwindTargets.thrower(k);
                case 1 -> UnwindTargets.through(k);
                case 2 -> UnwindTargets.sixCalls(k);
                case 3 -> UnwindTargets.throwIt(given, k);
                case 4 -> UnwindTargets.catchesSome(k);
                case 5 -> UnwindTargets.catchesAll(k);
                case 6 -> UnwindTargets.deep(k & 7, k);
                default -> UnwindTargets.viaInterface(op, k);
            };
        } catch (UnwindTargets.Checked | RuntimeException | Error e) {
            return e.getMessage().length();
        }
    }
}
