package org.ssajit.ir;

import static org.ssajit.ir.Op.Flags.*;
import static org.ssajit.ir.Op.Kinds.*;

import java.util.List;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;

/**
 * The operations of {@link Instruction}s, each declared once with everything generic code needs to
 * know about it: its inputs by name ({@link In}) with the kind each must have, the kind of its
 * result, the type of its attribute and its effects. The verifier checks instructions against these
 * declarations, printers name optional inputs from them, and {@link Instruction#input(In)} finds an
 * input by name; only what an op computes is written per op (the interpreters, instruction selection).
 *
 * <p>Arithmetic takes its kind from the instruction (Int, Long, Float or Double); conversions name
 * their source and target kinds like the bytecodes.
 */
public enum Op {
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
    MONITOR_ENTER("monitorenter", MEMORY_WRITE | CAN_THROW | HIGH, VOID, in(In.OBJECT, OBJECT)),
    MONITOR_EXIT("monitorexit", MEMORY_WRITE | CAN_THROW | HIGH, VOID, in(In.OBJECT, OBJECT)),

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

    // Lowered: what codegen-core's HotSpot lowering turns the Java-level ops above into, with the VM's
    // layout, checks and deoptimizations explicit. Target-neutral; a back end selects instructions for
    // these, the arithmetic, conversions and comparisons, and OSR_LOCAL, nothing else.
    //
    // Words: a lowered graph also computes with raw machine words (a class pointer, a mark word, an
    // address), values of kind Long (Kinds.WORD) that are never references: no reference map holds
    // one, the register allocator treats them as 64-bit integers, and branches compare them as such.
    // A word read from memory or made by METADATA stays valid wherever it flows; a word derived from an
    // object's address (ADDRESS_OF, and what is computed from it) is valid only until the collector
    // can move the object, so the verifier rejects one live across a safepoint or in a frame state.

