package org.ssajit.ir;

import jdk.vm.ci.meta.ConstantPool;

/** An ldc of a constant-pool entry that is not resolved yet: class, method type, method handle, dynamic. */
public record LdcRef(ConstantPool pool, int cpi, int opcode, String description) {
    @Override
    public String toString() {
        return description;
    }
}
