package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/** The lowering of {@code checkcast} and {@code instanceof} into type tests and guards ({@link CheckElimination} drops the casts that stamps or a dominating cast or test prove). */
final class TypeCheckLowering {
    private final InstructionLowering ctx;

    TypeCheckLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * {@code checkcast}: a {@link HotSpotOp#TYPE_TEST} that null passes, a {@link HotSpotOp#GUARD} that
     * deoptimizes when it fails (the interpreter throws ClassCastException), and right after it the
     * object again as a {@link HotSpotOp#PI} with the cast's stamp; an unresolved type deoptimizes.
     */
    void checkcast(Instruction i) {
        Value x = i.input(In.OBJECT);
        if (!(i.type() instanceof ResolvedJavaType t)) {
            ctx.deoptimize(i);
            return;
        }
        Instruction test = ctx.emit(new Instruction(ctx.g, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.subtypeTest(t, ctx.constantReflection, true), i.bci(), x), Stamp.forInt(0, 1));
        Deopt why = ctx.exceptionDeopt(DeoptimizationReason.ClassCastException, i.bci());
        Instruction guard = new Instruction(ctx.g, HotSpotOp.GUARD, JavaKind.Void, why, i.bci(), test);
        guard.setState(i.state().copy());
        ctx.emit(guard, null);
        ctx.replace(i, ctx.emit(new Instruction(ctx.g, HotSpotOp.PI, JavaKind.Object, null, i.bci(), x), i.stamp()));
    }

    /** {@code instanceof}: a {@link HotSpotOp#TYPE_TEST} that null fails; an unresolved type deoptimizes. */
    void instanceOf(Instruction i) {
        if (!(i.type() instanceof ResolvedJavaType t)) {
            if (i.state() == null) {
                throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "instanceof of an unresolved type at bci " + i.bci() + " without a state");
            }
            ctx.deoptimize(i);
            return;
        }
        ctx.replace(i, ctx.emit(new Instruction(ctx.g, HotSpotOp.TYPE_TEST, JavaKind.Int, TypeTests.subtypeTest(t, ctx.constantReflection, false), i.bci(), i.input(In.OBJECT)), Stamp.forInt(0, 1)));
    }

    /**
     * Whether every non-null value of {@code s} is a {@code t}: its type is a subtype of {@code t}
     * and involves no interface (the verifier lets any reference through where an interface, or an
     * array of interfaces, is declared).
     */
    static boolean provenInstance(Stamp s, ResolvedJavaType t) {
        ResolvedJavaType type = s.type();
        if (type == null || !t.isAssignableFrom(type)) {
            return false;
        }
        ResolvedJavaType elemental = type.getElementalType();
        return !elemental.isInterface();
    }
}
