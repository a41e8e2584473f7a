package org.ssajit.ir;

import static org.ssajit.ir.Op.Kinds.*;
import static org.ssajit.ir.Operation.Declaration.in;
import static org.ssajit.ir.Operation.Declaration.instanceOnly;
import static org.ssajit.ir.Operation.Declaration.optional;
import static org.ssajit.ir.Operation.Declaration.variadic;
import static org.ssajit.ir.Operation.Flags.*;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;

/**
 * The Java-level and target-neutral {@link Operation}s of {@link Instruction}s, each declared once
 * with everything generic code needs to know about it: its inputs by name ({@link In}) with the kind
 * each must have, the kind of its result, the type of its attribute and its effects. The verifier
 * checks instructions against these declarations, printers name optional inputs from them, and
 * {@link Instruction#input(In)} finds an input by name; only what an op computes is written per op
 * (the interpreters, instruction selection). The machine-level ops a lowering makes these into are
 * another enum's, declared with that lowering (codegen-core's HotSpot dialect); this one's ops with
 * Java semantics ({@link #isHighLevel}) are never in a lowered graph.
 *
 * <p>Arithmetic takes its kind from the instruction (Int, Long, Float or Double); conversions name
 * their source and target kinds like the bytecodes.
 */
public enum Op implements Operation {
    // Arithmetic and logic. Shift counts are Int operands; the shifted value has the instruction's kind.
    ADD("add", PURE | COMMUTATIVE, SAME, in(In.X, SAME), in(In.Y, SAME)),
    SUB("sub", PURE, SAME, in(In.X, SAME), in(In.Y, SAME)),
    MUL("mul", PURE | COMMUTATIVE, SAME, in(In.X, SAME), in(In.Y, SAME)),
    /** Integer division throws ArithmeticException on a zero divisor; float division does not. */
    DIV("div", 0, SAME, in(In.X, SAME), in(In.Y, SAME)),
    REM("rem", 0, SAME, in(In.X, SAME), in(In.Y, SAME)),
    NEG("neg", PURE, SAME, in(In.X, SAME)),
    AND("and", PURE | COMMUTATIVE, SAME, in(In.X, SAME), in(In.Y, SAME)),
    OR("or", PURE | COMMUTATIVE, SAME, in(In.X, SAME), in(In.Y, SAME)),
    XOR("xor", PURE | COMMUTATIVE, SAME, in(In.X, SAME), in(In.Y, SAME)),
    SHL("shl", PURE, SAME, in(In.X, SAME), in(In.COUNT, INT)),
    SHR("shr", PURE, SAME, in(In.X, SAME), in(In.COUNT, INT)),
    USHR("ushr", PURE, SAME, in(In.X, SAME), in(In.COUNT, INT)),
    /**
     * The square root of a Float or Double, correctly rounded as IEEE 754 defines it ({@code Math.sqrt},
     * {@code StrictMath.sqrt}): NaN for a negative operand or NaN, -0.0 for -0.0.
     */
    SQRT("sqrt", PURE, SAME, in(In.X, SAME)),
    /** A double rounded to an integral double as its attribute says ({@link Rounding}): Math.floor, ceil, rint. */
    ROUND("round", PURE, SAME, Rounding.class, in(In.X, SAME)),

    // Conversions.
    I2L("i2l", JavaKind.Int, JavaKind.Long, 1),
    I2F("i2f", JavaKind.Int, JavaKind.Float, 1),
    I2D("i2d", JavaKind.Int, JavaKind.Double, 1),
    L2I("l2i", JavaKind.Long, JavaKind.Int, 1),
    L2F("l2f", JavaKind.Long, JavaKind.Float, 1),
    L2D("l2d", JavaKind.Long, JavaKind.Double, 1),
    F2I("f2i", JavaKind.Float, JavaKind.Int, 1),
    F2L("f2l", JavaKind.Float, JavaKind.Long, 1),
    F2D("f2d", JavaKind.Float, JavaKind.Double, 1),
    D2I("d2i", JavaKind.Double, JavaKind.Int, 1),
    D2L("d2l", JavaKind.Double, JavaKind.Long, 1),
    D2F("d2f", JavaKind.Double, JavaKind.Float, 1),
    I2B("i2b", JavaKind.Int, JavaKind.Int, 1),
    I2C("i2c", JavaKind.Int, JavaKind.Int, 1),
    I2S("i2s", JavaKind.Int, JavaKind.Int, 1),
    /**
     * The bits of a float or double as an int or long, and back ({@code Float.floatToRawIntBits},
     * {@code Float.intBitsToFloat}, {@code Double.doubleToRawLongBits}, {@code Double.longBitsToDouble}):
     * every bit kept, a NaN's payload and sign included.
     */
    F2I_RAW("f2iraw", JavaKind.Float, JavaKind.Int, 1),
    I2F_RAW("i2fraw", JavaKind.Int, JavaKind.Float, 1),
    D2L_RAW("d2lraw", JavaKind.Double, JavaKind.Long, 1),
    L2D_RAW("l2draw", JavaKind.Long, JavaKind.Double, 1),

