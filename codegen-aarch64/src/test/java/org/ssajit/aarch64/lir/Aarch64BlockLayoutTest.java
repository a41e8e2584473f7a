package org.ssajit.aarch64.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.lir.BlockLayout;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;

/**
 * codegen-core's {@link BlockLayout} on AArch64's selection: a loop header that ends in a compare
 * branch ({@link Aarch64Compares.CompareBranch}, a {@code TwoWayBranch} and so a
 * {@link org.ssajit.lir.BranchOp}) is placed right after its latch, as on AMD64. Selected on the
 * x86-64 host with an AArch64 target description and register configuration.
 */
class Aarch64BlockLayoutTest {
    /**
     * {@code sum}'s header (B1: length, compare, {@code b.cond}) goes right after its latch (B2), which
     * jumps to it: an iteration falls from the body into the test and branches back once. The entry
     * block stays first.
     */
    @Test
    void loopHeaderEndingInCompareBranchIsEmittedAfterItsLatch() {
        LirGraph lir = Aarch64LirGeneratorTest.select(Aarch64LirGeneratorTest.class, "sum"); // codegen-core's SelectionFileTest.sum
        LirBlock header = lir.blocks().get(1);
        LirBlock latch = lir.blocks().get(2);
        assertInstanceOf(Aarch64Compares.CompareBranch.class, header.last(), lir::toString);
        assertEquals(header, assertInstanceOf(JumpOp.class, latch.last(), lir::toString).target(), lir::toString);
        List<String> order = BlockLayout.emissionOrder(lir).stream().map(Object::toString).toList();
        assertEquals(List.of("B0", "B2", "B1", "B3"), order, lir::toString);
    }
}
