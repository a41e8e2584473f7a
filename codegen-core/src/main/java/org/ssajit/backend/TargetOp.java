package org.ssajit.backend;

import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.meta.Value;

/**
 * An LIR instruction that emits through one kind of emitter: a target's ops through the target's
 * emitter, the ops every target shares through {@link HotSpotCodeEmitter}.
 *
 * @param <E> the emitter the op's code is written against
 */
public abstract class TargetOp<E extends CodeEmitter> extends LirOp {
    protected TargetOp(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
        super(defs, uses, alives, temps);
    }

    @Override
    @SuppressWarnings("unchecked")
    public final void emit(CodeEmitter emitter) {
        emitCode((E) emitter);
    }

    /** Emits the instruction's machine code; every operand is a location or a constant by now. */
    protected abstract void emitCode(E e);
}
