package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.dump.CfgPrinter;
import org.ssajit.dump.PhaseDump;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.Node;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Undefined;
import org.ssajit.ir.Value;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;
import org.ssajit.options.OptionValues;
import org.ssajit.regalloc.AllocationResult;
import org.ssajit.regalloc.IntervalView;

import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCICompiler;

/**
 * {@code -Dssajit.Dump} writes C1Visualizer files: methods with loops, calls, exception handlers, a
 * switch and an on-stack-replacement entry are compiled with a dump, and each {@code .cfg} file is
 * read back with {@link C1VisualizerFile} (a reader written from the format's definition) into
 * compilations, cfgs, blocks, instructions and intervals, which must be consistent as C1Visualizer
 * needs them and equal to what the compile had at each phase:
 * <ul>
 * <li>every block a list names exists, and a block's predecessors are exactly the blocks that list it
 * as a successor or handler, with multiplicity (C1Visualizer's check);</li>
 * <li>in a graph's cfg, every name a phi or an instruction uses is defined in the same cfg, and each
 * phi has an operand per predecessor;</li>
 * <li>every interval has at least one range, its ranges are ascending and do not overlap, each use lies
 * in one of them (a use ends a range at its position: {@code from <= use <= to}), the parts of one
 * variable follow each other, split parents and hints name printed intervals, and every variable of
 * the LIR has an interval;</li>
 * <li>blocks, edges, phis, instructions, LIR ops and their positions, and intervals (ranges, uses,
 * locations) are those of the graph, the LIR and the allocation at the time of the dump.</li>
 * </ul>
 */
class CfgDumpTest {
    private static final HotSpotJVMCIRuntime RUNTIME = HotSpotJVMCIRuntime.runtime();
    private static final List<String> PHASES = List.of(Pipeline.AFTER_BUILD, Pipeline.AFTER_LOWERING, Pipeline.AFTER_SELECTION, Pipeline.AFTER_ALLOCATION);

    /** The methods compiled with a dump. */
    static final class Subjects {
        static int sink;

        static int nestedLoops(int[][] m) {
            int s = 0;
            for (int[] row : m) {
                for (int x : row) {
                    s += x;
                }
            }
            return s;
        }

        static int calls(String s, int n) {
            int h = 0;
            for (int i = 0; i < n; i++) {
                h += helper(s, i);
            }
            return h + s.hashCode();
        }

        static int helper(String s, int i) {
            return s.length() * i;
        }

        /** Calls inside try ranges: exception edges to handlers (and a finally). */
        static int exceptions(int[] a, int i) {
            try {
                return a[i] + helper("x", i) * parse(i);
            } catch (IllegalArgumentException e) {
                return -1;
            } catch (RuntimeException e) {
                return -2;
            } finally {
                sink++;
            }
        }

        static int parse(int i) {
            if (i < 0) {
                throw new IllegalArgumentException();
            }
            return i;
        }

        static int select(int k, long x) {
            switch (k) {
                case 0:
                    return (int) x;
                case 1:
                case 7:
                    return (int) (x >>> 3);
                case 4:
                    return k * 3;
                default:
                    return -k;
            }
        }

        /** Compiled for on-stack replacement at its loop's header. */
        static long osr(int n, double d) {
            long s = 0;
            double f = d;
            for (int i = 0; i < n; i++) {
                s += i * (long) i;
                f = f * 0.5 + i;
            }
            return s + (long) f;
        }

        static void run() {
            nestedLoops(new int[][]{{1, 2}, {3}});
            calls("ab", 3);
            exceptions(new int[]{1, 2}, 1);
            select(7, 100);
            osr(5, 1.5);
        }
    }

    static Stream<Arguments> subjects() {
        return Stream.of(Arguments.of("nestedLoops", false), Arguments.of("calls", false), Arguments.of("exceptions", false), Arguments.of("select", false),
                        Arguments.of("osr", false), Arguments.of("osr", true));
    }

