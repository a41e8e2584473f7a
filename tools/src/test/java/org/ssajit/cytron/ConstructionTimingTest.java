package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * A rough timing of SSA construction over every method of a module: the shared front end is analysed
 * once per method and not timed; Braun (optimizations off, markers on, SCC pass on) and pruned Cytron
 * (with its cleanup) each build every method, batch by batch, alternating which goes first, for several
 * rounds; the first round is warm-up. Not a benchmark (that is JMH's job), a sanity check that the
 * reference is a fair opponent:
 * {@code mvn -B -q test -Dtest=ConstructionTimingTest -Dssajit.cytron.timing=java.base}.
 */
@EnabledIfSystemProperty(named = "ssajit.cytron.timing", matches = ".+")
class ConstructionTimingTest {
    private static final BuildOptions BRAUN = BuildOptions.DEFAULT.withOptimize(false);

    @Test
    void time() throws IOException {
        List<ResolvedJavaMethod> methods = methodsOf(System.getProperty("ssajit.cytron.timing"));
        int rounds = Integer.getInteger("ssajit.cytron.rounds", 4);
        int batch = 2000;
        long braunNanos = 0;
        long cytronNanos = 0;
        long blackhole = 0;
        int timed = 0;
        for (int round = 0; round < rounds; round++) {
            long braunRound = 0;
            long cytronRound = 0;
            for (int from = 0; from < methods.size(); from += batch) {
                List<FrontEnd> fes = new ArrayList<>();
                for (ResolvedJavaMethod m : methods.subList(from, Math.min(methods.size(), from + batch))) {
                    try {
                        fes.add(FrontEnd.analyze(m));
                    } catch (BailoutException e) {
                        // refused by the front end: neither builder runs
                    }
                }
                boolean braunFirst = ((from / batch) + round) % 2 == 0;
                for (int k = 0; k < 2; k++) {
                    long t0 = System.nanoTime();
                    if (braunFirst == (k == 0)) {
                        for (FrontEnd fe : fes) {
                            blackhole += GraphBuilder.build(fe, BRAUN, Jvmci.PROVIDERS).graph().phiCount();
                        }
                        braunRound += System.nanoTime() - t0;
                    } else {
                        for (FrontEnd fe : fes) {
                            blackhole += CytronBuilder.build(fe, Jvmci.PROVIDERS).phisAfterCleanup();
                        }
                        cytronRound += System.nanoTime() - t0;
                    }
                }
                if (round == 0) {
                    timed += fes.size();
                }
            }
            System.out.printf("round %d: braun %.0f ms, cytron %.0f ms, braun/cytron %.2f%n", round, braunRound / 1e6, cytronRound / 1e6,
                            (double) braunRound / cytronRound);
            if (round > 0) {
                braunNanos += braunRound;
                cytronNanos += cytronRound;
            }
        }
        System.out.printf("%d methods, rounds 1..%d: braun %.0f ms, cytron %.0f ms, braun/cytron %.2f (checksum %d)%n", timed, rounds - 1, braunNanos / 1e6,
                        cytronNanos / 1e6, (double) braunNanos / cytronNanos, blackhole);
        assertTrue(timed > 0);
    }

    static List<ResolvedJavaMethod> methodsOf(String module) throws IOException {
        List<ResolvedJavaMethod> methods = new ArrayList<>();
        for (ResolvedJavaType t : PhiComparison.typesOf(module, "")) {
            for (ResolvedJavaMethod m : t.getAllMethods(true)) {
                if (m.hasBytecodes()) {
                    methods.add(m);
                }
            }
        }
        return methods;
    }
}
