package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AllocationShape;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/** The lowering of array accesses: null and bounds checks, element addresses, the store check of {@code aastore}, boolean and byte stores. */
final class ArrayLowering {
    private final InstructionLowering ctx;

    ArrayLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    Access lengthAccess() {
        return new Access(JavaKind.Int, ctx.config.arrayLengthOffset, 0, false);
    }

    Access elementAccess(JavaKind ek) {
        return new Access(ek, ctx.metaAccess.getArrayBaseOffset(ek), ctx.metaAccess.getArrayIndexScale(ek), ek == JavaKind.Object && ctx.config.useCompressedOops);
    }

    /**
     * The checks before an element access: the array's null check and the index's bounds check.
     * With a checked length ({@link Instruction#checkedLength}) the index is compared with that
     * length, which is 0 for a null array, so that check stands for the null check too
     * ({@link CheckElimination} drops the null check); otherwise against the array's length, read
     * after the null check (that read may become the null check, {@link ImplicitNullChecks}). Where a
     * failed null or bounds check throws to a handler in compiled code, a null array must not take
     * the bounds check: the length is read.
     */
    void checkElement(Instruction i) {
        Value array = i.input(In.ARRAY);
        Value index = i.input(In.INDEX);
        ctx.nullCheck(array, i.state());
        Value length = i.checkedLength();
        if (length != null && !ctx.nullChecksThrow() && !ctx.caughtHere(ImplicitException.Kind.OUT_OF_BOUNDS)) {
            boundsCheck(index, length, i);
        } else {
            Instruction len = ctx.read(array, null, lengthAccess());
            len.setStamp(Stamp.forInt(0, Integer.MAX_VALUE));
            boundsCheck(index, len, i);
        }
    }

    /** A {@link HotSpotOp#BOUNDS_CHECK} of {@code index} against {@code length}, the array's length (or, a checked length, its length or 0 for null). */
    void boundsCheck(Value index, Value length, Instruction i) {
        Deopt why = ctx.exceptionDeopt(DeoptimizationReason.BoundsCheckException, i.bci());
        Instruction c = new Instruction(ctx.g, HotSpotOp.BOUNDS_CHECK, JavaKind.Void, why, i.bci(), index, length);
        c.setState(i.state().copy());
        ctx.emit(c, null);
    }

    void loadIndexed(Instruction i) {
        JavaKind ek = i.elementKind();
        checkElement(i);
        Access access = elementAccess(ek);
        Value element = ctx.fields.loaded(ctx.read(i.input(In.ARRAY), i.input(In.INDEX), access), access, i.stamp());
        if (access.kind() == JavaKind.Object) {
            element = ctx.loadBarrier(element, i.input(In.ARRAY), i.input(In.INDEX), access, false);
        }
        ctx.replace(i, element);
    }

    void storeIndexed(Instruction i) {
        JavaKind ek = i.elementKind();
        if (ek == JavaKind.Object) {
            storeReferenceElement(i);
            return;
        }
        JavaKind memory = ek;
        if (ek == JavaKind.Byte && LoweringScope.isBooleanArray(i.input(In.ARRAY))) {
            memory = JavaKind.Boolean; // bastore into boolean[] stores (value & 1)
        }
        checkElement(i);
        Value value = ctx.storeValue(i.input(In.VALUE), memory, i.bci());
        if (ek == JavaKind.Byte && !LoweringScope.isByteOrBooleanArray(i.input(In.ARRAY))) {
            value = byteOrBoolean(i.input(In.ARRAY), value, i.bci());
        }
        Access access = new Access(memory, ctx.metaAccess.getArrayBaseOffset(ek), ctx.metaAccess.getArrayIndexScale(ek), false);
        ctx.write(i.input(In.ARRAY), i.input(In.INDEX), value, access, i.bci());
        ctx.remove(i);
    }

