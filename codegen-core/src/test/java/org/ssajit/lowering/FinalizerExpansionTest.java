package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.lowering.LoweredGraphs.access;
import static org.ssajit.lowering.LoweredGraphs.all;
import static org.ssajit.lowering.LoweredGraphs.assertConstant;
import static org.ssajit.lowering.LoweredGraphs.op;
import static org.ssajit.lowering.LoweredGraphs.text;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Return;
import org.ssajit.ir.Value;
import org.ssajit.hotspot.ir.VmEntry;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;

/**
 * {@code Object.<init>}'s finalizer registration expanded as IR ({@link FinalizerExpansion}) in the
 * host's header layout: the class word read from the receiver, its misc flags byte tested against the
 * has-finalizer bit, the VM's call in a cold block with the registration's state, and what followed
 * (the return) reached either way. That finalizable objects are registered, and only they, is tested end
 * to end (jvmci-plugin's CompiledAllocationTest.objectConstructorRegistersFinalizers).
 */
class FinalizerExpansionTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();

    /** {@code Object.<init>}, lowered without the last expansions. */
    static Graph objectInit() throws NoSuchMethodException {
        Graph g = Jvmci.build(Jvmci.method(Object.class.getConstructor()), BuildOptions.DEFAULT).graph();
        HotSpotLowering lowering = HotSpotLowering.host(false);
        lowering.lower(g, lowering.options().get(LoweringOptions.COMPILED_HANDLERS), false);
        assertEquals(1, all(g, Op.REGISTER_FINALIZER).count(), () -> text(g));
        return g;
    }

    /** The class word's computation back to the object it reads, in the host's layout. */
    static void assertClassOf(Value klass, Value object) {
        if (!C.useCompressedClassPointers) {
            Instruction r = op(klass, HotSpotOp.READ);
            assertEquals(C.oopKlassOffset, access(r).displacement());
            assertSame(object, r.input(In.BASE));
            return;
        }
        Instruction narrow = op(op(klass, HotSpotOp.UNCOMPRESS).input(In.X), C.useCompactObjectHeaders ? Op.L2I : HotSpotOp.READ);
        Instruction word = C.useCompactObjectHeaders ? op(op(narrow.input(0), Op.USHR).input(0), HotSpotOp.READ) : narrow;
        assertEquals(C.useCompactObjectHeaders ? C.markOffset : C.oopKlassOffset, access(word).displacement());
        assertSame(object, word.input(In.BASE));
    }

    @Test
    void theFlagIsTestedInlineAndTheVmCalledInAColdBlock() throws Exception {
        Graph g = objectInit();
        Instruction r = all(g, Op.REGISTER_FINALIZER).findFirst().orElseThrow();
        Value receiver = r.input(In.OBJECT);
        org.ssajit.ir.FrameState state = r.state();
        assertEquals(1, FinalizerExpansion.expand(g, C));
        Verifier.verify(g);
        assertEquals(0, all(g, Op.REGISTER_FINALIZER).count());
        List<Instruction> calls = all(g, HotSpotOp.VM_CALL).toList();
        assertEquals(1, calls.size(), () -> text(g));
        Instruction call = calls.get(0);
        assertEquals(VmEntry.REGISTER_FINALIZER, call.attribute());
        assertSame(receiver, call.input(0));
        assertEquals(JavaKind.Void, call.kind());
        assertSame(state, call.state(), "the registration's state, before the return");
        Block register = call.block();
        assertTrue(register.isCold(), "the VM's call is in a cold block");
        assertEquals(1, register.predecessors().size());
        If test = (If) register.predecessors().get(0).terminator();
        assertSame(register, test.trueTarget());
        assertEquals(Condition.NE, test.condition());
        assertConstant(0, test.y());
        Instruction bit = op(test.x(), Op.AND);
        assertConstant(C.klassMiscHasFinalizer, bit.input(1));
        Instruction flags = op(bit.input(0), HotSpotOp.READ);
        assertEquals(JavaKind.Byte, access(flags).kind());
        assertEquals(C.klassMiscFlagsOffset, access(flags).displacement());
        assertClassOf(flags.input(In.BASE), receiver);
        Block rest = ((Goto) register.terminator()).target();
        assertSame(rest, test.falseTarget(), "no finalizer: straight on");
        assertTrue(rest.terminator() instanceof Return, () -> text(g));
        assertFalse(test.block().isCold());
    }
}
