package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.config;
import static org.ssajit.regalloc.Harness.inputs;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.TestTarget;
import org.ssajit.lir.Variable;
import org.ssajit.regalloc.LirInterpreter.Run;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * The verifier rejects broken allocations: every single-location corruption of a correct allocation
 * and every removal of an inserted move that changes what the program does (as the interpreter sees
 * it) must be rejected, and so must corrupted reference maps and states.
 */
class AllocationVerifierTest {
    private record Subject(Class<?> holder, String method, List<Object[]> inputs) {
    }

    private static final List<Subject> SUBJECTS = List.of(
                    new Subject(LinearScanTest.class, "manyLive", inputs(new Object[]{3, 4}, new Object[]{-9, 1})),
                    new Subject(LinearScanTest.class, "swap", inputs(new Object[]{1, 2, 3})),
                    new Subject(LinearScanTest.class, "calls", inputs(new Object[]{4})),
                    new Subject(LinearScanTest.class, "divs", inputs(new Object[]{100, 7, 3})),
                    new Subject(LinearScanTest.class, "swapLongs", inputs(new Object[]{1L, 2L, 1.5, -2.5, 3})),
                    new Subject(FrameStateAllocationTest.class, "references", inputs(new Object[]{new int[]{1, 2}, new int[]{3, 4, 5}, 4})));

    private static final class Prepared {
        final LirGraph lir;
        final AllocationResult result;
        final List<Run> expected = new ArrayList<>();
        final Subject subject;
        final RegisterAllocationConfig config;

        Prepared(Subject s, RegisterAllocationConfig config) {
            this.subject = s;
            this.config = config;
            lir = TestTarget.lower(Jvmci.graph(s.holder(), s.method()));
            for (Object[] in : s.inputs()) {
                expected.add(new LirInterpreter(lir, null).run(Harness.copy(in)));
            }
            result = LinearScan.allocate(lir, config);
        }

        boolean verifierRejects() {
            boolean rejects;
            try {
                result.verify();
                rejects = false;
            } catch (AllocationVerificationError e) {
                rejects = true;
            }
            boolean specRejects;
            try {
                MapAllocationVerifier.verify(result);
                specRejects = false;
            } catch (AllocationVerificationError e) {
                specRejects = true;
            }
            // The verifier the compiler runs and the straightforward one it was derived from (VerifierAgreementTest).
            assertEquals(specRejects, rejects, "the two verifiers disagree");
            return rejects;
        }

