package org.ssajit.opt;

import org.ssajit.util.CompilerMap;
import java.util.Arrays;
import java.util.Map;

import org.ssajit.ir.Operation;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Rounding;
import org.ssajit.ir.UnsafeAccess;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaField;

/**
 * Every instruction the parser creates passes through here (libFirm's {@code optimize_node}): constant
 * folding, then arithmetic simplification, then local value numbering, then - only if none of them
 * produced an existing value - a new instruction appended to the current block. These are the
 * conservative on-the-fly optimizations of Braun et al. Section 3.1; copy propagation needs no code
 * at all, because a store to a local just records the stored value as the variable's definition.
 *
 * <p>Every rule keeps exact Java semantics: integer division by zero is never folded (it must throw),
 * float and double get no algebraic identities (NaN and -0.0 break them), only folding computed by
 * Java itself. Value numbering merges pure instructions anywhere in the block; array reads merge only
 * if no array store, call, monitor, allocation or volatile access came between (a "memory epoch");
 * plain field reads take the value last read or stored at that field of that object unless a store
 * to the field, call, monitor, allocation or volatile access came between ({@link #loadField}).
 *
 * <p>With {@code optimize == false} everything is appended as parsed (constants stay interned: equal
 * constants are one value, which is identity, not optimization).
 */
public final class NodeFactory {
    private final Graph graph;
    private final boolean optimize;
    private final Map<Key, Value> valueTable = new CompilerMap<>();
    /** Known values of plain fields in the current block: loaded or stored since the last kill. */
    private final Map<FieldLocation, Value> fieldValues = new CompilerMap<>();
    private Block block;
    private int memoryEpoch;
    private int folded;
    private int simplified;
    private int numbered;

    public NodeFactory(Graph graph, boolean optimize) {
        this.graph = graph;
        this.optimize = optimize;
    }

    public Graph graph() {
        return graph;
    }

    public boolean optimizing() {
        return optimize;
    }

    /** Starts appending to {@code b}. Value numbering is local: the table starts empty. */
    public void setBlock(Block b) {
        block = b;
        valueTable.clear();
        fieldValues.clear();
        memoryEpoch = 0;
    }

    public Block block() {
        return block;
    }

    /** Instructions replaced by a constant. */
    public int foldedCount() {
        return folded;
    }

    /** Instructions replaced by an operand or a cheaper instruction. */
    public int simplifiedCount() {
        return simplified;
    }

    /** Instructions replaced by an equal earlier instruction of the block. */
    public int numberedCount() {
        return numbered;
    }

    // Arithmetic -----------------------------------------------------------------------------------

    /**
     * ADD..USHR and DIV/REM. {@code state} is the frame state of a trapping division; it is attached if a
     * division that may throw is emitted and dropped otherwise.
     */
    public Value binary(Op op, JavaKind kind, Value x, Value y, int bci, FrameState state) {
        if (optimize) {
            if (x instanceof Constant cx && y instanceof Constant cy) {
                JavaConstant r = ConstantFolder.binary(op, kind, cx.value(), cy.value());
                if (r != null) {
                    folded++;
                    return dropState(state, graph.constant(r));
                }
            }
            if (op.isCommutative() && x instanceof Constant && !(y instanceof Constant)) {
                Value t = x;
                x = y;
                y = t;
            }
            if (kind == JavaKind.Int || kind == JavaKind.Long) {
                Value s = simplifyIntegral(op, kind, x, y, bci);
                if (s != null) {
                    simplified++;
                    return dropState(state, s);
                }
            }
        }
        Instruction i = new Instruction(graph, op, kind, null, bci, x, y);
        return emit(i, state);
    }

