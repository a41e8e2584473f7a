package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.BytecodeParser;
import org.ssajit.parse.Inlining;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * A side of a branch the profile never saw taken is compiled as a deoptimization
 * ({@link BytecodeParser#UNTAKEN_BRANCH_TRAPS}): each target is warmed with inputs that never take
 * one side, compiled with the option on (the graph must have the trap), and its installed code run
 * with inputs of both sides; every result must be HotSpot's own (the interpreter re-executes the
 * branch from the trap's state, so a state without the branch's operands, or the values below them on
 * the stack, or the loop's variables, gives other results). The side seen deoptimizes nothing and the
 * code stays; the other deoptimizes, and the code is invalidated (the method is profiled again). A
 * method that has deoptimized so gets no such trap when it is compiled again.
 */
class UntakenBranchTrapsTest {
    private static final OptionValues TRAPS = Pipeline.TEST_OPTIONS.with(BytecodeParser.UNTAKEN_BRANCH_TRAPS, true);
    private static final long WARM_NANOS = 120_000_000_000L;

    private static Method target(String name) {
        return Jvmci.declared(UntakenBranchTargets.class, name);
    }

    /**
     * Runs {@code warm} until the profile of the method counts its first conditional branch at least
     * {@link BytecodeParser#UNTAKEN_MIN_COUNT} times with one side never taken.
     */
    private static void warm(ResolvedJavaMethod m, IntSupplier warm, ResolvedJavaMethod... callers) throws InterruptedException {
        warm(m, org.ssajit.testing.Profiles.firstOf(m, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xc6, 0xc7), warm, callers);
    }

    /**
     * As {@link #warm(ResolvedJavaMethod, IntSupplier, ResolvedJavaMethod...)}, for the branch at
     * {@code bci}. The method (and each of {@code callers}, through which {@code warm} reaches it) is
     * reprofiled first: HotSpot gives it a profile at once and runs it in the interpreter, which
     * records every branch, for some hundred calls. Left to the tier policy, a loaded machine holds it
     * at tier 2, compiled without profiling, for minutes.
     */
    private static void warm(ResolvedJavaMethod m, int bci, IntSupplier warm, ResolvedJavaMethod... callers) throws InterruptedException {
        for (ResolvedJavaMethod c : callers) {
            c.reprofile();
        }
        m.reprofile();
        long start = System.nanoTime();
        long sink = 0;
        for (int round = 0;; round++) {
            var p = m.getProfilingInfo();
            double taken = p.getBranchTakenProbability(bci);
            if (p.getExecutionCount(bci) >= BytecodeParser.UNTAKEN_MIN_COUNT && (taken == 0.0 || taken == 1.0)) {
                return;
            }
            assertTrue(System.nanoTime() - start < WARM_NANOS, () -> "no profile of the branch at bci " + bci + " of " + m + " after 2 minutes");
            for (int k = 0; k < 1_000; k++) {
                sink += warm.getAsInt();
            }
            if (round >= 100) {
                Thread.sleep(1);
            }
        }
    }

    /**
     * Compiles {@code name} (warmed) with the traps on and inlining as given, installs it, and runs it
     * on {@code seen} then {@code unseen} (each an argument list), comparing with the results HotSpot
     * gave before the install. Returns whether the code was still valid after {@code seen}, and whether
     * any code stayed valid after an input of {@code unseen} (each runs on code installed for it).
     */
    private static boolean[] run(String name, boolean inline, List<Object[]> seen, List<Object[]> unseen) throws Exception {
        Method m = target(name);
        ResolvedJavaMethod rm = Jvmci.method(m);
        Pipeline p = Pipeline.host(TRAPS.with(Inlining.INLINE, inline));
        Graph g = p.build(rm);
        assertTrue(g.untakenBranchTrapCount() > 0, () -> name + ": no branch side became a trap");
        // Each of these branches goes forwards: going to the trap is no back edge, and the branch polls no safepoint.
        for (org.ssajit.ir.Block b : g.blocks()) {
            if (b.terminator() instanceof org.ssajit.ir.If f && f.targets().stream().anyMatch(UntakenBranchTrapsTest::isTrap)) {
                assertTrue(f.state() == null, () -> name + ": the branch to a trap in " + b + " keeps a safepoint state");
            }
        }
        org.ssajit.codegen.CompiledCode compiled = CompiledRunner.compile(rm, p);
        // HotSpot's results, once the profile has been read (running the side never seen changes it).
        List<Object> expectedSeen = new ArrayList<>();
        for (Object[] a : seen) {
            expectedSeen.add(m.invoke(null, a));
        }
        List<Object> expectedUnseen = new ArrayList<>();
        for (Object[] a : unseen) {
            expectedUnseen.add(m.invoke(null, a));
        }
        // Warming queued HotSpot's own compiles of the method: one that finishes after this install
        // replaces the code (not entrant), before it runs or while it does; install and run again
        // then, a few times at most. A trap taken on the side seen invalidates the code in every
        // attempt, so it still fails.
        for (int attempt = 0;; attempt++) {
            boolean last = attempt == 4;
            InstalledCode code = Installer.host().installDirect(rm, compiled);
            if (!code.isValid() && !last) {
                Thread.sleep(100);
                continue;
            }
            assertTrue(code.isValid(), name + ": installed code not valid");
            for (int i = 0; i < seen.size(); i++) {
                assertEquals(String.valueOf(expectedSeen.get(i)), String.valueOf(code.executeVarargs(seen.get(i))), name + " on a side seen");
            }
            boolean validAfterSeen = code.isValid();
            if (!validAfterSeen && !last) {
                Thread.sleep(100);
                continue;
            }
            boolean validAfterUnseen = false;
            boolean replaced = false;
            for (int i = 0; i < unseen.size(); i++) {
                // Each on code of its own: the first trap invalidates the code it ran in.
                InstalledCode fresh = i == 0 ? code : Installer.host().installDirect(rm, compiled);
                Object result;
                try {
                    result = fresh.executeVarargs(unseen.get(i));
                } catch (jdk.vm.ci.code.InvalidInstalledCodeException e) {
                    if (last) {
                        throw e;
                    }
                    replaced = true; // made not entrant after the check above, before it ran
                    break;
                }
                assertEquals(String.valueOf(expectedUnseen.get(i)), String.valueOf(result), name + " on the side never seen");
                validAfterUnseen |= fresh.isValid();
            }
            if (replaced) {
                Thread.sleep(100);
                continue;
            }
            return new boolean[] {validAfterSeen, validAfterUnseen};
        }
    }

    private static boolean isTrap(org.ssajit.ir.Block b) {
        return !b.instructions().isEmpty() && b.instructions().get(0).op() == org.ssajit.ir.Op.UNCOMMON_TRAP;
    }

    private static void assertTrapped(String name, boolean[] valid) {
        assertTrue(valid[0], name + ": the side seen invalidated the code");
        assertFalse(valid[1], name + ": the side never seen did not deoptimize (the code is still valid)");
    }

    @Test
    void plainBranch() throws Exception {
        ResolvedJavaMethod rm = Jvmci.method(target("sign"));
        int[] n = {0};
        warm(rm, () -> UntakenBranchTargets.sign(n[0]++ & 1023));
        assertTrapped("sign", run("sign", false, List.<Object[]>of(new Object[] {5}, new Object[] {0}), List.<Object[]>of(new Object[] {-4}, new Object[] {Integer.MIN_VALUE})));
        // Deoptimized for a side it had not seen: compiled again, the method gets no such trap.
        assertTrue(rm.getProfilingInfo().getDeoptimizationCount(DeoptimizationReason.UnreachedCode) > 0, "HotSpot counted no unreached-code deoptimization");
        assertEquals(0, Pipeline.host(TRAPS).build(rm).untakenBranchTrapCount(), "a trap again after the side was taken");
    }

    @Test
    void valueOnTheStackAcrossTheBranch() throws Exception {
        int[] n = {0};
        warm(Jvmci.method(target("plusMagnitude")), () -> UntakenBranchTargets.plusMagnitude(n[0]++, 1 + (n[0] & 255)));
        assertTrapped("plusMagnitude", run("plusMagnitude", false, List.<Object[]>of(new Object[] {7, 3}), List.<Object[]>of(new Object[] {7, -3}, new Object[] {-2, 0})));
    }

    @Test
    void loopExitWithLiveVariables() throws Exception {
        int[] a = new int[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = 3 * i + 1;
        }
        ResolvedJavaMethod rm = Jvmci.method(target("sumUntil"));
        // The exit test a[i] == stop (if_icmpne), not the loop's own (if_icmpge, taken once a call).
        warm(rm, org.ssajit.testing.Profiles.firstOf(rm, 0xa0), () -> (int) UntakenBranchTargets.sumUntil(a, -1));
        assertTrapped("sumUntil", run("sumUntil", false, List.<Object[]>of(new Object[] {a, -1}), List.<Object[]>of(new Object[] {a, 3 * 20 + 1})));
    }

    /**
     * Where the side never seen fixes the value the branch tests (equal to a constant; a type test's
     * 0 or 1 not 0), the trap's state holds that constant for it, in the local and on the stack: the
     * interpreter must take the same side with it and compute the same result.
     */
    @Test
    void valueTheSideFixes() throws Exception {
        int[] n = {0};
        warm(Jvmci.method(target("pastSeven")), () -> UntakenBranchTargets.pastSeven((n[0]++ & 1023) | 8));
        assertTrapped("pastSeven", run("pastSeven", false, List.<Object[]>of(new Object[] {8}, new Object[] {-5}), List.<Object[]>of(new Object[] {7})));
        Object[] objects = {17, 2.5, new int[0], List.of()};
        warm(Jvmci.method(target("stringish")), () -> UntakenBranchTargets.stringish(objects[n[0]++ & 3]));
        assertTrapped("stringish", run("stringish", false, List.<Object[]>of(new Object[] {4L}, new Object[] {null}), List.<Object[]>of(new Object[] {"s"})));
    }

    @Test
    void nullTest() throws Exception {
        Object[] objects = {"a", 17, 2.5, new int[0]};
        int[] n = {0};
        warm(Jvmci.method(target("describe")), () -> UntakenBranchTargets.describe(objects[n[0]++ & 3]).length());
        assertTrapped("describe", run("describe", false, List.<Object[]>of(new Object[] {"xyz"}), List.<Object[]>of(new Object[] {null})));
    }

    /** The trap inside an inlined callee: the interpreter gets the callee's frame and the caller's. */
    @Test
    void inInlinedCallee() throws Exception {
        int[] n = {0};
        warm(Jvmci.method(Jvmci.declared(UntakenBranchTargets.Callee.class, "inlinedSign")), () -> UntakenBranchTargets.signTwice(n[0]++ & 1023), Jvmci.method(target("signTwice")));
        assertTrapped("signTwice", run("signTwice", true, List.<Object[]>of(new Object[] {9}), List.<Object[]>of(new Object[] {-9})));
    }
}
