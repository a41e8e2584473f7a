package org.ssajit.amd64.lir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.hotspot.Amd64FrameBuilder;
import org.ssajit.amd64.hotspot.Amd64ValueKind;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.ir.FrameState;
import org.ssajit.lir.CodeEmitter;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaValue;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.meta.VMConstant;

/**
 * What AMD64 LIR instructions emit into: the project's assembler inside an {@link Amd64FrameBuilder}
 * (which owns the prologue, returns, polls, traps and handlers), a {@link Label} per {@link LirBlock},
 * out-of-line code (uncommon-trap stubs) and data placed after the body (jump tables), and the data
 * patches of embedded oops.
 *
 * <p>Jumps to the next block in emission order are elided, and a jump to a block that holds nothing
 * but a jump (an unused critical-edge block) goes straight to that jump's target.
 */
public final class Amd64CodeEmitter extends CodeEmitter {
    /** Never allocated: ops clobber it within their own code (stack-to-stack moves, indexes, constants, polls). */
    public static final Register SCRATCH = AMD64.r10;
    /**
     * Where a loop's first block starts: a multiple of this many bytes, padded with NOPs, which only
     * the loop's entry runs when it falls into the loop. HotSpot's compilers align loops to 16 bytes
     * too; measured on nestedLoops (an Ice Lake Xeon), the inner loop ran about 1.4x faster aligned.
     */
    public static final int LOOP_ALIGNMENT = 16;

    private final Amd64FrameBuilder frame;
    private final Amd64Assembler asm;
    private final MetaAccessProvider metaAccess;
    private final Map<LirBlock, Label> labels = new HashMap<>();
    private final List<Runnable> outOfLine = new ArrayList<>();
    private final List<Runnable> data = new ArrayList<>();
    private final Map<Object, Label> shared = new HashMap<>();
    private final List<Site> patches = new ArrayList<>();
    private boolean bodyDone;

    /**
     * @param frame a frame builder whose prologue has been emitted
     * @param blocks the blocks in emission order (the first one is entered from the prologue)
     */
    public Amd64CodeEmitter(Amd64FrameBuilder frame, MetaAccessProvider metaAccess, List<LirBlock> blocks) {
        super(blocks);
        this.frame = frame;
        this.asm = frame.asm();
        this.metaAccess = metaAccess;
    }

    public Amd64Assembler asm() {
        return asm;
    }

    public Amd64FrameBuilder frame() {
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
            asm.nops((LOOP_ALIGNMENT - asm.position() % LOOP_ALIGNMENT) % LOOP_ALIGNMENT);
        }
        asm.bind(ownLabel(block));
    }

    @Override
    public void jump(LirBlock target) {
        LirBlock t = resolve(target);
        if (!fallsInto(t)) {
            asm.jmp(ownLabel(t));
        }
    }

    /** Goes to {@code trueTarget} if {@code cc} holds, else to {@code falseTarget}, using fall-through where it can. */
    public void branch(Condition cc, LirBlock trueTarget, LirBlock falseTarget) {
        LirBlock t = resolve(trueTarget);
        LirBlock f = resolve(falseTarget);
        if (fallsInto(f)) {
            asm.jcc(cc, ownLabel(t));
        } else if (fallsInto(t)) {
            asm.jcc(cc.negate(), ownLabel(f));
        } else {
            asm.jcc(cc, ownLabel(t));
            asm.jmp(ownLabel(f));
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

    /** The address of a stack slot (rsp-relative; an incoming argument's slot lies above the frame). */
    public Address address(Value v) {
        if (!(v instanceof StackSlot s)) {
            throw new IllegalStateException("expected a stack slot, got " + v);
        }
        return Address.of(AMD64.rsp, s.getOffset(frame.layout().totalFrameSize()));
    }

    /** Records that the 10-byte {@code movabs} at {@code pc} embeds {@code oop}: HotSpot fills in and tracks the pointer. */
    public void recordOop(int pc, JavaConstant oop) {
        if (!(oop instanceof VMConstant vm) || oop.isNull() || oop.getJavaKind() != JavaKind.Object) {
            throw new IllegalArgumentException("not an embeddable oop: " + oop);
        }
        patches.add(new DataPatch(pc, new ConstantReference(vm)));
    }

    /** Records a data patch (an embedded constant HotSpot fills in and tracks, e.g. class metadata). */
    public void recordPatch(DataPatch patch) {
        patches.add(patch);
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
     * An out-of-line uncommon trap for {@code state}: a jump to the returned label leaves compiled code
     * and the interpreter re-executes the bytecode at the state's bci. The debug info is built now,
     * from the locations the allocator gave the state at the jumping instruction.
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

    /**
     * Makes the instruction emitted next an implicit null check with {@code state}'s debug info: if it
     * faults on the null page, HotSpot deoptimizes to the state's bci (see
     * {@link Amd64FrameBuilder#emitImplicitNullCheckSite}).
     */
    public void implicitNullCheck(LirFrameState state) {
        frame.emitImplicitNullCheckSite(debugInfo(state));
    }

    /** An uncommon trap right here (control never comes back). */
    public void deoptimize(LirFrameState state, DeoptimizationReason reason, DeoptimizationAction action) {
        frame.emitUncommonTrap(metaAccess, action, reason, debugInfo(state));
    }

    /** The HotSpot debug info of an allocated frame state ({@link DebugInfos#of(LirFrameState, FrameLayout, jdk.vm.ci.code.ValueKindFactory)}). */
    public DebugInfo debugInfo(LirFrameState state) {
        return DebugInfos.of(state, frame.layout(), Amd64ValueKind.FACTORY);
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

    /** {@code code} with the oop patches recorded here added to its sites. */
    public CompiledCode withPatches(CompiledCode code) {
        if (patches.isEmpty()) {
            return code;
        }
        List<Site> sites = new ArrayList<>(code.sites());
        sites.addAll(patches);
        return new CompiledCode(code.name(), code.code(), sites, code.totalFrameSize(), code.deoptRescueSlot(), code.dataSection(),
                        code.dataSectionAlignment(), code.dataSectionPatches());
    }

    /** The oop patches recorded so far. */
    public List<Site> patches() {
        return List.copyOf(patches);
    }

    private void requireBody() {
        if (bodyDone) {
            throw new IllegalStateException("the body is finished");
        }
    }
}
