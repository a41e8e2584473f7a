package org.ssajit.lowering;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * An object's class word as the VM's header holds it, read in IR by the expansions: with compact object
 * headers the narrow class is the mark word's upper bits ({@code mark >>> markWord::klass_shift}),
 * with compressed class pointers the 32-bit word at {@code oopDesc::klass_offset}, each decoded
 * ({@link NarrowEncoding#ofKlass}); without them the 64-bit {@code Klass*} there. The reads cannot fail:
 * the object is not null.
 */
final class ClassWords {
    private ClassWords() {
    }

    /** The {@code Klass*} of the non-null {@code object}, computed at the end of {@code at}. */
    static Value klass(Graph g, HotSpotVmConfig c, Block at, int bci, Value object) {
        if (!c.useCompressedClassPointers) {
            return add(at, new Instruction(g, HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, c.oopKlassOffset, 0, false), bci, object));
        }
        return add(at, new Instruction(g, HotSpotOp.UNCOMPRESS, JavaKind.Long, NarrowEncoding.ofKlass(c.narrowKlassBase, c.narrowKlassShift), bci,
                        narrowKlass(g, c, at, bci, object)));
    }

    /** The narrow class pointer of the non-null {@code object} (compressed class pointers only), computed at the end of {@code at}. */
    static Value narrowKlass(Graph g, HotSpotVmConfig c, Block at, int bci, Value object) {
        if (c.useCompactObjectHeaders) {
            Instruction mark = add(at, new Instruction(g, HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, c.markOffset, 0, false), bci, object));
            Instruction shifted = add(at, new Instruction(g, Op.USHR, JavaKind.Long, null, bci, mark, g.intConstant(c.markWordKlassShift)));
            return add(at, new Instruction(g, Op.L2I, JavaKind.Int, null, bci, shifted));
        }
        return add(at, new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Int, c.oopKlassOffset, 0, false), bci, object));
    }

    private static Instruction add(Block at, Instruction i) {
        at.insertAtEnd(i);
        return i;
    }
}
