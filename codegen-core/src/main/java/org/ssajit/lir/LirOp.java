package org.ssajit.lir;

import java.util.Arrays;

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

    private final Value[][] operands = new Value[4][];
    private LirFrameState state;
    private int id = -1;

    protected LirOp(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
        operands[Mode.DEF.ordinal()] = copy(defs);
        operands[Mode.USE.ordinal()] = copy(uses);
        operands[Mode.ALIVE.ordinal()] = copy(alives);
        operands[Mode.TEMP.ordinal()] = copy(temps);
    }

    /**
     * A {@code Value[]} of our own: a caller's array may be a subtype array (e.g. {@code Variable[]}),
     * which would refuse the locations {@link #set} stores into it.
     */
    private static Value[] copy(Value[] a) {
        if (a == null || a.length == 0) {
            return NONE;
        }
        if (a.getClass() == Value[].class) {
            return a.clone();
        }
        Value[] c = new Value[a.length]; // without reflection, which Arrays.copyOf to another array type uses
        System.arraycopy(a, 0, c, 0, a.length);
        return c;
    }

    public final int count(Mode m) {
        return operands[m.ordinal()].length;
    }

    public final Value get(Mode m, int i) {
        return operands[m.ordinal()][i];
    }

    /** The allocator replaces variables by locations here. */
    public final void set(Mode m, int i, Value v) {
        operands[m.ordinal()][i] = v;
    }

    /**
     * Drops every operand of mode {@code m}. For the register allocator, which moves phi values
     * into place itself and then clears {@link LabelOp} and {@link JumpOp} phi operands.
     */
    protected final void clearOperands(Mode m) {
        operands[m.ordinal()] = NONE;
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
            sb.append(Arrays.toString(operands[Mode.DEF.ordinal()])).append(" = ");
        }
        sb.append(name());
        appendOperands(sb, Mode.USE, "");
        appendOperands(sb, Mode.ALIVE, "alive ");
        appendOperands(sb, Mode.TEMP, "temp ");
        return sb.toString();
    }

    private void appendOperands(StringBuilder sb, Mode m, String prefix) {
        for (Value v : operands[m.ordinal()]) {
            sb.append(' ').append(prefix).append(v);
        }
    }
}
