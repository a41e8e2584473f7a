package org.ssajit.backend;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.VMConstant;

/**
 * What LIR instructions emit into on every target: the target's assembler inside its
 * {@link HotSpotFrameBuilder} (which owns the prologue, returns, polls, traps and handlers), a label per
 * {@link LirBlock} (jumps to the next block elided, jumps through empty blocks threaded: codegen-core's
 * {@link CodeEmitter}), out-of-line code (slow paths, uncommon-trap stubs) and data (jump tables) placed
 * after the body, the data patches of embedded constants, and the debug info of allocated frame states.
 * A target adds its conditional branches and how its instructions address a stack slot.
 *
 * @param <A> the target's assembler
 * @param <F> the target's frame builder
 * @param <L> the label type the target's instructions name
 */
public abstract class HotSpotCodeEmitter<A extends Assembler, F extends HotSpotFrameBuilder<A>, L extends Label> extends CodeEmitter {
    /**
     * Where a loop's first block starts: a multiple of this many bytes, padded with no-ops, which only
     * the loop's entry runs when it falls into the loop. HotSpot's compilers align loops to 16 bytes
     * too; measured on nestedLoops (an Ice Lake Xeon), the inner loop ran about 1.4x faster aligned.
     */
    public static final int LOOP_ALIGNMENT = 16;

    private final F frame;
    private final A asm;
    private final MetaAccessProvider metaAccess;
    private final ValueKindFactory<LirKind> kinds;
    /** Each block's label, by block id, made when first asked for. */
    private Object[] labels;
    private final List<Runnable> outOfLine = new CompilerList<>();
    private final List<Runnable> data = new CompilerList<>();
    private boolean bodyDone;

    /**
     * @param frame a frame builder whose prologue has been emitted
     * @param kinds the kinds debug info gives values ({@code DebugInfos.valueKinds} of the target)
     * @param blocks the blocks in emission order (the first one is entered from the prologue)
     */
    protected HotSpotCodeEmitter(F frame, MetaAccessProvider metaAccess, ValueKindFactory<LirKind> kinds, List<LirBlock> blocks) {
        super(blocks);
        this.frame = frame;
        this.asm = frame.asm();
        this.metaAccess = metaAccess;
        this.kinds = kinds;
        this.labels = new Object[idLimit(blocks)];
    }

    /** A new label of the target's type. */
    protected abstract L newLabel(Object name);

    public final A asm() {
        return asm;
    }

    public final F frame() {
        return frame;
    }

    public final HotSpotVmConfig config() {
        return frame.config();
    }

    public final FrameLayout layout() {
        return frame.layout();
    }

    @Override
    public final int position() {
        return asm.position();
    }

    // Blocks and jumps -------------------------------------------------------------------------------

    @Override
    protected final void bindLabel(LirBlock block, boolean loopTop) {
        if (loopTop) {
            asm.align(LOOP_ALIGNMENT);
        }
        asm.bind(ownLabel(block));
    }

    @Override
    public final void jump(LirBlock target) {
        LirBlock t = resolve(target);
        if (!fallsInto(t)) {
            frame.emitJump(ownLabel(t));
        }
    }

    /** A conditional branch to a label, of the condition or of its negation. */
    @FunctionalInterface
    protected interface ConditionalBranch {
        void to(Label target, boolean negated);
    }

    /**
     * Goes to {@code trueTarget} if the condition {@code branchIf} branches on holds, else to
     * {@code falseTarget}, using fall-through where it can.
     */
    protected final void branch(ConditionalBranch branchIf, LirBlock trueTarget, LirBlock falseTarget) {
        LirBlock t = resolve(trueTarget);
        LirBlock f = resolve(falseTarget);
        if (fallsInto(f)) {
            branchIf.to(ownLabel(t), false);
        } else if (fallsInto(t)) {
            branchIf.to(ownLabel(f), true);
        } else {
            branchIf.to(ownLabel(t), false);
            frame.emitJump(ownLabel(f));
        }
    }

    /** The label a jump to {@code target} should go to. */
    public final L label(LirBlock target) {
        return ownLabel(resolve(target));
    }

