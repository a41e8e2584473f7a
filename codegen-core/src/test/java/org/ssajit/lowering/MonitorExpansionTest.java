package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Value;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Lightweight locking's fast paths as IR ({@link MonitorExpansion}), run: a lock or an unlock built
 * by hand, expanded with made-up offsets (a lock stack of 4 entries), then evaluated by a small
 * interpreter of the ops the expansion makes over a model of the thread's words and the object's
 * mark word, case by case against the protocol (docs/HOTSPOT-NOTES.md, "Locking"): what the fast
 * path leaves in the mark word and on the lock stack, and when the VM is called instead, with the
 * lock stack as it found it. Another thread's CAS in between is a write of the mark word right
 * before the expansion's CAS. That compiled code locks correctly is tested end to end (jvmci-plugin's
 * CompiledMonitorsTest).
 */
class MonitorExpansionTest {
    static final int TOP = 0x100;
    static final int BASE = 0x200;
    static final int END = BASE + 4 * 8;
    static final MonitorExpansion.Locking VM = new MonitorExpansion.Locking(true, TOP, END, 8, 0, 3, 1, 2);
    /** The mark word's bits above the lock bits (a hash, the age): the fast paths keep them. */
    static final long HIGH = 0x5a5a_0000L;
    static final long UNLOCKED = HIGH | 1;
    static final long LOCKED = HIGH;
    static final long INFLATED = 0x7f00_1230L | 2;

    static int monitor(Object o) {
        synchronized (o) {
            return 1;
        }
    }

    /** A graph of one {@code op} (lock or unlock, depth 0) of its parameter, then a return, expanded. */
    static Graph expanded(Operation op, MonitorExpansion.Locking vm) {
        ResolvedJavaMethod m = Jvmci.method(MonitorExpansionTest.class, "monitor");
        Graph g = new Graph(m);
        Block b = g.newBlock(0);
        Parameter p = g.addParameter(0, JavaKind.Object, false);
        Instruction i = new Instruction(g, op, JavaKind.Void, 0, 3, p);
        i.setState(new FrameState(m, 4, new Value[m.getMaxLocals()], new Value[0], new Value[]{p}));
        b.append(i);
        b.setTerminator(new Return(9, g.intConstant(1)));
        g.markLowered();
        assertEquals(1, MonitorExpansion.expand(g, vm));
        Verifier.verify(g);
        return g;
    }

