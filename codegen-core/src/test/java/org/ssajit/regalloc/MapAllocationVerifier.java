package org.ssajit.regalloc;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.Variable;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.Value;

/**
 * The specification of {@link AllocationVerifier}: the same analysis written plainly over maps and
 * sets (the compiler's verifier until 2026-11-29, when its cost, 8.6 times the allocator's in a fuzz
 * batch's JVM, made it move to dense arrays). {@code VerifierAgreementTest} and
 * {@code AllocationVerifierTest} require both to judge every allocation they try alike.
 *
 * <p>Checks an allocation independently of how it was found: a forward data-flow analysis over
 * locations (registers and stack slots) of which values each location holds on every path, driven by
 * the allocated instructions, and compared at every read with the operands the instructions had
 * before allocation.
 *
 * <p>What a location holds is a set of names: variables (a phi edge adds the phi's name wherever its
 * input is, so a location can hold several names for one value), constants the allocator loaded, and
 * tokens for fixed-register definitions. A definition of {@code v} first removes {@code v} from every
 * location (the old value of a loop-carried variable is stale); at a join a location keeps only the
 * names it holds on every incoming edge. At an op with a frame state, a GC is modeled: every location
 * not in the recorded live references loses its reference names, and every recorded location must
 * hold a reference; so a reference read after a safepoint from a location the reference map missed is
 * reported, and so is a map entry holding a non-reference or a value a previous GC made stale.
 *
 * <p>Also checked: no variable remains anywhere, labels and jumps carry no phi operands, every
 * location an allocated operand got is allowed by the op ({@code allowed()}) and is a register of the
 * variable's kind, and no ALIVE operand or frame-state value shares a location with a def or temp of
 * its op.
 */
final class MapAllocationVerifier {
    /** The value a fixed-register definition (or method entry, {@code def == null}) put into a location. */
    private record FixedToken(int location, LirOp def) {
    }

    private final AllocationResult result;
    private final LirGraph lir;
    private final RegisterAllocationConfig config;
    private final List<Register> callerSaved;
    private final Map<Integer, LirOp> lastFixedDef = new HashMap<>();
    private LirOp currentOp;
    private LirBlock currentBlock;

    MapAllocationVerifier(AllocationResult result) {
        this.result = result;
        this.lir = result.lir();
        this.config = result.config();
        this.callerSaved = config.allocatableRegisters().stream().filter(config::isCallerSaved).toList();
    }

    /**
     * Checks the LIR of {@code result} as it is now against its operands before allocation (what
     * {@link AllocationResult#verify()} does).
     *
     * @throws AllocationVerificationError at the first op that could read a wrong value
     */
    public static void verify(AllocationResult result) {
        new MapAllocationVerifier(result).run();
    }

    private void run() {
        int n = lir.blocks().size();
        List<Map<Integer, Set<Object>>> entry = new java.util.ArrayList<>(java.util.Collections.nCopies(n, null));
        Map<Integer, Set<Object>> initial = new HashMap<>();
        for (Register r : config.allocatableRegisters()) {
            initial.put(r.number, Set.of(new FixedToken(r.number, null)));
        }
        entry.set(lir.entry().id(), initial);
        ArrayDeque<LirBlock> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        work.add(lir.entry());
        queued[lir.entry().id()] = true;
        while (!work.isEmpty()) {
            LirBlock b = work.poll();
            queued[b.id()] = false;
            Map<Integer, Set<Object>> state = new HashMap<>(entry.get(b.id()));
            process(b, state, false);
            for (LirBlock s : b.successors()) {
                Map<Integer, Set<Object>> in = acrossEdge(b, s, state);
                if (merge(entry, s.id(), in) && !queued[s.id()]) {
                    queued[s.id()] = true;
                    work.add(s);
                }
            }
        }
        // The entry states are final now: check every instruction once against them.
        for (LirBlock b : lir.blocks()) {
            if (entry.get(b.id()) == null) {
                currentBlock = b;
                currentOp = b.label();
                throw fail("not reached from the entry");
            }
            process(b, new HashMap<>(entry.get(b.id())), true);
        }
    }

    private static boolean merge(List<Map<Integer, Set<Object>>> entry, int b, Map<Integer, Set<Object>> in) {
        if (entry.get(b) == null) {
            entry.set(b, in);
            return true;
        }
        boolean changed = false;
        for (Iterator<Map.Entry<Integer, Set<Object>>> i = entry.get(b).entrySet().iterator(); i.hasNext();) {
            Map.Entry<Integer, Set<Object>> e = i.next();
            Set<Object> other = in.get(e.getKey());
            if (other == null) {
                i.remove();
                changed = true;
            } else if (!other.containsAll(e.getValue())) {
                Set<Object> both = new HashSet<>(e.getValue());
                both.retainAll(other);
                changed = true;
                if (both.isEmpty()) {
                    i.remove();
                } else {
                    e.setValue(Set.copyOf(both));
                }
            }
        }
        return changed;
    }

