package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

/**
 * tableswitch and lookupswitch: {@code keys[i]} jumps to {@code keyTargets[i]}, any other value to the
 * default. Keys are sorted ascending and distinct.
 */
public final class Switch extends Terminator {
    private final int[] keys;
    private final Block[] keyTargets;
    private final Block defaultTarget;
    private final List<Block> targets;

    public Switch(int bci, Value value, int[] keys, Block[] keyTargets, Block defaultTarget) {
        super(bci);
        this.keys = keys.clone();
        this.keyTargets = keyTargets.clone();
        this.defaultTarget = defaultTarget;
        List<Block> t = new CompilerList<>();
        t.add(defaultTarget);
        for (Block b : keyTargets) {
            if (!t.contains(b)) {
                t.add(b);
            }
        }
        this.targets = CompilerList.copyOf(t);
        initInputs(value);
    }

    public Value value() {
        return input(0);
    }

    public int keyCount() {
        return keys.length;
    }

    public int key(int i) {
        return keys[i];
    }

    public Block keyTarget(int i) {
        return keyTargets[i];
    }

    public Block defaultTarget() {
        return defaultTarget;
    }

    /** The successor taken for {@code v}. */
    public Block targetFor(int v) {
        int i = java.util.Arrays.binarySearch(keys, v);
        return i >= 0 ? keyTargets[i] : defaultTarget;
    }

    @Override
    public List<Block> targets() {
        return targets;
    }
}
