package org.ssajit.aarch64.lir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.meta.VMConstant;

/**
 * What AArch64 LIR instructions emit into: the project's assembler inside an {@link Aarch64FrameBuilder}
 * (which owns the prologue, returns, polls, traps and handlers), a {@link Label} per {@link LirBlock},
 * out-of-line code (uncommon-trap stubs) and data placed after the body (jump tables), and the data
 * patches of embedded oops. Jumps to the next block are elided and jumps through empty blocks threaded
 * (codegen-core's {@link CodeEmitter}).
 */
public final class Aarch64CodeEmitter extends CodeEmitter {
    /** HotSpot's rscratch1: never allocated; ops and moves clobber it within their own code. */
    public static final Register SCRATCH1 = AArch64.r8;
    /** HotSpot's rscratch2: never allocated; addresses of far stack slots, ops' second scratch. */
    public static final Register SCRATCH2 = AArch64.r9;
    /** Where a loop's first block starts when control falls into it: a multiple of this many bytes. */
    public static final int LOOP_ALIGNMENT = 16;

    private final Aarch64FrameBuilder frame;
    private final Aarch64Assembler asm;
    private final MetaAccessProvider metaAccess;
    private final ValueKindFactory<LirKind> kinds;
    private final Map<LirBlock, Label> labels = new HashMap<>();
    private final List<Runnable> outOfLine = new ArrayList<>();
    private final List<Runnable> data = new ArrayList<>();
    private final Map<Object, Label> shared = new HashMap<>();
    private boolean bodyDone;

    /**
     * @param frame a frame builder whose prologue has been emitted
     * @param kinds the kinds debug info gives values ({@code DebugInfos.valueKinds} of the target)
     * @param blocks the blocks in emission order (the first one is entered from the prologue)
     */
    public Aarch64CodeEmitter(Aarch64FrameBuilder frame, MetaAccessProvider metaAccess, ValueKindFactory<LirKind> kinds, List<LirBlock> blocks) {
        super(blocks);
        this.frame = frame;
        this.asm = frame.asm();
        this.metaAccess = metaAccess;
        this.kinds = kinds;
    }

    public Aarch64Assembler asm() {
        return asm;
    }

    public Aarch64FrameBuilder frame() {
        return frame;
    }

    public HotSpotVmConfig config() {
        return frame.config();
    }

    public FrameLayout layout() {
        return frame.layout();
    }

    @Override
    public int position() {
        return asm.position();
    }

    // Blocks and jumps -------------------------------------------------------------------------------

    @Override
    protected void bindLabel(LirBlock block, boolean loopTop) {
        if (loopTop) {
            asm.align(LOOP_ALIGNMENT);
        }
        asm.bind(ownLabel(block));
    }

    @Override
    public void jump(LirBlock target) {
        LirBlock t = resolve(target);
        if (!fallsInto(t)) {
            asm.b(ownLabel(t));
        }
    }

