package org.ssajit.ir;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaMethod;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * What an INVOKE calls: the method named at the call site (possibly unresolved), the invoke bytecode
 * (INVOKEVIRTUAL, INVOKESPECIAL, INVOKESTATIC, INVOKEINTERFACE or INVOKEDYNAMIC) and, for
 * invokedynamic and signature-polymorphic calls, the appendix HotSpot links with (null if none yet).
 */
public record InvokeTarget(JavaMethod method, int opcode, JavaConstant appendix) {
    public boolean isResolved() {
        return method instanceof ResolvedJavaMethod;
    }

    public boolean hasReceiver() {
        return opcode != org.ssajit.bytecode.Bytecodes.INVOKESTATIC && opcode != org.ssajit.bytecode.Bytecodes.INVOKEDYNAMIC;
    }

    @Override
    public String toString() {
        return org.ssajit.bytecode.Bytecodes.nameOf(opcode) + " " + method.format("%H.%n(%P)%R")
                        + (isResolved() ? "" : " (unresolved)");
    }
}
