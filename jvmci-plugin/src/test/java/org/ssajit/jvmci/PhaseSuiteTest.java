package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ssajit.debug.FaultInjection;
import org.ssajit.options.OptionValues;
import org.ssajit.phases.Phase;
import org.ssajit.phases.PhaseSuite;

import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCICompiler;

/**
 * The {@link PhaseSuite} is the one place a compile's order is written, and the suite, not each phase,
 * times and dumps: a compile through the JIT with {@code -Dssajit.Dump} and the verifiers on must time
 * every phase of the suite once (in the {@code -Dssajit.Stats} summary's per-phase line) and write the
 * IR after every phase that has IR to show, in the suite's order; and the order docs/ARCHITECTURE.md
 * gives must be the suite's.
 */
class PhaseSuiteTest {
    private static final PhaseSuite SUITE = PhaseSuite.standard();

    static final class Subject {
        static int sink;

        /** A loop, an array, a field, a call inside a try range and a type check: every stage has work. */
        static int work(Object[] a, int n) {
            int s = 0;
            for (int i = 0; i < n && i < a.length; i++) {
                try {
                    s += a[i].hashCode();
                } catch (RuntimeException e) {
                    s--;
                }
                if (a[i] instanceof String str) {
                    s += str.length();
                }
            }
            sink = s;
            return s;
        }

        static void run() {
            Object[] a = {"x", 1, "yz"};
            for (int k = 0; k < 200; k++) {
                work(a, 3);
            }
        }
    }

    @Test
    void everyPhaseIsTimedAndDumped(@TempDir Path dir) throws IOException {
        Subject.run();
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.method(Subject.class, "work");
        OptionValues options = OptionValues.DEFAULTS.with(SsajitOptions.VERIFY, true).with(SsajitOptions.DUMP, dir);
        CompileStats stats = new CompileStats(FaultInjection.NONE);
        int bci = JVMCICompiler.INVOCATION_ENTRY_BCI;
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) new SsajitCompiler(HotSpotJVMCIRuntime.runtime(), options, stats)
                        .compileMethod(new HotSpotCompilationRequest(m, bci, 0L, m.allocateCompileId(bci)));
        assertNull(r.getFailureMessage());

        List<String> all = SUITE.phases().stream().map(Phase::name).toList();
        // Timed: each phase once, and the summary's per-phase line names them all in order.
        for (String p : all) {
            assertEquals(1, stats.phases().runs(p), "runs of " + p + " timed");
        }
        Matcher line = Pattern.compile("\\[ssajit\\]   suite phases: (.*)").matcher(stats.summary(1));
        assertTrue(line.find(), stats.summary(1));
        List<String> timed = new ArrayList<>();
        for (String part : line.group(1).split(", ")) {
            timed.add(part.replaceAll(" [0-9.]+ ms$", ""));
        }
        assertEquals(all, timed, "the per-phase line of the stats");

        // Dumped: the IR after every phase that has IR (not the analyses, not the verifiers), in order,
        // the allocator's intervals after the allocation.
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith("Subject.work.cfg")).toList();
        }
        assertEquals(1, files.size(), files.toString());
        List<C1VisualizerFile.Compilation> cs = C1VisualizerFile.parse(Files.readString(files.get(0)));
        assertEquals(1, cs.size());
        List<String> expected = new ArrayList<>();
        for (Phase p : SUITE.phases()) {
            if (p.kind().dumps()) {
                expected.add("cfg " + PhaseSuite.dumpName(p));
            }
            if (p.kind() == Phase.Kind.ALLOCATION) {
                expected.add("intervals " + PhaseSuite.dumpName(p));
            }
        }
        assertEquals(expected, cs.get(0).order(), "the dumps, in the suite's order");
        // Only the analyses and the three verifiers have nothing to dump.
        assertEquals(List.of("bytecode analyses", "SSA verifier", "SSA verifier after lowering", "allocation verifier"),
                        SUITE.phases().stream().filter(p -> !p.kind().dumps()).map(Phase::name).toList());
    }

    /**
     * The orders the lowering relies on: the compiled throws and handler dispatch create type tests,
     * which only the type check expansion turns into what back ends select; the expansions of
     * macro-ops run after the instruction lowering that makes them; the stamps after the expansions
     * that read them.
     */
    @Test
    void theLoweringsDependenciesAreInOrder() {
        List<String> names = SUITE.phases().stream().map(Phase::name).toList();
        assertTrue(names.indexOf("implicit throws") < names.indexOf("type check expansion"));
        assertTrue(names.indexOf("exception dispatch") < names.indexOf("type check expansion"));
        assertTrue(names.indexOf("instruction lowering") < names.indexOf("barrier expansion"));
        assertTrue(names.indexOf("stamps") < names.indexOf("array copies"));
        assertTrue(names.indexOf("instance allocations") < names.indexOf("stamps after expansion"));
        assertTrue(names.indexOf("stamps after expansion") < names.indexOf("instruction lowering"));
        assertEquals(names.size() - 1, names.indexOf("emission"));
    }

    /** docs/ARCHITECTURE.md's table of the suite lists the phases in the suite's order, each once. */
    @Test
    void theDocumentedOrderIsTheSuites() throws IOException {
        Path doc = Path.of("..", "docs", "ARCHITECTURE.md").toAbsolutePath().normalize();
        String text = Files.readString(doc);
        int at = text.indexOf("### The phase suite");
        assertTrue(at >= 0, "docs/ARCHITECTURE.md has no section 'The phase suite'");
        List<String> documented = new ArrayList<>();
        // The table's rows: | stage | `phase name` | what it does |
        int end = text.indexOf("\n#", at + 1);
        Matcher row = Pattern.compile("(?m)^\\| [^|]* \\| `([^`]+)` \\|").matcher(text.substring(at, end < 0 ? text.length() : end));
        while (row.find()) {
            documented.add(row.group(1));
        }
        assertEquals(SUITE.phases().stream().map(Phase::name).toList(), documented);
    }
}
