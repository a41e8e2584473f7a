package org.ssajit.aarch64.lir;

import java.util.List;

import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.backend.HotSpotBackend;
import org.ssajit.backend.TargetMoveFactory;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.CodeCacheProvider;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The AArch64 back end for HotSpot ({@link Backend}): instruction selection ({@link Aarch64LirGenerator}),
 * emission with HotSpot's frame ({@link Aarch64FrameBuilder}). x8 and x9, which HotSpot never
 * allocates, are its scratch registers; spill slots come from the graph's {@link Aarch64FrameMap}.
 */
public final class Aarch64Backend extends HotSpotBackend<Aarch64FrameBuilder> {
    private final TargetMoveFactory<Aarch64CodeEmitter> moveFactory;
    private final ValueKindFactory<LirKind> debugKinds;

    public Aarch64Backend(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture) {
        super(config, metaAccess, constantReflection, registerConfig, architecture);
        if (!(architecture instanceof AArch64)) {
            throw new IllegalArgumentException("not an AArch64 target: " + architecture);
        }
        this.moveFactory = new TargetMoveFactory<>(architecture, Aarch64Moves::move, Aarch64Moves::loadConstant);
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
    public static final class Provider extends HotSpotBackend.Provider {
        public Provider() {
            super(AArch64.class, Aarch64Backend::create);
        }
    }

    @Override
    public TargetMoveFactory<Aarch64CodeEmitter> moveFactory() {
        return moveFactory;
    }

    /**
     * The registers the allocator may use: the VM's allocatable registers (HotSpot's register
     * configuration already leaves out x8, x9, the thread, the heap base, the frame pointer, lr, sp and
     * zr), general and SIMD.
     */
    @Override
    protected boolean mayAllocate(Register r) {
        return !isScratch(r) && (r.getRegisterCategory().equals(AArch64.CPU) || r.getRegisterCategory().equals(AArch64.SIMD));
    }

    @Override
    protected boolean isScratch(Register r) {
        return r.equals(Aarch64CodeEmitter.SCRATCH1) || r.equals(Aarch64CodeEmitter.SCRATCH2);
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

    @Override
    protected Aarch64FrameBuilder newFrameBuilder(FrameLayout layout) {
        return new Aarch64FrameBuilder(config(), layout);
    }

    @Override
    protected Aarch64CodeEmitter newCodeEmitter(Aarch64FrameBuilder frame, List<LirBlock> order) {
        return new Aarch64CodeEmitter(frame, metaAccess(), debugKinds, order);
    }
}
