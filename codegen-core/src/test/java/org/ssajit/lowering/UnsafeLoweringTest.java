package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Operation;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.internal.misc.Unsafe;
import jdk.vm.ci.meta.JavaKind;

/**
 * What the lowering makes of {@code Unsafe}'s get and put ({@link Op#UNSAFE_READ}, {@link
 * Op#UNSAFE_WRITE}): a read or write of {@code object + offset} computed as a word (the offset alone
 * for a null constant), narrow oops decoded, the volatile ones between the memory model's barriers,
 * and under G1 a reference read kept alive unless its offset is a constant other than {@code
 * Reference.referent}'s. Running the code is jvmci-plugin's {@code CompiledUnsafeTest}.
 */
class UnsafeLoweringTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    static final Unsafe U = Unsafe.getUnsafe();
    static final long REFERENT = U.objectFieldOffset(java.lang.ref.Reference.class, "referent");
    static final long OTHER = REFERENT + 4;

    static int getInt(Object o, long offset) {
        return U.getInt(o, offset);
    }

    static long offHeap(long address) {
        return U.getLong(null, address);
    }

    static Object reference(Object o, long offset) {
        return U.getReference(o, offset);
    }

    static Object referenceAtOtherOffset(Object o) {
        return U.getReference(o, OTHER);
    }

    static Object referenceAtReferentOffset(Object o) {
        return U.getReference(o, REFERENT);
    }

    static void putVolatile(Object o, long offset, long v) {
        U.putLongVolatile(o, offset, v);
    }

    static int getVolatile(Object o, long offset) {
        return U.getIntVolatile(o, offset);
    }

    static boolean casInt(Object o, long offset, int expected, int v) {
        return U.compareAndSetInt(o, offset, expected, v);
    }

    static boolean casLong(Object o, long offset, long expected, long v) {
        return U.compareAndSetLong(o, offset, expected, v);
    }

    static void putReference(Object o, long offset, Object v) {
        U.putReference(o, offset, v);
    }

    static boolean casReference(Object o, long offset, Object expected, Object v) {
        return U.compareAndSetReference(o, offset, expected, v);
    }

    /** Lowered for collector {@code gc}, with the barriers not expanded yet (so they can be counted). */
    static Graph lowered(String name, int gc) {
        Graph g = Jvmci.graph(UnsafeLoweringTest.class, name);
        assertTrue(all(g, Op.UNSAFE_READ).size() + all(g, Op.UNSAFE_WRITE).size() + all(g, Op.UNSAFE_CAS).size() == 1, () -> "not expanded: " + text(g));
        HotSpotLowering lowering = new HotSpotLowering(C, Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection(), OptionValues.DEFAULTS, gc);
        lowering.lower(g, true, false);
        Verifier.verify(g);
        return g;
    }

    static List<Instruction> all(Graph g, Operation op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).toList();
    }

    static String text(Graph g) {
        return new IrPrinter(true).print(g);
    }

    static Instruction only(Graph g, Operation op) {
        List<Instruction> l = all(g, op);
        assertEquals(1, l.size(), () -> op.mnemonic() + ": " + text(g));
        return l.get(0);
    }

    static {
        // The interpreter resolves the calls, as it has by the time a method is hot.
        Object[] a = {"x"};
        long base = U.arrayBaseOffset(Object[].class);
        getInt(new int[1], U.arrayBaseOffset(int[].class));
        long m = U.allocateMemory(8);
        offHeap(m);
        U.freeMemory(m);
        reference(a, base);
        referenceAtOtherOffset(new java.lang.ref.WeakReference<>(a));
        referenceAtReferentOffset(new java.lang.ref.WeakReference<>(a));
        putVolatile(new long[1], U.arrayBaseOffset(long[].class), 1);
        getVolatile(new int[1], U.arrayBaseOffset(int[].class));
        casInt(new int[1], U.arrayBaseOffset(int[].class), 0, 1);
        casLong(new long[1], U.arrayBaseOffset(long[].class), 0, 1);
        putReference(a, base, "y");
        casReference(a, base, "y", "z");
    }

    /**
     * A reference store or swap through Unsafe gets the collector's barriers at its address (the word
     * the store uses): G1's pre- and post-barrier, the card mark of Serial and Parallel; the swap is
     * of the narrow form where oops are compressed. Mutation: no barrier fails this.
     */
    @Test
    void referenceStoresAndSwapsHaveTheCollectorsBarriers() {
        for (String name : List.of("putReference", "casReference")) {
            Graph g1 = lowered(name, C.gcG1);
            Instruction pre = only(g1, HotSpotOp.PRE_BARRIER);
            Instruction post = only(g1, HotSpotOp.POST_BARRIER);
            Instruction store = name.equals("putReference") ? only(g1, HotSpotOp.WRITE) : only(g1, HotSpotOp.COMPARE_AND_SWAP);
            Value address = store.input(In.BASE);
            assertSame(Op.ADD, ((Instruction) address).op(), () -> text(g1));
            assertSame(address, pre.input(In.BASE), () -> text(g1));
            assertSame(address, post.input(In.BASE), () -> text(g1));
            List<Instruction> order = store.block().instructions();
            assertTrue(order.indexOf(pre) < order.indexOf(store) && order.indexOf(store) < order.indexOf(post), () -> text(g1));
            Graph serial = lowered(name, C.gcSerial);
            assertTrue(all(serial, HotSpotOp.PRE_BARRIER).isEmpty(), () -> text(serial));
            assertEquals(org.ssajit.hotspot.ir.GcBarrier.Kind.CARD_TABLE, only(serial, HotSpotOp.POST_BARRIER).attribute(org.ssajit.hotspot.ir.GcBarrier.class).kind());
        }
        Instruction cas = only(lowered("casReference", C.gcSerial), HotSpotOp.COMPARE_AND_SWAP);
        assertEquals(C.useCompressedOops ? JavaKind.Int : JavaKind.Long, cas.attribute(org.ssajit.hotspot.ir.AtomicUpdate.class).kind());
        assertSame(C.useCompressedOops ? HotSpotOp.COMPRESS : HotSpotOp.ADDRESS_OF, ((Instruction) cas.input(In.VALUE)).op());
    }

    /** A compare-and-set is the target's swap of the int or long at the address, acquiring and releasing. */
    @Test
    void compareAndSetIsASwapOfItsWidth() {
        for (String name : List.of("casInt", "casLong")) {
            Graph g = lowered(name, C.gcSerial);
            Instruction cas = only(g, HotSpotOp.COMPARE_AND_SWAP);
            org.ssajit.hotspot.ir.AtomicUpdate u = cas.attribute(org.ssajit.hotspot.ir.AtomicUpdate.class);
            assertEquals(name.equals("casInt") ? JavaKind.Int : JavaKind.Long, u.kind());
            assertEquals(0, u.displacement());
            assertEquals(org.ssajit.hotspot.ir.AtomicUpdate.Ordering.ACQUIRE_RELEASE, u.ordering());
            Instruction add = (Instruction) cas.input(In.BASE);
            assertSame(Op.ADD, add.op(), () -> text(g));
            assertSame(HotSpotOp.ADDRESS_OF, ((Instruction) add.input(0)).op(), () -> text(g));
            assertTrue(cas.input(In.EXPECTED) instanceof Parameter p && p.index() == 2, () -> text(g));
            assertTrue(cas.input(In.VALUE) instanceof Parameter p && p.index() == 3, () -> text(g));
        }
    }

    @Test
    void addressIsTheObjectsPlusTheOffset() {
        Graph g = lowered("getInt", C.gcSerial);
        Instruction read = only(g, HotSpotOp.READ);
        Access a = read.attribute(Access.class);
        assertEquals(JavaKind.Int, a.kind());
        assertEquals(0, a.displacement());
        assertFalse(a.isVolatile());
        assertTrue(read.state() == null, "never an implicit null check");
        Instruction add = (Instruction) read.input(In.BASE);
        assertSame(Op.ADD, add.op(), () -> text(g));
        Instruction address = (Instruction) add.input(0);
        assertSame(HotSpotOp.ADDRESS_OF, address.op(), () -> text(g));
        assertTrue(address.input(0) instanceof Parameter p && p.index() == 0, () -> text(g));
        assertTrue(add.input(1) instanceof Parameter p && p.index() == 1, () -> text(g));
        assertTrue(all(g, HotSpotOp.MEMBAR).isEmpty(), () -> text(g));
    }

    @Test
    void nullObjectIsAnAbsoluteAddress() {
        Graph g = lowered("offHeap", C.gcSerial);
        Value base = only(g, HotSpotOp.READ).input(In.BASE);
        assertTrue(base instanceof Parameter p && p.index() == 0, () -> text(g));
        assertTrue(all(g, HotSpotOp.ADDRESS_OF).isEmpty(), () -> text(g));
    }

    @Test
    void referencesAreDecodedAndKeptAliveUnderG1() {
        Graph g = lowered("reference", C.gcG1);
        Access a = only(g, HotSpotOp.READ).attribute(Access.class);
        assertEquals(C.useCompressedOops, a.narrowOop());
        assertEquals(C.useCompressedOops ? 1 : 0, all(g, HotSpotOp.UNCOMPRESS).size(), () -> text(g));
        only(g, HotSpotOp.KEEP_ALIVE);
        // An offset that may be the referent's: kept alive; a constant other offset: not.
        only(lowered("referenceAtReferentOffset", C.gcG1), HotSpotOp.KEEP_ALIVE);
        assertTrue(all(lowered("referenceAtOtherOffset", C.gcG1), HotSpotOp.KEEP_ALIVE).isEmpty());
        // Serial and Parallel never mark concurrently.
        assertTrue(all(lowered("reference", C.gcSerial), HotSpotOp.KEEP_ALIVE).isEmpty());
        assertTrue(all(lowered("reference", C.gcParallel), HotSpotOp.KEEP_ALIVE).isEmpty());
    }

    @Test
    void volatileAccessesAreOrderedAsVolatileFieldsAre() {
        Graph w = lowered("putVolatile", C.gcSerial);
        Instruction write = only(w, HotSpotOp.WRITE);
        assertTrue(write.attribute(Access.class).isVolatile());
        List<Instruction> barriers = all(w, HotSpotOp.MEMBAR);
        assertEquals(List.of(MemoryBarriers.BEFORE_VOLATILE_WRITE, MemoryBarriers.AFTER_VOLATILE_WRITE), barriers.stream().map(b -> (Integer) b.attribute()).toList(),
                        () -> text(w));
        List<Instruction> order = write.block().instructions();
        assertTrue(order.indexOf(barriers.get(0)) < order.indexOf(write) && order.indexOf(write) < order.indexOf(barriers.get(1)), () -> text(w));
        Graph r = lowered("getVolatile", C.gcSerial);
        Instruction read = only(r, HotSpotOp.READ);
        assertTrue(read.attribute(Access.class).isVolatile());
        Instruction after = only(r, HotSpotOp.MEMBAR);
        assertEquals(MemoryBarriers.AFTER_VOLATILE_READ, (int) (Integer) after.attribute());
        assertTrue(read.block().instructions().indexOf(read) < read.block().instructions().indexOf(after), () -> text(r));
    }
}
