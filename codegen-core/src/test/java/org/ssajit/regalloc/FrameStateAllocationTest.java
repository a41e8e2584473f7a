package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.check;
import static org.ssajit.regalloc.Harness.config;
import static org.ssajit.regalloc.Harness.inputs;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.TestTarget;
import org.ssajit.lir.Variable;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.Value;

/** Frame states after allocation: where their values are at calls, and the reference maps. */
class FrameStateAllocationTest {
    static int[] keep(int[] a) {
        return a;
    }

    /** References live across calls, safepoints and array accesses (each with a state). */
    static int references(int[] a, int[] b, int n) {
        int[] c = new int[3];
        int s = 0;
        for (int i = 0; i < n; i++) {
            int[] d = keep(i % 2 == 0 ? a : b);
            s += d[i % d.length] + LinearScanTest.helper(c.length, s);
            c[i % 3] += s;
        }
        return s + c[0] + c[1] + c[2] + a.length;
    }

    private static final List<Object[]> REFERENCE_INPUTS = inputs(new Object[]{new int[]{1, 2}, new int[]{3, 4, 5}, 9},
                    new Object[]{new int[]{1}, new int[]{7}, 0}, new Object[]{new int[]{1}, null, 3});

    private static List<LirOp> callsOf(LirGraph lir) {
        List<LirOp> calls = new ArrayList<>();
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                if (op.destroysCallerSavedRegisters()) {
                    calls.add(op);
                }
            }
        }
        return calls;
    }

    @Test
    void atCallsStateValuesAndReferencesAreOnTheStack() {
        String[] methods = {"calls", "manyArgs", "arrays", "newArrays"};
        List<List<Object[]>> in = List.of(inputs(new Object[]{5}), inputs(new Object[]{3, 7L, 1.25}),
                        inputs(new Object[]{new int[]{1, 2, 3}, new int[]{4, 5}, 7}), inputs(new Object[]{6}));
        int checked = 0;
        for (int k = 0; k < methods.length; k++) {
            for (int ints = 3; ints <= 6; ints++) {
                Harness.Checked c = check(Jvmci.graph(LinearScanTest.class, methods[k]), config(ints, 3), Jvmci.declared(LinearScanTest.class, methods[k]),
                                in.get(k));
                for (LirOp call : callsOf(c.lir())) {
                    for (Value v : call.state().values()) {
                        assertTrue(v == null || v instanceof StackSlot || v instanceof ConstantValue, () -> "no register survives " + call + ": " + call.state());
                        checked++;
                    }
                    for (Value v : call.state().liveReferences()) {
                        assertTrue(v instanceof StackSlot, () -> call + " keeps a reference in " + v);
                    }
                }
            }
        }
        assertTrue(checked > 20, "states of calls were looked at: " + checked);
        Harness.Checked c = check(Jvmci.graph(FrameStateAllocationTest.class, "references"), config(4, 3),
                        Jvmci.declared(FrameStateAllocationTest.class, "references"), REFERENCE_INPUTS);
        assertTrue(callsOf(c.lir()).stream().anyMatch(call -> !call.state().liveReferences().isEmpty()), "references live across calls are in the map");
    }

    /**
     * A frame state is rewritten to the locations at its own op, so one state at two ops is refused;
     * a state at one op is claimed afresh by every allocation (LirFrameState.claim per allocator).
     */
    @Test
    void aStateSharedByTwoOpsIsRefusedAndEachAllocationClaimsAfresh() {
        LirGraph lir = TestTarget.lower(Jvmci.graph(LinearScanTest.class, "calls"));
        List<LirOp> calls = new ArrayList<>();
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                if (op.state() != null) {
                    calls.add(op);
                }
            }
        }
        assertTrue(calls.size() >= 2, "two ops with states: " + calls);
        org.ssajit.lir.LirFrameState state = calls.get(0).state(); // the call's
        assertTrue(state.claim(new Object()) && state.claim(new Object()), "a new allocation claims a state another one claimed");
        calls.get(1).setState(state);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> LinearScan.allocate(lir, config(4, 3)));
        assertTrue(e.getMessage().contains("shared by two ops"), e.getMessage());
    }

    /** With a callee-saved register, values live across a call may stay in it (state values included). */
    @Test
    void calleeSavedRegisterKeepsValuesAcrossCalls() {
        RegisterAllocationConfig cfg = config(5, 3, Set.of(TestTarget.INT_REGISTERS.get(4)));
        Harness.Checked c = check(Jvmci.graph(LinearScanTest.class, "calls"), cfg, Jvmci.declared(LinearScanTest.class, "calls"),
                        inputs(new Object[]{0}, new Object[]{7}));
        boolean inR4 = false;
        for (LirOp call : callsOf(c.lir())) {
            for (Value v : call.state().values()) {
                assertTrue(v == null || v instanceof StackSlot || v instanceof ConstantValue
                                || v instanceof RegisterValue r && r.getRegister() == TestTarget.INT_REGISTERS.get(4), () -> call.state().toString());
                inR4 |= v instanceof RegisterValue;
            }
        }
        assertTrue(inR4, "a state value of a call lives in the callee-saved r4\n" + c.lir());
    }

    /**
     * The live references recorded at every op with a state are exactly the reference variables live
     * across it (liveness computed here, independently, over the operands every op had before
     * allocation), and include the locations of the reference values the state names; a reference
     * stored in its slot at its definition is there in its slot as well (here the arrays, spilled
     * across the loop's calls, are).
     */
    @Test
    void liveReferencesAreExactlyTheLiveReferenceVariables() {
        Graph g = Jvmci.graph(FrameStateAllocationTest.class, "references");
        Harness.Checked c = check(g, config(4, 3), Jvmci.declared(FrameStateAllocationTest.class, "references"), REFERENCE_INPUTS);
        List<List<Set<Variable>>> expected = liveReferencesDuring(c.lir(), c.result());
        int states = 0;
        int refs = 0;
        long stored = 0;
        for (LirBlock b : c.lir().blocks()) {
            List<LirOp> original = originalOps(b, c.result());
            for (int k = 0; k < original.size(); k++) {
                LirOp op = original.get(k);
                if (op.state() == null) {
                    continue;
                }
                states++;
                Set<Variable> live = expected.get(b.id()).get(k);
                List<Value> recorded = op.state().liveReferences();
                // Besides each live reference's location: the slot of one stored at its definition
                // (the slot holds it too, and a reload may read it after this op).
                Set<Integer> storedSlots = new HashSet<>();
                for (Variable v : live) {
                    if (c.result().slotStoredAtDefinition(v) != null) {
                        storedSlots.add(Locations.key(c.result().slotStoredAtDefinition(v)));
                    }
                }
                long elsewhere = recorded.stream().filter(v -> !storedSlots.contains(Locations.key(v))).count();
                assertTrue(elsewhere <= live.size() && live.size() <= recorded.size() && recorded.size() <= live.size() + storedSlots.size(),
                                () -> op + " " + op.state() + ": live references " + live + ", recorded " + recorded + ", slots stored at definition " + storedSlots);
                stored += recorded.size() - elsewhere;
                Set<Integer> keys = new HashSet<>();
                recorded.forEach(v -> keys.add(Locations.key(v)));
                assertEquals(recorded.size(), keys.size(), "distinct locations");
                Value[][] before = c.result().original(op);
                Value[] stateBefore = before[before.length - 1];
                for (int i = 0; i < stateBefore.length; i++) {
                    if (stateBefore[i] instanceof Variable v && v.kind().isReference()) {
                        Value at = op.state().values()[i];
                        assertTrue(keys.contains(Locations.key(at)), () -> op + ": state value " + at + " is a live reference");
                    }
                }
                refs += recorded.size();
            }
        }
        assertTrue(states > 5 && refs > 5, "states " + states + ", references " + refs);
        assertTrue(stored > 0, "a reference stored at its definition is in some map in its slot");
    }

    private static List<LirOp> originalOps(LirBlock b, AllocationResult r) {
        return b.ops().stream().filter(op -> !r.isInserted(op)).toList();
    }

    /** Per block, per original op: the reference variables live during the op (live after and not defined by it, ALIVE, state). */
    static List<List<Set<Variable>>> liveReferencesDuring(LirGraph lir, AllocationResult r) {
        int n = lir.blocks().size();
        List<BitSet> liveIn = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            liveIn.add(new BitSet());
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                LirBlock b = lir.blocks().get(i);
                BitSet live = liveOut(b, liveIn);
                List<LirOp> ops = originalOps(b, r);
                for (int k = ops.size() - 1; k >= 0; k--) {
                    step(r.original(ops.get(k)), live);
                }
                if (!live.equals(liveIn.get(i))) {
                    liveIn.set(i, live);
                    changed = true;
                }
            }
        }
        List<List<Set<Variable>>> result = new ArrayList<>();
        for (LirBlock b : lir.blocks()) {
            BitSet live = liveOut(b, liveIn);
            List<LirOp> ops = originalOps(b, r);
            List<Set<Variable>> perOp = new ArrayList<>();
            for (int k = ops.size() - 1; k >= 0; k--) {
                Value[][] op = r.original(ops.get(k));
                Value[] state = op[op.length - 1];
                Set<Variable> refs = new HashSet<>();
                if (state != null) {
                    BitSet during = (BitSet) live.clone();
                    for (Value v : op[Mode.DEF.ordinal()]) {
                        if (v instanceof Variable var) {
                            during.clear(var.index());
                        }
                    }
                    during.stream().mapToObj(lir::variable).filter(v -> v.kind().isReference()).forEach(refs::add);
                    for (Value v : op[Mode.ALIVE.ordinal()]) {
                        if (v instanceof Variable var && var.kind().isReference()) {
                            refs.add(var);
                        }
                    }
                    for (Value v : state) {
                        if (v instanceof Variable var && var.kind().isReference()) {
                            refs.add(var);
                        }
                    }
                }
                perOp.add(0, refs);
                step(op, live);
            }
            result.add(perOp);
        }
        return result;
    }

    private static BitSet liveOut(LirBlock b, List<BitSet> liveIn) {
        BitSet out = new BitSet();
        for (LirBlock s : b.successors()) {
            out.or(liveIn.get(s.id()));
        }
        return out;
    }

    private static void step(Value[][] op, BitSet live) {
        for (Mode m : new Mode[]{Mode.DEF, Mode.TEMP}) {
            for (Value v : op[m.ordinal()]) {
                if (v instanceof Variable var) {
                    live.clear(var.index());
                }
            }
        }
        for (Mode m : new Mode[]{Mode.USE, Mode.ALIVE}) {
            for (Value v : op[m.ordinal()]) {
                if (v instanceof Variable var) {
                    live.set(var.index());
                }
            }
        }
        Value[] state = op[op.length - 1];
        if (state != null) {
            for (Value v : state) {
                if (v instanceof Variable var) {
                    live.set(var.index());
                }
            }
        }
    }
}
