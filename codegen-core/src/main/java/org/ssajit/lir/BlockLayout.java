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
 * next block); this one is faster. The header's exit from its loop follows it, so that its test
 * branches back or falls out. Blocks that only deoptimize come last. Loops and latches are the SSA graph's ({@link LirBlock#loop()}).
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
        Placement p = new Placement(blocks, rotatedAfter, moved);
        for (LirBlock b : blocks) {
            if (!moved.contains(b)) {
                p.place(b);
            }
        }
        p.order.addAll(p.traps);
        return p.order;
    }

    /** The emission order as it is built: each block once, traps kept for the end. */
    private static final class Placement {
        final List<LirBlock> blocks;
        final java.util.Map<LirBlock, LirBlock> rotatedAfter;
        final java.util.Set<LirBlock> moved;
        final List<LirBlock> order;
        // Blocks that only deoptimize (a failed guard's trap) go last, out of the way of the code
        // that runs: the branch to one is taken only when the check fails.
        final List<LirBlock> traps = new CompilerList<>();
        final java.util.Set<LirBlock> placed = new CompilerSet<>();

        Placement(List<LirBlock> blocks, java.util.Map<LirBlock, LirBlock> rotatedAfter, java.util.Set<LirBlock> moved) {
            this.blocks = blocks;
            this.rotatedAfter = rotatedAfter;
            this.moved = moved;
            this.order = new CompilerList<>(blocks.size());
        }

        /**
         * {@code b}, then the header rotated after it, if any, then that header's exit from its loop
         * (where jumps to it really go), so that the header's test falls out of the loop and branches
         * back to the body: one branch an iteration, not a branch back and a jump out.
         */
        void place(LirBlock b) {
            if (!placed.add(b)) {
                return;
            }
            (b != blocks.get(0) && onlyDeoptimizes(b) ? traps : order).add(b);
            LirBlock header = rotatedAfter.get(b);
            if (header == null || !placed.add(header)) {
                return;
            }
            (onlyDeoptimizes(header) ? traps : order).add(header);
            LirBlock exit = exit(header);
            if (exit != null && !moved.contains(exit) && !onlyDeoptimizes(exit)) {
                place(exit);
            }
        }
    }

    /** The one target of rotated {@code header}'s branch outside the loop it heads, threaded through empty jumps; else null. */
    public static LirBlock exit(LirBlock header) {
        BranchOp branch = (BranchOp) header.last();
        boolean trueInside = inside(header.loop(), branch.trueTarget());
        if (trueInside == inside(header.loop(), branch.falseTarget())) {
            return null;
        }
        return CodeEmitter.resolve(trueInside ? branch.falseTarget() : branch.trueTarget());
    }

    private static boolean inside(Loop loop, LirBlock b) {
        return b.loop() != null && loop.contains(b.loop());
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
