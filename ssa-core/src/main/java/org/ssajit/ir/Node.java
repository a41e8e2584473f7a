package org.ssajit.ir;

import java.util.Arrays;
import java.util.List;

/**
 * Anything that has operands: values, terminators and frame states.
 *
 * <p>Invariant: for every non-null {@code input(i)} this node appears in that value's user list once
 * per occurrence. All mutation of inputs goes through this class so that use lists never drift.
 */
public abstract class Node {
    private static final Value[] NO_INPUTS = {};

    private Value[] inputs = NO_INPUTS;
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
        inputs = values.length == 0 ? NO_INPUTS : values.clone();
        inputCount = values.length;
        for (Value v : inputs) {
            if (v != null) {
                v.addUser(this);
            }
        }
    }

    public final void setInput(int i, Value value) {
        Value old = input(i);
        if (old == value) {
            return;
        }
        if (old != null) {
            old.removeUser(this);
        }
        inputs[i] = value;
        if (value != null) {
            value.addUser(this);
        }
    }

    protected final void appendInput(Value value) {
        if (inputCount == inputs.length) {
            inputs = Arrays.copyOf(inputs, Math.max(4, inputCount * 2));
        }
        inputs[inputCount++] = value;
        if (value != null) {
            value.addUser(this);
        }
    }

    /** Removes input {@code i}, shifting the later ones down. */
    protected final void removeInput(int i) {
        Value old = input(i);
        if (old != null) {
            old.removeUser(this);
        }
        System.arraycopy(inputs, i + 1, inputs, i, inputCount - i - 1);
        inputs[--inputCount] = null;
    }

    /**
     * As {@link #initInputs}, taking {@code values} itself (no copy): the caller made it for this node
     * and keeps no reference to it.
     */
    protected final void adoptInputs(Value[] values) {
        assert inputCount == 0;
        inputs = values.length == 0 ? NO_INPUTS : values;
        inputCount = values.length;
        for (Value v : inputs) {
            if (v != null) {
                v.addUser(this);
            }
        }
    }

    /** Drops every input, unregistering this node as a user. Used when a node is deleted. */
    public final void clearInputs() {
        int n = inputCount;
        for (int i = 0; i < n; i++) {
            Value v = inputs[i];
            if (v != null) {
                if (n <= DISTINCT_CHECK_LIMIT && !occursAfter(v, i)) {
                    v.removeOnlyUse(this); // its one remaining use: found from either end
                } else {
                    v.removeUser(this);
                }
                inputs[i] = null;
            }
        }
        inputCount = 0;
        inputsCleared();
    }

    /**
     * Up to this many inputs, {@link #clearInputs} looks among the node's own later inputs for another
     * use of a value (a quick scan of a small array) to know whether the one it drops is the last:
     * then the value's user list is searched from both ends, not from its end alone, which made
     * deleting the frame states of early instructions quadratic in the uses of long-lived values.
     */
    private static final int DISTINCT_CHECK_LIMIT = 64;

    private boolean occursAfter(Value v, int i) {
        for (int j = i + 1; j < inputCount; j++) {
            if (inputs[j] == v) {
                return true;
            }
        }
        return false;
    }

    /** Called when {@link #clearInputs} has dropped the inputs (the node is deleted). */
    protected void inputsCleared() {
    }

    /** Rewrites every occurrence of {@code old} to {@code replacement}; user lists are fixed by the caller. */
    final int replaceInputsRaw(Value old, Value replacement) {
        int n = 0;
        for (int i = 0; i < inputCount; i++) {
            if (inputs[i] == old) {
                inputs[i] = replacement;
                n++;
            }
        }
        return n;
    }
}
