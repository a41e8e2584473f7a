package org.ssajit.amd64.lir;

import java.util.List;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.hotspot.Amd64FrameBuilder;
import org.ssajit.amd64.hotspot.Amd64ValueKind;
import org.ssajit.backend.HotSpotCodeEmitter;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.meta.VMConstant;

/**
 * What AMD64 LIR instructions emit into (codegen-core's {@link HotSpotCodeEmitter}): {@code jcc} to a
 * block, stack slots as rsp-relative addresses, embedded oops.
 */
public final class Amd64CodeEmitter extends HotSpotCodeEmitter<Amd64Assembler, Amd64FrameBuilder, Label> {
    /** Never allocated: ops clobber it within their own code (stack-to-stack moves, indexes, constants, polls). */
    public static final Register SCRATCH = AMD64.r10;

    /**
     * @param frame a frame builder whose prologue has been emitted
     * @param blocks the blocks in emission order (the first one is entered from the prologue)
     */
    public Amd64CodeEmitter(Amd64FrameBuilder frame, MetaAccessProvider metaAccess, List<LirBlock> blocks) {
        super(frame, metaAccess, Amd64ValueKind.FACTORY, blocks);
    }

    @Override
    protected Label newLabel(Object name) {
        return new Label(name);
    }

    /** Goes to {@code trueTarget} if {@code cc} holds, else to {@code falseTarget}, using fall-through where it can. */
    public void branch(Condition cc, LirBlock trueTarget, LirBlock falseTarget) {
        branch((label, negated) -> asm().jcc(negated ? cc.negate() : cc, label), trueTarget, falseTarget);
    }

    /** {@code test r, r; je target}. */
    @Override
    public void jumpIfZero(boolean wide, Register r, org.ssajit.asm.Label target) {
        asm().test(wide ? OperandSize.QWORD : OperandSize.DWORD, r, r);
        asm().jcc(Condition.E, target);
    }

    /** {@code movabs r, imm64} with the data patch. */
    @Override
    public void loadMetadata(Register r, VMConstant metadata) {
        frame().recordPatch(asm().movabs(r, 0L), metadata);
    }

    /** {@code mov r32, imm32} with the data patch (HotSpot finds the immediate: {@code Assembler::locate_operand}). */
    @Override
    public void loadNarrowKlass(Register r, VMConstant narrowKlass) {
        frame().recordPatch(asm().movImm32Patchable(r, 0), narrowKlass);
    }

    /** The address of a stack slot (rsp-relative; an incoming argument's slot lies above the frame). */
    public Address address(Value v) {
        if (!(v instanceof StackSlot s)) {
            throw new IllegalStateException("expected a stack slot, got " + v);
        }
        return Address.of(AMD64.rsp, s.getOffset(layout().totalFrameSize()));
    }

    /** Records that the 10-byte {@code movabs} at {@code pc} embeds {@code oop}: HotSpot fills in and tracks the pointer. */
    public void recordOop(int pc, JavaConstant oop) {
        if (!(oop instanceof VMConstant vm) || oop.isNull() || oop.getJavaKind() != JavaKind.Object) {
            throw new IllegalArgumentException("not an embeddable oop: " + oop);
        }
        frame().recordPatch(pc, vm);
    }
}
