package org.ssajit.amd64.lir;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * What only this back end refuses, before any LIR exists: everything Java-level is the lowering's
 * (codegen-core's {@code LoweringScope}). A method outside it is refused with a
 * {@link BailoutException} ({@link BailoutException.Reason#UNSUPPORTED}).
 */
public final class Amd64Scope {
    private Amd64Scope() {
    }

    /** Refuses {@code g} if this back end cannot compile it. */
    public static void check(Graph g) {
        ResolvedJavaMethod m = g.method();
        HotSpotVmConfig c = HotSpotVmConfig.host();
        if (!m.isStatic() && c.useCompactObjectHeaders && c.markWordKlassShift < 32) {
            // The inline-cache check reads the narrow klass as the mark word's upper half (Amd64FrameBuilder).
            throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "instance method: compact object headers with the klass below bit 32 of the mark word");
        }
    }
}
