package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * An operation inside a block. What an instruction means is its {@link Operation} (an {@link Op}, or a
 * dialect's machine-level op once lowered), its kind, its operands and an attribute of the type its op
 * declares ({@link Operation#attributeType}: a {@link FieldRef}, an {@link InvokeTarget}, an {@link
 * LdcRef}, a {@link JavaType}, the element {@link JavaKind} of an array access, a dialect's own),
 * read through {@link #attribute(Class)} or the typed accessors below.
 *
 * <p>Instructions that can deoptimize, throw, call, store or allocate carry a {@link FrameState}: the
 * interpreter state before the bytecode at {@link #bci()} executes, restricted to the live locals.
 */
public final class Instruction extends Value {
    private final Operation op;
    private final Object attribute;
    private final int bci;
    private Block block;
    private FrameState state;
    private boolean exceptionEdge;
    /** Its index in its block's instruction list when last recorded there (see {@code Block.indexOf}); a hint. */
    int positionInBlock = -1;

    public Instruction(Graph graph, Operation op, JavaKind kind, Object attribute, int bci, Value... operands) {
        super(graph, kind);
        graph.made(op);
        this.op = op;
        this.attribute = attribute;
        this.bci = bci;
        initInputs(operands);
    }

    public Operation op() {
        return op;
    }

    /** The attribute, untyped: for code that prints or compares attributes whatever they are. */
    public Object attribute() {
        return attribute;
    }

    /**
     * The attribute as the {@code type} the op declares it ({@link Operation#attributeType}, or a class
     * related to it: a subtype a dialect knows it is); the one place an attribute is cast.
     */
    public <T> T attribute(Class<T> type) {
        assert op.attributeType() != null && (type.isAssignableFrom(op.attributeType()) || op.attributeType().isAssignableFrom(type))
                        : op.mnemonic() + " has no attribute of type " + type.getSimpleName();
        return type.cast(attribute);
    }

    public FieldRef field() {
        return attribute(FieldRef.class);
    }

    public InvokeTarget invokeTarget() {
        return attribute(InvokeTarget.class);
    }

    public JavaType type() {
        return attribute(JavaType.class);
    }

    /** The element kind of LOAD_INDEXED / STORE_INDEXED / FILL: Byte covers byte and boolean arrays. */
    public JavaKind elementKind() {
        return attribute(JavaKind.class);
    }

    /**
     * The input named {@code name} ({@link Op#inputs()}), or null if this instruction has none (an
     * absent optional input, the object of a static field access). For a variadic input, its first
     * value; see {@link #inputs(Op.In)}.
     */
    public Value input(Op.In name) {
        int k = indexOf(name);
        return k >= 0 && k < inputCount() ? input(k) : null;
    }

    /** The values of a variadic input (an invoke's arguments, a multianewarray's dimensions), or of any input as a list of zero or one. */
    public java.util.List<Value> inputs(Op.In name) {
        int k = indexOf(name);
        if (k < 0 || k >= inputCount()) {
            return CompilerList.of();
        }
        boolean variadic = op.inputs().get(op.inputs().size() - 1).name() == name
                        && op.inputs().get(op.inputs().size() - 1).presence() == Op.Presence.VARIADIC;
        return variadic ? inputs().subList(k, inputCount()) : CompilerList.of(input(k));
    }

    /** The declared input that operand {@code k} of this instruction is, or null if the op declares no such operand (a malformed instruction). */
    public Op.Input declaration(int k) {
        int pos = 0;
        for (Op.Input in : op.inputs()) {
            if (in.presence() == Op.Presence.INSTANCE_FIELD && field().isStatic()) {
                continue;
            }
            if (pos == k || in.presence() == Op.Presence.VARIADIC) {
                return in;
            }
            pos++;
        }
        return null;
    }

    /** The position of input {@code name}, or -1 if the op declares it but this instruction leaves it out. */
    private int indexOf(Op.In name) {
        int d = op.declaration().declaredIndex(name);
        if (d < 0) {
            throw new IllegalArgumentException(op.mnemonic() + " has no input " + name.label());
        }
        int f = op.declaration().instanceFieldIndex;
        if (f < 0 || d < f || !field().isStatic()) {
            return d; // every input up to this one is present
        }
        return d == f ? -1 : d - 1; // a static field's: the object input is left out
    }

    /**
     * Sets the op's optional last input, which this instruction must not have yet ({@link
     * Op.Presence#OPTIONAL}).
     */
    public void setOptionalInput(Op.In name, Value v) {
        java.util.List<Op.Input> declared = op.inputs();
        Op.Input last = declared.isEmpty() ? null : declared.get(declared.size() - 1);
        if (last == null || last.name() != name || last.presence() != Op.Presence.OPTIONAL || input(name) != null) {
            throw new IllegalStateException("cannot set " + name.label() + " of " + this);
        }
        appendInput(v);
    }

    /**
     * The length a LOAD_INDEXED / STORE_INDEXED may check its index against instead of reading the
     * array's length: an {@link Op#ARRAY_LENGTH} or {@link Op#ARRAY_LENGTH_OR_ZERO} of the same array,
     * computed before the access (typically before its loop); null if the access has none. It changes
     * nothing the access means: with a null array the length is 0, so a check against it fails for
     * every index, and the bytecode re-executed by the interpreter throws what it throws.
     */
    public Value checkedLength() {
        return op == Op.LOAD_INDEXED || op == Op.STORE_INDEXED ? input(Op.In.CHECKED_LENGTH) : null;
    }

    /** Gives an array access its {@linkplain #checkedLength() checked length} (once). */
    public void setCheckedLength(Value length) {
        setOptionalInput(Op.In.CHECKED_LENGTH, length);
    }

    /** The local an {@link Op#OSR_LOCAL} reads. */
    public int osrLocal() {
        return attribute(Integer.class);
    }

    public LdcRef ldc() {
        return attribute(LdcRef.class);
    }

    /** Bytecode index this instruction was parsed from. */
    public int bci() {
        return bci;
    }

    public Block block() {
        return block;
    }

    void setBlock(Block b) {
        this.block = b;
    }

    public FrameState state() {
        return state;
    }

    public void setState(FrameState state) {
        if (this.state != null) {
            throw new IllegalStateException("state already set on " + this);
        }
        this.state = state;
    }

    /**
     * Detaches the frame state and returns it, its values still linked: for a pass that moves a state
     * to another node (a guard's to the deoptimization it becomes) without copying it.
     */
    public FrameState takeState() {
        FrameState s = state;
        state = null;
        return s;
    }

    /** Replaces the frame state (the old one is unlinked from its values). */
    public void replaceState(FrameState newState) {
        if (state != null) {
            state.clearInputs();
        }
        state = newState;
    }

    /** True if exceptions this instruction throws go to its block's handlers rather than out of the method. */
    public boolean hasExceptionEdge() {
        return exceptionEdge;
    }

    public void setExceptionEdge(boolean v) {
        exceptionEdge = v;
    }

    /** No side effects and no exceptions: a candidate for folding and value numbering. */
    public boolean isPure() {
        if (op == Op.DIV || op == Op.REM) {
            return kind() == JavaKind.Float || kind() == JavaKind.Double;
        }
        return op.isPure();
    }

    /** Whether executing this instruction may throw (including linkage errors of unresolved entries). */
    public boolean canThrow() {
        if (op == Op.DIV || op == Op.REM) {
            return kind() == JavaKind.Int || kind() == JavaKind.Long;
        }
        if (op == Op.INSTANCEOF) {
            return !(attribute instanceof ResolvedJavaType);
        }
        return op.mayThrow();
    }

    /** Unlinks this instruction from its operands and frame state; the caller removes it from the block. */
    public void delete() {
        if (hasUsers()) {
            throw new IllegalStateException(this + " still has users");
        }
        clearInputs();
        if (state != null) {
            state.clearInputs();
        }
    }
}
