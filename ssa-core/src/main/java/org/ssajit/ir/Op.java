package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * The operations of {@link Instruction}s. Arithmetic takes its kind from the instruction
 * (Int, Long, Float or Double); conversions name their source and target kinds like the bytecodes.
 */
public enum Op {
    // Arithmetic and logic. Shift counts are Int operands; the shifted value has the instruction's kind.
    ADD("add", Flags.PURE | Flags.COMMUTATIVE),
    SUB("sub", Flags.PURE),
    MUL("mul", Flags.PURE | Flags.COMMUTATIVE),
    /** Integer division throws ArithmeticException on a zero divisor; float division does not. */
    DIV("div", 0),
    REM("rem", 0),
    NEG("neg", Flags.PURE),
    AND("and", Flags.PURE | Flags.COMMUTATIVE),
    OR("or", Flags.PURE | Flags.COMMUTATIVE),
    XOR("xor", Flags.PURE | Flags.COMMUTATIVE),
    SHL("shl", Flags.PURE),
    SHR("shr", Flags.PURE),
    USHR("ushr", Flags.PURE),

    // Conversions.
    I2L("i2l", JavaKind.Int, JavaKind.Long),
    I2F("i2f", JavaKind.Int, JavaKind.Float),
    I2D("i2d", JavaKind.Int, JavaKind.Double),
    L2I("l2i", JavaKind.Long, JavaKind.Int),
    L2F("l2f", JavaKind.Long, JavaKind.Float),
    L2D("l2d", JavaKind.Long, JavaKind.Double),
    F2I("f2i", JavaKind.Float, JavaKind.Int),
    F2L("f2l", JavaKind.Float, JavaKind.Long),
    F2D("f2d", JavaKind.Float, JavaKind.Double),
    D2I("d2i", JavaKind.Double, JavaKind.Int),
    D2L("d2l", JavaKind.Double, JavaKind.Long),
    D2F("d2f", JavaKind.Double, JavaKind.Float),
    I2B("i2b", JavaKind.Int, JavaKind.Int),
    I2C("i2c", JavaKind.Int, JavaKind.Int),
    I2S("i2s", JavaKind.Int, JavaKind.Int),

    // Three-way comparisons producing -1, 0 or 1; the *L/*G variants differ on NaN.
    LCMP("lcmp", JavaKind.Long, JavaKind.Int),
    FCMPL("fcmpl", JavaKind.Float, JavaKind.Int),
    FCMPG("fcmpg", JavaKind.Float, JavaKind.Int),
    DCMPL("dcmpl", JavaKind.Double, JavaKind.Int),
    DCMPG("dcmpg", JavaKind.Double, JavaKind.Int),

    // Memory. Attribute: FieldRef for fields, the element JavaKind for arrays.
    LOAD_FIELD("loadfield", Flags.MEMORY_READ),
    STORE_FIELD("storefield", Flags.MEMORY_WRITE),
    LOAD_INDEXED("loadindexed", Flags.MEMORY_READ),
    STORE_INDEXED("storeindexed", Flags.MEMORY_WRITE),
    /** Array lengths never change, so this reads no mutable memory. */
    ARRAY_LENGTH("arraylength", 0),
    /**
     * The array's length, or 0 for a null array: never throws, so it can be computed anywhere (before
     * a loop), and an access that bounds-checks against it fails for a null array too. Only as the
     * {@linkplain Instruction#checkedLength() checked length} of array accesses.
     */
    ARRAY_LENGTH_OR_ZERO("lengthorzero", Flags.PURE),
    /**
     * A counted loop of stores of one value into consecutive elements, done at once where it can be
     * (see {@code opt.LoopFill}). Inputs: array, from, last, value, length (the array's length, or 0
     * for a null array: what the loop's stores check against). Attribute: the element JavaKind.
     * Stores {@code value} into elements {@code from .. r - 1} and produces {@code r}, which is either
     * {@code from} (nothing stored) or, only if {@code 0 <= from <= last < length}, {@code last + 1};
     * where both are allowed the implementation picks (machine code leaves short ranges to the loop).
     * Never throws: the loop, started at {@code r}, does what is left, its checks included.
     */
    FILL("fill", Flags.MEMORY_WRITE),

    // Objects. Attribute: the JavaType (instance type, array element type, multi-array type, cast type).
    NEW_INSTANCE("new", Flags.ALLOCATION),
    NEW_ARRAY("newarray", Flags.ALLOCATION),
    NEW_MULTI_ARRAY("newmultiarray", Flags.ALLOCATION),
    CHECKCAST("checkcast", 0),
    INSTANCEOF("instanceof", 0),
    MONITOR_ENTER("monitorenter", Flags.MEMORY_WRITE),
    MONITOR_EXIT("monitorexit", Flags.MEMORY_WRITE),

    /** Attribute: InvokeTarget. Inputs: the arguments, receiver first. */
    INVOKE("invoke", Flags.MEMORY_WRITE),

    /** The exception caught by a handler; the first instruction of a handler block. */
    EXCEPTION_OBJECT("exception", 0),
    /** An ldc whose constant-pool entry is not resolved yet. Attribute: LdcRef. */
    LOAD_CONSTANT("ldc", 0),
    /**
     * The value of a local when an on-stack-replacement compile is entered from the interpreter, in
     * the entry block of an OSR graph ({@link Graph#osrBci()}). Attribute: the local's index (Integer).
     */
    OSR_LOCAL("osrlocal", 0);

    static final class Flags {
        static final int PURE = 1;
        static final int COMMUTATIVE = 2;
        static final int MEMORY_READ = 4;
        static final int MEMORY_WRITE = 8;
        static final int ALLOCATION = 16;
    }

    private final String mnemonic;
    private final int flags;
    private final JavaKind from;
    private final JavaKind to;

    Op(String mnemonic, int flags) {
        this.mnemonic = mnemonic;
        this.flags = flags;
        this.from = null;
        this.to = null;
    }

    Op(String mnemonic, JavaKind from, JavaKind to) {
        this.mnemonic = mnemonic;
        this.flags = Flags.PURE;
        this.from = from;
        this.to = to;
    }

    public String mnemonic() {
        return mnemonic;
    }

    /**
     * No side effect, no exception, result depends only on the operands. DIV and REM are pure only for
     * float and double; see {@link Instruction#isPure()}.
     */
    public boolean isPure() {
        return (flags & Flags.PURE) != 0;
    }

    public boolean isCommutative() {
        return (flags & Flags.COMMUTATIVE) != 0;
    }

    public boolean readsMemory() {
        return (flags & Flags.MEMORY_READ) != 0;
    }

    public boolean writesMemory() {
        return (flags & Flags.MEMORY_WRITE) != 0;
    }

    public boolean allocates() {
        return (flags & Flags.ALLOCATION) != 0;
    }

    /** Conversions and three-way comparisons: their operand kind. */
    public JavaKind fromKind() {
        return from;
    }

    /** Conversions and three-way comparisons: their result kind. */
    public JavaKind toKind() {
        return to;
    }

    public boolean isConversion() {
        return ordinal() >= I2L.ordinal() && ordinal() <= I2S.ordinal();
    }

    public boolean isCompare() {
        return ordinal() >= LCMP.ordinal() && ordinal() <= DCMPG.ordinal();
    }

    public boolean isBinaryArithmetic() {
        return ordinal() <= USHR.ordinal() && this != NEG;
    }

    public boolean isShift() {
        return this == SHL || this == SHR || this == USHR;
    }
}
