package org.ssajit.parse;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.ir.Block;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Handler;

/**
 * One method being parsed into a graph: its bytecode analyses, the graph block of each of its bytecode
 * blocks, and where its frame variables (locals, then operand-stack slots, then lock slots, numbered as
 * its {@link org.ssajit.bytecode.Liveness} numbers them) start in the graph's variable numbering. The
 * method compiled is the root scope, at variable 0 with no caller; a method inlined into it gets a
 * scope of its own, its variables after the caller's, and the caller's state at the call as
 * {@code callerState}, the outer frame of its frame states.
 *
 * @param blocks the graph block of each bytecode block, indexed by {@link BciBlock#id()}; graph block
 *            ids are the graph's own, not the bytecode's
 * @param callerState the caller's frame state at the call (null for the root)
 * @param frequency how often the method is entered here per entry into the compiled method: 1 for the
 *            root, the call's frequency for an inlined method ({@link org.ssajit.bytecode.BlockFrequencies});
 *            NaN if unknown
 * @param outerHandlers the callers' handlers that cover the call, innermost caller first, each
 *            caller's in its exception table's order (empty for the root, and for a call no handler
 *            covers): an exception that the method's own handlers do not take goes to them, as the
 *            interpreter unwinds into the callers' frames. Non-empty only if the method's block map
 *            is {@linkplain org.ssajit.bytecode.BlockMap#coveredByCaller() covered by its caller}.
 */
public record ParseScope(FrontEnd frontEnd, Block[] blocks, int variableBase, FrameState callerState, double frequency, java.util.List<Handler> outerHandlers) {
    /** The root scope of a compile: variables from 0, no caller, entered once. */
    public static ParseScope root(FrontEnd fe, Block[] blocks) {
        return new ParseScope(fe, blocks, 0, null, 1, java.util.List.of());
    }

    /** The graph block of bytecode block {@code b}. */
    public Block block(BciBlock b) {
        return blocks[b.id()];
    }

    /** How many variables the method uses (locals, operand-stack slots, lock slots). */
    public int variableCount() {
        return frontEnd.liveness().variableCount();
    }

    /** The graph variable of local {@code index}. */
    public int local(int index) {
        return variableBase + index;
    }

    /** The graph variable of operand-stack slot {@code slot}. */
    public int stackSlot(int slot) {
        return variableBase + frontEnd.liveness().stackVariable(slot);
    }

    /** The graph variable of lock slot {@code i}. */
    public int lockSlot(int i) {
        return variableBase + frontEnd.liveness().lockVariable(i);
    }
}
