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
     * NullPointerException and an ArithmeticException 100,000 times each, from its 100,000th call on, prints what it prints in the
     * interpreter, and the code compiled before traps a few times at each site (until HotSpot recompiles
     * and the profile shows the exceptions), but not 0 times; with {@code ImplicitExceptions=never} it traps at every one.
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
            ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of("-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:+TraceDeoptimization",
                            "-Dssajit.ImplicitExceptions=" + mode), main, List.of(), java.time.Duration.ofMinutes(3 * slowdown));
            assertFalse(r.crashed(), r::describe);
            assertTrue(r.exitCode() == 0, r::describe);
            assertTrue(r.stdout().contains(interpreted.stdout().trim()), () -> "output differs from -Xint's " + interpreted.stdout() + "\n" + r.describe());
            long n = r.stdout().lines().filter(l -> l.contains("UNCOMMON TRAP method=" + main + ".read") || l.contains("UNCOMMON TRAP method=" + main + ".divide")).count();
            traps.put(mode, n);
        }
        System.out.println("uncommon traps in read() and divide() by policy: " + traps);
        assertTrue(traps.get("profile") > 0 && traps.get("profile") < 100, "traps with the profile policy: " + traps);
        assertTrue(traps.get("never") > 10_000, "traps with never (the control): " + traps);
    }
}
