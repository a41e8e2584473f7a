package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.config;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.FrameMap;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.MoveFactory;
import org.ssajit.lir.TestTarget;
import org.ssajit.lir.Variable;
import org.ssajit.regalloc.LirInterpreter.Run;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCI;

/** Hand-made LIR for the operand modes, constants and the configuration. */
class OperandModesTest {
    private static final LirKind INT = LirKind.value(TestTarget.ARCH.getPlatformKind(JavaKind.Int));

    /** One block: {@code ops} between the parameters ({@code params} ints) and the return of {@code result}. */
    interface Body {
        List<LirOp> build(LirGraph lir, Variable[] params);
    }

    private static LirGraph block(int params, Body body) {
        LirGraph lir = new LirGraph(null, new FrameMap(8, 16, 8));
        LirBlock b = lir.newBlock(null);
        Variable[] p = new Variable[params];
        for (int i = 0; i < params; i++) {
            p[i] = lir.newVariable(INT);
        }
        b.ops().add(new LabelOp(b, new Variable[0]));
        b.ops().add(new TestTarget.Params(p));
        List<LirOp> ops = body.build(lir, p);
        b.ops().addAll(ops);
        Value result = ops.get(ops.size() - 1).get(Mode.DEF, 0);
        RegisterValue r0 = TestTarget.R0.asValue(INT);
        b.ops().add(new TestTarget.Move(r0, result));
        b.ops().add(new TestTarget.Ret(new Value[]{r0}));
        return lir;
    }

    private static Variable v(LirGraph lir) {
        return lir.newVariable(INT);
    }

    private static Value[] vals(Value... v) {
        return v;
    }

    /** Allocates and compares a run before with a run after allocation. */
    private static AllocationResult allocateAndRun(LirGraph lir, RegisterAllocationConfig config, Object... args) {
        Run before = new LirInterpreter(lir, null).run(args);
        AllocationResult r = LinearScan.allocate(lir, config);
        Harness.assertAllocated(lir);
        Run after = new LirInterpreter(lir, config).run(args);
        assertEquals(before.outcome(), after.outcome(), lir::toString);
        return r;
    }

    private static LirOp find(LirGraph lir, int index) {
        return lir.entry().ops().stream().filter(op -> op instanceof SumOp).toList().get(index);
    }

    @Test
    void aUseMayShareItsRegisterWithTheDefAnAliveMayNot() {
        // Three registers, three values: v3 fits only into the register of the dying USE v0.
                LirGraph g = block(3, (lir, p) -> {
            Variable v3 = v(lir);
            Variable v4 = v(lir);
            return List.of(new SumOp(vals(v3), vals(p[0]), vals(p[1]), null), new SumOp(vals(v4), vals(v3, p[1], p[2]), null, null));
        });
        AllocationResult r = allocateAndRun(g, config(3, 3), 1, 20, 300);
        LirOp first = find(g, 0);
        assertEquals(0, r.stats().spillSlots(), g::toString);
        assertEquals(first.get(Mode.USE, 0), first.get(Mode.DEF, 0), "the def reuses the dying use's register");
        assertNotEquals(first.get(Mode.ALIVE, 0), first.get(Mode.DEF, 0));

        // The same with v0 ALIVE: no register is free for v3 without spilling.
        g = block(3, (lir, p) -> {
            Variable v3 = v(lir);
            Variable v4 = v(lir);
            return List.of(new SumOp(vals(v3), null, vals(p[0], p[1]), null), new SumOp(vals(v4), vals(v3, p[1], p[2]), null, null));
        });
        r = allocateAndRun(g, config(3, 3), 1, 20, 300);
        first = find(g, 0);
        assertTrue(r.stats().spillSlots() > 0, g::toString);
        for (int i = 0; i < 2; i++) {
            assertNotEquals(Locations.key(first.get(Mode.ALIVE, i)), Locations.key(first.get(Mode.DEF, 0)), g::toString);
        }
    }

