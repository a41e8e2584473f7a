package org.ssajit.bytecode;

import static org.ssajit.bytecode.Bytecodes.*;

import java.util.Arrays;
import java.util.List;

import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.BlockMap.HandlerEdge;
import org.ssajit.util.CompilerArrays;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.Signature;

/**
 * The shape of the interpreter frame at each block entry: the stack kind held by every local and
 * operand-stack slot, the stack depth and the lock depth. A much simplified bytecode verifier (kinds
 * only, no class types). The SSA builder needs it for phis created before their operands are known
 * (incomplete phis take their kind from here), for the category of stack values that dup/pop/swap
 * move, and for which locals a frame state may name.
 *
 * <p>{@link #step} is the one description of every opcode's effect on the frame; liveness and the
 * Cytron reference reuse it through {@link Effects}.
 */
public final class FrameShapes {
    public static final byte TOP = 0;
    public static final byte INT = 1;
    public static final byte LONG = 2;
    public static final byte FLOAT = 3;
    public static final byte DOUBLE = 4;
    public static final byte OBJECT = 5;
    /** The second slot of a long or double. */
    public static final byte HIGH = 6;

    /** The frame at one program point. Mutable; {@link #copy()} before keeping it. */
    public static final class Shape {
        public final byte[] locals;
        public final byte[] stack;
        public int sp;
        public int locks;

        Shape(int maxLocals, int maxStack) {
            locals = new byte[maxLocals];
            stack = new byte[maxStack];
        }

        private Shape(Shape o) {
            locals = o.locals.clone();
            stack = o.stack.clone();
            sp = o.sp;
            locks = o.locks;
        }

        public Shape copy() {
            return new Shape(this);
        }

        /** Makes this shape equal to {@code o}, a shape of the same method (a scratch shape reused). */
        public void copyFrom(Shape o) {
            System.arraycopy(o.locals, 0, locals, 0, locals.length);
            System.arraycopy(o.stack, 0, stack, 0, stack.length);
            sp = o.sp;
            locks = o.locks;
        }

        /** A shape of the same size as this one, to {@link #copyFrom} into. */
        public Shape scratch() {
            return new Shape(locals.length, stack.length);
        }

        @Override
        public String toString() {
            return "locals" + Arrays.toString(locals) + " stack" + Arrays.toString(CompilerArrays.copyOf(stack, sp)) + " locks " + locks;
        }
    }

    /**
     * Reads and writes of frame variables an instruction performs, in the SSA builder's sense: a read
     * is a use of the slot's current value. pop/pop2 read nothing; dup and swap read what they move.
     * A frame state reads every operand-stack and lock slot (and the live locals, which liveness
     * already counts as live).
     */
    public interface Effects {
        default void readLocal(int index) {
        }

        default void writeLocal(int index) {
        }

        default void readStack(int slot) {
        }

        default void writeStack(int slot) {
        }

        default void readLock(int index) {
        }

        default void writeLock(int index) {
        }
    }

    private static final Effects NONE = new Effects() {
    };

    private final BlockMap map;
    private final Linkage linkage;
    private final int maxLocals;
    private final int maxStack;
    private final Shape[] entries;
    private int maxLocks;

    public FrameShapes(BlockMap map, Linkage linkage) {
        this(map, linkage, null);
    }

    /**
     * @param initial the frame on entry to the map's first block, or null for the method's
     *            {@link #initialShape()}; an on-stack-replacement map starts with the frame the whole
     *            method has at its OSR bci
     */
    public FrameShapes(BlockMap map, Linkage linkage, Shape initial) {
        this.map = map;
        this.linkage = linkage;
        ResolvedJavaMethod m = map.method();
        this.maxLocals = m.getMaxLocals();
        this.maxStack = m.getMaxStackSize();
        this.entries = new Shape[map.blocks().size()];
        compute(initial != null ? initial.copy() : initialShape());
    }

    public int maxLocals() {
        return maxLocals;
    }

    public int maxStack() {
        return maxStack;
    }

    /** The deepest lock nesting (including the implicit lock of a synchronized method). */
    public int maxLocks() {
        return maxLocks;
    }

    /** The frame on entry to {@code b}. Do not modify; copy it. */
    public Shape entry(BciBlock b) {
        return entries[b.id()];
    }

