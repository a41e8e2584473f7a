package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.isFloatKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.BackendProvider;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lir.BlockLayout;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.CodeCacheProvider;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.hotspot.HotSpotCallingConventionType;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The AArch64 back end for HotSpot ({@link Backend}): instruction selection ({@link Aarch64LirGenerator}),
 * emission with HotSpot's frame ({@link Aarch64FrameBuilder}). x8 and x9, which HotSpot never
 * allocates, are its scratch registers; spill slots come from the graph's {@link Aarch64FrameMap}.
 */
public final class Aarch64Backend implements Backend {
    private final HotSpotVmConfig config;
    private final MetaAccessProvider metaAccess;
    private final ConstantReflectionProvider constantReflection;
    private final RegisterConfig registerConfig;
    private final Architecture architecture;
    private final Aarch64MoveFactory moveFactory;
    private final ValueKindFactory<LirKind> debugKinds;

    public Aarch64Backend(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture) {
        this.config = Objects.requireNonNull(config);
        this.metaAccess = Objects.requireNonNull(metaAccess);
        this.constantReflection = Objects.requireNonNull(constantReflection);
        this.registerConfig = Objects.requireNonNull(registerConfig);
        this.architecture = Objects.requireNonNull(architecture);
        if (!(architecture instanceof AArch64)) {
            throw new IllegalArgumentException("not an AArch64 target: " + architecture);
        }
        this.moveFactory = new Aarch64MoveFactory(architecture);
        this.debugKinds = DebugInfos.valueKinds(architecture);
    }

    /** The back end for the VM this runs in (which must be an AArch64 VM). */
    public static Aarch64Backend host() {
        return create(HotSpotVmConfig.host(), HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend());
    }

    static Aarch64Backend create(HotSpotVmConfig config, JVMCIBackend b) {
        return new Aarch64Backend(config, b.getMetaAccess(), b.getConstantReflection(), b.getCodeCache().getRegisterConfig(), b.getTarget().arch);
    }

    /** Registered in {@code META-INF/services/org.ssajit.codegen.BackendProvider}. */
    public static final class Provider implements BackendProvider {
        @Override
        public boolean supports(Architecture architecture) {
            return architecture instanceof AArch64;
        }

        @Override
        public Backend create(HotSpotVmConfig config, JVMCIBackend jvmci) {
            return Aarch64Backend.create(config, jvmci);
        }
    }

    public HotSpotVmConfig config() {
        return config;
    }

    public MetaAccessProvider metaAccess() {
        return metaAccess;
    }

    public ConstantReflectionProvider constantReflection() {
        return constantReflection;
    }

    @Override
    public RegisterConfig registerConfig() {
        return registerConfig;
    }

    @Override
    public Architecture architecture() {
        return architecture;
    }

    @Override
    public Aarch64MoveFactory moveFactory() {
        return moveFactory;
    }

    /**
     * The registers the allocator may use: the VM's allocatable registers (HotSpot's register
     * configuration already leaves out x8, x9, the thread, the heap base, the frame pointer, lr, sp and
     * zr), general and SIMD.
     */
    @Override
    public List<Register> allocatableRegisters() {
        List<Register> out = new ArrayList<>();
        for (Register r : registerConfig.getAllocatableRegisters()) {
            if (!r.equals(Aarch64CodeEmitter.SCRATCH1) && !r.equals(Aarch64CodeEmitter.SCRATCH2)
                            && (r.getRegisterCategory().equals(AArch64.CPU) || r.getRegisterCategory().equals(AArch64.SIMD))) {
                out.add(r);
            }
        }
        return out;
    }

    /** Instruction selection for a lowered graph: refuses (BailoutException) or returns the LIR, before register allocation. */
    @Override
    public LirGraph select(Graph lowered) {
        return new Aarch64LirGenerator(lowered, this).generate();
    }

    /** Every call this back end emits is absolute (48 bits) or a Java call HotSpot relocates itself. */
    @Override
    public void checkInstallable(CompiledCode code, CodeCacheProvider codeCache) {
    }

    @Override
    public String disassemble(byte[] code, long startAddress) {
        return Objdump.disassemble(code, startAddress);
    }

    /**
     * Emits allocated LIR as a HotSpot nmethod: the frame builder's prologue, the blocks in order,
     * out-of-line trap stubs, jump tables, then the frame builder's stubs and handlers.
     */
    @Override
    public CompiledCode emit(LirGraph lir, String name) {
        if (!(lir.frameMap() instanceof Aarch64FrameMap frameMap)) {
            throw new IllegalArgumentException("LIR not generated by this back end: " + lir.frameMap());
        }
        checkAllocated(lir);
        FrameLayout layout = frameMap.layout();
        Aarch64FrameBuilder frame = new Aarch64FrameBuilder(config, layout);
        if (lir.ir().isOsr()) {
            frame.emitOsrPrologue();
        } else {
            if (!lir.ir().method().isStatic()) {
                frame.emitInlineCacheCheck(registerConfig().getCallingConventionRegisters(HotSpotCallingConventionType.JavaCallee, JavaKind.Object).get(0));
            }
            frame.emitPrologue(lir.ir().initializationBarrier());
        }
        List<LirBlock> order = BlockLayout.emissionOrder(lir);
        Aarch64CodeEmitter emitter = new Aarch64CodeEmitter(frame, metaAccess, debugKinds, order);
        for (LirBlock b : order) {
            lir.faults().point("emission");
            for (LirOp op : b.ops()) {
                op.emit(emitter);
            }
        }
        emitter.finishBody();
        return emitter.finish(name);
    }

    /** Every operand a location or constant where the op allows it; every frame-state value allocated. */
    static void checkAllocated(LirGraph lir) {
        for (LirBlock b : lir.blocks()) {
            if (b.ops().isEmpty() || !(b.ops().get(0) instanceof LabelOp)) {
                throw new IllegalStateException(b + " does not start with its label");
            }
            for (LirOp op : b.ops()) {
                for (LirOp.Mode m : LirOp.Mode.values()) {
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

    private static void check(LirOp op, LirOp.Mode m, int i, Value v) {
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
            boolean simd = r.getRegister().getRegisterCategory().equals(AArch64.SIMD);
            if (simd != isFloatKind(v)) {
                throw new IllegalStateException(op + ": " + v + " is in the wrong register file");
            }
            if (r.getRegister().equals(Aarch64CodeEmitter.SCRATCH1) || r.getRegister().equals(Aarch64CodeEmitter.SCRATCH2)) {
                throw new IllegalStateException(op + ": " + v + " uses a scratch register");
            }
        }
    }
}
