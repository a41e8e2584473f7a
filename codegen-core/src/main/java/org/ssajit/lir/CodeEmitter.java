package org.ssajit.lir;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerList;
import org.ssajit.util.IntMath;
import java.util.List;

/**
 * What LIR instructions emit into: the target's assembler plus the code's side tables. Target
 * instructions cast it to the target's emitter.
 *
 * <p>What is the same for every target lives here: the blocks in emission order, which block is being
 * emitted, whether control falls from it into another, jumps threaded through empty blocks (a label
 * and a jump, e.g. an unused critical-edge block), and which blocks are entered by a backward branch
 * (loop tops, which a target may align).
 */
public abstract class CodeEmitter {
    /** How many empty blocks a jump is threaded through, at most (a guard against a cycle of empty blocks). */
    private static final int MAX_THREADING = 8;

    private final List<LirBlock> blocks;
    /** Each block's index in {@link #blocks}, by block id; -1 for a block not in it. */
    private final int[] positions;
    /** Blocks entered by a backward jump or branch (a loop's first block in emission order), by block id. */
    private final boolean[] loopTops;
    private LirBlock current;

    /** @param blocks the blocks in emission order (the first one is entered from the prologue) */
    protected CodeEmitter(List<LirBlock> blocks) {
        this.blocks = CompilerList.copyOf(blocks);
        int limit = idLimit(blocks);
        positions = new int[limit];
        ArrayFill.fill(positions, -1);
        loopTops = new boolean[limit];
        for (int i = 0; i < blocks.size(); i++) {
            positions[blocks.get(i).id()] = i;
        }
        for (LirBlock p : blocks) {
            if (p != blocks.get(0) && resolve(p) != p) {
                continue; // only a jump, which every branch and jump to it skips: never entered
            }
            for (LirBlock s : p.successors()) {
                LirBlock t = resolve(s);
                if (positionOf(t) <= positionOf(p) && mayCloseLoop(p, t)) {
                    loopTops[t.id()] = true;
                }
            }
        }
    }

    /** One more than the highest id among {@code blocks} and their successors: the size of tables by block id. */
    protected static int idLimit(List<LirBlock> blocks) {
        int limit = 0;
        for (LirBlock b : blocks) {
            limit = IntMath.max(limit, b.id() + 1);
            for (LirBlock s : b.successors()) {
                limit = IntMath.max(limit, s.id() + 1);
            }
        }
        return limit;
    }

    private int positionOf(LirBlock b) {
        int i = b.id() < positions.length ? positions[b.id()] : -1;
        if (i < 0) {
            throw new IllegalArgumentException(b + " is not emitted");
        }
        return i;
    }

    /**
     * Whether the backward edge {@code p -> t} can close a loop: {@code p} inside the SSA loop that
     * holds {@code t}. A cold block placed after the body that goes back to it (a slow path's return
     * to its join) closes none, and its target is not aligned as a loop's top.
     */
    private static boolean mayCloseLoop(LirBlock p, LirBlock t) {
        return p.loop() != null && t.loop() != null && t.loop().contains(p.loop());
    }

    /** Binds the label of {@code block} at the current position; the block is the current one from now. */
    public final void bind(LirBlock block) {
        current = block;
        bindLabel(block, loopTops[block.id()]);
    }

    /** Binds the target's label of {@code block} here ({@code loopTop}: entered by a backward branch). */
    protected abstract void bindLabel(LirBlock block, boolean loopTop);

    /** An unconditional jump; may emit nothing if {@code target} is the next block in emission order. */
    public abstract void jump(LirBlock target);

    /** Current code offset. */
    public abstract int position();

    /** The block being emitted, or null before the first. */
    protected final LirBlock currentBlock() {
        return current;
    }

    /** Whether control reaches {@code target} by falling off the end of the current block. */
    public final boolean fallsInto(LirBlock target) {
        LirBlock next = next();
        return next != null && resolve(next) == resolve(target);
    }

    private LirBlock next() {
        if (current == null) {
            return null;
        }
        int i = positionOf(current) + 1;
        return i < blocks.size() ? blocks.get(i) : null;
    }

    /** The block a jump to {@code b} really goes to: through blocks that hold a label and a jump and nothing else. */
    public static LirBlock resolve(LirBlock b) {
        for (int i = 0; i < MAX_THREADING && isEmpty(b); i++) {
            b = ((JumpOp) b.last()).target();
        }
        return b;
    }

    /**
     * {@code order} without the blocks that are only a jump and that no branch or jump reaches once
     * jumps are threaded ({@link #resolve}): code that never runs (a split critical edge whose
     * branch goes straight to the jump's target). The first block stays.
     */
    public static List<LirBlock> withoutThreadedJumps(List<LirBlock> order) {
        boolean[] reached = new boolean[idLimit(order)];
        reached[order.get(0).id()] = true;
        for (LirBlock p : order) {
            for (LirBlock s : p.successors()) {
                LirBlock t = resolve(s);
                if (t.id() < reached.length) {
                    reached[t.id()] = true;
                }
            }
        }
        List<LirBlock> kept = new CompilerList<>(order.size());
        for (LirBlock b : order) {
            if (!isEmpty(b) || reached[b.id()]) {
                kept.add(b);
            }
        }
        return kept;
    }

    private static boolean isEmpty(LirBlock b) {
        return b.ops().size() == 2 && b.ops().get(0) instanceof LabelOp && b.ops().get(1) instanceof JumpOp;
    }
}
