package org.ssajit.dump;

import org.ssajit.ir.Graph;
import org.ssajit.lir.LirGraph;
import org.ssajit.regalloc.AllocationResult;

/**
 * What one compile shows of itself between its phases ({@code -Dssajit.Dump}): the graph, the LIR and
 * the register allocator's intervals, each with the name of the phase that produced it. One per
 * compile, called in phase order. A dump only reads what it is given, and never fails the compile.
 */
public interface PhaseDump {
    /** Dumps nothing. */
    PhaseDump NONE = new PhaseDump() {
    };

    /** The SSA graph after {@code phase}. */
    default void printGraph(String phase, Graph graph) {
    }

    /** The LIR after {@code phase} (instruction selection, register allocation). */
    default void printLir(String phase, LirGraph lir) {
    }

    /** The intervals the allocator assigned in {@code phase}, after the LIR it rewrote. */
    default void printIntervals(String phase, AllocationResult allocation) {
    }
}
