package org.ssajit.bytecode;

import java.util.Arrays;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.BlockMap.HandlerEdge;
import org.ssajit.bytecode.FrameShapes.Effects;
import org.ssajit.bytecode.FrameShapes.Shape;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.IntMath;

/**
 * Backward liveness of frame variables over the bytecode CFG. Variables are numbered
 * {@code [0, maxLocals)} for locals, then the operand-stack slots, then the lock slots; reads and writes
 * are exactly those {@link FrameShapes#step} reports, plus the stack and lock reads of every frame
 * state, plus the write of the caught exception to stack slot 0 at a handler entry (all as the parser
 * performs them). A local is live at a bci if some path from there reads it before writing it.
 *
 * <p>Frame states name only the locals live at their bci ({@link #liveLocalsAt}): that is what keeps
 * Braun's lazy lookup from creating phis for dead locals, and it is also the pruning criterion of the
 * Cytron reference ({@link #isLiveIn}).
 */
public final class Liveness {
    /** Above this, a method is refused as too large (its tables would take hundreds of megabytes). */
    public static final long MAX_BLOCKS_TIMES_VARIABLES = 16_000_000;

    private final BlockMap map;
    private final FrameShapes shapes;
    private final Linkage linkage;
    private final int maxLocals;
    private final int variableCount;
    private final int words;
    private final long[][] liveIn;
    private final long[][] liveOut;
    private final long[][] writes;
    /** Per block, lazily: live locals before each frame-state point, keyed by bci. */
    private final int[][] statePointBcis;
    private final long[][][] statePointLive;

    public Liveness(BlockMap map, FrameShapes shapes, Linkage linkage) {
        this.map = map;
        this.shapes = shapes;
        this.linkage = linkage;
        this.maxLocals = shapes.maxLocals();
        this.variableCount = maxLocals + shapes.maxStack() + shapes.maxLocks();
        this.words = IntMath.max(1, (variableCount + 63) >>> 6);
        int n = map.blocks().size();
        if ((long) n * variableCount > MAX_BLOCKS_TIMES_VARIABLES) {
            // Dense per-block tables (liveness here, current definitions in the SSA builder) would not fit.
            // The largest method of java.base has a product of about 22 thousand.
            throw new BailoutException(BailoutException.Reason.TOO_LARGE, n + " blocks x " + variableCount + " frame variables");
        }
        this.liveIn = new long[n][];
        this.liveOut = new long[n][];
        this.writes = new long[n][];
        this.statePointBcis = new int[n][];
        this.statePointLive = new long[n][][];
        compute();
    }

    public int variableCount() {
        return variableCount;
    }

    public int stackVariable(int slot) {
        return maxLocals + slot;
    }

    public int lockVariable(int index) {
        return maxLocals + shapes.maxStack() + index;
    }

    public boolean isLiveIn(BciBlock b, int variable) {
        return (liveIn[b.id()][variable >>> 6] & (1L << variable)) != 0;
    }

    /**
     * The variables some instruction of {@code b} writes (shared; do not modify). The entry block's
     * parameter writes are not included.
     */
    public long[] writes(BciBlock b) {
        return writes[b.id()];
    }

    /** Whether a frame state is recorded before the instruction at {@code s}: it can trap, or it is a safepoint. */
    public static boolean needsFrameState(BytecodeStream s, Linkage linkage) {
        return linkage.traps(s) || isBackwardBranch(s);
    }

