package org.ssajit.amd64.lir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.MoveFactory;
import org.ssajit.lir.Variable;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.Value;

/**
 * TEST ONLY, for every target: a stand-in for the real register allocator (being written in
 * {@code org.ssajit.regalloc}), so that the back end can be run end to end before it lands. Every
 * variable lives in its own spill slot for its whole life. Around each op, operands that must be in a
 * register are loaded into registers not otherwise named by the op, and results stored back. Phi
 * values are copied at each jump through fresh temporary slots (a parallel copy). Every reference slot
 * is cleared to null at the entry and named in every reference map: a slot holds a valid oop or null
 * at all times, so naming all of them is safe, if generous.
 *
 * <p>With {@code statesInRegisters}, the values of every frame state (safepoints, traps) are also
 * loaded into free registers right before the op and the state names those registers, as a real
 * allocator's would: debug info and reference maps are then exercised with values of every kind in
 * general and xmm registers. Not at an op that destroys the caller-saved registers (a call): no
 * register survives it, so no state or reference map there may name one (a GC while the callee runs
 * would look for the register in the callee's frame: HotSpot's "missing saved register").
 *
 * <p>Slow code, correct by construction; never use outside tests.
 */
public final class SpillAllAllocator {
    private final LirGraph lir;
    private final MoveFactory moves;
    private final List<Register> allocatable;
    private final boolean statesInRegisters;
    private final StackSlot[] slots;
    private final List<Value> referenceSlots = new ArrayList<>();

    private final Architecture architecture;

    private SpillAllAllocator(LirGraph lir, MoveFactory moves, List<Register> allocatable, boolean statesInRegisters, Architecture architecture) {
        this.architecture = architecture;
        this.lir = lir;
        this.moves = moves;
        this.allocatable = allocatable;
        this.statesInRegisters = statesInRegisters;
        this.slots = new StackSlot[lir.variableCount()];
    }

    /** Allocates {@code lir} in place, for {@code b}'s target. */
    public static void allocate(LirGraph lir, Backend b, boolean statesInRegisters) {
        new SpillAllAllocator(lir, b.moveFactory(), b.allocatableRegisters(), statesInRegisters, b.architecture()).run();
    }

    /** Allocates {@code lir} in place, for an AMD64 target. */
    public static void allocate(LirGraph lir, MoveFactory moves, List<Register> allocatable, boolean statesInRegisters) {
        new SpillAllAllocator(lir, moves, allocatable, statesInRegisters, Amd64Backend.host().architecture()).run();
    }

    /** With the host back end's moves and registers (AMD64 or AArch64); frame states name stack slots. */
    public static void allocate(LirGraph lir) {
        allocate(lir, Backends.host(), false);
    }

    /** With the host back end's moves and registers; frame states name registers where there are enough. */
    public static void allocateStatesInRegisters(LirGraph lir) {
        allocate(lir, Backends.host(), true);
    }

    private void run() {
        for (int i = 0; i < slots.length; i++) {
            Variable v = lir.variable(i);
            slots[i] = lir.frameMap().allocateSpillSlot(v.kind());
            if (v.kind().isReference()) {
                referenceSlots.add(slots[i]);
            }
        }
        // The phis of every block, before labels are rewritten.
        Map<LirBlock, Value[]> phis = new HashMap<>();
        for (LirBlock b : lir.blocks()) {
            LabelOp l = b.label();
            Value[] p = new Value[l.phiCount()];
            for (int i = 0; i < p.length; i++) {
                p[i] = l.phi(i);
            }
            phis.put(b, p);
        }
        for (LirBlock b : lir.blocks()) {
            List<LirOp> out = new ArrayList<>();
            for (LirOp op : b.ops()) {
                if (op instanceof LabelOp l) {
                    for (int i = 0; i < l.phiCount(); i++) {
                        l.set(LirOp.Mode.DEF, i, slot(l.phi(i)));
                    }
                    out.add(op);
                    if (b == lir.entry()) {
                        for (Value s : referenceSlots) {
                            out.add(moves.createLoad((AllocatableValue) s, JavaConstant.NULL_POINTER));
                        }
                    }
                } else if (op instanceof JumpOp j) {
                    resolvePhis(j, phis.get(j.target()), out);
                    out.add(op);
                } else {
                    allocateOp(op, out);
                }
            }
            b.ops().clear();
            b.ops().addAll(out);
        }
    }

