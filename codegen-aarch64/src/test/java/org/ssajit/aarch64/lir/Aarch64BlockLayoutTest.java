package org.ssajit.aarch64.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.hotspot.Arm64LikeConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lir.BlockLayout;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.TargetDescription;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.aarch64.AArch64HotSpotRegisterConfig;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * codegen-core's {@link BlockLayout} on AArch64's selection: a loop header that ends in a compare
 * branch ({@link Aarch64Compares.CompareBranch}, a {@code TwoWayBranch} and so a
 * {@link org.ssajit.lir.BranchOp}) is placed right after its latch, as on AMD64. Selected on the
 * x86-64 host with an AArch64 target description and register configuration.
 */
class Aarch64BlockLayoutTest {
    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    private static Aarch64Backend backend() {
        AArch64 arch = new AArch64(EnumSet.noneOf(AArch64.CPUFeature.class));
        TargetDescription target = new TargetDescription(arch, true, 16, 4096, true);
        JVMCIBackend host = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        return new Aarch64Backend(Arm64LikeConfig.get(), host.getMetaAccess(), host.getConstantReflection(), new AArch64HotSpotRegisterConfig(target, true, false),
                        arch);
    }

    private static LirGraph select(String name) {
        Graph g = Jvmci.graph(Aarch64BlockLayoutTest.class, name);
        HotSpotLowering.host(false).lower(g);
        Verifier.verify(g);
        return backend().select(g);
    }

    /**
     * {@code sum}'s header (B1: length, compare, {@code b.cond}) goes right after its latch (B2), which
     * jumps to it: an iteration falls from the body into the test and branches back once. The entry
     * block stays first.
     */
    @Test
    void loopHeaderEndingInCompareBranchIsEmittedAfterItsLatch() {
        LirGraph lir = select("sum");
        LirBlock header = lir.blocks().get(1);
        LirBlock latch = lir.blocks().get(2);
        assertInstanceOf(Aarch64Compares.CompareBranch.class, header.last(), lir::toString);
        assertEquals(header, assertInstanceOf(JumpOp.class, latch.last(), lir::toString).target(), lir::toString);
        List<String> order = BlockLayout.emissionOrder(lir).stream().map(Object::toString).toList();
        assertEquals(List.of("B0", "B2", "B1", "B3"), order, lir::toString);
    }
}