    /**
     * The pipeline's dump hooks, driven directly: each phase's result goes to the {@link CfgPrinter} and to
     * a {@link Recorder} that keeps what the graph, the LIR and the allocation were at that moment.
     */
    @ParameterizedTest(name = "{0}, OSR: {1}")
    @MethodSource("subjects")
    void eachPhaseIsDumpedAsTheCompileHadIt(String name, boolean onStackReplacement, @TempDir Path dir) throws IOException {
        Subjects.run();
        ResolvedJavaMethod m = HandCode.method(Subjects.class, name);
        int entryBci = onStackReplacement ? HandCode.loopHeader(m) : -1;
        Path file = dir.resolve(name + ".cfg");
        Recorder recorder = new Recorder(new CfgPrinter(file, m, entryBci));
        Pipeline pipeline = Pipeline.host();
        Graph graph = pipeline.build(m, entryBci, recorder);
        pipeline.compile(graph, m, JvmtiCapabilities.NONE, recorder);

        List<C1VisualizerFile.Compilation> compilations = C1VisualizerFile.parse(Files.readString(file));
        assertEquals(1, compilations.size(), "one compile per file");
        C1VisualizerFile.Compilation c = compilations.get(0);
        checkCompilation(c, m, entryBci);

        for (String phase : List.of(Pipeline.AFTER_BUILD, Pipeline.AFTER_LOWERING)) {
            C1VisualizerFile.Cfg cfg = cfg(c, phase);
            checkGraphCfg(cfg, onStackReplacement);
            assertEquals(recorder.graphs.get(phase), shape(cfg, true), phase + ": blocks, edges, phis and instructions as the graph had them");
        }
        C1VisualizerFile.Cfg selected = cfg(c, Pipeline.AFTER_SELECTION);
        C1VisualizerFile.Cfg allocated = cfg(c, Pipeline.AFTER_ALLOCATION);
        checkLirCfg(selected, false);
        checkLirCfg(allocated, true);
        assertEquals(recorder.lirs.get(Pipeline.AFTER_SELECTION), shape(selected, false), "the LIR as selected");
        assertEquals(recorder.lirs.get(Pipeline.AFTER_ALLOCATION), shape(allocated, false), "the LIR as allocated");

        C1VisualizerFile.IntervalList intervals = c.intervals().get(0);
        Set<Integer> variables = new HashSet<>(recorder.selectedVariables);
        for (int v = 0; v < recorder.variableCount; v++) {
            variables.add(v);
        }
        variables.addAll(variablesIn(selected));
        checkIntervals(intervals, variables);
        assertEquals(recorder.intervals.size(), intervals.intervals().size(), "one line per interval part");
        for (int i = 0; i < recorder.intervals.size(); i++) {
            IntervalView v = recorder.intervals.get(i);
            C1VisualizerFile.Interval it = intervals.intervals().get(i);
            String what = it.name() + " (" + v + ")";
            assertEquals(v.isFixed(), it.type().equals("fixed"), what);
            if (v.operand() instanceof Variable var) {
                assertEquals(v.part() == 0 ? "v" + var.index() : "v" + var.index() + ":" + v.part(), it.name(), what);
                assertEquals("v" + var.index(), it.splitParent(), what);
            }
            if (v.operand() instanceof Variable) {
                assertEquals(v.location() == null ? null : v.location().toString(), it.operand(), what);
            } else {
                assertEquals(((jdk.vm.ci.code.RegisterValue) v.operand()).getRegister().name, it.operand(), what);
                assertEquals(it.name(), it.operand(), what);
            }
            assertEquals(v.ranges().stream().map(r -> new C1VisualizerFile.Range(r.from(), r.to())).toList(), it.ranges(), what);
            assertEquals(v.uses().stream().map(u -> new C1VisualizerFile.Use(u.position(), switch (u.kind()) {
                case MUST_HAVE_REGISTER -> 'M';
                case SHOULD_HAVE_REGISTER -> 'S';
                case ANY_LOCATION -> 'N';
            })).toList(), it.uses(), what);
        }
        if (onStackReplacement) {
            assertTrue(cfg(c, Pipeline.AFTER_BUILD).blocks().get(0).flags().contains("osr"));
        }
    }