    /** Identities of two's-complement int and long arithmetic; null if none applies. */
    private Value simplifyIntegral(Op op, JavaKind kind, Value x, Value y, int bci) {
        boolean isLong = kind == JavaKind.Long;
        Long c = y instanceof Constant cy ? (op.isShift() || !isLong ? Long.valueOf(cy.asInt()) : Long.valueOf(cy.asLong())) : null;
        switch (op) {
            case ADD:
                if (c != null && c == 0) {
                    return x;
                }
                break;
            case SUB:
                if (c != null && c == 0) {
                    return x;
                }
                if (x == y) {
                    return zero(kind);
                }
                if (x instanceof Constant cx && (isLong ? cx.asLong() == 0 : cx.asInt() == 0)) {
                    return negate(kind, y, bci);
                }
                break;
            case MUL:
                if (c != null) {
                    if (c == 0) {
                        return zero(kind);
                    }
                    if (c == 1) {
                        return x;
                    }
                    if (c == -1) {
                        return negate(kind, x, bci);
                    }
                }
                break;
            case DIV:
                if (c != null) {
                    if (c == 1) {
                        return x;
                    }
                    if (c == -1) {
                        return negate(kind, x, bci); // MIN_VALUE / -1 == MIN_VALUE == -MIN_VALUE
                    }
                }
                break;
            case REM:
                if (c != null && (c == 1 || c == -1)) {
                    return zero(kind); // MIN_VALUE % -1 == 0
                }
                break;
            case AND:
                if (c != null) {
                    if (c == 0) {
                        return zero(kind);
                    }
                    if (c == -1) {
                        return x;
                    }
                    // A mask of the low bits that x's range already fits in (a boolean's & 1, an
                    // unsigned byte's & 0xff): 0 <= x <= c = 2^k - 1, so x has no bit outside c.
                    if (c > 0 && (c & (c + 1)) == 0 && fitsInLowBits(x, c)) {
                        return x;
                    }
                }
                if (x == y) {
                    return x;
                }
                break;
            case OR:
                if (c != null) {
                    if (c == 0) {
                        return x;
                    }
                    if (c == -1) {
                        return y;
                    }
                }
                if (x == y) {
                    return x;
                }
                break;
            case XOR:
                if (c != null && c == 0) {
                    return x;
                }
                if (x == y) {
                    return zero(kind);
                }
                break;
            case SHL:
            case SHR:
            case USHR:
                if (c != null && (c & (isLong ? 63 : 31)) == 0) {
                    return x; // the count is masked: x << 32 == x for ints
                }
                if (x instanceof Constant cx && (isLong ? cx.asLong() == 0 : cx.asInt() == 0)) {
                    return x;
                }
                break;
            default:
                break;
        }
        return null;
    }

    private Value zero(JavaKind kind) {
        return kind == JavaKind.Long ? graph.longConstant(0) : graph.intConstant(0);
    }

    public Value negate(JavaKind kind, Value x, int bci) {
        if (optimize) {
            if (x instanceof Constant cx) {
                folded++;
                return graph.constant(ConstantFolder.negate(kind, cx.value()));
            }
            if ((kind == JavaKind.Int || kind == JavaKind.Long) && x instanceof Instruction ix && ix.op() == Op.NEG) {
                simplified++;
                return ix.input(0); // -(-x) == x in two's complement, MIN_VALUE included
            }
        }
        return emit(new Instruction(graph, Op.NEG, kind, null, bci, x), null);
    }

    public Value convert(Op op, Value x, int bci) {
        if (optimize) {
            if (x instanceof Constant cx) {
                JavaConstant r = ConstantFolder.convert(op, cx.value());
                if (r != null) {
                    folded++;
                    return graph.constant(r);
                }
            }
            if (x instanceof Instruction ix) {
                Value s = simplifyConversion(op, ix);
                if (s != null) {
                    simplified++;
                    return s;
                }
            }
        }
        return emit(new Instruction(graph, op, op.toKind(), null, bci, x), null);
    }

    private static Value simplifyConversion(Op op, Instruction x) {
        Operation inner = x.op();
        if (op == Op.L2I && inner == Op.I2L) {
            return x.input(0); // (int) (long) i == i
        }
        if (op == inner && (op == Op.I2B || op == Op.I2C || op == Op.I2S)) {
            return x; // narrowing twice to the same width
        }
        if (op == Op.I2S && inner == Op.I2B) {
            return x; // a byte already fits in a short
        }
        if ((op == Op.L2D_RAW && inner == Op.D2L_RAW) || (op == Op.D2L_RAW && inner == Op.L2D_RAW) || (op == Op.I2F_RAW && inner == Op.F2I_RAW)
                        || (op == Op.F2I_RAW && inner == Op.I2F_RAW)) {
            return x.input(0); // the bits there and back: every bit kept
        }
        return null;
    }

    /** A Float or Double square root ({@link Op#SQRT}). */
    public Value sqrt(JavaKind kind, Value x, int bci) {
        if (optimize && x instanceof Constant cx) {
            JavaConstant r = ConstantFolder.sqrt(kind, cx.value());
            if (r != null) {
                folded++;
                return graph.constant(r);
            }
        }
        return emit(new Instruction(graph, Op.SQRT, kind, null, bci, x), null);
    }

