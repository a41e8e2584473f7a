package org.ssajit.parse;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.Linkage;
import org.ssajit.bytecode.LoopWrites;
import org.ssajit.debug.FaultInjection;
import org.ssajit.ir.Block;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Value;
import org.ssajit.opt.NodeFactory;
import org.ssajit.opt.Optimizations;
import org.ssajit.ssa.BraunSsa;
import org.ssajit.ssa.RedundantPhiElimination;
import org.ssajit.ssa.SsaStats;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Builds a method's SSA graph straight from its bytecode with {@link BraunSsa} ({@link #construct}), then
 * ({@link #build}) runs the {@link Optimizations} the options ask for (their order is theirs, not the
 * builder's; a compile runs them as a phase of its own, codegen-core's {@code PhaseSuite}).
 *
 * <p>Order (Section 2.3): blocks are filled in reverse postorder and each is sealed as soon as its last
 * predecessor has been filled, so a join is sealed before it is filled and only loop headers (targets
 * of retreating edges) are filled unsealed; they seal after their back edges. A block that no filled
 * block jumps to (every edge into it folded away) is never filled: it is dead. Which bytecode block a
 * graph block stands for is the {@link ParseScope}'s map; graph block ids are the graph's own.
 */
public final class GraphBuilder {
    /** The outcome of one build. */
    public record Result(Graph graph, SsaStats stats, FrontEnd frontEnd, int phisBeforeSccPass) {
    }

    private GraphBuilder() {
    }

    public static Result build(ResolvedJavaMethod method, BuildOptions options, Providers providers) {
        return build(FrontEnd.analyze(method), options, providers);
    }

    public static Result build(FrontEnd fe, BuildOptions options, Providers providers) {
        return build(fe, options, providers, FaultInjection.NONE);
    }

    /**
     * As {@link #build(FrontEnd, BuildOptions, Providers)}, for a compiler whose fault injector is
     * {@code faults}: the graph carries it to every phase of the compile ({@link Graph#faults()}).
     * {@link BuildOptions#forCompile} makes the build's options from the compiler's.
     */
    public static Result build(FrontEnd fe, BuildOptions options, Providers providers, FaultInjection faults) {
        return optimized(construct(fe, options, providers, faults), options);
    }

    /**
     * SSA construction alone: as {@link #build(FrontEnd, BuildOptions, Providers, FaultInjection)}
     * without the {@link Optimizations} after it (the phase suite runs them as a phase of their own).
     */
    public static Result construct(FrontEnd fe, BuildOptions options, Providers providers, FaultInjection faults) {
        return build(fe, options, providers, faults, false, m -> false);
    }

    private static Result optimized(Result r, BuildOptions options) {
        Optimizations.run(r.graph(), options);
        return r;
    }

    /**
     * {@code scrambleBlockIds}: create the graph's blocks other than the entry in reverse order, so
     * graph block ids are unrelated to the bytecode's reverse postorder (a test that nothing relies on
     * them being equal, as an inliner's blocks would not be).
     */
    static Result build(FrontEnd fe, BuildOptions options, Providers providers, boolean scrambleBlockIds) {
        return optimized(build(fe, options, providers, FaultInjection.NONE, scrambleBlockIds, m -> false), options);
    }

    /**
     * {@code refuseCallee}: a test's stand-in for a callee whose parse is refused midway, which verified
     * bytecode that passed the callee's {@link FrontEnd} analysis does not cause today (the parser's
     * own refusals are for malformed bytecode): the parse of such a callee throws a bailout once its
     * entry block is wired into the caller's graph.
     */
    static Result build(FrontEnd fe, BuildOptions options, Providers providers, boolean scrambleBlockIds, Predicate<ResolvedJavaMethod> refuseCallee) {
        return optimized(build(fe, options, providers, FaultInjection.NONE, scrambleBlockIds, refuseCallee), options);
    }

    private static Result build(FrontEnd fe, BuildOptions options, Providers providers, FaultInjection faults, boolean scrambleBlockIds,
                    Predicate<ResolvedJavaMethod> refuseCallee) {
        Set<ResolvedJavaMethod> denied = new CompilerSet<>();
        Callees callees = new Callees();
        while (true) {
            try {
                return build(fe, options, providers, faults, scrambleBlockIds, denied, callees, refuseCallee);
            } catch (InlineFailed f) {
                // A callee the parser refused (not a compiler bug: those propagate) is called instead;
                // the graph is built again from scratch, as the failed parse left it half-made.
                if (!denied.add(f.callee) || denied.size() > MAX_INLINE_RETRIES) {
                    return build(fe, options.withInlining(false), providers, faults, scrambleBlockIds, denied, callees, refuseCallee);
                }
            }
        }
    }

    /** Builds after this many callees failed to parse are made without inlining. */
    private static final int MAX_INLINE_RETRIES = 4;

    /** A callee's parse was refused (a {@link BailoutException} other than an internal error): build again without inlining it. */
    private static final class InlineFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient ResolvedJavaMethod callee;

        InlineFailed(ResolvedJavaMethod callee, BailoutException cause) {
            super("inlining " + callee.format("%H.%n(%p)") + ": " + cause.getMessage(), cause, false, false);
            this.callee = callee;
        }
    }

    /**
     * The callees analyzed for one compile, by method: each is analyzed once, however often it is
     * inlined and however often the graph is built again. Its analyses depend on nothing but its
     * bytecode and what its constant-pool entries resolve to, which {@link Linkage} looks up once.
     */
    private static final class Callees {
        private final Map<ResolvedJavaMethod, FrontEnd> analyzed = new CompilerMap<>();
        /** The same for calls inside a caller's try range ({@link FrontEnd#analyzeCoveredByCaller}). */
        private final Map<ResolvedJavaMethod, FrontEnd> covered = new CompilerMap<>();

        FrontEnd analyze(ResolvedJavaMethod m, boolean coveredByCaller) {
            Map<ResolvedJavaMethod, FrontEnd> cache = coveredByCaller ? covered : analyzed;
            FrontEnd fe = cache.get(m);
            if (fe == null) {
                fe = coveredByCaller ? FrontEnd.analyzeCoveredByCaller(m) : FrontEnd.analyze(m);
                cache.put(m, fe);
            }
            return fe;
        }
    }

    private static Result build(FrontEnd fe, BuildOptions options, Providers providers, FaultInjection faults, boolean scrambleBlockIds,
                    Set<ResolvedJavaMethod> denied, Callees callees, Predicate<ResolvedJavaMethod> refuseCallee) {
        List<BciBlock> rpo = fe.blocks().blocks();
        Graph graph = new Graph(fe.method(), fe.osrBci(), faults);
        Block[] ir = new Block[rpo.size()];
        ir[0] = graph.newBlock(rpo.get(0).startBci());
        for (int k = 1; k < rpo.size(); k++) {
            BciBlock bb = rpo.get(scrambleBlockIds ? rpo.size() - k : k);
            ir[bb.id()] = graph.newBlock(bb.startBci());
        }
        ParseScope scope = ParseScope.root(fe, ir);
        SsaStats stats = new SsaStats();
        BraunSsa ssa = new BraunSsa(graph, 0, options.markers(), stats);
        if (ssa.addVariables(scope.variableCount()) != scope.variableBase()) {
            throw new IllegalStateException("the root scope's variables start at 0");
        }
        NodeFactory factory = new NodeFactory(graph, options.optimize());
        Builder builder = new Builder(graph, ssa, factory, providers, options, denied, callees, refuseCallee);
        BytecodeParser parser = builder.parser(scope);
        Driver driver = new Driver(rpo, scope, ssa, parser, builder.owners);
        ssa.setUnsealedLookup(builder.lookup());
        driver.run(entry -> {
            if (parser.isOsr()) {
                parser.writeOsrLocals(entry, rpo.get(0).successors()[0]);
            } else {
                parser.writeParameters(entry);
            }
        });

        int phisBefore = graph.phiCount();
        graph.removeBlocks(b -> b.terminator() == null);
        if (options.removeRedundantPhiSccs()) {
            stats.redundantSccPhis += RedundantPhiElimination.run(graph);
        }
        return new Result(graph, stats, fe, phisBefore);
    }

    /** Which scope's driver and bytecode block a graph block belongs to. */
    private record Owner(Driver driver, BciBlock bytecodeBlock) {
    }

    /** The owner of every graph block, by block id (dense: the graph numbers its blocks). */
    private static final class Owners {
        private Owner[] byId = new Owner[16];

        Owner get(Block b) {
            int id = b.id();
            return id < byId.length ? byId[id] : null;
        }

        void put(Block b, Owner o) {
            int id = b.id();
            if (id >= byId.length) {
                byId = org.ssajit.util.CompilerArrays.copyOf(byId, IntMath.max(id + 1, 2 * byId.length));
            }
            byId[id] = o;
        }
    }

    /**
     * What the parsers of one graph share: the graph, the SSA construction, the node factory, and the
     * owner of every graph block, so that the SSA construction's questions about an unsealed block are
     * answered by that block's own method ({@link BraunSsa.UnsealedLookup}).
     */
    private static final class Builder implements BytecodeParser.Inliner {
        final Graph graph;
        final BraunSsa ssa;
        final NodeFactory factory;
        final Providers providers;
        final BuildOptions options;
        final Inlining policy;
        /** See {@link GraphBuilder#build(FrontEnd, BuildOptions, Providers, boolean, Predicate)}. */
        private final Predicate<ResolvedJavaMethod> refuseCallee;
        final Owners owners = new Owners();
        /** Constant field reads, with their per-compile scan of classes: every method of the graph shares it. */
        final ConstantFields constantFields;

        private final Callees callees;

        Builder(Graph graph, BraunSsa ssa, NodeFactory factory, Providers providers, BuildOptions options, Set<ResolvedJavaMethod> denied,
                        Callees callees, Predicate<ResolvedJavaMethod> refuseCallee) {
            this.callees = callees;
            this.policy = new Inlining(graph, denied, options, providers);
            this.refuseCallee = refuseCallee;
            this.graph = graph;
            this.ssa = ssa;
            this.factory = factory;
            this.providers = providers;
            this.options = options;
            this.constantFields = new ConstantFields(providers);
        }

        BytecodeParser parser(ParseScope scope) {
            BytecodeParser p = new BytecodeParser(graph, scope, factory, ssa, providers, (from, to) -> to.addPredecessor(from));
            p.setStatesNameAllLocals(options.statesNameAllLocals());
            p.setUntakenBranchTraps(options.untakenBranchTraps() && factory.optimizing());
            if (factory.optimizing()) {
                p.setConstantFields(constantFields);
            }
            if (options.inline() && !options.statesNameAllLocals()) {
                p.setInliner(this);
            }
            return p;
        }

        BraunSsa.UnsealedLookup lookup() {
            return new BraunSsa.UnsealedLookup() {
                @Override
                public boolean forwardPredecessorsSuffice(Block b, int variable) {
                    Owner o = owners.get(b);
                    Driver d = o.driver();
                    if (!d.forwardPredecessorsDone(o.bytecodeBlock())) {
                        return false;
                    }
                    int v = variable - d.scope.variableBase();
                    // A scope writes no variable of another scope inside its loops: its callers' only
                    // at its returns, which leave the scope, and its callees' only inside them.
                    return v < 0 || v >= d.scope.variableCount() || d.loopWrites.isInvariant(o.bytecodeBlock(), v);
                }

                @Override
                public boolean isForward(Block pred, Block b) {
                    Owner ob = owners.get(b);
                    Owner op = owners.get(pred);
                    if (op == null || op.driver() != ob.driver()) {
                        return true; // the call into an inlined method's entry
                    }
                    return op.bytecodeBlock().id() < ob.bytecodeBlock().id();
                }
            };
        }

        @Override
        public Inlining.Choice select(Linkage.CallSite cs, Value[] args, FrameState callerState, double frequency) {
            return policy.select(cs, args, callerState, frequency);
        }

        @Override
        public List<Inlining.Choice> selectByProfile(Linkage.CallSite cs, Value[] args, FrameState callerState, boolean inTryRange, double frequency) {
            return policy.selectByProfile(cs, args, callerState, inTryRange, frequency);
        }

        @Override
        public boolean exhaustive() {
            return policy.exhaustive();
        }

        @Override
        public Inlining.Choice selectExactly(Linkage.CallSite cs, FrameState callerState, double frequency, String how) {
            return policy.selectExactly((jdk.vm.ci.meta.ResolvedJavaMethod) cs.target(), callerState, frequency, how);
        }

        @Override
        public String reason() {
            return policy.reason();
        }

        @Override
        public boolean readsFrequencies() {
            return policy.readsFrequencies();
        }

        @Override
        public void decided(Linkage.CallSite cs, FrameState callerState, int bci, boolean inlined, String why) {
            int depth = 0;
            for (FrameState fs = callerState.outer(); fs != null; fs = fs.outer()) {
                depth++;
            }
            graph.recordInliningDecision(new org.ssajit.ir.InliningDecision(callerState.method(), bci, depth, cs.target(), inlined, why));
        }

        @Override
        public FrontEnd analyze(ResolvedJavaMethod callee, boolean coveredByCaller) {
            return callees.analyze(callee, coveredByCaller);
        }

        @Override
        public Block newBlock(Block like, int bci) {
            Block b = graph.newBlock(bci);
            owners.put(b, owners.get(like));
            return b;
        }

        @Override
        public void seal(Block b) {
            ssa.sealBlock(b);
        }

        @Override
        public void parse(FrontEnd callee, Value[] args, FrameState outer, List<org.ssajit.ir.Handler> outerHandlers, Block call, Block continuation,
                        int resultVariable, jdk.vm.ci.meta.Assumptions.Assumption assumption, double frequency) {
            if (!outerHandlers.isEmpty() && !callee.blocks().coveredByCaller()) {
                throw new IllegalStateException(callee.method().format("%H.%n") + " is parsed under its callers' handlers without a block map that ends a block at each trap");
            }
            List<BciBlock> rpo = callee.blocks().blocks();
            Block[] ir = new Block[rpo.size()];
            for (int i = 0; i < rpo.size(); i++) {
                BciBlock bb = rpo.get(i);
                ir[bb.id()] = graph.newBlock(bb.startBci());
            }
            int base = ssa.addVariables(callee.liveness().variableCount());
            ParseScope scope = new ParseScope(callee, ir, base, outer, frequency, outerHandlers);
            BytecodeParser p = parser(scope);
            p.setInlinedReturn(continuation, resultVariable);
            Driver d = new Driver(rpo, scope, ssa, p, owners);
            Owner caller = owners.get(call);
            owners.put(continuation, caller);
            call.setTerminator(new Goto(-1, ir[rpo.get(0).id()]));
            ir[rpo.get(0).id()].addPredecessor(call);
            try {
                d.run(entry -> {
                    p.writeArguments(entry, args);
                    if (refuseCallee.test(callee.method())) {
                        throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "callee refused by a test");
                    }
                });
            } catch (BailoutException e) {
                if (e.reason() == BailoutException.Reason.INTERNAL_ERROR) {
                    throw e;
                }
                throw new InlineFailed(callee.method(), e);
            }
            p.finishInlined();
            policy.inlined(callee.method(), outer);
            graph.countInlinedCall(callee.method());
            if (assumption != null) {
                graph.recordAssumption(assumption);
            }
        }
    }

    /** Fill and seal bookkeeping. */
    private static final class Driver {
        private final List<BciBlock> rpo;
        private final Block[] ir;
        final ParseScope scope;
        final LoopWrites loopWrites;
        private final BraunSsa ssa;
        private final BytecodeParser parser;
        /** Static predecessors not yet filled or found dead. */
        private final int[] pending;
        /** The same, counting only forward predecessors (earlier in reverse postorder). */
        private final int[] pendingForward;
        private final boolean[] processed;
        private final List<BciBlock> deferred = new CompilerList<>();

        Driver(List<BciBlock> rpo, ParseScope scope, BraunSsa ssa, BytecodeParser parser, Owners owners) {
            this.rpo = rpo;
            this.ir = scope.blocks();
            this.scope = scope;
            this.loopWrites = scope.frontEnd().liveness().loopWrites();
            this.ssa = ssa;
            this.parser = parser;
            this.pending = new int[rpo.size()];
            this.pendingForward = new int[rpo.size()];
            this.processed = new boolean[rpo.size()];
            for (int i = 0; i < rpo.size(); i++) {
                BciBlock b = rpo.get(i);
                owners.put(ir[b.id()], new Owner(this, b));
                List<BciBlock> preds = b.predecessors();
                pending[b.id()] = preds.size();
                for (int k = 0; k < preds.size(); k++) {
                    if (preds.get(k).id() < b.id()) {
                        pendingForward[b.id()]++;
                    }
                }
            }
        }

        /** Fills and seals the scope's blocks; {@code entryValues} writes the incoming values into the entry block. */
        void run(java.util.function.Consumer<Block> entryValues) {
            BciBlock entry = rpo.get(0);
            ssa.sealBlock(ir[entry.id()]);
            entryValues.accept(ir[entry.id()]);
            for (int i = 0; i < rpo.size(); i++) {
                visit(rpo.get(i));
            }
            // Blocks first reached only through a retreating edge (irreducible loops whose forward
            // entries were folded away) are filled once an edge reaches them.
            boolean progress = true;
            while (progress && !deferred.isEmpty()) {
                progress = false;
                for (BciBlock bb : new CompilerList<>(deferred)) {
                    if (!ir[bb.id()].predecessors().isEmpty()) {
                        deferred.remove(bb);
                        fill(bb);
                        progress = true;
                    }
                }
            }
            for (BciBlock bb : new CompilerList<>(deferred)) {
                dead(bb);
            }
            for (int i = 0; i < rpo.size(); i++) {
                BciBlock bb = rpo.get(i);
                if (!ssa.isSealed(ir[bb.id()])) {
                    throw new IllegalStateException(ir[bb.id()] + " was never sealed");
                }
            }
        }

        private void visit(BciBlock bb) {
            if (bb.id() != 0 && ir[bb.id()].predecessors().isEmpty()) {
                if (pending[bb.id()] == 0) {
                    dead(bb);
                } else {
                    deferred.add(bb);
                }
                return;
            }
            fill(bb);
        }

        private void fill(BciBlock bb) {
            parser.parseBlock(bb);
            finish(bb);
        }

        private void dead(BciBlock bb) {
            finish(bb);
        }

        /** Whether every predecessor of {@code bb} before it in reverse postorder has been filled (or found dead). */
        boolean forwardPredecessorsDone(BciBlock bb) {
            return pendingForward[bb.id()] == 0;
        }

        private void finish(BciBlock bb) {
            processed[bb.id()] = true;
            List<BciBlock> all = bb.allSuccessors();
            for (int i = 0; i < all.size(); i++) {
                BciBlock succ = all.get(i);
                if (bb.id() < succ.id()) {
                    pendingForward[succ.id()]--;
                }
                if (--pending[succ.id()] == 0) {
                    ssa.sealBlock(ir[succ.id()]);
                }
            }
        }
    }
}
