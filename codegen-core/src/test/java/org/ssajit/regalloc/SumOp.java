package org.ssajit.regalloc;

import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.meta.Value;

/**
 * A hand-made op for allocator tests with every operand mode: def {@code i} gets the sum of the int
 * uses and alives plus {@code i}; temps are scratch. Operands allow {@link #allowed} (registers only
 * unless told otherwise).
 */
final class SumOp extends LirOp {
    private final int allowed;

    SumOp(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
        this(defs, uses, alives, temps, REG);
    }

    SumOp(Value[] defs, Value[] uses, Value[] alives, Value[] temps, int allowed) {
        super(defs, uses, alives, temps);
        this.allowed = allowed;
    }

    @Override
    public int allowed(Mode m, int i) {
        return m == Mode.USE ? allowed : REG;
    }

    @Override
    public void emit(CodeEmitter emitter) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String name() {
        return "sum";
    }
}
