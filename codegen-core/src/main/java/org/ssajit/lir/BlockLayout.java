package org.ssajit.lir;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.ir.Loops.Loop;

/**
 * The order blocks are emitted in, for every target: the LIR's order (reverse postorder, the entry
 * first) with loop rotation. A small loop header that ends in a conditional branch ({@link BranchOp})
 * and is reached from its one latch by a plain jump is moved right after that latch: each iteration
 * then runs the latch into the header's test and takes one branch back to the body, instead of
 * jumping back to the header and branching again; entering the loop costs one jump. Any order is
 * correct (every block ends in explicit jumps or branches, and an emitter only elides jumps to the
 * next block); this one is faster. Blocks that only deoptimize come last. Loops and latches are the SSA graph's ({@link LirBlock#loop()}).
 */
public final class BlockLayout {
    /** Loop headers with at most this many ops (label and branch included) are placed after their latch. */
    public static final int MAX_ROTATED_HEADER_OPS = 12;

    private BlockLayout() {
    }

    public static List<LirBlock> emissionOrder(LirGraph lir) {
        List<LirBlock> blocks = lir.blocks();
        // Each rotated header goes right after its one latch (a latch ends in a jump, a header in a
        // branch: no block is both), in one pass however many loops there are.
        java.util.Map<LirBlock, LirBlock> rotatedAfter = new CompilerMap<>();
        for (LirBlock header : blocks) {
            if (header == blocks.get(0) || header.ops().size() > MAX_ROTATED_HEADER_OPS || !(header.last() instanceof BranchOp)) {
                continue;
            }
            List<LirBlock> latches = latches(header);
            if (latches.size() != 1) {
                continue;
            }
            LirBlock latch = latches.get(0);
            if (latch == header || !(latch.last() instanceof JumpOp j) || j.target() != header) {
                continue;
            }
            rotatedAfter.put(latch, header);
        }
        java.util.Set<LirBlock> moved = new CompilerSet<>(rotatedAfter.values());
        List<LirBlock> order = new CompilerList<>(blocks.size());
        // Blocks that only deoptimize (a failed guard's trap) go last, out of the way of the code
        // that runs: the branch to one is taken only when the check fails.
        List<LirBlock> traps = new CompilerList<>();
        for (LirBlock b : blocks) {
            if (!moved.contains(b)) {
                (b != blocks.get(0) && onlyDeoptimizes(b) ? traps : order).add(b);
            }
            LirBlock header = rotatedAfter.get(b);
            if (header != null) {
                (onlyDeoptimizes(header) ? traps : order).add(header);
            }
        }
        order.addAll(traps);
        return order;
    }

    /** Whether {@code b} is a block of the lowering's that deoptimizes and does nothing else (its throw is never reached). */
    public static boolean onlyDeoptimizes(LirBlock b) {
        org.ssajit.ir.Block ir = b.irBlock();
        return ir != null && ir.terminator() instanceof org.ssajit.ir.Throw && ir.phis().isEmpty() && ir.instructions().size() == 1
                        && ir.instructions().get(0).op() == org.ssajit.hotspot.ir.HotSpotOp.DEOPTIMIZE;
    }

    /** The LIR predecessors of {@code header} inside the loop it heads (none if it heads no loop). */
    static List<LirBlock> latches(LirBlock header) {
        Loop loop = header.loop();
        if (loop == null || header.irBlock() != loop.header()) {
            return CompilerList.of();
        }
        List<LirBlock> out = new CompilerList<>(1);
        for (LirBlock p : header.predecessors()) {
            if (p.loop() != null && loop.contains(p.loop()) && !out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }
}
