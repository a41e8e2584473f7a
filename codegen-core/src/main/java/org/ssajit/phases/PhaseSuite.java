package org.ssajit.phases;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.ssajit.dump.PhaseDump;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.lowering.LoweringState;
import org.ssajit.opt.Optimizations;
import org.ssajit.phases.PhaseTimes.Group;
import org.ssajit.util.Nulls;
import org.ssajit.verify.Verifier;

/**
 * The order of a compile, written once: every phase from the bytecode analyses to emission, in three
 * stages (the method's Java-level graph, the HotSpot lowering, machine code). The suite, not the
 * phases, does what is done around every phase: a fault-injection point before it (named as the
 * phase), its time ({@link PhaseTimes}, by phase and by {@link Group}), the dump of the compile's IR
 * after it ({@link org.ssajit.dump.PhaseDump}, as "After " + its name; dumping is not timed), and the
 * verifiers, which are phases of {@link Phase.Kind#VERIFICATION} the suite runs only when verification
 * is on. The stages run apart because a compiler looks at the built graph before lowering it
 * ({@code -Dssajit.PrintInlining}, the text dumps).
 *
 * <p>A new lowering step is one line in {@link #STANDARD}'s lowering stage, a {@link LoweringStep}
 * with a name, e.g. {@code expansion("X expansion", (l, s) -> XExpansion.expand(s.graph(), l.config()))}
 * (and its row in docs/ARCHITECTURE.md's table, which {@code PhaseSuiteTest} compares with the suite).
 */
public final class PhaseSuite {
    /** A step of the HotSpot lowering, on one graph's {@link LoweringState}. */
    @FunctionalInterface
    public interface LoweringStep {
        void run(HotSpotLowering lowering, LoweringState state);
    }

    /**
     * A phase of the lowering stage: a graph phase whose time goes to {@link Group#LOWER}.
     * {@code expandsMacroOps}: it expands ops no back end selects (a test may stop before such steps).
     */
    public record LoweringPhase(String name, LoweringStep step, boolean expandsMacroOps) implements Phase {
        @Override
        public Group group() {
            return Group.LOWER;
        }

        @Override
        public Kind kind() {
            return Kind.GRAPH;
        }

        @Override
        public void run(Compilation c) {
            step.run(c.setup().lowering(), c.loweringState());
        }
    }

    private record Step(String name, Group group, Kind kind, Consumer<Compilation> body) implements Phase {
        @Override
        public void run(Compilation c) {
            body.accept(c);
        }
    }

    private static Phase phase(String name, Group group, Phase.Kind kind, Consumer<Compilation> body) {
        return new Step(name, group, kind, body);
    }

    private static Phase lowering(String name, LoweringStep step) {
        return new LoweringPhase(name, step, false);
    }

    /** A lowering step that expands macro-ops (into what back ends select). */
    private static Phase expansion(String name, LoweringStep step) {
        return new LoweringPhase(name, step, true);
    }

    private static final PhaseSuite STANDARD = new PhaseSuite(
                    // The method's Java-level graph.
                    CompilerList.of(phase("bytecode analyses", Group.BUILD, Phase.Kind.ANALYSIS, Compilation::analyze),
                                    phase("SSA construction", Group.BUILD, Phase.Kind.GRAPH, Compilation::construct),
                                    phase("optimizations", Group.BUILD, Phase.Kind.GRAPH, c -> Optimizations.run(c.graph(), c.setup().build())),
                                    phase("SSA verifier", Group.VERIFY_SSA, Phase.Kind.VERIFICATION, c -> Verifier.verify(c.graph()))),
                    // The HotSpot lowering, once for every target. ImplicitThrows and ExceptionDispatch
                    // create type tests, so both run before the type check expansion.
                    CompilerList.of(lowering("method scope", HotSpotLowering::methodScope),
                                    lowering("exception edges", HotSpotLowering::exceptionEdges),
                                    lowering("stamps", HotSpotLowering::inferStamps),
                                    lowering("array copies", HotSpotLowering::arrayCopies),
                                    lowering("instance allocations", HotSpotLowering::instanceAllocations),
                                    lowering("stamps after expansion", HotSpotLowering::stampsAfterExpansion),
                                    lowering("lowering scope", HotSpotLowering::scope),
                                    lowering("instruction lowering", HotSpotLowering::instructions),
                                    lowering("check elimination", HotSpotLowering::checkElimination),
                                    lowering("implicit null checks", HotSpotLowering::implicitNullChecks),
                                    lowering("implicit throws", HotSpotLowering::implicitThrows),
                                    lowering("exception dispatch", HotSpotLowering::exceptionDispatch),
                                    expansion("barrier expansion", HotSpotLowering::barrierExpansion),
                                    expansion("g1 barrier expansion", HotSpotLowering::g1BarrierExpansion),
                                    expansion("shenandoah barrier expansion", HotSpotLowering::shenandoahBarrierExpansion),
                                    expansion("z barrier expansion", HotSpotLowering::zBarrierExpansion),
                                    expansion("allocation expansion", HotSpotLowering::allocationExpansion),
                                    expansion("monitor expansion", HotSpotLowering::monitorExpansion),
                                    expansion("finalizer expansion", HotSpotLowering::finalizerExpansion),
                                    expansion("type check expansion", HotSpotLowering::typeCheckExpansion),
                                    lowering("branch threading", HotSpotLowering::branchThreading),
                                    lowering("counted loop polls", HotSpotLowering::countedLoopPolls),
                                    lowering("trivial phis", HotSpotLowering::trivialPhis),
                                    phase("SSA verifier after lowering", Group.VERIFY_SSA, Phase.Kind.VERIFICATION, c -> Verifier.verify(c.graph()))),
                    // Machine code, by the VM's back end.
                    CompilerList.of(phase("instruction selection", Group.SELECT_AND_EMIT, Phase.Kind.LIR, Compilation::select),
                                    phase("register allocation", Group.ALLOCATE, Phase.Kind.ALLOCATION, Compilation::allocate),
                                    phase("allocation verifier", Group.VERIFY_ALLOCATION, Phase.Kind.VERIFICATION, c -> c.allocation().verify()),
                                    phase("emission", Group.SELECT_AND_EMIT, Phase.Kind.LIR, Compilation::emit)));

