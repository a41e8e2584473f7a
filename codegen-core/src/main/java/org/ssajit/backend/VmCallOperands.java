package org.ssajit.backend;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.VmEntry;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.VMConstant;
import jdk.vm.ci.meta.Value;

/**
 * The operands of a {@link org.ssajit.hotspot.ir.HotSpotOp#VM_CALL} op, the same on every target: the answer in the
 * C convention's return register, the arguments after the thread in its next argument registers, a
 * class-metadata argument loaded by the op itself (not a use), and a state to deoptimize to.
 */
public final class VmCallOperands {
    private VmCallOperands() {
    }

    /**
     * Checks a VM call's operands: {@code result} in {@code resultRegister} exactly when the entry
     * answers, argument {@code k} in {@code argumentRegisters[k]}, a state present.
     */
    public static void check(VmEntry entry, RegisterValue result, Register resultRegister, RegisterValue[] arguments, Register[] argumentRegisters, LirFrameState state) {
        if ((result == null) != (entry.resultKind() == JavaKind.Void) || result != null && !result.getRegister().equals(resultRegister)) {
            throw new IllegalArgumentException(entry + " answers in " + resultRegister + ": " + result);
        }
        for (int k = 0; k < arguments.length; k++) {
            if (!arguments[k].getRegister().equals(argumentRegisters[k])) {
                throw new IllegalArgumentException("argument " + k + " of " + entry + " is in " + argumentRegisters[k] + ": " + arguments[k]);
            }
        }
        if (state == null) {
            throw new IllegalArgumentException(entry + " needs a state");
        }
    }

    /**
     * The registers a VM call uses: the arguments but those whose {@code metadata[k]} is non-null, an
     * uncompressed class-metadata constant the op loads itself; null if none.
     */
    public static Value[] uses(RegisterValue[] arguments, VMConstant[] metadata) {
        if (metadata.length != arguments.length) {
            throw new IllegalArgumentException(arguments.length + " arguments, " + metadata.length + " metadata slots");
        }
        List<Value> v = new CompilerList<>();
        for (int k = 0; k < arguments.length; k++) {
            if (metadata[k] == null) {
                v.add(arguments[k]);
            } else if (!(metadata[k] instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("argument " + k + ": expected an uncompressed class-metadata constant: " + metadata[k]);
            }
        }
        return v.isEmpty() ? null : v.toArray(new Value[0]);
    }
}
