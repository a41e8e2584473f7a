package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;

/**
 * The card-table post-barrier of Serial and Parallel expanded as IR ({@link BarrierExpansion}): the
 * card's address computed from the stored-to address as words, the dirty byte written after the
 * reference store, and with {@code UseCondCardMark} a read and a branch around the write. Lowered for
 * Serial whatever collector runs the test; the card tables are made up (their values only have to
 * come out where they belong). That the marks keep objects alive is tested end to end under Serial
 * and Parallel with heap verification (jvmci-plugin's CompiledReferenceStoresTest in
 * CompiledGcMatrixTest and EndToEndGcMatrixTest).
 */
class BarrierExpansionTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    static final BarrierExpansion.CardTable PLAIN = new BarrierExpansion.CardTable(0x7f00_1234_5000L, 9, 0, false);
    static final BarrierExpansion.CardTable CONDITIONAL = new BarrierExpansion.CardTable(0x7f00_1234_5000L, 10, 0, true);

    static final class Holder {
        Object field;
        static Object staticField;
    }

    static {
        Holder.staticField = "initialized"; // a static store into an uninitialized class would deoptimize
    }

    static void field(Holder h, Object v) {
        h.field = v;
    }

    static void element(Object[] a, int i, String v) {
        a[i] = v;
    }

    static void staticField(Object v) {
        Holder.staticField = v;
    }

    static void nullStore(Holder h) {
        h.field = null;
    }

    /** Lowered for Serial with every expansion but the card marks', then the card marks expanded with {@code cards}. */
    static Graph lowered(String name, BarrierExpansion.CardTable cards) {
        Graph g = Jvmci.graph(BarrierExpansionTest.class, name);
        var b = jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        HotSpotLowering lowering = new HotSpotLowering(C, b.getMetaAccess(), b.getConstantReflection(), OptionValues.DEFAULTS, C.gcSerial);
        lowering.lower(g, lowering.options().get(LoweringOptions.COMPILED_HANDLERS), false);
        long before = all(g).filter(i -> i.op() == HotSpotOp.POST_BARRIER).count();
        assertTrue(all(g).filter(i -> i.op() == HotSpotOp.POST_BARRIER).allMatch(i -> i.attribute(GcBarrier.class).kind() == GcBarrier.Kind.CARD_TABLE));
        assertEquals(before, BarrierExpansion.expand(g, cards));
        Verifier.verify(g);
        return g;
    }

    static Stream<Instruction> all(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream());
    }

    static String text(Graph g) {
        return new IrPrinter(true).print(g);
    }

    /** The reference store (a write of an object), and the card's write (a byte at a word). */
    static Instruction referenceWrite(Graph g) {
        return all(g).filter(i -> i.op() == HotSpotOp.WRITE && i.attribute(Access.class).kind() == JavaKind.Object).findFirst().orElseThrow(() -> new AssertionError(text(g)));
    }

    static List<Instruction> cardWrites(Graph g) {
        return all(g).filter(i -> i.op() == HotSpotOp.WRITE && i.attribute(Access.class).kind() == JavaKind.Byte).toList();
    }

    static Instruction op(Value v, Operation op) {
        assertTrue(v instanceof Instruction i && i.op() == op, () -> "expected " + op + ": " + v);
        return (Instruction) v;
    }

    static void assertConstant(long expected, Value v) {
        assertTrue(v instanceof Constant, () -> "not a constant: " + v);
        Constant k = (Constant) v;
        assertEquals(expected, k.kind() == JavaKind.Long ? k.asLong() : k.asInt(), () -> "constant " + k);
    }

    /**
     * The card of a store's address: {@code ((addressof(base) [+ (i2l(index) << log2 scale)] +
     * displacement) >>> shift) + base}, where {@code base}, {@code index} and the access are the
     * reference store's; returns the {@code addressof}.
     */
    static Instruction assertCardOf(Instruction store, Value card, BarrierExpansion.CardTable cards) {
        Access a = store.attribute(Access.class);
        Instruction sum = op(card, Op.ADD);
        assertConstant(cards.base(), sum.input(1));
        Instruction shift = op(sum.input(0), Op.USHR);
        assertConstant(cards.shift(), shift.input(1));
        Value address = shift.input(0);
        Instruction displaced = op(address, Op.ADD);
        assertConstant(a.displacement(), displaced.input(1));
        address = displaced.input(0);
        Value index = store.input(In.INDEX);
        if (index != null) {
            Instruction indexed = op(address, Op.ADD);
            Instruction scaled = op(indexed.input(1), Op.SHL);
            assertConstant(Integer.numberOfTrailingZeros(a.scale()), scaled.input(1));
            assertSame(index, op(scaled.input(0), Op.I2L).input(0));
            address = indexed.input(0);
        }
        Instruction addressOf = op(address, HotSpotOp.ADDRESS_OF);
        assertSame(store.input(In.BASE), addressOf.input(0));
        assertEquals(JavaKind.Long, addressOf.kind());
        return addressOf;
    }

    /** Field, element and static stores: after the reference store, the dirty value written to the store's card, nothing left of the macro-op. */
    @Test
    void aCardMarkIsTheCardsAddressAndAByteStore() {
        for (String m : List.of("field", "element", "staticField")) {
            Graph g = lowered(m, PLAIN);
            assertTrue(all(g).noneMatch(i -> i.op() == HotSpotOp.POST_BARRIER), () -> m + "\n" + text(g));
            Instruction store = referenceWrite(g);
            List<Instruction> marks = cardWrites(g);
            assertEquals(1, marks.size(), () -> m + "\n" + text(g));
            Instruction mark = marks.get(0);
            assertConstant(PLAIN.dirty(), mark.input(In.VALUE));
            assertEquals(0, mark.attribute(Access.class).displacement());
            Instruction addressOf = assertCardOf(store, mark.input(In.BASE), PLAIN);
            // In order, in the store's block: the store, then its card (nothing with a state in between).
            List<Instruction> code = store.block().instructions();
            assertSame(store.block(), mark.block(), () -> m + "\n" + text(g));
            assertTrue(code.indexOf(store) < code.indexOf(addressOf) && code.indexOf(addressOf) < code.indexOf(mark), () -> m + "\n" + text(g));
            for (Instruction i : code.subList(code.indexOf(addressOf), code.indexOf(mark))) {
                assertEquals(null, i.state(), () -> m + ": a state between the address and its card's write\n" + text(g));
            }
        }
    }

    /** A null stored needs no card (no new reference to remember). */
    @Test
    void aNullStoreMarksNoCard() {
        Graph g = lowered("nullStore", PLAIN);
        assertEquals(0, cardWrites(g).size(), () -> text(g));
    }

    /**
     * {@code -XX:+UseCondCardMark}: the card read (a byte) and compared with the dirty value; equal goes
     * on past the write, else a block of its own writes it and goes on to the same place.
     */
    @Test
    void aConditionalCardMarkTestsTheCardFirst() {
        for (String m : List.of("field", "element")) {
            Graph g = lowered(m, CONDITIONAL);
            Instruction store = referenceWrite(g);
            List<Instruction> marks = cardWrites(g);
            assertEquals(1, marks.size(), () -> m + "\n" + text(g));
            Instruction mark = marks.get(0);
            Block markBlock = mark.block();
            assertEquals(List.of(mark), markBlock.instructions(), () -> m + "\n" + text(g));
            assertEquals(1, markBlock.predecessors().size());
            Block at = markBlock.predecessors().get(0);
            assertSame(store.block(), at, () -> m + "\n" + text(g));
            If test = (If) at.terminator();
            assertEquals(Condition.EQ, test.condition());
            assertSame(markBlock, test.falseTarget());
            assertSame(((Goto) markBlock.terminator()).target(), test.trueTarget(), () -> m + "\n" + text(g));
            Instruction old = op(test.x(), HotSpotOp.READ);
            assertEquals(JavaKind.Byte, old.attribute(Access.class).kind());
            assertSame(mark.input(In.BASE), old.input(In.BASE));
            assertConstant((byte) CONDITIONAL.dirty(), test.y());
            assertCardOf(store, mark.input(In.BASE), CONDITIONAL);
        }
    }
}