    private final List<Phase> front;
    private final List<Phase> lowering;
    private final List<Phase> back;

    private PhaseSuite(List<Phase> front, List<Phase> lowering, List<Phase> back) {
        this.front = CompilerList.copyOf(front);
        this.lowering = CompilerList.copyOf(lowering);
        this.back = CompilerList.copyOf(back);
        Set<String> names = new CompilerSet<>();
        for (Phase p : phases()) {
            if (!names.add(p.name())) {
                throw new IllegalArgumentException("two phases named " + p.name());
            }
        }
    }

    /** The suite every compile runs. */
    public static PhaseSuite standard() {
        return STANDARD;
    }

    /** Every phase, in order. */
    public List<Phase> phases() {
        List<Phase> all = new CompilerList<>(front);
        all.addAll(lowering);
        all.addAll(back);
        return CompilerList.copyOf(all);
    }

    /** The lowering stage's steps, without its verifier, in order. */
    public List<LoweringPhase> loweringSteps() {
        List<LoweringPhase> steps = new CompilerList<>();
        for (Phase p : lowering) {
            if (p instanceof LoweringPhase l) {
                steps.add(l);
            }
        }
        return steps;
    }

    /** The name of the dump after {@code phase}. */
    public static String dumpName(Phase phase) {
        return "After " + phase.name();
    }

    /** The phase named {@code name}. */
    public Phase phase(String name) {
        return phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException("no phase " + name));
    }

    /** The last phase of the lowering stage that is dumped: its dump is the lowered graph. */
    public Phase lastLoweringStep() {
        List<LoweringPhase> steps = loweringSteps();
        return steps.get(steps.size() - 1);
    }

    /** The first stage: the method's graph, built, optimized and verified. */
    public void build(Compilation c) {
        run(front, c);
    }

    /** The second stage: the graph lowered (in place) and verified. */
    public void lower(Compilation c) {
        run(lowering, c);
    }

    /** The third stage: instruction selection, register allocation and its verifier, emission. */
    public void emit(Compilation c) {
        run(back, c);
    }

    private static void run(List<Phase> phases, Compilation c) {
        Compilation.Setup s = c.setup();
        for (Phase p : phases) {
            if (p.kind() == Phase.Kind.VERIFICATION && !s.verify()) {
                continue;
            }
            c.listener().before(p);
            long t0 = System.nanoTime();
            try {
                s.faults().point(p.name());
                p.run(c);
            } finally {
                s.times().add(p, System.nanoTime() - t0);
                c.listener().after(p);
            }
            dump(p, c);
        }
    }

    /** The compile's IR after {@code p}, to its dump (a dump never fails the compile). */
    private static void dump(Phase p, Compilation c) {
        if (c.dump() == PhaseDump.NONE) {
            if (p.kind() == Phase.Kind.GRAPH) {
                Nulls.requireNonNull(c.graph());
            }
            return; // no name built: most compiles dump nothing
        }
        String name = dumpName(p);
        switch (p.kind()) {
            case GRAPH -> c.dump().printGraph(name, Nulls.requireNonNull(c.graph()));
            case LIR -> c.dump().printLir(name, c.lir());
            case ALLOCATION -> {
                c.dump().printLir(name, c.lir());
                c.dump().printIntervals(name, c.allocation());
            }
            case ANALYSIS, VERIFICATION -> {
            }
        }
    }
}