    // Bit counts of an int or a long, as an int: Integer's and Long's numberOfLeadingZeros (32 or 64
    // for zero), numberOfTrailingZeros (the same for zero) and bitCount.
    ILZCNT("ilzcnt", JavaKind.Int, JavaKind.Int, 1),
    LLZCNT("llzcnt", JavaKind.Long, JavaKind.Int, 1),
    ITZCNT("itzcnt", JavaKind.Int, JavaKind.Int, 1),
    LTZCNT("ltzcnt", JavaKind.Long, JavaKind.Int, 1),
    IPOPCNT("ipopcnt", JavaKind.Int, JavaKind.Int, 1),
    LPOPCNT("lpopcnt", JavaKind.Long, JavaKind.Int, 1),

    // Three-way comparisons producing -1, 0 or 1; the *L/*G variants differ on NaN.
    LCMP("lcmp", JavaKind.Long, JavaKind.Int, 2),
    FCMPL("fcmpl", JavaKind.Float, JavaKind.Int, 2),
    FCMPG("fcmpg", JavaKind.Float, JavaKind.Int, 2),
    DCMPL("dcmpl", JavaKind.Double, JavaKind.Int, 2),
    DCMPG("dcmpg", JavaKind.Double, JavaKind.Int, 2),

    // Memory. Attribute: FieldRef for fields, the element JavaKind for arrays.
    /** Input {@code object} only for an instance field. */
    LOAD_FIELD("loadfield", MEMORY_READ | CAN_THROW | HIGH, FIELD, FieldRef.class, instanceOnly(In.OBJECT)),
    STORE_FIELD("storefield", MEMORY_WRITE | CAN_THROW | HIGH, VOID, FieldRef.class, instanceOnly(In.OBJECT), in(In.VALUE, FIELD)),
    /**
     * {@code checkedLength}: a length the access may check its index against instead of reading the
     * array's length; see {@link Instruction#checkedLength()}.
     */
    LOAD_INDEXED("loadindexed", MEMORY_READ | CAN_THROW | HIGH, ELEMENT, JavaKind.class, in(In.ARRAY, OBJECT), in(In.INDEX, INT),
                    optional(In.CHECKED_LENGTH, INT)),
    STORE_INDEXED("storeindexed", MEMORY_WRITE | CAN_THROW | HIGH, VOID, JavaKind.class, in(In.ARRAY, OBJECT), in(In.INDEX, INT), in(In.VALUE, ELEMENT),
                    optional(In.CHECKED_LENGTH, INT)),
    /** Array lengths never change, so this reads no mutable memory. */
    ARRAY_LENGTH("arraylength", CAN_THROW | HIGH, INT, in(In.ARRAY, OBJECT)),
    /**
     * The array's length, or 0 for a null array: never throws, so it can be computed anywhere (before
     * a loop), and an access that bounds-checks against it fails for a null array too. Only as the
     * {@linkplain Instruction#checkedLength() checked length} of array accesses.
     */
    ARRAY_LENGTH_OR_ZERO("lengthorzero", PURE | HIGH, INT, in(In.ARRAY, OBJECT)),
    /**
     * A counted loop of stores of one value into consecutive elements, done at once where it can be
     * (see {@code opt.LoopFill}). {@code length}: the array's length, or 0 for a null array (what the
     * loop's stores check against). Attribute: the element JavaKind. Stores {@code value} into
     * elements {@code from .. r - 1} and produces {@code r}, which is either {@code from} (nothing
     * stored) or, only if {@code 0 <= from <= last < length}, {@code last + 1}; where both are allowed
     * the implementation picks (machine code leaves short ranges to the loop). Never throws: the loop,
     * started at {@code r}, does what is left, its checks included.
     */
    FILL("fill", MEMORY_WRITE | NO_STATE | HIGH, INT, JavaKind.class, in(In.ARRAY, OBJECT), in(In.FROM, INT), in(In.LAST, INT), in(In.VALUE, ELEMENT),
                    in(In.LENGTH, INT)),