    /** Goes to {@code trueTarget} if {@code cc} holds, else to {@code falseTarget}, using fall-through where it can. */
    public void branch(Condition cc, LirBlock trueTarget, LirBlock falseTarget) {
        LirBlock t = resolve(trueTarget);
        LirBlock f = resolve(falseTarget);
        if (fallsInto(f)) {
            asm.b(cc, ownLabel(t));
        } else if (fallsInto(t)) {
            asm.b(cc.negate(), ownLabel(f));
        } else {
            asm.b(cc, ownLabel(t));
            asm.b(ownLabel(f));
        }
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
                asm.b(ownLabel(f));
            }
        }
    }

    /** {@code cbz} ({@code ifZero}) or {@code cbnz} to {@code target}. */
    public void branchOnZero(int size, Register r, boolean ifZero, Label target) {
        if (ifZero) {
            asm.cbz(size, r, target);
        } else {
            asm.cbnz(size, r, target);
        }
    }

    /** The label a jump to {@code target} should go to. */
    public Label label(LirBlock target) {
        return ownLabel(resolve(target));
    }

    private Label ownLabel(LirBlock b) {
        return labels.computeIfAbsent(b, x -> new Label(x.toString()));
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
        int offset = s.getOffset(frame.layout().totalFrameSize());
        if (Address.isEncodableOffset(offset, accessBits)) {
            return Address.of(AArch64.sp, offset);
        }
        asm.mov(64, SCRATCH2, offset);
        return Address.indexed(AArch64.sp, SCRATCH2);
    }

    /** {@code r := oop}: a 48-bit {@code movz/movk/movk} with a data patch HotSpot fills in and relocates. */
    public void loadOop(Register r, JavaConstant oop) {
        if (!(oop instanceof VMConstant vm) || oop.isNull() || oop.getJavaKind() != JavaKind.Object) {
            throw new IllegalArgumentException("not an embeddable oop: " + oop);
        }
        frame.recordPatch(vm);
        asm.movImm48Fixed(r, 0L);
    }

    /** {@code r := metadata} (a class, as a {@code VMConstant}): the 48-bit {@code movz/movk/movk} with a data patch. */
    public void loadMetadata(Register r, VMConstant metadata) {
        frame.recordPatch(metadata);
        asm.movImm48Fixed(r, 0L);
    }

    /**
     * {@code r := } a compressed class constant: {@code movz r, #hi16, lsl #16; movk r, #lo16} with a
     * data patch, the shape HotSpot's {@code patch_narrow_klass} writes the narrow klass into.
     */
    public void loadNarrowKlass(Register r, VMConstant narrowKlass) {
        frame.recordPatch(narrowKlass);
        asm.movz(64, r, 0, 16);
        asm.movk(64, r, 0, 0);
    }

    /** Code to place after the method body (slow paths); it must end in a jump or never return. */
    public void outOfLine(Runnable code) {
        requireBody();
        outOfLine.add(code);
    }

    /**
     * Out-of-line code shared by every op of the method that asks for the same {@code key}: emitted
     * once, after the body, at the returned label.
     */
    public Label sharedOutOfLine(Object key, Runnable code) {
        Label l = shared.get(key);
        if (l == null) {
            Label label = new Label("shared " + key);
            shared.put(key, label);
            outOfLine.add(() -> {
                asm.bind(label);
                code.run();
            });
            l = label;
        }
        return l;
    }

    /** Data to place after the out-of-line code (jump tables); runs when every block label is bound. */
    public void data(Runnable code) {
        requireBody();
        data.add(code);
    }

    // Deoptimization ---------------------------------------------------------------------------------

    /**
     * An out-of-line uncommon trap for {@code state}: a branch to the returned label leaves compiled
     * code and the interpreter re-executes the bytecode at the state's bci. The debug info is built
     * now, from the locations the allocator gave the state at the branching instruction.
     */
    public Label trap(LirFrameState state, DeoptimizationReason reason, DeoptimizationAction action) {
        DebugInfo info = debugInfo(state);
        Label l = new Label("trap-" + reason + "@" + state.frameState().bci());
        outOfLine(() -> {
            asm.bind(l);
            frame.emitUncommonTrap(metaAccess, action, reason, info);
        });
        return l;
    }

    /** Makes the instruction emitted next an implicit null check with {@code state}'s debug info. */
    public void implicitNullCheck(LirFrameState state) {
        frame.emitImplicitNullCheckSite(debugInfo(state));
    }

    /** An uncommon trap right here (control never comes back). */
    public void deoptimize(LirFrameState state, DeoptimizationReason reason, DeoptimizationAction action) {
        frame.emitUncommonTrap(metaAccess, action, reason, debugInfo(state));
    }

    /** The HotSpot debug info of an allocated frame state (codegen-core's {@link DebugInfos}). */
    public DebugInfo debugInfo(LirFrameState state) {
        return DebugInfos.of(state, frame.layout(), kinds);
    }

    // Finishing --------------------------------------------------------------------------------------

    /** Emits the out-of-line code and then the data; every block must have been emitted. */
    public void finishBody() {
        requireBody();
        bodyDone = true;
        for (int i = 0; i < outOfLine.size(); i++) {
            outOfLine.get(i).run();
        }
        for (Runnable d : data) {
            d.run();
        }
    }

    /** The frame builder's code (body, stubs, handlers); what this emitter recorded is the frame builder's too. */
    public CompiledCode finish(String name) {
        return frame.finish(name);
    }

    private void requireBody() {
        if (bodyDone) {
            throw new IllegalStateException("the body is finished");
        }
    }
}