    /**
     * {@code x.getClass()} ({@link Op#CLASS_OF}: null for null), or {@code exactClass}, the mirror of
     * x's class where it is known exactly (else null). The caller has checked x for null before it:
     * wherever the result is used, x is not null.
     */
    public Value classOf(Value x, JavaConstant exactClass, int bci) {
        if (optimize) {
            if (x instanceof Constant c && c.isNull()) {
                folded++;
                return graph.nullConstant();
            }
            if (exactClass != null) {
                folded++;
                return graph.constant(exactClass);
            }
        }
        return emit(new Instruction(graph, Op.CLASS_OF, JavaKind.Object, null, bci, x), null);
    }

    /**
     * {@code Thread.currentThread()} ({@link Op#CURRENT_THREAD}): reused within a block until memory is
     * written (a call may mount or unmount a virtual thread).
     */
    public Value currentThread(int bci) {
        return emitMemoryRead(new Instruction(graph, Op.CURRENT_THREAD, JavaKind.Object, null, bci), null);
    }

    /** {@code Math.floor}, {@code ceil} or {@code rint} of a double ({@link Op#ROUND}); folded for constants but NaN. */
    public Value round(Rounding mode, Value x, int bci) {
        if (optimize && x instanceof Constant cx && !Double.isNaN(cx.value().asDouble())) {
            folded++;
            return graph.constant(JavaConstant.forDouble(mode.apply(cx.value().asDouble())));
        }
        return emit(new Instruction(graph, Op.ROUND, JavaKind.Double, mode, bci, x), null);
    }

    public Value compare(Op op, Value x, Value y, int bci) {
        if (optimize) {
            if (x instanceof Constant cx && y instanceof Constant cy) {
                folded++;
                return graph.constant(ConstantFolder.compare(op, cx.value(), cy.value()));
            }
            if (op == Op.LCMP && x == y) {
                simplified++;
                return graph.intConstant(0); // not for floats: NaN compares unordered with itself
            }
        }
        return emit(new Instruction(graph, op, JavaKind.Int, null, bci, x, y), null);
    }

    /**
     * The outcome of {@code x cond y} if it is known at compile time, else null. Ints compare as
     * signed; references by identity.
     */
    public Boolean foldCondition(Condition cond, Value x, Value y) {
        if (!optimize) {
            return null;
        }
        if (x == y) {
            folded++;
            return cond.reflexive();
        }
        if (x instanceof Constant cx && y instanceof Constant cy) {
            if (x.kind() == JavaKind.Int) {
                folded++;
                return cond.test(cx.asInt(), cy.asInt());
            }
            // References: null against non-null is decided; two non-null constants are left alone.
            if (cx.isNull() != cy.isNull()) {
                folded++;
                return cond == Condition.NE;
            }
            return null;
        }
        if (x.kind() == JavaKind.Object && (cond == Condition.EQ || cond == Condition.NE)) {
            if ((isNullConstant(y) && isNonNull(x)) || (isNullConstant(x) && isNonNull(y))) {
                folded++;
                return cond == Condition.NE;
            }
        }
        return null;
    }

    private static boolean isNullConstant(Value v) {
        return v instanceof Constant c && c.isNull();
    }

    /**
     * Whether {@code v} is known, while parsing, to lie in {@code [0, mask]}: a constant, a stamp
     * already set, a type test's 0 or 1, a char loaded or converted. (Stamps are inferred over the
     * whole graph later; a parameter's declared char or boolean type proves nothing, since bytecode
     * may pass any int.)
     */
    public static boolean fitsInLowBits(Value v, long mask) {
        Stamp st = v.stamp();
        if ((st.kind() == JavaKind.Int || st.kind() == JavaKind.Long) && st.lo() >= 0 && st.hi() <= mask) {
            return true;
        }
        if (v instanceof Instruction i && i.op() instanceof Op op) {
            return switch (op) {
                case INSTANCEOF, CLASS_IS, CLASS_IS_INSTANCE -> mask >= 1;
                case I2C -> mask >= 0xffff;
                case LOAD_FIELD, LOAD_INDEXED -> i.kind() == JavaKind.Int && (op == Op.LOAD_FIELD ? i.field().kind() : i.elementKind()) == JavaKind.Char && mask >= 0xffff;
                default -> false;
            };
        }
        return false;
    }

    /** Values that can never be null: new objects, caught exceptions, the receiver, non-null constants. */
    public static boolean isNonNull(Value v) {
        if (v instanceof Constant c) {
            return !c.isNull();
        }
        if (v instanceof Parameter p) {
            return p.isReceiver();
        }
        if (v instanceof Instruction i && i.op() instanceof Op op) {
            return switch (op) {
                case NEW_INSTANCE, NEW_ARRAY, NEW_MULTI_ARRAY, EXCEPTION_OBJECT, CURRENT_THREAD -> true;
                case CLASS_OF -> isNonNull(i.input(0));
                default -> false;
            };
        }
        return false;
    }

