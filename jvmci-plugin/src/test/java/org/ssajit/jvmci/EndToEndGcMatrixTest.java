package org.ssajit.jvmci;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The whole {@link EndToEndCorpusTest} corpus, then the {@link LanguageCorpusTest} corpus with fewer
 * inputs, in a child JVM per collector ssajit supports, with a
 * small young generation and a thread that allocates all the time (collections while ssajit's code is
 * stopped at its polls, its frames walked through its reference maps), heap verification before
 * and after every collection, and frequent safepoints (the loop and return polls stop often).
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class EndToEndGcMatrixTest {
    private static final List<String> STRESS = List.of(
                    ChildJvm.NO_COLD_CODE_FLUSHING,
                    "-Xmn8m",
                    "-XX:+UnlockDiagnosticVMOptions",
                    "-XX:+VerifyBeforeGC", "-XX:+VerifyAfterGC",
                    "-XX:+SafepointALot", "-XX:GuaranteedSafepointInterval=1",
                    // Output is compared with the interpreter's, exception messages included (C2's hot throws have none).
                    "-XX:-OmitStackTraceInFastThrow",
                    "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude,org.ssajit.jvmci.EndToEndCorpus::*",
                    "-XX:CompileCommand=exclude,org.ssajit.jvmci.LanguageCorpus::*");

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseParallelGC", "-XX:+UseG1GC", "-XX:+UseShenandoahGC", "-XX:+UseZGC"})
    void corpusMatchesTheInterpreterUnder(String gc) throws Exception {
        // The default build runs G1 (the collector with the most barrier code); CompiledGcMatrixTest
        // covers Serial, Parallel, Shenandoah and Z there. mvn -B verify -Pstress runs all five.
        if (!gc.equals("-XX:+UseG1GC")) {
            Matrix.onlyInFullMatrix("the corpus under " + gc);
        }
        List<String> flags = new ArrayList<>(STRESS);
        flags.add(0, gc);
        if (gc.equals("-XX:+UseShenandoahGC")) {
            // A cycle all the time, every region with garbage evacuated, and Shenandoah's own verification.
            flags.addAll(List.of("-XX:ShenandoahGCHeuristics=aggressive", "-XX:+ShenandoahVerify"));
        } else if (gc.equals("-XX:+UseZGC")) {
            // A collection (a color flip, the code's barriers re-patched) every 10 ms, and ZGC's own verification.
            flags.addAll(List.of("-XX:ZCollectionInterval=0.01", "-XX:+ZVerifyRoots", "-XX:+ZVerifyObjects"));
        }
        // Inputs per method: 12 here in the default build (160 in EndToEndCorpusTest), 40 under
        // -Pstress; 5 for the language corpus (160 in LanguageCorpusTest, run in process): heap
        // verification makes every GC slow. With 40, about 4 minutes on an idle 2-core machine for the
        // first; 20 inputs of the second took about 3 minutes more per collector. The G1 run with 40
        // took 198 s in one CI run, 452 s in another and 476 s beside an emulated fuzz run, the largest
        // share of CI's time after CompiledGcMatrixTest: the default build takes 12. With 20 it took 737 s
        // of a CI run beside Shenandoah's children (423 s before them). (The corpus's own
        // time is the same with and without compiled handlers: 113 s and 112 s for 10 inputs.)
        int inputs = Matrix.full() ? 40 : 12;
        ChildJvm.Result r = ChildJvm.run(flags, EndToEndCorpusTest.class.getName(),
                        List.of("--churn", "--corpus=" + EndToEndCorpus.class.getName() + ":" + inputs, "--corpus=" + LanguageCorpus.class.getName() + ":5:5"),
                        Duration.ofMinutes(20));
        EndToEndCorpusTest.assertBothCorporaPassed(r);
    }
}
