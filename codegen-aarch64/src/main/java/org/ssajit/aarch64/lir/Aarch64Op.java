package org.ssajit.aarch64.lir;

import org.ssajit.backend.TargetOp;
import org.ssajit.lir.ConstantValue;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.Value;

/**
 * An AArch64 LIR instruction. After register allocation every operand is a {@link RegisterValue}, a
 * {@link StackSlot} or a {@link ConstantValue}, as {@link #allowed} permits; {@link #emitCode} turns it
 * into machine code through the {@link Aarch64CodeEmitter} (codegen-core's {@link TargetOp}).
 *
 * <p>Invariants every op keeps, which the allocator and the other ops rely on:
 * <ul>
 * <li>no condition flags live from one op to the next: an op that tests flags sets them itself;</li>
 * <li>{@link Aarch64CodeEmitter#SCRATCH1} (x8) and {@link Aarch64CodeEmitter#SCRATCH2} (x9) are never
 * allocated (HotSpot reserves them); an op may clobber them freely, and moves use them;</li>
 * <li>only moves read or write stack slots: every other op's operands are registers or constants;</li>
 * <li>the upper 32 bits of a register holding an {@code int} are undefined (an incoming argument's may
 * be anything): int operations use the 32-bit (w) forms, and an int index is sign-extended by the
 * address ({@code sxtw}) or before it takes part in one.</li>
 * </ul>
 */
public abstract class Aarch64Op extends TargetOp<Aarch64CodeEmitter> {
    protected Aarch64Op(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
        super(defs, uses, alives, temps);
    }
}
