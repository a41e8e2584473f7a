package org.ssajit.bytecode;

import static org.ssajit.bytecode.Bytecodes.ASTORE;
import static org.ssajit.bytecode.Bytecodes.ASTORE_0;
import static org.ssajit.bytecode.Bytecodes.ASTORE_3;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.Signature;

/**
 * Which locals hold a method's incoming reference parameters. Only {@code astore} puts a reference into
 * a local, so if no {@code astore} of the method writes a parameter's local, whenever that local holds a
 * reference it holds the parameter, whose class the verifier guarantees to be assignable to the
 * declared type. An on-stack-replacement compile, which receives its locals untyped from the
 * interpreter, recovers static types this way.
 */
public final class ParameterSlots {
    private ParameterSlots() {
    }

    /**
     * The declared type of the reference parameter in local {@code index} (the receiver's class for
     * local 0 of an instance method) if no {@code astore} in {@code method} writes that local, else null;
     * null too if the local is not a reference parameter's.
     */
    public static JavaType unwrittenReferenceParameter(ResolvedJavaMethod method, int index) {
        JavaType type = referenceParameterAt(method, index);
        if (type == null || storesReference(method.getCode(), index)) {
            return null;
        }
        return type;
    }

    private static JavaType referenceParameterAt(ResolvedJavaMethod method, int index) {
        int slot = 0;
        if (!method.isStatic()) {
            if (index == 0) {
                return method.getDeclaringClass();
            }
            slot = 1;
        }
        Signature sig = method.getSignature();
        for (int i = 0; i < sig.getParameterCount(false); i++) {
            JavaKind k = sig.getParameterKind(i);
            if (slot == index) {
                return k == JavaKind.Object ? sig.getParameterType(i, method.getDeclaringClass()) : null;
            }
            slot += k.getSlotCount();
        }
        return null;
    }

    /** Whether some {@code astore} in {@code code} writes local {@code index}. */
    static boolean storesReference(byte[] code, int index) {
        if (code == null) {
            return true;
        }
        BytecodeStream s = new BytecodeStream(code);
        for (int bci = 0; bci < code.length; bci = s.nextBci()) {
            s.at(bci);
            int op = s.opcode();
            if (op == ASTORE && s.localIndex() == index || op >= ASTORE_0 && op <= ASTORE_3 && op - ASTORE_0 == index) {
                return true;
            }
        }
        return false;
    }
}
