package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/**
 * What a failing check or an unconditional deoptimization tells HotSpot: the reason (its profile
 * counts it per method and bci) and what to do with the code (keep it, or invalidate it and recompile).
 * The interpreter then re-executes the bytecode at the state's bci.
 */
public record Deopt(DeoptimizationReason reason, DeoptimizationAction action, boolean compiledThrow) {
    public Deopt(DeoptimizationReason reason, DeoptimizationAction action) {
        this(reason, action, false);
    }

    /**
     * A check whose exception a handler of the method catches in compiled code: the lowering's last
     * step turns it into a branch to a {@link HotSpotOp#NEW_EXCEPTION} and the handlers' dispatch instead of
     * a deoptimization (see {@link ImplicitException}).
     */
    public static Deopt compiledThrow(DeoptimizationReason reason) {
        if (ImplicitException.Kind.of(reason) == null) {
            throw new IllegalArgumentException("compiled code cannot create the exception of " + reason);
        }
        return new Deopt(reason, DeoptimizationAction.None, true);
    }

    @Override
    public String toString() {
        return reason + "/" + (compiledThrow ? "throw" : action);
    }
}
