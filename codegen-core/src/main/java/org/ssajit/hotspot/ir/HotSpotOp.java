package org.ssajit.hotspot.ir;

import static org.ssajit.ir.Op.Kinds.*;
import static org.ssajit.ir.Operation.Declaration.in;
import static org.ssajit.ir.Operation.Declaration.optional;
import static org.ssajit.ir.Operation.Declaration.variadic;
import static org.ssajit.ir.Operation.Flags.*;

import org.ssajit.ir.Operation;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Op.Input;
import org.ssajit.ir.Op.Kinds;

import jdk.vm.ci.meta.JavaKind;

/**
 * HotSpot's machine-level dialect: the ops codegen-core's lowering turns the Java-level {@link Op}s
 * into, with the VM's layout, checks, barriers, calls and deoptimizations explicit, and their
 * attributes (this package's {@link Access}, {@link GcBarrier}, {@link NarrowEncoding}, {@link
 * CallTarget}, {@link RuntimeLeaf}, {@link VmEntry}, ...). Target-neutral: a back end selects
 * instructions for these, {@link Op}'s arithmetic, conversions and comparisons, and its OSR entry's
 * reads, nothing else. Each op is declared once here with everything generic code needs ({@link
 * Operation.Declaration}: inputs, kinds, attribute type, effects; the verifier's rules about its
 * attribute, {@link #check}); only in lowered graphs ({@link Operation#isLowLevel}).
 *
 * <p>Words: a lowered graph also computes with raw machine words, values of kind Long ({@link
 * Kinds#WORD}) that are never references. A word read from memory or made by {@link #METADATA} stays
 * valid wherever it flows; a word derived from an object's address ({@link #ADDRESS_OF}, and what is
 * computed from it) is valid only until the collector can move the object, so the verifier rejects
 * one live across a safepoint or in a frame state.
 */
