package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The JVM interpreter state at a bytecode index, as SSA values: what deoptimization and stack walking
 * need to rebuild an interpreter frame. Only locals that are live at {@link #bci()} are recorded
 * (null otherwise), so frame states never keep dead values alive or create phis for them.
 *
 * <p>Inputs are laid out as {@code [locals..., stack..., locks...]}. A long or double occupies its first
 * slot; the second slot is null, as in the JVM's frame layout. Where escape analysis left objects
 * unallocated, a slot holding one holds its {@link VirtualInstance}, in this state or a caller's, and
 * the state of the instruction names each such object with the values of its fields there
 * ({@link #virtualInstance}, {@link #virtualFieldValue}): inputs after the locks, object by object.
 *
 * <p>A state of a method inlined into the compiled one chains its caller's state at the call
 * ({@link #outer()}): deoptimizing there rebuilds an interpreter frame for each method of the chain.
 * An outer state is shared by the states of the inlined body and keeps its own inputs; it is deleted
 * with the last of them (a count of the states chaining it, plus {@link #hold()}s).
 */
public final class FrameState extends Node {
    private final ResolvedJavaMethod method;
    private final int bci;
    private final int localsSize;
    private final int stackSize;
    private final int locksSize;
    private final FrameState outer;
    /** States chaining this one as their outer state, plus holds: at 0 this state is deleted. */
    private int chained;
    /** Whether this state gave up its count on its outer state (it was deleted). */
    private boolean released;
    /** The state of an exception in flight at {@link #bci()}: the top of the stack, to be thrown there. */
    private boolean rethrowException;
    /** The objects escape analysis left unallocated that this state's chain names; their field values follow the locks. */
    private final VirtualInstance[] virtuals;
    private static final VirtualInstance[] NO_VIRTUALS = {};

    public FrameState(ResolvedJavaMethod method, int bci, Value[] locals, Value[] stack, Value[] locks) {
        this(method, bci, locals, stack, locks, null);
    }

    /** {@code outer}: the caller's state at the call that inlined {@code method}, or null for the compiled method's own. */
    public FrameState(ResolvedJavaMethod method, int bci, Value[] locals, Value[] stack, Value[] locks, FrameState outer) {
        this(method, bci, concat(locals, stack, locks), locals.length, stack.length, locks.length, outer);
    }

    private static Value[] concat(Value[] locals, Value[] stack, Value[] locks) {
        Value[] all = new Value[locals.length + stack.length + locks.length];
        System.arraycopy(locals, 0, all, 0, locals.length);
        System.arraycopy(stack, 0, all, locals.length, stack.length);
        System.arraycopy(locks, 0, all, locals.length + stack.length, locks.length);
        return all;
    }

    /**
     * A state whose inputs are {@code inputs}, laid out as {@code [locals..., stack..., locks...]} with
     * the sizes given; the state takes the array (the caller made it for this state and drops it).
     */
    public FrameState(ResolvedJavaMethod method, int bci, Value[] inputs, int localsSize, int stackSize, int locksSize, FrameState outer) {
        this(method, bci, inputs, localsSize, stackSize, locksSize, outer, NO_VIRTUALS);
    }

    private FrameState(ResolvedJavaMethod method, int bci, Value[] inputs, int localsSize, int stackSize, int locksSize, FrameState outer, VirtualInstance[] virtuals) {
        int fieldValues = 0;
        for (VirtualInstance o : virtuals) {
            fieldValues += o.fieldCount();
        }
        if (inputs.length != localsSize + stackSize + locksSize + fieldValues) {
            throw new IllegalArgumentException(inputs.length + " inputs for " + localsSize + " locals, " + stackSize + " stack slots, " + locksSize + " locks, "
                            + fieldValues + " field values");
        }
        this.virtuals = virtuals;
        this.method = method;
        this.outer = outer;
        if (outer != null) {
            outer.chained++;
        }
        this.bci = bci;
        this.localsSize = localsSize;
        this.stackSize = stackSize;
        this.locksSize = locksSize;
        adoptInputs(inputs);
    }

    /** A state with the same values, for another instruction (a state belongs to one instruction). */
    public FrameState copy() {
        Value[] stack = new Value[stackSize];
        for (int i = 0; i < stackSize; i++) {
            stack[i] = stack(i);
        }
        FrameState copy = withStack(stack);
        copy.rethrowException = rethrowException;
        return copy;
    }

    /**
     * This state (its slots, bci and callers) naming the unallocated objects {@code objects}, whose
     * fields hold {@code fieldValues} here (object by object, each in its {@link VirtualInstance#field}
     * order); replaces any objects this state named.
     */
    public FrameState withVirtualInstances(VirtualInstance[] objects, Value[] fieldValues) {
        int n = 0;
        for (VirtualInstance o : objects) {
            n += o.fieldCount();
        }
        if (n != fieldValues.length) {
            throw new IllegalArgumentException(fieldValues.length + " field values for objects with " + n + " fields");
        }
        int base = localsSize + stackSize + locksSize;
        Value[] all = new Value[base + n];
        for (int i = 0; i < base; i++) {
            all[i] = input(i);
        }
        System.arraycopy(fieldValues, 0, all, base, n);
        FrameState s = new FrameState(method, bci, all, localsSize, stackSize, locksSize, outer, objects.clone());
        s.rethrowException = rethrowException;
        return s;
    }

    /**
     * A state at {@code newBci} of this state's method, with {@code locals}, {@code stack} and
     * {@code locks}, this state's callers and the unallocated objects it names with their field values.
     */
    public FrameState withSlots(int newBci, Value[] locals, Value[] stack, Value[] locks) {
        Value[] all = new Value[locals.length + stack.length + locks.length + virtualFieldCount()];
        System.arraycopy(locals, 0, all, 0, locals.length);
        System.arraycopy(stack, 0, all, locals.length, stack.length);
        System.arraycopy(locks, 0, all, locals.length + stack.length, locks.length);
        copyVirtualFieldValues(all, locals.length + stack.length + locks.length);
        return new FrameState(method, newBci, all, locals.length, stack.length, locks.length, outer, virtuals);
    }

    /**
     * A copy of this state, and of its callers' states where they hold a value {@code f} changes, with
     * each value {@code v} of the chain replaced by {@code f.apply(v)}; callers' states that hold none
     * are shared. {@code copies} keeps the callers' copies made so far, for states of one copy of the
     * code to share them.
     */
    public FrameState mapped(java.util.function.UnaryOperator<Value> f, java.util.Map<FrameState, FrameState> copies) {
        return copy(f, outer == null ? null : outer.mappedOuter(f, copies));
    }

    /** This caller's state, or its copy under {@code f} if {@code f} changes a value of its chain. */
    private FrameState mappedOuter(java.util.function.UnaryOperator<Value> f, java.util.Map<FrameState, FrameState> copies) {
        FrameState done = copies.get(this);
        if (done != null) {
            return done;
        }
        FrameState o = outer == null ? null : outer.mappedOuter(f, copies);
        boolean changed = o != outer;
        for (int i = 0; i < inputCount() && !changed; i++) {
            Value v = input(i);
            changed = v != null && f.apply(v) != v;
        }
        FrameState result = changed ? copy(f, o) : this;
        copies.put(this, result);
        return result;
    }

    /** A state with this state's slots and objects, each value {@code v} replaced by {@code f.apply(v)}, and {@code outer} as its caller's. */
    private FrameState copy(java.util.function.UnaryOperator<Value> f, FrameState outer) {
        Value[] all = new Value[inputCount()];
        for (int i = 0; i < all.length; i++) {
            Value v = input(i);
            all[i] = v == null ? null : f.apply(v);
        }
        FrameState s = new FrameState(method, bci, all, localsSize, stackSize, locksSize, outer, virtuals);
        s.rethrowException = rethrowException;
        return s;
    }

    /** How many unallocated objects this state names. */
    public int virtualCount() {
        return virtuals.length;
    }

    public VirtualInstance virtualInstance(int k) {
        return virtuals[k];
    }

    /** The value of field {@code f} of unallocated object {@code k} here. */
    public Value virtualFieldValue(int k, int f) {
        return input(virtualFieldStart(k) + f);
    }

    /** The input index of the first field value of unallocated object {@code k}. */
    public int virtualFieldStart(int k) {
        int at = localsSize + stackSize + locksSize;
        for (int j = 0; j < k; j++) {
            at += virtuals[j].fieldCount();
        }
        return at;
    }

    /** The index of {@code o} among the objects this state names, or -1. */
    public int indexOfVirtual(VirtualInstance o) {
        for (int k = 0; k < virtuals.length; k++) {
            if (virtuals[k] == o) {
                return k;
            }
        }
        return -1;
    }

    private int virtualFieldCount() {
        return inputCount() - (localsSize + stackSize + locksSize);
    }

    private void copyVirtualFieldValues(Value[] to, int at) {
        int base = localsSize + stackSize + locksSize;
        for (int i = base; i < inputCount(); i++) {
            to[at + i - base] = input(i);
        }
    }

    /**
     * The state of {@code exception}, thrown at this state's bci, with this state's locals and locks:
     * deoptimizing there, the interpreter throws it at the bci (looks for a handler there, else
     * unwinds the frame), as HotSpot's {@code rethrow_exception} scope flag says.
     */
    public FrameState rethrowing(Value exception) {
        FrameState s = withStack(new Value[]{exception});
        s.rethrowException = true;
        return s;
    }

    /** Whether the interpreter throws the top of the stack at the bci (see {@link #rethrowing}). */
    public boolean rethrowException() {
        return rethrowException;
    }

    /**
     * The state while the invoke at this state's bci runs its callee, for a call that consumes the top
     * {@code argumentSlots} stack slots: the same locals and locks, the stack without the arguments.
     * After the callee returns, the interpreter pushes its result and continues after the invoke; if
     * it throws, the interpreter looks for a handler at the invoke.
     */
    public FrameState duringCall(int argumentSlots) {
        if (argumentSlots < 0 || argumentSlots > stackSize) {
            throw new IllegalArgumentException(argumentSlots + " argument slots, but the stack at bci " + bci + " has " + stackSize);
        }
        Value[] stack = new Value[stackSize - argumentSlots];
        for (int i = 0; i < stack.length; i++) {
            stack[i] = stack(i);
        }
        return withStack(stack);
    }

    /**
     * A copy of this state with {@code with} in each local, stack and lock slot of its own frame that
     * holds {@code old} (its callers' frames are shared, unchanged).
     */
    public FrameState replacing(Value old, Value with) {
        Value[] all = new Value[inputCount()];
        int own = localsSize + stackSize + locksSize;
        for (int i = 0; i < all.length; i++) {
            Value v = input(i);
            all[i] = i < own && v == old ? with : v;
        }
        FrameState s = new FrameState(method, bci, all, localsSize, stackSize, locksSize, outer, virtuals);
        s.rethrowException = rethrowException;
        return s;
    }

    /** A new state at this bci with this state's locals, locks and outer state, and {@code stack}. */
    private FrameState withStack(Value[] stack) {
        Value[] all = new Value[localsSize + stack.length + locksSize + virtualFieldCount()];
        for (int i = 0; i < localsSize; i++) {
            all[i] = local(i);
        }
        System.arraycopy(stack, 0, all, localsSize, stack.length);
        for (int i = 0; i < locksSize; i++) {
            all[localsSize + stack.length + i] = lock(i);
        }
        copyVirtualFieldValues(all, localsSize + stack.length + locksSize);
        return new FrameState(method, bci, all, localsSize, stack.length, locksSize, outer, virtuals);
    }

    /** Keeps this state alive while states chaining it are still to come (the parse of an inlined method). */
    public void hold() {
        chained++;
    }

    /** Ends a {@link #hold()}: deletes this state if no state chains it. */
    public void release() {
        if (chained <= 0) {
            throw new IllegalStateException("frame state released more often than held or chained");
        }
        if (--chained == 0) {
            clearInputs();
        }
    }

    @Override
    protected void inputsCleared() {
        if (outer != null && !released) {
            released = true;
            outer.release();
        }
    }

    /** The caller's state (an inlined method's state), or null. */
    public FrameState outer() {
        return outer;
    }

    /** How many methods the chain covers (1 without an outer state). */
    public int depth() {
        return outer == null ? 1 : 1 + outer.depth();
    }

    public ResolvedJavaMethod method() {
        return method;
    }

    public int bci() {
        return bci;
    }

    public int localsSize() {
        return localsSize;
    }

    public int stackSize() {
        return stackSize;
    }

    public int locksSize() {
        return locksSize;
    }

    /**
     * The locks the frames of the methods this state's method is inlined into hold: this frame's lock
     * {@code i} is the compiled frame's monitor slot {@code outerLocks() + i} (its callers' locks are
     * the outer slots, the outermost method's first).
     */
    public int outerLocks() {
        int n = 0;
        for (FrameState f = outer; f != null; f = f.outer) {
            n += f.locksSize;
        }
        return n;
    }

    /** The value of local {@code i}, or null if it is dead here (or the second slot of a long/double). */
    public Value local(int i) {
        return input(i);
    }

    public Value stack(int i) {
        return input(localsSize + i);
    }

    public Value lock(int i) {
        return input(localsSize + stackSize + i);
    }

    /** Number of occupied local slots, counting a long or double as one. */
    public int liveLocalCount() {
        int n = 0;
        for (int i = 0; i < localsSize; i++) {
            if (local(i) != null) {
                n++;
            }
        }
        return n;
    }

    static boolean isTwoSlot(Value v) {
        return v != null && (v.kind() == JavaKind.Long || v.kind() == JavaKind.Double);
    }
}