    @Test
    void tempsAreRegistersApartFromAliveOperands() {
                LirGraph g = block(2, (lir, p) -> {
            Variable t = v(lir);
            Variable d = v(lir);
            Variable e = v(lir);
            return List.of(new SumOp(vals(d), vals(p[0]), vals(p[1]), vals(t, TestTarget.R1.asValue(INT))), new SumOp(vals(e), vals(d, p[1]), null, null));
        });
        allocateAndRun(g, config(4, 3), 5, 6);
        LirOp op = find(g, 0);
        Value alive = op.get(Mode.ALIVE, 0);
        Value temp = op.get(Mode.TEMP, 0);
        assertInstanceOf(RegisterValue.class, temp);
        assertNotEquals(Locations.key(alive), Locations.key(temp));
        assertNotEquals(TestTarget.R1.number, Locations.key(alive), "the fixed temp r1 is clobbered");
        assertNotEquals(TestTarget.R1.number, Locations.key(temp));
    }

    @Test
    void moreRegisterOperandsThanRegistersIsABailout() {
                LirGraph g = block(4, (lir, p) -> List.of(new SumOp(vals(v(lir)), null, vals(p[0], p[1], p[2], p[3]), null)));
        RegisterAllocationException e = assertThrows(RegisterAllocationException.class, () -> LinearScan.allocate(g, config(3, 3)));
        assertTrue(e.getMessage().contains("more values need a register"), e.getMessage());
    }

    @Test
    void aVariableUsedBeforeItsDefinitionIsRejected() {
                LirGraph g = block(1, (lir, p) -> List.of(new SumOp(vals(v(lir)), vals(p[0], v(lir)), null, null)));
        assertThrows(RegisterAllocationException.class, () -> LinearScan.allocate(g, config(3, 3)));
    }

    @Test
    void constantsStayWhereAllowedAndAreLoadedElsewhere() {
        ConstantValue seven = new ConstantValue(INT, JavaConstant.forInt(7));
                LirGraph g = block(1, (lir, p) -> {
            Variable a = v(lir);
            Variable b = v(lir);
            return List.of(new SumOp(vals(a), vals(p[0], seven), null, null, LirOp.REG | LirOp.CONST), new SumOp(vals(b), vals(a, seven), null, null));
        });
        AllocationResult r = allocateAndRun(g, config(3, 3), 35);
        assertEquals(seven, find(g, 0).get(Mode.USE, 1), "CONST allowed: kept");
        assertInstanceOf(RegisterValue.class, find(g, 1).get(Mode.USE, 1), "registers only: loaded");
        assertEquals(1, r.stats().materializedConstants());
    }

    /** A phi whose input is a constant that cannot be stored to the stack directly, into a spilled phi. */
    @Test
    void constantPhiInputsIntoStackSlotsGoThroughARegister() {
        Harness.Checked c = Harness.check(Jvmci.graph(LinearScanTest.class, "mixedLongConstants"), config(3, 3),
                        Jvmci.declared(LinearScanTest.class, "mixedLongConstants"), Harness.inputs(new Object[]{6}));
        boolean loadedThroughRegister = false;
        for (LirBlock b : c.lir().blocks()) {
            List<LirOp> ops = b.ops();
            for (int k = 0; k + 1 < ops.size(); k++) {
                if (ops.get(k) instanceof TestTarget.Load l && !TestTarget.MOVES.canStoreConstantToStack(l.constant) && c.result().isInserted(ops.get(k))) {
                    assertInstanceOf(RegisterValue.class, l.get(Mode.DEF, 0), "a 64-bit constant goes into a register first");
                    loadedThroughRegister |= ops.get(k + 1) instanceof TestTarget.Move m && m.get(Mode.USE, 0).equals(l.get(Mode.DEF, 0))
                                    && !(m.get(Mode.DEF, 0) instanceof RegisterValue);
                }
            }
        }
        assertTrue(loadedThroughRegister, c.lir()::toString);
    }

