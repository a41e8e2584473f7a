package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;

/**
 * G1's barriers expanded as IR ({@link G1BarrierExpansion}), checked path by path against the protocol
 * HotSpot's {@code G1BarrierSetAssembler} follows: the SATB pre-barrier before the reference store
 * (marking flag, the previous value, its null filter, the enqueue), the post-barrier after it
 * (cross-region filter, null filter, young card, StoreLoad fence, dirty card, the card's write and
 * enqueue) and the keep-alive barrier of {@code Reference.get}. Lowered for G1 whatever collector runs
 * the test; the VM's values are made up (each only has to come out where it belongs). That the
 * barriers keep the heap consistent is tested end to end under G1 with concurrent marking and heap
 * verification (jvmci-plugin's CompiledGcMatrixTest.referenceStoresUnderConcurrentMarking and
 * CompiledReferenceStoresTest.g1BarriersUnderConcurrentMarking).
 */
class G1BarrierExpansionTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    static final G1BarrierExpansion.G1 VM = new G1BarrierExpansion.G1(0x101, 0x108, 0x110, 0x118, 0x120, 21, 0x7f00_1234_5000L, 9, 2, 0,
                    new NarrowEncoding(C.narrowOopBase, C.narrowOopShift));

    static final class Holder {
        Object field;
    }

    static void field(Holder h, Object v) {
        h.field = v;
    }

    static void element(Object[] a, int i, Object v) {
        a[i] = v;
    }

    static void nonNull(Holder h) {
        h.field = "never null";
    }

    static void nullStore(Holder h) {
        h.field = null;
    }

    /** Lowered for G1 with every expansion but G1's, then G1's barriers expanded with {@link #VM}. */
    static Graph lowered(Class<?> c, String name) {
        Graph g = Jvmci.graph(c, name);
        var b = jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        HotSpotLowering lowering = new HotSpotLowering(C, b.getMetaAccess(), b.getConstantReflection(), OptionValues.DEFAULTS, C.gcG1);
        lowering.lower(g, lowering.options().get(LoweringOptions.COMPILED_HANDLERS), false);
        long barriers = all(g).filter(i -> i.op() == HotSpotOp.PRE_BARRIER || i.op() == HotSpotOp.POST_BARRIER || i.op() == HotSpotOp.KEEP_ALIVE).count();
        assertEquals(barriers, G1BarrierExpansion.expand(g, VM));
        assertTrue(all(g).noneMatch(i -> i.op() == HotSpotOp.PRE_BARRIER || i.op() == HotSpotOp.POST_BARRIER || i.op() == HotSpotOp.KEEP_ALIVE), () -> text(g));
        Verifier.verify(g);
        return g;
    }

    static Stream<Instruction> all(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream());
    }

    static String text(Graph g) {
        return new IrPrinter(true).print(g);
    }

    static Instruction referenceStore(Graph g) {
        return all(g).filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.BASE).kind() == JavaKind.Object).findFirst().orElseThrow(() -> new AssertionError(text(g)));
    }

    static Instruction op(Value v, Operation op, Supplier<String> graph) {
        assertTrue(v instanceof Instruction i && i.op() == op, () -> "expected " + op + ": " + v + "\n" + graph.get());
        return (Instruction) v;
    }

    static void assertConstant(long expected, Value v) {
        assertTrue(v instanceof Constant, () -> "not a constant: " + v);
        Constant k = (Constant) v;
        assertEquals(expected, k.kind() == JavaKind.Long ? k.asLong() : k.kind() == JavaKind.Object ? (k.isNull() ? 0 : -1) : k.asInt(), () -> "constant " + k);
    }

    /** A read or write at {@code [thread + displacement]} of {@code kind}, the thread made for it in its block. */
    static void assertThreadAccess(Instruction access, JavaKind kind, int displacement, Supplier<String> graph) {
        Access a = access.attribute(Access.class);
        assertEquals(kind, a.kind(), graph);
        assertEquals(displacement, a.displacement(), graph);
        Instruction t = op(access.input(In.BASE), HotSpotOp.THREAD, graph);
        assertSame(access.block(), t.block(), () -> "a thread reused across blocks\n" + graph.get());
    }

    /** {@code b} ends in {@code if (x == y)}, equal going to {@code done}; returns the other target. */
    static Block assertFilter(Block b, Block done, Supplier<String> graph) {
        If f = (If) b.terminator();
        assertEquals(Condition.EQ, f.condition(), graph);
        assertSame(done, f.trueTarget(), () -> "the filter's taken edge leaves the barrier\n" + graph.get());
        assertNotSame(done, f.falseTarget(), graph);
        return f.falseTarget();
    }

    /**
     * {@code q} ends in the enqueue of {@code entry}: the index read, 0 to the runtime call, else the
     * index less 8 written back and {@code entry} written at buffer + index; both to {@code done}.
     */
    static void assertEnqueue(Block q, Value entry, int indexOffset, int bufferOffset, RuntimeLeaf runtime, Block done, Supplier<String> graph) {
        If full = (If) q.terminator();
        assertEquals(Condition.EQ, full.condition(), graph);
        Instruction index = op(full.x(), HotSpotOp.READ, graph);
        assertThreadAccess(index, JavaKind.Long, indexOffset, graph);
        assertConstant(0, full.y());
        // Full: the runtime takes (thread, entry), keeping every register.
        List<Instruction> slow = full.trueTarget().instructions();
        Instruction call = slow.stream().filter(i -> i.op() == HotSpotOp.LEAF_CALL_SAVING).findFirst().orElseThrow(() -> new AssertionError(graph.get()));
        assertSame(runtime, call.attribute());
        op(call.input(0), HotSpotOp.THREAD, graph);
        assertSame(entry, call.input(1), graph);
        assertSame(done, ((Goto) full.trueTarget().terminator()).target(), graph);
        // Room: index -= 8 (bytes), written back; the entry at buffer + index.
        Block push = full.falseTarget();
        Instruction write = push.instructions().stream().filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.VALUE) == entry).findFirst()
                        .orElseThrow(() -> new AssertionError("no enqueue\n" + graph.get()));
        Instruction slot = op(write.input(In.BASE), Op.ADD, graph);
        assertThreadAccess(op(slot.input(0), HotSpotOp.READ, graph), JavaKind.Long, bufferOffset, graph);
        Instruction next = op(slot.input(1), Op.SUB, graph);
        assertSame(index, next.input(0), graph);
        assertConstant(8, next.input(1));
        Instruction indexWrite = push.instructions().stream().filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.VALUE) == next).findFirst()
                        .orElseThrow(() -> new AssertionError("the index is not written back\n" + graph.get()));
        assertThreadAccess(indexWrite, JavaKind.Long, indexOffset, graph);
        assertEquals(0, write.attribute(Access.class).displacement());
        assertSame(done, ((Goto) push.terminator()).target(), graph);
    }

    /**
     * The pre-barrier ending {@code b}, before {@code store}: while the marking flag is set, the slot's
     * previous value (decoded if narrow), if not null, is enqueued; every path goes on to the store.
     */
    static void assertSatb(Block b, Instruction store, Supplier<String> graph) {
        Block done = store.block();
        If marking = (If) b.terminator();
        assertThreadAccess(op(marking.x(), HotSpotOp.READ, graph), JavaKind.Byte, VM.satbActive(), graph);
        assertConstant(0, marking.y());
        Block loads = assertFilter(b, done, graph);
        If nonNull = (If) loads.terminator();
        Value previous = nonNull.x();
        Access slot = store.attribute(Access.class);
        Instruction read = slot.narrowOop() ? op(op(previous, HotSpotOp.UNCOMPRESS, graph).input(In.X), HotSpotOp.READ, graph) : op(previous, HotSpotOp.READ, graph);
        assertSame(store.input(In.BASE), read.input(In.BASE));
        assertSame(store.input(In.INDEX), read.input(In.INDEX));
        Access a = read.attribute(Access.class);
        assertEquals(slot.displacement(), a.displacement());
        assertEquals(slot.narrowOop(), a.narrowOop());
        assertEquals(JavaKind.Object, a.kind());
        assertTrue(nonNull.y() instanceof Constant k && k.isNull(), graph);
        Block enqueue = assertFilter(loads, done, graph);
        assertEnqueue(enqueue, previous, VM.satbIndex(), VM.satbBuffer(), RuntimeLeaf.G1_WRITE_BARRIER_PRE, done, graph);
    }

    /**
     * The post-barrier after {@code store}, in its block: same-region stores, null values (unless
     * proven non-null), young cards and (after a StoreLoad fence) dirty cards go on; else the card is
     * dirtied and enqueued.
     */
    static void assertPost(Instruction store, boolean nullFilter, Supplier<String> graph) {
        Block b = store.block();
        Value value = store.input(In.VALUE);
        Access slot = store.attribute(Access.class);
        If region = (If) b.terminator();
        Instruction shift = op(region.x(), Op.USHR, graph);
        assertConstant(VM.logRegionBytes(), shift.input(1));
        Instruction xor = op(shift.input(0), Op.XOR, graph);
        Instruction address = op(xor.input(0), Op.ADD, graph);
        assertConstant(slot.displacement(), address.input(1));
        Value base = address.input(0);
        if (store.input(In.INDEX) != null) {
            Instruction scaled = op(op(base, Op.ADD, graph).input(1), Op.SHL, graph);
            assertSame(store.input(In.INDEX), op(scaled.input(0), Op.I2L, graph).input(0));
            assertConstant(Integer.numberOfTrailingZeros(slot.scale()), scaled.input(1));
            base = ((Instruction) base).input(0);
        }
        assertSame(store.input(In.BASE), op(base, HotSpotOp.ADDRESS_OF, graph).input(0));
        Instruction newValue = op(xor.input(1), HotSpotOp.ADDRESS_OF, graph);
        Value stored = store.input(In.VALUE);
        assertTrue(newValue.input(0) == stored || slot.narrowOop() && stored instanceof Instruction c && c.op() == HotSpotOp.COMPRESS && c.input(In.X) == newValue.input(0),
                        () -> "the region filter does not test the stored value\n" + graph.get());
        assertConstant(0, region.y());
        Block done = region.trueTarget();
        Block cards = assertFilter(b, done, graph);
        if (nullFilter) {
            If isNull = (If) cards.terminator();
            assertSame(newValue.input(0), isNull.x(), graph);
            assertTrue(isNull.y() instanceof Constant k && k.isNull(), graph);
            cards = assertFilter(cards, done, graph);
        }
        If young = (If) cards.terminator();
        Instruction youngRead = op(young.x(), HotSpotOp.READ, graph);
        Value card = youngRead.input(In.BASE);
        Instruction cardSum = op(card, Op.ADD, graph);
        assertConstant(VM.cardTableBase(), cardSum.input(1));
        Instruction cardShift = op(cardSum.input(0), Op.USHR, graph);
        assertSame(address, cardShift.input(0), graph);
        assertConstant(VM.cardShift(), cardShift.input(1));
        assertEquals(JavaKind.Byte, youngRead.attribute(Access.class).kind());
        assertConstant((byte) VM.youngCard(), young.y());
        Block fenced = assertFilter(cards, done, graph);
        Instruction fence = fenced.instructions().get(0);
        assertEquals(HotSpotOp.MEMBAR, fence.op(), graph);
        assertEquals(MemoryBarriers.STORE_LOAD, fence.attribute());
        If dirty = (If) fenced.terminator();
        Instruction dirtyRead = op(dirty.x(), HotSpotOp.READ, graph);
        assertTrue(fenced.instructions().indexOf(fence) < fenced.instructions().indexOf(dirtyRead), graph);
        assertSame(card, dirtyRead.input(In.BASE), graph);
        assertConstant((byte) VM.dirtyCard(), dirty.y());
        Block mark = assertFilter(fenced, done, graph);
        Instruction write = mark.instructions().stream().filter(i -> i.op() == HotSpotOp.WRITE && i.input(In.BASE) == card).findFirst()
                        .orElseThrow(() -> new AssertionError("the card is not dirtied\n" + graph.get()));
        assertEquals(JavaKind.Byte, write.attribute(Access.class).kind());
        assertConstant(VM.dirtyCard(), write.input(In.VALUE));
        assertEnqueue(mark, card, VM.cardIndex(), VM.cardBuffer(), RuntimeLeaf.G1_WRITE_BARRIER_POST, done, graph);
        assertTrue(value != null);
    }

    /** The block whose terminator branches to {@code b} on the marking flag (the pre-barrier's first block). */
    static Block satbBlockBefore(Block b, Supplier<String> graph) {
        List<Block> preds = b.predecessors();
        for (Block p : preds) {
            if (p.terminator() instanceof If f && f.x() instanceof Instruction r && r.op() == HotSpotOp.READ && r.attribute(Access.class).displacement() == VM.satbActive()) {
                return p;
            }
        }
        throw new AssertionError("no SATB barrier before " + b + "\n" + graph.get());
    }

    @Test
    void aReferenceStoreHasTheSatbPreBarrierAndTheFilteredPostBarrier() {
        for (String m : List.of("field", "element")) {
            Graph g = lowered(G1BarrierExpansionTest.class, m);
            Supplier<String> graph = () -> m + "\n" + text(g);
            Instruction store = referenceStore(g);
            assertSatb(satbBlockBefore(store.block(), graph), store, graph);
            assertPost(store, true, graph);
        }
    }

    /** A value proven non-null skips the post-barrier's null filter; a null stored gets no post-barrier at all. */
    @Test
    void theNullFilterGoesWhereTheValueCannotBeNullAndTheBarrierWhereItIs() {
        Graph g = lowered(G1BarrierExpansionTest.class, "nonNull");
        Instruction store = referenceStore(g);
        assertPost(store, false, () -> text(g));
        Graph n = lowered(G1BarrierExpansionTest.class, "nullStore");
        Instruction nullStore = referenceStore(n);
        assertSatb(satbBlockBefore(nullStore.block(), () -> text(n)), nullStore, () -> text(n));
        assertTrue(nullStore.block().terminator() instanceof Goto || nullStore.block().terminator() instanceof org.ssajit.ir.Return, () -> text(n));
        assertTrue(all(n).noneMatch(i -> i.op() == HotSpotOp.MEMBAR), () -> text(n));
    }

    /** {@code Reference.get}: while marking, the referent read, if not null, is enqueued before it is returned. */
    @Test
    void aReferentReadIsKeptAlive() {
        Graph g = lowered(java.lang.ref.Reference.class, "get");
        Supplier<String> graph = () -> text(g);
        Instruction marking = all(g).filter(i -> i.op() == HotSpotOp.READ && i.attribute(Access.class).displacement() == VM.satbActive()).findFirst()
                        .orElseThrow(() -> new AssertionError(graph.get()));
        Block b = marking.block();
        If f = (If) b.terminator();
        assertSame(marking, f.x());
        Block done = f.trueTarget();
        Block notNull = assertFilter(b, done, graph);
        If isNull = (If) notNull.terminator();
        Value referent = isNull.x();
        assertTrue(isNull.y() instanceof Constant k && k.isNull(), graph);
        assertTrue(done.terminator() instanceof org.ssajit.ir.Return r && r.value() == referent, graph);
        assertEnqueue(assertFilter(notNull, done, graph), referent, VM.satbIndex(), VM.satbBuffer(), RuntimeLeaf.G1_WRITE_BARRIER_PRE, done, graph);
    }
}
