package org.ssajit.hotspot;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.ArrayFill;
import java.util.Objects;

import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackLockValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaValue;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.Value;

import org.ssajit.lir.LirKind;
import org.ssajit.util.IntMath;
import org.ssajit.util.Nulls;

/**
 * Builds the {@link BytecodeFrame} of one debug-info point: where the interpreter would find each local
 * and operand-stack slot if the compiled frame were deoptimized here.
 *
 * <p>HotSpot's shape, kept here so callers cannot get it wrong: one entry per slot, {@code max_locals}
 * locals then the stack; a long or double occupies its slot and the next, which holds
 * {@link Value#ILLEGAL} of kind {@link JavaKind#Illegal}; a dead local is {@code ILLEGAL} too. Kinds
 * are stack kinds (boolean, byte, short and char are {@code Int}).
 */
public final class BytecodeFrameBuilder {
    private final ResolvedJavaMethod method;
    private final int bci;
    private final JavaValue[] locals;
    private final JavaKind[] localKinds;
    /** The operand stack so far (its first {@link #stackSize}), and the locks (first {@link #lockCount}). */
    private JavaValue[] stack = NO_VALUES;
    private JavaKind[] stackKinds = NO_KINDS;
    private int stackSize;
    private JavaValue[] locks = NO_VALUES;
    private int lockCount;
    private boolean duringCall;
    private boolean rethrowException;
    private BytecodeFrame caller;

    private static final JavaValue[] NO_VALUES = {};
    private static final JavaKind[] NO_KINDS = {};

    private BytecodeFrameBuilder(ResolvedJavaMethod method, int bci) {
        this.method = Nulls.requireNonNull(method, "method");
        if (bci < 0 || method.getCode() == null || bci >= method.getCodeSize()) {
            throw new IllegalArgumentException("bci " + bci + " is not in " + method.format("%H.%n(%p)"));
        }
        this.bci = bci;
        int n = method.getMaxLocals();
        this.locals = new JavaValue[n];
        this.localKinds = new JavaKind[n];
        ArrayFill.fill(locals, Value.ILLEGAL);
        ArrayFill.fill(localKinds, JavaKind.Illegal);
    }

    /** A frame of {@code method} before the bytecode at {@code bci} executes. */
    public static BytecodeFrameBuilder at(ResolvedJavaMethod method, int bci) {
        return new BytecodeFrameBuilder(method, bci);
    }

    /** Local {@code index} holds {@code value} of {@code kind}; a two-slot kind also takes {@code index + 1}. */
    public BytecodeFrameBuilder local(int index, JavaKind kind, JavaValue value) {
        JavaKind k = check(kind, value);
        Objects.checkIndex(index + k.getSlotCount() - 1, locals.length);
        locals[index] = value;
        localKinds[index] = k;
        if (k.needsTwoSlots()) {
            locals[index + 1] = Value.ILLEGAL;
            localKinds[index + 1] = JavaKind.Illegal;
        }
        return this;
    }

    /** Pushes {@code value} onto the operand stack (two slots for long and double). */
    public BytecodeFrameBuilder push(JavaKind kind, JavaValue value) {
        JavaKind k = check(kind, value);
        pushSlot(value, k);
        if (k.needsTwoSlots()) {
            pushSlot(Value.ILLEGAL, JavaKind.Illegal);
        }
        return this;
    }

    private void pushSlot(JavaValue value, JavaKind kind) {
        if (stackSize == stack.length) {
            stack = CompilerArrays.copyOf(stack, IntMath.max(4, 2 * stackSize));
            stackKinds = CompilerArrays.copyOf(stackKinds, stack.length);
        }
        stack[stackSize] = value;
        stackKinds[stackSize] = kind;
        stackSize++;
    }