    /** Deoptimizes (attribute: why, and what to do with the code) if {@code object} is null. */
    NULL_CHECK("nullcheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.OBJECT, OBJECT)),
    /** Deoptimizes unless {@code 0 <= index < length} (one unsigned comparison). */
    BOUNDS_CHECK("boundscheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.INDEX, INT), in(In.LENGTH, INT)),
    /** Deoptimizes if the int or long {@code divisor} is 0. */
    ZERO_CHECK("zerocheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.DIVISOR, ANY)),
    /** Deoptimizes (attribute: why, and what to do) unless {@code x} and {@code y} are the same object. */
    SAME_CHECK("samecheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.X, OBJECT), in(In.Y, OBJECT)),
    /** Deoptimizes, always: nothing after it runs. */
    DEOPTIMIZE("deoptimize", DEOPTIMIZES | LOW, VOID, Deopt.class),
    /**
     * Int or long division whose divisor a check before it proved non-zero: {@code MIN_VALUE / -1}
     * is {@code MIN_VALUE}. Not pure: it must not move above its check.
     */
    SDIV("sdiv", LOW, SAME, in(In.X, SAME), in(In.Y, SAME)),
    /** Int or long remainder, divisor non-zero: {@code MIN_VALUE % -1} is 0. Not pure, as {@link #SDIV}. */
    SREM("srem", LOW, SAME, in(In.X, SAME), in(In.Y, SAME)),
    /**
     * Reads {@code [base + index * scale + displacement]} (attribute: {@link Access}); the base is a
     * reference or a word. A read with a frame state is its base's implicit null check (the base a
     * reference): a null base faults (the displacement is inside the VM's protected page) and HotSpot
     * deoptimizes to that state.
     */
    READ("read", MEMORY_READ | LOW, ACCESS, Access.class, in(In.BASE, BASE), optional(In.INDEX, INT)),
    /** Writes {@code value} to {@code [base + index * scale + displacement]}; a frame state makes it an implicit null check, as {@link #READ}. */
    WRITE("write", MEMORY_WRITE | NO_STATE | LOW, VOID, Access.class, in(In.BASE, BASE), in(In.VALUE, ACCESS), optional(In.INDEX, INT)),
    /** {@code base == null ? 0 : [base + displacement]}: an array's length or 0. Never fails. */
    READ_OR_ZERO("readorzero", LOW, ACCESS, Access.class, in(In.BASE, OBJECT)),
    /**
     * {@link #FILL} with the VM's array layout (attribute: the element {@link Access}, displacement
     * the offset of element 0): the same inputs, the same result, never fails.
     */
    STORE_RANGE("storerange", MEMORY_WRITE | NO_STATE | LOW, INT, Access.class, in(In.ARRAY, OBJECT), in(In.FROM, INT), in(In.LAST, INT),
                    in(In.VALUE, ACCESS), in(In.LENGTH, INT)),
    /**
     * Copies {@code length} elements of the array {@code source} from element {@code sourceIndex} on
     * to the array {@code destination} from element {@code destinationIndex} on, as if through a
     * temporary array (the ranges may overlap): {@code System.arraycopy} once the lowering's branches
     * established that it cannot throw ({@code lowering.ArrayCopies}). The attribute is the element
     * {@link Access} of both arrays (displacement the offset of element 0); the indexes and the length
     * are non-negative longs, both ranges inside their arrays, both arrays not null and, for
     * references, every source element storable into the destination. Through the VM's copy stubs,
     * which apply the collector's barriers to references; never fails, never stops at a safepoint.
     */
    ARRAY_COPY("arraycopy", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, Access.class, in(In.SOURCE, OBJECT), in(In.SOURCE_INDEX, LONG),
                    in(In.DESTINATION, OBJECT), in(In.DESTINATION_INDEX, LONG), in(In.LENGTH, LONG)),
    /**
     * A reference from its narrow form (attribute: the VM's {@link NarrowEncoding} of oops; 0 is null),
     * or, of kind Long, a class pointer (a word) from its narrow form (the encoding of class pointers:
     * never 0, decoded without a null test).
     */
    UNCOMPRESS("uncompress", PURE | LOW, SAME, NarrowEncoding.class, in(In.X, INT)),
    /**
     * The address of the VM's metadata named by the attribute (a class's {@code Klass*} as a
     * {@code HotSpotMetaspaceConstant}): a word of kind Long, or, of kind Int, its narrow form (a
     * compressed class constant). Not known when the code is generated: the back end embeds a
     * placeholder with a data patch, which HotSpot fills in and records as a metadata relocation (what
     * keeps the class's loader alive while the code is). A value like a constant: no input, no effect.
     */
    METADATA("metadata", PURE | LOW, SAME, jdk.vm.ci.meta.VMConstant.class),
    /**
     * The address of {@code object} as a word (a card's address, a field's address are computed from
     * it). Valid only until the collector can move the object: it must not be live across a safepoint
     * nor be in a frame state (the verifier checks). Not pure: two at different points are different
     * values, and it must stay where it is.
     */
    ADDRESS_OF("addressof", LOW, WORD, in(In.OBJECT, OBJECT)),
    /**
     * The running thread's VM structure ({@code JavaThread*}) as a word: the base of the thread-local
     * words the lowering reads and writes (the current thread's handle, the TLAB, the collectors'
     * queues). Never derived from an object. A memory read, not pure: a virtual thread continues on
     * another carrier after a call that yields, so a value must not be reused across anything that
     * writes memory (the lowering makes one for each use).
     */
    THREAD("thread", MEMORY_READ | LOW, WORD),
    /** A reference's narrow form (attribute: the VM's {@link NarrowEncoding}); null is 0. */
    COMPRESS("compress", PURE | LOW, INT, NarrowEncoding.class, in(In.X, OBJECT)),
    /**
     * The collector's barrier before a reference store to {@code [base + index * scale +
     * displacement]} (attribute: a {@link GcBarrier} of a {@code pre} kind): G1's snapshot-at-the-beginning
     * barrier, which records the reference about to be overwritten while concurrent marking runs.
     * {@code base} is not null (the lowering checked it). Only while lowering: its last steps expand it
     * ({@code lowering.G1BarrierExpansion}); no back end selects it.
     */
    PRE_BARRIER("prebarrier", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, GcBarrier.class, in(In.BASE, OBJECT), optional(In.INDEX, INT)),
    /**
     * The collector's barrier after {@code value} was stored to {@code [base + index * scale +
     * displacement]} (attribute: a {@link GcBarrier} of a {@code post} kind): the card of the address
     * marked dirty (Serial, Parallel), or G1's filtered card marking and enqueueing. Only while
     * lowering: its last steps expand it ({@code lowering.BarrierExpansion}, {@code lowering.G1BarrierExpansion}).
     */
    POST_BARRIER("postbarrier", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, GcBarrier.class, in(In.BASE, OBJECT), in(In.VALUE, OBJECT),
                    optional(In.INDEX, INT)),
    /**
     * The {@code aastore} store check: 1 if {@code value} is null or an instance of the element class
     * of the non-null {@code array}'s class, else 0. Reads only class metadata that never changes.
     * Only while lowering: its last step ({@code lowering.TypeCheckExpansion}) expands it into reads,
     * compares and branches; no back end selects it.
     */
    STORE_CHECK("storecheck", PURE | LOW, INT, in(In.ARRAY, OBJECT), in(In.VALUE, OBJECT)),
    /** Orders memory accesses (attribute: an Integer of {@link MemoryBarriers} bits). */
    MEMBAR("membar", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, Integer.class),
    /**
     * A call of a linked Java method (attribute: {@link CallTarget}); inputs: the arguments, receiver
     * first (not null: the lowering checked it). Its state is the interpreter's during the call: the
     * invoke's bci with the arguments popped ({@link FrameState#duringCall}); if the callee throws, or
     * this frame is deoptimized while the callee runs, the interpreter continues from it.
     */
    CALL("call", MEMORY_WRITE | LOW, RETURN, CallTarget.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * A call of a C function of the VM that cannot safepoint or throw (attribute: {@link RuntimeLeaf}),
     * e.g. {@code frem}; inputs: its arguments. Pure: its result depends only on them.
     */
    LEAF_CALL("leafcall", PURE | LOW, SAME, RuntimeLeaf.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * A call of a C function of the VM that returns nothing and may read and write memory (attribute:
     * {@link RuntimeLeaf}); inputs: its arguments. It cannot safepoint or throw (no state), and every
     * register keeps its value: G1's barrier slow paths, off the fast path's register assignment.
     */
    LEAF_CALL_SAVING("leafcallsaving", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, RuntimeLeaf.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * 1 if {@code object} is an instance of the attribute's type ({@link TypeTest}), else 0; a null
     * reference gives what the attribute says. Reads only class metadata that never changes. Only
     * while lowering, expanded as {@link #STORE_CHECK} is.
     */
    TYPE_TEST("typetest", PURE | LOW, INT, TypeTest.class, in(In.OBJECT, OBJECT)),
    /** Deoptimizes (attribute: why, and what to do with the code) if {@code condition} is 0. */
    GUARD("guard", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.CONDITION, INT)),
    /**
     * {@code x} itself, with the narrower stamp a dominating check established (a checkcast's type):
     * later lowering decisions read it. Not pure: it must stay below its check.
     */
    PI("pi", LOW, OBJECT, in(In.X, OBJECT)),
    /**
     * A new object or array (attribute: {@link AllocationShape}; input {@code length} for an array),
     * zeroed, with its header: from the thread's allocation buffer, else from the VM; if the VM gives
     * none (out of memory, a negative length), deoptimizes to its state, before the bytecode. Only
     * while lowering: its last steps ({@code lowering.AllocationExpansion}) expand it into the buffer's
     * bump, the header's and zeros' writes, {@link #OBJECT_AT} and a {@link #VM_CALL} of the VM's allocation.
     */
    ALLOCATE("allocate", ALLOCATION | DEOPTIMIZES | LOW, OBJECT, AllocationShape.class, optional(In.LENGTH, INT)),
    /**
     * The object at word {@code x}, its header and zeros written: a reference from here on, the end of
     * an inline allocation. Before it the word is a not-yet-published object, which the verifier keeps
     * away from safepoints and frame states. Not pure: it stays after the writes that initialize it.
     */
    OBJECT_AT("objectat", LOW, OBJECT, in(In.X, WORD)),
    /**
     * A new instance of the class whose {@code java.lang.Class} is {@code object} (not null), zeroed,
     * with its header, from the thread's allocation buffer; null where that cannot be done inline: the
     * mirror of a primitive type or an array class, a class the VM allocates itself (abstract, an
     * interface, {@code java.lang.Class}: the slow-path bit of its layout helper), a class not fully
     * initialized, a full buffer. {@code Unsafe.allocateInstance}'s fast path, whose call takes the rest
     * ({@code lowering.InstanceAllocations}); never stops at a safepoint, needs no state. Only while
     * lowering: {@code lowering.AllocationExpansion} expands it into the class's tests, the buffer's
     * bump, the header's and zeros' writes and {@link #OBJECT_AT}; no back end selects it.
     */
    ALLOCATE_INSTANCE_OF("allocateinstanceof", ALLOCATION | NO_STATE | LOW, OBJECT, in(In.OBJECT, OBJECT)),
    /**
     * G1's keep-alive barrier for a reference just read from {@code Reference.referent}: while
     * concurrent marking runs, {@code value} (if not null) goes into the thread's SATB buffer, so that an
     * object only weakly reachable in marking's snapshot is not freed once the program holds it strongly.
     * Only while lowering, expanded as {@link #PRE_BARRIER} is.
     */
    KEEP_ALIVE("keepalive", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, in(In.VALUE, OBJECT)),
    /**
     * A new multi-dimensional array through the VM (attribute: the array class's metadata constant;
     * inputs: the dimensions, outermost first): if the VM gives none (out of memory, a negative
     * dimension), deoptimizes to its state, before the bytecode.
     */
    ALLOCATE_MULTI("allocatemulti", ALLOCATION | DEOPTIMIZES | LOW, OBJECT, jdk.vm.ci.meta.Constant.class, variadic(In.DIMENSIONS, INT)),
    /**
     * Locks {@code object} (not null) with the frame's monitor slot given by the attribute, the lock's
     * depth (0 the outermost): through the VM, which may block, safepoint and deoptimize this frame. Its
     * state is the one after the lock is held: the interpreter resumes at the bytecode that follows,
     * with the monitor in its frame.
     */
    LOCK("lock", MEMORY_READ | MEMORY_WRITE | LOW, VOID, Integer.class, in(In.OBJECT, OBJECT)),
    /**
     * 1 if the {@link #CALL} right before it in its block returned by throwing, else 0. HotSpot enters
     * the code's exception handler entry with the exception; for a call with a check after it, the
     * entry leaves the exception and the call's return address in the thread and resumes at that
     * address, where this op compares the thread's exception pc with it. Nothing that can safepoint or
     * call may come between the call and this op.
     */
    EXCEPTION_CHECK("exceptioncheck", MEMORY_READ | NO_STATE | LOW, INT),
    /**
     * {@code Object.<init>}'s return: if {@code object}'s class has a finalizer, registers it through
     * the VM (the interpreter's {@code _return_register_finalizer}). Its state is the one before the
     * return: if the VM throws (out of memory), the frame deoptimizes there and the interpreter
     * registers or throws. The lowering's {@code lowering.FinalizerExpansion} expands it into the
     * class's flag tested and a {@link #VM_CALL} in a cold block; no back end selects it.
     */
    REGISTER_FINALIZER("registerfinalizer", MEMORY_READ | MEMORY_WRITE | DEOPTIMIZES, VOID, in(In.OBJECT, OBJECT)),
    /**
     * A call of an entry of the VM that may safepoint, run Java code or fail (attribute: {@link VmEntry});
     * inputs: its arguments after the thread. Through the target's stub for the entry, with this op's
     * state as the call's; if the entry fails (no object, a status of 0), deoptimizes to that state, so
     * the interpreter does it again or throws. The lowering's expansions put it in their cold blocks.
     */
    VM_CALL("vmcall", MEMORY_READ | MEMORY_WRITE | DEOPTIMIZES | LOW, SAME, VmEntry.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * A new exception of the attribute's kind ({@link ImplicitException}), created by the VM as the
     * interpreter creates it for a failed check at this bytecode (the same class, message and stack
     * trace: the VM reads the bci from this op's state); inputs: what the message is made of (see
     * {@link ImplicitException}). Its state is the one before the bytecode: if the
     * frame is deoptimized meanwhile, the interpreter re-executes the bytecode and throws itself. A
     * failure while creating it (out of memory) gives that exception instead, as in the interpreter.
     */
    NEW_EXCEPTION("newexception", MEMORY_READ | MEMORY_WRITE | LOW, OBJECT, ImplicitException.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * Deoptimizes (attribute: why, and what to do) if the int {@code length} is negative: a
     * {@code newarray}/{@code anewarray} whose NegativeArraySizeException a handler of the method
     * catches in compiled code; the lowering's last step turns it into a branch to a
     * {@link #NEW_EXCEPTION} (a back end never sees it).
     */
    NEGATIVE_CHECK("negativecheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.LENGTH, INT)),
    /** The exception the call before an {@link #EXCEPTION_CHECK} of 1 threw, taken from the thread (which is left with none). */
    EXCEPTION_TAKE("exceptiontake", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, OBJECT),
    /**
     * Throws the non-null {@code exception} out of this frame: removes the frame and continues at the
     * handler the VM gives for the caller's call (its exception handler, the interpreter's rethrow
     * entry, the call stub's), as a callee's exception arrives there. No handler of the compiled
     * method, nor of a method inlined into it, takes it, and no frame holds a lock (the lowering
     * decides: {@code ExceptionDispatch.unwinds}). The last instruction of its block, before the
     * {@link Throw}, which is never reached; nothing runs after it in this frame.
     */
    UNWIND("unwind", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, in(In.OBJECT, OBJECT)),
    /**
     * Unlocks {@code object}, held by this frame in the monitor slot given by the attribute (the lock's
     * depth). Never blocks nor safepoints; its state, before the unlock, only describes the frame for
     * a VM that inspects the stack meanwhile.
     */
    UNLOCK("unlock", MEMORY_READ | MEMORY_WRITE | LOW, VOID, Integer.class, in(In.OBJECT, OBJECT)),
    /**
     * {@link #LOCK} done by the VM ({@code JVMCIRuntime::monitorenter(thread, object, BasicLock*)}, the
     * BasicLock the frame's monitor slot of the attribute's depth): the slow path of the lowering's
     * inline lock ({@code lowering.MonitorExpansion}), or the whole lock where it has none. May block,
     * safepoint and deoptimize this frame; its state is the one with the monitor held.
     */
    VM_LOCK("vmlock", MEMORY_READ | MEMORY_WRITE | LOW, VOID, Integer.class, in(In.OBJECT, OBJECT)),
    /**
     * {@link #UNLOCK} done by the VM ({@code JVMCIRuntime::monitorexit}, the BasicLock the monitor slot
     * of the attribute's depth): the slow path of the inline unlock. Never blocks nor safepoints.
     */
    VM_UNLOCK("vmunlock", MEMORY_READ | MEMORY_WRITE | LOW, VOID, Integer.class, in(In.OBJECT, OBJECT)),
    /**
     * Atomically: if the word at {@code [base + displacement]} equals {@code expected}, replaces it with
     * {@code value}; 1 if it did, else 0 (attribute: {@link AtomicUpdate}, the displacement and the
     * ordering). The base is a reference or a word; never fails, never stops at a safepoint.
     */
    COMPARE_AND_SWAP("cas", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, INT, AtomicUpdate.class, in(In.BASE, BASE), in(In.EXPECTED, LONG),
                    in(In.VALUE, LONG));

    /** An input's role, the name by which generic code and {@link Instruction#input(In)} find it. */
    public enum In {
        X, Y, COUNT, OBJECT, ARRAY, INDEX, VALUE, CHECKED_LENGTH, FROM, LAST, LENGTH, DIMENSIONS, ARGUMENTS, BASE, DIVISOR, CONDITION, SOURCE, SOURCE_INDEX,
        DESTINATION, DESTINATION_INDEX, EXPECTED;

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
        /** The value kind of the {@link Access} in the attribute ({@link Access#valueKind()}). */
        ACCESS,
        /** A raw machine word: kind Long, never a reference (see the lowered ops' comment). */
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

    static final class Flags {
        static final int PURE = 1;
        static final int COMMUTATIVE = 2;
        static final int MEMORY_READ = 4;
        static final int MEMORY_WRITE = 8;
        static final int ALLOCATION = 16;
        /** May throw (integer DIV/REM: only for int and long; see {@link Instruction#canThrow()}). */
        static final int CAN_THROW = 32;
        /** Writes memory but cannot fail, so no interpreter state is needed to resume at it. */
        static final int NO_STATE = 64;
        /** Deoptimizes when it fails: needs the state to resume in the interpreter at. */
        static final int DEOPTIMIZES = 128;
        /** Java-level: only in graphs not lowered yet (integer DIV and REM too; see {@link Op#isHighLevel}). */
        static final int HIGH = 256;
        /** Machine-level: only in lowered graphs. */
        static final int LOW = 512;
    }

    private static Input in(In name, Kinds kind) {
        return new Input(name, kind, Presence.ALWAYS);
    }

    private static Input optional(In name, Kinds kind) {
        return new Input(name, kind, Presence.OPTIONAL);
    }

    private static Input instanceOnly(In name) {
        return new Input(name, OBJECT, Presence.INSTANCE_FIELD);
    }

    private static Input variadic(In name, Kinds kind) {
        return new Input(name, kind, Presence.VARIADIC);
    }

    private final String mnemonic;
    private final int flags;
    private final JavaKind from;
    private final JavaKind to;
    private final Kinds result;
    private final Class<?> attributeType;
    private final List<Input> inputs;
    /** Per {@link In} (by ordinal): its position among the declared inputs, or -1 if the op declares none. */
    private final byte[] declaredIndex;
    /** The position of the input present for an instance field only ({@link Presence#INSTANCE_FIELD}), or -1. */
    private final int instanceFieldIndex;

    Op(String mnemonic, int flags, Kinds result, Input... inputs) {
        this(mnemonic, flags, result, null, inputs);
    }

    Op(String mnemonic, int flags, Kinds result, Class<?> attributeType, Input... inputs) {
        this.mnemonic = mnemonic;
        this.flags = flags;
        this.from = null;
        this.to = null;
        this.result = result;
        this.attributeType = attributeType;
        this.inputs = List.of(inputs);
        this.declaredIndex = declaredIndex(this.inputs);
        this.instanceFieldIndex = instanceFieldIndex(this.inputs);
        for (int k = 0; k < inputs.length; k++) {
            Presence p = inputs[k].presence();
            if ((p == Presence.OPTIONAL || p == Presence.VARIADIC) && k != inputs.length - 1) {
                throw new AssertionError(mnemonic + ": only the last input may be optional or variadic");
            }
        }
    }

    /** A conversion (one input) or a three-way comparison (two). */
    Op(String mnemonic, JavaKind from, JavaKind to, int arity) {
        this.mnemonic = mnemonic;
        this.flags = PURE;
        this.from = from;
        this.to = to;
        this.result = TO;
        this.attributeType = null;
        this.inputs = arity == 2 ? List.of(in(In.X, FROM), in(In.Y, FROM)) : List.of(in(In.X, FROM));
        this.declaredIndex = declaredIndex(this.inputs);
        this.instanceFieldIndex = instanceFieldIndex(this.inputs);
    }

    private static byte[] declaredIndex(List<Input> inputs) {
        byte[] index = new byte[In.values().length];
        java.util.Arrays.fill(index, (byte) -1);
        for (int k = inputs.size() - 1; k >= 0; k--) {
            index[inputs.get(k).name().ordinal()] = (byte) k; // the first input of a name wins
        }
        return index;
    }

    private static int instanceFieldIndex(List<Input> inputs) {
        int found = -1;
        for (int k = 0; k < inputs.size(); k++) {
            if (inputs.get(k).presence() == Presence.INSTANCE_FIELD) {
                if (found >= 0) {
                    throw new AssertionError("two inputs present for instance fields only");
                }
                found = k;
            }
        }
        return found;
    }

    /** The position of input {@code name} among the declared inputs, or -1 if the op declares none (no table walk). */
    int declaredIndex(In name) {
        return declaredIndex[name.ordinal()];
    }

    /** The position of the input present for an instance field only, or -1 if the op has none. */
    int instanceFieldIndex() {
        return instanceFieldIndex;
    }

    public String mnemonic() {
        return mnemonic;
    }

    /** The declared inputs, in operand order. */
    public List<Input> inputs() {
        return inputs;
    }

    /** What kind the result has (VOID: none). */
    public Kinds result() {
        return result;
    }

    /** The class the attribute must be an instance of, or null if the op has none. */
    public Class<?> attributeType() {
        return attributeType;
    }

    /**
     * No side effect, no exception, result depends only on the operands. DIV and REM are pure only for
     * float and double; see {@link Instruction#isPure()}.
     */
    public boolean isPure() {
        return (flags & PURE) != 0;
    }

    public boolean isCommutative() {
        return (flags & COMMUTATIVE) != 0;
    }

    public boolean readsMemory() {
        return (flags & MEMORY_READ) != 0;
    }

    public boolean writesMemory() {
        return (flags & MEMORY_WRITE) != 0;
    }

    public boolean allocates() {
        return (flags & ALLOCATION) != 0;
    }

    /** Whether the op may throw (for DIV and REM: see {@link Instruction#canThrow()}). */
    boolean mayThrow() {
        return (flags & CAN_THROW) != 0;
    }

    /** Whether the op deoptimizes when its check fails (or always: {@link #DEOPTIMIZE}). */
    public boolean deoptimizes() {
        return (flags & DEOPTIMIZES) != 0;
    }

    /**
     * Whether an instruction of this op needs a frame state (the interpreter resumes at it if it
     * throws, deoptimizes, calls, stores or allocates): all of those but ops declared to need none.
     */
    public boolean needsState(Instruction i) {
        if ((flags & NO_STATE) != 0) {
            return false;
        }
        return i.canThrow() || deoptimizes() || writesMemory() || allocates();
    }

    /**
     * Whether {@code i} has Java semantics that the HotSpot lowering must make explicit: the
     * Java-level memory, object and call ops, and integer division and remainder (with their
     * exception); such an instruction is never in a lowered graph.
     */
    public static boolean isHighLevel(Instruction i) {
        Op op = i.op();
        if (op == DIV || op == REM) {
            return i.kind() == JavaKind.Int || i.kind() == JavaKind.Long || op == REM;
        }
        return (op.flags & HIGH) != 0;
    }

    /** Whether this op exists only in lowered graphs. */
    public boolean isLowLevel() {
        return (flags & LOW) != 0;
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
        return ordinal() >= I2L.ordinal() && ordinal() <= L2D_RAW.ordinal();
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