    /**
     * {@code aastore}: the null and bounds checks, the store check unless the stamps prove it (a
     * {@link HotSpotOp#STORE_CHECK} and a {@link HotSpotOp#GUARD} that deoptimizes when it fails: the interpreter
     * throws ArrayStoreException), then the store with its barriers.
     */
    void storeReferenceElement(Instruction i) {
        Value array = i.input(In.ARRAY);
        Value value = i.input(In.VALUE);
        checkElement(i);
        if (!value.stamp().isAlwaysNull() && !storeCheckProven(array, value)) {
            Instruction check = ctx.emit(new Instruction(ctx.g, HotSpotOp.STORE_CHECK, JavaKind.Int, null, i.bci(), array, value), Stamp.forInt(0, 1));
            Instruction guard = new Instruction(ctx.g, HotSpotOp.GUARD, JavaKind.Void, ctx.exceptionDeopt(DeoptimizationReason.ArrayStoreException, i.bci()), i.bci(),
                            check);
            guard.setState(i.state().copy());
            ctx.emit(guard, null);
        }
        ctx.barriers.storeReference(array, i.input(In.INDEX), value, elementAccess(JavaKind.Object), null, false, InstructionLowering.Freshness.NONE, i.bci());
        ctx.remove(i);
    }

    /**
     * Whether {@code value} may be stored into {@code array}: the array's class is exactly known
     * (its stamp says so: a final element class; or it is an allocation of this method), and its
     * element type is Object (every reference is one), or the value's stamp is an instance of it,
     * or the value is a constant whose class is a subtype of it (a class initializer's tables).
     */
    boolean storeCheckProven(Value array, Value value) {
        // The array's exact class: an exact stamp admits no subclass; an allocation's object has the
        // class it allocated (a PI only narrows the stamp of the same reference).
        ResolvedJavaType a = array.stamp().isExactType() ? array.stamp().type()
                        : CheckElimination.withoutPi(array) instanceof Instruction alloc && alloc.op() == HotSpotOp.ALLOCATE ? alloc.attribute(AllocationShape.class).type() : null;
        if (a == null || !a.isArray()) {
            return false;
        }
        ResolvedJavaType element = a.getComponentType();
        // Every reference is an Object; a stamp without interfaces is one the verifier checked.
        if (element.isJavaLangObject() || TypeCheckLowering.provenInstance(value.stamp(), element)) {
            return true;
        }
        // A constant's class is exact (its stamp carries no type, so ask the constant itself).
        return value instanceof Constant c && !c.isNull() && element.isAssignableFrom(ctx.metaAccess.lookupJavaType(c.value()));
    }

    /**
     * A {@code bastore} into an array the stamps do not say is a byte[] or a boolean[] (an untyped
     * local of an OSR compile, a phi of both kinds): the verifier lets only those two through, and a
     * boolean[] keeps bit 0 of the value. So the value is ANDed with 1 for a boolean[] and with -1
     * for a byte[], the mask {@code (b - 1) | 1} of b = (array instanceof boolean[]), branch-free.
     * (HotSpot's interpreter tests a bit of the layout helper instead; a type test of the leaf
     * class boolean[] is one class compare.) Constants 0 and 1 store alike into both.
     */
    Value byteOrBoolean(Value array, Value v, int bci) {
        if (v instanceof Constant c && (c.asInt() == 0 || c.asInt() == 1)) {
            return v;
        }
        ResolvedJavaType booleans = ctx.metaAccess.lookupJavaType(boolean[].class);
        Instruction b = ctx.emit(new Instruction(ctx.g, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.subtypeTest(booleans, ctx.constantReflection, false), bci, array),
                        Stamp.forInt(0, 1));
        Instruction zeroOrMinusOne = ctx.emit(new Instruction(ctx.g, Op.SUB, JavaKind.Int, null, bci, b, ctx.g.intConstant(1)), Stamp.forInt(-1, 0));
        Instruction mask = ctx.emit(new Instruction(ctx.g, Op.OR, JavaKind.Int, null, bci, zeroOrMinusOne, ctx.g.intConstant(1)), Stamp.unrestricted(JavaKind.Int));
        return ctx.emit(new Instruction(ctx.g, Op.AND, JavaKind.Int, null, bci, v, mask), Stamp.unrestricted(JavaKind.Int));
    }
}
