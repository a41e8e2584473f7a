package org.ssajit.dump;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;

import org.ssajit.ir.CfgOutput;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;

/**
 * LIR as one {@code begin_cfg} section of a C1Visualizer file ({@link CfgOutput}), as C1 prints its
 * LIR: per block, in emission order, its name ({@code B<id>}, as {@link LirBlock} names it), the bci
 * of the SSA block it comes from, predecessors, successors (no exception handlers: the lowering has
 * made exception dispatch explicit), flags ({@code std} or {@code osr} on the entry, {@code ces} on a
 * block splitting a critical edge, {@code llh} on a loop header, {@code lle} on a loop's latch), its
 * loop and loop depth, the allocator's first and last op position once ops are numbered, and its ops
 * as {@code begin_LIR} lines {@code <position> <op> <|@} (position -1: not numbered, or inserted by
 * the allocator), each op followed by its frame state.
 */
public final class CfgLirPrinter {
    private CfgLirPrinter() {
    }

    /** Appends {@code lir} as a section named {@code phase}. */
    public static void print(String phase, LirGraph lir, CfgOutput out) {
        // Loops numbered in order of first appearance: asking the graph for its loops could compute them.
        Map<Loop, Integer> loopIndex = CompilerMap.identity();
        out.begin("cfg").string("name", phase);
        for (LirBlock b : lir.blocks()) {
            out.begin("block");
            out.string("name", b.toString());
            out.integer("from_bci", b.irBlock() == null ? -1 : b.irBlock().bci());
            out.integer("to_bci", -1);
            out.strings("predecessors", names(b.predecessors()));
            out.strings("successors", names(b.successors()));
            out.strings("xhandlers", CompilerList.of());
            out.strings("flags", flags(lir, b));
            if (b.loop() != null) {
                out.integer("loop_index", loopIndex.computeIfAbsent(b.loop(), l -> loopIndex.size()));
            }
            if (b.loopDepth() > 0) {
                out.integer("loop_depth", b.loopDepth());
            }
            List<LirOp> ops = b.ops();
            if (!ops.isEmpty() && ops.get(0).id() >= 0 && b.last().id() >= 0) {
                out.integer("first_lir_id", ops.get(0).id());
                out.integer("last_lir_id", b.last().id());
            }
            out.begin("LIR");
            for (LirOp op : ops) {
                String text = op.state() == null ? op.toString() : op + "  " + op.state();
                out.line(op.id() + " " + CfgOutput.free(text) + " " + CfgOutput.COLUMN_END);
            }
            out.end("LIR");
            out.end("block");
        }
        out.end("cfg");
    }

    private static List<String> names(List<LirBlock> blocks) {
        List<String> out = new CompilerList<>(blocks.size());
        for (LirBlock b : blocks) {
            out.add(b.toString());
        }
        return out;
    }

    private static List<String> flags(LirGraph lir, LirBlock b) {
        List<String> f = new CompilerList<>(2);
        if (b == lir.entry()) {
            f.add(lir.ir() != null && lir.ir().isOsr() ? "osr" : "std");
        }
        if (b.irBlock() == null) {
            f.add("ces");
        } else if (b.loop() != null) {
            if (b.loop().header() == b.irBlock()) {
                f.add("llh");
            }
            if (b.loop().latches().contains(b.irBlock())) {
                f.add("lle");
            }
        }
        return f;
    }
}