    // Objects. Attribute: the JavaType (instance type, array element type, multi-array type, cast type).
    NEW_INSTANCE("new", ALLOCATION | CAN_THROW | HIGH, OBJECT, JavaType.class),
    NEW_ARRAY("newarray", ALLOCATION | CAN_THROW | HIGH, OBJECT, JavaType.class, in(In.LENGTH, INT)),
    NEW_MULTI_ARRAY("newmultiarray", ALLOCATION | CAN_THROW | HIGH, OBJECT, JavaType.class, variadic(In.DIMENSIONS, INT)),
    CHECKCAST("checkcast", CAN_THROW | HIGH, OBJECT, JavaType.class, in(In.OBJECT, OBJECT)),
    /** Throws only while its type is unresolved (a linkage error). */
    INSTANCEOF("instanceof", HIGH, INT, JavaType.class, in(In.OBJECT, OBJECT)),
    /**
     * 1 if {@code object} is not null and its class is exactly the attribute's (a resolved class, not
     * an interface, abstract class or array class), else 0: a subclass gives 0. The guard of a call
     * inlined for the receiver class its profile saw. Reads only the object's class, which never changes.
     */
    CLASS_IS("classis", PURE | HIGH, INT, jdk.vm.ci.meta.ResolvedJavaType.class, in(In.OBJECT, OBJECT)),
    /**
     * {@code mirror.isInstance(object)} of a {@code Class} not known while compiling: 1 if
     * {@code object} is not null and an instance of the class {@code mirror} stands for, else 0 (0 for
     * a primitive type's mirror). The call's null check is a {@link #RECEIVER_CHECK} before it; being
     * defined for a null {@code mirror} (0), it may run where that check has not (moved out of a
     * loop). Reads only classes and a mirror's class pointer, none of which ever changes.
     */
    CLASS_IS_INSTANCE("isinstance", PURE | HIGH, INT, in(In.MIRROR, OBJECT), in(In.OBJECT, OBJECT)),
    /**
     * Attribute: none for the bytecode (its state the one before it, the object on the stack), or
     * {@link MethodLock} for an inlined synchronized method's own lock (its state holds the lock).
     */
    MONITOR_ENTER("monitorenter", MEMORY_WRITE | CAN_THROW | HIGH, VOID, MethodLock.class, in(In.OBJECT, OBJECT)),
    /** Attribute: none for the bytecode, or {@link MethodLock} for an inlined synchronized method's own unlock. */
    MONITOR_EXIT("monitorexit", MEMORY_WRITE | CAN_THROW | HIGH, VOID, MethodLock.class, in(In.OBJECT, OBJECT)),

    /** Attribute: InvokeTarget. Inputs: the arguments, receiver first (an appendix last). */
    INVOKE("invoke", MEMORY_WRITE | CAN_THROW | HIGH, RETURN, InvokeTarget.class, variadic(In.ARGUMENTS, ANY)),

    /**
     * The receiver check of an inlined call: throws NullPointerException if {@code object} is null,
     * as the invoke it stands for would (its state is the invoke's, before it).
     */
    RECEIVER_CHECK("receivercheck", CAN_THROW | HIGH, VOID, in(In.OBJECT, OBJECT)),

    /**
     * The return of an inlined constructor of a class with final instance fields: the writes before it
     * stay before any store after it, which may publish the object (the Java memory model's freeze of
     * final fields, JLS 17.5). The lowering makes it the StoreStore barrier a compiled constructor's
     * own returns get.
     */
    FREEZE("freeze", MEMORY_READ | MEMORY_WRITE | NO_STATE | HIGH, VOID),

    /** The exception caught by a handler; the first instruction of a handler block. */
    EXCEPTION_OBJECT("exception", HIGH, OBJECT),
    /** An ldc whose constant-pool entry is not resolved yet. Attribute: LdcRef. */
    LOAD_CONSTANT("ldc", CAN_THROW | HIGH, ANY, LdcRef.class),
    /**
     * The value of a local when an on-stack-replacement compile is entered from the interpreter, in
     * the entry block of an OSR graph ({@link Graph#osrBci()}). Attribute: the local's index (Integer).
     */
    OSR_LOCAL("osrlocal", 0, ANY, Integer.class),
    /**
     * The object of a monitor the interpreter frame holds when an on-stack-replacement compile is
     * entered, in the entry block of an OSR graph. Attribute: the lock's depth (Integer, 0 the
     * outermost); the frame's BasicLock of that depth is taken over with it.
     */
    OSR_LOCK("osrlock", 0, OBJECT, Integer.class),
    /**
     * The {@code java.lang.Class} of {@code object}, null if it is null: what {@code Object.getClass}
     * returns, whose null check is a {@link #RECEIVER_CHECK} before it (or the object's stamp). Reads
     * the object's class and that class's mirror, neither of which ever changes, so it is pure; being
     * defined for null, it may run where its check has not (moved out of a loop).
     */
    CLASS_OF("classof", PURE, OBJECT, in(In.OBJECT, OBJECT)),
    /**
     * What {@code Thread.currentThread} returns: the thread object running the code, the virtual
     * thread while one is mounted. A memory read, never reused across another instruction that writes
     * memory: code that mounts or unmounts a virtual thread (a call) changes it.
     */
    CURRENT_THREAD("currentthread", MEMORY_READ, OBJECT),

