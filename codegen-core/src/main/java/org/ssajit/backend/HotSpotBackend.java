package org.ssajit.backend;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.BlockLayout;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.hotspot.HotSpotCallingConventionType;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.Value;

/**
 * A HotSpot back end's driver, the same for every target: the VM's providers, the registers the
 * allocator may use, and emission ({@link #emit}): the allocated LIR is checked, the frame builder
 * emits the entries and prologue (an OSR entry, or an instance method's inline-cache check before the
 * verified entry, with a class-initialization barrier where the graph asks for one), each block's ops
 * are emitted in the block layout's order, then the out-of-line code, the data and the frame builder's
 * stubs and handlers. A target supplies its frame builder, its emitter, its instruction selection
 * ({@link #select}) and which registers it withholds.
 *
 * @param <F> the target's frame builder
 */
public abstract class HotSpotBackend<F extends HotSpotFrameBuilder<?>> implements Backend {
    private final HotSpotVmConfig config;
    private final MetaAccessProvider metaAccess;
    private final ConstantReflectionProvider constantReflection;
    private final RegisterConfig registerConfig;
    private final Architecture architecture;
    /** The platform kinds of float and double, read once (the emission check asks per register operand). */
    private final PlatformKind floatKind;
    private final PlatformKind doubleKind;

    protected HotSpotBackend(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture) {
        this.config = Objects.requireNonNull(config);
        this.metaAccess = Objects.requireNonNull(metaAccess);
        this.constantReflection = Objects.requireNonNull(constantReflection);
        this.registerConfig = Objects.requireNonNull(registerConfig);
        this.architecture = Objects.requireNonNull(architecture);
        this.floatKind = architecture.getPlatformKind(JavaKind.Float);
        this.doubleKind = architecture.getPlatformKind(JavaKind.Double);
    }

    public final HotSpotVmConfig config() {
        return config;
    }

    public final MetaAccessProvider metaAccess() {
        return metaAccess;
    }

    public final ConstantReflectionProvider constantReflection() {
        return constantReflection;
    }

    @Override
    public final RegisterConfig registerConfig() {
        return registerConfig;
    }

    @Override
    public final Architecture architecture() {
        return architecture;
    }

    /** The VM's allocatable registers that {@link #mayAllocate} accepts. */
    @Override
    public final List<Register> allocatableRegisters() {
        List<Register> out = new ArrayList<>();
        for (Register r : registerConfig.getAllocatableRegisters()) {
            if (mayAllocate(r)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Whether the allocator may hand out {@code r}, one of the VM's allocatable registers: not a scratch register, one the assembler encodes. */
    protected abstract boolean mayAllocate(Register r);

    /** Whether {@code r} is one of the target's scratch registers, which ops clobber freely and no operand may name. */
    protected abstract boolean isScratch(Register r);

    /** The frame layout of LIR this back end selected ({@link #select}): its frame map's, once allocation is done. */
    protected abstract FrameLayout frameLayout(LirGraph lir);

    protected abstract F newFrameBuilder(FrameLayout layout);

    protected abstract HotSpotCodeEmitter<?, F, ?> newCodeEmitter(F frame, List<LirBlock> order);

    /**
     * Emits allocated LIR as a HotSpot nmethod: the frame builder's entries and prologue, the blocks in
     * order, out-of-line code (trap stubs, slow paths), data (jump tables), then the frame builder's
     * stubs and handlers. Refuses LIR that still names variables or puts an operand where its op does
     * not allow it.
     */
    @Override
    public final CompiledCode emit(LirGraph lir, String name) {
        FrameLayout layout = frameLayout(lir);
        checkAllocated(lir);
        F frame = newFrameBuilder(layout);
        if (lir.ir().isOsr()) {
            frame.emitOsrPrologue();
        } else {
            if (!lir.ir().method().isStatic()) {
                frame.emitInlineCacheCheck(registerConfig.getCallingConventionRegisters(HotSpotCallingConventionType.JavaCallee, JavaKind.Object).get(0));
            }
            frame.emitPrologue(lir.ir().initializationBarrier());
        }
        List<LirBlock> order = org.ssajit.lir.CodeEmitter.withoutThreadedJumps(BlockLayout.emissionOrder(lir));
        HotSpotCodeEmitter<?, F, ?> emitter = newCodeEmitter(frame, order);
        for (LirBlock b : order) {
            lir.faults().point("emission");
            for (LirOp op : b.ops()) {
                op.emit(emitter);
            }
        }
        emitter.finishBody();
        return emitter.finish(name);
    }

    /** The operand modes, in one array (each {@code values()} call copies it, for every op). */
    private static final LirOp.Mode[] MODES = LirOp.Mode.values();

    /** Every operand a location or constant where the op allows it; every frame-state value allocated. */
    private void checkAllocated(LirGraph lir) {
        for (LirBlock b : lir.blocks()) {
            List<LirOp> ops = b.ops();
            if (ops.isEmpty() || !(ops.get(0) instanceof LabelOp)) {
                throw new IllegalStateException(b + " does not start with its label");
            }
            for (int k = 0, n = ops.size(); k < n; k++) {
                LirOp op = ops.get(k);
                for (LirOp.Mode m : MODES) {
                    for (int i = 0; i < op.count(m); i++) {
                        check(op, m, i, op.get(m, i));
                    }
                }
                LirFrameState s = op.state();
                if (s != null) {
                    for (Value v : s.values()) {
                        if (v instanceof Variable) {
                            throw new IllegalStateException("frame state of " + op + " in " + b + " names unallocated " + v);
                        }
                    }
                }
            }
        }
    }

    private void check(LirOp op, LirOp.Mode m, int i, Value v) {
        if (v instanceof Variable) {
            throw new IllegalStateException(op + ": " + m + " operand " + i + " not allocated: " + v);
        }
        if (op instanceof LabelOp || op instanceof JumpOp) {
            return; // phis and phi values: resolved by the allocator's moves
        }
        int where = v instanceof RegisterValue ? LirOp.REG : v instanceof StackSlot ? LirOp.STACK : v instanceof ConstantValue ? LirOp.CONST : 0;
        if ((op.allowed(m, i) & where) == 0) {
            throw new IllegalStateException(op + ": " + m + " operand " + i + " may not be " + v);
        }
        if (v instanceof RegisterValue r) {
            boolean floatFile = architecture.canStoreValue(r.getRegister().getRegisterCategory(), doubleKind);
            if (floatFile != isFloatKind(v.getPlatformKind())) {
                throw new IllegalStateException(op + ": " + v + " is in the wrong register file");
            }
            if (isScratch(r.getRegister())) {
                throw new IllegalStateException(op + ": " + v + " uses a scratch register");
            }
        }
    }

    /** Float and double live in the floating-point (SIMD) registers. */
    private boolean isFloatKind(PlatformKind k) {
        return k == floatKind || k == doubleKind;
    }
}
