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
     * or interface call records {@code classes} classes: HotSpot's profiling code collects it once the
     * method is hot, at tier 3 (or in the interpreter); on a loaded machine the compile queues hold
     * {@code m} at tier 2, compiled without type profiles, for a while, during which millions of calls
     * profile nothing. So {@code m} is reprofiled first (HotSpot gives it a profile at once, and the
     * interpreter, which then runs it for some hundred calls, records every one), and the warming goes
     * by time, not by calls, pausing between rounds to let the compiler threads run. Fails after 2
     * minutes. A caller that HotSpot compiled with {@code m} inlined at tier 2 would still hide the
     * calls: warm through a caller that is not compiled yet, or one HotSpot does not inline into. A
     * profile that is not mature gives no types, and code compiled without profiling (tier 2 while
     * C2's queue is long, tier 4) stops it maturing: a method whose profile a test needs surely is best
     * excluded from HotSpot's compiles ({@code -XX:CompileCommand=exclude}), the interpreter profiling
     * every call.
     */
    public static void warmUntilProfiled(ResolvedJavaMethod m, int classes, IntSupplier warm) throws InterruptedException {
        int bci = firstVirtualCall(m);
        m.reprofile();
        warmUntil(() -> {
            JavaTypeProfile p = m.getProfilingInfo().getTypeProfile(bci);
            return p != null && p.getTypes().length >= classes;
        }, warm, "a receiver profile of " + classes + " classes at bci " + bci + " of " + m, () -> describe(m, bci));
    }

    /** Runs {@code warm} until the profile of {@code m} counts the bytecode at {@code bci} (an invoke or a branch) as run; as {@link #warmUntilProfiled}. */
    public static void warmUntilCounted(ResolvedJavaMethod m, int bci, IntSupplier warm) throws InterruptedException {
        m.reprofile();
        warmUntil(() -> m.getProfilingInfo().getExecutionCount(bci) > 0, warm, "a count at bci " + bci + " of " + m, () -> describe(m, bci));
    }

    /** Runs {@code warm} until {@code done} holds of {@code m}'s profile, {@code what} it waits for; as {@link #warmUntilProfiled}. */
    public static void warmUntil(ResolvedJavaMethod m, java.util.function.Predicate<jdk.vm.ci.meta.ProfilingInfo> done, IntSupplier warm, String what)
                    throws InterruptedException {
        m.reprofile();
        warmUntil(() -> done.test(m.getProfilingInfo()), warm, what + " of " + m, () -> describe(m, -1));
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