    /** The phis of {@code to} get their names wherever the inputs from {@code from} are. */
    private Map<Integer, Set<Object>> acrossEdge(LirBlock from, LirBlock to, Map<Integer, Set<Object>> state) {
        Map<Integer, Set<Object>> out = new HashMap<>(state);
        Value[] phis = result.original(to.label())[Mode.DEF.ordinal()];
        if (phis.length == 0) {
            return out;
        }
        Value[] inputs = result.original(from.last())[Mode.USE.ordinal()];
        Set<Object> phiNames = Set.of((Object[]) phis);
        Map<Object, List<Value>> phisOf = new HashMap<>();
        for (int i = 0; i < phis.length; i++) {
            phisOf.computeIfAbsent(inputs[i], k -> new java.util.ArrayList<>()).add(phis[i]);
        }
        for (Map.Entry<Integer, Set<Object>> e : out.entrySet()) {
            Set<Object> names = new HashSet<>(e.getValue());
            names.removeAll(phiNames); // the previous iteration's phi values are stale
            for (Object name : e.getValue()) {
                List<Value> ps = phisOf.get(name);
                if (ps != null) {
                    names.addAll(ps);
                }
            }
            e.setValue(Set.copyOf(names));
        }
        return out;
    }

    private void process(LirBlock b, Map<Integer, Set<Object>> state, boolean check) {
        currentBlock = b;
        lastFixedDef.clear();
        for (LirOp op : b.ops()) {
            currentOp = op;
            AllocationResult.InsertedMove m = result.inserted(op);
            if (m != null) {
                if (check) {
                    noVariables(op);
                }
                Set<Object> content = m.constant() != null ? Set.of(m.constant()) : state.get(Locations.key(m.src()));
                put(state, Locations.key(m.dst()), content);
                continue;
            }
            Value[][] orig = result.original(op);
            if (orig == null) {
                throw fail("neither an instruction from before allocation nor a move the allocator inserted");
            }
            if (check) {
                noVariables(op);
                if (op instanceof LabelOp l && l.phiCount() != 0 || op instanceof JumpOp j && j.count(Mode.USE) != 0) {
                    throw fail("phi operands left after allocation");
                }
            }
            boolean phiOp = op instanceof LabelOp || op instanceof JumpOp;
            if (check && !phiOp) {
                for (int i = 0; i < op.count(Mode.USE); i++) {
                    read(op, Mode.USE, i, orig[Mode.USE.ordinal()][i], op.get(Mode.USE, i), state);
                }
            }
            Set<Integer> written = new HashSet<>();
            for (int i = 0; i < op.count(Mode.TEMP); i++) {
                int k = Locations.key(op.get(Mode.TEMP, i));
                state.remove(k);
                written.add(k);
            }
            if (op.destroysCallerSavedRegisters()) {
                for (Register r : callerSaved) {
                    state.remove(r.number);
                }
            }
            if (op.state() != null) {
                collectGarbage(op, state, check);
            }
            for (int i = 0; i < op.count(Mode.DEF); i++) {
                written.add(Locations.key(op.get(Mode.DEF, i)));
            }
            if (!phiOp) {
                for (int i = 0; i < op.count(Mode.ALIVE); i++) {
                    if (check) {
                        read(op, Mode.ALIVE, i, orig[Mode.ALIVE.ordinal()][i], op.get(Mode.ALIVE, i), state);
                        if (orig[Mode.ALIVE.ordinal()][i] instanceof Variable && written.contains(Locations.key(op.get(Mode.ALIVE, i)))) {
                            throw fail("ALIVE operand " + op.get(Mode.ALIVE, i) + " shares its location with a def or temp");
                        }
                    }
                }
            }
            if (op.state() != null && check) {
                Value[] before = orig[orig.length - 1];
                Value[] now = op.state().values();
                for (int i = 0; i < now.length; i++) {
                    read(op, null, i, before[i], now[i], state);
                    if (before[i] instanceof Variable && written.contains(Locations.key(now[i]))) {
                        // Deoptimization or the return of a call reads the state after the op wrote.
                        throw fail("state value " + now[i] + " shares its location with a def or temp");
                    }
                }
            }
            if (!phiOp) {
                for (int i = 0; i < op.count(Mode.DEF); i++) {
                    define(op, i, orig[Mode.DEF.ordinal()][i], op.get(Mode.DEF, i), state, check);
                }
            }
        }
    }

    /** A GC at {@code op} moves every object: only the recorded locations are updated. */
    private void collectGarbage(LirOp op, Map<Integer, Set<Object>> state, boolean check) {
        Set<Integer> recorded = new HashSet<>();
        for (Value v : op.state().liveReferences()) {
            int k = Locations.key(v);
            if (check) {
                if (k == Locations.NONE) {
                    throw fail("live reference " + v + " is not a register or stack slot");
                }
                Set<Object> content = state.get(k);
                if (content == null || content.stream().noneMatch(MapAllocationVerifier::isReference)) {
                    throw fail("reference map names " + v + ", which holds no live reference: " + content);
                }
            }
            recorded.add(k);
        }
        for (Iterator<Map.Entry<Integer, Set<Object>>> i = state.entrySet().iterator(); i.hasNext();) {
            Map.Entry<Integer, Set<Object>> e = i.next();
            if (!recorded.contains(e.getKey()) && e.getValue().stream().anyMatch(MapAllocationVerifier::isReference)) {
                Set<Object> rest = new HashSet<>(e.getValue());
                rest.removeIf(MapAllocationVerifier::isReference);
                if (rest.isEmpty()) {
                    i.remove();
                } else {
                    e.setValue(Set.copyOf(rest));
                }
            }
        }
    }

