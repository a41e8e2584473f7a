package org.ssajit.backend;

import java.util.Arrays;

import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.meta.Value;

/**
 * What a target's two switch forms ({@link HotSpotLirGenerator#emitSwitch} picks one) hold, the same on
 * every target: a jump table's lowest key, its targets and the default, or a lookup's sorted distinct
 * keys, a target per key and the default; both checked when made and named alike in LIR dumps. A
 * target's subclass emits the table jump or the compares.
 */
public final class SwitchOps {
    private SwitchOps() {
    }

    /** A jump through a table: {@code targets[value - low]}, {@code defaultTarget} outside it. */
    public abstract static class TableSwitch<E extends CodeEmitter> extends TargetOp<E> {
        protected final int low;
        protected final LirBlock[] targets;
        protected final LirBlock defaultTarget;

        protected TableSwitch(Value[] uses, Value[] temps, int low, LirBlock[] targets, LirBlock defaultTarget) {
            super(null, uses, null, temps);
            if (targets.length == 0) {
                throw new IllegalArgumentException("empty jump table");
            }
            this.low = low;
            this.targets = targets.clone();
            this.defaultTarget = defaultTarget;
        }

        public final LirBlock[] targets() {
            return targets.clone();
        }

        @Override
        public final String name() {
            return "tableswitch " + low + ".." + (low + targets.length - 1) + " " + Arrays.toString(targets) + " else " + defaultTarget;
        }
    }

    /**
     * Compares against sorted, distinct {@code keys}, each with its target; {@code defaultTarget} for
     * any other value. With a {@code sequence} (a permutation of the key indices) every key is
     * compared, one after the other in that order; without one the keys are searched by halves
     * (compare with the middle key, then the lower or the upper half), up to {@value #SEARCH_LEAF}
     * keys in a row at the leaves.
     */
    public abstract static class LookupSwitch<E extends CodeEmitter> extends TargetOp<E> {
        /** How many keys a search by halves compares in a row at its leaves. */
        public static final int SEARCH_LEAF = 4;

        protected final int[] keys;
        protected final LirBlock[] targets;
        protected final LirBlock defaultTarget;
        /** The key indices in the order they are compared, or null: a search by halves. */
        protected final int[] sequence;

        protected LookupSwitch(Value value, int[] keys, LirBlock[] targets, LirBlock defaultTarget, int[] sequence) {
            super(null, new Value[] {value}, null, null);
            if (keys.length != targets.length || keys.length == 0) {
                throw new IllegalArgumentException("one target per key, at least one key");
            }
            if (sequence != null) {
                if (sequence.length != keys.length) {
                    throw new IllegalArgumentException("the sequence must name every key once");
                }
                boolean[] seen = new boolean[keys.length];
                for (int k : sequence) {
                    if (k < 0 || k >= keys.length || seen[k]) {
                        throw new IllegalArgumentException("the sequence must name every key once");
                    }
                    seen[k] = true;
                }
            }
            this.sequence = sequence == null ? null : sequence.clone();
            for (int i = 1; i < keys.length; i++) {
                if (keys[i] <= keys[i - 1]) {
                    throw new IllegalArgumentException("keys must be sorted and distinct");
                }
            }
            this.keys = keys.clone();
            this.targets = targets.clone();
            this.defaultTarget = defaultTarget;
        }

        public final LirBlock[] targets() {
            return targets.clone();
        }

        @Override
        public final String name() {
            StringBuilder sb = new StringBuilder(sequence != null ? "lookupswitch.seq" : "lookupswitch");
            for (int i = 0; i < keys.length; i++) {
                int k = sequence != null ? sequence[i] : i;
                sb.append(' ').append(keys[k]).append("->").append(targets[k]);
            }
            return sb.append(" else ").append(defaultTarget).toString();
        }
    }
}