    /**
     * A branch or switch with a target at or before itself, where a safepoint goes. Every cycle of
     * control flow contains one (falling through only goes forwards), so polling at each of them
     * polls in every loop, reducible or not; in javac's code they are the loops' back edges.
     */
    public static boolean isBackwardBranch(BytecodeStream s) {
        int op = s.opcode();
        if (op == Bytecodes.GOTO || op == Bytecodes.GOTO_W || Bytecodes.isConditionalBranch(op)) {
            return isBackward(s, s.branchTarget());
        }
        if (op == Bytecodes.TABLESWITCH || op == Bytecodes.LOOKUPSWITCH) {
            if (isBackward(s, s.switchDefaultTarget())) {
                return true;
            }
            for (int i = 0; i < s.switchCaseCount(); i++) {
                if (isBackward(s, s.switchTarget(i))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a branch at {@code s} to {@code targetBci} goes backwards (or to itself). */
    public static boolean isBackward(BytecodeStream s, int targetBci) {
        return targetBci <= s.bci();
    }

    /**
     * The locals live before the frame-state point at {@code bci} in block {@code b}, as a bit set
     * over local indices (shared; do not modify).
     */
    public long[] liveLocalsAt(BciBlock b, int bci) {
        if (statePointBcis[b.id()] == null) {
            computeStatePoints(b);
        }
        int i = Arrays.binarySearch(statePointBcis[b.id()], bci);
        if (i < 0) {
            throw new IllegalArgumentException("no frame state at bci " + bci + " in " + b);
        }
        return statePointLive[b.id()][i];
    }

    /**
     * The locals live at the end of block {@code b}, as {@link #liveLocalsAt} gives them (shared; do
     * not modify): those before a conditional branch that ends it, which reads and writes none (the
     * parser's state there when a side of the branch deoptimizes, {@code BytecodeParser.UNTAKEN_BRANCH_TRAPS}).
     */
    public long[] liveLocalsAtEnd(BciBlock b) {
        return liveOut[b.id()];
    }

    private LoopWrites loopWrites;

    /** The variables each natural loop writes ({@link LoopWrites}), computed once for every parse of the method. */
    public LoopWrites loopWrites() {
        if (loopWrites == null) {
            loopWrites = new LoopWrites(map, this);
        }
        return loopWrites;
    }

    public static boolean get(long[] set, int i) {
        return (set[i >>> 6] & (1L << i)) != 0;
    }

    // ---------------------------------------------------------------------------------------------

    /** Use and def sets of one block. */
    private final class UseDef implements Effects {
        final long[] use = new long[words];
        final long[] def = new long[words];

        private void read(int v) {
            if ((def[v >>> 6] & (1L << v)) == 0) {
                use[v >>> 6] |= 1L << v;
            }
        }

        private void write(int v) {
            def[v >>> 6] |= 1L << v;
        }

        @Override
        public void readLocal(int index) {
            read(index);
        }

        @Override
        public void writeLocal(int index) {
            write(index);
        }

        @Override
        public void readStack(int slot) {
            read(stackVariable(slot));
        }

        @Override
        public void writeStack(int slot) {
            write(stackVariable(slot));
        }

        @Override
        public void readLock(int index) {
            read(lockVariable(index));
        }

        @Override
        public void writeLock(int index) {
            write(lockVariable(index));
        }
    }

    private void compute() {
        List<BciBlock> blocks = map.blocks();
        int n = blocks.size();
        long[][] use = new long[n][];
        long[][] def = new long[n][];
        BytecodeStream s = new BytecodeStream(map.code());
        Shape st = null;
        for (int bi = 0; bi < blocks.size(); bi++) {
            BciBlock b = blocks.get(bi);
            UseDef ud = new UseDef();
            if (!b.isSynthetic()) {
                if (b.isHandlerEntry()) {
                    // The parser enters a handler by writing the caught exception to stack slot 0:
                    // the slot is defined here, not live-in from the try range.
                    ud.writeStack(0);
                }
                if (st == null) {
                    st = shapes.entry(b).scratch();
                }
                st.copyFrom(shapes.entry(b));
                for (int bci = b.startBci(); bci <= b.endBci(); bci = s.nextBci()) {
                    s.at(bci);
                    if (needsFrameState(s, linkage)) {
                        FrameShapes.frameStateReads(st, ud);
                    }
                    shapes.step(st, s, ud);
                }
            }
            use[b.id()] = ud.use;
            def[b.id()] = ud.def;
            writes[b.id()] = ud.def;
            liveIn[b.id()] = ud.use.clone();
            liveOut[b.id()] = new long[words];
        }
        // Round-robin in postorder until nothing changes; converges in loop-nesting-depth + 2 rounds.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                BciBlock b = blocks.get(i);
                long[] out = liveOut[b.id()];
                for (BciBlock succ : b.successors()) {
                    or(out, liveIn[succ.id()]);
                }
                for (HandlerEdge h : b.handlers()) {
                    or(out, liveIn[h.target().id()]);
                }
                long[] in = liveIn[b.id()];
                long[] u = use[b.id()];
                long[] d = def[b.id()];
                for (int w = 0; w < words; w++) {
                    long nw = u[w] | (out[w] & ~d[w]);
                    if (nw != in[w]) {
                        in[w] = nw;
                        changed = true;
                    }
                }
            }
        }
    }

    private static void or(long[] into, long[] from) {
        for (int w = 0; w < into.length; w++) {
            into[w] |= from[w];
        }
    }

    /**
     * The local reads and writes of one instruction at a time ({@link FrameShapes#step} reports at most
     * two of each: a long or double local is one index).
     */
    private static final class LocalEffects implements Effects {
        final int[] reads = new int[2];
        final int[] writes = new int[2];
        int readCount;
        int writeCount;

        @Override
        public void readLocal(int index) {
            reads[readCount++] = index;
        }

        @Override
        public void writeLocal(int index) {
            writes[writeCount++] = index;
        }
    }

    /**
     * Records, per instruction of {@code b}, its local reads and writes, then walks backwards. Frame-state
     * points with the same live locals share one set.
     */
    private void computeStatePoints(BciBlock b) {
        if (b.isSynthetic()) {
            statePointBcis[b.id()] = new int[0];
            statePointLive[b.id()] = new long[0][];
            return;
        }
        BytecodeStream s = new BytecodeStream(map.code());
        int count = 0;
        for (int bci = b.startBci(); bci <= b.endBci(); bci = s.nextBci()) {
            count++;
            s.at(bci);
        }
        int[] bcis = new int[count];
        boolean[] hasState = new boolean[count];
        // Reads and writes of instruction k: slots 2k and 2k + 1, their numbers in the counts.
        int[] reads = new int[2 * count];
        int[] writes = new int[2 * count];
        byte[] readCounts = new byte[count];
        byte[] writeCounts = new byte[count];
        LocalEffects effects = new LocalEffects();
        Shape st = shapes.entry(b).copy();
        int k = 0;
        int states = 0;
        for (int bci = b.startBci(); bci <= b.endBci(); bci = s.nextBci(), k++) {
            s.at(bci);
            bcis[k] = bci;
            hasState[k] = needsFrameState(s, linkage);
            if (hasState[k]) {
                states++;
            }
            effects.readCount = 0;
            effects.writeCount = 0;
            shapes.step(st, s, effects);
            for (int i = 0; i < effects.readCount; i++) {
                reads[2 * k + i] = effects.reads[i];
            }
            for (int i = 0; i < effects.writeCount; i++) {
                writes[2 * k + i] = effects.writes[i];
            }
            readCounts[k] = (byte) effects.readCount;
            writeCounts[k] = (byte) effects.writeCount;
        }
        int[] outBcis = new int[states];
        long[][] outLive = new long[states][];
        int localWords = IntMath.max(1, (maxLocals + 63) >>> 6);
        long[] live = CompilerArrays.copyOf(liveOut[b.id()], localWords);
        clearAbove(live, maxLocals);
        // The set last handed out, while live still equals it; null once live changed.
        long[] shared = null;
        int j = states;
        for (k = count - 1; k >= 0; k--) {
            for (int i = 0; i < writeCounts[k]; i++) {
                int w = writes[2 * k + i];
                long bit = 1L << w;
                if ((live[w >>> 6] & bit) != 0) {
                    live[w >>> 6] &= ~bit;
                    shared = null;
                }
            }
            for (int i = 0; i < readCounts[k]; i++) {
                int r = reads[2 * k + i];
                long bit = 1L << r;
                if ((live[r >>> 6] & bit) == 0) {
                    live[r >>> 6] |= bit;
                    shared = null;
                }
            }
            if (hasState[k]) {
                j--;
                outBcis[j] = bcis[k];
                if (shared == null) {
                    shared = live.clone();
                }
                outLive[j] = shared;
            }
        }
        statePointBcis[b.id()] = outBcis;
        statePointLive[b.id()] = outLive;
    }

    private static void clearAbove(long[] set, int limit) {
        for (int i = limit; i < set.length * 64; i++) {
            set[i >>> 6] &= ~(1L << i);
        }
    }
}
