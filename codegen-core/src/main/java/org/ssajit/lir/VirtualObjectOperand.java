package org.ssajit.lir;

import org.ssajit.ir.VirtualInstance;

import jdk.vm.ci.meta.Value;

/**
 * A frame-state operand for an object escape analysis left unallocated ({@link VirtualInstance}): no
 * location; the debug info describes the object from the field values its state names.
 */
public final class VirtualObjectOperand extends Value {
    private final VirtualInstance object;

    public VirtualObjectOperand(LirKind kind, VirtualInstance object) {
        super(kind);
        this.object = object;
    }

    public VirtualInstance object() {
        return object;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VirtualObjectOperand v && v.object == object;
    }

    @Override
    public int hashCode() {
        return object.id();
    }

    @Override
    public String toString() {
        return object.toString();
    }
}