    @Test
    void withheldRegistersAreNeverAssigned() {
        Register r3 = TestTarget.INT_REGISTERS.get(3);
        RegisterAllocationConfig cfg = RegisterAllocationConfig.of(TestTarget.registers(5, 3, Set.of()), TestTarget.MOVES, Set.of(r3));
        assertFalse(cfg.allocatableRegisters().contains(r3));
        Harness.Checked c = Harness.check(Jvmci.graph(LinearScanTest.class, "manyLive"), cfg, Jvmci.declared(LinearScanTest.class, "manyLive"),
                        Harness.inputs(new Object[]{3, 5}));
        for (LirBlock b : c.lir().blocks()) {
            for (LirOp op : b.ops()) {
                for (Mode m : Mode.values()) {
                    for (int i = 0; i < op.count(m); i++) {
                        assertNotEquals(r3.number, Locations.key(op.get(m, i)), op::toString);
                    }
                }
                if (op.state() != null) {
                    for (Value v : op.state().values()) {
                        assertTrue(v == null || Locations.key(v) != r3.number, op::toString);
                    }
                }
            }
        }
    }

    @Test
    void configurationFromTheHostRegisterConfig() {
        RegisterConfig rc = JVMCI.getRuntime().getHostJVMCIBackend().getCodeCache().getRegisterConfig();
        MoveFactory none = new MoveFactory() {
            @Override
            public LirOp createMove(AllocatableValue dst, Value src) {
                throw new UnsupportedOperationException();
            }

            @Override
            public LirOp createLoad(AllocatableValue dst, Constant constant) {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean canStoreConstantToStack(Constant constant) {
                return false;
            }
        };
        Register scratch = rc.getAllocatableRegisters().get(rc.getAllocatableRegisters().size() - 1);
        RegisterAllocationConfig cfg = RegisterAllocationConfig.of(rc, none, Set.of(scratch));
        List<Register> longs = cfg.allocatableRegisters(TestTarget.ARCH.getPlatformKind(JavaKind.Long));
        List<Register> doubles = cfg.allocatableRegisters(TestTarget.ARCH.getPlatformKind(JavaKind.Double));
        assertTrue(longs.size() >= 8 && doubles.size() >= 8, longs + " " + doubles);
        assertTrue(longs.stream().noneMatch(doubles::contains), "categories are disjoint");
        assertFalse(longs.contains(rc.getFrameRegister()), "the stack pointer is not allocatable");
        assertFalse(longs.contains(scratch) || doubles.contains(scratch), "withheld");
        for (Register r : cfg.allocatableRegisters()) {
            assertTrue(cfg.isCallerSaved(r), "HotSpot's Java ABI saves no register across calls: " + r);
        }
    }

    @Test
    void aFrameStateSharedByTwoOpsIsRefused() {
        LirGraph lir = TestTarget.lower(Jvmci.graph(LinearScanTest.class, "calls"));
        List<LirOp> withState = lir.blocks().stream().flatMap(b -> b.ops().stream()).filter(op -> op.state() != null).toList();
        assertTrue(withState.size() >= 2);
        withState.get(1).setState(withState.get(0).state());
        assertThrows(IllegalArgumentException.class, () -> LinearScan.allocate(lir, config(3, 3)));
    }

    @Test
    void phiOperandsAreCleared() {
        Harness.Checked c = Harness.check(Jvmci.graph(LinearScanTest.class, "sumLoop"), config(3, 3), Jvmci.declared(LinearScanTest.class, "sumLoop"),
                        Harness.inputs(new Object[]{4}));
        for (LirBlock b : c.lir().blocks()) {
            assertEquals(0, b.label().phiCount());
            if (b.last() instanceof JumpOp j) {
                assertEquals(0, j.count(Mode.USE));
            }
        }
    }
}