    /**
     * {@code jdk.internal.misc.Unsafe}'s {@code get} of the attribute's kind ({@link UnsafeAccess}):
     * reads {@code object + offset}, or the absolute address {@code offset} when the object is null.
     * Never throws; an address that is not the program's is its undefined behaviour, as under the
     * native. Not numbered with other reads: nothing says which field or element it reads.
     */
    UNSAFE_READ("unsaferead", MEMORY_READ | HIGH, ATTRIBUTE, UnsafeAccess.class, in(In.OBJECT, OBJECT), in(In.OFFSET, LONG)),
    /** {@code Unsafe}'s {@code put} of the attribute's kind: writes {@code value} to {@code object + offset} (as {@link #UNSAFE_READ}). */
    UNSAFE_WRITE("unsafewrite", MEMORY_WRITE | NO_STATE | HIGH, VOID, UnsafeAccess.class, in(In.OBJECT, OBJECT), in(In.OFFSET, LONG),
                    in(In.VALUE, ATTRIBUTE)),
    /**
     * {@code Unsafe.compareAndSetInt}, {@code compareAndSetLong} or {@code compareAndSetReference} (the attribute's kind): atomically,
     * if {@code object + offset} holds {@code expected}, writes {@code value} there; 1 if it did, else
     * 0. Ordered as a volatile read and a volatile write are (as {@link #UNSAFE_READ} for the address).
     */
    UNSAFE_CAS("unsafecas", MEMORY_READ | MEMORY_WRITE | NO_STATE | HIGH, INT, UnsafeAccess.class, in(In.OBJECT, OBJECT), in(In.OFFSET, LONG),
                    in(In.EXPECTED, ATTRIBUTE), in(In.VALUE, ATTRIBUTE)),
    /**
     * {@code Object.<init>}'s return: if {@code object}'s class has a finalizer, registers it through
     * the VM (the interpreter's {@code _return_register_finalizer}). Its state is the one before the
     * return: if the VM throws (out of memory), the frame deoptimizes there and the interpreter
     * registers or throws. The lowering expands it (the class's flag tested, a call of the VM in a
     * cold block); no back end selects it.
     */
    REGISTER_FINALIZER("registerfinalizer", MEMORY_READ | MEMORY_WRITE | DEOPTIMIZES, VOID, in(In.OBJECT, OBJECT)),
    /**
     * Leaves the compiled code for the interpreter, which resumes at its state (re-executing the
     * bytecode of the state's bci), for the reason its attribute names: the side of a branch that
     * the profile never saw taken ({@code UnreachedCode}). The frame ends here; the block's
     * terminator is never reached. The lowering makes it the target's deoptimization, whose action
     * invalidates the code and has the method profiled again.
     */
    UNCOMMON_TRAP("uncommontrap", DEOPTIMIZES | ENDS_FRAME | HIGH, VOID, jdk.vm.ci.meta.DeoptimizationReason.class);

    /** An input's role, the name by which generic code and {@link Instruction#input(In)} find it. */
    public enum In {
        X, Y, COUNT, OBJECT, ARRAY, INDEX, VALUE, CHECKED_LENGTH, FROM, LAST, LENGTH, DIMENSIONS, ARGUMENTS, BASE, DIVISOR, CONDITION, SOURCE, SOURCE_INDEX,
        DESTINATION, DESTINATION_INDEX, EXPECTED, OFFSET, MIRROR, ELEMENT_CLASS;

        /** The name as printed, e.g. {@code checkedLength}. */
        public String label() {
            String s = name().toLowerCase(java.util.Locale.ROOT);
            int u = s.indexOf('_');
            return u < 0 ? s : s.substring(0, u) + Character.toUpperCase(s.charAt(u + 1)) + s.substring(u + 2);
        }
    }

