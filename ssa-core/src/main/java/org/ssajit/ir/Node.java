package org.ssajit.ir;

import java.util.List;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.Identity;
import org.ssajit.util.IntMath;

/**
 * Anything that has operands: values, terminators and frame states.
 *
 * <p>Invariant: for every non-null {@code input(i)} that value's user list has one entry (this node,
 * slot {@code i}), at the position this node records for slot {@code i}, so that dropping a use costs
 * the same however many users the value has. All mutation of inputs goes through this class so that
 * use lists never drift.
 */
public abstract class Node extends Identity {
    private static final Value[] NO_INPUTS = {};
    private static final int[] NO_POSITIONS = {};

    private Value[] inputs = NO_INPUTS;
    /** Per input slot: the index of this node's entry in that input's user list. */
    private int[] positions = NO_POSITIONS;
    private int inputCount;

    public final int inputCount() {
        return inputCount;
    }

    public final Value input(int i) {
        if (i >= inputCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return inputs[i];
    }

    /** A read-only view of the inputs. */
    public final List<Value> inputs() {
        return new org.ssajit.util.IndexedList<>() {
            @Override
            public Value get(int index) {
                return input(index);
            }

            @Override
            public int size() {
                return inputCount;
            }
        };
    }

    /** Sets all inputs of a node that has none yet. Null entries are allowed (dead frame-state slots). */
    protected final void initInputs(Value... values) {
        assert inputCount == 0;
        adopt(values.length == 0 ? NO_INPUTS : values.clone());
    }

    private void adopt(Value[] values) {
        inputs = values;
        positions = values.length == 0 ? NO_POSITIONS : new int[values.length];
        inputCount = values.length;
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                values[i].addUser(this, i);
            }
        }
    }

    public final void setInput(int i, Value value) {
        Value old = input(i);
        if (old == value) {
            return;
        }
        if (old != null) {
            old.removeUse(this, i);
        }
        inputs[i] = value;
        if (value != null) {
            value.addUser(this, i);
        }
    }

    protected final void appendInput(Value value) {
        if (inputCount == inputs.length) {
            int n = IntMath.max(4, inputCount * 2);
            inputs = CompilerArrays.copyOf(inputs, n);
            positions = CompilerArrays.copyOf(positions, n);
        }
        int slot = inputCount++;
        inputs[slot] = value;
        if (value != null) {
            value.addUser(this, slot);
        }
    }

    /** Removes input {@code i}, shifting the later ones down. */
    protected final void removeInput(int i) {
        Value old = input(i);
        if (old != null) {
            old.removeUse(this, i);
        }
        for (int j = i + 1; j < inputCount; j++) {
            Value v = inputs[j];
            inputs[j - 1] = v;
            positions[j - 1] = positions[j];
            if (v != null) {
                v.moveSlot(positions[j], j - 1);
            }
        }
        inputs[--inputCount] = null;
    }

    /**
     * As {@link #initInputs}, taking {@code values} itself (no copy): the caller made it for this node
     * and keeps no reference to it.
     */
    protected final void adoptInputs(Value[] values) {
        assert inputCount == 0;
        adopt(values.length == 0 ? NO_INPUTS : values);
    }

    /** Drops every input, unregistering this node as a user. Used when a node is deleted. */
    public final void clearInputs() {
        int n = inputCount;
        for (int i = 0; i < n; i++) {
            Value v = inputs[i];
            if (v != null) {
                v.removeUse(this, i);
                inputs[i] = null;
            }
        }
        inputCount = 0;
        inputsCleared();
    }

    /** Called when {@link #clearInputs} has dropped the inputs (the node is deleted). */
    protected void inputsCleared() {
    }

    /**
     * Whether input {@code slot} is empty, or its value's user list has this node's entry for the slot
     * at the position this node records (what the verifier checks besides the lists' contents).
     */
    public final boolean inputUseListed(int slot) {
        Value v = input(slot);
        return v == null || v.listsUse(positions[slot], this, slot);
    }

    /** The index of this node's entry for input slot {@code slot} in that input's user list. */
    final int position(int slot) {
        return positions[slot];
    }

    final void setPosition(int slot, int position) {
        positions[slot] = position;
    }

    /** Sets input slot {@code slot} without touching user lists: the caller moves the use entry. */
    final void setInputRaw(int slot, Value value) {
        inputs[slot] = value;
    }
}
