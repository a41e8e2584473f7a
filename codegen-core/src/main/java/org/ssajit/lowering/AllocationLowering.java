package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.AllocationShape;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/** The lowering of {@code new}, {@code newarray}, {@code anewarray} and {@code multianewarray} into allocations of the VM's shapes; unresolved or uninitialized classes deoptimize. */
final class AllocationLowering {
    private final InstructionLowering ctx;

    AllocationLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * {@code new}: an {@link HotSpotOp#ALLOCATE} of the class's instance size, re-executing the bytecode
     * in the interpreter if it fails. A class not resolved or not initialized, or one the VM never
     * allocates inline (abstract, an interface, {@code java.lang.Class}: the slow-path bit of its
     * layout helper), deoptimizes: the interpreter allocates (or throws) and the method is compiled
     * again later. A class with a finalizer is allocated like any other: JDK 25 registers the object
     * at {@code Object.<init>}'s return ({@link Op#REGISTER_FINALIZER}), not at allocation.
     */
    void newInstance(Instruction i) {
        if (!(i.type() instanceof ResolvedJavaType t) || !t.isInitialized() || t.isArray() || t.isInterface() || t.isAbstract()) {
            ctx.deoptimize(i);
            return;
        }
        int size = ((jdk.vm.ci.hotspot.HotSpotResolvedObjectType) t).instanceSize();
        if (size <= 0) {
            ctx.deoptimize(i); // the VM's slow-path bit: java.lang.Class and the like
            return;
        }
        Instruction a = new Instruction(ctx.g, HotSpotOp.ALLOCATE, JavaKind.Object, AllocationShape.instance(t, ctx.constantReflection.asObjectHub(t), size), i.bci());
        a.setState(i.state().copy());
        ctx.replace(i, ctx.emit(a, i.stamp()));
    }

    /** {@code newarray}/{@code anewarray}: an {@link HotSpotOp#ALLOCATE} of the array class with the length. */
    void newArray(Instruction i) {
        if (!(i.type() instanceof ResolvedJavaType element) || element.getJavaKind() == JavaKind.Void) {
            ctx.deoptimize(i);
            return;
        }
        ResolvedJavaType arrayType = element.getArrayClass();
        JavaKind ek = element.getJavaKind();
        AllocationShape shape = AllocationShape.array(arrayType, ctx.constantReflection.asObjectHub(arrayType), ek, ctx.metaAccess.getArrayBaseOffset(ek),
                        ctx.metaAccess.getArrayIndexScale(ek), ctx.config.arrayLengthOffset);
        if (ctx.caughtHere(ImplicitException.Kind.NEGATIVE_SIZE) && !i.input(0).stamp().isNonNegative()) {
            // A handler catches NegativeArraySizeException: tested here, so that it can be thrown
            // in compiled code (elsewhere the allocation's slow path deoptimizes on it).
            Instruction c = new Instruction(ctx.g, HotSpotOp.NEGATIVE_CHECK, JavaKind.Void,
                            ctx.exceptionDeopt(ImplicitException.Kind.NEGATIVE_SIZE, DeoptimizationReason.RuntimeConstraint, i.bci()), i.bci(), i.input(0));
            c.setState(i.state().copy());
            ctx.emit(c, null);
        }
        Instruction a = new Instruction(ctx.g, HotSpotOp.ALLOCATE, JavaKind.Object, shape, i.bci(), i.input(0));
        a.setState(i.state().copy());
        ctx.replace(i, ctx.emit(a, i.stamp()));
    }

    /**
     * {@code multianewarray}: an {@link HotSpotOp#ALLOCATE_MULTI} of the array class with the dimensions;
     * an unresolved class deoptimizes.
     */
    void newMultiArray(Instruction i) {
        if (!(i.type() instanceof ResolvedJavaType t) || !t.isArray()) {
            ctx.deoptimize(i);
            return;
        }
        Value[] dims = new Value[i.inputCount()];
        for (int k = 0; k < dims.length; k++) {
            dims[k] = i.input(k);
        }
        Instruction a = new Instruction(ctx.g, HotSpotOp.ALLOCATE_MULTI, JavaKind.Object, ctx.constantReflection.asObjectHub(t), i.bci(), dims);
        a.setState(i.state().copy());
        ctx.replace(i, ctx.emit(a, i.stamp()));
    }
}
