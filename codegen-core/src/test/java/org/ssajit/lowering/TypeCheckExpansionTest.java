package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.lowering.LoweredGraphs.all;
import static org.ssajit.lowering.LoweredGraphs.text;

import java.util.List;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Throw;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.hotspot.HotSpotResolvedObjectType;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;

/**
 * The subtype check expanded as IR ({@link TypeCheckExpansion}), in this VM's header layout: which
 * class words are read and compared, where the answer goes (a branch's targets, a guard's trap, a
 * phi), the secondary supers as a loop of the graph, and a polling branch's safepoint kept. What the
 * code computes is compared with the interpreter end to end (jvmci-plugin's CompiledTypeChecksTest,
 * CompiledReferenceStoresTest, also under other header layouts).
 */
class TypeCheckExpansionTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();

    static int exactBranch(Object o) {
        return o instanceof String ? 7 : 3;
    }

    static int primaryBranch(Object o) {
        if (o instanceof Number) {
            return 1;
        }
        return 2;
    }

    static int interfaceBranch(Object o) {
        if (o instanceof Runnable) {
            return 1;
        }
        return 2;
    }

    static boolean materialized(Object o) {
        return o instanceof CharSequence;
    }

    static String cast(Object o) {
        return (String) o;
    }

    static CharSequence castInterface(Object o) {
        return (CharSequence) o;
    }

    static void store(Object[] a, Object v) {
        a[0] = v;
    }

    /** Stores the lowering proves: into an exact Object[], a constant of the element class, a constant implementing the element interface. */
    static Object[] provenStores(Object o) {
        Object[] any = {o, "a"};
        String[] strings = {"b", "c"};
        CharSequence[] chars = {"d"};
        return new Object[] {any, strings, chars};
    }

    /** Not proven: a string constant into what is an Integer[] (the interpreter throws ArrayStoreException); any object into a String[]. */
    static void unprovenStores(Object o) {
        Object[] integers = new Integer[1];
        integers[0] = "e";
        Object[] strings = new String[1];
        strings[0] = o;
    }

    /** Class.isInstance of a class known only when the code runs. */
    static boolean dynamicInstance(Class<?> c, Object o) {
        return c.isInstance(o);
    }

    /** The loop's backward branch is the instanceof's: it polls. */
    static int chase(Object[] a) {
        int i = 0;
        do {
            i++;
        } while (i < a.length && a[i] instanceof Runnable);
        return i;
    }

    static Graph lowered(String name, boolean expand) {
        Graph g = Jvmci.graph(TypeCheckExpansionTest.class, name);
        HotSpotLowering lowering = HotSpotLowering.host(false);
        lowering.lower(g, lowering.options().get(LoweringOptions.COMPILED_HANDLERS), expand);
        Verifier.verify(g);
        return g;
    }

    static Graph lowered(String name) {
        return lowered(name, true);
    }

    static List<Instruction> reads(Graph g) {
        return all(g).filter(i -> i.op() == HotSpotOp.READ).toList();
    }

    /**
     * The displacements of the reads of class words: reads at a word base that is not computed from
     * the thread or an object's address (a collector's barrier reads those: G1's queues and cards).
     */
    static List<Integer> wordDisplacements(Graph g) {
        return reads(g).stream().filter(r -> r.input(Op.In.BASE).kind() == JavaKind.Long && !fromThreadOrObject(r.input(Op.In.BASE)))
                        .map(r -> r.attribute(Access.class).displacement()).toList();
    }

    private static boolean fromThreadOrObject(org.ssajit.ir.Value v) {
        if (!(v instanceof Instruction i)) {
            return false;
        }
        if (i.op() == HotSpotOp.THREAD || i.op() == HotSpotOp.ADDRESS_OF) {
            return true;
        }
        return i.op() instanceof Op op && switch (op) {
            case ADD, SUB, SHL, USHR, I2L -> java.util.stream.IntStream.range(0, i.inputCount()).anyMatch(k -> fromThreadOrObject(i.input(k)));
            default -> false;
        };
    }

    static List<Instruction> metadata(Graph g) {
        return all(g).filter(i -> i.op() == HotSpotOp.METADATA).toList();
    }

    /** Nothing of the macro-ops is left, and no guard: every answer went to branches (or a phi). */
    @Test
    void noTypeTestStoreCheckOrGuardIsLeft() {
        for (String m : List.of("exactBranch", "primaryBranch", "interfaceBranch", "materialized", "cast", "castInterface", "store", "chase", "dynamicInstance")) {
            Graph g = lowered(m);
            assertTrue(all(g).noneMatch(i -> i.op() == HotSpotOp.TYPE_TEST || i.op() == HotSpotOp.STORE_CHECK || i.op() == HotSpotOp.CLASS_TEST || i.op() == HotSpotOp.GUARD), () -> m + "\n" + text(g));
        }
    }

    /**
     * A final class: one compare of the object's class with it; with compressed class pointers the
     * narrow ones (the header's word against a narrow constant, nothing decoded), else the pointers.
     * Branched on: no 0/1 materialized (the result phi merges 7 and 3).
     */
    @Test
    void anExactTestIsOneCompareOfClasses() {
        Graph g = lowered("exactBranch");
        List<Instruction> meta = metadata(g);
        assertEquals(1, meta.size(), () -> text(g));
        HotSpotMetaspaceConstant hub = meta.get(0).attribute(HotSpotMetaspaceConstant.class);
        assertEquals("java.lang.String", hub.asResolvedJavaType().toJavaName());
        assertEquals(C.useCompressedClassPointers, hub.isCompressed());
        assertEquals(C.useCompressedClassPointers ? JavaKind.Int : JavaKind.Long, meta.get(0).kind());
        assertTrue(all(g).noneMatch(i -> i.op() == HotSpotOp.UNCOMPRESS && i.kind() == JavaKind.Long), () -> text(g));
        If compare = (If) meta.get(0).users().stream().filter(u -> u instanceof If).findFirst().orElseThrow();
        Instruction header = (Instruction) compare.x();
        if (C.useCompactObjectHeaders) {
            assertEquals(Op.L2I, header.op(), () -> text(g));
        } else {
            assertEquals(HotSpotOp.READ, header.op(), () -> text(g));
            assertEquals(C.oopKlassOffset, header.attribute(Access.class).displacement());
        }
        assertEquals(1, all(g).filter(i -> i.op() == HotSpotOp.READ).count(), () -> text(g));
        assertTrue(g.loops().loops().isEmpty(), () -> text(g));
        assertFalse(hasZeroOnePhi(g), () -> text(g));
    }

    /** A class within the display: T against S's word at T's super check offset, read from the class word. */
    @Test
    void aPrimarySuperIsOneCompareAtItsDisplaySlot() {
        Graph g = lowered("primaryBranch");
        int offset = ((HotSpotResolvedObjectType) Jvmci.PROVIDERS.metaAccess().lookupJavaType(Number.class)).superCheckOffset();
        assertEquals(List.of(offset), wordDisplacements(g), () -> text(g));
        assertTrue(g.loops().loops().isEmpty(), () -> text(g));
    }

    /**
     * An interface: S itself, the secondary-super cache, then the secondary supers scanned in a loop
     * of the graph (its header's index phi counts from 0), T's offset not read (known at compile time).
     */
    @Test
    void anInterfaceGoesThroughTheCacheAndTheSecondarySupers() {
        Graph g = lowered("interfaceBranch");
        assertEquals(List.of(C.klassSecondarySuperCacheOffset, C.klassSecondarySupersOffset, C.klassArrayLengthOffset, C.klassArrayDataOffset),
                        wordDisplacements(g), () -> text(g));
        Instruction element = reads(g).stream().filter(r -> r.attribute(Access.class).scale() == 8).findFirst().orElseThrow();
        assertEquals(1, g.loops().loops().size(), () -> text(g));
        Block header = g.loops().loops().get(0).header();
        Phi index = header.phis().get(0);
        assertEquals(index, element.input(Op.In.INDEX));
        assertTrue(index.operand(0) instanceof Constant zero && zero.asInt() == 0, () -> text(g));
        assertTrue(reads(g).stream().noneMatch(r -> r.attribute(Access.class).displacement() == C.klassSuperCheckOffsetOffset && r.kind() == JavaKind.Int),
                        () -> text(g));
    }

    /** A test used as a value: 1 and 0 merged in a phi. */
    @Test
    void aTestUsedAsAValueIsAPhiOfOneAndZero() {
        Graph g = lowered("materialized");
        assertTrue(hasZeroOnePhi(g), () -> text(g));
    }

    /**
     * A checkcast: the failing side of each compare goes to one block that deoptimizes with the
     * guard's reason and state, and nothing else; null passes straight to the rest.
     */
    @Test
    void aFailedCastDeoptimizesInABlockOfItsOwn() {
        for (String m : List.of("cast", "castInterface")) {
            Graph g = lowered(m);
            List<Block> traps = g.blocks().stream().filter(b -> b.instructions().size() == 1 && b.instructions().get(0).op() == HotSpotOp.DEOPTIMIZE).toList();
            assertEquals(1, traps.size(), () -> text(g));
            Instruction d = traps.get(0).instructions().get(0);
            assertEquals(DeoptimizationReason.ClassCastException, d.attribute(Deopt.class).reason());
            assertEquals(1, d.state().bci());
            assertTrue(traps.get(0).terminator() instanceof Throw, () -> text(g));
            // Reached from one place: the exact compare, or the scan that found no secondary super.
            assertEquals(1, traps.get(0).predecessors().size(), () -> text(g));
        }
    }

    /**
     * aastore: the value's class against the element class of the array's, whose super check offset
     * is read at run time: the word there, then whether it was the cache's, then the secondary supers.
     */
    @Test
    void theStoreCheckReadsTheElementClassAndItsOffset() {
        Graph g = lowered("store");
        List<Integer> words = wordDisplacements(g);
        assertEquals(List.of(C.objArrayElementKlassOffset, C.klassSuperCheckOffsetOffset, 0, C.klassSecondarySupersOffset, C.klassArrayLengthOffset,
                        C.klassArrayDataOffset), words, () -> text(g));
        If cacheTest = g.blocks().stream().map(Block::terminator).filter(t -> t instanceof If f && f.y() instanceof Constant k && k.kind() == JavaKind.Int
                        && k.asInt() == C.klassSecondarySuperCacheOffset).map(t -> (If) t).findFirst().orElseThrow();
        assertEquals(org.ssajit.ir.Condition.NE, cacheTest.condition());
        assertTrue(g.blocks().stream().anyMatch(b -> b.instructions().size() == 1 && b.instructions().get(0).op() == HotSpotOp.DEOPTIMIZE
                        && b.instructions().get(0).attribute(Deopt.class).reason() == DeoptimizationReason.ArrayStoreException), () -> text(g));
        assertEquals(1, g.loops().loops().size(), () -> text(g));
    }

    /**
     * A loop's backward branch on a type test polls, and its state holds the test's value (the ifne's
     * operand): the answer is a phi the branch still tests, with its poll (one poll, as before).
     */
    @Test
    void aPollingBranchKeepsItsSafepoint() {
        Graph before = lowered("chase", false);
        Graph after = lowered("chase", true);
        assertEquals(1, polls(before), () -> text(before));
        assertEquals(1, polls(after), () -> text(after));
        If poll = (If) after.blocks().stream().map(Block::terminator).filter(t -> t.isSafepoint()).findFirst().orElseThrow();
        assertTrue(poll.x() instanceof Phi p && p.block() == poll.block() && hasZeroOnePhi(after), () -> text(after));
    }

    /**
     * An aastore needs no store check where the array's class is exactly known and its element type
     * is Object, or the value's class is known to be a subtype of it (a constant's); elsewhere it keeps one.
     */
    @Test
    void storeChecksTheStampsOrConstantsProveAreLeftOut() {
        Graph proven = lowered("provenStores", false);
        assertEquals(0, all(proven).filter(i -> i.op() == HotSpotOp.STORE_CHECK).count(), () -> text(proven));
        Graph unproven = lowered("unprovenStores", false);
        assertEquals(2, all(unproven).filter(i -> i.op() == HotSpotOp.STORE_CHECK).count(), () -> text(unproven));
    }

    /**
     * {@code Class.isInstance} of a class known only when the code runs calls nothing: its receiver's
     * null check, then the class pointer read from the mirror ({@code java_lang_Class::_klass_offset};
     * 0, a primitive type's, fails) tested as a store check tests the element class, through its super
     * check offset read from the class. What the code answers is compared with the interpreter in
     * jvmci-plugin's language corpus ({@code typeIsInstanceDynamic}, {@code typeIsInstanceOfAnyMirror}).
     */
    @Test
    void aClassKnownOnlyAtRunTimeIsReadFromItsMirror() {
        Graph before = lowered("dynamicInstance", false);
        assertEquals(1, all(before).filter(i -> i.op() == HotSpotOp.CLASS_TEST).count(), () -> text(before));
        assertTrue(all(before).noneMatch(i -> i.op() == Op.INVOKE), () -> text(before));
        Graph after = lowered("dynamicInstance");
        assertTrue(reads(after).stream().anyMatch(r -> r.attribute(Access.class).displacement() == C.mirrorKlassOffset && r.input(Op.In.BASE).kind() == JavaKind.Object),
                        () -> text(after));
        assertTrue(reads(after).stream().anyMatch(r -> r.attribute(Access.class).displacement() == C.klassSuperCheckOffsetOffset), () -> text(after));
    }

    private static long polls(Graph g) {
        return g.blocks().stream().map(Block::terminator).filter(Objects::nonNull).filter(t -> t.isSafepoint()).count();
    }

    private static boolean hasZeroOnePhi(Graph g) {
        return g.blocks().stream().flatMap(b -> b.phis().stream()).anyMatch(p -> p.operandCount() == 2 && p.operand(0) instanceof Constant one && one.asInt() == 1
                        && p.operand(1) instanceof Constant zero && zero.asInt() == 0);
    }
}