public enum HotSpotOp implements Operation {
    /** Deoptimizes (attribute: why, and what to do with the code) if {@code object} is null. */
    NULL_CHECK("nullcheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.OBJECT, OBJECT)),
    /** Deoptimizes unless {@code 0 <= index < length} (one unsigned comparison). */
    BOUNDS_CHECK("boundscheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.INDEX, INT), in(In.LENGTH, INT)),
    /** Deoptimizes if the int or long {@code divisor} is 0. */
    ZERO_CHECK("zerocheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.DIVISOR, ANY)),
    /** Deoptimizes (attribute: why, and what to do) unless {@code x} and {@code y} are the same object. */
    SAME_CHECK("samecheck", DEOPTIMIZES | LOW, VOID, Deopt.class, in(In.X, OBJECT), in(In.Y, OBJECT)),
    /** Deoptimizes, always: nothing after it runs. */
    DEOPTIMIZE("deoptimize", DEOPTIMIZES | LOW | ENDS_FRAME, VOID, Deopt.class),
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
    READ("read", MEMORY_READ | LOW, ATTRIBUTE, Access.class, DerivedWords.ENDS, in(In.BASE, BASE), optional(In.INDEX, INT)),
    /** Writes {@code value} to {@code [base + index * scale + displacement]}; a frame state makes it an implicit null check, as {@link #READ}. */
    WRITE("write", MEMORY_WRITE | NO_STATE | LOW, VOID, Access.class, in(In.BASE, BASE), in(In.VALUE, ATTRIBUTE), optional(In.INDEX, INT)),
    /** {@code base == null ? 0 : [base + displacement]}: an array's length or 0. Never fails. */
    READ_OR_ZERO("readorzero", LOW, ATTRIBUTE, Access.class, DerivedWords.ENDS, in(In.BASE, OBJECT)),
    /**
     * {@link Op#FILL} with the VM's array layout (attribute: the element {@link Access}, displacement
     * the offset of element 0): the same inputs, the same result, never fails.
     */
    STORE_RANGE("storerange", MEMORY_WRITE | NO_STATE | LOW, INT, Access.class, in(In.ARRAY, OBJECT), in(In.FROM, INT), in(In.LAST, INT),
                    in(In.VALUE, ATTRIBUTE), in(In.LENGTH, INT)),
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
     * {@code System.arraycopy} between reference arrays of different classes, once the lowering's
     * branches established that both ranges are inside their arrays ({@code lowering.ArrayCopies}):
     * copies elements in ascending order while each is null or an instance of {@code elementClass}
     * (a word: the destination's {@code ObjArrayKlass::_element_klass}, whose
     * {@code super_check_offset} is {@code offset}), and stops at the first that is not. The result is
     * 0 when all {@code length} were copied, else {@code ~K} ({@code -1 - K}) for the K copied before
     * it: the call then goes on from there, and throws. The attribute is the element {@link Access}.
     * Through the VM's store-checking copy stub, which applies the collector's barriers; never stops
     * at a safepoint. The arrays are different ones (their classes differ), so the ranges never overlap.
     */
    CHECKCAST_ARRAY_COPY("checkcastcopy", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, INT, Access.class, in(In.SOURCE, OBJECT), in(In.SOURCE_INDEX, LONG),
                    in(In.DESTINATION, OBJECT), in(In.DESTINATION_INDEX, LONG), in(In.LENGTH, LONG), in(In.OFFSET, LONG), in(In.ELEMENT_CLASS, LONG)),
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
    ADDRESS_OF("addressof", LOW, WORD, null, DerivedWords.ORIGIN, in(In.OBJECT, OBJECT)),
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
     * {@code base} is a reference the lowering checked is not null, or the store's address as a word
     * (an {@code Unsafe} store, no index). Only while lowering: its last steps expand it
     * ({@code lowering.G1BarrierExpansion}); no back end selects it.
     */
    PRE_BARRIER("prebarrier", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, GcBarrier.class, in(In.BASE, BASE), optional(In.INDEX, INT)),
    /**
     * The collector's barrier after {@code value} was stored to {@code [base + index * scale +
     * displacement]} (attribute: a {@link GcBarrier} of a {@code post} kind): the card of the address
     * marked dirty (Serial, Parallel), or G1's filtered card marking and enqueueing. Only while
     * lowering: its last steps expand it ({@code lowering.BarrierExpansion}, {@code lowering.G1BarrierExpansion}).
     * The base is as {@link #PRE_BARRIER}'s.
     */
    POST_BARRIER("postbarrier", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, VOID, GcBarrier.class, in(In.BASE, BASE), in(In.VALUE, OBJECT),
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
    CALL("call", MEMORY_WRITE | LOW, ATTRIBUTE, CallTarget.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * A call of a C function of the VM that cannot safepoint or throw (attribute: {@link RuntimeLeaf}),
     * e.g. {@code frem}; inputs: its arguments. Pure: its result depends only on them.
     */
    LEAF_CALL("leafcall", PURE | LOW, SAME, RuntimeLeaf.class, variadic(In.ARGUMENTS, ANY)),
    /**
     * A call of a C function of the VM that may read and write memory (attribute: {@link RuntimeLeaf},
     * which gives its result's kind: none, or a reference); inputs: its arguments. It cannot safepoint or
     * throw (no state), and every register but its result keeps its value: the collectors' barrier slow
     * paths, off the fast path's register assignment.
     */
    LEAF_CALL_SAVING("leafcallsaving", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, SAME, RuntimeLeaf.class, DerivedWords.ENDS, variadic(In.ARGUMENTS, ANY)),
    /**
     * 1 if {@code object} is an instance of the attribute's type ({@link TypeTest}), else 0; a null
     * reference gives what the attribute says. Reads only class metadata that never changes. Only
     * while lowering, expanded as {@link #STORE_CHECK} is.
     */
    TYPE_TEST("typetest", PURE | LOW, INT, TypeTest.class, in(In.OBJECT, OBJECT)),
    /**
     * {@link org.ssajit.ir.Op#CLASS_IS_INSTANCE}: 1 if {@code object} is an instance of the class whose
     * {@code Class} is {@code mirror}, else 0 (a null object or mirror, a primitive type's mirror). Reads
     * only a mirror's class pointer and class metadata, none of which ever changes. Only while lowering,
     * expanded as {@link #STORE_CHECK} is.
     */
    CLASS_TEST("classtest", PURE | LOW, INT, in(In.MIRROR, OBJECT), in(In.OBJECT, OBJECT)),
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
    OBJECT_AT("objectat", LOW, OBJECT, null, DerivedWords.PUBLISHES, in(In.X, WORD)),
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
     * Shenandoah's load-reference barrier (attribute: {@link LoadBarrier}): {@code value}, just read from
     * {@code [base + index * scale + displacement]} (the access of the attribute; base a reference or a
     * word; the word 0 with no displacement where the slot is unknown), or its to-space copy while the
     * collector moves objects. Only while lowering: its last steps expand it
     * ({@code lowering.ShenandoahBarrierExpansion}); no back end selects it.
     */
    LOAD_BARRIER("loadbarrier", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, OBJECT, LoadBarrier.class, DerivedWords.ENDS, in(In.VALUE, OBJECT),
                    in(In.BASE, BASE), optional(In.INDEX, INT)),
    /**
     * Shenandoah's compare-and-set of the reference at the word {@code base}: 1 if it held
     * {@code expected} (or a from-space copy of it, which the collector has not yet replaced) and now
     * holds {@code value}, else 0. Only while lowering: its last steps expand it into the target's
     * swaps and a retry ({@code lowering.ShenandoahBarrierExpansion}).
     */
    REFERENCE_SWAP("refswap", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, INT, null, DerivedWords.ENDS, in(In.BASE, LONG), in(In.EXPECTED, OBJECT),
                    in(In.VALUE, OBJECT)),
    /**
     * ZGC: nonzero if the colored pointer {@code x} (a zpointer as read from the heap) has a color the
     * test (attribute: {@link ZTest}) calls bad, else 0; only as the operand of an {@code if (x != 0)}
     * or {@code == 0} right after it, which the back end fuses with it. Each target compares with an
     * immediate that carries a relocation mark, which the VM patches with the current colors at
     * installation and in every entry barrier after a color flip; so it is not pure, and nothing
     * that can stop at a safepoint comes between the read of {@code x} and its barrier.
     */
    Z_TEST("ztest", LOW, INT, ZTest.class, in(In.X, ANY)),
    /** ZGC: the reference a load-good colored pointer {@code x} refers to, its color shifted out (a patched shift on AMD64). */
    Z_UNCOLOR("zuncolor", LOW, OBJECT, in(In.X, ANY)),
    /**
     * ZGC: the reference {@code x} as a store-good colored pointer, the word a reference store writes:
     * shifted and or-ed with the current store-good color (patched immediates). Valid only until the
     * next safepoint, as an address is ({@link DerivedWords#ORIGIN}).
     */
    Z_COLOR("zcolor", LOW, WORD, null, DerivedWords.ORIGIN, in(In.X, OBJECT)),
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
    UNWIND("unwind", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW | ENDS_FRAME, VOID, in(In.OBJECT, OBJECT)),
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
     * Atomically: if the word (or int) at {@code [base + displacement]} equals {@code expected},
     * replaces it with {@code value}; 1 if it did, else 0 (attribute: {@link AtomicUpdate}, the kind,
     * the displacement and the ordering). The base is a reference or a word; never fails, never stops
     * at a safepoint.
     */
    COMPARE_AND_SWAP("cas", MEMORY_READ | MEMORY_WRITE | NO_STATE | LOW, INT, AtomicUpdate.class, DerivedWords.ENDS, in(In.BASE, BASE), in(In.EXPECTED, ATTRIBUTE),
                    in(In.VALUE, ATTRIBUTE));

    /** The first of this dialect's {@linkplain Operation#id ids}. */
    private static final int FIRST_ID = Op.values().length;

    private final Declaration declaration;

    HotSpotOp(String mnemonic, int flags, Kinds result, Input... inputs) {
        this(mnemonic, flags, result, null, DerivedWords.PROPAGATES, inputs);
    }

    HotSpotOp(String mnemonic, int flags, Kinds result, Class<?> attributeType, Input... inputs) {
        this(mnemonic, flags, result, attributeType, DerivedWords.PROPAGATES, inputs);
    }

    HotSpotOp(String mnemonic, int flags, Kinds result, Class<?> attributeType, DerivedWords derivedWords, Input... inputs) {
        this.declaration = new Declaration(mnemonic, flags | LOW, result, attributeType, derivedWords, inputs);
    }

    @Override
    public Declaration declaration() {
        return declaration;
    }

    @Override
    public int id() {
        return FIRST_ID + ordinal();
    }

    /**
     * The op of {@code i}, which must be one of this dialect's: to {@code switch} on (where it may be
     * another's, {@code if (i.op() instanceof HotSpotOp op)}).
     */
    public static HotSpotOp of(Instruction i) {
        if (i.op() instanceof HotSpotOp op) {
            return op;
        }
        throw new IllegalStateException(i.op().mnemonic() + " is not an op of HotSpot's dialect");
    }

    /** The kind {@link Kinds#ATTRIBUTE} stands for: an access's value kind, a call's return kind, a swap's kind. */
    @Override
    public JavaKind attributeKind(Instruction i) {
        return switch (this) {
            case CALL -> i.attribute(CallTarget.class).returnKind();
            case COMPARE_AND_SWAP -> i.attribute(AtomicUpdate.class).kind();
            default -> i.attribute(Access.class).valueKind();
        };
    }

    @Override
    public String attributeText(Object attribute) {
        return this == MEMBAR ? MemoryBarriers.toString((Integer) attribute) : null;
    }

    /** The rules about this op's attribute and inputs beyond its declaration; null if {@code i} keeps them. */
    @Override
    public String check(Instruction i) {
        return switch (this) {
            case ALLOCATE_INSTANCE_OF -> i.state() != null || i.hasExceptionEdge()
                            ? "an inline allocation that answers null when it cannot has no state and no exception edge"
                            : null;
            case ARRAY_COPY, CHECKCAST_ARRAY_COPY -> i.state() != null || i.hasExceptionEdge() ? "an array copy cannot fail, it has no state and no exception edge"
                            : i.attribute(Access.class).scale() == 0 ? "an array copy's access has the element size as its scale"
                                            : this == CHECKCAST_ARRAY_COPY && i.attribute(Access.class).kind() != JavaKind.Object ? "a store-checking copy copies references" : null;
            case READ, WRITE -> (i.input(In.INDEX) != null) != (i.attribute(Access.class).scale() != 0)
                            ? "an access has an index exactly when it has a scale"
                            : i.state() != null && i.input(In.BASE).kind() != JavaKind.Object
                                            ? "only an access at a reference can be its implicit null check (a word base has no state)"
                                            : null;
            case UNCOMPRESS -> {
                boolean klass = i.attribute(NarrowEncoding.class).klass();
                yield i.kind() != (klass ? JavaKind.Long : JavaKind.Object)
                                ? "a narrow " + (klass ? "class pointer decodes to a word" : "oop decodes to a reference")
                                : null;
            }
            case METADATA -> i.kind() != JavaKind.Long && i.kind() != JavaKind.Int ? "metadata is a word or its narrow form, not " + i.kind() : null;
            case PRE_BARRIER, POST_BARRIER -> {
                GcBarrier b = i.attribute(GcBarrier.class);
                yield (i.input(In.INDEX) != null) != (b.access().scale() != 0) ? "a barrier has an index exactly when its access has a scale"
                                : b.kind().isPre() != (this == PRE_BARRIER) ? b.kind() + " is not a " + mnemonic() : null;
            }
            case LOAD_BARRIER -> (i.input(In.INDEX) != null) != (i.attribute(LoadBarrier.class).access().scale() != 0)
                            ? "a barrier has an index exactly when its access has a scale"
                            : null;
            case READ_OR_ZERO -> i.attribute(Access.class).scale() != 0 ? "readorzero has no index" : null;
            case ZERO_CHECK -> {
                JavaKind dk = i.input(In.DIVISOR).kind();
                yield dk != JavaKind.Int && dk != JavaKind.Long ? "the divisor is " + dk.getJavaName() + ", not int or long" : null;
            }
            case SDIV, SREM -> i.kind() != JavaKind.Int && i.kind() != JavaKind.Long ? mnemonic() + " of " + i.kind().getJavaName() : null;
            default -> null;
        };
    }
}
