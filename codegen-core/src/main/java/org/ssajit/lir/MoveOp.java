package org.ssajit.lir;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/** A move between locations (or of a constant into one). The allocator uses moves as coalescing hints. */
public interface MoveOp {
    AllocatableValue result();

    Value input();
}
