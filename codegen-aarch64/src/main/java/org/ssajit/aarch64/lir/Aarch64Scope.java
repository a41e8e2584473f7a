package org.ssajit.aarch64.lir;

import java.util.EnumSet;
import java.util.Set;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;

/**
 * What only this back end refuses, before any LIR exists: everything Java-level is the lowering's
 * (codegen-core's {@code LoweringScope}). A method outside it is refused with a
 * {@link BailoutException} ({@link BailoutException.Reason#UNSUPPORTED}) naming what.
 */
public final class Aarch64Scope {
    /** Lowered ops the AArch64 instruction selection does not handle yet. */
    static final Set<Op> NOT_YET = EnumSet.of(Op.TYPE_TEST,
                    Op.LOCK, Op.UNLOCK, Op.NEW_EXCEPTION, Op.STORE_CHECK);

    private Aarch64Scope() {
    }

    /** Refuses {@code g} if this back end cannot compile it. */
    public static void check(Graph g, HotSpotVmConfig c) {
        if (c.ropProtection) {
            throw refuse("return-address signing (UseBranchProtection) is on: the frame does not sign lr");
        }
        if (c.nmethodPatchingType != c.nmethodPatchingStw) {
            throw refuse("the collector patches nmethod entry barriers concurrently (type " + c.nmethodPatchingType + ")");
        }
        if (g.isOsr()) {
            throw refuse("on-stack replacement: not compiled on AArch64 yet");
        }
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (NOT_YET.contains(i.op())) {
                    throw refuse(i.op().mnemonic() + ": not compiled on AArch64 yet");
                }
            }
        }
    }

    private static BailoutException refuse(String why) {
        return new BailoutException(BailoutException.Reason.UNSUPPORTED, why);
    }
}