        boolean behaves() {
            for (int i = 0; i < subject.inputs().size(); i++) {
                try {
                    // A corrupted loop counter may never reach its bound.
                    long limit = 4 * expected.get(i).steps() + 1000;
                    Run r = new LirInterpreter(lir, config, limit).run(Harness.copy(subject.inputs().get(i)));
                    if (!r.outcome().equals(expected.get(i).outcome()) || !r.trace().equals(expected.get(i).trace())) {
                        return false;
                    }
                } catch (AssertionError | RuntimeException e) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Every location the corruptions may substitute: the registers and the spill slots in use. */
    static List<AllocatableValue> locations(LirGraph lir, RegisterAllocationConfig config) {
        Set<AllocatableValue> all = new LinkedHashSet<>();
        for (Register r : config.allocatableRegisters()) {
            all.add(r.asValue());
        }
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                for (Mode m : Mode.values()) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof StackSlot s) {
                            all.add(StackSlot.get(LirKind.value(s.getPlatformKind()), s.getRawOffset(), false));
                        }
                    }
                }
            }
        }
        return List.copyOf(all);
    }

    /** {@code to} with the kind of {@code like}, or null if it cannot hold such a value. */
    static Value retype(AllocatableValue to, Value like, RegisterAllocationConfig config) {
        LirKind kind = (LirKind) like.getValueKind();
        if (to instanceof RegisterValue r) {
            return config.allocatableRegisters(kind.getPlatformKind()).contains(r.getRegister()) ? r.getRegister().asValue(kind) : null;
        }
        StackSlot s = (StackSlot) to;
        return s.getPlatformKind().getSizeInBytes() == kind.getPlatformKind().getSizeInBytes() ? StackSlot.get(kind, s.getRawOffset(), false) : null;
    }

    @Test
    void everyObservableCorruptionIsRejected() {
        int tried = 0;
        int rejected = 0;
        int observable = 0;
        for (Subject s : SUBJECTS) {
            RegisterAllocationConfig config = config(3, 3);
            Prepared p = new Prepared(s, config);
            assertTrue(p.behaves(), "the allocation itself is right");
            List<AllocatableValue> locations = locations(p.lir, config);
            for (LirBlock b : p.lir.blocks()) {
                for (LirOp op : b.ops()) {
                    Value[][] orig = p.result.original(op);
                    if (orig == null || op instanceof LabelOp || op instanceof JumpOp) {
                        continue;
                    }
                    for (Mode m : Mode.values()) {
                        for (int i = 0; i < op.count(m); i++) {
                            if (!(orig[m.ordinal()][i] instanceof Variable)) {
                                continue;
                            }
                            Value was = op.get(m, i);
                            for (AllocatableValue loc : locations) {
                                Value bad = retype(loc, was, config);
                                if (bad == null || Locations.key(bad) == Locations.key(was)) {
                                    continue;
                                }
                                op.set(m, i, bad);
                                boolean caught = p.verifierRejects();
                                boolean wrong = !p.behaves();
                                op.set(m, i, was);
                                tried++;
                                rejected += caught ? 1 : 0;
                                observable += wrong ? 1 : 0;
                                final String what = s.method() + ": " + op + " " + m + " " + i + " " + was + " -> " + bad;
                                assertTrue(!wrong || caught, () -> "the interpreter sees a difference, the verifier does not: " + what + "\n" + p.lir);
                            }
                        }
                    }
                    if (op.state() != null) {
                        Value[] values = op.state().values();
                        for (int i = 0; i < values.length; i++) {
                            if (!(orig[orig.length - 1][i] instanceof Variable)) {
                                continue;
                            }
                            Value was = values[i];
                            for (AllocatableValue loc : locations) {
                                Value bad = retype(loc, was, config);
                                if (bad == null || Locations.key(bad) == Locations.key(was)) {
                                    continue;
                                }
                                values[i] = bad;
                                boolean caught = p.verifierRejects();
                                boolean wrong = !p.behaves();
                                values[i] = was;
                                tried++;
                                rejected += caught ? 1 : 0;
                                observable += wrong ? 1 : 0;
                                final String what = s.method() + ": state of " + op + " value " + i + " " + was + " -> " + bad;
                                assertTrue(!wrong || caught, () -> "the interpreter sees a difference, the verifier does not: " + what);
                            }
                        }
                    }
                }
            }
            assertTrue(p.behaves() && !p.verifierRejects(), "restored");
        }
        System.out.printf("corrupted locations: %d tried, %d observable, %d rejected%n", tried, observable, rejected);
        assertTrue(observable > 100 && rejected >= observable, tried + " tried, " + observable + " observable, " + rejected + " rejected");
    }

    @Test
    void everyNeededInsertedMoveIsMissedWhenRemoved() {
        int removed = 0;
        int observable = 0;
        for (Subject s : SUBJECTS) {
            Prepared p = new Prepared(s, config(3, 3));
            for (LirBlock b : p.lir.blocks()) {
                List<LirOp> ops = b.ops();
                for (int k = 0; k < ops.size(); k++) {
                    if (!p.result.isInserted(ops.get(k))) {
                        continue;
                    }
                    LirOp move = ops.remove(k);
                    boolean caught = p.verifierRejects();
                    boolean wrong = !p.behaves();
                    ops.add(k, move);
                    removed++;
                    observable += wrong ? 1 : 0;
                    assertTrue(!wrong || caught, () -> "removing " + move + " from " + b + " changes the program, the verifier does not notice\n" + p.lir);
                }
            }
        }
        assertTrue(removed > 20 && observable > 10, removed + " removed, " + observable + " observable");
    }

    /**
     * A fixed register must hold the value of its last fixed definition, not an older one's: a copy of
     * the register taken after one definition and moved back after the next (two inserted moves) is
     * a value the register held, but the wrong one for the fixed use that follows.
     */
    @Test
    void aFixedRegisterRestoredFromAnOlderDefinitionIsRejected() {
        Prepared p = new Prepared(SUBJECTS.get(3), config(3, 3)); // divs: the dividend's fixed register, defined again and again
        for (LirBlock b : p.lir.blocks()) {
            List<LirOp> ops = b.ops();
            for (int a = 0; a < ops.size(); a++) {
                RegisterValue r = fixedDef(p, ops.get(a));
                if (r == null) {
                    continue;
                }
                // The next fixed definition of the same register, then a fixed use of it before any other.
                int next = -1;
                int use = -1;
                for (int k = a + 1; k < ops.size() && use < 0; k++) {
                    LirOp op = ops.get(k);
                    if (next >= 0 && fixedUse(p, op, r)) {
                        use = k;
                    }
                    if (r.equals(fixedDef(p, op))) {
                        if (next >= 0) {
                            break;
                        }
                        next = k;
                    }
                }
                if (next < 0 || use < 0) {
                    continue;
                }
                StackSlot slot = StackSlot.get((LirKind) r.getValueKind(), 4096, false);
                LirOp save = TestTarget.MOVES.createMove(slot, r);
                LirOp restore = TestTarget.MOVES.createMove(r, slot);
                p.result.recordMove(save, slot, r);
                p.result.recordMove(restore, r, slot);
                ops.add(use, restore);
                ops.add(a + 1, save);
                assertTrue(p.verifierRejects(), "the use at " + ops.get(use + 2) + " reads the definition at " + ops.get(a) + " restored over the one at " + ops.get(next + 1));
                ops.remove(save);
                ops.remove(restore);
                p.result.verify();
                return;
            }
        }
        throw new AssertionError("no register defined twice and then used in one block of divs:\n" + p.lir);
    }

    /** The allocatable register {@code op} defines as a fixed operand (not a variable), or null. */
    private static RegisterValue fixedDef(Prepared p, LirOp op) {
        Value[][] orig = p.result.original(op);
        if (orig == null) {
            return null;
        }
        for (Value v : orig[Mode.DEF.ordinal()]) {
            if (v instanceof RegisterValue rv && p.config.isAllocatable(rv.getRegister())) {
                return rv;
            }
        }
        return null;
    }

    private static boolean fixedUse(Prepared p, LirOp op, RegisterValue r) {
        Value[][] orig = p.result.original(op);
        if (orig == null || op instanceof LabelOp || op instanceof JumpOp) {
            return false;
        }
        for (Value v : orig[Mode.USE.ordinal()]) {
            if (v instanceof RegisterValue rv && rv.getRegister().equals(r.getRegister())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void corruptReferenceMapsAndStatesAreRejected() {
        Prepared p = new Prepared(SUBJECTS.get(SUBJECTS.size() - 1), config(3, 3));
        List<LirOp> stateful = new ArrayList<>();
        p.lir.blocks().forEach(b -> b.ops().stream().filter(op -> op.state() != null).forEach(stateful::add));
        // Dropping the whole map where references are live: a later read is stale.
        LirOp withRefs = stateful.stream().filter(op -> !op.state().liveReferences().isEmpty()).findFirst().orElseThrow();
        List<Value> saved = List.copyOf(withRefs.state().liveReferences());
        withRefs.state().setLiveReferences(List.of());
        assertThrows(AllocationVerificationError.class, p.result::verify);
        assertTrue(!p.behaves(), "the interpreter's GC sees it too");
        withRefs.state().setLiveReferences(saved);
        p.result.verify();
        // A map entry that holds an int.
        LirOp call = stateful.stream().filter(LirOp::destroysCallerSavedRegisters).findFirst().orElseThrow();
        List<Value> callSaved = List.copyOf(call.state().liveReferences());
        List<Value> extra = new ArrayList<>(callSaved);
        Value intSlot = null;
        for (Value v : call.state().values()) {
            if (v instanceof StackSlot st && !((LirKind) st.getValueKind()).isReference()) {
                intSlot = v;
            }
        }
        assertTrue(intSlot != null, "an int state value on the stack at " + call);
        extra.add(intSlot);
        call.state().setLiveReferences(extra);
        assertThrows(AllocationVerificationError.class, p.result::verify);
        call.state().setLiveReferences(callSaved);
        p.result.verify();
        // A state value of a call in a caller-saved register.
        Value[] values = call.state().values();
        for (int i = 0; i < values.length; i++) {
            if (values[i] instanceof StackSlot st) {
                Value was = values[i];
                values[i] = TestTarget.INT_REGISTERS.get(2).asValue(st.getValueKind());
                if (TestTarget.isFloat(st.getPlatformKind())) {
                    values[i] = TestTarget.FLOAT_REGISTERS.get(0).asValue(st.getValueKind());
                }
                assertThrows(AllocationVerificationError.class, p.result::verify, "a register does not survive the call");
                values[i] = was;
            }
        }
        p.result.verify();
        // A variable left behind.
        LirOp any = stateful.get(0);
        Value[] anyValues = any.state().values();
        for (int i = 0; i < anyValues.length; i++) {
            if (p.result.original(any)[LirOp.Mode.values().length][i] instanceof Variable v) {
                Value was = anyValues[i];
                anyValues[i] = v;
                assertThrows(AllocationVerificationError.class, p.result::verify);
                anyValues[i] = was;
                break;
            }
        }
        p.result.verify();
    }
}
