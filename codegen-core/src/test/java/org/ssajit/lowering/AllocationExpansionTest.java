package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.lowering.LoweredGraphs.access;
import static org.ssajit.lowering.LoweredGraphs.all;
import static org.ssajit.lowering.LoweredGraphs.assertConstant;
import static org.ssajit.lowering.LoweredGraphs.op;
import static org.ssajit.lowering.LoweredGraphs.text;

import java.util.BitSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AllocationShape;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;
import org.ssajit.hotspot.ir.VmEntry;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;

/**
 * HotSpot's inline allocation expanded as IR ({@link AllocationExpansion}) under made-up layouts
 * (compressed class pointers, full class pointers, compact headers; offsets the tests only have to
 * find where they belong): the buffer's bump from the thread's words, the header, an array's length,
 * zeros covering the object exactly once, the storestore barrier before {@link HotSpotOp#OBJECT_AT}, the VM's
 * allocation in a cold block with the state, and the verifier refusing a half-initialized object's
 * word across a safepoint. That the objects work is tested end to end (jvmci-plugin's
 * CompiledAllocationTest, CompiledGcMatrixTest).
 */
class AllocationExpansionTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    /** A made-up class layout: the mirror's class, the layout helper and its bit, the init state, a narrow-class base and shift. */
    static final AllocationExpansion.Classes CLASSES = new AllocationExpansion.Classes(0x10, 0x0c, 1, 0x12a, 4, 0x8_0000_0000L, 3);
    static final AllocationExpansion.Layout COMPRESSED = new AllocationExpansion.Layout(true, 0x1a8, 0x1b0, 0xb8, false, true, 8, 12, CLASSES);
    static final AllocationExpansion.Layout FULL = new AllocationExpansion.Layout(true, 0x1a8, 0x1b0, 0xb8, false, false, 8, 16, CLASSES);
    static final AllocationExpansion.Layout COMPACT = new AllocationExpansion.Layout(true, 0x1a8, 0x1b0, 0xb8, true, true, 4, 8, CLASSES);

    static final class Sized {
        long a;
        long b;
        int c;
    }

    static {
        new Sized(); // initialized: a new instance of a class that is not deoptimizes
    }

    static Object newSized() {
        return new Sized();
    }

    static int[] newInts(int n) {
        return new int[n];
    }

    static byte[] newBytesOfLength(int n) {
        return new byte[Math.max(n, 0) & 0xFFFF];
    }

    static long[] newFourLongs() {
        return new long[4];
    }

    static final sun.misc.Unsafe UNSAFE = org.ssajit.hotspot.HostUnsafe.UNSAFE;

    static Object allocateInstance(Class<?> c) throws InstantiationException {
        return UNSAFE.allocateInstance(c);
    }

    static Object twoObjects(Object o) {
        Object[] a = new Object[] {o, new Sized()};
        return a;
    }

    /** Lowered without the last expansions, then the allocations expanded with {@code layout} and the graph verified. */
    static Graph expanded(String name, AllocationExpansion.Layout layout) {
        Graph g = Jvmci.graph(AllocationExpansionTest.class, name);
        var b = jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        HotSpotLowering lowering = new HotSpotLowering(C, b.getMetaAccess(), b.getConstantReflection(), OptionValues.DEFAULTS, C.gcSerial);
        lowering.lower(g, lowering.options().get(LoweringOptions.COMPILED_HANDLERS), false);
        long before = all(g).filter(i -> i.op() == HotSpotOp.ALLOCATE).count();
        all(g, HotSpotOp.ALLOCATE).findFirst().ifPresent(a -> SHAPES.put(g, a.attribute(AllocationShape.class)));
        assertTrue(before > 0, () -> text(g));
        assertEquals(before, AllocationExpansion.expand(g, layout));
        assertEquals(0, all(g).filter(i -> i.op() == HotSpotOp.ALLOCATE).count());
        Verifier.verify(g);
        return g;
    }

    /** The first allocation's shape of each graph {@link #expanded} expanded. */
    static final java.util.Map<Graph, AllocationShape> SHAPES = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** The length the VM's allocation of {@code x} takes (an array's), or null. */
    static Value length(Expansion x) {
        return x.vm().inputCount() > 1 ? x.vm().input(1) : null;
    }

    /** What one expansion made, found from its {@link HotSpotOp#OBJECT_AT}. */
    record Expansion(Instruction objectAt, Instruction obj, Instruction thread, Instruction top, If check, Block slow, Instruction vm, Phi result) {
    }

    /**
     * The protocol's skeleton, asserted on the way: {@code obj} read at the thread's TLAB top,
     * {@code top = obj + size}, {@code if (top > [thread + end]) goto slow}, the slow block cold with
     * the class's metadata and one {@link HotSpotOp#VM_CALL} of the VM's allocation (the entry, the class,
     * the length, the state) and a jump to the join, whose phi merges the
     * {@link HotSpotOp#OBJECT_AT} and the VM's object.
     */
    static Expansion skeleton(Graph g, AllocationExpansion.Layout layout, AllocationShape[] shapeOut) {
        Instruction objectAt = all(g).filter(i -> i.op() == HotSpotOp.OBJECT_AT).findFirst().orElseThrow(() -> new AssertionError(text(g)));
        Instruction obj = op(objectAt.input(In.X), HotSpotOp.READ);
        assertEquals(layout.tlabTopOffset(), access(obj).displacement());
        assertEquals(JavaKind.Long, access(obj).kind());
        Instruction thread = op(obj.input(In.BASE), HotSpotOp.THREAD);
        Instruction top = obj.users().stream().filter(u -> u instanceof Instruction i && i.op() == Op.ADD).map(u -> (Instruction) u).findFirst().orElseThrow();
        If check = (If) top.block().terminator();
        assertEquals(Condition.GT, check.condition());
        assertSame(top, check.x());
        Instruction end = op(check.y(), HotSpotOp.READ);
        assertSame(thread, end.input(In.BASE));
        assertEquals(layout.tlabEndOffset(), access(end).displacement());
        Block slow = check.trueTarget();
        assertTrue(slow.isCold(), "the VM's allocation is in a cold block");
        assertEquals(2, slow.instructions().size());
        Instruction vm = op(slow.instructions().get(1), HotSpotOp.VM_CALL);
        assertTrue(vm.state() != null, "the VM's allocation has the allocation's state");
        shapeOut[0] = SHAPES.get(g);
        assertEquals(shapeOut[0].isArray() ? VmEntry.NEW_ARRAY : VmEntry.NEW_INSTANCE, vm.attribute());
        assertSame(slow.instructions().get(0), op(vm.input(0), HotSpotOp.METADATA));
        assertEquals(shapeOut[0].hub(), op(vm.input(0), HotSpotOp.METADATA).attribute());
        assertEquals(JavaKind.Long, vm.input(0).kind());
        assertEquals(shapeOut[0].isArray() ? 2 : 1, vm.inputCount());
        Block done = ((Goto) slow.terminator()).target();
        assertEquals(1, done.phis().size());
        Phi result = done.phis().get(0);
        assertEquals(2, result.operandCount());
        assertSame(vm, result.operand(done.predecessorIndex(slow)));
        assertSame(objectAt, result.operand(1 - done.predecessorIndex(slow)));
        assertSame(objectAt.block(), done.predecessors().get(1 - done.predecessorIndex(slow)));
        // The new top written back, then the header, after the check.
        Block fast = check.falseTarget();
        Instruction topWrite = fast.instructions().stream().filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.BASE) == thread).findFirst().orElseThrow();
        assertEquals(layout.tlabTopOffset(), access(topWrite).displacement());
        assertSame(top, topWrite.input(In.VALUE));
        return new Expansion(objectAt, obj, thread, top, check, slow, vm, result);
    }

    /**
     * The writes at {@code obj} (a constant displacement each) in the expansion's blocks before the
     * barrier: asserts the mark word from the class's prototype header and the klass word as
     * {@code layout} has it; returns the bytes the other writes of zeros cover, each at most once.
     */
    static BitSet header(Graph g, Expansion x, AllocationExpansion.Layout layout, AllocationShape shape) {
        List<Instruction> writes = all(g).filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.BASE) == x.obj()).toList();
        Instruction mark = writes.stream().filter(w -> access(w).displacement() == 0).findFirst().orElseThrow(() -> new AssertionError(text(g)));
        assertEquals(JavaKind.Long, access(mark).kind());
        Instruction proto = op(mark.input(In.VALUE), HotSpotOp.READ);
        assertEquals(layout.prototypeHeaderOffset(), access(proto).displacement());
        Instruction klass = op(proto.input(In.BASE), HotSpotOp.METADATA);
        assertEquals(shape.hub(), klass.attribute());
        List<Instruction> klassWrites = writes.stream().filter(w -> access(w).displacement() == layout.klassOffset() && !(w.input(In.VALUE) instanceof Constant))
                        .toList();
        if (layout.compactHeaders()) {
            assertEquals(List.of(), klassWrites, "compact headers: the class is in the mark word");
        } else {
            assertEquals(1, klassWrites.size(), () -> text(g));
            Instruction k = klassWrites.get(0);
            Instruction m = op(k.input(In.VALUE), HotSpotOp.METADATA);
            if (layout.compressedClassPointers()) {
                assertEquals(JavaKind.Int, access(k).kind());
                assertEquals(JavaKind.Int, m.kind());
                assertEquals(((jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) shape.hub()).compress(), m.attribute());
            } else {
                assertEquals(JavaKind.Long, access(k).kind());
                assertSame(klass, m);
            }
        }
        BitSet zeros = new BitSet();
        for (Instruction w : writes) {
            if (w.input(In.VALUE) instanceof Constant c && access(w).displacement() != 0 && w.input(In.VALUE) != length(x)) {
                assertEquals(0L, c.kind() == JavaKind.Long ? c.asLong() : c.asInt(), "zeros only");
                int from = access(w).displacement();
                int to = from + (access(w).kind() == JavaKind.Long ? 8 : 4);
                assertTrue(zeros.get(from, to).isEmpty(), () -> "zeroed twice at " + from + ": " + text(g));
                zeros.set(from, to);
            }
        }
        // Every write at obj and the top's write come before the barrier, which comes before objectat.
        Block last = x.objectAt().block();
        int barrier = -1;
        for (int k = 0; k < last.instructions().size(); k++) {
            Instruction i = last.instructions().get(k);
            if (i.op() == HotSpotOp.MEMBAR) {
                assertEquals(MemoryBarriers.STORE_STORE, (int) i.attribute(Integer.class));
                barrier = k;
            }
            if (i == x.objectAt()) {
                assertTrue(barrier >= 0 && barrier == k - 1, () -> "storestore right before objectat: " + text(g));
            }
            if (i.op() == HotSpotOp.WRITE && barrier >= 0) {
                throw new AssertionError("a write after the barrier: " + text(g));
            }
        }
        return zeros;
    }

    @Test
    void instanceUnderEveryHeaderLayout() {
        for (AllocationExpansion.Layout layout : List.of(COMPRESSED, FULL, COMPACT)) {
            Graph g = expanded("newSized", layout);
            AllocationShape[] shape = new AllocationShape[1];
            Expansion x = skeleton(g, layout, shape);
            int size = shape[0].instanceSize();
            assertConstant(size, x.top().input(1));
            BitSet zeros = header(g, x, layout, shape[0]);
            BitSet expected = new BitSet();
            expected.set(layout.headerSize(), size);
            assertEquals(expected, zeros, () -> layout + ": the zeros cover the object after the header exactly: " + text(g));
            assertEquals(0, all(g).filter(i -> i.op() == HotSpotOp.THREAD).count() - 1, "one THREAD for the bump");
        }
    }

    @Test
    void arrayOfAnyLengthIsCheckedSizedAndZeroedInALoop() {
        for (AllocationExpansion.Layout layout : List.of(COMPRESSED, FULL)) {
            Graph g = expanded("newInts", layout);
            AllocationShape[] shape = new AllocationShape[1];
            Expansion x = skeleton(g, layout, shape);
            Value length = length(x);
            // The length check: unsigned, so a negative length is the VM's too (a flipped sign bit).
            If lengthCheck = (If) g.blocks().stream().map(Block::terminator).filter(t -> t instanceof If f && f.trueTarget() == x.slow() && f != x.check())
                            .findFirst().orElseThrow(() -> new AssertionError(text(g)));
            assertEquals(Condition.GT, lengthCheck.condition());
            Instruction biased = op(lengthCheck.x(), Op.XOR);
            assertSame(length, biased.input(0));
            assertConstant(Integer.MIN_VALUE, biased.input(1));
            assertConstant(AllocationExpansion.MAX_FAST_LENGTH ^ Integer.MIN_VALUE, lengthCheck.y());
            // size = (i2l(length) << 2) + base + 7 & -8
            Instruction size = op(x.top().input(1), Op.AND);
            assertConstant(-8, size.input(1));
            Instruction plus = op(size.input(0), Op.ADD);
            assertConstant(shape[0].baseOffset() + 7, plus.input(1));
            Instruction shl = op(plus.input(0), Op.SHL);
            assertConstant(2, shl.input(1));
            assertSame(length, op(shl.input(0), Op.I2L).input(0));
            // The length written; the zeros from the length's end: the gap written as an int, the rest by the loop.
            Instruction lengthWrite = all(g).filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.BASE) == x.obj() && i.input(In.VALUE) == length).findFirst()
                            .orElseThrow();
            assertEquals(shape[0].lengthOffset(), access(lengthWrite).displacement());
            assertEquals(JavaKind.Int, access(lengthWrite).kind());
            BitSet zeros = header(g, x, layout, shape[0]);
            int start = shape[0].lengthOffset() + 4;
            BitSet expected = new BitSet();
            if (start % 8 == 4) {
                expected.set(start, start + 4);
                start += 4;
            }
            assertEquals(expected, zeros, () -> text(g));
            Phi p = g.blocks().stream().flatMap(b -> b.phis().stream()).filter(f -> f.kind() == JavaKind.Long).findFirst()
                            .orElseThrow(() -> new AssertionError("no zeroing loop: " + text(g)));
            Instruction from = op(p.operand(0), Op.ADD);
            assertSame(x.obj(), from.input(0));
            assertConstant(start, from.input(1));
            If loopTest = (If) p.block().terminator();
            assertEquals(Condition.GE, loopTest.condition());
            assertSame(p, loopTest.x());
            assertSame(x.top(), loopTest.y());
            Block body = loopTest.falseTarget();
            Instruction zero = op(body.instructions().get(0), HotSpotOp.WRITE);
            assertSame(p, zero.input(In.BASE));
            assertEquals(JavaKind.Long, access(zero).kind());
            assertConstant(0, zero.input(In.VALUE));
            Instruction next = op(p.operand(1), Op.ADD);
            assertSame(p, next.input(0));
            assertConstant(8, next.input(1));
            assertSame(x.objectAt().block(), loopTest.trueTarget());
        }
    }

    @Test
    void arrayOfANonNegativeLengthIsCheckedOnceAgainstTheLimit() {
        Graph g = expanded("newBytesOfLength", COMPRESSED);
        AllocationShape[] shape = new AllocationShape[1];
        Expansion x = skeleton(g, COMPRESSED, shape);
        If lengthCheck = (If) g.blocks().stream().map(Block::terminator).filter(t -> t instanceof If f && f.trueTarget() == x.slow() && f != x.check())
                        .findFirst().orElseThrow(() -> new AssertionError(text(g)));
        assertSame(length(x), lengthCheck.x(), "a length known non-negative is compared as it is");
        assertConstant(AllocationExpansion.MAX_FAST_LENGTH, lengthCheck.y());
    }

    @Test
    void arrayOfAConstantLengthIsSizedAndZeroedAsAnInstance() {
        Graph g = expanded("newFourLongs", COMPRESSED);
        AllocationShape[] shape = new AllocationShape[1];
        Expansion x = skeleton(g, COMPRESSED, shape);
        long size = (shape[0].baseOffset() + 4 * 8 + 7) & -8;
        assertConstant(size, x.top().input(1));
        assertEquals(1, g.blocks().stream().map(Block::terminator).filter(t -> t instanceof If f && f.trueTarget() == x.slow()).count(), "no length check");
        BitSet zeros = header(g, x, COMPRESSED, shape[0]);
        BitSet expected = new BitSet();
        expected.set(shape[0].lengthOffset() + 4, (int) size);
        assertEquals(expected, zeros, () -> text(g));
        assertTrue(g.blocks().stream().allMatch(b -> b.phis().stream().noneMatch(p -> p.kind() == JavaKind.Long)), "no loop");
    }

    @Test
    void withoutTlabsTheVmAllocates() {
        var noTlab = new AllocationExpansion.Layout(false, 0, 0, 0, false, true, 8, 12, CLASSES);
        Graph g = expanded("newSized", noTlab);
        assertEquals(1, all(g).filter(i -> i.op() == HotSpotOp.VM_CALL).count());
        assertEquals(0, all(g).filter(i -> i.op() == HotSpotOp.THREAD || i.op() == HotSpotOp.OBJECT_AT).count());
    }

    @Test
    void theHostLayoutExpandsAndVerifies() {
        Graph g = expanded("twoObjects", AllocationExpansion.Layout.of(C));
        assertEquals(2, all(g).filter(i -> i.op() == HotSpotOp.VM_CALL).count());
    }

    /**
     * A half-initialized object's word live across an instruction with a state (a null check that may
     * deoptimize, put between the header's writes and {@code objectat}) is refused; the same graph
     * without it verifies.
     */
    @Test
    void verifierRefusesAnUnpublishedObjectAcrossASafepoint() {
        Graph g = expanded("twoObjects", COMPRESSED);
        Instruction objectAt = all(g).filter(i -> i.op() == HotSpotOp.OBJECT_AT).findFirst().orElseThrow();
        Instruction vm = all(g).filter(i -> i.op() == HotSpotOp.VM_CALL).findFirst().orElseThrow();
        Value param = g.parameters().get(0);
        Instruction check = new Instruction(g, HotSpotOp.NULL_CHECK, JavaKind.Void, new org.ssajit.hotspot.ir.Deopt(jdk.vm.ci.meta.DeoptimizationReason.NullCheckException,
                        jdk.vm.ci.meta.DeoptimizationAction.None), objectAt.bci(), param);
        check.setState(vm.state().copy());
        objectAt.block().insertBefore(objectAt, check);
        VerificationError e = assertThrows(VerificationError.class, () -> Verifier.verify(g));
        assertTrue(e.getMessage().contains("live across"), e::getMessage);
        objectAt.block().removeInstruction(check);
        Verifier.verify(g);

    }

    /**
     * {@code allocateInstance} built with inlining (the call is inside {@code sun.misc.Unsafe}), lowered
     * without the last expansions: one {@link HotSpotOp#ALLOCATE_INSTANCE_OF}, branched on to the call.
     */
    static Graph instanceOf() {
        Graph g = GraphBuilder.build(Jvmci.method(AllocationExpansionTest.class, "allocateInstance"), BuildOptions.DEFAULT.withInlining(true), Jvmci.PROVIDERS)
                        .graph();
        var b = jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        HotSpotLowering lowering = new HotSpotLowering(C, b.getMetaAccess(), b.getConstantReflection(), OptionValues.DEFAULTS, C.gcSerial);
        lowering.lower(g, lowering.options().get(LoweringOptions.COMPILED_HANDLERS), false);
        assertEquals(1, all(g, HotSpotOp.ALLOCATE_INSTANCE_OF).count(), () -> text(g));
        return g;
    }

    /** The tests on a class known at run time, asserted; returns the class word, the layout helper and the block the tests fail to. */
    static Value[] classTests(Graph g, AllocationExpansion.Layout layout, Block fail, Value mirror) {
        AllocationExpansion.Classes k = layout.classes();
        List<If> failing = g.blocks().stream().map(Block::terminator).filter(t -> t instanceof If f && f.trueTarget() == fail).map(t -> (If) t).toList();
        Instruction klass = all(g, HotSpotOp.READ).filter(r -> r.input(In.BASE) == mirror).findFirst().orElseThrow(() -> new AssertionError(text(g)));
        assertEquals(k.mirrorKlassOffset(), access(klass).displacement());
        assertEquals(JavaKind.Long, access(klass).kind());
        If none = failing.stream().filter(f -> f.x() == klass).findFirst().orElseThrow(() -> new AssertionError("no test of the class word: " + text(g)));
        assertEquals(Condition.EQ, none.condition());
        assertConstant(0, none.y());
        Instruction lh = all(g, HotSpotOp.READ).filter(r -> r.input(In.BASE) == klass && access(r).displacement() == k.layoutHelperOffset()).findFirst().orElseThrow();
        assertEquals(JavaKind.Int, access(lh).kind());
        If notInstance = failing.stream().filter(f -> f.x() == lh).findFirst().orElseThrow(() -> new AssertionError("no sign test: " + text(g)));
        assertEquals(Condition.LE, notInstance.condition());
        assertConstant(0, notInstance.y());
        If slowBit = failing.stream().filter(f -> f.x() instanceof Instruction a && a.op() == Op.AND && a.input(0) == lh).findFirst()
                        .orElseThrow(() -> new AssertionError("no slow-path bit test: " + text(g)));
        assertEquals(Condition.NE, slowBit.condition());
        assertConstant(k.layoutHelperSlowPathBit(), ((Instruction) slowBit.x()).input(1));
        assertConstant(0, slowBit.y());
        If init = failing.stream().filter(f -> f.x() instanceof Instruction r && r.op() == HotSpotOp.READ && r.input(In.BASE) == klass && access(r).displacement() == k.initStateOffset())
                        .findFirst().orElseThrow(() -> new AssertionError("no init-state test: " + text(g)));
        assertEquals(JavaKind.Byte, access((Instruction) init.x()).kind());
        assertEquals(Condition.NE, init.condition());
        assertConstant(k.fullyInitialized(), init.y());
        return new Value[] {klass, lh};
    }

    /**
     * Every layout: the class from the mirror, the four tests of it, the bump by the layout helper's
     * size, the header with the class computed (narrow: minus the base, shifted), the int gap and the
     * zeroing loop up to the new top, the barrier before {@link HotSpotOp#OBJECT_AT}; every failing test and a
     * full buffer go to the call, in a cold block, and the null test on the op's answer is gone.
     */
    @Test
    void allocateInstanceTestsTheClassThenAllocatesAsNew() {
        for (AllocationExpansion.Layout layout : List.of(COMPRESSED, FULL, COMPACT)) {
            Graph g = instanceOf();
            Instruction a = all(g, HotSpotOp.ALLOCATE_INSTANCE_OF).findFirst().orElseThrow();
            Value mirror = a.input(In.OBJECT);
            Block call = ((If) a.block().terminator()).trueTarget();
            assertEquals(1, AllocationExpansion.expand(g, layout));
            Verifier.verify(g);
            assertEquals(0, all(g, HotSpotOp.ALLOCATE_INSTANCE_OF).count());
            assertTrue(call.isCold(), "the call is in a cold block");
            assertTrue(call.instructions().stream().anyMatch(i -> i.op() == HotSpotOp.CALL), () -> text(g));
            Value[] tested = classTests(g, layout, call, mirror);
            Instruction klass = (Instruction) tested[0];
            Instruction objectAt = all(g, HotSpotOp.OBJECT_AT).findFirst().orElseThrow();
            Instruction obj = op(objectAt.input(In.X), HotSpotOp.READ);
            assertEquals(layout.tlabTopOffset(), access(obj).displacement());
            Instruction top = obj.users().stream().filter(u -> u instanceof Instruction i && i.op() == Op.ADD && i.input(0) == obj).map(u -> (Instruction) u)
                            .findFirst().orElseThrow();
            assertSame(tested[1], op(top.input(1), Op.I2L).input(0), "the size is the layout helper's");
            If full = (If) top.block().terminator();
            assertEquals(Condition.GT, full.condition());
            assertSame(top, full.x());
            assertSame(call, full.trueTarget(), "a full buffer goes to the call");
            assertEquals(layout.tlabEndOffset(), access(op(full.y(), HotSpotOp.READ)).displacement());
            assertEquals(6, call.predecessors().size(), () -> "the mirror's null test, the four class tests and the buffer's: " + text(g));
            assertTrue(g.blocks().stream().map(Block::terminator).noneMatch(t -> t instanceof If f && f.y() instanceof Constant c && c.kind() == JavaKind.Object
                            && c.isNull() && f.x() == objectAt), () -> "no null test on the new object: " + text(g));
            // The header.
            List<Instruction> writes = all(g, HotSpotOp.WRITE).filter(w -> w.input(In.BASE) == obj).toList();
            Instruction mark = writes.stream().filter(w -> access(w).displacement() == 0).findFirst().orElseThrow();
            assertSame(klass, op(mark.input(In.VALUE), HotSpotOp.READ).input(In.BASE));
            assertEquals(layout.prototypeHeaderOffset(), access(op(mark.input(In.VALUE), HotSpotOp.READ)).displacement());
            List<Instruction> klassWrites = writes.stream().filter(w -> access(w).displacement() == layout.klassOffset() && !(w.input(In.VALUE) instanceof Constant))
                            .toList();
            if (layout.compactHeaders()) {
                assertEquals(List.of(), klassWrites);
            } else if (layout.compressedClassPointers()) {
                Instruction narrow = op(klassWrites.get(0).input(In.VALUE), Op.L2I);
                Instruction shift = op(narrow.input(0), Op.USHR);
                assertConstant(CLASSES.narrowKlassShift(), shift.input(1));
                Instruction minus = op(shift.input(0), Op.SUB);
                assertSame(klass, minus.input(0));
                assertConstant(CLASSES.narrowKlassBase(), minus.input(1));
                assertEquals(JavaKind.Int, access(klassWrites.get(0)).kind());
            } else {
                assertSame(klass, klassWrites.get(0).input(In.VALUE));
                assertEquals(JavaKind.Long, access(klassWrites.get(0)).kind());
            }
            // The zeros: an int where the header ends at 12, then the loop from the next 8 bytes up to top.
            int start = layout.headerSize();
            List<Instruction> gap = writes.stream().filter(w -> w.input(In.VALUE) instanceof Constant && access(w).displacement() == 12).toList();
            assertEquals(start % 8 == 4 ? 1 : 0, gap.size(), () -> text(g));
            start = (start + 7) & -8;
            Phi p = g.blocks().stream().flatMap(b -> b.phis().stream()).filter(f -> f.kind() == JavaKind.Long).findFirst()
                            .orElseThrow(() -> new AssertionError("no zeroing loop: " + text(g)));
            assertSame(obj, op(p.operand(0), Op.ADD).input(0));
            assertConstant(start, op(p.operand(0), Op.ADD).input(1));
            If loopTest = (If) p.block().terminator();
            assertEquals(Condition.GE, loopTest.condition());
            assertSame(top, loopTest.y());
            Instruction barrier = objectAt.block().instructions().get(objectAt.block().instructions().indexOf(objectAt) - 1);
            assertEquals(HotSpotOp.MEMBAR, barrier.op());
            assertEquals(MemoryBarriers.STORE_STORE, (int) barrier.attribute(Integer.class));
            // The object reaches the call's join.
            assertTrue(objectAt.users().stream().anyMatch(u -> u instanceof Phi f && f.operandCount() == 2), () -> text(g));
        }
    }

    /**
     * An {@link HotSpotOp#ALLOCATE_INSTANCE_OF} whose answer is not branched on as {@link InstanceAllocations}
     * branches (here: tested with {@code !=}): the failing tests give null, merged with the object.
     */
    @Test
    void allocateInstanceNotBranchedOnGivesNullInAPhi() {
        Graph g = instanceOf();
        Instruction a = all(g, HotSpotOp.ALLOCATE_INSTANCE_OF).findFirst().orElseThrow();
        Value mirror = a.input(In.OBJECT);
        If test = (If) a.block().terminator();
        Block call = test.trueTarget();
        a.block().replaceTerminator(new If(test.bci(), Condition.NE, a, g.nullConstant(), test.falseTarget(), call));
        assertEquals(1, AllocationExpansion.expand(g, COMPRESSED));
        Verifier.verify(g);
        Instruction objectAt = all(g, HotSpotOp.OBJECT_AT).findFirst().orElseThrow();
        Phi joined = objectAt.users().stream().filter(u -> u instanceof Phi).map(u -> (Phi) u).filter(f -> f.operandCount() == 2 && f.operand(1) instanceof Constant)
                        .findFirst().orElseThrow(() -> new AssertionError(text(g)));
        assertTrue(((Constant) joined.operand(1)).isNull());
        If kept = (If) joined.block().terminator();
        assertEquals(Condition.NE, kept.condition());
        assertSame(joined, kept.x());
        assertEquals(2, call.predecessors().size(), "the mirror's null test and the kept test go to the call, the class's tests to the join");
        classTests(g, COMPRESSED, joined.block().predecessors().get(1), mirror);
    }
}
