package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;

/** The lowering of integer division and remainder: the zero check, then a division that cannot trap. */
final class ArithmeticLowering {
    private final InstructionLowering ctx;

    ArithmeticLowering(InstructionLowering ctx) {
        this.ctx = ctx;
    }

    /**
     * {@code x / y} or {@code x % y}: a zero check ({@link CheckElimination} drops it where the
     * divisor cannot be 0), then the division that cannot trap; a divisor that can only be 0
     * deoptimizes (the interpreter throws).
     */
    void divide(Instruction i) {
        Value y = i.input(In.Y);
        if (y.stamp().isConstant(0)) {
            ctx.deoptimize(i, new Deopt(DeoptimizationReason.ArithmeticException, HotSpotLowering.EXCEPTION_ACTION));
            return;
        }
        Instruction check = new Instruction(ctx.g, HotSpotOp.ZERO_CHECK, JavaKind.Void, ctx.exceptionDeopt(DeoptimizationReason.ArithmeticException, i.bci()), i.bci(), y);
        check.setState(i.state().copy());
        ctx.emit(check, null);
        Instruction d = new Instruction(ctx.g, i.op() == Op.DIV ? HotSpotOp.SDIV : HotSpotOp.SREM, i.kind(), null, i.bci(), i.input(In.X), y);
        ctx.replace(i, ctx.emit(d, i.stamp()));
    }
}
