package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.ssajit.demo.NumericDemo;

/**
 * A whole program with ssajit as HotSpot's tier-4 compiler, as {@code ssajit run} starts it: the demo's
 * numeric kernels. With {@code -XX:+PrintCompilation} every kernel appears as a tier-4 compile that
 * was installed (no {@code COMPILE SKIPPED} on its line), and the program's output is what the same
 * program prints under {@code -Xint}. ({@code -XX:+DisplayVMOutputToStderr} sends PrintCompilation's
 * lines to stderr: on stdout HotSpot writes them into the middle of the program's lines.)
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class RunProgramTest {
    private static final String[] KERNELS = {"arraySum", "nestedLoops", "matrixMultiply", "sieve", "mandelbrot", "intHash", "fieldLoop"};

    @Test
    void kernelsAreCompiledAtTierFourAndComputeWhatTheInterpreterComputes() throws Exception {
        String demo = NumericDemo.class.getName();
        ChildJvm.Result xint = ChildJvm.run(ChildJvm.minimalFlags(), List.of("-Xint"), demo, List.of("2", "--min-millis", "0", "--no-times"), Duration.ofMinutes(3));
        assertEquals(0, xint.exitCode(), xint::describe);

        // As `ssajit run` starts a program, plus -Xbatch: each kernel waits for its compile, so the
        // tier-4 code is installed within the rounds whatever the machine's speed.
        List<String> flags = new ArrayList<>(List.of("-XX:+PrintCompilation", "-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:+DisplayVMOutputToStderr",
                        "-XX:CompileCommand=quiet,dontinline,org.ssajit.demo.NumericKernels::*"));
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(flags, demo, List.of("6000", "--min-millis", "1500", "--no-times"), Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);

        assertEquals(xint.stdout(), r.stdout(), r::describe);
        assertEquals(KERNELS.length, r.stdout().lines().count(), r::describe);

        for (String k : KERNELS) {
            // "   1234  567       4       org.ssajit.demo.NumericKernels::sieve (74 bytes)" and nothing after it.
            Pattern tier4 = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+[sbn!]*\\s+4\\s+org\\.ssajit\\.demo\\.NumericKernels::" + k + " \\(\\d+ bytes\\)$", Pattern.MULTILINE);
            assertTrue(tier4.matcher(r.stderr()).find(), () -> k + ": no installed tier-4 compile\n" + r.describe());
            Pattern skipped = Pattern.compile("\\s4\\s+org\\.ssajit\\.demo\\.NumericKernels::" + k + " \\(\\d+ bytes\\)\\s+COMPILE SKIPPED");
            assertFalse(skipped.matcher(r.stderr()).find(), () -> k + ": ssajit refused it\n" + r.describe());
        }
    }
}
