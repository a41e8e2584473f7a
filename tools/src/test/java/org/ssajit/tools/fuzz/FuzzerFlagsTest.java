package org.ssajit.tools.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The flags of the fuzzer's ssajit runs: fuzzing is testing, so every compile is verified. */
class FuzzerFlagsTest {
    @Test
    void theProgramJvmsVerifyEveryCompile() {
        Fuzzer fuzzer = new Fuzzer(new Fuzzer.Settings(Path.of("java"), "jit.jar", Path.of("work"), 1, 1, 60, List.of("-Dssajit.Log=false")));
        List<String> flags = fuzzer.jitFlags(List.of("-XX:+UseSerialGC"));
        assertTrue(flags.contains("-Dssajit.Verify=true"), flags::toString);
        // The user's --flags come last, so that they can turn it off again.
        assertTrue(flags.indexOf("-Dssajit.Verify=true") < flags.indexOf("-Dssajit.Log=false"), flags::toString);
    }
}