    // Memory and objects ---------------------------------------------------------------------------

    /**
     * A field read. A plain (non-volatile, resolved) field read earlier in the block, or stored earlier
     * in the block, with no store to that field (through any object: references may alias), call,
     * monitor, allocation or volatile access in between, gives its value instead (store-to-load
     * forwarding: a thread always sees its own writes). Stored values are forwarded only for fields of
     * a stack kind; a byte, short, char or boolean field narrows what is stored into it.
     */
    public Value loadField(FieldRef field, Value object, int bci, FrameState state) {
        Instruction i = object == null ? new Instruction(graph, Op.LOAD_FIELD, field.kind().getStackKind(), field, bci)
                        : new Instruction(graph, Op.LOAD_FIELD, field.kind().getStackKind(), field, bci, object);
        if (field.isVolatile() || !field.isResolved()) {
            // A volatile read is an acquire: later reads must not move above it.
            Value v = emit(i, state);
            killMemory();
            return v;
        }
        if (!optimize) {
            return append(i, state);
        }
        return lookUpOrAppend(fieldValues, new FieldLocation(field, object), i, state);
    }

    public void storeField(FieldRef field, Value object, Value value, int bci, FrameState state) {
        Instruction i = object == null ? new Instruction(graph, Op.STORE_FIELD, JavaKind.Void, field, bci, value)
                        : new Instruction(graph, Op.STORE_FIELD, JavaKind.Void, field, bci, object, value);
        append(i, state);
        if (field.isVolatile() || !field.isResolved()) {
            killMemory();
            return;
        }
        // Array elements and other fields are other locations: only this field's known values go.
        fieldValues.keySet().removeIf(l -> l.mayAlias(field));
        if (field.kind() == field.kind().getStackKind()) {
            fieldValues.put(new FieldLocation(field, object), value);
        }
    }

    /**
     * An {@code Unsafe} get ({@link Op#UNSAFE_READ}). Not numbered: it may read any field or element,
     * and a field store does not end the memory epoch. A volatile one is an acquire: later reads must
     * not move above it, so the block's known memory values go.
     */
    public Value unsafeRead(UnsafeAccess access, Value object, Value offset, int bci) {
        Instruction i = new Instruction(graph, Op.UNSAFE_READ, access.kind().getStackKind(), access, bci, object, offset);
        append(i, null);
        if (access.isVolatile()) {
            killMemory();
        }
        return i;
    }

    /** An {@code Unsafe} put ({@link Op#UNSAFE_WRITE}): it may write any field or element, so every known memory value goes. */
    public void unsafeWrite(UnsafeAccess access, Value object, Value offset, Value value, int bci) {
        append(new Instruction(graph, Op.UNSAFE_WRITE, JavaKind.Void, access, bci, object, offset, value), null);
        killMemory();
    }

    /** An {@code Unsafe} compare-and-set ({@link Op#UNSAFE_CAS}): a volatile read and write of any field or element, so every known memory value goes. */
    public Value unsafeCompareAndSet(UnsafeAccess access, Value object, Value offset, Value expected, Value value, int bci) {
        Instruction i = new Instruction(graph, Op.UNSAFE_CAS, JavaKind.Int, access, bci, object, offset, expected, value);
        append(i, null);
        killMemory();
        return i;
    }

    public Value loadIndexed(JavaKind elementKind, Value array, Value index, int bci, FrameState state) {
        return emitMemoryRead(new Instruction(graph, Op.LOAD_INDEXED, elementKind.getStackKind(), elementKind, bci, array, index), state);
    }

    public void storeIndexed(JavaKind elementKind, Value array, Value index, Value value, int bci, FrameState state) {
        emitSideEffect(new Instruction(graph, Op.STORE_INDEXED, JavaKind.Void, elementKind, bci, array, index, value), state);
    }

    public Value arrayLength(Value array, int bci, FrameState state) {
        if (optimize && array instanceof Instruction a && a.op() == Op.NEW_ARRAY) {
            // The allocation succeeded, so its length operand was a valid (non-negative) length.
            simplified++;
            return dropState(state, a.input(0));
        }
        Instruction i = new Instruction(graph, Op.ARRAY_LENGTH, JavaKind.Int, null, bci, array);
        // Array lengths never change: number them across stores too.
        return emitNumbered(i, state, false);
    }

