package org.ssajit.amd64.lir;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.Infopoint;
import jdk.vm.ci.meta.Value;

/** The test-only allocator does what the end-to-end tests rely on: states in slots, or in registers of both files. */
class SpillAllAllocatorTest {
    static double values(float f, double d, long l, int[] a, int i) {
        double s = 0;
        for (int k = 0; k <= i; k++) { // <=: a loop that polls (CountedLoopPolls), with the values in its state
            s += a[k] + f + d + l;
        }
        return s;
    }

    private static List<LirOp> withStates(boolean inRegisters) {
        Amd64Backend b = Amd64Backend.host();
        LirGraph lir = b.select(Lowered.graph(SpillAllAllocatorTest.class, "values"));
        SpillAllAllocator.allocate(lir, b.moveFactory(), b.allocatableRegisters(), inRegisters);
        CompiledCode code = b.emit(lir, "values"); // refuses unallocated or misplaced operands
        assertTrue(code.sites().stream().anyMatch(s -> s instanceof Infopoint && !(s instanceof Call)), "a safepoint");
        return lir.blocks().stream().flatMap(x -> x.ops().stream()).filter(o -> o.state() != null).toList();
    }

    @Test
    void statesInSlots() {
        for (LirOp op : withStates(false)) {
            for (Value v : op.state().values()) {
                assertTrue(v == null || v instanceof StackSlot || v instanceof org.ssajit.lir.ConstantValue, op + ": " + v);
            }
        }
    }

    @Test
    void statesInRegistersOfBothFiles() {
        boolean gpr = false;
        boolean xmm = false;
        boolean ref = false;
        for (LirOp op : withStates(true)) {
            for (Value v : op.state().values()) {
                if (v instanceof RegisterValue r) {
                    boolean isXmm = r.getRegister().getRegisterCategory().equals(AMD64.XMM);
                    xmm |= isXmm;
                    gpr |= !isXmm;
                    ref |= ((org.ssajit.lir.LirKind) r.getValueKind()).isReference();
                }
            }
            assertTrue(op.state().liveReferences().stream().anyMatch(v -> v instanceof RegisterValue), op + " reports its register references");
        }
        assertTrue(gpr && xmm && ref, "general, xmm and reference registers in states");
    }
}
