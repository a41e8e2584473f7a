package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;
import org.ssajit.hotspot.ir.VmEntry;

import jdk.vm.ci.meta.JavaKind;

/**
 * A step of the lowering: {@code Object.<init>}'s finalizer registration ({@link Op#REGISTER_FINALIZER})
 * written once, as ordinary IR, for every target (docs/HOTSPOT-NOTES.md, "Finalizers"; the
 * interpreter's {@code _return_register_finalizer}):
 *
 * <pre>
 *   k = klass(object)                                     {@link ClassWords}
 *   if ((byte [k + Klass::_misc_flags] &amp; KlassFlags::_misc_has_finalizer) != 0) goto register
 *   ...what followed
 * register:                                               cold
 *   vmcall register_finalizer(object)                     with the registration's state, before the return
 *   goto what followed
 * </pre>
 *
 * The flags byte is read sign-extended: the bit tested is one of its low 8. The call deoptimizes to its
 * state if the VM fails (out of memory), where the interpreter's return registers again or throws.
 * Runs with the other expansions, when no block has exception edges left.
 */
final class FinalizerExpansion {
    private FinalizerExpansion() {
    }

    /** Expands every finalizer registration of {@code g} with {@code c}'s layout; returns how many. */
    static int expand(Graph g, HotSpotVmConfig c) {
        if (!g.mayContain(Op.REGISTER_FINALIZER)) {
            return 0;
        }
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            List<Instruction> registrations = b.instructionsWhere(i -> i.op() == Op.REGISTER_FINALIZER);
            // Last first: each split moves only what follows a registration.
            for (int k = registrations.size() - 1; k >= 0; k--) {
                expand(g, c, registrations.get(k));
                n++;
            }
        }
        return n;
    }

    private static void expand(Graph g, HotSpotVmConfig c, Instruction r) {
        Block b = r.block();
        if (!b.handlers().isEmpty()) {
            throw new IllegalStateException(b + " still has exception edges when its finalizer registrations are expanded");
        }
        int bci = r.bci();
        Value object = r.input(Op.In.OBJECT);
        FrameState state = r.takeState();
        Block rest = g.newBlock(bci);
        b.moveInstructionsAfter(r, rest);
        b.moveTerminator(rest);
        for (Block s : rest.terminator().targets()) {
            s.replacePredecessor(b, rest);
        }
        Block register = g.newBlock(bci);
        register.setCold();
        Instruction call = new Instruction(g, HotSpotOp.VM_CALL, JavaKind.Void, VmEntry.REGISTER_FINALIZER, bci, object);
        call.setState(state);
        register.append(call);
        register.setTerminator(new Goto(bci, rest));

        Value klass = ClassWords.klass(g, c, b, bci, object);
        Instruction flags = new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Byte, c.klassMiscFlagsOffset, 0, false), bci, klass);
        b.insertAtEnd(flags);
        Instruction bit = new Instruction(g, Op.AND, JavaKind.Int, null, bci, flags, g.intConstant(c.klassMiscHasFinalizer));
        b.insertAtEnd(bit);
        b.removeInstruction(r);
        b.setTerminator(new If(bci, Condition.NE, bit, g.intConstant(0), register, rest));
        register.addPredecessor(b);
        rest.addPredecessor(b);
        rest.addPredecessor(register);
    }
}
