package org.ssajit.regalloc;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.Variable;
import org.ssajit.util.IntMath;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.Value;

/**
 * Checks an allocation independently of how it was found: a forward data-flow analysis over
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
 *
 * <p>Representation (the verifier runs on every compile, so its cost counts): locations are dense
 * indices (a register its number, each stack slot the LIR mentions one index after them, found by one
 * scan before the analysis); names are dense ids (a variable its index, each constant and token an id
 * after them); a location's set is a sorted {@code int[]}, never changed once made, so copying a state
 * copies one array of references. The test sources keep a straightforward version over maps and sets
 * ({@code MapAllocationVerifier}) that this one must agree with.
 */
public final class AllocationVerifier {
    /** The value a fixed-register definition (or method entry, {@code def == null}) put into a location. */
    private record FixedToken(int location, LirOp def) {
    }

    private static final int[] EMPTY = {};

    private final AllocationResult result;
    private final LirGraph lir;
    private final RegisterAllocationConfig config;

    /** Location index of a register: its number; stack slots (and the key {@link Locations#NONE}) follow. */
    private int registerLocations;
    private int maxRegister;
    /** The last stack key {@link #note} numbered (0, a register key, before the first): slots repeat op after op. */
    private int lastNoted = 0;
    private final Map<Integer, Integer> otherLocations = new CompilerMap<>();
    private int locationCount;
    private int[] callerSaved;

    /** Name ids: variable {@code i} is {@code i}; constants and tokens follow, in {@link #others}. */
    private int variableCount;
    private Variable[] variables;
    private boolean[] referenceVariable;
    private final List<Object> others = new CompilerList<>();
    private final Map<Value, Integer> otherIds = new CompilerMap<>();
    /** Token ids by def: pairs (location, id); {@link #entryTokens} for the values held at method entry. */
    private final Map<LirOp, int[]> tokensByDef = CompilerMap.identity();
    private int[] entryTokens;
    /** Per other name: the token's location (or -1 for a constant) and the token's def. */
    private final List<LirOp> tokenDefs = new CompilerList<>();
    private final List<Integer> tokenLocations = new CompilerList<>();

    private final Map<PlatformKind, boolean[]> registersByKind = new CompilerMap<>();
    /** Per location: the last fixed definition in the current block (null: none yet). */
    private LirOp[] lastFixedDef;
    private boolean[] recorded;
    private LirOp currentOp;
    private LirBlock currentBlock;

    AllocationVerifier(AllocationResult result) {
        this.result = result;
        this.lir = result.lir();
        this.config = result.config();
    }

    /**
     * Checks the LIR of {@code result} as it is now against its operands before allocation (what
     * {@link AllocationResult#verify()} does).
     *
     * @throws AllocationVerificationError at the first op that could read a wrong value
     */
    public static void verify(AllocationResult result) {
        new AllocationVerifier(result).run();
    }

