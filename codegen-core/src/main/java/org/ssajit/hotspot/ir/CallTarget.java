package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import org.ssajit.util.Nulls;

/**
 * What a lowered {@link HotSpotOp#CALL} calls and how the callee is found: the attribute of the call the
 * HotSpot lowering makes of an {@link Op#INVOKE} whose target is linked.
 *
 * @param method the resolved method the bytecode names (for a virtual or interface call, the one a
 *            receiver's class selects may override it)
 * @param dispatch how the callee is found
 * @param opcode the invoke bytecode the call comes from (HotSpot re-reads it when it links the site)
 * @param unwinds an exception the callee throws leaves this frame for the caller's handler, as
 *            {@link HotSpotOp#UNWIND} does (no handler of the compiled method or of a method inlined into it
 *            covers the call, no lock is held); otherwise the frame deoptimizes at the call and the
 *            interpreter dispatches, or, for a call with compiled handlers, the code after the call does
 */
public record CallTarget(ResolvedJavaMethod method, Dispatch dispatch, int opcode, boolean unwinds) {
    /** How a call reaches its callee. */
    public enum Dispatch {
        /** A static method: a direct call, no receiver. */
        STATIC,
        /**
         * An instance method bound statically (a constructor, a private or final method, a {@code super}
         * call): a direct call; the receiver, the first argument, is not null.
         */
        DIRECT,
        /** A virtual method: the receiver's class selects the callee (an inline cache); receiver not null. */
        VIRTUAL,
        /** An interface method: the receiver's class selects the callee (an inline cache); receiver not null. */
        INTERFACE;

        public boolean hasReceiver() {
            return this != STATIC;
        }
    }

    public CallTarget {
        Nulls.requireNonNull(method, "method");
        Nulls.requireNonNull(dispatch, "dispatch");
        if (method.isStatic() != (dispatch == Dispatch.STATIC)) {
            throw new IllegalArgumentException(dispatch + " call of " + (method.isStatic() ? "static " : "instance ") + "method " + method);
        }
    }

    /** The stack kind of what the call returns (Void: nothing). */
    public JavaKind returnKind() {
        return method.getSignature().getReturnKind().getStackKind();
    }

    @Override
    public String toString() {
        return dispatch.name().toLowerCase(java.util.Locale.ROOT) + " " + method.format("%H.%n(%P)%R") + (unwinds ? " unwinds" : "");
    }
}
