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

    /** Compares against sorted, distinct {@code keys}, each with its target; {@code defaultTarget} for any other value. */
    public abstract static class LookupSwitch<E extends CodeEmitter> extends TargetOp<E> {
        protected final int[] keys;
        protected final LirBlock[] targets;
        protected final LirBlock defaultTarget;

        protected LookupSwitch(Value value, int[] keys, LirBlock[] targets, LirBlock defaultTarget) {
            super(null, new Value[] {value}, null, null);
            if (keys.length != targets.length || keys.length == 0) {
                throw new IllegalArgumentException("one target per key, at least one key");
            }
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
            StringBuilder sb = new StringBuilder("lookupswitch");
            for (int i = 0; i < keys.length; i++) {
                sb.append(' ').append(keys[i]).append("->").append(targets[i]);
            }
            return sb.append(" else ").append(defaultTarget).toString();
        }
    }
}
