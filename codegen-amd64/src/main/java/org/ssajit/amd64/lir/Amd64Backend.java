package org.ssajit.amd64.lir;

import java.util.List;

import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.amd64.hotspot.Amd64FrameBuilder;
import org.ssajit.backend.HotSpotBackend;
import org.ssajit.backend.TargetMoveFactory;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.CodeCacheProvider;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The AMD64 back end for HotSpot ({@link Backend}): instruction selection ({@link Amd64LirGenerator}),
 * emission with HotSpot's frame ({@link Amd64FrameBuilder}), the rel32 reach of its calls. r10 is its
 * scratch register, never allocated; spill slots come from the graph's {@link Amd64FrameMap}.
 */
public final class Amd64Backend extends HotSpotBackend<Amd64FrameBuilder> {
    private final TargetMoveFactory<Amd64CodeEmitter> moveFactory;
    private final boolean avx;
    /** The target's features this back end uses: all the VM reports, less those {@link #without} took away. */
    private final java.util.EnumSet<AMD64.CPUFeature> features;

    /** A back end that uses AVX encodings when the target has AVX (see {@link #withAvx}). */
    public Amd64Backend(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture) {
        this(config, metaAccess, constantReflection, registerConfig, architecture, targetHasAvx(architecture), null);
    }

    private Amd64Backend(HotSpotVmConfig config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture, boolean avx, java.util.EnumSet<AMD64.CPUFeature> features) {
        super(config, metaAccess, constantReflection, registerConfig, architecture);
        this.features = features != null ? features : java.util.EnumSet.copyOf(((AMD64) architecture).getFeatures());
        if (!(architecture instanceof AMD64)) {
            throw new IllegalArgumentException("not an AMD64 target: " + architecture);
        }
        this.moveFactory = new TargetMoveFactory<>(architecture, Amd64Moves::move, Amd64Moves::loadConstant);
        if (avx && !targetHasAvx(architecture)) {
            throw new IllegalArgumentException("AVX requested, but the target does not have it: " + architecture);
        }
        this.avx = avx;
    }

    /**
     * Whether the target has AVX. HotSpot reports the features it uses ({@code -XX:UseAVX=0} removes
     * AVX), so this is also whether the VM allows it.
     */
    private static boolean targetHasAvx(Architecture architecture) {
        return architecture instanceof AMD64 amd64 && amd64.getFeatures().contains(AMD64.CPUFeature.AVX);
    }

    /**
     * This back end with AVX encodings on or off. On (the default where the target has AVX), float
     * and double arithmetic is the VEX three-operand {@code vaddsd dst, x, y}: the result need not
     * be {@code x}'s register, so no {@code movapd} copies {@code x} first. A register copy is not
     * free on every core (Ice Lake executes many of them), and on a loop-carried chain it adds to
     * every iteration. Off, the legacy SSE two-operand forms. Turning it on for a target without AVX
     * throws {@link IllegalArgumentException}.
     */
    public Amd64Backend withAvx(boolean on) {
        return on == avx ? this : new Amd64Backend(config(), metaAccess(), constantReflection(), registerConfig(), architecture(), on, features);
    }

    /**
     * This back end as if the target lacked {@code taken} (for tests of the sequences used without
     * them: {@code bsr} and {@code bsf} for the bit counts without LZCNT and BMI1). AVX is {@link
     * #withAvx}'s.
     */
    public Amd64Backend without(AMD64.CPUFeature... taken) {
        java.util.EnumSet<AMD64.CPUFeature> left = java.util.EnumSet.copyOf(features);
        left.removeAll(java.util.List.of(taken));
        return new Amd64Backend(config(), metaAccess(), constantReflection(), registerConfig(), architecture(), avx, left);
    }

    public boolean avx() {
        return avx;
    }

    /**
     * Whether the target has SSE4.1, whose {@code roundsd} computes {@code Math.floor}, {@code ceil}
     * and {@code rint}; without it a method using them is refused (every x86-64 CPU since 2008 has it).
     */
    public boolean sse41() {
        return has(AMD64.CPUFeature.SSE4_1);
    }

    /** Whether the target has {@code feature} (HotSpot reports the features it uses) and this back end uses it ({@link #without}). */
    public boolean has(AMD64.CPUFeature feature) {
        return features.contains(feature);
    }

    /** The back end for the VM this runs in. */
    public static Amd64Backend host() {
        return create(HotSpotVmConfig.host(), HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend());
    }

    static Amd64Backend create(HotSpotVmConfig config, JVMCIBackend b) {
        return new Amd64Backend(config, b.getMetaAccess(), b.getConstantReflection(), b.getCodeCache().getRegisterConfig(), b.getTarget().arch);
    }

    /** Registered in {@code META-INF/services/org.ssajit.codegen.BackendProvider}. */
    public static final class Provider extends HotSpotBackend.Provider {
        public Provider() {
            super(AMD64.class, Amd64Backend::create);
        }
    }

    @Override
    public TargetMoveFactory<Amd64CodeEmitter> moveFactory() {
        return moveFactory;
    }

    /**
     * The registers the allocator may use: the VM's allocatable registers that the assembler encodes
     * (general registers and xmm0-xmm15; no APX or AVX-512 registers), minus the scratch register.
     */
    @Override
    protected boolean mayAllocate(Register r) {
        return r.encoding < 16 && !isScratch(r) && (r.getRegisterCategory().equals(AMD64.CPU) || r.getRegisterCategory().equals(AMD64.XMM));
    }

    @Override
    protected boolean isScratch(Register r) {
        return r.equals(Amd64CodeEmitter.SCRATCH);
    }

    /** Instruction selection for a lowered graph: refuses (BailoutException) or returns the LIR, before register allocation. */
    @Override
    public LirGraph select(Graph lowered) {
        return new Amd64LirGenerator(lowered, this).generate();
    }

    /** A near foreign call is a rel32 call or jump: its target must be within 2 GB of every code cache address. */
    @Override
    public void checkInstallable(CompiledCode code, CodeCacheProvider codeCache) {
        for (Site s : code.sites()) {
            if (s instanceof Call c && c.target instanceof StubTarget t && !t.isFar()) {
                long reach = codeCache.getMaxCallTargetOffset(t.address());
                if (reach < 0 || reach > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(String.format("foreign call target 0x%x is out of rel32 reach of the code cache", t.address()));
                }
            }
        }
    }

    @Override
    public String disassemble(byte[] code, long startAddress) {
        return Objdump.disassemble(code, startAddress);
    }

    @Override
    protected Amd64FrameBuilder newFrameBuilder(FrameLayout layout) {
        return new Amd64FrameBuilder(config(), layout);
    }

    @Override
    protected Amd64CodeEmitter newCodeEmitter(Amd64FrameBuilder frame, List<LirBlock> order) {
        return new Amd64CodeEmitter(frame, metaAccess(), order);
    }
}
