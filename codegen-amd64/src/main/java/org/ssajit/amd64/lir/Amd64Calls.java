package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.ir.CallTarget;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.Value;

/** Calls of Java methods, through HotSpot's call sites (see {@link org.ssajit.amd64.hotspot.Amd64FrameBuilder#emitJavaCall}). */
public final class Amd64Calls {
    private Amd64Calls() {
    }

    /**
     * A call of a Java method: arguments in the fixed registers of the Java calling convention (and
     * the outgoing stack area, written by moves before it), the result in rax or xmm0, every
     * allocatable register clobbered. Its state is the invoke's during the call; the debug info is
     * recorded at the return address.
     */
    public static final class JavaCall extends Amd64Op {
        private final CallTarget target;
        /** The return address's position in the code, once emitted; -1 before. */
        private int returnAddress = -1;

        public JavaCall(CallTarget target, RegisterValue result, RegisterValue[] arguments, LirFrameState state) {
            super(result == null ? null : values(result), java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null);
            if (!state.duringCall()) {
                throw new IllegalArgumentException("a call's state is the state during the call: " + state);
            }
            this.target = target;
            setState(state);
        }

        public CallTarget target() {
            return target;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            returnAddress = e.frame().emitJavaCall(target.method(), target.dispatch(), e.debugInfo(state()), target.unwinds());
        }

        /** The position of the call's return address in the code (after emission). */
        public int returnAddress() {
            if (returnAddress < 0) {
                throw new IllegalStateException("call not emitted yet: " + this);
            }
            return returnAddress;
        }

        @Override
        public String name() {
            return "call " + target;
        }
    }

    /**
     * {@code movabs r10, f; call r10}: a leaf of the VM, no debug info (it cannot safepoint or throw):
     * a C function ({@code frem}) or a stub with the C convention (an array copy stub); the result, if
     * any, in the C convention's register.
     */
    public static final class LeafCall extends Amd64Op {
        private final long address;
        private final String name;

        public LeafCall(long address, RegisterValue result, RegisterValue[] arguments, org.ssajit.ir.RuntimeLeaf function) {
            this(address, result, arguments, function.symbol());
        }

        /** {@code result} null: the leaf returns nothing. */
        public LeafCall(long address, RegisterValue result, RegisterValue[] arguments, String name) {
            super(result == null ? null : values(result), java.util.Arrays.copyOf(arguments, arguments.length, Value[].class), null, null);
            this.address = address;
            this.name = name;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.frame().emitCFunctionCall(address);
        }

        @Override
        public String name() {
            return "leafcall " + name;
        }
    }
}
