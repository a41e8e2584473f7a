package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Instance methods end to end: ssajit compiles {@link VirtualCallProgram.Shape#area}, whose code starts
 * with the inline-cache check at its unverified entry; C1's code for the caller reaches it through a
 * monomorphic inline cache, then receivers of a subclass that overrides the method, of one that
 * inherits it, and null arrive at the same call. The program's output must equal its output under
 * -Xint, and the method must have been installed by ssajit (tier 4). (Skipping the class compare made
 * the overriding class's receivers run the wrong method here, and the output differ.)
 */
class InlineCacheCheckTest {
    /** Per object layout: the klass in the header (compressed or not) or in the mark word (compact headers). */
    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseCompressedClassPointers", "-XX:-UseCompressedClassPointers", "-XX:+UseCompactObjectHeaders"})
    void virtualCallsThroughTheUnverifiedEntryReachTheRightMethod(String layout) throws Exception {
        String main = VirtualCallProgram.class.getName();
        ChildJvm.Result xint = ChildJvm.run(ChildJvm.minimalFlags(), List.of("-Xint"), main, List.of("2000"), Duration.ofMinutes(3));
        assertEquals(0, xint.exitCode(), xint::describe);

        String shape = "org.ssajit.jvmci.VirtualCallProgram$Shape";
        List<String> flags = List.of(layout, "-Xshare:off", "-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-Xbatch", "-XX:+PrintCompilation",
                        "-XX:+UnlockDiagnosticVMOptions", "-XX:+DisplayVMOutputToStderr", "-Dssajit.Log=true",
                        "-Dssajit.MethodFilter=" + shape + ".area",
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline," + shape + "::area");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.minimalFlags(), flags, main, List.of("2000"), Duration.ofMinutes(3));
        assertFalse(r.crashed(), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(xint.stdout(), r.stdout(), r::describe);
        assertTrue(Pattern.compile("\\[ssajit\\].*VirtualCallProgram\\$Shape\\.area\\(int\\)int.*installed").matcher(r.stderr()).find(),
                        () -> "ssajit did not install Shape.area\n" + r.describe());
    }
}
