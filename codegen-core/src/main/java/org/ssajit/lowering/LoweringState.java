package org.ssajit.lowering;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.Stamps;

/**
 * What the steps of one graph's lowering hand each other ({@link HotSpotLowering}'s steps, in the order
 * codegen-core's {@code PhaseSuite} lists them): which blocks keep their exception edges and why, the
 * stamps, whether anything was expanded before the instructions were lowered. Made by the first step,
 * read by the later ones; one per graph.
 */
public final class LoweringState {
    final Graph graph;
    /** Whether exceptions thrown by calls are caught in compiled code (off when a JVMTI agent posts exception events). */
    final boolean compiledHandlers;
    /** Blocks whose exception edges stay: calls and athrows inside try ranges, and the throwing bytecodes whose failed checks throw in compiled code. */
    final Set<Block> kept = new CompilerSet<>();
    /** The handlers of the blocks that end with a throwing bytecode inside a try range ({@link ImplicitThrows}). */
    final Map<Block, List<Handler>> tryHandlers = new CompilerMap<>();
    /** The bci of each of those blocks' throwing bytecode, the only one in the handlers' range. */
    final Map<Block, Integer> tryBcis = new CompilerMap<>();
    /** Blocks whose failed checks throw to their handlers in compiled code. */
    final Set<Block> throwing = new CompilerSet<>();
    /** Blocks whose failed checks deoptimize so that HotSpot counts them and recompiles. */
    final Set<Block> recompiling = new CompilerSet<>();
    /** This compile's preallocated exception of each kind ({@link HotSpotLowering#preallocated}), made at its first hot throw. */
    final Map<org.ssajit.hotspot.ir.ImplicitException.Kind, jdk.vm.ci.meta.JavaConstant> preallocated = new CompilerMap<>();
    /** Instructions the expansions before the instruction lowering added code for (their branches need stamps too). */
    int expanded;
    Stamps stamps;

    public LoweringState(Graph graph, boolean compiledHandlers) {
        this.graph = graph;
        this.compiledHandlers = compiledHandlers;
    }

    public Graph graph() {
        return graph;
    }
}
