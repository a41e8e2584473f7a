package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/**
 * The profile-driven policy of ImplicitThrows in child JVMs with ssajit as tier 4 (a class of its
 * own so that CompiledScenarios, which runs CompiledImplicitExceptionsTest's cases in the GC
 * matrix's children, does not start these JVMs).
 */
class ImplicitExceptionPolicyTest {
    /**
     * The profile-driven policy in a real run, ssajit as tier 4: a program throwing and catching a
     * NullPointerException (of a field read and of a call's receiver) and an ArithmeticException 50,000
     * to 100,000 times each, from its 100,000th call on, prints what it prints in the
     * interpreter, and the code compiled before traps a few times at each site (until HotSpot recompiles
     * and the profile shows the exceptions), but not 0 times; with {@code ImplicitExceptions=never} it traps at every one.
     * With {@code -XX:-OmitStackTraceInFastThrow}: every exception is created with its message.
     */
    @org.junit.jupiter.api.Test
    void hotExceptionsStopTrappingAfterARecompile() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run only (three child JVMs)");
        // An emulated child JVM (another target's java) runs about 10 times slower.
        int slowdown = System.getProperty("ssajit.test.java", "").isEmpty() ? 1 : 5;
        String main = org.ssajit.testprograms.ExceptionHeavyProgram.class.getName();
        ChildJvm.Result interpreted = ChildJvm.run(List.of("-Xint"), main, List.of(), java.time.Duration.ofMinutes(2 * slowdown));
        assertTrue(interpreted.exitCode() == 0 && interpreted.stdout().startsWith("sum="), interpreted::describe);
        java.util.Map<String, Long> traps = new java.util.LinkedHashMap<>();
        for (String mode : new String[]{"profile", "never"}) {
            // The program's handlers read the messages: as under C2, hot throws without them would fail.
            ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of("-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:+TraceDeoptimization",
                            "-XX:-OmitStackTraceInFastThrow", "-Dssajit.ImplicitExceptions=" + mode), main, List.of(), java.time.Duration.ofMinutes(3 * slowdown));
            assertFalse(r.crashed(), r::describe);
            assertTrue(r.exitCode() == 0, r::describe);
            assertTrue(r.stdout().contains(interpreted.stdout().trim()), () -> "output differs from -Xint's " + interpreted.stdout() + "\n" + r.describe());
            long n = r.stdout().lines().filter(l -> l.contains("UNCOMMON TRAP method=" + main + ".read") || l.contains("UNCOMMON TRAP method=" + main + ".divide")
                            || l.contains("UNCOMMON TRAP method=" + main + ".hash")).count();
            traps.put(mode, n);
        }
        System.out.println("uncommon traps in read(), divide() and hash() by policy: " + traps);
        assertTrue(traps.get("profile") > 0 && traps.get("profile") < 100, "traps with the profile policy: " + traps);
        assertTrue(traps.get("never") > 10_000, "traps with never (the control): " + traps);
    }

    /**
     * Hot throws as C2 makes them: with the VM's default {@code -XX:+OmitStackTraceInFastThrow}, once
     * the checks have trapped and HotSpot recompiled, the exceptions that compiled code throws to its
     * own handlers are preallocated instances, without stack trace or message; C2 itself (HotSpot's
     * tier 4, the oracle) does the same in the same program. With {@code -XX:-OmitStackTraceInFastThrow}
     * every exception has its stack trace under ssajit. The sums equal the interpreter's in every mode.
     * The same with exceptions from the program's start (the trap before the hot throw, as C2's).
     */
    @org.junit.jupiter.api.Test
    void hotThrowsArePreallocatedAsUnderC2() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "runs in the first shard of a split run only (six child JVMs)");
        int slowdown = System.getProperty("ssajit.test.java", "").isEmpty() ? 1 : 5;
        String main = org.ssajit.testprograms.HotThrowProgram.class.getName();
        java.time.Duration timeout = java.time.Duration.ofMinutes(3 * slowdown);
        ChildJvm.Result interpreted = ChildJvm.run(List.of("-Xint"), main, List.of(), timeout);
        String sum = interpreted.stdout().lines().findFirst().orElse("");
        assertTrue(interpreted.exitCode() == 0 && sum.startsWith("sum=") && interpreted.stdout().contains("traceless=0 "), interpreted::describe);
        ChildJvm.Result c2 = ChildJvm.run(List.of("-Xbatch"), main, List.of(), timeout);
        ChildJvm.Result ssajit = ChildJvm.runAsSsajitRun(List.of("-Xbatch"), main, List.of(), timeout);
        ChildJvm.Result ssajitWithTraces = ChildJvm.runAsSsajitRun(List.of("-Xbatch", "-XX:-OmitStackTraceInFastThrow"), main, List.of(), timeout);
        for (ChildJvm.Result r : List.of(c2, ssajit, ssajitWithTraces)) {
            assertFalse(r.crashed(), r::describe);
            assertTrue(r.exitCode() == 0 && r.stdout().startsWith(sum + "\n"), () -> "not the interpreter's " + sum + "\n" + r.describe());
        }
        System.out.println("C2: " + c2.stdout().lines().skip(1).findFirst().orElse("") + "; ssajit: " + ssajit.stdout().lines().skip(1).findFirst().orElse(""));
        assertTrue(tracelessCount(c2) > 1000 && c2.stdout().contains(" with a message: 0"), "C2 (the oracle) throws hot exceptions preallocated:\n" + c2.describe());
        assertTrue(tracelessCount(ssajit) > 100_000 && ssajit.stdout().contains(" with a message: 0"), ssajit::describe);
        assertTrue(ssajitWithTraces.stdout().contains("traceless=0 "), ssajitWithTraces::describe);

        // Exceptions from the start: the first tier-4 compile's profile has seen them, but no check has
        // trapped yet, so that code traps (and keeps stack traces) until HotSpot recompiles; then they are hot.
        ChildJvm.Result earlyInterpreted = ChildJvm.run(List.of("-Xint"), main, List.of("early"), timeout);
        String earlySum = earlyInterpreted.stdout().lines().findFirst().orElse("");
        assertTrue(earlyInterpreted.exitCode() == 0 && earlySum.startsWith("sum="), earlyInterpreted::describe);
        ChildJvm.Result early = ChildJvm.runAsSsajitRun(List.of("-Xbatch"), main, List.of("early"), timeout);
        assertTrue(early.exitCode() == 0 && early.stdout().startsWith(earlySum + "\n"), () -> "not the interpreter's " + earlySum + "\n" + early.describe());
        assertTrue(tracelessCount(early) > 100_000 && early.stdout().contains(" with a message: 0"), early::describe);

        // Two kinds in one method, one trapping often and one rarely: the rare kind, seen by the
        // profile but not yet trapped when the frequent one recompiles the method, traps too until it
        // is hot, and is then thrown preallocated as under C2 (not created with a stack trace for good).
        ChildJvm.Result mixedInterpreted = ChildJvm.run(List.of("-Xint"), main, List.of("mixed"), timeout);
        String mixedSum = mixedInterpreted.stdout().lines().findFirst().orElse("");
        assertTrue(mixedInterpreted.exitCode() == 0 && mixedSum.startsWith("sum=") && mixedInterpreted.stdout().contains("bounds: 0 of 4000 "), mixedInterpreted::describe);
        for (ChildJvm.Result r : List.of(ChildJvm.run(List.of("-Xbatch"), main, List.of("mixed"), timeout), ChildJvm.runAsSsajitRun(List.of("-Xbatch"), main, List.of("mixed"), timeout))) {
            assertTrue(r.exitCode() == 0 && r.stdout().startsWith(mixedSum + "\n"), () -> "not the interpreter's " + mixedSum + "\n" + r.describe());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("bounds: (\\d+) of 4000 ").matcher(r.stdout());
            assertTrue(m.find() && Integer.parseInt(m.group(1)) > 3000, () -> "the rare kind's hot throws are not preallocated:\n" + r.describe());
        }
    }

    private static long tracelessCount(ChildJvm.Result r) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("traceless=(\\d+)").matcher(r.stdout());
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
