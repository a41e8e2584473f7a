package org.ssajit.aarch64.lir;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;

/**
 * What only this back end refuses, before any LIR exists: everything Java-level is the lowering's
 * (codegen-core's {@code LoweringScope}); every lowered op is selected. Refused here, with a
 * {@link BailoutException} ({@link BailoutException.Reason#UNSUPPORTED}) naming why, are VM
 * configurations whose code shape this back end does not emit: return-address signing, and an nmethod
 * entry barrier patched in a way other than at safepoints (Serial, Parallel, G1) or concurrently with
 * the global patching epoch (Shenandoah, ZGC: {@code Aarch64FrameBuilder.emitEntryBarrierCheck}).
 */
public final class Aarch64Scope {
    private Aarch64Scope() {
    }

    /** Refuses {@code g} if this back end cannot compile it. */
    public static void check(Graph g, HotSpotVmConfig c) {
        if (c.ropProtection) {
            throw refuse("return-address signing (UseBranchProtection) is on: the frame does not sign lr");
        }
        if (c.nmethodPatchingType != c.nmethodPatchingStw && (c.nmethodPatchingType != c.nmethodPatchingConcurrent || c.patchingEpochAddress == 0)) {
            throw refuse("the collector patches nmethod entry barriers in a way ssajit does not emit (type " + c.nmethodPatchingType + ")");
        }
    }

    private static BailoutException refuse(String why) {
        return new BailoutException(BailoutException.Reason.UNSUPPORTED, why);
    }
}