    /** Calls, allocations, monitors, type checks, unresolved constants: appended as they are. */
    public Value emitSideEffect(Instruction i, FrameState state) {
        Value v = emit(i, state);
        if (i.op() == Op.STORE_INDEXED) {
            memoryEpoch++; // array elements only: fields are other locations
        } else if (i.op().writesMemory() || i.op().allocates()) {
            killMemory();
        }
        return v;
    }

    /** Forgets every memory value of the block: after a call, monitor, allocation or volatile access. */
    private void killMemory() {
        memoryEpoch++;
        fieldValues.clear();
    }

    /**
     * A field of an object (or a static field: object null). Two locations of different fields may
     * still be one memory location if the field references differ but name the same field, so
     * {@link #mayAlias} compares the resolved field's offset and staticness, not the reference.
     */
    private record FieldLocation(FieldRef field, Value object) {
        // equals and hashCode written out, as FieldRef's.
        @Override
        public boolean equals(Object o) {
            return o instanceof FieldLocation l && l.object == object && l.field.equals(field);
        }

        @Override
        public int hashCode() {
            return field.hashCode() * 31 + (object == null ? 0 : object.hashCode());
        }

        boolean mayAlias(FieldRef other) {
            if (field.equals(other)) {
                return true;
            }
            return field.isStatic() == other.isStatic() && field.field() instanceof ResolvedJavaField a && other.field() instanceof ResolvedJavaField b
                            && a.getOffset() == b.getOffset();
        }
    }

    private Value emitMemoryRead(Instruction i, FrameState state) {
        return emitNumbered(i, state, true);
    }

    // Emission ---------------------------------------------------------------------------------------

    private Value emit(Instruction i, FrameState state) {
        if (optimize && i.isPure()) {
            return emitNumbered(i, state, false);
        }
        return append(i, state);
    }

    private Value emitNumbered(Instruction i, FrameState state, boolean memory) {
        if (!optimize) {
            return append(i, state);
        }
        return lookUpOrAppend(valueTable, new Key(i, memory ? memoryEpoch : -1), i, state);
    }

    /** The value {@code table} knows for {@code key} (then {@code i} is dropped), else {@code i} appended and recorded. */
    private <K> Value lookUpOrAppend(Map<K, Value> table, K key, Instruction i, FrameState state) {
        Value existing = table.get(key);
        if (existing != null) {
            numbered++;
            i.clearInputs(); // never appended
            return dropState(state, existing);
        }
        table.put(key, i);
        return append(i, state);
    }

    private Value append(Instruction i, FrameState state) {
        if (state != null) {
            if (i.canThrow() || i.op().writesMemory() || i.op().allocates()) {
                i.setState(state);
            } else {
                state.clearInputs();
            }
        }
        block.append(i);
        return i;
    }

    private static Value dropState(FrameState state, Value result) {
        if (state != null) {
            state.clearInputs();
        }
        return result;
    }

    /** Value-numbering key: the operation, its attribute, its operands, and for reads the memory epoch. */
    static final class Key {
        private final Operation op;
        private final JavaKind kind;
        private final Object attribute;
        private final Value[] inputs;
        private final int epoch;
        private final int hash;

        Key(Instruction i, int epoch) {
            this.op = i.op();
            this.kind = i.kind();
            this.attribute = i.attribute();
            Value[] in = new Value[i.inputCount()];
            for (int k = 0; k < in.length; k++) {
                in[k] = i.input(k);
            }
            if (op.isCommutative() && in.length == 2 && in[0].id() > in[1].id()) {
                Value t = in[0];
                in[0] = in[1];
                in[1] = t;
            }
            this.inputs = in;
            this.epoch = epoch;
            // Both enums, compared by identity in equals; their identity hashes, not Enum.hashCode (the JDK's code).
            int h = System.identityHashCode(op) * 31 + System.identityHashCode(kind);
            h = h * 31 + (attribute == null ? 0 : attribute.hashCode());
            for (Value v : in) {
                h = h * 31 + System.identityHashCode(v);
            }
            this.hash = h * 31 + epoch;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key k) || k.hash != hash || k.op != op || k.kind != kind || k.epoch != epoch) {
                return false;
            }
            if (!java.util.Objects.equals(attribute, k.attribute) || inputs.length != k.inputs.length) {
                return false;
            }
            for (int i = 0; i < inputs.length; i++) {
                if (inputs[i] != k.inputs[i]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return op + Arrays.toString(inputs) + "@" + epoch;
        }
    }
}