    private static boolean isReference(Object name) {
        return name instanceof Variable v && v.kind().isReference();
    }

    private void read(LirOp op, Mode m, int i, Value expected, Value actual, Map<Integer, Set<Object>> state) {
        String what = m == null ? "state value " + i : m + " " + i;
        if (expected instanceof Variable v) {
            checkLocation(op, m, i, v, actual, what);
            Set<Object> content = state.get(Locations.key(actual));
            if (content == null || !content.contains(v)) {
                throw fail(what + " reads " + v + " from " + actual + ", which holds " + (content == null ? "nothing known" : content));
            }
        } else if (expected instanceof RegisterValue rv && config.isAllocatable(rv.getRegister())) {
            if (!expected.equals(actual)) {
                throw fail(what + ": fixed operand " + expected + " became " + actual);
            }
            int k = rv.getRegister().number;
            Set<Object> content = state.get(k);
            LirOp def = lastFixedDef.get(k);
            boolean ok = content != null && content.stream().anyMatch(o -> o instanceof FixedToken t && t.location() == k && (def == null || t.def() == def));
            if (!ok) {
                throw fail(what + ": " + expected + " was overwritten since its definition; it holds " + content);
            }
        } else if (expected == null ? actual != null : !expected.equals(actual)) {
            throw fail(what + ": " + expected + " became " + actual);
        }
    }

    private void define(LirOp op, int i, Value expected, Value actual, Map<Integer, Set<Object>> state, boolean check) {
        int k = Locations.key(actual);
        if (expected instanceof Variable v) {
            if (check) {
                checkLocation(op, Mode.DEF, i, v, actual, "DEF " + i);
            }
            for (Iterator<Map.Entry<Integer, Set<Object>>> it = state.entrySet().iterator(); it.hasNext();) {
                Map.Entry<Integer, Set<Object>> e = it.next();
                if (e.getValue().contains(v)) {
                    Set<Object> rest = new HashSet<>(e.getValue());
                    rest.remove(v);
                    if (rest.isEmpty()) {
                        it.remove();
                    } else {
                        e.setValue(Set.copyOf(rest));
                    }
                }
            }
            put(state, k, Set.of(v));
        } else {
            if (check && !expected.equals(actual)) {
                throw fail("DEF " + i + ": " + expected + " became " + actual);
            }
            if (k != Locations.NONE) {
                put(state, k, Set.of(new FixedToken(k, op)));
                lastFixedDef.put(k, op);
            }
        }
    }

    /** The location an allocated operand got: allowed by the op, a register of the variable's kind. */
    private void checkLocation(LirOp op, Mode m, int i, Variable v, Value actual, String what) {
        int allowed = m == null ? LirOp.REG | LirOp.STACK : op.allowed(m, i);
        if (actual instanceof RegisterValue rv) {
            if ((allowed & LirOp.REG) == 0) {
                throw fail(what + ": a register is not allowed here");
            }
            if (!config.allocatableRegisters(v.kind().getPlatformKind()).contains(rv.getRegister())) {
                throw fail(what + ": " + rv.getRegister() + " cannot hold " + v.kind());
            }
        } else if (actual instanceof StackSlot) {
            if ((allowed & LirOp.STACK) == 0) {
                throw fail(what + ": a stack slot is not allowed here");
            }
        } else {
            throw fail(what + ": " + v + " became " + actual + ", not a register or stack slot");
        }
        if (!(actual.getValueKind() instanceof LirKind k) || !k.equals(v.kind())) {
            throw fail(what + ": " + actual + " has kind " + actual.getValueKind() + ", " + v + " has " + v.kind());
        }
    }

    private void noVariables(LirOp op) {
        for (Mode m : Mode.values()) {
            for (int i = 0; i < op.count(m); i++) {
                if (op.get(m, i) instanceof Variable) {
                    throw fail("variable " + op.get(m, i) + " left in " + m + " " + i);
                }
            }
        }
        if (op.state() != null) {
            for (Value v : op.state().values()) {
                if (v instanceof Variable) {
                    throw fail("variable " + v + " left in the frame state");
                }
            }
        }
    }

    private static void put(Map<Integer, Set<Object>> state, int key, Set<Object> content) {
        if (content == null || content.isEmpty()) {
            state.remove(key);
        } else {
            state.put(key, content);
        }
    }

    private AllocationVerificationError fail(String message) {
        return new AllocationVerificationError(currentBlock + " " + currentOp + ": " + message, lir);
    }
}