    /** The label bound where {@code b} starts (no threading through empty blocks: see {@link #label}). */
    @SuppressWarnings("unchecked")
    protected final L ownLabel(LirBlock b) {
        if (b.id() >= labels.length) {
            labels = CompilerArrays.copyOf(labels, b.id() + 1);
        }
        Object l = labels[b.id()];
        if (l == null) {
            l = newLabel(b);
            labels[b.id()] = l;
        }
        return (L) l;
    }

    /** To {@code target} if {@code r} (all 64 bits if {@code wide}, else the low 32) is zero. */
    public abstract void jumpIfZero(boolean wide, Register r, Label target);

    /** {@code r := metadata} (a class, uncompressed), with the data patch through which HotSpot fills it in. */
    public abstract void loadMetadata(Register r, VMConstant metadata);

    /** {@code r := } a compressed class constant, with the data patch through which HotSpot fills it in. */
    public abstract void loadNarrowKlass(Register r, VMConstant narrowKlass);

    // Out-of-line code and data ------------------------------------------------------------------------

    /** Code to place after the method body (slow paths); it must end in a jump or never return. */
    public final void outOfLine(Runnable code) {
        requireBody();
        outOfLine.add(code);
    }

    /** Data to place after the out-of-line code (jump tables); runs when every block label is bound. */
    public final void data(Runnable code) {
        requireBody();
        data.add(code);
    }

    /** Records a data patch (an embedded constant HotSpot fills in and tracks, e.g. class metadata). */
    public final void recordPatch(DataPatch patch) {
        frame.recordSite(patch);
    }

    // Deoptimization ---------------------------------------------------------------------------------

    /**
     * An out-of-line uncommon trap for {@code state}: a jump to the returned label leaves compiled code
     * and the interpreter re-executes the bytecode at the state's bci. The debug info is built now,
     * from the locations the allocator gave the state at the jumping instruction.
     */
    public final L trap(LirFrameState state, DeoptimizationReason reason, DeoptimizationAction action) {
        DebugInfo info = debugInfo(state);
        L l = newLabel(new TrapName(reason, state.frameState().bci()));
        outOfLine(() -> {
            asm.bind(l);
            frame.emitUncommonTrap(metaAccess, action, reason, info);
        });
        return l;
    }

    /**
     * Makes the instruction emitted next an implicit null check with {@code state}'s debug info: if it
     * faults on the null page, HotSpot deoptimizes to the state's bci (see
     * {@link HotSpotFrameBuilder#emitImplicitNullCheckSite}).
     */
    public final void implicitNullCheck(LirFrameState state) {
        frame.emitImplicitNullCheckSite(debugInfo(state));
    }

    /** An uncommon trap right here (control never comes back). */
    public final void deoptimize(LirFrameState state, DeoptimizationReason reason, DeoptimizationAction action) {
        frame.emitUncommonTrap(metaAccess, action, reason, debugInfo(state));
    }

    /** The HotSpot debug info of an allocated frame state ({@link DebugInfos#of(LirFrameState, FrameLayout, ValueKindFactory)}). */
    public final DebugInfo debugInfo(LirFrameState state) {
        return DebugInfos.of(state, frame.layout(), kinds);
    }

    // Finishing --------------------------------------------------------------------------------------

    /** Emits the out-of-line code and then the data; every block must have been emitted. */
    public final void finishBody() {
        requireBody();
        bodyDone = true;
        for (int i = 0; i < outOfLine.size(); i++) {
            outOfLine.get(i).run();
        }
        for (Runnable d : data) {
            d.run();
        }
    }

    /** The frame builder's code (body, stubs, handlers), with every site recorded here or there. */
    public final CompiledCode finish(String name) {
        return frame.finish(name);
    }

    private void requireBody() {
        if (bodyDone) {
            throw new IllegalStateException("the body is finished");
        }
    }

    /** A trap label's name, made into text only if the label is printed. */
    private record TrapName(DeoptimizationReason reason, int bci) {
        @Override
        public String toString() {
            return "trap-" + reason + "@" + bci;
        }
    }
}