    /** Numbers the locations and the variables the LIR mentions, before and after allocation. */
    private void scan() {
        maxRegister = -1;
        for (Register r : config.allocatableRegisters()) {
            maxRegister = IntMath.max(maxRegister, r.number);
        }
        int maxVariable = lir.variableCount() - 1;
        // Stack slots and NONE get numbers from 0 here, moved behind the registers' once all are seen.
        note(Locations.NONE);
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                for (Mode m : Mode.values()) {
                    for (int i = 0; i < op.count(m); i++) {
                        note(Locations.key(op.get(m, i)));
                    }
                }
                if (op.state() != null) {
                    for (Value v : op.state().values()) {
                        note(Locations.key(v));
                    }
                    for (Value v : op.state().liveReferences()) {
                        note(Locations.key(v));
                    }
                }
                AllocationResult.InsertedMove move = result.inserted(op);
                if (move != null) {
                    note(Locations.key(move.dst()));
                    note(Locations.key(move.src()));
                }
                Value[][] orig = result.original(op);
                if (orig != null) {
                    for (Value[] vs : orig) {
                        for (int i = 0; vs != null && i < vs.length; i++) {
                            if (vs[i] instanceof Variable var) {
                                maxVariable = IntMath.max(maxVariable, var.index());
                            }
                        }
                    }
                }
            }
        }
        registerLocations = maxRegister + 1;
        locationCount = registerLocations + otherLocations.size();
        int saved = 0;
        callerSaved = new int[config.allocatableRegisters().size()];
        for (Register r : config.allocatableRegisters()) {
            if (config.isCallerSaved(r)) {
                callerSaved[saved++] = r.number;
            }
        }
        callerSaved = CompilerArrays.copyOf(callerSaved, saved);
        lastFixedDef = new LirOp[locationCount];
        recorded = new boolean[locationCount];

        variableCount = maxVariable + 1;
        variables = new Variable[variableCount];
        referenceVariable = new boolean[variableCount];
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                Value[][] orig = result.original(op);
                if (orig != null) {
                    for (Value[] vs : orig) {
                        for (int i = 0; vs != null && i < vs.length; i++) {
                            if (vs[i] instanceof Variable var) {
                                variables[var.index()] = var;
                                referenceVariable[var.index()] = var.kind().isReference();
                            }
                        }
                    }
                }
            }
        }
    }

    private void note(int key) {
        if (Locations.isRegisterKey(key)) {
            maxRegister = IntMath.max(maxRegister, key);
        } else if (key != lastNoted) {
            otherLocations.putIfAbsent(key, otherLocations.size());
            lastNoted = key;
        }
    }

    /** The location index of {@code v}'s key. */
    private int location(Value v) {
        return location(Locations.key(v));
    }

    private int location(int key) {
        if (Locations.isRegisterKey(key)) {
            return key;
        }
        Integer index = otherLocations.get(key);
        if (index == null) {
            throw new IllegalStateException("location key " + key + " missed by the scan");
        }
        return registerLocations + index;
    }

    /** The id of a name that is a variable or a constant, or -1 if no location can hold it. */
    private int existingId(Value name) {
        if (name instanceof Variable v) {
            return v.index();
        }
        Integer id = name == null ? null : otherIds.get(name);
        return id == null ? -1 : id;
    }

    /** The id of a variable or a constant (constants are equal by value: the same id). */
    private int id(Value name) {
        if (name instanceof Variable v) {
            return v.index();
        }
        Integer id = otherIds.get(name);
        if (id == null) {
            id = newOther(name, -1, null);
            otherIds.put(name, id);
        }
        return id;
    }

    /**
     * The id of the token of the fixed definition of {@code location} by {@code def} (null: the value
     * the location held at method entry); the same pair gets the same id (a record's equals and
     * hashCode would go through an invokedynamic bootstrap's method handles, slow while C1's code runs
     * the compiler, so the pairs are looked up by the def's identity).
     */
    private int tokenId(int location, LirOp def) {
        int[] pairs = def == null ? entryTokens : tokensByDef.get(def);
        for (int k = 0; pairs != null && k < pairs.length; k += 2) {
            if (pairs[k] == location) {
                return pairs[k + 1];
            }
        }
        int id = newOther(new FixedToken(location, def), location, def);
        int[] more = pairs == null ? new int[2] : CompilerArrays.copyOf(pairs, pairs.length + 2);
        more[more.length - 2] = location;
        more[more.length - 1] = id;
        if (def == null) {
            entryTokens = more;
        } else {
            tokensByDef.put(def, more);
        }
        return id;
    }

    private int newOther(Object name, int tokenLocation, LirOp tokenDef) {
        int id = variableCount + others.size();
        others.add(name);
        tokenLocations.add(tokenLocation);
        tokenDefs.add(tokenDef);
        return id;
    }

    private Object name(int id) {
        return id < variableCount ? variables[id] : others.get(id - variableCount);
    }

    private boolean isReference(int id) {
        return id < variableCount && referenceVariable[id];
    }

    private void run() {
        scan();
        int n = lir.blocks().size();
        int[][][] entry = new int[n][][];
        int[][] initial = new int[locationCount][];
        for (Register r : config.allocatableRegisters()) {
            initial[r.number] = new int[]{tokenId(r.number, null)};
        }
        entry[lir.entry().id()] = initial;
        ArrayDeque<LirBlock> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        work.add(lir.entry());
        queued[lir.entry().id()] = true;
        while (!work.isEmpty()) {
            LirBlock b = work.poll();
            queued[b.id()] = false;
            int[][] state = entry[b.id()].clone();
            process(b, state, false);
            for (LirBlock s : b.successors()) {
                int[][] in = acrossEdge(b, s, state);
                if (merge(entry, s.id(), in) && !queued[s.id()]) {
                    queued[s.id()] = true;
                    work.add(s);
                }
            }
        }
        // The entry states are final now: check every instruction once against them.
        for (LirBlock b : lir.blocks()) {
            if (entry[b.id()] == null) {
                currentBlock = b;
                currentOp = b.label();
                throw fail("not reached from the entry");
            }
            process(b, entry[b.id()].clone(), true);
        }
    }

    private static boolean merge(int[][][] entry, int b, int[][] in) {
        int[][] current = entry[b];
        if (current == null) {
            entry[b] = in;
            return true;
        }
        boolean changed = false;
        for (int l = 0; l < current.length; l++) {
            int[] mine = current[l];
            if (mine == null) {
                continue;
            }
            int[] other = in[l];
            if (other == null) {
                current[l] = null;
                changed = true;
            } else if (mine != other && !containsAll(other, mine)) {
                int[] both = intersect(mine, other);
                current[l] = both.length == 0 ? null : both;
                changed = true;
            }
        }
        return changed;
    }

    /** The phis of {@code to} get their names wherever the inputs from {@code from} are. */
    private int[][] acrossEdge(LirBlock from, LirBlock to, int[][] state) {
        int[][] out = state.clone();
        Value[] phis = result.original(to.label())[Mode.DEF.ordinal()];
        if (phis.length == 0) {
            return out;
        }
        Value[] inputs = result.original(from.last())[Mode.USE.ordinal()];
        int[] phiIds = new int[phis.length];
        Map<Integer, int[]> phisOf = new CompilerMap<>();
        for (int i = 0; i < phis.length; i++) {
            phiIds[i] = id(phis[i]);
            int input = existingId(inputs[i]);
            if (input >= 0) {
                int[] ps = phisOf.get(input);
                phisOf.put(input, ps == null ? new int[]{phiIds[i]} : union(ps, new int[]{phiIds[i]}));
            }
        }
        Arrays.sort(phiIds);
        for (int l = 0; l < out.length; l++) {
            int[] names = out[l];
            if (names == null) {
                continue;
            }
            boolean touched = false;
            for (int name : names) {
                if (Arrays.binarySearch(phiIds, name) >= 0 || phisOf.containsKey(name)) {
                    touched = true;
                    break;
                }
            }
            if (!touched) {
                continue;
            }
            // The previous iteration's phi values are stale; the inputs' phis are the new names.
            int[] kept = new int[names.length];
            int k = 0;
            for (int name : names) {
                if (Arrays.binarySearch(phiIds, name) < 0) {
                    kept[k++] = name;
                }
            }
            int[] now = CompilerArrays.copyOf(kept, k);
            for (int name : names) {
                int[] ps = phisOf.get(name);
                if (ps != null) {
                    now = union(now, ps);
                }
            }
            out[l] = now.length == 0 ? null : now;
        }
        return out;
    }

    private void process(LirBlock b, int[][] state, boolean check) {
        currentBlock = b;
        ArrayFill.fill(lastFixedDef, null);
        int[] written = new int[8];
        for (LirOp op : b.ops()) {
            currentOp = op;
            AllocationResult.InsertedMove m = result.inserted(op);
            if (m != null) {
                if (check) {
                    noVariables(op);
                }
                int[] content = m.constant() != null ? new int[]{id(m.constant())} : state[location(m.src())];
                state[location(m.dst())] = content == null || content.length == 0 ? null : content;
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
            int writtenCount = op.count(Mode.TEMP) + op.count(Mode.DEF);
            if (written.length < writtenCount) {
                written = new int[writtenCount];
            }
            int w = 0;
            for (int i = 0; i < op.count(Mode.TEMP); i++) {
                int l = location(op.get(Mode.TEMP, i));
                state[l] = null;
                written[w++] = l;
            }
            if (op.destroysCallerSavedRegisters()) {
                for (int r : callerSaved) {
                    state[r] = null;
                }
            }
            if (op.state() != null) {
                collectGarbage(op, state, check);
            }
            for (int i = 0; i < op.count(Mode.DEF); i++) {
                written[w++] = location(op.get(Mode.DEF, i));
            }
            if (!phiOp) {
                for (int i = 0; i < op.count(Mode.ALIVE); i++) {
                    if (check) {
                        read(op, Mode.ALIVE, i, orig[Mode.ALIVE.ordinal()][i], op.get(Mode.ALIVE, i), state);
                        if (orig[Mode.ALIVE.ordinal()][i] instanceof Variable && contains(written, w, location(op.get(Mode.ALIVE, i)))) {
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
                    if (before[i] instanceof Variable && contains(written, w, location(now[i]))) {
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
    private void collectGarbage(LirOp op, int[][] state, boolean check) {
        List<Value> live = op.state().liveReferences();
        int[] marked = new int[live.size()];
        int count = 0;
        for (Value v : live) {
            int k = Locations.key(v);
            if (check && k == Locations.NONE) {
                throw fail("live reference " + v + " is not a register or stack slot");
            }
            int l = location(k);
            if (check) {
                int[] content = state[l];
                if (content == null || !anyReference(content)) {
                    throw fail("reference map names " + v + ", which holds no live reference: " + describe(content));
                }
            }
            if (!recorded[l]) {
                recorded[l] = true;
                marked[count++] = l;
            }
        }
        for (int l = 0; l < state.length; l++) {
            int[] names = state[l];
            if (names != null && !recorded[l] && anyReference(names)) {
                int[] rest = new int[names.length];
                int k = 0;
                for (int name : names) {
                    if (!isReference(name)) {
                        rest[k++] = name;
                    }
                }
                state[l] = k == 0 ? null : CompilerArrays.copyOf(rest, k);
            }
        }
        for (int i = 0; i < count; i++) {
            recorded[marked[i]] = false;
        }
    }

    private boolean anyReference(int[] names) {
        for (int name : names) {
            if (isReference(name)) {
                return true;
            }
        }
        return false;
    }

    private static String what(Mode m, int i) {
        return m == null ? "state value " + i : m + " " + i;
    }

    private void read(LirOp op, Mode m, int i, Value expected, Value actual, int[][] state) {
        if (expected instanceof Variable v) {
            checkLocation(op, m, i, v, actual);
            int[] content = state[location(actual)];
            if (content == null || Arrays.binarySearch(content, v.index()) < 0) {
                throw fail(what(m, i) + " reads " + v + " from " + actual + ", which holds " + (content == null ? "nothing known" : describe(content)));
            }
        } else if (expected instanceof RegisterValue rv && config.isAllocatable(rv.getRegister())) {
            if (!expected.equals(actual)) {
                throw fail(what(m, i) + ": fixed operand " + expected + " became " + actual);
            }
            int k = rv.getRegister().number;
            int[] content = state[k];
            LirOp def = lastFixedDef[k];
            boolean ok = false;
            for (int name = 0; content != null && name < content.length && !ok; name++) {
                int other = content[name] - variableCount;
                ok = other >= 0 && tokenLocations.get(other) == k && (def == null || tokenDefs.get(other) == def);
            }
            if (!ok) {
                throw fail(what(m, i) + ": " + expected + " was overwritten since its definition; it holds " + describe(content));
            }
        } else if (expected == null ? actual != null : !expected.equals(actual)) {
            throw fail(what(m, i) + ": " + expected + " became " + actual);
        }
    }

    private void define(LirOp op, int i, Value expected, Value actual, int[][] state, boolean check) {
        int k = Locations.key(actual);
        if (expected instanceof Variable v) {
            if (check) {
                checkLocation(op, Mode.DEF, i, v, actual);
            }
            int name = v.index();
            for (int l = 0; l < state.length; l++) {
                int[] names = state[l];
                if (names != null && Arrays.binarySearch(names, name) >= 0) {
                    state[l] = names.length == 1 ? null : without(names, name);
                }
            }
            state[location(k)] = new int[]{name};
        } else {
            if (check && !expected.equals(actual)) {
                throw fail("DEF " + i + ": " + expected + " became " + actual);
            }
            if (k != Locations.NONE) {
                int l = location(k);
                state[l] = new int[]{tokenId(k, op)};
                lastFixedDef[l] = op;
            }
        }
    }

    /** The location an allocated operand got: allowed by the op, a register of the variable's kind. */
    private void checkLocation(LirOp op, Mode m, int i, Variable v, Value actual) {
        int allowed = m == null ? LirOp.REG | LirOp.STACK : op.allowed(m, i);
        if (actual instanceof RegisterValue rv) {
            if ((allowed & LirOp.REG) == 0) {
                throw fail(what(m, i) + ": a register is not allowed here");
            }
            if (!canHold(v.kind().getPlatformKind(), rv.getRegister())) {
                throw fail(what(m, i) + ": " + rv.getRegister() + " cannot hold " + v.kind());
            }
        } else if (actual instanceof StackSlot) {
            if ((allowed & LirOp.STACK) == 0) {
                throw fail(what(m, i) + ": a stack slot is not allowed here");
            }
        } else {
            throw fail(what(m, i) + ": " + v + " became " + actual + ", not a register or stack slot");
        }
        if (!(actual.getValueKind() instanceof LirKind k) || !k.equals(v.kind())) {
            throw fail(what(m, i) + ": " + actual + " has kind " + actual.getValueKind() + ", " + v + " has " + v.kind());
        }
    }

    /** Whether the allocator may put a value of {@code kind} into {@code r} (per kind, a table by register number). */
    private boolean canHold(PlatformKind kind, Register r) {
        boolean[] table = registersByKind.get(kind);
        if (table == null) {
            table = new boolean[registerLocations];
            for (Register x : config.allocatableRegisters(kind)) {
                if (x.number < table.length) {
                    table[x.number] = true;
                }
            }
            registersByKind.put(kind, table);
        }
        // A register's number names it within the target (JVMCI numbers every register of an architecture apart).
        return r.number < table.length && table[r.number];
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

    private String describe(int[] names) {
        if (names == null) {
            return "null";
        }
        List<Object> objects = new CompilerList<>();
        for (int name : names) {
            objects.add(name(name));
        }
        return objects.toString();
    }

    private static boolean contains(int[] a, int count, int x) {
        for (int i = 0; i < count; i++) {
            if (a[i] == x) {
                return true;
            }
        }
        return false;
    }

    /** Whether sorted {@code a} contains every element of sorted {@code b}. */
    private static boolean containsAll(int[] a, int[] b) {
        int i = 0;
        for (int x : b) {
            while (i < a.length && a[i] < x) {
                i++;
            }
            if (i == a.length || a[i] != x) {
                return false;
            }
        }
        return true;
    }

    private static int[] intersect(int[] a, int[] b) {
        int[] out = new int[IntMath.min(a.length, b.length)];
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                out[k++] = a[i];
                i++;
                j++;
            }
        }
        return k == 0 ? EMPTY : CompilerArrays.copyOf(out, k);
    }

    private static int[] union(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < a.length || j < b.length) {
            if (j == b.length || i < a.length && a[i] < b[j]) {
                out[k++] = a[i++];
            } else if (i == a.length || b[j] < a[i]) {
                out[k++] = b[j++];
            } else {
                out[k++] = a[i++];
                j++;
            }
        }
        return k == out.length ? out : CompilerArrays.copyOf(out, k);
    }

    private static int[] without(int[] a, int x) {
        int[] out = new int[a.length - 1];
        int k = 0;
        for (int y : a) {
            if (y != x) {
                out[k++] = y;
            }
        }
        return out;
    }

    private AllocationVerificationError fail(String message) {
        return new AllocationVerificationError(currentBlock + " " + currentOp + ": " + message, lir);
    }
}
