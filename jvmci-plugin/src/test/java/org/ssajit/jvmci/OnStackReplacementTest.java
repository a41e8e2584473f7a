package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On-stack replacement end to end: {@link OsrProgram}'s kernels run in a child JVM with ssajit as the
 * JIT; HotSpot asks ssajit for OSR compiles of their loops while they run, the interpreter hands its
 * frames over to the installed code, some kernels deoptimize out of it (zero divisor, index out of
 * bounds, null array) and the interpreter throws. The program prints what it printed under
 * {@code -Xint}, and ssajit installed an OSR compile of every kernel.
 *
 * <p>Without tiered compilation the interpreter enters ssajit's OSR code on the first long call;
 * with it, C1's OSR code runs first and later interpreted calls enter ssajit's. The GC variants add
 * heap verification, frequent safepoints and a thread that allocates all the time, so collections
 * happen while OSR code holds references that came from the interpreter's buffer.
 */
class OnStackReplacementTest {
    private static final String[] KERNELS = {"intSum", "longAndIntLocals", "doubleAndFloat", "arrayParameter", "booleanArrayParameter", "fieldArray",
                    "divideUntil", "indexUntil", "nullArray", "nested", "lockedLoop", "synchronizedLoop", "nestedLocks"};

    @ParameterizedTest
    @ValueSource(strings = {"-XX:-TieredCompilation", "-XX:+TieredCompilation"})
    void osrCodeComputesWhatTheInterpreterComputes(String tiered) throws Exception {
        check(List.of(tiered), List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseParallelGC", "-XX:+UseG1GC"})
    void osrCodeSurvivesCollectionsUnder(String gc) throws Exception {
        check(List.of(gc, "-XX:-TieredCompilation", "-Xmn8m", "-XX:+UnlockDiagnosticVMOptions", "-XX:+VerifyBeforeGC", "-XX:+VerifyAfterGC",
                        "-XX:+SafepointALot", "-XX:GuaranteedSafepointInterval=1"), List.of("--churn"));
    }

    private static void check(List<String> extra, List<String> args) throws Exception {
        String main = OsrProgram.class.getName();
        ChildJvm.Result xint = ChildJvm.run(ChildJvm.minimalFlags(), List.of("-Xint"), main, List.of(), Duration.ofMinutes(3));
        assertEquals(0, xint.exitCode(), xint::describe);
        assertEquals(3 * KERNELS.length, xint.stdout().lines().count(), xint::describe);

        List<String> flags = new ArrayList<>(List.of("-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-Xbatch", "-XX:+PrintCompilation",
                        "-XX:+UnlockDiagnosticVMOptions", "-XX:+DisplayVMOutputToStderr", "-Dssajit.Log=true"));
        flags.addAll(extra);
        ChildJvm.Result r = ChildJvm.run(ChildJvm.minimalFlags(), flags, main, args, Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(xint.stdout(), r.stdout(), r::describe);
        for (String k : KERNELS) {
            // "[ssajit]  1222 org.ssajit.jvmci.OsrProgram.divideUntil(int, int)long @ bci 5, 30 bytes of bytecode: installed (...)"
            Pattern installed = Pattern.compile("\\[ssajit\\] +\\d+ org\\.ssajit\\.jvmci\\.OsrProgram\\." + k + "\\([^)]*\\)\\S+ @ bci \\d+, \\d+ bytes of bytecode: installed");
            assertTrue(installed.matcher(r.stderr()).find(), () -> k + ": no OSR compile installed by ssajit\n" + r.describe());
        }
        assertFalse(Pattern.compile("OsrProgram::\\w+ @ \\d+ \\(\\d+ bytes\\)\\s+COMPILE SKIPPED").matcher(r.stderr()).find(), r::describe);
    }
}
