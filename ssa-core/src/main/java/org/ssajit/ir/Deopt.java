package org.ssajit.ir;

import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/**
 * What a failing check or an unconditional deoptimization tells HotSpot: the reason (its profile
 * counts it per method and bci) and what to do with the code (keep it, or invalidate it and recompile).
 * The interpreter then re-executes the bytecode at the state's bci.
 */
public record Deopt(DeoptimizationReason reason, DeoptimizationAction action) {
    @Override
    public String toString() {
        return reason + "/" + action;
    }
}
