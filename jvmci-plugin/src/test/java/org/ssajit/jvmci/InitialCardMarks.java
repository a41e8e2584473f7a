package org.ssajit.jvmci;

import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * A child-JVM program for {@link CompiledReferenceStoresTest#initialStoresMarkCardsUnlessTheVmReducesThem}:
 * lowers {@link #fresh} (a reference stored into an object just allocated, nothing between) for the
 * child's collector and flags, and prints how many bytes the lowered code writes: the card marks (a
 * G1 or card-table post-barrier writes one byte, the dirty card; nothing else of {@code fresh} is a byte).
 */
final class InitialCardMarks {
    private InitialCardMarks() {
    }

    static final class Cell {
        Object a;
    }

    static Cell fresh(Object x) {
        Cell c = new Cell();
        c.a = x;
        return c;
    }

    public static void main(String[] args) {
        fresh("resolves the class and its field");
        Graph g = Jvmci.graph(InitialCardMarks.class, "fresh", BuildOptions.DEFAULT.withInlining(true));
        HotSpotLowering.host(OptionValues.DEFAULTS).lower(g);
        int bytes = 0;
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == HotSpotOp.WRITE && i.attribute(Access.class).kind() == JavaKind.Byte) {
                    bytes++;
                }
            }
        }
        System.out.println("byte writes=" + bytes);
    }
}
