package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import static org.ssajit.lowering.HotSpotLowering.EXCEPTION_ACTION;
import static org.ssajit.lowering.HotSpotLowering.UNRESOLVED_ACTION;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.LoadBarrier;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Return;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Stamps;
import org.ssajit.ir.Throw;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The lowering of one graph's instructions, dominators first (the suite's "instruction lowering"
 * step): the dispatch by op to the per-topic lowerings ({@link FieldLowering}, {@link ArrayLowering},
 * {@link BarrierLowering}, {@link CallLowering}, {@link AllocationLowering}, {@link MonitorLowering},
 * {@link TypeCheckLowering}, {@link ArithmeticLowering}), and what they share: where new instructions
 * go (before the instruction being lowered), the exception policy of a failed check, null checks
 * and the building blocks (reads, writes, barriers, deoptimizations). Returns, athrows and the
 * method's lock are lowered here. Every check a Java operation needs is emitted, explicitly: which
 * ones cannot fail is {@link CheckElimination}'s to decide, and which null checks become their
 * accesses {@link ImplicitNullChecks}'s. Decided here is only what a check means: where its failure
 * goes ({@link #exceptionDeopt}), and whether an array access checks its index against a checked
 * length (which then also stands for its null check) or against the length read from the array.
 */
final class InstructionLowering {
    final HotSpotVmConfig config;
    final MetaAccessProvider metaAccess;
    final ConstantReflectionProvider constantReflection;
    /** The VM's collector ({@code CollectedHeap::Name}): which barriers a reference store gets. */
    final int gc;
    final FieldLowering fields = new FieldLowering(this);
    final ArrayLowering arrays = new ArrayLowering(this);
    final BarrierLowering barriers = new BarrierLowering(this);
    final CallLowering calls = new CallLowering(this);
    final AllocationLowering allocations = new AllocationLowering(this);
    final MonitorLowering monitors = new MonitorLowering(this);
    final TypeCheckLowering typeChecks = new TypeCheckLowering(this);
    final ArithmeticLowering arithmetic = new ArithmeticLowering(this);

    final Graph g;
    final Stamps stamps;
    /** Exceptions no handler takes may leave the frame ({@link ExceptionDispatch#unwinds}). */
    final boolean unwinding;
    final Dominance dominance;

    Block block;
    /** Where new instructions go: before this instruction (the one being lowered). */
    Instruction anchor;
    /** The handlers of the blocks that end with a throwing bytecode inside a try range (ImplicitThrows). */
    final Map<Block, List<Handler>> tryHandlers;
    /** The bci of each of those blocks' throwing bytecode, the only one in the handlers' range. */
    final Map<Block, Integer> tryBcis;
    /** Blocks whose failed checks throw to their handlers in compiled code. */
    final Set<Block> throwing;
    /** Blocks whose failed checks deoptimize so that HotSpot counts them and recompiles (the profile has not seen them throw). */
    final Set<Block> recompiling;

    /** Of the checks of a {@link #throwing} block, the kinds thrown in compiled code, by the check's own method (the rest recompile). */
    final BiPredicate<ImplicitException.Kind, ResolvedJavaMethod> hotKinds;

    InstructionLowering(HotSpotLowering lowering, Graph g, Stamps stamps, Map<Block, List<Handler>> tryHandlers, Map<Block, Integer> tryBcis, Set<Block> throwing,
                    Set<Block> recompiling, boolean unwinding, BiPredicate<ImplicitException.Kind, ResolvedJavaMethod> hotKinds) {
        this.hotKinds = hotKinds;
        this.g = g;
        this.config = lowering.config();
        this.metaAccess = lowering.metaAccess();
        this.constantReflection = lowering.constantReflection();
        this.gc = lowering.gc();
        this.unwinding = unwinding;
        this.stamps = stamps;
        this.dominance = g.dominance();
        this.tryHandlers = tryHandlers;
        this.tryBcis = tryBcis;
        this.throwing = throwing;
        this.recompiling = recompiling;
    }

    /**
     * What a failed check of the bytecode being lowered does (the interpreter would throw the
     * exception of {@code reason}): throw it to this block's handlers in compiled code, deoptimize
     * so that HotSpot counts it and recompiles (a handler catches it, the profile has not seen it
     * yet), or deoptimize and keep the code ({@link HotSpotLowering#EXCEPTION_ACTION}).
     */
    Deopt exceptionDeopt(DeoptimizationReason reason, int bci) {
        return exceptionDeopt(ImplicitException.Kind.of(reason), reason, bci);
    }

    /** As {@link #exceptionDeopt(DeoptimizationReason, int)}, for a check that throws {@code kind} (null: none compiled code creates). */
    Deopt exceptionDeopt(ImplicitException.Kind kind, DeoptimizationReason reason, int bci) {
        List<Handler> handlers = tryHandlers.get(block);
        // Only the block's last bytecode is in the handlers' range: a block may start with throwing
        // bytecodes before the range (its start need not be a block boundary).
        if (kind != null && handlers != null && Integer.valueOf(bci).equals(tryBcis.get(block)) && ImplicitThrows.catches(handlers, kind, metaAccess)) {
            if (throwing.contains(block) && throwsHere(kind)) {
                return Deopt.compiledThrow(reason);
            }
            if (throwing.contains(block) || recompiling.contains(block)) {
                return new Deopt(reason, DeoptimizationAction.RecompileIfTooManyDeopts);
            }
        }
        if (anchor != null && anchor.state() != null && caughtByACaller(anchor.state())) {
            // Inlined at a call inside a try range, a check the block map did not end a block at:
            // the interpreter's handler lookup finds the caller's handler. Counted, so that frequent
            // exceptions recompile the method.
            return new Deopt(reason, DeoptimizationAction.RecompileIfTooManyDeopts);
        }
        return new Deopt(reason, EXCEPTION_ACTION);
    }

    /** Whether a method that {@code state}'s frame was inlined into is at a call inside one of its try ranges. */
    static boolean caughtByACaller(FrameState state) {
        for (FrameState caller = state.outer(); caller != null; caller = caller.outer()) {
            if (org.ssajit.bytecode.BlockMap.isCovered(caller.method().getExceptionHandlers(), caller.bci())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a failed check of {@code kind} at the bytecode being lowered is thrown in compiled code or recompiles (a handler catches it). */
    boolean caughtHere(ImplicitException.Kind kind) {
        return (throwing.contains(block) || recompiling.contains(block)) && anchor != null && Integer.valueOf(anchor.bci()).equals(tryBcis.get(block))
                        && ImplicitThrows.catches(tryHandlers.get(block), kind, metaAccess);
    }

    /** Whether a failed null check of the bytecode being lowered throws in compiled code: then it must be explicit. */
    boolean nullChecksThrow() {
        return throwing.contains(block) && anchor != null && Integer.valueOf(anchor.bci()).equals(tryBcis.get(block))
                        && ImplicitThrows.catches(tryHandlers.get(block), ImplicitException.Kind.NULL_POINTER, metaAccess) && throwsHere(ImplicitException.Kind.NULL_POINTER);
    }

    /** Whether a failed check of {@code kind} in a {@link #throwing} block throws in compiled code ({@link #hotKinds}, by the anchor's method). */
    private boolean throwsHere(ImplicitException.Kind kind) {
        FrameState state = anchor == null ? null : anchor.state();
        return hotKinds.test(kind, state == null ? g.method() : state.method());
    }

    /** How many instructions {@link #freshness} looks back at, at most. */
    private static final int DEFAULT_SCAN = 100;

    /** What a field of an object this compile allocated still is just before the instruction being lowered ({@link #freshness}). */
    enum Freshness {
        /** Not known to hold its default: a store keeps every barrier. */
        NONE,
        /** Holds its default (zero, null): a write of the default, and a SATB pre-barrier (it would find null), can go. */
        DEFAULT,
        /**
         * Holds its default, and nothing since the allocation can stop at a safepoint or allocate: the
         * object is still where the allocation put it, so a card mark can go too where the VM reduces
         * initial card marks ({@link BarrierLowering#storeReference}).
         */
        INITIAL;

        boolean holdsDefault() {
            return this != NONE;
        }
    }

    /**
     * Whether the field at {@code displacement} of {@code base} still holds its default value (zero,
     * null) just before the instruction being lowered: {@code base} is an instance this compile
     * allocates (zeroed memory) on the way here, through blocks of one predecessor each, and nothing
     * in between can have written that field or let another reference to the object exist: every
     * instruction there uses the object only as the base of a read, a write or a barrier, writes only
     * other fields of it or other objects (which cannot be it, having no reference to it), and is no
     * call and no other memory write. What writes through another base may write anywhere once the
     * object escaped, and so the first use that could let it escape (as a value, an argument, in an
     * address computation) ends the search with {@link Freshness#NONE}. Calls and the VM's entries write
     * memory, so no safepoint is passed either, except in another allocation's slow path (which may
     * also tell the collector of an earlier object placed in the old generation, before this store):
     * {@link Freshness#DEFAULT} if one is between, else {@link Freshness#INITIAL}.
     */
    Freshness freshness(Value base, int displacement, int size) {
        if (!(CheckElimination.withoutPi(base) instanceof Instruction alloc) || alloc.op() != HotSpotOp.ALLOCATE || alloc.inputCount() != 0) {
            return Freshness.NONE; // not an instance this compile allocates (an array has a length input)
        }
        boolean allocatedSince = false;
        Block b = block;
        int k = b.instructions().indexOf(anchor);
        int budget = DEFAULT_SCAN;
        while (true) {
            org.ssajit.util.ReadOnlyList<Instruction> in = b.instructions();
            for (k = k - 1; k >= 0; k--) {
                Instruction x = in.get(k);
                if (x == alloc) {
                    return allocatedSince ? Freshness.DEFAULT : Freshness.INITIAL;
                }
                if (--budget < 0 || !keepsDefault(x, alloc, displacement, size)) {
                    return Freshness.NONE;
                }
                allocatedSince |= x.op().allocates();
            }
            if (b.predecessors().size() != 1) {
                return Freshness.NONE;
            }
            b = b.predecessors().get(0);
            k = b.instructions().size();
        }
    }

    /**
     * Whether {@code x}, run between {@code alloc} and a write of the field at {@code displacement}
     * ({@code size} bytes) of it, leaves that field at its default ({@link #freshness}).
     */
    private static boolean keepsDefault(Instruction x, Instruction alloc, int displacement, int size) {
        boolean addresses = x.op() == HotSpotOp.WRITE || x.op() == HotSpotOp.READ || x.op() == HotSpotOp.PRE_BARRIER || x.op() == HotSpotOp.POST_BARRIER;
        for (int j = 0; j < x.inputCount(); j++) {
            if (CheckElimination.withoutPi(x.input(j)) == alloc && !(addresses && j == 0)) {
                return false; // the object as something else than an address's base (input 0)
            }
        }
        if (x.op() == HotSpotOp.WRITE) {
            if (CheckElimination.withoutPi(x.input(In.BASE)) != alloc) {
                return true; // another object: without a reference to this one, not this one
            }
            Access a = x.attribute(Access.class);
            return x.input(In.INDEX) == null && (a.displacement() + a.size() <= displacement || displacement + size <= a.displacement());
        }
        if (x.op() == HotSpotOp.PRE_BARRIER || x.op() == HotSpotOp.POST_BARRIER || x.op() == HotSpotOp.MEMBAR) {
            return true; // the collector's queues and cards, ordering: no Java field
        }
        return !x.op().writesMemory();
    }

    void run() {
        Value methodLock = g.method().isSynchronized() ? monitors.lockMethod() : null;
        boolean publishesFinals = fields.writesFinalField();
        for (Block b : dominance.reversePostorder()) {
            block = b;
            for (Instruction i : CompilerList.copyOf(b.instructions())) {
                anchor = i;
                lower(i);
            }
            anchor = null;
            if (b.terminator() instanceof Return r) {
                if (r.value() != null) {
                    narrowReturn(r);
                }
                if (publishesFinals) {
                    b.insertAtEnd(membar(MemoryBarriers.STORE_STORE, r.bci()));
                }
                if (methodLock != null) {
                    monitors.unlockAtReturn(r, methodLock);
                }
            }
            if (b.terminator() instanceof Throw t && b.handlers().isEmpty() && !endsFrame(b)) {
                if (unwinding && ExceptionDispatch.unwinds(t.state(), false)) {
                    // No handler anywhere, no lock: the exception leaves the frame; a null one
                    // deoptimizes, and the interpreter throws the NullPointerException.
                    Instruction c = new Instruction(g, HotSpotOp.NULL_CHECK, JavaKind.Void, exceptionDeopt(DeoptimizationReason.NullCheckException, t.bci()),
                                    t.bci(), t.exception());
                    c.setState(t.state().copy());
                    b.insertAtEnd(c);
                    Instruction u = new Instruction(g, HotSpotOp.UNWIND, JavaKind.Void, null, t.bci(), t.exception());
                    b.insertAtEnd(u);
                } else {
                    // The interpreter re-executes the athrow (the exception on its stack) and
                    // unwinds or finds the handler; the code stays. (An athrow whose block kept
                    // its edges is dispatched in compiled code: ExceptionDispatch.)
                    Instruction d = new Instruction(g, HotSpotOp.DEOPTIMIZE, JavaKind.Void, new Deopt(DeoptimizationReason.TransferToInterpreter, EXCEPTION_ACTION),
                                    t.bci());
                    d.setState(t.state().copy());
                    b.insertAtEnd(d);
                }
            }
        }
    }

    /** Whether {@code b}'s last instruction ends the frame (a deoptimization): its athrow is never reached. */
    private static boolean endsFrame(Block b) {
        java.util.List<Instruction> code = b.instructions();
        return !code.isEmpty() && code.get(code.size() - 1).op().endsFrame();
    }

    void lower(Instruction i) {
        g.faults().point("lowering");
        Value checked = nullCheckedInput(i);
        if (checked != null && checked.stamp().isAlwaysNull()) {
            // The access always fails: the interpreter throws the NullPointerException.
            deoptimize(i, new Deopt(DeoptimizationReason.NullCheckException, EXCEPTION_ACTION));
            return;
        }
        if (!(i.op() instanceof Op op)) {
            return; // already the dialect's
        }
        switch (op) {
            case LOAD_FIELD -> fields.loadField(i);
            case STORE_FIELD -> fields.storeField(i);
            case UNSAFE_READ -> fields.unsafeRead(i);
            case UNSAFE_WRITE -> fields.unsafeWrite(i);
            case UNSAFE_CAS -> fields.unsafeCompareAndSet(i);
            case ARRAY_LENGTH -> {
                Value a = i.input(In.ARRAY);
                nullCheck(a, i.state());
                Instruction read = read(a, null, arrays.lengthAccess());
                read.setStamp(i.stamp());
                replace(i, read);
            }
            case ARRAY_LENGTH_OR_ZERO -> replace(i, emit(new Instruction(g, HotSpotOp.READ_OR_ZERO, JavaKind.Int, arrays.lengthAccess(), i.bci(), i.input(In.ARRAY)), i.stamp()));
            case LOAD_INDEXED -> arrays.loadIndexed(i);
            case STORE_INDEXED -> arrays.storeIndexed(i);
            case FILL -> {
                JavaKind ek = i.elementKind();
                Access element = new Access(ek, metaAccess.getArrayBaseOffset(ek), metaAccess.getArrayIndexScale(ek), false);
                Instruction range = new Instruction(g, HotSpotOp.STORE_RANGE, JavaKind.Int, element, i.bci(), i.input(In.ARRAY), i.input(In.FROM),
                                i.input(In.LAST), i.input(In.VALUE), i.input(In.LENGTH));
                replace(i, emit(range, i.stamp()));
            }
            case DIV, REM -> {
                if (i.kind() == JavaKind.Int || i.kind() == JavaKind.Long) {
                    arithmetic.divide(i);
                } else if (i.op() == Op.REM) {
                    // Java's frem/drem is C's fmod, no machine's instruction: the VM's C function computes it.
                    RuntimeLeaf f = i.kind() == JavaKind.Float ? RuntimeLeaf.FREM : RuntimeLeaf.DREM;
                    replace(i, emit(new Instruction(g, HotSpotOp.LEAF_CALL, i.kind(), f, i.bci(), i.input(In.X), i.input(In.Y)), i.stamp()));
                }
            }
            case LOAD_CONSTANT -> deoptimize(i);
            // A branch side never taken (BytecodeParser.UNTAKEN_BRANCH_TRAPS): the code is invalidated and the method profiled again.
            case UNCOMMON_TRAP -> deoptimize(i, new Deopt(i.attribute(DeoptimizationReason.class), DeoptimizationAction.InvalidateReprofile));
            case INVOKE -> calls.invoke(i);
            case FREEZE -> {
                // An inlined constructor's return: what a compiled constructor's own returns get.
                emit(membar(MemoryBarriers.STORE_STORE, i.bci()), null);
                remove(i);
            }
            case RECEIVER_CHECK -> {
                // An inlined call's receiver: a null one deoptimizes to the invoke, whose NullPointerException the interpreter throws.
                nullCheck(i.input(In.OBJECT), i.state());
                remove(i);
            }
            case CHECKCAST -> typeChecks.checkcast(i);
            case NEW_INSTANCE -> allocations.newInstance(i);
            case NEW_ARRAY -> allocations.newArray(i);
            case NEW_MULTI_ARRAY -> allocations.newMultiArray(i);
            case INSTANCEOF -> typeChecks.instanceOf(i);
            case CLASS_IS -> {
                // The guard of a call inlined for a profiled receiver class: one comparison of class pointers.
                ResolvedJavaType t = (ResolvedJavaType) i.type();
                replace(i, emit(new Instruction(g, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.classIs(t, constantReflection), i.bci(),
                                i.input(In.OBJECT)), Stamp.forInt(0, 1)));
            }
            case CLASS_IS_INSTANCE -> replace(i, emit(new Instruction(g, HotSpotOp.CLASS_TEST, JavaKind.Int, null, i.bci(), i.input(In.MIRROR), i.input(In.OBJECT)),
                            Stamp.forInt(0, 1)));
            case CURRENT_THREAD -> currentThread(i);
            case CLASS_OF -> {
                if (loadBarriers()) {
                    // The mirror is read through the class's OopHandle, whose slot the code does not see.
                    Instruction c = emit(new Instruction(g, Op.CLASS_OF, JavaKind.Object, null, i.bci(), i.input(In.OBJECT)), i.stamp());
                    replace(i, loadBarrier(c, g.longConstant(0), null, new Access(JavaKind.Object, 0, 0, false), false));
                }
            }
            case MONITOR_ENTER -> monitors.monitorEnter(i);
            case MONITOR_EXIT -> monitors.monitorExit(i);
            case EXCEPTION_OBJECT -> {
                // A compiled handler's caught exception: ExceptionDispatch replaces it after the lowering.
            }
            default -> {
                if (Op.isHighLevel(i)) {
                    throw new IllegalStateException("no lowering for " + i.op().mnemonic() + " (the scope check should have refused it)");
                }
            }
        }
    }

    /** The reference {@code i} accesses, which must not be null, or null if it accesses none. */
    Value nullCheckedInput(Instruction i) {
        if (!(i.op() instanceof Op op)) {
            return null;
        }
        return switch (op) {
            case LOAD_FIELD, STORE_FIELD -> i.input(In.OBJECT);
            case ARRAY_LENGTH, LOAD_INDEXED, STORE_INDEXED -> i.input(In.ARRAY);
            case INVOKE -> i.invokeTarget().hasReceiver() ? i.input(0) : null;
            case RECEIVER_CHECK -> i.input(In.OBJECT);
            default -> null;
        };
    }

    /**
     * The value of a primitive store: a boolean keeps bit 0 (JVMS putfield, putstatic, bastore into
     * boolean[]) unless its stamp shows it is 0 or 1 already.
     */
    Value storeValue(Value v, JavaKind kind, int bci) {
        if (kind != JavaKind.Boolean || v.stamp().fitsIn(JavaKind.Boolean)) {
            return v;
        }
        if (v instanceof Constant c) {
            return g.intConstant(c.asInt() & 1);
        }
        return emit(new Instruction(g, Op.AND, JavaKind.Int, null, bci, v, g.intConstant(1)), Stamp.forInt(0, 1));
    }

    /**
     * A method declared to return boolean, byte, char or short narrows its int as {@code ireturn}
     * does (JVMS: AND 1, i2b, i2c, i2s), unless the value's stamp shows it is in range already.
     */
    void narrowReturn(Return r) {
        Value v = r.value();
        Value narrowed = org.ssajit.ir.Narrowing.of(g, v, g.method().getSignature().getReturnKind(), r.bci(), r.block()::insertAtEnd);
        if (narrowed != v) {
            r.setInput(0, narrowed);
        }
    }

    /**
     * A {@link HotSpotOp#NULL_CHECK} of {@code v} (the state before its bytecode, {@code fs}): every access
     * gets one, before anything else reads the reference; {@link CheckElimination} removes those that
     * cannot fail, {@link ImplicitNullChecks} makes the access itself the check where it may. None
     * without a state (a graph built by hand: nothing to deoptimize to), and none of a value whose
     * stamp is non-null (the elimination's first rule, applied here to spare the check's state).
     */
    void nullCheck(Value v, FrameState fs) {
        if (fs == null || v.stamp().isNonNull()) {
            // A value never null needs no check: the one decision taken here rather than in the
            // check elimination, which would remove the check at once, to spare its state's copy.
            return;
        }
        Instruction c = new Instruction(g, HotSpotOp.NULL_CHECK, JavaKind.Void, exceptionDeopt(DeoptimizationReason.NullCheckException, fs.bci()), fs.bci(), v);
        c.setState(fs.copy());
        emit(c, null);
    }

    /** Unconditional deoptimization for an unresolved entry. */
    void deoptimize(Instruction i) {
        deoptimize(i, new Deopt(DeoptimizationReason.Unresolved, UNRESOLVED_ACTION));
    }

    /** {@code i} becomes an unconditional deoptimization; any result is a default constant (nothing after the trap runs). */
    void deoptimize(Instruction i, Deopt why) {
        Instruction d = new Instruction(g, HotSpotOp.DEOPTIMIZE, JavaKind.Void, why, i.bci());
        d.setState(i.state().copy());
        emit(d, null);
        if (i.kind() != JavaKind.Void) {
            replace(i, g.constant(JavaConstant.defaultForKind(i.kind())));
        } else {
            remove(i);
        }
    }

    /**
     * {@code Thread.currentThread()}: the thread's handle of its current thread object (the
     * virtual thread while one is mounted), read off the VM's thread, then the object it holds.
     */
    void currentThread(Instruction i) {
        Value thread = emit(new Instruction(g, HotSpotOp.THREAD, JavaKind.Long, null, i.bci()), Stamp.unrestricted(JavaKind.Long));
        Instruction handle = read(thread, null, new Access(JavaKind.Long, config.threadCurrentThreadObjectOffset, 0, false));
        Access slot = new Access(JavaKind.Object, 0, 0, false);
        Instruction object = read(handle, null, slot);
        object.setStamp(i.stamp());
        replace(i, loadBarrier(object, handle, null, slot, false));
    }

    /** Whether the collector wants a barrier after each reference read (Shenandoah's load-reference barrier, ZGC's load barrier). */
    boolean loadBarriers() {
        return gc == config.gcShenandoah && config.shenandoahLoadRefBarrier || gc == config.gcZ;
    }

    /** Whether a referent's read keeps what it read alive while the collector marks (G1's and Shenandoah's SATB). */
    boolean keepsReferentsAlive() {
        return gc == config.gcG1 || gc == config.gcShenandoah && config.shenandoahSatbBarrier;
    }

    /**
     * {@code value}, just read with {@code access} at {@code base} and {@code index}, through the
     * collector's load barrier ({@link HotSpotOp#LOAD_BARRIER}) where it has one; else {@code value}.
     * A base that is the word 0 stands for a slot the code does not know.
     */
    Value loadBarrier(Value value, Value base, Value index, Access access, boolean weak) {
        if (!loadBarriers()) {
            return value;
        }
        Stamp stamp = value.stamp();
        if (gc == config.gcZ && value instanceof Instruction r && r.op() == HotSpotOp.READ) {
            // ZGC: the slot holds a colored pointer, not a reference; read it as the word it is.
            value = coloredRead(r);
        }
        LoadBarrier b = new LoadBarrier(weak, access);
        Instruction lb = index == null ? new Instruction(g, HotSpotOp.LOAD_BARRIER, JavaKind.Object, b, anchor.bci(), value, base)
                        : new Instruction(g, HotSpotOp.LOAD_BARRIER, JavaKind.Object, b, anchor.bci(), value, base, index);
        return emit(lb, stamp);
    }

    /**
     * ZGC: the reference read {@code r} (just emitted, no other use yet) replaced by a read of the same
     * slot as a word, the colored pointer the {@link HotSpotOp#LOAD_BARRIER} takes. No reference map or
     * frame state ever holds it: the barrier follows it at once.
     */
    private Instruction coloredRead(Instruction r) {
        Access a = r.attribute(Access.class);
        if (r.userCount() != 0 || a.narrowOop() || a.kind() != JavaKind.Object) {
            throw new IllegalStateException("not a fresh reference read under ZGC: " + r);
        }
        Access word = new Access(JavaKind.Long, a.displacement(), a.scale(), false, a.isVolatile());
        Instruction w = r.input(In.INDEX) == null ? new Instruction(g, HotSpotOp.READ, JavaKind.Long, word, r.bci(), r.input(In.BASE))
                        : new Instruction(g, HotSpotOp.READ, JavaKind.Long, word, r.bci(), r.input(In.BASE), r.input(In.INDEX));
        r.block().insertBefore(r, w);
        w.setStamp(Stamp.unrestricted(JavaKind.Long));
        remove(r);
        return w;
    }

    Instruction read(Value base, Value index, Access access) {
        Instruction r = index == null ? new Instruction(g, HotSpotOp.READ, access.valueKind(), access, anchor.bci(), base)
                        : new Instruction(g, HotSpotOp.READ, access.valueKind(), access, anchor.bci(), base, index);
        return emit(r, access.narrowOop() ? Stamp.unrestricted(JavaKind.Int) : Stamp.forValueOf(access.kind()));
    }

    void write(Value base, Value index, Value value, Access access, int bci) {
        Instruction w = index == null ? new Instruction(g, HotSpotOp.WRITE, JavaKind.Void, access, bci, base, value)
                        : new Instruction(g, HotSpotOp.WRITE, JavaKind.Void, access, bci, base, value, index);
        emit(w, null);
    }

    Value uncompress(Value narrow, Stamp stamp) {
        return emit(new Instruction(g, HotSpotOp.UNCOMPRESS, JavaKind.Object, new NarrowEncoding(config.narrowOopBase, config.narrowOopShift), anchor.bci(), narrow), stamp);
    }

    Instruction membar(int barriers, int bci) {
        return new Instruction(g, HotSpotOp.MEMBAR, JavaKind.Void, barriers, bci);
    }

    /** Inserts {@code x} before the instruction being lowered, with {@code stamp} (null: its kind's). */
    Instruction emit(Instruction x, Stamp stamp) {
        block.insertBefore(anchor, x);
        if (stamp != null) {
            x.setStamp(stamp);
        }
        return x;
    }

    void replace(Instruction old, Value with) {
        old.replaceAllUsesWith(with);
        remove(old);
    }

    void remove(Instruction old) {
        old.block().removeInstruction(old);
    }
}
