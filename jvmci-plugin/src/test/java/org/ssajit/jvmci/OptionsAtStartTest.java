package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ssajit.options.OptionKey;
import org.ssajit.testprograms.QuietProgram;
import org.ssajit.testprograms.SpinProgram;

/**
 * ssajit's options are checked when HotSpot selects it ({@link SsajitCompilerFactory#onSelection}): in
 * a VM started as {@code ssajit run} starts one, with {@code -XX:+EagerJVMCI}, before the program's
 * {@code main}. A bad value, an invalid filter or an unknown {@code ssajit.*} property stops the VM with
 * exit status 2 and a message naming the option, the value and what is accepted, without an hs_err
 * file, instead of a run on C1 alone; without {@code -XX:+EagerJVMCI} the first tier-4 request stops it.
 * {@code Help} prints at start and {@code Stats} at exit, even when nothing is compiled.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class OptionsAtStartTest {
    private static final String EAGER = "-XX:+EagerJVMCI";

    private static void assertStoppedWith(ChildJvm.Result r, String problem) {
        assertFalse(r.crashed(), r::describe);
        assertFalse(r.stderr().contains("hs_err") || r.stdout().contains("hs_err"), r::describe);
        assertEquals(SsajitCompilerFactory.INVALID_OPTIONS_STATUS, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("[ssajit] error: " + problem), r::describe);
        assertTrue(r.stderr().contains("[ssajit] the VM stops (exit status 2)"), r::describe);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
                    "-Dssajit.Inline=maybe|-Dssajit.Inline=maybe: expected true or false (or nothing, for true)",
                    "-Dssajit.HotInlineSize=abc|-Dssajit.HotInlineSize=abc: expected a number of bytes, a whole number from 0 to 2147483647",
                    "-Dssajit.HotInlineSize=-1|-Dssajit.HotInlineSize=-1: expected a number of bytes, a whole number from 0 to 2147483647",
                    "-Dssajit.MethodFilter=[[[|-Dssajit.MethodFilter=[[[: pattern '[[[': '[' at 1 is not allowed; a pattern is Class.method",
                    "-Dssajit.InjectFaults=2|-Dssajit.InjectFaults=2: expected a probability from 0 to 1, e.g. 0.01 (0: off)",
                    "-Dssajit.ImplicitExceptions=sometimes|-Dssajit.ImplicitExceptions=sometimes: expected profile, always, preallocated or never",
                    "-Dssajit.Inlne=false|-Dssajit.Inlne=false: no such option; did you mean -Dssajit.Inline?"})
    void badOptionStopsTheVmBeforeTheProgramRuns(String flag, String problem) throws Exception {
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of(EAGER, flag), QuietProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertStoppedWith(r, problem);
        assertFalse(r.stdout().contains("main ran"), () -> "the program ran\n" + r.describe());
    }

    /** Several problems: each is reported, then the VM stops once. */
    @Test
    void everyBadOptionIsReported() throws Exception {
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of(EAGER, "-Dssajit.Log=yes", "-Dssajit.Typo=1"), QuietProgram.class.getName(), List.of(),
                        Duration.ofMinutes(2));
        assertStoppedWith(r, "-Dssajit.Log=yes: expected true or false (or nothing, for true)");
        assertTrue(r.stderr().contains("[ssajit] error: -Dssajit.Typo=1: no such option; "), r::describe);
        assertFalse(r.stdout().contains("main ran"), r::describe);
    }

    /**
     * Without {@code -XX:+EagerJVMCI} HotSpot initializes JVMCI on the first tier-4 request, on the
     * compiler thread: the bad option stops the VM there, while the program runs; it never finishes on
     * C1 alone.
     */
    @Test
    void withoutEagerJvmciTheFirstCompileStopsTheVm() throws Exception {
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of("-XX:-EagerJVMCI", "-Dssajit.Inline=maybe"), SpinProgram.class.getName(), List.of("60"),
                        Duration.ofMinutes(2));
        assertStoppedWith(r, "-Dssajit.Inline=maybe: expected true or false (or nothing, for true)");
        assertFalse(r.stdout().contains("finished"), r::describe);
    }

    /** {@code -Dssajit.Help=true}: the help, at start (before the program's line), and the program runs. */
    @Test
    void helpPrintsAtStart() throws Exception {
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of(EAGER, "-Dssajit.Help=true"), QuietProgram.class.getName(), List.of(), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("main ran\n", r.stdout(), r::describe);
        int help = r.stderr().indexOf("ssajit options (system properties):");
        assertTrue(help >= 0 && help < r.stderr().indexOf("main ran"), r::describe);
        for (OptionKey<?> o : SsajitOptions.ALL) {
            assertTrue(r.stderr().contains("  -D" + SsajitOptions.property(o) + "="), () -> o.name() + "\n" + r.describe());
        }
    }

    /**
     * {@code -Dssajit.Stats=true} on a program that compiles nothing ({@code -XX:TieredStopAtLevel=3}:
     * HotSpot never asks for tier 4, though it selects ssajit at start-up): the summary at exit (after
     * the program's line), its first line the counts and the compile time against the run time.
     */
    @Test
    void statsPrintAtExitEvenIfNothingWasCompiled() throws Exception {
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of(EAGER, "-XX:TieredStopAtLevel=3", "-Dssajit.Stats=true"), QuietProgram.class.getName(), List.of(),
                        Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("main ran\n", r.stdout(), r::describe);
        Matcher m = Pattern.compile("\\[ssajit\\] 0 compiled, 0 refused, 0\\.0 s compiling in (\\d+\\.\\d) s of run time \\(0 %\\)\n"
                        + "\\[ssajit\\] stats: 0 requests, ").matcher(r.stderr());
        assertTrue(m.find(), r::describe);
        assertTrue(m.start() > r.stderr().indexOf("main ran"), r::describe);
        assertTrue(Double.parseDouble(m.group(1)) > 0, r::describe);
    }

    /** The summary's first line on a program ssajit compiles in: the counts agree with the requests, the compile time is a share of the run time. */
    @Test
    void statsFirstLineCountsTheCompiles() throws Exception {
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(List.of(EAGER, "-Dssajit.Stats=true"), SpinProgram.class.getName(), List.of("3"), Duration.ofMinutes(2));
        assertEquals(0, r.exitCode(), r::describe);
        Matcher m = Pattern.compile("\\[ssajit\\] (\\d+) compiled, (\\d+) refused, (\\d+\\.\\d) s compiling in (\\d+\\.\\d) s of run time \\((\\d+) %\\)\n"
                        + "\\[ssajit\\] stats: (\\d+) requests, \\d+ bytecodes, (\\d+\\.\\d) ms compiling").matcher(r.stderr());
        assertTrue(m.find(), r::describe);
        assertTrue(Long.parseLong(m.group(1)) > 0, r::describe);
        assertEquals(Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)), Long.parseLong(m.group(6)), r::describe);
        double compiling = Double.parseDouble(m.group(3));
        double run = Double.parseDouble(m.group(4));
        assertTrue(run >= 3, r::describe);
        assertEquals(Double.parseDouble(m.group(7)) / 1000, compiling, 0.051, r::describe);
        assertEquals(Math.round(100 * compiling / run), Long.parseLong(m.group(5)), 1.0 + 100 * 0.05 / run, r::describe);
    }
}
