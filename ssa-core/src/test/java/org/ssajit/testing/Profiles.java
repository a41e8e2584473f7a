package org.ssajit.testing;

import java.util.function.IntSupplier;

import org.ssajit.bytecode.BytecodeStream;
import org.ssajit.bytecode.Bytecodes;

import jdk.vm.ci.meta.JavaTypeProfile;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/** HotSpot's profiles for tests of what ssajit makes of them: warming a method until its profile says what a test needs. */
public final class Profiles {
    /** How long a method is warmed at most. */
    private static final long WARM_NANOS = 120_000_000_000L;

    private Profiles() {
    }

    /**
     * Runs {@code warm} (which calls {@code m}) until the receiver profile of {@code m}'s first virtual
     * or interface call records {@code classes} classes. A profile that is not mature gives no types
     * and no counts, and HotSpot counts a profile's invocations only in the interpreter and in tier-3
     * code: once {@code m} runs in code compiled without profiling (tier 2 while C2's queue is long,
     * tier 4), or inlined into such a caller (the warming loop's lambda), millions of calls profile
     * nothing and the profile never matures. So {@code m} is first kept in the interpreter ({@link
     * #pin}) and reprofiled (HotSpot gives it a profile at once), and the warming goes by time, not by
     * calls, pausing between rounds to let the compiler threads run. Fails after 2 minutes.
     */
    public static void warmUntilProfiled(ResolvedJavaMethod m, int classes, IntSupplier warm) throws InterruptedException {
        int bci = firstVirtualCall(m);
        pin(m);
        m.reprofile();
        warmUntil(() -> {
            JavaTypeProfile p = m.getProfilingInfo().getTypeProfile(bci);
            return p != null && p.getTypes().length >= classes;
        }, warm, "a receiver profile of " + classes + " classes at bci " + bci + " of " + m, () -> describe(m, bci));
    }

    /** Runs {@code warm} until the profile of {@code m} counts the bytecode at {@code bci} (an invoke or a branch) as run; as {@link #warmUntilProfiled}. */
    public static void warmUntilCounted(ResolvedJavaMethod m, int bci, IntSupplier warm) throws InterruptedException {
        pin(m);
        m.reprofile();
        warmUntil(() -> m.getProfilingInfo().getExecutionCount(bci) > 0, warm, "a count at bci " + bci + " of " + m, () -> describe(m, bci));
    }

    /** Runs {@code warm} until {@code done} holds of {@code m}'s profile, {@code what} it waits for; as {@link #warmUntilProfiled}. */
    public static void warmUntil(ResolvedJavaMethod m, java.util.function.Predicate<jdk.vm.ci.meta.ProfilingInfo> done, IntSupplier warm, String what)
                    throws InterruptedException {
        pin(m);
        warmUntilInlinable(m, done, warm, what);
    }

    /**
     * As {@link #warmUntil}, for a test of how ssajit inlines {@code m} itself (a recursive method):
     * {@code m} is not kept in the interpreter, since ssajit honours HotSpot's never-inline flag. On a
     * loaded machine HotSpot may compile {@code m} without profiling before its profile matures; the
     * warming then fails after its 2 minutes with "compiled code true" in its message.
     */
    public static void warmUntilInlinable(ResolvedJavaMethod m, java.util.function.Predicate<jdk.vm.ci.meta.ProfilingInfo> done, IntSupplier warm, String what)
                    throws InterruptedException {
        m.reprofile();
        warmUntil(() -> done.test(m.getProfilingInfo()), warm, what + " of " + m, () -> describe(m, -1));
    }

    /**
     * Keeps {@code m} in HotSpot's interpreter for good: neither C1 nor C2 compiles it or inlines it
     * into a caller (the warming loop's lambda, compiled, would otherwise run {@code m}'s body where
     * it profiles nothing). Code that a test installs for it through JVMCI is not refused; ssajit,
     * which honours the never-inline flag, no longer inlines it either.
     */
    private static void pin(ResolvedJavaMethod m) {
        if (m instanceof jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod h) {
            h.setNotInlinableOrCompilable();
        }
    }

    /** What a failed warming found: whether the profile is mature (HotSpot's profiles give no types before), whether the method has compiled code (which may not profile). */
    private static String describe(ResolvedJavaMethod m, int bci) {
        jdk.vm.ci.meta.ProfilingInfo p = m.getProfilingInfo();
        String s = "profile mature " + p.isMature() + ", compiled code " + (m instanceof jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod h ? h.hasCompiledCode() : "?");
        return bci < 0 ? s : s + ", at bci " + bci + ": count " + p.getExecutionCount(bci) + ", types " + p.getTypeProfile(bci);
    }

    private static void warmUntil(java.util.function.BooleanSupplier done, IntSupplier warm, String what, java.util.function.Supplier<String> found)
                    throws InterruptedException {
        long sink = 0;
        long start = System.nanoTime();
        for (int round = 0;; round++) {
            if (done.getAsBoolean()) {
                return;
            }
            if (System.nanoTime() - start > WARM_NANOS) {
                throw new AssertionError("no " + what + " after " + round + " rounds of 1,000 runs in " + (System.nanoTime() - start) / 1_000_000_000 + " s (" + sink + "); " + found.get());
            }
            for (int k = 0; k < 1_000; k++) {
                sink += warm.getAsInt();
            }
            if (round >= 100) {
                Thread.sleep(1);
            }
        }
    }

    /** The bci of {@code m}'s first {@code invokevirtual} or {@code invokeinterface}. */
    public static int firstVirtualCall(ResolvedJavaMethod m) {
        return firstOf(m, Bytecodes.INVOKEVIRTUAL, Bytecodes.INVOKEINTERFACE);
    }

    /** The bci of {@code m}'s first bytecode with one of {@code opcodes}. */
    public static int firstOf(ResolvedJavaMethod m, int... opcodes) {
        BytecodeStream s = new BytecodeStream(m.getCode());
        for (int bci = 0; bci < m.getCodeSize(); bci = s.nextBci()) {
            int op = s.at(bci).opcode();
            for (int o : opcodes) {
                if (op == o) {
                    return bci;
                }
            }
        }
        throw new AssertionError("none of " + java.util.Arrays.toString(opcodes) + " in " + m);
    }
}
