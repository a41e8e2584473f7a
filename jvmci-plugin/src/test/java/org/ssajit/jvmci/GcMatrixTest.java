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
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Every {@link Scenarios scenario} in a child JVM per collector, with HotSpot checking our work: heap
 * verification before and after every GC (walks the compiled frames through our reference maps),
 * the nmethod entry barrier's deoptimization path taken at random, safepoints as often as possible,
 * and HotSpot's own trace of every deoptimization, which must show ours at the bcis we described.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class GcMatrixTest {
    private static final List<String> STRESS = List.of(
                    ChildJvm.NO_COLD_CODE_FLUSHING,
                    "-XX:+UnlockDiagnosticVMOptions",
                    "-XX:+VerifyBeforeGC", "-XX:+VerifyAfterGC",
                    "-XX:+DeoptimizeNMethodBarriersALot",
                    "-XX:+SafepointALot", "-XX:GuaranteedSafepointInterval=1",
                    "-XX:+TraceDeoptimization",
                    "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,org.ssajit.jvmci.Targets::*");

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseParallelGC", "-XX:+UseG1GC"})
    void scenariosPassUnder(String gc) throws Exception {
        List<String> flags = new ArrayList<>(STRESS);
        flags.add(0, gc);
        ChildJvm.Result r = ChildJvm.run(flags, Scenarios.class.getName(), List.of(), Duration.ofMinutes(4));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        for (String scenario : Scenarios.all().keySet()) {
            assertTrue(r.stdout().contains("PASS " + scenario + "\n"), () -> scenario + " did not pass\n" + r.describe());
        }
        String trace = r.stdout();
        // The invalidated loop: our frame, deoptimized lazily (deopt handler), unpacked at the loop header.
        int header = HandCode.loopHeader(HandCode.method(Targets.class, "spinDeopt"));
        assertTrue(Pattern.compile("Deoptimized frame .*\\R.*\\R\\s*VFrame 0 .* - org\\.ssajit\\.jvmci\\.Targets\\.spinDeopt\\(.* @ bci=" + header + " ").matcher(trace).find(),
                        () -> "no lazy deoptimization of spinDeopt at bci " + header + "\n" + r.describe());
        assertTrue(unpacked(trace, "Unpack_deopt", "spinDeopt\\(.*\\)V - aload_0 @ bci=" + header + " "), r::describe);
        // The exception thrown into guarded(): through the exception handler entry to the deopt blob.
        assertTrue(unpacked(trace, "Unpack_exception", "guarded\\(I\\)I - invokestatic @ bci=1"), r::describe);
        // The uncommon traps, with the reason and action the code stored in the thread.
        assertTrue(unpacked(trace, "Unpack_reexecute", "div\\(II\\)I - idiv @ bci="), r::describe);
        assertTrue(trace.contains("UNCOMMON TRAP method=org.ssajit.jvmci.Targets.div(II)I") && trace.contains("reason=div0_check action=none"), r::describe);
        assertTrue(trace.contains("UNCOMMON TRAP method=org.ssajit.jvmci.Targets.divInvalidating(II)I"), r::describe);
        assertTrue(Pattern.compile("UNCOMMON TRAP method=org\\.ssajit\\.jvmci\\.Targets\\.divInvalidating\\(II\\)I .* reason=div0_check action=make_not_entrant").matcher(trace).find(), r::describe);
        assertTrue(Pattern.compile("UNCOMMON TRAP method=org\\.ssajit\\.jvmci\\.Targets\\.mixAtCall\\(.* bci=" + HandCode.bci(HandCode.method(Targets.class, "mixAtCall"),
                        org.ssajit.bytecode.Bytecodes.INVOKEVIRTUAL, 0) + " ").matcher(trace).find(), r::describe);
    }

    /** HotSpot's trace shows a frame of {@code frame} unpacked into the interpreter in mode {@code mode}. */
    private static boolean unpacked(String trace, String mode, String frame) {
        int m = HandCode.CONFIG.getConstant("Deoptimization::" + mode, Integer.class);
        return Pattern.compile("DEOPT UNPACKING .* mode=" + m + "\\R.*\\R\\s*VFrame 0 .* - org\\.ssajit\\.jvmci\\.Targets\\." + frame).matcher(trace).find();
    }
}