    /** The frame on method entry: parameters in the first locals, and the method's own lock. */
    public Shape initialShape() {
        ResolvedJavaMethod m = map.method();
        Shape s = new Shape(maxLocals, maxStack);
        int slot = 0;
        if (!m.isStatic()) {
            s.locals[slot++] = OBJECT;
        }
        Signature sig = m.getSignature();
        for (int i = 0; i < sig.getParameterCount(false); i++) {
            JavaKind k = sig.getParameterKind(i).getStackKind();
            s.locals[slot] = tagOf(k);
            if (k.needsTwoSlots()) {
                s.locals[slot + 1] = HIGH;
            }
            slot += k.getSlotCount();
        }
        s.locks = m.isSynchronized() ? 1 : 0;
        return s;
    }

    private void compute(Shape initial) {
        List<BciBlock> blocks = map.blocks();
        BytecodeStream s = new BytecodeStream(map.code());
        entries[0] = initial;
        maxLocks = entries[0].locks;
        // A first-in first-out ring of block ids: a block is in it at most once (queued).
        int n = blocks.size();
        int[] work = new int[n];
        int head = 0;
        int waiting = 1;
        boolean[] queued = new boolean[n];
        work[0] = 0;
        queued[0] = true;
        // Scratch shapes (mergeInto copies what it keeps): the frame along a block, before its last
        // instruction (where its exception edges leave), and on an exception edge.
        Shape st = initial.scratch();
        Shape lastInstruction = initial.scratch();
        Shape hs = initial.scratch();
        while (waiting > 0) {
            BciBlock b = blocks.get(work[head]);
            head = head + 1 == n ? 0 : head + 1;
            waiting--;
            queued[b.id()] = false;
            st.copyFrom(entries[b.id()]);
            Shape beforeLast = st;
            if (!b.isSynthetic()) {
                for (int bci = b.startBci(); bci <= b.endBci(); bci = s.nextBci()) {
                    s.at(bci);
                    if (bci == b.endBci() && b.handlers().length > 0) {
                        lastInstruction.copyFrom(st);
                        beforeLast = lastInstruction;
                    }
                    step(st, s, NONE);
                }
            }
            for (BciBlock succ : b.successors()) {
                if (mergeInto(succ, st)) {
                    if (!queued[succ.id()]) {
                        queued[succ.id()] = true;
                        work[(head + waiting++) % n] = succ.id();
                    }
                }
            }
            for (HandlerEdge h : b.handlers()) {
                // Exception edges leave before the trapping instruction: its locals (it writes none),
                // its lock depth, and only the exception on the stack.
                hs.copyFrom(beforeLast);
                hs.sp = 1;
                hs.stack[0] = OBJECT;
                if (maxStack == 0) {
                    throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "handler with max_stack 0");
                }
                if (mergeInto(h.target(), hs)) {
                    if (!queued[h.target().id()]) {
                        queued[h.target().id()] = true;
                        work[(head + waiting++) % n] = h.target().id();
                    }
                }
            }
        }
    }

    private boolean mergeInto(BciBlock target, Shape in) {
        Shape cur = entries[target.id()];
        if (cur == null) {
            entries[target.id()] = in.copy();
            return true;
        }
        if (cur.sp != in.sp) {
            throw new BailoutException(BailoutException.Reason.UNBALANCED_STACK, "stack depth " + cur.sp + " vs " + in.sp + " at bci " + target.startBci());
        }
        if (cur.locks != in.locks) {
            throw new BailoutException(BailoutException.Reason.UNBALANCED_MONITORS, "lock depth " + cur.locks + " vs " + in.locks + " at bci " + target.startBci());
        }
        for (int i = 0; i < cur.sp; i++) {
            if (cur.stack[i] != in.stack[i]) {
                throw new BailoutException(BailoutException.Reason.UNBALANCED_STACK, "stack slot " + i + " kinds differ at bci " + target.startBci());
            }
        }
        boolean changed = false;
        for (int i = 0; i < maxLocals; i++) {
            if (cur.locals[i] != in.locals[i] && cur.locals[i] != TOP) {
                cur.locals[i] = TOP;
                changed = true;
            }
        }
        return changed;
    }

    // The transfer function -------------------------------------------------------------------------

    /** Applies the instruction at {@code s} to {@code st}, reporting its reads and writes to {@code fx}. */
    public void step(Shape st, BytecodeStream s, Effects fx) {
        int op = s.opcode();
        switch (op) {
            case NOP -> {
            }
            case ACONST_NULL -> push(st, OBJECT, fx);
            case ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_3, ICONST_4, ICONST_5, BIPUSH, SIPUSH -> push(st, INT, fx);
            case LCONST_0, LCONST_1 -> push(st, LONG, fx);
            case FCONST_0, FCONST_1, FCONST_2 -> push(st, FLOAT, fx);
            case DCONST_0, DCONST_1 -> push(st, DOUBLE, fx);
            case LDC, LDC_W, LDC2_W -> push(st, tagOf(linkage.ldc(s).kind()), fx);
            case ILOAD, ILOAD_0, ILOAD_1, ILOAD_2, ILOAD_3 -> load(st, localOf(s), INT, fx);
            case LLOAD, LLOAD_0, LLOAD_1, LLOAD_2, LLOAD_3 -> load(st, localOf(s), LONG, fx);
            case FLOAD, FLOAD_0, FLOAD_1, FLOAD_2, FLOAD_3 -> load(st, localOf(s), FLOAT, fx);
            case DLOAD, DLOAD_0, DLOAD_1, DLOAD_2, DLOAD_3 -> load(st, localOf(s), DOUBLE, fx);
            case ALOAD, ALOAD_0, ALOAD_1, ALOAD_2, ALOAD_3 -> load(st, localOf(s), OBJECT, fx);
            case ISTORE, ISTORE_0, ISTORE_1, ISTORE_2, ISTORE_3 -> store(st, localOf(s), INT, fx);
            case LSTORE, LSTORE_0, LSTORE_1, LSTORE_2, LSTORE_3 -> store(st, localOf(s), LONG, fx);
            case FSTORE, FSTORE_0, FSTORE_1, FSTORE_2, FSTORE_3 -> store(st, localOf(s), FLOAT, fx);
            case DSTORE, DSTORE_0, DSTORE_1, DSTORE_2, DSTORE_3 -> store(st, localOf(s), DOUBLE, fx);
            case ASTORE, ASTORE_0, ASTORE_1, ASTORE_2, ASTORE_3 -> store(st, localOf(s), OBJECT, fx);
            case IALOAD, BALOAD, CALOAD, SALOAD -> arrayLoad(st, INT, fx);
            case LALOAD -> arrayLoad(st, LONG, fx);
            case FALOAD -> arrayLoad(st, FLOAT, fx);
            case DALOAD -> arrayLoad(st, DOUBLE, fx);
            case AALOAD -> arrayLoad(st, OBJECT, fx);
            case IASTORE, BASTORE, CASTORE, SASTORE -> arrayStore(st, INT, fx);
            case LASTORE -> arrayStore(st, LONG, fx);
            case FASTORE -> arrayStore(st, FLOAT, fx);
            case DASTORE -> arrayStore(st, DOUBLE, fx);
            case AASTORE -> arrayStore(st, OBJECT, fx);
            case POP -> {
                category1(st, st.sp - 1);
                st.sp -= 1;
            }
            case POP2 -> {
                need(st, 2);
                st.sp -= 2;
            }
            case DUP, DUP_X1, DUP_X2, DUP2, DUP2_X1, DUP2_X2, SWAP -> {
                if (op == DUP || op == DUP_X1 || op == SWAP) {
                    category1(st, st.sp - 1);
                }
                if (op == DUP_X1 || op == SWAP) {
                    category1(st, st.sp - 2);
                }
                if (op == DUP_X2 && st.sp >= 3 && st.stack[st.sp - 2] != HIGH) {
                    category1(st, st.sp - 3);
                }
                need(st, shuffleDepth(op));
                permute(st, fx, shuffleDepth(op), shuffleOrder(op));
            }
            case IADD, ISUB, IMUL, IDIV, IREM, IAND, IOR, IXOR, ISHL, ISHR, IUSHR -> binary(st, INT, INT, INT, fx);
            case LADD, LSUB, LMUL, LDIV, LREM, LAND, LOR, LXOR -> binary(st, LONG, LONG, LONG, fx);
            case LSHL, LSHR, LUSHR -> binary(st, LONG, INT, LONG, fx);
            case FADD, FSUB, FMUL, FDIV, FREM -> binary(st, FLOAT, FLOAT, FLOAT, fx);
            case DADD, DSUB, DMUL, DDIV, DREM -> binary(st, DOUBLE, DOUBLE, DOUBLE, fx);
            case INEG -> unary(st, INT, INT, fx);
            case LNEG -> unary(st, LONG, LONG, fx);
            case FNEG -> unary(st, FLOAT, FLOAT, fx);
            case DNEG -> unary(st, DOUBLE, DOUBLE, fx);
            case IINC -> {
                int i = s.localIndex();
                expectLocal(st, i, INT);
                fx.readLocal(i);
                setLocal(st, i, INT);
                fx.writeLocal(i);
            }
            case I2L -> unary(st, INT, LONG, fx);
            case I2F -> unary(st, INT, FLOAT, fx);
            case I2D -> unary(st, INT, DOUBLE, fx);
            case L2I -> unary(st, LONG, INT, fx);
            case L2F -> unary(st, LONG, FLOAT, fx);
            case L2D -> unary(st, LONG, DOUBLE, fx);
            case F2I -> unary(st, FLOAT, INT, fx);
            case F2L -> unary(st, FLOAT, LONG, fx);
            case F2D -> unary(st, FLOAT, DOUBLE, fx);
            case D2I -> unary(st, DOUBLE, INT, fx);
            case D2L -> unary(st, DOUBLE, LONG, fx);
            case D2F -> unary(st, DOUBLE, FLOAT, fx);
            case I2B, I2C, I2S -> unary(st, INT, INT, fx);
            case LCMP -> binary(st, LONG, LONG, INT, fx);
            case FCMPL, FCMPG -> binary(st, FLOAT, FLOAT, INT, fx);
            case DCMPL, DCMPG -> binary(st, DOUBLE, DOUBLE, INT, fx);
            case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE, TABLESWITCH, LOOKUPSWITCH -> pop(st, INT, fx);
            case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE -> {
                pop(st, INT, fx);
                pop(st, INT, fx);
            }
            case IF_ACMPEQ, IF_ACMPNE -> {
                pop(st, OBJECT, fx);
                pop(st, OBJECT, fx);
            }
            case IFNULL, IFNONNULL, ATHROW, MONITOREXIT -> {
                pop(st, OBJECT, fx);
                if (op == MONITOREXIT) {
                    if (st.locks == 0) {
                        throw new BailoutException(BailoutException.Reason.UNBALANCED_MONITORS, "monitorexit without lock at bci " + s.bci());
                    }
                    st.locks--;
                }
            }
            case MONITORENTER -> {
                pop(st, OBJECT, fx);
                fx.writeLock(st.locks);
                st.locks++;
                maxLocks = IntMath.max(maxLocks, st.locks);
            }
            case GOTO, GOTO_W -> {
            }
            case RETURN -> returning(st, s);
            case IRETURN, LRETURN, FRETURN, DRETURN, ARETURN -> {
                pop(st, switch (op) {
                    case IRETURN -> INT;
                    case LRETURN -> LONG;
                    case FRETURN -> FLOAT;
                    case DRETURN -> DOUBLE;
                    default -> OBJECT;
                }, fx);
                returning(st, s);
            }
            case GETSTATIC -> push(st, tagOf(linkage.field(s).getJavaKind().getStackKind()), fx);
            case PUTSTATIC -> pop(st, tagOf(linkage.field(s).getJavaKind().getStackKind()), fx);
            case GETFIELD -> {
                pop(st, OBJECT, fx);
                push(st, tagOf(linkage.field(s).getJavaKind().getStackKind()), fx);
            }
            case PUTFIELD -> {
                pop(st, tagOf(linkage.field(s).getJavaKind().getStackKind()), fx);
                pop(st, OBJECT, fx);
            }
            case INVOKEVIRTUAL, INVOKESPECIAL, INVOKESTATIC, INVOKEINTERFACE, INVOKEDYNAMIC -> {
                Linkage.CallSite cs = linkage.callSite(s);
                JavaKind[] args = cs.argumentKinds();
                for (int i = args.length - 1; i >= 0; i--) {
                    pop(st, tagOf(args[i]), fx);
                }
                if (cs.returnKind() != JavaKind.Void) {
                    push(st, tagOf(cs.returnKind()), fx);
                }
            }
            case NEW -> push(st, OBJECT, fx);
            case NEWARRAY, ANEWARRAY -> unary(st, INT, OBJECT, fx);
            case ARRAYLENGTH -> unary(st, OBJECT, INT, fx);
            case CHECKCAST -> unary(st, OBJECT, OBJECT, fx);
            case INSTANCEOF -> unary(st, OBJECT, INT, fx);
            case MULTIANEWARRAY -> {
                int dims = s.multiNewArrayDimensions();
                if (dims < 1) {
                    throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "multianewarray with 0 dimensions");
                }
                for (int i = 0; i < dims; i++) {
                    pop(st, INT, fx);
                }
                push(st, OBJECT, fx);
            }
            default -> throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "unexpected " + Bytecodes.nameOf(op) + " at bci " + s.bci());
        }
    }

    /** dup..swap: how many top slots the instruction rearranges. */
    public static int shuffleDepth(int op) {
        return switch (op) {
            case DUP -> 1;
            case DUP_X1, DUP2, SWAP -> 2;
            case DUP_X2, DUP2_X1 -> 3;
            case DUP2_X2 -> 4;
            default -> throw new IllegalArgumentException(Bytecodes.nameOf(op));
        };
    }

    /**
     * dup..swap: the new top slots, as indices into the old top {@link #shuffleDepth} slots (0 = deepest);
     * shared, do not modify.
     * One table serves every form of an instruction (JVMS 6.5 dup2_x2 forms 1-4 all read this way),
     * because a long or double moves as two adjacent slots.
     */
    public static int[] shuffleOrder(int op) {
        return switch (op) {
            case DUP -> ORDER_DUP;
            case DUP_X1 -> ORDER_DUP_X1;
            case DUP_X2 -> ORDER_DUP_X2;
            case DUP2 -> ORDER_DUP2;
            case DUP2_X1 -> ORDER_DUP2_X1;
            case DUP2_X2 -> ORDER_DUP2_X2;
            case SWAP -> ORDER_SWAP;
            default -> throw new IllegalArgumentException(Bytecodes.nameOf(op));
        };
    }

    // The tables of shuffleOrder: shared, never modified.
    private static final int[] ORDER_DUP = {0, 0};
    private static final int[] ORDER_DUP_X1 = {1, 0, 1};
    private static final int[] ORDER_DUP_X2 = {2, 0, 1, 2};
    private static final int[] ORDER_DUP2 = {0, 1, 0, 1};
    private static final int[] ORDER_DUP2_X1 = {1, 2, 0, 1, 2};
    private static final int[] ORDER_DUP2_X2 = {2, 3, 0, 1, 2, 3};
    private static final int[] ORDER_SWAP = {1, 0};

    /** Reads the stack and lock slots a frame state at this point names. */
    public static void frameStateReads(Shape st, Effects fx) {
        for (int i = 0; i < st.sp; i++) {
            if (st.stack[i] != HIGH) {
                fx.readStack(i);
            }
        }
        for (int i = 0; i < st.locks; i++) {
            fx.readLock(i);
        }
    }

    public static byte tagOf(JavaKind k) {
        return switch (k.getStackKind()) {
            case Int -> INT;
            case Long -> LONG;
            case Float -> FLOAT;
            case Double -> DOUBLE;
            case Object -> OBJECT;
            default -> throw new IllegalArgumentException(k.toString());
        };
    }

    public static JavaKind kindOf(byte tag) {
        return switch (tag) {
            case INT -> JavaKind.Int;
            case LONG -> JavaKind.Long;
            case FLOAT -> JavaKind.Float;
            case DOUBLE -> JavaKind.Double;
            case OBJECT -> JavaKind.Object;
            default -> null;
        };
    }

    public static boolean twoSlots(byte tag) {
        return tag == LONG || tag == DOUBLE;
    }

    private static int localOf(BytecodeStream s) {
        int op = s.opcode();
        // xLOAD_n / xSTORE_n come in groups of four after their base (iload_0 = 26 ...).
        if (op >= ILOAD_0 && op <= ALOAD_3) {
            return (op - ILOAD_0) % 4;
        }
        if (op >= ISTORE_0 && op <= ASTORE_3) {
            return (op - ISTORE_0) % 4;
        }
        return s.localIndex();
    }

    private void need(Shape st, int slots) {
        if (st.sp < slots) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack underflow");
        }
    }

    private int category1(Shape st, int slot) {
        if (slot < 0 || st.stack[slot] == HIGH || twoSlots(st.stack[slot])) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "expected a category-1 value in stack slot " + slot);
        }
        return slot;
    }

    private void push(Shape st, byte tag, Effects fx) {
        int need = twoSlots(tag) ? 2 : 1;
        if (st.sp + need > maxStack) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack overflow");
        }
        st.stack[st.sp] = tag;
        fx.writeStack(st.sp);
        if (need == 2) {
            st.stack[st.sp + 1] = HIGH;
        }
        st.sp += need;
    }

    /**
     * A return holds no lock but a synchronized method's own: HotSpot's compiled code requires
     * structured locking (the interpreter would release the others and throw
     * IllegalMonitorStateException), so the method is refused.
     */
    private void returning(Shape st, BytecodeStream s) {
        if (st.locks != (map.method().isSynchronized() ? 1 : 0)) {
            throw new BailoutException(BailoutException.Reason.UNBALANCED_MONITORS, "return holding " + st.locks + " lock(s) at bci " + s.bci());
        }
    }

    private void pop(Shape st, byte tag, Effects fx) {
        int slots = twoSlots(tag) ? 2 : 1;
        need(st, slots);
        int at = st.sp - slots;
        if (st.stack[at] != tag) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack slot " + at + " holds tag " + st.stack[at] + ", expected " + tag);
        }
        fx.readStack(at);
        st.sp = at;
    }

    /**
     * Generic stack shuffle over the top {@code depth} slots: the new top slots are {@code order}
     * (indices into the old top slots, 0 = deepest). Reads every old value that moves; a two-slot
     * value is read through its first slot and moves as a unit.
     */
    private void permute(Shape st, Effects fx, int depth, int[] order) {
        int base = st.sp - depth;
        byte[] old = CompilerArrays.copyOfRange(st.stack, base, st.sp);
        for (int i = 0; i < depth; i++) {
            if (old[i] == HIGH && (i == 0)) {
                throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack shuffle splits a long or double");
            }
        }
        if (old[depth - 1] != HIGH && twoSlots(old[depth - 1])) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack shuffle splits a long or double");
        }
        for (int i = 0; i < depth; i++) {
            if (old[i] != HIGH) {
                fx.readStack(base + i);
            }
        }
        if (base + order.length > maxStack) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack overflow");
        }
        for (int i = 0; i < order.length; i++) {
            byte t = old[order[i]];
            st.stack[base + i] = t;
            if (t == HIGH && (i == 0 || !twoSlots(st.stack[base + i - 1]))) {
                throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "stack shuffle splits a long or double");
            }
            if (t != HIGH) {
                fx.writeStack(base + i);
            }
        }
        st.sp = base + order.length;
    }

    private void load(Shape st, int index, byte tag, Effects fx) {
        expectLocal(st, index, tag);
        fx.readLocal(index);
        push(st, tag, fx);
    }

    private void store(Shape st, int index, byte tag, Effects fx) {
        pop(st, tag, fx);
        setLocal(st, index, tag);
        fx.writeLocal(index);
    }

    private void expectLocal(Shape st, int index, byte tag) {
        if (index >= maxLocals || (twoSlots(tag) && index + 1 >= maxLocals)) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "local " + index + " out of range");
        }
        if (st.locals[index] != tag) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "local " + index + " holds tag " + st.locals[index] + ", expected " + tag);
        }
    }

    private void setLocal(Shape st, int index, byte tag) {
        if (index >= maxLocals || (twoSlots(tag) && index + 1 >= maxLocals)) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "local " + index + " out of range");
        }
        setLocalTag(st.locals, index, tag);
    }

    /** Records a store of a {@code tag} value to local {@code index} (in range). */
    public static void setLocalTag(byte[] locals, int index, byte tag) {
        // Overwriting half of a long/double invalidates the other half (JVMS 2.6.1).
        if (index > 0 && twoSlots(locals[index - 1])) {
            locals[index - 1] = TOP;
        }
        if (twoSlots(locals[index]) && index + 1 < locals.length) {
            locals[index + 1] = TOP;
        }
        locals[index] = tag;
        if (twoSlots(tag)) {
            if (index + 2 < locals.length && twoSlots(locals[index + 1])) {
                locals[index + 2] = TOP;
            }
            locals[index + 1] = HIGH;
        }
    }

    private void binary(Shape st, byte x, byte y, byte result, Effects fx) {
        pop(st, y, fx);
        pop(st, x, fx);
        push(st, result, fx);
    }

    private void unary(Shape st, byte x, byte result, Effects fx) {
        pop(st, x, fx);
        push(st, result, fx);
    }

    private void arrayLoad(Shape st, byte element, Effects fx) {
        pop(st, INT, fx);
        pop(st, OBJECT, fx);
        push(st, element, fx);
    }

    private void arrayStore(Shape st, byte element, Effects fx) {
        pop(st, element, fx);
        pop(st, INT, fx);
        pop(st, OBJECT, fx);
    }
}
