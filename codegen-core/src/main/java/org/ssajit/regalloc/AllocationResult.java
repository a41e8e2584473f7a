package org.ssajit.regalloc;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;

import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * What {@link LinearScan#allocate} leaves behind besides the rewritten LIR: the operands every
 * instruction had before allocation and the moves the allocator inserted, which is what the
 * {@link AllocationVerifier} checks the rewritten LIR against, and statistics.
 */
public final class AllocationResult {
    /** A move or constant load the allocator inserted: {@code dst := src} or {@code dst := constant}. */
    record InsertedMove(AllocatableValue dst, AllocatableValue src, ConstantValue constant) {
    }

    private final LirGraph lir;
    private final RegisterAllocationConfig config;
    /** Per original instruction: operands by mode ordinal, then the frame-state values (or null). */
    private final Map<LirOp, Value[][]> original = CompilerMap.identity();
    private final Map<LirOp, InsertedMove> inserted = CompilerMap.identity();
    final AllocationStats stats = new AllocationStats();
    /** The allocator's intervals once it has assigned them (for {@link #intervals()}), or null. */
    private Interval[] variableIntervals;
    private Interval[] fixedIntervals;

    AllocationResult(LirGraph lir, RegisterAllocationConfig config) {
        this.lir = lir;
        this.config = config;
    }

    public LirGraph lir() {
        return lir;
    }

    public RegisterAllocationConfig config() {
        return config;
    }

    public AllocationStats stats() {
        return stats;
    }

    /**
     * Every non-empty interval as the allocator left it, for dumps and tests: each variable's parts in
     * position order, by variable index, then the physical registers' intervals by register number.
     * Empty if allocation failed before assigning locations.
     */
    public List<IntervalView> intervals() {
        List<IntervalView> out = new CompilerList<>();
        if (variableIntervals != null) {
            for (Interval it : variableIntervals) {
                if (it != null && !it.isEmpty()) {
                    for (int i = 0, n = it.partCount(); i < n; i++) {
                        out.add(IntervalView.of(it.part(i)));
                    }
                }
            }
            for (Interval it : fixedIntervals) {
                if (it != null && !it.isEmpty()) {
                    out.add(IntervalView.of(it));
                }
            }
        }
        return out;
    }

    /**
     * The spill slot of {@code v} if the allocator stores it there once, right after its definition
     * (spill at definition), else null; such a slot holds {@code v} wherever it is live.
     */
    public jdk.vm.ci.code.StackSlot slotStoredAtDefinition(org.ssajit.lir.Variable v) {
        return storedAtDefinition != null && storedAtDefinition[v.index()] ? variableIntervals[v.index()].spillSlot : null;
    }

    private boolean[] storedAtDefinition;

    void recordStoresAtDefinition(boolean[] stored) {
        storedAtDefinition = stored;
    }

    /** Keeps the allocator's intervals, final once locations are assigned, for {@link #intervals()}. */
    void recordIntervals(Interval[] variables, Interval[] fixed) {
        variableIntervals = variables;
        fixedIntervals = fixed;
    }

    /**
     * Whether the allocator inserted {@code op} (a move or constant load from the target's move factory);
     * known only where the configuration {@linkplain RegisterAllocationConfig#recordsOriginals() records}.
     */
    public boolean isInserted(LirOp op) {
        return inserted.containsKey(op);
    }

    /**
     * Checks the LIR as it is now against the operands before allocation; throws
     * {@link AllocationVerificationError} on the first instruction that could read a wrong value.
     */
    public void verify() {
        if (!config.recordsOriginals()) {
            throw new IllegalStateException("allocated without recording the operands before allocation (RegisterAllocationConfig.withOriginalsRecorded(false))");
        }
        AllocationVerifier.verify(this);
    }

    private static final LirOp.Mode[] MODES = LirOp.Mode.values();

    void snapshot() {
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                Value[][] v = new Value[MODES.length + 1][];
                for (LirOp.Mode m : MODES) {
                    v[m.ordinal()] = new Value[op.count(m)];
                    for (int i = 0; i < op.count(m); i++) {
                        v[m.ordinal()][i] = op.get(m, i);
                    }
                }
                v[v.length - 1] = op.state() == null ? null : op.state().values().clone();
                original.put(op, v);
            }
        }
    }

    void recordMove(LirOp op, AllocatableValue dst, AllocatableValue src) {
        if (config.recordsOriginals()) {
            inserted.put(op, new InsertedMove(dst, src, null));
        }
        stats.insertedMoves++;
    }

    void recordLoad(LirOp op, AllocatableValue dst, ConstantValue c) {
        if (config.recordsOriginals()) {
            inserted.put(op, new InsertedMove(dst, null, c));
        }
        stats.insertedMoves++;
    }

    /** The operands of {@code op} before allocation (index {@code Mode.ordinal()}, then the state values), or null if inserted. */
    Value[][] original(LirOp op) {
        return original.get(op);
    }

    InsertedMove inserted(LirOp op) {
        return inserted.get(op);
    }
}