    private StackSlot slot(Value v) {
        return slots[((Variable) v).index()];
    }

    private void resolvePhis(JumpOp j, Value[] targetPhis, List<LirOp> out) {
        StackSlot[] temps = new StackSlot[targetPhis.length];
        for (int i = 0; i < targetPhis.length; i++) {
            Value src = j.get(LirOp.Mode.USE, i);
            temps[i] = lir.frameMap().allocateSpillSlot(((Variable) targetPhis[i]).kind());
            out.add(moves.createMove(temps[i], src instanceof Variable ? slot(src) : src));
        }
        for (int i = 0; i < targetPhis.length; i++) {
            out.add(moves.createMove(slot(targetPhis[i]), temps[i]));
            j.set(LirOp.Mode.USE, i, slot(targetPhis[i]));
        }
    }

    private void allocateOp(LirOp op, List<LirOp> out) {
        Set<Register> busy = new LinkedHashSet<>();
        for (LirOp.Mode m : LirOp.Mode.values()) {
            for (int i = 0; i < op.count(m); i++) {
                if (op.get(m, i) instanceof RegisterValue r) {
                    busy.add(r.getRegister());
                }
            }
        }
        List<LirOp> before = new ArrayList<>();
        List<LirOp> after = new ArrayList<>();
        Map<Variable, RegisterValue> loaded = new IdentityHashMap<>();
        for (LirOp.Mode m : new LirOp.Mode[]{LirOp.Mode.USE, LirOp.Mode.ALIVE}) {
            for (int i = 0; i < op.count(m); i++) {
                if (op.get(m, i) instanceof Variable v) {
                    if ((op.allowed(m, i) & LirOp.STACK) != 0) {
                        op.set(m, i, slot(v));
                    } else {
                        RegisterValue r = loaded.get(v);
                        if (r == null) {
                            r = take(busy, v.kind());
                            loaded.put(v, r);
                            before.add(moves.createMove(r, slot(v)));
                        }
                        op.set(m, i, r);
                    }
                }
            }
        }
        for (int i = 0; i < op.count(LirOp.Mode.TEMP); i++) {
            if (op.get(LirOp.Mode.TEMP, i) instanceof Variable v) {
                op.set(LirOp.Mode.TEMP, i, take(busy, v.kind()));
            }
        }
        for (int i = 0; i < op.count(LirOp.Mode.DEF); i++) {
            if (op.get(LirOp.Mode.DEF, i) instanceof Variable v) {
                if ((op.allowed(LirOp.Mode.DEF, i) & LirOp.STACK) != 0) {
                    op.set(LirOp.Mode.DEF, i, slot(v));
                } else {
                    RegisterValue r = take(busy, v.kind());
                    op.set(LirOp.Mode.DEF, i, r);
                    after.add(moves.createMove(slot(v), r));
                }
            }
        }
        LirFrameState s = op.state();
        if (s != null) {
            Value[] vals = s.values();
            List<Value> live = new ArrayList<>(referenceSlots);
            Map<Variable, RegisterValue> inRegister = new IdentityHashMap<>();
            for (int i = 0; i < vals.length; i++) {
                if (vals[i] instanceof Variable v) {
                    boolean registers = statesInRegisters && !op.destroysCallerSavedRegisters();
                    RegisterValue r = registers ? inRegister.get(v) : null;
                    if (registers && r == null && hasFree(busy, v.kind())) {
                        r = take(busy, v.kind());
                        inRegister.put(v, r);
                        before.add(moves.createMove(r, slot(v)));
                        if (v.kind().isReference()) {
                            live.add(r);
                        }
                    }
                    vals[i] = r != null ? r : slot(v);
                }
            }
            s.setLiveReferences(live);
        }
        out.addAll(before);
        out.add(op);
        out.addAll(after);
    }

    private boolean hasFree(Set<Register> busy, LirKind kind) {
        return allocatable.stream().anyMatch(r -> architecture.canStoreValue(r.getRegisterCategory(), kind.getPlatformKind()) && !busy.contains(r));
    }

    private RegisterValue take(Set<Register> busy, LirKind kind) {
        for (Register r : allocatable) {
            if (architecture.canStoreValue(r.getRegisterCategory(), kind.getPlatformKind()) && !busy.contains(r)) {
                busy.add(r);
                return r.asValue(kind);
            }
        }
        throw new IllegalStateException("out of registers");
    }
}