    /**
     * The frame holds a monitor on {@code owner} (outermost first) whose BasicLock is the frame's
     * {@code slot}; deoptimization moves it into the interpreter frame.
     */
    public BytecodeFrameBuilder lock(JavaValue owner, StackSlot slot) {
        check(JavaKind.Object, owner);
        if (lockCount == locks.length) {
            locks = CompilerArrays.copyOf(locks, IntMath.max(2, 2 * lockCount));
        }
        // An object escape analysis did not allocate has a lock that was never taken (eliminated):
        // deoptimizing, HotSpot takes it for the object it allocates.
        locks[lockCount++] = new StackLockValue(owner, Nulls.requireNonNull(slot, "slot"), owner instanceof jdk.vm.ci.code.VirtualObject);
        return this;
    }

    /**
     * The frame is at a call that is in progress: the interpreter continues after the call instead of
     * re-executing the bytecode at {@code bci}.
     */
    public BytecodeFrameBuilder duringCall(boolean v) {
        this.duringCall = v;
        return this;
    }

    /** The exception on top of the stack is to be thrown again at {@code bci} (stack must hold exactly it). */
    public BytecodeFrameBuilder rethrowException(boolean v) {
        this.rethrowException = v;
        return this;
    }

    /** The frame of the method this one was inlined into. */
    public BytecodeFrameBuilder caller(BytecodeFrame c) {
        this.caller = c;
        return this;
    }

    public BytecodeFrame build() {
        int numLocals = locals.length;
        int numStack = stackSize;
        int numLocks = lockCount;
        JavaValue[] values = new JavaValue[numLocals + numStack + numLocks];
        JavaKind[] kinds = new JavaKind[numLocals + numStack];
        System.arraycopy(locals, 0, values, 0, numLocals);
        System.arraycopy(localKinds, 0, kinds, 0, numLocals);
        System.arraycopy(stack, 0, values, numLocals, numStack);
        System.arraycopy(stackKinds, 0, kinds, numLocals, numStack);
        System.arraycopy(locks, 0, values, numLocals + numStack, numLocks);
        if (numStack > method.getMaxStackSize()) {
            throw new IllegalArgumentException("stack of " + numStack + " slots exceeds max_stack " + method.getMaxStackSize());
        }
        BytecodeFrame frame = new BytecodeFrame(caller, method, bci, rethrowException, duringCall, values, kinds, numLocals, numStack, numLocks);
        frame.verifyInvariants();
        return frame;
    }

    /** Checks that {@code value} can hold a {@code kind}; returns the stack kind. */
    private static JavaKind check(JavaKind kind, JavaValue value) {
        Nulls.requireNonNull(value, "value (use Value.ILLEGAL for a dead slot)");
        JavaKind k = kind.getStackKind();
        if (k == JavaKind.Void || k == JavaKind.Illegal) {
            throw new IllegalArgumentException("a frame slot cannot hold " + kind);
        }
        if (value instanceof RegisterValue r) {
            Register reg = r.getRegister();
            // JVMCI calls the general-purpose register file "CPU" on AMD64 and AArch64 alike.
            boolean general = reg.getRegisterCategory().toString().equals("CPU");
            boolean fp = k == JavaKind.Float || k == JavaKind.Double;
            if (general == fp) {
                throw new IllegalArgumentException(kind + " cannot live in " + reg);
            }
            if (k == JavaKind.Object && !(r.getValueKind() instanceof LirKind vk && vk.isReference())) {
                throw new IllegalArgumentException("object in " + reg + " needs a reference kind, got " + r.getValueKind());
            }
        } else if (value instanceof StackSlot s) {
            if (k == JavaKind.Object && !(s.getValueKind() instanceof LirKind vk && vk.isReference())) {
                throw new IllegalArgumentException("object in " + s + " needs a reference kind, got " + s.getValueKind());
            }
        } else if (value instanceof JavaConstant c) {
            if (c.getJavaKind().getStackKind() != k) {
                throw new IllegalArgumentException("constant " + c + " is not a " + kind);
            }
        } else if (value instanceof jdk.vm.ci.code.VirtualObject) {
            if (k != JavaKind.Object) {
                throw new IllegalArgumentException("an unallocated object in a " + kind + " slot");
            }
        } else if (value == Value.ILLEGAL) {
            throw new IllegalArgumentException("an ILLEGAL value is a dead slot: leave the slot unset instead");
        } else {
            throw new IllegalArgumentException("unsupported frame value " + value);
        }
        return k;
    }
}
