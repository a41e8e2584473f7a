package org.ssajit.opt;

import java.util.List;

import org.ssajit.ir.Block;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Narrowing;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Value;
import org.ssajit.ir.VirtualInstance;
import org.ssajit.options.OptionKey;
import org.ssajit.util.CompilerList;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Escape analysis with scalar replacement, for objects that never leave the compiled method: an
 * allocation ({@code new}) whose only uses are reads and writes of its own fields and frame states is
 * not made. Its fields become SSA values (Braun et al.'s construction once more, one variable per field,
 * on the finished graph: a read gets the last write before it, through phis where paths meet), each
 * read is replaced by its value, and the writes and the allocation are removed. A frame state that held
 * the object holds its {@link VirtualInstance}, and the state of every instruction whose frames name
 * it records the fields' values there: deoptimizing, HotSpot allocates the object with those values
 * (JVMCI's {@code VirtualObject}) before the interpreter goes on.
 *
 * <p>Why each removal is exact:
 * <ul>
 * <li>No other code can see the object: it is not stored anywhere, passed to a call, returned, thrown,
 * compared, merged by a phi or given to any other operation. Only its reads and writes see its
 * fields, in program order in one thread; so a read returns the value of the last write on the path
 * that reached it, or the field's default after the allocation. The Java memory model has nothing to
 * order: no other thread can reach the object. Volatile fields are left alone all the same.</li>
 * <li>Its locks ({@code monitorenter} and {@code monitorexit}, a synchronized callee's) are removed too:
 * no other thread can ask for the object's monitor, and the JMM orders only actions of threads on the
 * same monitor. The frame states keep the lock in its slot; the debug info marks it eliminated, and
 * deoptimizing, HotSpot locks the object it allocates before the interpreter goes on (and releases it
 * at the {@code monitorexit}).</li>
 * <li>A write of a boolean, byte, char or short field stores the int narrowed as {@code putfield} does
 * ({@code & 1}, {@code i2b}, {@code i2c}, {@code i2s}); the read gets the narrowed value.</li>
 * <li>The allocation can throw nothing the program could tell from no allocation but an
 * OutOfMemoryError, which a compiler may leave out. Only a class that is initialized (the allocation
 * triggers no initializer), has no finalizer (nothing is registered), is no {@code Reference}
 * (the collector treats those apart) and has no field the VM injected is replaced. A removed read
 * or write of the object cannot throw (the object is not null): its exception edge goes.</li>
 * <li>Every use is dominated by the allocation, so every path that reaches a read from the method's
 * entry passes the allocation: the search for the last write stops there.</li>
 * </ul>
 */
public final class EscapeAnalysis {
    public static final OptionKey<Boolean> ENABLED = OptionKey.bool("EscapeAnalysis", true,
                    "Do not allocate objects that never leave the compiled method (scalar replacement): their fields become values, and deoptimization "
                                    + "allocates them. false: every new allocates.");

    /** Objects with more fields are allocated: each frame state naming one carries all its fields. */
    static final int MAX_FIELDS = 32;

    private final Graph graph;
    private final List<Instruction> allocations;
    private final List<VirtualInstance> virtuals;
    /** Per value id: what replaced a read of a field, once the walk has. */
    private final Value[] replacedBy;
    /** Per value id: 1 + the index of the allocation with that id, else 0. */
    private final int[] allocationIndex;
    /** Per block id, per object: the value of each field at the block's end where the block writes it (the last write; the default after the allocation), else null. */
    private final Value[][][] writes;
    /** Per block id, per object: the value of each field at the block's start, once asked for. */
    private final Value[][][] entries;

    private EscapeAnalysis(Graph graph, List<Instruction> allocations) {
        this.graph = graph;
        this.allocations = allocations;
        this.virtuals = new CompilerList<>();
        for (Instruction a : allocations) {
            ResolvedJavaType t = (ResolvedJavaType) a.type();
            virtuals.add(graph.virtualInstance(t, t.getInstanceFields(true)));
        }
        this.allocationIndex = new int[graph.valueIdLimit()];
        this.replacedBy = new Value[graph.valueIdLimit()];
        for (int k = 0; k < allocations.size(); k++) {
            allocationIndex[allocations.get(k).id()] = k + 1;
        }
        this.writes = new Value[graph.blockIdLimit()][][];
        this.entries = new Value[graph.blockIdLimit()][][];
    }

    /** Replaces the allocations that do not escape; returns how many. */
    public static int run(Graph graph) {
        if (!graph.mayContain(Op.NEW_INSTANCE)) {
            return 0;
        }
        List<Instruction> found = new CompilerList<>();
        for (Block b : graph.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Op.NEW_INSTANCE && replaceable(i)) {
                    found.add(i);
                }
            }
        }
        if (found.isEmpty()) {
            return 0;
        }
        boolean droppedEdges = false;
        for (Instruction a : found) {
            droppedEdges |= dropExceptionEdge(a);
            for (Node u : a.users()) {
                if (u instanceof Instruction i) {
                    droppedEdges |= dropExceptionEdge(i);
                }
            }
        }
        if (droppedEdges && UnreachableBlocks.remove(graph)) {
            // Handlers only those edges reached are gone, with the reads, writes, states and
            // allocations in them.
            java.util.Set<Block> live = new org.ssajit.util.CompilerSet<>(graph.blocks());
            found.removeIf(a -> !live.contains(a.block()));
            if (found.isEmpty()) {
                return 0;
            }
        }
        new EscapeAnalysis(graph, found).replace();
        graph.countUnallocated(found.size());
        return found.size();
    }

    /** Whether {@code a} (a {@code new}) may be replaced: its class qualifies and it does not escape. */
    private static boolean replaceable(Instruction a) {
        if (!(a.type() instanceof ResolvedJavaType t) || !qualifies(t)) {
            return false;
        }
        ResolvedJavaField[] fields = t.getInstanceFields(true);
        for (Node u : a.users()) {
            if (u instanceof FrameState) {
                continue;
            }
            if (!(u instanceof Instruction i) || !accessesOnly(i, a, fields)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether objects of {@code t} may be left unallocated at all: an initialized class without a
     * finalizer that is no {@code Reference}, with at most {@link #MAX_FIELDS} fields, none of them
     * injected by the VM (java.lang.invoke's, a thread's, a class loader's: left to the VM).
     */
    static boolean qualifies(ResolvedJavaType t) {
        if (!t.isInstanceClass() || !t.isInitialized() || t.hasFinalizer() || isReference(t)) {
            return false;
        }
        ResolvedJavaField[] fields = t.getInstanceFields(true);
        if (fields.length > MAX_FIELDS) {
            return false;
        }
        for (ResolvedJavaField f : fields) {
            if (f.isInternal()) {
                return false;
            }
        }
        return true;
    }

    /** {@code i} reads or writes a non-volatile field of {@code a}'s, and uses {@code a} for nothing else. */
    private static boolean accessesOnly(Instruction i, Instruction a, ResolvedJavaField[] fields) {
        if (i.op() == Op.MONITOR_ENTER || i.op() == Op.MONITOR_EXIT) {
            return i.input(In.OBJECT) == a;
        }
        if (i.op() != Op.LOAD_FIELD && i.op() != Op.STORE_FIELD) {
            return false;
        }
        FieldRef f = i.field();
        if (f.isStatic() || !(f.field() instanceof ResolvedJavaField rf) || rf.isVolatile() || i.input(In.OBJECT) != a) {
            return false;
        }
        if (i.op() == Op.STORE_FIELD && i.input(In.VALUE) == a) {
            return false;
        }
        for (ResolvedJavaField x : fields) {
            if (x.equals(rf)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isReference(ResolvedJavaType t) {
        for (ResolvedJavaType s = t; s != null; s = s.getSuperclass()) {
            if (s.getName().equals("Ljava/lang/ref/Reference;")) {
                return true;
            }
        }
        return false;
    }

    /** Clears {@code i}'s exception edge and its block's handlers; whether it had one. */
    private static boolean dropExceptionEdge(Instruction i) {
        if (!i.hasExceptionEdge()) {
            return false;
        }
        i.setExceptionEdge(false);
        UnreachableBlocks.dropExceptionEdges(i.block());
        return true;
    }

    private void replace() {
        // 1. Frame states name the objects; what writes each field where.
        for (int k = 0; k < allocations.size(); k++) {
            Instruction a = allocations.get(k);
            List<Node> users = new CompilerList<>(a.users());
            for (Node u : users) {
                if (u instanceof FrameState s) {
                    for (int slot = 0; slot < s.inputCount(); slot++) {
                        if (s.input(slot) == a) {
                            s.setInput(slot, virtuals.get(k));
                        }
                    }
                }
            }
        }
        Value[] stored = new Value[graph.valueIdLimit()];
        for (Block b : graph.blocks()) {
            for (Instruction i : new CompilerList<>(b.instructions())) {
                int k = objectOf(i);
                if (k < 0) {
                    continue;
                }
                VirtualInstance o = virtuals.get(k);
                if (i.op() == Op.NEW_INSTANCE) {
                    writes(b)[k] = defaults(o);
                } else if (i.op() == Op.STORE_FIELD) {
                    int f = o.indexOf((ResolvedJavaField) i.field().field());
                    // What a read of the field returns: the int narrowed as putfield narrows it.
                    stored[i.id()] = Narrowing.of(graph, i.input(In.VALUE), o.field(f).getJavaKind(), i.bci(), n -> i.block().insertBefore(i, n));
                    Value[][] w = writes(b);
                    if (w[k] == null) {
                        w[k] = new Value[o.fieldCount()];
                    }
                    w[k][f] = stored[i.id()];
                }
            }
        }
        // 2. The walk: each block in turn, the fields' current values from its start.
        for (Block b : graph.blocks()) {
            Value[][] current = new Value[virtuals.size()][];
            for (Instruction i : new CompilerList<>(b.instructions())) {
                int k = objectOf(i);
                if (k >= 0) {
                    VirtualInstance o = virtuals.get(k);
                    if (i.op() == Op.NEW_INSTANCE) {
                        current[k] = defaults(o);
                    } else if (i.op() == Op.STORE_FIELD) {
                        int f = o.indexOf((ResolvedJavaField) i.field().field());
                        current(current, k)[f] = stored[i.id()];
                        b.removeInstruction(i);
                    } else if (i.op() == Op.MONITOR_ENTER || i.op() == Op.MONITOR_EXIT) {
                        // The lock stays in the frame states (a lock slot holding the object): eliminated.
                        b.removeInstruction(i);
                    } else {
                        int f = o.indexOf((ResolvedJavaField) i.field().field());
                        Value v = value(current, b, k, f);
                        i.replaceAllUsesWith(v);
                        replacedBy[i.id()] = v;
                        b.removeInstruction(i);
                    }
                    continue;
                }
                if (i.state() != null) {
                    FrameState s = named(i.state(), current, b);
                    if (s != null) {
                        i.replaceState(s);
                    }
                }
            }
            Terminator t = b.terminator();
            if (t.state() != null) {
                FrameState s = named(t.state(), current, b);
                if (s != null) {
                    t.replaceState(s);
                }
            }
        }
        // 3. The allocations, now unused.
        for (Instruction a : allocations) {
            a.block().removeInstruction(a);
        }
    }

    /** The index of the object {@code i} allocates, reads or writes, or -1. */
    private int objectOf(Instruction i) {
        if (i.op() == Op.NEW_INSTANCE) {
            return allocationIndex(i);
        }
        if (i.op() == Op.LOAD_FIELD || i.op() == Op.STORE_FIELD || i.op() == Op.MONITOR_ENTER || i.op() == Op.MONITOR_EXIT) {
            Value o = i.input(In.OBJECT);
            return o instanceof Instruction x && x.op() == Op.NEW_INSTANCE ? allocationIndex(x) : -1;
        }
        return -1;
    }

    private int allocationIndex(Instruction a) {
        return a.id() < allocationIndex.length ? allocationIndex[a.id()] - 1 : -1;
    }

    /** The block's table of writes, one row per object (null where the block writes none of its fields). */
    private Value[][] writes(Block b) {
        Value[][] w = writes[b.id()];
        return w != null ? w : (writes[b.id()] = new Value[virtuals.size()][]);
    }

    private Value[] current(Value[][] current, int k) {
        if (current[k] == null) {
            current[k] = new Value[virtuals.get(k).fieldCount()];
        }
        return current[k];
    }

    /** Field {@code f} of object {@code k} at the walk's position in {@code b}. */
    private Value value(Value[][] current, Block b, int k, int f) {
        Value[] c = current(current, k);
        if (c[f] == null) {
            c[f] = entryValue(b, k, f);
        }
        return c[f] = resolved(c[f]);
    }

    /**
     * {@code v}, or what replaced it: a value written into a field may be a read of another object's
     * field, which the walk has replaced since (the tables hold values, not uses; a use made of a read
     * not replaced yet is updated when it is).
     */
    private Value resolved(Value v) {
        Value r = v;
        while (r.id() < replacedBy.length && replacedBy[r.id()] != null) {
            r = replacedBy[r.id()];
        }
        return r;
    }

    /**
     * The state {@code s} naming every object its frames hold, with their fields' values at the walk's
     * position; null if its frames hold none.
     */
    private FrameState named(FrameState s, Value[][] current, Block b) {
        List<VirtualInstance> held = null;
        for (FrameState f = s; f != null; f = f.outer()) {
            int slots = f.localsSize() + f.stackSize() + f.locksSize();
            for (int i = 0; i < slots; i++) {
                if (f.input(i) instanceof VirtualInstance o) {
                    if (held == null) {
                        held = new CompilerList<>();
                    }
                    if (!held.contains(o)) {
                        held.add(o);
                    }
                }
            }
        }
        if (held == null) {
            return null;
        }
        int n = 0;
        for (VirtualInstance o : held) {
            n += o.fieldCount();
        }
        Value[] values = new Value[n];
        int at = 0;
        for (VirtualInstance o : held) {
            int k = virtuals.indexOf(o);
            for (int f = 0; f < o.fieldCount(); f++) {
                values[at++] = value(current, b, k, f);
            }
        }
        return s.withVirtualInstances(held.toArray(new VirtualInstance[0]), values);
    }

    /** Field {@code f} of object {@code k} where {@code b} ends. */
    private Value endValue(Block b, int k, int f) {
        Value[][] w = writes[b.id()];
        if (w != null && w[k] != null && w[k][f] != null) {
            return resolved(w[k][f]);
        }
        return resolved(entryValue(b, k, f));
    }

    /**
     * Field {@code f} of object {@code k} where {@code b} starts: the end value of its one predecessor,
     * or a phi of its predecessors' (made and recorded before their values are looked up, so that a
     * loop's search ends at it). The search stays among blocks the allocation dominates: a
     * predecessor of such a block is one too, or the allocation's own, whose end value is known.
     */
    private Value entryValue(Block b, int k, int f) {
        Value[][] e = entries[b.id()];
        if (e == null) {
            e = entries[b.id()] = new Value[virtuals.size()][];
        }
        if (e[k] == null) {
            e[k] = new Value[virtuals.get(k).fieldCount()];
        }
        if (e[k][f] != null) {
            return e[k][f];
        }
        List<Block> preds = b.predecessors();
        if (preds.isEmpty()) {
            throw new IllegalStateException("field " + virtuals.get(k).field(f) + " read where its object's allocation does not dominate");
        }
        Value v;
        if (preds.size() == 1) {
            v = endValue(preds.get(0), k, f);
        } else {
            Phi p = b.addPhi(graph, virtuals.get(k).field(f).getJavaKind().getStackKind());
            e[k][f] = p;
            for (Block pred : preds) {
                p.appendOperand(endValue(pred, k, f));
            }
            v = p;
        }
        e[k][f] = v;
        return v;
    }

    /** The fields' values right after the allocation: their defaults. */
    private Value[] defaults(VirtualInstance o) {
        Value[] d = new Value[o.fieldCount()];
        for (int f = 0; f < d.length; f++) {
            JavaKind k = o.field(f).getJavaKind();
            d[f] = graph.constant(k == JavaKind.Object ? JavaConstant.NULL_POINTER : JavaConstant.defaultForKind(k.getStackKind()));
        }
        return d;
    }
}
