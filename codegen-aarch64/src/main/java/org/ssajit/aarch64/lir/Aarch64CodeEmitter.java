package org.ssajit.aarch64.lir;

import java.util.List;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.backend.HotSpotCodeEmitter;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.meta.VMConstant;

/**
 * What AArch64 LIR instructions emit into (codegen-core's {@link HotSpotCodeEmitter}): {@code b.cond}
 * and {@code cbz}/{@code cbnz} to a block, stack slots as sp-relative addresses, embedded oops, classes
 * and narrow classes as patched {@code movz/movk}.
 */
public final class Aarch64CodeEmitter extends HotSpotCodeEmitter<Aarch64Assembler, Aarch64FrameBuilder, Label> {
    /** HotSpot's rscratch1: never allocated; ops and moves clobber it within their own code. */
    public static final Register SCRATCH1 = AArch64.r8;
    /** HotSpot's rscratch2: never allocated; addresses of far stack slots, ops' second scratch. */
    public static final Register SCRATCH2 = AArch64.r9;

    /**
     * @param frame a frame builder whose prologue has been emitted
     * @param kinds the kinds debug info gives values ({@code DebugInfos.valueKinds} of the target)
     * @param blocks the blocks in emission order (the first one is entered from the prologue)
     */
    public Aarch64CodeEmitter(Aarch64FrameBuilder frame, MetaAccessProvider metaAccess, ValueKindFactory<LirKind> kinds, List<LirBlock> blocks) {
        super(frame, metaAccess, kinds, blocks);
    }

    @Override
    protected Label newLabel(Object name) {
        return new Label(name);
    }

    /** Goes to {@code trueTarget} if {@code cc} holds, else to {@code falseTarget}, using fall-through where it can. */
    public void branch(Condition cc, LirBlock trueTarget, LirBlock falseTarget) {
        branch((label, negated) -> asm().b(negated ? cc.negate() : cc, label), trueTarget, falseTarget);
    }

    /**
     * Goes to {@code trueTarget} if {@code r} (its low {@code size} bits) is zero ({@code zeroIsTrue})
     * or non-zero, else to {@code falseTarget}: {@code cbz}/{@code cbnz}, using fall-through where it can.
     */
    public void branchOnZero(int size, Register r, boolean zeroIsTrue, LirBlock trueTarget, LirBlock falseTarget) {
        LirBlock t = resolve(trueTarget);
        LirBlock f = resolve(falseTarget);
        if (fallsInto(t)) {
            branchOnZero(size, r, !zeroIsTrue, ownLabel(f));
        } else {
            branchOnZero(size, r, zeroIsTrue, ownLabel(t));
            if (!fallsInto(f)) {
                asm().b(ownLabel(f));
            }
        }
    }

    /**
     * Goes to {@code trueTarget} if bit {@code bit} of {@code r} is set ({@code ifSet}) or clear, else
     * to {@code falseTarget}, at any distance: the opposite {@code tbz}/{@code tbnz} over a {@code b}
     * (a test-bit branch reaches only 32 KiB), using fall-through where it can. {@code atTest} runs
     * right before the {@code tbz}/{@code tbnz} is emitted (a relocation mark at its start: ZGC's
     * patched bit).
     */
    public void branchOnBit(Register r, int bit, boolean ifSet, Runnable atTest, LirBlock trueTarget, LirBlock falseTarget) {
        branch((label, negated) -> {
            Label skip = new Label("tb-skip");
            atTest.run();
            if (ifSet != negated) {
                asm().tbz(r, bit, skip); // bit clear: not taken
            } else {
                asm().tbnz(r, bit, skip);
            }
            asm().b(label);
            asm().bind(skip);
        }, trueTarget, falseTarget);
    }

    /** {@code cbz} ({@code ifZero}) or {@code cbnz} to {@code target}. */
    public void branchOnZero(int size, Register r, boolean ifZero, org.ssajit.asm.Label target) {
        if (ifZero) {
            asm().cbz(size, r, target);
        } else {
            asm().cbnz(size, r, target);
        }
    }

    // Operands ---------------------------------------------------------------------------------------

    /**
     * The address of a stack slot for an access of {@code accessBits} (sp-relative; an incoming
     * argument's slot lies above the frame): {@code [sp, #offset]} where the offset is encodable, else
     * {@code [sp, x9]} after {@code mov x9, #offset} (so the caller must not hold a value in x9).
     */
    public Address address(Value v, int accessBits) {
        if (!(v instanceof StackSlot s)) {
            throw new IllegalStateException("expected a stack slot, got " + v);
        }
        int offset = s.getOffset(layout().totalFrameSize());
        if (Address.isEncodableOffset(offset, accessBits)) {
            return Address.of(AArch64.sp, offset);
        }
        asm().mov(64, SCRATCH2, offset);
        return Address.indexed(AArch64.sp, SCRATCH2);
    }

    /** {@code r := oop}: a 48-bit {@code movz/movk/movk} with a data patch HotSpot fills in and relocates. */
    public void loadOop(Register r, JavaConstant oop) {
        if (!(oop instanceof VMConstant vm) || oop.isNull() || oop.getJavaKind() != JavaKind.Object) {
            throw new IllegalArgumentException("not an embeddable oop: " + oop);
        }
        frame().recordPatch(vm);
        asm().movImm48Fixed(r, 0L);
    }

    /** {@code cbz}. */
    @Override
    public void jumpIfZero(boolean wide, Register r, org.ssajit.asm.Label target) {
        asm().cbz(wide ? 64 : 32, r, target);
    }

    /** {@code r := metadata} (a class, as a {@code VMConstant}): the 48-bit {@code movz/movk/movk} with a data patch. */
    @Override
    public void loadMetadata(Register r, VMConstant metadata) {
        frame().recordPatch(metadata);
        asm().movImm48Fixed(r, 0L);
    }

    /**
     * {@code r := } a compressed class constant: {@code movz r, #hi16, lsl #16; movk r, #lo16} with a
     * data patch, the shape HotSpot's {@code patch_narrow_klass} writes the narrow klass into.
     */
    @Override
    public void loadNarrowKlass(Register r, VMConstant narrowKlass) {
        frame().recordPatch(narrowKlass);
        asm().movz(64, r, 0, 16);
        asm().movk(64, r, 0, 0);
    }
}