    /** What kind a value (an input or the result) must have. */
    public enum Kinds {
        INT, LONG, OBJECT, VOID,
        /** The instruction's own kind (arithmetic: Int, Long, Float or Double). */
        SAME,
        /** A conversion's or comparison's source kind ({@link Op#fromKind()}). */
        FROM,
        /** A conversion's or comparison's result kind ({@link Op#toKind()}). */
        TO,
        /** The stack kind of the element kind in the attribute. */
        ELEMENT,
        /** The stack kind of the field in the attribute. */
        FIELD,
        /** The stack kind of the invoked method's return type. */
        RETURN,
        /** The kind the attribute gives ({@link Operation#attributeKind}): a dialect's access's value kind, a call's return kind. */
        ATTRIBUTE,
        /**
         * A raw machine word: kind Long, never a reference. A lowered graph computes with words (a
         * class pointer, a mark word, an address): no reference map holds one, the register allocator
         * treats them as 64-bit integers, and branches compare them as such. A word read from memory
         * stays valid wherever it flows; a word derived from an object's address ({@link
         * Operation.DerivedWords}) is valid only until the collector can move the object, so the
         * verifier rejects one live across a safepoint or in a frame state.
         */
        WORD,
        /** The base of a memory access: a reference, or a word (an address outside the heap, a class's metadata). */
        BASE,
        /** Any kind. */
        ANY
    }

    /** When an input is there. */
    public enum Presence {
        ALWAYS,
        /** The last input, there or not. */
        OPTIONAL,
        /** There for an instance field, not for a static one. */
        INSTANCE_FIELD,
        /** Zero or more, the rest of the inputs. */
        VARIADIC
    }

    /** One declared input. */
    public record Input(In name, Kinds kind, Presence presence) {
    }

    private final Declaration declaration;

    Op(String mnemonic, int flags, Kinds result, Input... inputs) {
        this(mnemonic, flags, result, null, inputs);
    }

    Op(String mnemonic, int flags, Kinds result, Class<?> attributeType, Input... inputs) {
        this.declaration = new Declaration(mnemonic, flags, result, attributeType, inputs);
    }

    /** A conversion (one input) or a three-way comparison (two). */
    Op(String mnemonic, JavaKind from, JavaKind to, int arity) {
        this.declaration = new Declaration(mnemonic, PURE, from, to, TO, null, DerivedWords.PROPAGATES,
                        arity == 2 ? new Input[] {in(In.X, FROM), in(In.Y, FROM)} : new Input[] {in(In.X, FROM)});
    }

    @Override
    public Declaration declaration() {
        return declaration;
    }

    @Override
    public int id() {
        return ordinal();
    }

    /**
     * Whether {@code i} has Java semantics that the HotSpot lowering must make explicit: the
     * Java-level memory, object and call ops, and integer division and remainder (with their
     * exception); such an instruction is never in a lowered graph.
     */
    public static boolean isHighLevel(Instruction i) {
        Operation op = i.op();
        if (op == DIV || op == REM) {
            return i.kind() == JavaKind.Int || i.kind() == JavaKind.Long || op == REM;
        }
        return op.declaration().has(HIGH);
    }

    /** The kind {@link Kinds#ATTRIBUTE} stands for: an unsafe access's value kind. */
    @Override
    public JavaKind attributeKind(Instruction i) {
        if (this == UNSAFE_READ || this == UNSAFE_WRITE || this == UNSAFE_CAS) {
            return i.attribute(UnsafeAccess.class).kind().getStackKind();
        }
        return Operation.super.attributeKind(i);
    }

    @Override
    public boolean attributeOptional() {
        return this == MONITOR_ENTER || this == MONITOR_EXIT;
    }

    @Override
    public boolean isConversion() {
        return ordinal() >= I2L.ordinal() && ordinal() <= L2D_RAW.ordinal();
    }

    /** Whether this is one of the bit counts ({@link #ILZCNT} to {@link #LPOPCNT}). */
    public boolean isBitCount() {
        return ordinal() >= ILZCNT.ordinal() && ordinal() <= LPOPCNT.ordinal();
    }

    @Override
    public boolean isCompare() {
        return ordinal() >= LCMP.ordinal() && ordinal() <= DCMPG.ordinal();
    }

    @Override
    public boolean isBinaryArithmetic() {
        return ordinal() <= USHR.ordinal() && this != NEG;
    }

    @Override
    public boolean isShift() {
        return this == SHL || this == SHR || this == USHR;
    }
}