    static Stream<Instruction> all(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream());
    }

    /** The object being locked. */
    static final Object X = new Object() {
        @Override
        public String toString() {
            return "x";
        }
    };
    static final Object OTHER = new Object() {
        @Override
        public String toString() {
            return "other";
        }
    };
    static final Object SENTINEL = new Object() {
        @Override
        public String toString() {
            return "sentinel";
        }
    };

    /** The thread's words and the object's mark word, and what the run did. */
    static final class World {
        final Map<Long, Object> thread = new HashMap<>();
        long mark;
        /** What another thread writes into the mark word right before the CAS, or null. */
        Long interference;
        final List<String> vmCalls = new ArrayList<>();
        final List<AtomicUpdate.Ordering> cas = new ArrayList<>();

        World(long mark, Object... stack) {
            this.mark = mark;
            thread.put((long) BASE - 8, SENTINEL);
            for (int k = 0; k < stack.length; k++) {
                thread.put((long) BASE + 8L * k, stack[k]);
            }
            thread.put((long) TOP, BASE + 8 * stack.length);
        }

        int top() {
            return (Integer) thread.get((long) TOP);
        }

        List<Object> stack() {
            List<Object> s = new ArrayList<>();
            for (int a = BASE; a < top(); a += 8) {
                s.add(thread.get((long) a));
            }
            return s;
        }
    }

    /** A word at a thread address; the object's mark word. */
    record Address(boolean object, long offset) {
    }

    static Object run(Graph g, World w) {
        Map<Value, Object> v = new HashMap<>();
        v.put(g.parameters().get(0), X);
        Block b = g.entry();
        for (int steps = 0; steps < 100; steps++) {
            for (Instruction i : b.instructions()) {
                v.put(i, eval(i, v, w));
            }
            if (b.terminator() instanceof Return) {
                return null;
            } else if (b.terminator() instanceof Goto j) {
                b = j.target();
            } else {
                If f = (If) b.terminator();
                Object x = value(f.x(), v);
                Object y = value(f.y(), v);
                boolean equal = x instanceof Number nx && y instanceof Number ny ? nx.longValue() == ny.longValue() : x == y;
                boolean taken = switch (f.condition()) {
                    case EQ -> equal;
                    case NE -> !equal;
                    case GE -> ((Number) x).longValue() >= ((Number) y).longValue();
                    default -> throw new AssertionError("unexpected condition " + f.condition());
                };
                b = taken ? f.trueTarget() : f.falseTarget();
            }
        }
        throw new AssertionError("no return after 100 blocks");
    }

    static Object value(Value x, Map<Value, Object> v) {
        if (x instanceof Constant c) {
            return c.kind() == JavaKind.Long ? (Object) c.asLong() : (Object) c.asInt();
        }
        assertTrue(v.containsKey(x), () -> "not computed yet: " + x);
        return v.get(x);
    }

    static Address address(Instruction i, Map<Value, Object> v) {
        Access a = i.attribute(Access.class);
        Object base = value(i.input(Op.In.BASE), v);
        Value index = i.input(Op.In.INDEX);
        long offset = a.displacement() + (index == null ? 0 : (long) (Integer) value(index, v) * a.scale());
        if (base == X) {
            return new Address(true, offset);
        }
        return new Address(false, (Long) base + offset);
    }

    static Object eval(Instruction i, Map<Value, Object> v, World w) {
        if (i.op() instanceof HotSpotOp op) {
            return switch (op) {
                case THREAD -> 0L;
                case READ -> {
                    Address a = address(i, v);
                    if (a.object()) {
                        assertEquals(0, a.offset(), "the mark word");
                        yield w.mark;
                    }
                    Object word = w.thread.get(a.offset());
                    assertNotNull(word, () -> "a read of a thread word never written: " + a);
                    yield word;
                }
                case WRITE -> {
                    Address a = address(i, v);
                    assertFalse(a.object(), "the fast paths write the mark word only by a CAS");
                    w.thread.put(a.offset(), value(i.input(Op.In.VALUE), v));
                    yield null;
                }
                case COMPARE_AND_SWAP -> {
                    AtomicUpdate u = i.attribute(AtomicUpdate.class);
                    assertSame(X, value(i.input(Op.In.BASE), v));
                    assertEquals(0, u.displacement());
                    w.cas.add(u.ordering());
                    if (w.interference != null) {
                        w.mark = w.interference;
                    }
                    if (w.mark == (Long) value(i.input(Op.In.EXPECTED), v)) {
                        w.mark = (Long) value(i.input(Op.In.VALUE), v);
                        yield 1;
                    }
                    yield 0;
                }
                case VM_LOCK, VM_UNLOCK -> {
                    assertTrue(i.block().isCold(), "the VM's call is in a cold block");
                    assertNotNull(i.state(), "the VM's call has the lock's state");
                    assertEquals(1, i.state().locksSize());
                    w.vmCalls.add(i.op().mnemonic() + " " + value(i.input(Op.In.OBJECT), v) + " stack " + w.stack());
                    yield null;
                }
                default -> throw new AssertionError("an op the expansion does not make: " + i.op());
            };
        }
        if (!(i.op() instanceof Op op)) {
            throw new AssertionError("an op the expansion does not make: " + i.op());
        }
        return switch (op) {
            case AND -> (Long) value(i.input(0), v) & (Long) value(i.input(1), v);
            case OR -> (Long) value(i.input(0), v) | (Long) value(i.input(1), v);
            case XOR -> (Long) value(i.input(0), v) ^ (Long) value(i.input(1), v);
            case ADD -> (Integer) value(i.input(0), v) + (Integer) value(i.input(1), v);
            case SUB -> (Integer) value(i.input(0), v) - (Integer) value(i.input(1), v);
            default -> throw new AssertionError("an op the expansion does not make: " + i.op());
        };
    }

    static World lock(World w) {
        run(expanded(HotSpotOp.LOCK, VM), w);
        return w;
    }

    static World unlock(World w) {
        run(expanded(HotSpotOp.UNLOCK, VM), w);
        return w;
    }

    @Test
    void anUnlockedObjectIsLockedByTheCasAndPushed() {
        World w = lock(new World(UNLOCKED, OTHER));
        assertEquals(List.of(), w.vmCalls);
        assertEquals(LOCKED, w.mark, "the lock bits 01 -> 00, the rest kept");
        assertEquals(List.of(OTHER, X), w.stack());
        assertEquals(List.of(AtomicUpdate.Ordering.ACQUIRE), w.cas);
    }

    @Test
    void aRecursiveLockIsAPushOnly() {
        World w = lock(new World(LOCKED, X));
        assertEquals(List.of(), w.vmCalls);
        assertEquals(LOCKED, w.mark);
        assertEquals(List.of(X, X), w.stack());
        assertEquals(List.of(), w.cas);
    }

    @Test
    void aFullLockStackGoesToTheVm() {
        World w = lock(new World(UNLOCKED, OTHER, OTHER, OTHER, OTHER));
        assertEquals(List.of("vmlock x stack [other, other, other, other]"), w.vmCalls);
        assertEquals(UNLOCKED, w.mark);
    }

    @Test
    void anInflatedOrForeignLockGoesToTheVm() {
        World inflated = lock(new World(INFLATED, OTHER));
        assertEquals(List.of("vmlock x stack [other]"), inflated.vmCalls);
        assertEquals(INFLATED, inflated.mark);
        World foreign = lock(new World(LOCKED)); // fast-locked by another thread: x is on its lock stack
        assertEquals(List.of("vmlock x stack []"), foreign.vmCalls);
        assertEquals(LOCKED, foreign.mark);
    }

    @Test
    void aLockWhoseCasFailsGoesToTheVmWithTheStackUntouched() {
        World w = new World(UNLOCKED);
        w.interference = HIGH; // another thread locked it between the read and the CAS
        lock(w);
        assertEquals(List.of("vmlock x stack []"), w.vmCalls);
        assertEquals(HIGH, w.mark);
    }

    @Test
    void theUnlockPopsAndCasesTheBitsBack() {
        World w = unlock(new World(LOCKED, OTHER, X));
        assertEquals(List.of(), w.vmCalls);
        assertEquals(UNLOCKED, w.mark, "the lock bits 00 -> 01, the rest kept");
        assertEquals(List.of(OTHER), w.stack());
        assertEquals(List.of(AtomicUpdate.Ordering.RELEASE), w.cas);
    }

    @Test
    void aRecursiveUnlockIsAPopOnly() {
        World w = unlock(new World(LOCKED, X, X));
        assertEquals(List.of(), w.vmCalls);
        assertEquals(LOCKED, w.mark);
        assertEquals(List.of(X), w.stack());
        assertEquals(List.of(), w.cas);
    }

    @Test
    void anUnlockOfAnObjectNotOnTopGoesToTheVm() {
        World w = unlock(new World(INFLATED, OTHER));
        assertEquals(List.of("vmunlock x stack [other]"), w.vmCalls);
        assertEquals(INFLATED, w.mark);
        World empty = unlock(new World(INFLATED));
        assertEquals(List.of("vmunlock x stack []"), empty.vmCalls, "below an empty stack: the sentinel");
    }

    @Test
    void anUnlockOfAnInflatedLockOnTopRestoresTheStackForTheVm() {
        World w = unlock(new World(INFLATED, X));
        assertEquals(List.of("vmunlock x stack [x]"), w.vmCalls);
        assertEquals(INFLATED, w.mark);
        assertEquals(List.of(), w.cas);
    }

    @Test
    void anUnlockWhoseCasFailsRestoresTheStackForTheVm() {
        World w = new World(LOCKED, X);
        w.interference = INFLATED; // another thread inflated it between the read and the CAS
        unlock(w);
        assertEquals(List.of("vmunlock x stack [x]"), w.vmCalls);
        assertEquals(INFLATED, w.mark);
    }

    /** Without the fast paths (another locking mode, UseObjectMonitorTable, DiagnoseSyncOnValueBasedClasses): the VM's call alone, in place. */
    @Test
    void withoutTheFastPathsEachIsTheVmsCall() {
        MonitorExpansion.Locking vmOnly = new MonitorExpansion.Locking(false, TOP, END, 8, 0, 3, 1, 2);
        for (HotSpotOp op : new HotSpotOp[]{HotSpotOp.LOCK, HotSpotOp.UNLOCK}) {
            Graph g = expanded(op, vmOnly);
            assertEquals(1, g.blocks().size(), () -> new IrPrinter(true).print(g));
            List<Instruction> ops = all(g).toList();
            assertEquals(1, ops.size());
            assertEquals(op == HotSpotOp.LOCK ? HotSpotOp.VM_LOCK : HotSpotOp.VM_UNLOCK, ops.get(0).op());
            assertEquals(0, ops.get(0).attribute(), "the monitor slot");
            assertNotNull(ops.get(0).state());
        }
    }

    /** The VM's flags that turn the fast paths off are read from the VM. */
    @Test
    void theHostsLockingIsRead() {
        var c = org.ssajit.hotspot.HotSpotVmConfig.host();
        MonitorExpansion.Locking l = MonitorExpansion.Locking.of(c);
        assertEquals(c.lightweightLocking && !c.useObjectMonitorTable && c.diagnoseSyncOnValueBasedClasses == 0, l.inline());
        assertEquals(c.markUnlockedValue, l.unlocked());
        assertEquals(c.markMonitorValue, l.monitor());
        assertEquals(c.markLockMaskInPlace, l.lockMask());
        assertEquals(c.threadLockStackTopOffset, l.lockStackTopOffset());
    }
}
