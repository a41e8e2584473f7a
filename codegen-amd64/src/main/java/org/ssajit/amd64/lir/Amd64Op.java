package org.ssajit.amd64.lir;

import org.ssajit.backend.TargetOp;
import org.ssajit.lir.ConstantValue;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.Value;

/**
 * An AMD64 LIR instruction. After register allocation every operand is a {@link RegisterValue}, a
 * {@link StackSlot} or a {@link ConstantValue}, as {@link #allowed} permits; {@link #emitCode} turns it
 * into machine code through the {@link Amd64CodeEmitter} (codegen-core's {@link TargetOp}).
 *
 * <p>Invariants every op keeps, which the allocator and the other ops rely on:
 * <ul>
 * <li>no condition flags live from one op to the next: an op that tests flags sets them itself;</li>
 * <li>{@link Amd64CodeEmitter#SCRATCH} (r10) is never allocated; an op may clobber it freely;</li>
 * <li>the upper 32 bits of a register holding an {@code int} are undefined (an incoming argument's
 * may be anything): int operations use 32-bit forms, and an int index is sign-extended before it
 * takes part in an address.</li>
 * </ul>
 */
public abstract class Amd64Op extends TargetOp<Amd64CodeEmitter> {
    protected Amd64Op(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
        super(defs, uses, alives, temps);
    }
}
