package org.ssajit.lir;

import java.util.List;

import org.ssajit.ir.FrameState;
import org.ssajit.util.CompilerList;

import jdk.vm.ci.meta.Value;

/**
 * The interpreter state at a deoptimization point, safepoint or call, in LIR values: entry {@code i}
 * of {@link #values()} is the location of input {@code i} of the SSA {@link FrameState} (null where
 * the frame state has none: a dead local or the second slot of a long/double); the inputs of its
 * callers' states ({@link FrameState#outer()}, an inlined method's) follow, innermost first. The register
 * allocator rewrites variables to locations, and records which locations hold live references at
 * the instruction ({@link #liveReferences()}), from which the target builds the reference map.
 */
public final class LirFrameState {
    private final FrameState frameState;
    private final Value[] values;
    private final boolean duringCall;
    private static final Value[] NONE = {};
    /** Set once per allocation ({@link #setLiveReferences}); never modified in place. */
    private Value[] liveReferences = NONE;
    /** The last register allocation that numbered this state's op ({@link #claim}), or null. */
    private Object claimedBy;

    public LirFrameState(FrameState frameState, Value[] values, boolean duringCall) {
        if (values.length != inputCount(frameState)) {
            throw new IllegalArgumentException("one value per frame-state input");
        }
        this.frameState = frameState;
        this.values = values;
        this.duringCall = duringCall;
    }

    /** The inputs of {@code fs} and of its callers' states. */
    public static int inputCount(FrameState fs) {
        int n = 0;
        for (FrameState f = fs; f != null; f = f.outer()) {
            n += f.inputCount();
        }
        return n;
    }

    public FrameState frameState() {
        return frameState;
    }

    /** Mutable: the register allocator replaces variables by their locations at this instruction. */
    public Value[] values() {
        return values;
    }

    /** The state of a call site (the callee's return resumes the interpreter after the invoke). */
    public boolean duringCall() {
        return duringCall;
    }

    /**
     * Records that {@code allocation} (an object of that allocation's own, compared by identity, so
     * that no counter is shared between compiles) rewrites this state at an op; false if it did so
     * already: the state is shared by two ops, which the allocator refuses.
     */
    public boolean claim(Object allocation) {
        if (claimedBy == allocation) {
            return false;
        }
        claimedBy = allocation;
        return true;
    }

    /** Registers and stack slots holding references that are live across the instruction. */
    public List<Value> liveReferences() {
        return CompilerList.of(liveReferences);
    }

    /** Replaces the live references by a copy of {@code refs}. */
    public void setLiveReferences(List<Value> refs) {
        liveReferences = refs.isEmpty() ? NONE : refs.toArray(NONE);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("state@").append(frameState.bci()).append('[');
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                sb.append(i == 0 ? "" : " ").append(i).append('=').append(values[i]);
            }
        }
        return sb.append(']').toString();
    }
}
