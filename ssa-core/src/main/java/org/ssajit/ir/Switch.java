package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

/**
 * tableswitch and lookupswitch: {@code keys[i]} jumps to {@code keyTargets[i]}, any other value to the
 * default. Keys are sorted ascending and distinct. The profile, where HotSpot's counted the switch,
 * tells how often each key's case ran; the back end orders its compares by it.
 */
public final class Switch extends Terminator {
    private final int[] keys;
    private final Block[] keyTargets;
    private final Block defaultTarget;
    private final List<Block> targets;
    /** The share of each key's case among the runs, the default's last; null if not profiled. */
    private final double[] probabilities;

    public Switch(int bci, Value value, int[] keys, Block[] keyTargets, Block defaultTarget) {
        this(bci, value, keys, keyTargets, defaultTarget, null);
    }

    /**
     * With {@code probabilities}: each key's share of the runs, the default's last (HotSpot's
     * {@code getSwitchProbabilities}); ignored unless there is one per key and one for the default,
     * each a number in [0, 1].
     */
    public Switch(int bci, Value value, int[] keys, Block[] keyTargets, Block defaultTarget, double[] probabilities) {
        super(bci);
        this.probabilities = valid(probabilities, keys.length) ? probabilities.clone() : null;
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

    private static boolean valid(double[] p, int keys) {
        if (p == null || p.length != keys + 1) {
            return false;
        }
        for (double x : p) {
            if (!(x >= 0 && x <= 1)) {
                return false;
            }
        }
        return true;
    }

    public Value value() {
        return input(0);
    }

    /** Whether the switch has a profile ({@link #probability}). */
    public boolean profiled() {
        return probabilities != null;
    }

    /** The share of runs that took key {@code i}'s case; {@link #keyCount()} for the default's. Only if {@link #profiled()}. */
    public double probability(int i) {
        return probabilities[i];
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
