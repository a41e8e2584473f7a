package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.UnsafeAccess;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaField;

/** The lowering of field accesses: offsets, static fields through the class mirror, volatile barriers, final-field publication, the referent's keep-alive. */
final class FieldLowering {
    private final InstructionLowering ctx;

    FieldLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    void loadField(Instruction i) {
        ResolvedJavaField f = accessibleField(i);
        if (f == null) {
            return;
        }
        Access access = fieldAccess(f);
        Value base = fieldBase(i, f);
        Value result = loaded(ctx.read(base, null, access), access, i.stamp());
        boolean referent = LoweringScope.isReferent(i.field());
        if (access.kind() == JavaKind.Object) {
            result = ctx.loadBarrier(result, base, null, access, referent);
        }
        if (f.isVolatile()) {
            ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_READ, i.bci()), null);
        }
        if (referent && ctx.keepsReferentsAlive()) {
            // Serial and Parallel never mark concurrently: a referent read needs nothing there.
            ctx.emit(new Instruction(ctx.g, HotSpotOp.KEEP_ALIVE, JavaKind.Void, null, i.bci(), result), null);
        }
        ctx.replace(i, result);
    }

    void storeField(Instruction i) {
        ResolvedJavaField f = accessibleField(i);
        if (f == null) {
            return;
        }
        Access access = fieldAccess(f);
        // A field of an object this compile allocated, not yet written: its default value is there.
        InstructionLowering.Freshness fresh = f.isStatic() ? InstructionLowering.Freshness.NONE
                        : ctx.freshness(i.input(In.OBJECT), access.displacement(), access.size());
        if (fresh.holdsDefault() && !f.isVolatile() && i.input(In.VALUE) instanceof Constant c && c.value().isDefaultForKind()) {
            ctx.remove(i); // writes what is there (the object, new, is not null)
            return;
        }
        if (access.kind() == JavaKind.Object) {
            Value base = f.isStatic() ? mirror(f) : i.input(In.OBJECT);
            ctx.barriers.storeReference(base, null, i.input(In.VALUE), access, f.isStatic() ? null : i.state(), f.isVolatile(), fresh, i.bci());
            ctx.remove(i);
            return;
        }
        Value base = fieldBase(i, f);
        Value value = ctx.storeValue(i.input(In.VALUE), f.getJavaKind(), i.bci());
        if (f.isVolatile()) {
            ctx.emit(ctx.membar(MemoryBarriers.BEFORE_VOLATILE_WRITE, i.bci()), null);
        }
        ctx.write(base, null, value, access, i.bci());
        if (f.isVolatile()) {
            ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_WRITE, i.bci()), null);
        }
        ctx.remove(i);
    }

    /**
     * An {@code Unsafe} get ({@link Op#UNSAFE_READ}): a read of {@code object + offset}, the address
     * computed as a word (a null object's address is 0: the offset is then the absolute address), a
     * narrow oop decoded, and a volatile one ordered as a volatile field's read. Under G1, Shenandoah
     * and ZGC a reference read may be a {@code Reference}'s referent unless its offset is a constant
     * that is not the referent's: it then keeps what it read alive, as a referent's read does (a
     * keep-alive of any other reference is only conservative).
     */
    void unsafeRead(Instruction i) {
        UnsafeAccess u = i.attribute(UnsafeAccess.class);
        Access access = unsafeAccess(u, i);
        Value address = unsafeBase(i);
        Value result = loaded(ctx.read(address, null, access), access, i.stamp());
        boolean mayBeReferent = !(i.input(In.OFFSET) instanceof Constant c && c.asLong() != referentOffset());
        if (u.kind() == JavaKind.Object) {
            // ZGC: a slot that may be a referent gets the barrier that keeps what it reads alive (Shenandoah's
            // weak barrier may answer null instead: a keep-alive follows, below, as under G1).
            result = ctx.loadBarrier(result, address, null, access, mayBeReferent && ctx.gc == ctx.config.gcZ);
        }
        if (u.isVolatile()) {
            ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_READ, i.bci()), null);
        }
        if (u.kind() == JavaKind.Object && ctx.keepsReferentsAlive() && mayBeReferent) {
            ctx.emit(new Instruction(ctx.g, HotSpotOp.KEEP_ALIVE, JavaKind.Void, null, i.bci(), result), null);
        }
        ctx.replace(i, result);
    }

    /**
     * An {@code Unsafe} put ({@link Op#UNSAFE_WRITE}): a write of {@code object + offset}, as {@link
     * #unsafeRead}; a reference's with the collector's barriers at that address.
     */
    void unsafeWrite(Instruction i) {
        UnsafeAccess u = i.attribute(UnsafeAccess.class);
        Access access = unsafeAccess(u, i);
        Value address = unsafeBase(i);
        if (u.kind() == JavaKind.Object) {
            // The collector's barriers at the address, as the native's oop_store_at applies them (a null
            // object there, an absolute address, is the program's undefined behaviour in both).
            ctx.barriers.storeReference(address, null, i.input(In.VALUE), access, null, u.isVolatile(), InstructionLowering.Freshness.NONE, i.bci());
            ctx.remove(i);
            return;
        }
        if (u.isVolatile()) {
            ctx.emit(ctx.membar(MemoryBarriers.BEFORE_VOLATILE_WRITE, i.bci()), null);
        }
        ctx.write(address, null, i.input(In.VALUE), access, i.bci());
        if (u.isVolatile()) {
            ctx.emit(ctx.membar(MemoryBarriers.AFTER_VOLATILE_WRITE, i.bci()), null);
        }
        ctx.remove(i);
    }

    /**
     * An {@code Unsafe} compare-and-set ({@link Op#UNSAFE_CAS}): the target's compare-and-swap of the
     * int, long or reference at {@code object + offset}, acquiring and releasing (a reference's between
     * the collector's barriers: {@link BarrierLowering#compareAndSwapReference}). That is a volatile read and
     * write as HotSpot's own code does it: x86's {@code lock cmpxchg} is a full fence, and AArch64's
     * {@code casal} (or {@code ldaxr}/{@code stlxr}) is ordered with the {@code ldar}/{@code stlr} of
     * volatile accesses, as C2's is.
     */
    void unsafeCompareAndSet(Instruction i) {
        UnsafeAccess u = i.attribute(UnsafeAccess.class);
        if (u.kind() == JavaKind.Object) {
            ctx.replace(i, ctx.barriers.compareAndSwapReference(unsafeAddress(i), i.input(In.EXPECTED), i.input(In.VALUE), i.bci()));
            return;
        }
        AtomicUpdate update = new AtomicUpdate(u.kind(), 0, AtomicUpdate.Ordering.ACQUIRE_RELEASE);
        Instruction cas = new Instruction(ctx.g, HotSpotOp.COMPARE_AND_SWAP, JavaKind.Int, update, i.bci(), unsafeAddress(i), i.input(In.EXPECTED),
                        i.input(In.VALUE));
        ctx.replace(i, ctx.emit(cas, i.stamp()));
    }

    private Access unsafeAccess(UnsafeAccess u) {
        return new Access(u.kind(), 0, 0, u.kind() == JavaKind.Object && ctx.config.useCompressedOops, u.isVolatile());
    }

    /**
     * The access of an {@code Unsafe} get or put {@code i} at {@link #unsafeBase}: an int constant
     * offset (a field's, an array's base) is its displacement, as a field's is; any other offset is in
     * the base.
     */
    private Access unsafeAccess(UnsafeAccess u, Instruction i) {
        Access a = unsafeAccess(u);
        int displacement = constantDisplacement(i);
        return displacement == 0 ? a : new Access(a.kind(), displacement, 0, a.narrowOop(), a.isVolatile());
    }

    /**
     * The base of an {@code Unsafe} get or put {@code i}: the object itself where the offset is an int
     * constant ({@link #unsafeAccess(UnsafeAccess, Instruction)}), so the access is the object's
     * register plus the displacement, the address a field's access has; a null object there is 0 plus
     * the offset, the absolute address {@code Unsafe} reads then. Else {@link #unsafeAddress}.
     */
    private Value unsafeBase(Instruction i) {
        return constantDisplacement(i) != 0 ? i.input(In.OBJECT) : unsafeAddress(i);
    }

    /** The offset of {@code Unsafe} access {@code i} if it is a non-zero int constant and the object not the null constant; 0 if not. */
    private static int constantDisplacement(Instruction i) {
        if (i.input(In.OBJECT) instanceof Constant o && o.isNull()) {
            return 0;
        }
        if (i.input(In.OFFSET) instanceof Constant c && c.asLong() == (int) c.asLong()) {
            return (int) c.asLong();
        }
        return 0;
    }

    /** {@code object + offset} as a word; the offset alone for the null constant. */
    private Value unsafeAddress(Instruction i) {
        Value object = i.input(In.OBJECT);
        Value offset = i.input(In.OFFSET);
        if (object instanceof Constant c && c.isNull()) {
            return offset;
        }
        Value address = ctx.emit(new Instruction(ctx.g, HotSpotOp.ADDRESS_OF, JavaKind.Long, null, i.bci(), object), null);
        return ctx.emit(new Instruction(ctx.g, Op.ADD, JavaKind.Long, null, i.bci(), address, offset), null);
    }

    /** The offset of {@code java.lang.ref.Reference.referent}, read from the VM; -1 if there is none. */
    private long referentOffset() {
        if (referentOffset == Long.MIN_VALUE) {
            referentOffset = -1;
            for (ResolvedJavaField f : ctx.metaAccess.lookupJavaType(java.lang.ref.Reference.class).getInstanceFields(false)) {
                if (f.getName().equals("referent")) {
                    referentOffset = f.getOffset();
                }
            }
        }
        return referentOffset;
    }

    private long referentOffset = Long.MIN_VALUE;

    /**
     * The base of a field access: the object, after its null check, or for a static field its
     * class's {@code java.lang.Class} mirror (an embedded constant).
     */
    Value fieldBase(Instruction i, ResolvedJavaField f) {
        if (f.isStatic()) {
            return mirror(f);
        }
        Value object = i.input(In.OBJECT);
        ctx.nullCheck(object, i.state());
        return object;
    }

    /** What a read gives the program: a narrow oop decoded, else the read itself, with the loaded value's stamp. */
    Value loaded(Instruction read, Access access, Stamp stamp) {
        if (access.narrowOop()) {
            return ctx.uncompress(read, stamp);
        }
        read.setStamp(stamp);
        return read;
    }

    /**
     * The field of a getfield/putfield/getstatic/putstatic if the access can be compiled: resolved,
     * of the kind the bytecode says (static or not; else the interpreter throws
     * IncompatibleClassChangeError) and, for a static field, its class initialized. Otherwise the
     * access becomes an unconditional deoptimization and null is returned.
     */
    /**
     * Whether this is a constructor that writes a final instance field: the Java memory model's
     * final-field rule then wants the writes ordered before any later store that publishes the
     * object, a StoreStore barrier at every return (free on x86; AArch64 {@code dmb ishst}, as
     * HotSpot's interpreter and compilers do there).
     */
    boolean writesFinalField() {
        if (!ctx.g.method().isConstructor()) {
            return false;
        }
        for (Block b : ctx.dominance.reversePostorder()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.STORE_FIELD && i.field().field() instanceof ResolvedJavaField f && !f.isStatic() && f.isFinal()) {
                    return true;
                }
            }
        }
        return false;
    }

    ResolvedJavaField accessibleField(Instruction i) {
        FieldRef f = i.field();
        if (f.field() instanceof ResolvedJavaField rf && rf.isStatic() == f.isStatic() && (!f.isStatic() || rf.getDeclaringClass().isInitialized())) {
            return rf;
        }
        ctx.deoptimize(i);
        return null;
    }

    Access fieldAccess(ResolvedJavaField f) {
        JavaKind k = f.getJavaKind();
        return new Access(k, f.getOffset(), 0, k == JavaKind.Object && ctx.config.useCompressedOops, f.isVolatile());
    }

    Value mirror(ResolvedJavaField f) {
        return ctx.g.constant(ctx.constantReflection.asJavaClass(f.getDeclaringClass()));
    }
}