    /** Through the compiler: {@code -Dssajit.Dump} writes one {@code .cfg} per compile, a normal one and an OSR one. */
    @Test
    void theCompilerWritesOneFilePerCompile(@TempDir Path dir) throws IOException {
        Subjects.run();
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.method(Subjects.class, "osr");
        OptionValues options = OptionValues.DEFAULTS.with(SsajitOptions.VERIFY, true).with(SsajitOptions.DUMP, dir);
        int header = HandCode.loopHeader(m);
        for (int bci : new int[]{JVMCICompiler.INVOCATION_ENTRY_BCI, header}) {
            HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) new SsajitCompiler(RUNTIME, options)
                            .compileMethod(new HotSpotCompilationRequest(m, bci, 0L, m.allocateCompileId(bci)));
            assertNull(r.getFailureMessage());
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith("Subjects.osr.cfg")).sorted().toList();
        }
        assertEquals(2, files.size(), files.toString());
        Set<Integer> entries = new HashSet<>();
        for (Path f : files) {
            List<C1VisualizerFile.Compilation> cs = C1VisualizerFile.parse(Files.readString(f));
            assertEquals(1, cs.size());
            C1VisualizerFile.Compilation c = cs.get(0);
            boolean osr = c.name().endsWith(" @ bci " + header);
            entries.add(osr ? header : -1);
            checkCompilation(c, m, osr ? header : -1);
            checkGraphCfg(cfg(c, Pipeline.AFTER_BUILD), osr);
            checkGraphCfg(cfg(c, Pipeline.AFTER_LOWERING), osr);
            checkLirCfg(cfg(c, Pipeline.AFTER_SELECTION), false);
            checkLirCfg(cfg(c, Pipeline.AFTER_ALLOCATION), true);
            checkIntervals(c.intervals().get(0), variablesIn(cfg(c, Pipeline.AFTER_SELECTION)));
        }
        assertEquals(Set.of(-1, header), entries);
    }

    /** A file that breaks the format's rules is rejected by the checks (they can fail). */
    @Test
    void theChecksRejectABrokenFile() {
        String ok = """
                        begin_compilation
                          name "A.f(int)"
                          method "int A.f(int)"
                          date 1
                        end_compilation
                        begin_cfg
                          name "g"
                          begin_block
                            name "b0"
                            from_bci 0
                            to_bci 3
                            predecessors
                            successors "b1"
                            xhandlers
                            flags "std"
                            begin_HIR
                              -1 1 v0 param 0:i <|@
                              .3 0 t0 goto b1 <|@
                            end_HIR
                          end_block
                          begin_block
                            name "b1"
                            from_bci 3
                            to_bci 3
                            predecessors "b0"
                            successors
                            xhandlers
                            flags
                            begin_HIR
                              .3 0 t1 return v0 <|@
                            end_HIR
                          end_block
                        end_cfg
                        """;
        C1VisualizerFile.Cfg cfg = C1VisualizerFile.parse(ok).get(0).cfgs().get(0);
        checkGraphCfg(cfg, false);
        C1VisualizerFile.Cfg noEdge = C1VisualizerFile.parse(ok.replace("successors \"b1\"", "successors")).get(0).cfgs().get(0);
        assertThrows(() -> checkGraphCfg(noEdge, false));
        C1VisualizerFile.Cfg undefined = C1VisualizerFile.parse(ok.replace("return v0", "return v7")).get(0).cfgs().get(0);
        assertThrows(() -> checkGraphCfg(undefined, false));
        String intervals = ok + """
                        begin_intervals
                          name "a"
                          v0 dword "rsi|DWORD" v0 -1 [0, 4[ [6, 8[ 0 M 8 S "no spill slot"
                        end_intervals
                        """;
        checkIntervals(C1VisualizerFile.parse(intervals).get(0).intervals().get(0), Set.of(0));
        assertThrows(() -> checkIntervals(C1VisualizerFile.parse(intervals.replace("[0, 4[", "[0, 7[")).get(0).intervals().get(0), Set.of(0)));
        assertThrows(() -> checkIntervals(C1VisualizerFile.parse(intervals.replace("8 S", "5 S")).get(0).intervals().get(0), Set.of(0)));
        assertThrows(() -> checkIntervals(C1VisualizerFile.parse(intervals).get(0).intervals().get(0), Set.of(0, 1)));
        // Not an identifier: C1Visualizer would read the name as "v", and v0 as undefined.
        C1VisualizerFile.Cfg badName = C1VisualizerFile.parse(ok.replace("v0 param", "v?0 param")).get(0).cfgs().get(0);
        assertEquals("v", badName.blocks().get(0).hir().get(0).name());
        assertThrows(() -> checkGraphCfg(badName, false));
        assertThrows(() -> C1VisualizerFile.parse(ok.replace("from_bci 0", "from_bci \"0\"")));
    }

    private static void assertThrows(Runnable r) {
        org.junit.jupiter.api.Assertions.assertThrows(Throwable.class, r::run);
    }

    // Checks of a parsed file ------------------------------------------------------------------------

    private static void checkCompilation(C1VisualizerFile.Compilation c, ResolvedJavaMethod m, int entryBci) {
        String osr = entryBci >= 0 ? " @ bci " + entryBci : "";
        assertEquals(m.format("%H.%n(%p)") + osr, c.name());
        assertEquals(m.format("%r %H.%n(%p)") + osr, c.method());
        assertTrue(Math.abs(System.currentTimeMillis() - c.date()) < 3_600_000L, "date " + c.date());
        List<String> order = new ArrayList<>();
        for (org.ssajit.phases.Phase p : org.ssajit.phases.PhaseSuite.standard().phases()) {
            if (p.kind().dumps()) {
                order.add("cfg " + org.ssajit.phases.PhaseSuite.dumpName(p));
            }
            if (p.kind() == org.ssajit.phases.Phase.Kind.ALLOCATION) {
                order.add("intervals " + org.ssajit.phases.PhaseSuite.dumpName(p));
            }
        }
        assertTrue(order.containsAll(PHASES.stream().map(p -> "cfg " + p).toList()), order::toString);
        assertEquals(order, c.order(), "the phases in order, the intervals after the allocated LIR");
    }

    private static C1VisualizerFile.Cfg cfg(C1VisualizerFile.Compilation c, String phase) {
        return c.cfgs().stream().filter(x -> x.name().equals(phase)).findFirst().orElseThrow(() -> new AssertionError("no cfg " + phase));
    }

    /** What C1Visualizer needs of any cfg: unique block names, known targets, predecessors as the edges say. */
    private static void checkEdges(C1VisualizerFile.Cfg cfg) {
        Map<String, List<String>> calculated = new HashMap<>();
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            assertNull(calculated.put(b.name(), new ArrayList<>()), cfg.name() + ": block " + b.name() + " twice");
        }
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            for (String s : concat(b.successors(), b.xhandlers())) {
                assertNotNull(calculated.get(s), cfg.name() + ": " + b.name() + " -> unknown " + s);
                calculated.get(s).add(b.name());
            }
            for (String p : b.predecessors()) {
                assertNotNull(cfg.block(p), cfg.name() + ": unknown predecessor " + p + " of " + b.name());
            }
        }
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            assertEquals(sorted(b.predecessors()), sorted(calculated.get(b.name())), cfg.name() + ": predecessors of " + b.name() + " and the edges into it");
        }
        if (!cfg.blocks().isEmpty()) {
            assertTrue(cfg.blocks().get(0).predecessors().isEmpty(), cfg.name() + ": the entry has no predecessor");
        }
    }

    /** Names of values in an instruction's text ({@code v<n>}, {@code c<k>}), not inside other words or after a dot. */
    private static final Pattern VALUE = Pattern.compile("(?<![\\w$.#])([vc]\\d+)(?![\\w])");

    private static void checkGraphCfg(C1VisualizerFile.Cfg cfg, boolean osr) {
        checkEdges(cfg);
        C1VisualizerFile.Block entry = cfg.blocks().get(0);
        assertTrue(entry.flags().contains(osr ? "osr" : "std"), entry.flags().toString());
        Set<String> defined = new HashSet<>();
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            for (C1VisualizerFile.StateEntry phi : b.states()) {
                assertTrue(defined.add(phi.name()), cfg.name() + ": " + phi.name() + " defined twice");
                assertNotNull(phi.operands(), phi.toString());
                assertEquals(b.predecessors().size(), phi.operands().size(), cfg.name() + ": " + b.name() + "'s phi " + phi.name() + " has an operand per predecessor");
            }
            assertFalse(b.hir().isEmpty(), b.name() + " has no instruction");
            for (C1VisualizerFile.Hir h : b.hir()) {
                assertTrue(defined.add(h.name()), cfg.name() + ": " + h.name() + " defined twice");
            }
            assertTrue(b.hir().get(b.hir().size() - 1).name().startsWith("t"), b.name() + " ends with its terminator");
        }
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            for (C1VisualizerFile.StateEntry phi : b.states()) {
                for (String o : phi.operands()) {
                    assertTrue(defined.contains(o), cfg.name() + ": phi " + phi.name() + " uses undefined " + o);
                }
            }
            for (C1VisualizerFile.Hir h : b.hir()) {
                Matcher u = VALUE.matcher(h.text());
                while (u.find()) {
                    assertTrue(defined.contains(u.group(1)), cfg.name() + ": " + h.name() + " uses undefined " + u.group(1) + ": " + h.text());
                }
            }
        }
    }

    private static void checkLirCfg(C1VisualizerFile.Cfg cfg, boolean allocated) {
        checkEdges(cfg);
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            assertFalse(b.lir().isEmpty(), b.name());
            assertTrue(b.lir().get(0).text().matches("(\\[.*\\] = )?label " + b.name()), b.lir().get(0).text());
            if (allocated) {
                assertEquals(b.lir().get(0).id(), (int) b.firstLirId(), b.name());
                assertEquals(b.lir().get(b.lir().size() - 1).id(), (int) b.lastLirId(), b.name());
                int last = -1;
                for (C1VisualizerFile.Lir op : b.lir()) {
                    if (op.id() >= 0) {
                        assertTrue(op.id() > last && op.id() % 2 == 0, b.name() + ": positions ascend, even: " + op);
                        last = op.id();
                    }
                }
                assertFalse(VARIABLE.matcher(String.join("\n", b.lir().stream().map(C1VisualizerFile.Lir::text).toList())).find(), "no variable after allocation");
            } else {
                assertNull(b.firstLirId(), "not numbered before allocation");
            }
        }
    }

    /** A variable in an op's text (Variable.toString: {@code v<index>|<kind>}). */
    private static final Pattern VARIABLE = Pattern.compile("(?<![\\w$.])v(\\d+)\\|");

    private static Set<Integer> variablesIn(C1VisualizerFile.Cfg lir) {
        Set<Integer> out = new LinkedHashSet<>();
        for (C1VisualizerFile.Block b : lir.blocks()) {
            for (C1VisualizerFile.Lir op : b.lir()) {
                Matcher m = VARIABLE.matcher(op.text());
                while (m.find()) {
                    out.add(Integer.parseInt(m.group(1)));
                }
            }
        }
        return out;
    }

    private static void checkIntervals(C1VisualizerFile.IntervalList list, Set<Integer> variables) {
        Map<String, C1VisualizerFile.Interval> byName = new LinkedHashMap<>();
        for (C1VisualizerFile.Interval it : list.intervals()) {
            assertNull(byName.put(it.name(), it), "interval " + it.name() + " twice");
        }
        Map<String, List<C1VisualizerFile.Interval>> parts = new LinkedHashMap<>();
        for (C1VisualizerFile.Interval it : list.intervals()) {
            C1VisualizerFile.Interval parent = byName.get(it.splitParent());
            assertNotNull(parent, it.name() + ": unknown split parent " + it.splitParent());
            assertEquals(parent.name(), parent.splitParent(), "a split parent is its own parent");
            assertTrue(it.hint().equals("-1") || byName.containsKey(it.hint()), it.name() + ": unknown hint " + it.hint());
            assertFalse(it.ranges().isEmpty(), it.name());
            for (int i = 0; i < it.ranges().size(); i++) {
                C1VisualizerFile.Range r = it.ranges().get(i);
                assertTrue(r.from() < r.to(), it.name() + ": empty range " + r);
                if (i > 0) {
                    assertTrue(it.ranges().get(i - 1).to() <= r.from(), it.name() + ": ranges out of order or overlapping: " + it.ranges());
                }
            }
            for (int i = 0; i < it.uses().size(); i++) {
                C1VisualizerFile.Use u = it.uses().get(i);
                assertTrue("MSN".indexOf(u.kind()) >= 0, it.name() + ": use kind " + u.kind());
                assertTrue(i == 0 || it.uses().get(i - 1).position() <= u.position(), it.name() + ": uses out of order");
                assertTrue(it.ranges().stream().anyMatch(r -> r.from() <= u.position() && u.position() <= r.to()), it.name() + ": use at " + u.position() + " outside " + it.ranges());
            }
            if (it.type().equals("fixed")) {
                assertEquals(it.name(), it.splitParent());
            } else {
                parts.computeIfAbsent(it.splitParent(), k -> new ArrayList<>()).add(it);
            }
        }
        for (List<C1VisualizerFile.Interval> p : parts.values()) {
            for (int i = 1; i < p.size(); i++) {
                List<C1VisualizerFile.Range> before = p.get(i - 1).ranges();
                assertTrue(before.get(before.size() - 1).to() <= p.get(i).ranges().get(0).from(), p.get(i).name() + " overlaps the part before it");
            }
        }
        for (int v : variables) {
            assertTrue(byName.containsKey("v" + v), "variable v" + v + " has no interval");
        }
    }

    // What the compile had -------------------------------------------------------------------------------

    /** A block as both sides can say it: edges, phis (operand count each), instruction lines or LIR op positions. */
    record BlockShape(String name, List<String> predecessors, List<String> successors, List<String> xhandlers, List<Integer> phis, List<Integer> lines) {
    }

    private static List<BlockShape> shape(C1VisualizerFile.Cfg cfg, boolean graph) {
        List<BlockShape> out = new ArrayList<>();
        for (C1VisualizerFile.Block b : cfg.blocks()) {
            out.add(new BlockShape(b.name(), b.predecessors(), b.successors(), b.xhandlers(), b.states().stream().map(s -> s.operands().size()).toList(),
                            graph ? List.of(b.hir().size()) : b.lir().stream().map(C1VisualizerFile.Lir::id).toList()));
        }
        return out;
    }

    /** Forwards to a dump and records, at each hook, what the graph, the LIR and the allocation were then. */
    static final class Recorder implements PhaseDump {
        private final PhaseDump dump;
        final Map<String, List<BlockShape>> graphs = new HashMap<>();
        final Map<String, List<BlockShape>> lirs = new HashMap<>();
        final Set<Integer> selectedVariables = new HashSet<>();
        List<IntervalView> intervals;
        int variableCount;

        Recorder(PhaseDump dump) {
            this.dump = dump;
        }

        @Override
        public void printGraph(String phase, Graph graph) {
            Set<Value> graphValues = new HashSet<>();
            for (Block b : graph.blocks()) {
                List<Node> nodes = new ArrayList<>(b.phis());
                nodes.addAll(b.instructions());
                nodes.add(b.terminator());
                for (Node n : nodes) {
                    for (Value v : n.inputs()) {
                        if (v instanceof Constant || v instanceof Undefined) {
                            graphValues.add(v);
                        }
                    }
                }
            }
            List<BlockShape> blocks = new ArrayList<>();
            for (Block b : graph.blocks()) {
                List<String> handlers = new ArrayList<>();
                for (Handler h : b.handlers()) {
                    if (!handlers.contains(h.target().toString())) {
                        handlers.add(h.target().toString());
                    }
                }
                int lines = b.instructions().size() + 1 + (b == graph.entry() ? graph.parameters().size() + graphValues.size() : 0);
                blocks.add(new BlockShape(b.toString(), names(b.predecessors()), names(b.terminator().targets()), handlers,
                                b.phis().stream().map(Phi::operandCount).toList(), List.of(lines)));
            }
            graphs.put(phase, blocks);
            dump.printGraph(phase, graph);
        }

        @Override
        public void printLir(String phase, LirGraph lir) {
            List<BlockShape> blocks = new ArrayList<>();
            for (LirBlock b : lir.blocks()) {
                blocks.add(new BlockShape(b.toString(), names(b.predecessors()), names(b.successors()), List.of(), List.of(),
                                b.ops().stream().map(LirOp::id).toList()));
                if (phase.equals(Pipeline.AFTER_SELECTION)) {
                    for (LirOp op : b.ops()) {
                        for (LirOp.Mode mode : LirOp.Mode.values()) {
                            for (int i = 0; i < op.count(mode); i++) {
                                if (op.get(mode, i) instanceof Variable v) {
                                    selectedVariables.add(v.index());
                                }
                            }
                        }
                        if (op.state() != null) {
                            for (jdk.vm.ci.meta.Value v : op.state().values()) {
                                if (v instanceof Variable var) {
                                    selectedVariables.add(var.index());
                                }
                            }
                        }
                    }
                }
            }
            lirs.put(phase, blocks);
            dump.printLir(phase, lir);
        }

        @Override
        public void printIntervals(String phase, AllocationResult allocation) {
            intervals = allocation.intervals();
            variableCount = allocation.lir().variableCount();
            dump.printIntervals(phase, allocation);
        }

        private static List<String> names(List<?> blocks) {
            return blocks.stream().map(Object::toString).toList();
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    private static List<String> sorted(List<String> l) {
        return l.stream().sorted().toList();
    }
}

