package org.ssajit.lir;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.ArrayFill;
import java.util.Arrays;
import java.util.Objects;

import jdk.vm.ci.meta.Value;

/**
 * One LIR instruction. Its operands are grouped by how the register allocator must treat them:
 * <ul>
 * <li>{@link Mode#USE}: read at the start; may share a location with a {@link Mode#DEF} or a
 * {@link Mode#TEMP};</li>
 * <li>{@link Mode#ALIVE}: read, and must stay intact until the instruction is done (no def or temp
 * may share its location);</li>
 * <li>{@link Mode#TEMP}: scratch, clobbered;</li>
 * <li>{@link Mode#DEF}: written at the end.</li>
 * </ul>
 * An operand is a {@link Variable} before allocation; a fixed {@code RegisterValue} is a constraint
 * (e.g. the dividend of idiv in rax); a {@code JavaConstant} may appear where {@link #allowed} says
 * {@link #CONST}. After allocation every variable has been replaced by a register or a stack slot.
 */
public abstract class LirOp {
    public enum Mode {
        USE, ALIVE, TEMP, DEF
    }

    /** {@link #allowed} bits. */
    public static final int REG = 1;
    public static final int STACK = 2;
    public static final int CONST = 4;

    private static final Value[] NONE = {};

    /**
     * Every operand in one array of our own (a caller's array may be a subtype array, e.g.
     * {@code Variable[]}, which would refuse the locations {@link #set} stores into it), by mode in
     * {@link Mode} order: operand {@code i} of mode {@code m} is at {@code start(m) + i}.
     */
    private final Value[] operands;
    /** Per mode, 16 bits at {@code 16 * ordinal}: where its operands start in {@link #operands}. */
    private final long starts;
    /** Per mode, likewise: how many operands it has (none once {@link #clearOperands} dropped them). */
    private long counts;
    private LirFrameState state;
    private int id = -1;

    protected LirOp(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
        int u = length(uses);
        int a = length(alives);
        int t = length(temps);
        int d = length(defs);
        if (u + a + t + d > 0xFFFF) {
            throw new IllegalArgumentException("too many operands: " + (u + a + t + d));
        }
        operands = u + a + t + d == 0 ? NONE : new Value[u + a + t + d];
        copy(uses, operands, 0);
        copy(alives, operands, u);
        copy(temps, operands, u + a);
        copy(defs, operands, u + a + t);
        starts = pack(0, u, u + a, u + a + t);
        counts = pack(u, a, t, d);
    }

    /** Four 16-bit fields by mode ordinal (USE, ALIVE, TEMP, DEF). */
    private static long pack(int use, int alive, int temp, int def) {
        return use | (long) alive << 16 | (long) temp << 32 | (long) def << 48;
    }

    private static int field(long packed, Mode m) {
        return (int) (packed >>> (16 * m.ordinal())) & 0xFFFF;
    }

    private static int length(Value[] a) {
        return a == null ? 0 : a.length;
    }

    private static void copy(Value[] from, Value[] to, int at) {
        if (from != null) {
            System.arraycopy(from, 0, to, at, from.length);
        }
    }

    public final int count(Mode m) {
        return field(counts, m);
    }

    public final Value get(Mode m, int i) {
        return operands[field(starts, m) + Objects.checkIndex(i, count(m))];
    }

    /** The allocator replaces variables by locations here. */
    public final void set(Mode m, int i, Value v) {
        operands[field(starts, m) + Objects.checkIndex(i, count(m))] = v;
    }

    /**
     * Drops every operand of mode {@code m}. For the register allocator, which moves phi values
     * into place itself and then clears {@link LabelOp} and {@link JumpOp} phi operands.
     */
    protected final void clearOperands(Mode m) {
        int from = field(starts, m);
        ArrayFill.fill(operands, from, from + count(m), null);
        counts &= ~(0xFFFFL << (16 * m.ordinal()));
    }

    /** Where operand {@code i} of mode {@code m} may live: a union of {@link #REG}, {@link #STACK}, {@link #CONST}. */
    public int allowed(Mode m, int i) {
        return REG;
    }

    /** A call: every caller-saved register is clobbered (the allocator spills what is live across). */
    public boolean destroysCallerSavedRegisters() {
        return false;
    }

    /** The deoptimization / safepoint / call state, or null. */
    public final LirFrameState state() {
        return state;
    }

    public final void setState(LirFrameState s) {
        this.state = s;
    }

    /** Position in the allocator's numbering (even numbers), or -1 before numbering. */
    public final int id() {
        return id;
    }

    public final void setId(int id) {
        this.id = id;
    }

    /** Emits the machine code. Called once, after register allocation. */
    public abstract void emit(CodeEmitter emitter);

    public String name() {
        return getClass().getSimpleName();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (count(Mode.DEF) > 0) {
            int from = field(starts, Mode.DEF);
            sb.append(Arrays.toString(CompilerArrays.copyOfRange(operands, from, from + count(Mode.DEF)))).append(" = ");
        }
        sb.append(name());
        appendOperands(sb, Mode.USE, "");
        appendOperands(sb, Mode.ALIVE, "alive ");
        appendOperands(sb, Mode.TEMP, "temp ");
        return sb.toString();
    }

    private void appendOperands(StringBuilder sb, Mode m, String prefix) {
        for (int i = 0; i < count(m); i++) {
            sb.append(' ').append(prefix).append(get(m, i));
        }
    }
}
