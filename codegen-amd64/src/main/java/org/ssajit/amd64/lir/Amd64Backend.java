package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

import org.ssajit.amd64.hotspot.Amd64FrameBuilder;
import org.ssajit.amd64.hotspot.FrameLayout;
import org.ssajit.amd64.hotspot.HotSpotAmd64Config;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.ir.Graph;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.hotspot.HotSpotCallingConventionType;
import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The AMD64 back end for HotSpot: SSA in, {@link CompiledCode} out, around a register allocator it
 * does not own.
 *
 * <pre>
 *   LirGraph lir = backend.lower(graph);               // Amd64LirGenerator: refuses, or selects instructions
 *   allocator.accept(lir);                               // e.g. LinearScan.allocate(lir, config) with backend.moveFactory()
 *   CompiledCode code = backend.emit(lir, name);         // prologue, blocks, stubs, handlers
 * </pre>
 *
 * The allocator must use only {@link #allocatableRegisters()} (r10 is the back end's scratch, never
 * allocated), hand out spill slots from the graph's {@link Amd64FrameMap}, respect each op's operand
 * modes and {@link LirOp#allowed} locations, insert moves through {@link #moveFactory()}, and fill every
 * {@link LirFrameState} with locations and its live references.
 */
public final class Amd64Backend {
    private final HotSpotAmd64Config config;
    private final MetaAccessProvider metaAccess;
    private final ConstantReflectionProvider constantReflection;
    private final RegisterConfig registerConfig;
    private final Architecture architecture;
    private final Amd64MoveFactory moveFactory;
    private final boolean implicitNullChecks;
    private final boolean avx;

    /**
     * A back end with explicit null checks only (see {@link #withImplicitNullChecks}) that uses AVX
     * encodings when the target has AVX (see {@link #withAvx}).
     */
    public Amd64Backend(HotSpotAmd64Config config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture) {
        this(config, metaAccess, constantReflection, registerConfig, architecture, false, targetHasAvx(architecture));
    }

    private Amd64Backend(HotSpotAmd64Config config, MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection,
                    RegisterConfig registerConfig, Architecture architecture, boolean implicitNullChecks, boolean avx) {
        this.config = Objects.requireNonNull(config);
        this.metaAccess = Objects.requireNonNull(metaAccess);
        this.constantReflection = Objects.requireNonNull(constantReflection);
        this.registerConfig = Objects.requireNonNull(registerConfig);
        this.architecture = Objects.requireNonNull(architecture);
        if (!(architecture instanceof AMD64)) {
            throw new IllegalArgumentException("not an AMD64 target: " + architecture);
        }
        this.moveFactory = new Amd64MoveFactory(architecture);
        this.implicitNullChecks = implicitNullChecks;
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
     * This back end with implicit null checks on or off. On, a null check right before an access at
     * a small displacement from the reference (a field, an array's length, a bounds check) is that
     * access itself: a null reference faults on the null page and HotSpot deoptimizes, invalidating
     * the code. So they are used only in methods whose profile records no null-check deoptimization
     * yet: after one, the recompiled code checks explicitly and keeps running when nulls come.
     */
    public Amd64Backend withImplicitNullChecks(boolean on) {
        return on == implicitNullChecks ? this : new Amd64Backend(config, metaAccess, constantReflection, registerConfig, architecture, on, avx);
    }

    public boolean implicitNullChecks() {
        return implicitNullChecks;
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
        return on == avx ? this : new Amd64Backend(config, metaAccess, constantReflection, registerConfig, architecture, implicitNullChecks, on);
    }

    public boolean avx() {
        return avx;
    }

    /** The back end for the VM this runs in. */
    public static Amd64Backend host() {
        HotSpotJVMCIRuntime runtime = HotSpotJVMCIRuntime.runtime();
        JVMCIBackend b = runtime.getHostJVMCIBackend();
        return new Amd64Backend(HotSpotAmd64Config.host(), b.getMetaAccess(), b.getConstantReflection(), b.getCodeCache().getRegisterConfig(),
                        b.getTarget().arch);
    }

    public HotSpotAmd64Config config() {
        return config;
    }

    public MetaAccessProvider metaAccess() {
        return metaAccess;
    }

    public ConstantReflectionProvider constantReflection() {
        return constantReflection;
    }

    public RegisterConfig registerConfig() {
        return registerConfig;
    }

    public Architecture architecture() {
        return architecture;
    }

    public Amd64MoveFactory moveFactory() {
        return moveFactory;
    }

    /**
     * The registers the allocator may use: the VM's allocatable registers that the assembler encodes
     * (general registers and xmm0-xmm15; no APX or AVX-512 registers), minus the scratch register.
     */
    public List<Register> allocatableRegisters() {
        List<Register> out = new ArrayList<>();
        for (Register r : registerConfig.getAllocatableRegisters()) {
            if (r.encoding < 16 && !r.equals(Amd64CodeEmitter.SCRATCH)
                            && (r.getRegisterCategory().equals(AMD64.CPU) || r.getRegisterCategory().equals(AMD64.XMM))) {
                out.add(r);
            }
        }
        return out;
    }

    /** Instruction selection: refuses (BailoutException) or returns the LIR, before register allocation. */
    public LirGraph lower(Graph graph) {
        return new Amd64LirGenerator(graph, this).generate();
    }

    /** The whole pipeline after SSA: lower, allocate with {@code allocator}, emit. */
    public CompiledCode compile(Graph graph, String name, Consumer<LirGraph> allocator) {
        LirGraph lir = lower(graph);
        allocator.accept(lir);
        return emit(lir, name);
    }

    /**
     * Emits allocated LIR as a HotSpot nmethod body: the frame builder's prologue, the blocks in order,
     * out-of-line trap stubs, jump tables, then the frame builder's stubs and handlers. Refuses LIR that
     * still names variables or puts an operand where its op does not allow it.
     */
    public CompiledCode emit(LirGraph lir, String name) {
        if (!(lir.frameMap() instanceof Amd64FrameMap frameMap)) {
            throw new IllegalArgumentException("LIR not generated by this back end: " + lir.frameMap());
        }
        checkAllocated(lir);
        FrameLayout layout = frameMap.layout();
        Amd64FrameBuilder frame = new Amd64FrameBuilder(config, layout);
        if (lir.ir().isOsr()) {
            frame.emitOsrPrologue();
        } else {
            if (!lir.ir().method().isStatic()) {
                frame.emitInlineCacheCheck(registerConfig().getCallingConventionRegisters(HotSpotCallingConventionType.JavaCallee, JavaKind.Object).get(0));
            }
            frame.emitPrologue();
        }
        List<LirBlock> order = emissionOrder(lir);
        Amd64CodeEmitter emitter = new Amd64CodeEmitter(frame, metaAccess, order);
        for (LirBlock b : order) {
            for (LirOp op : b.ops()) {
                op.emit(emitter);
            }
        }
        emitter.finishBody();
        return emitter.withPatches(frame.finish(name));
    }

    /** Loop headers with at most this many ops (label and branch included) are placed after their latch. */
    static final int MAX_ROTATED_HEADER_OPS = 12;

    /**
     * The order blocks are emitted in: the LIR's order (reverse postorder, the entry first), with loop
     * rotation. A small loop header that ends in a conditional branch and is reached from its one
     * latch by a plain jump is moved right after that latch: each iteration then runs the latch into
     * the header's test and takes one branch back to the body, instead of jumping back to the header
     * and branching again; entering the loop costs one jump. Any order is correct (every block ends in
     * explicit jumps or branches, the emitter only elides jumps to the next block); this one is faster.
     */
    static List<LirBlock> emissionOrder(LirGraph lir) {
        List<LirBlock> order = new ArrayList<>(lir.blocks());
        Map<LirBlock, List<LirBlock>> backEdges = backEdges(order.get(0));
        for (LirBlock header : lir.blocks()) {
            List<LirBlock> latches = backEdges.getOrDefault(header, List.of());
            if (header == order.get(0) || latches.size() != 1 || header.ops().size() > MAX_ROTATED_HEADER_OPS
                            || !(header.last() instanceof Amd64Compares.Branch)) {
                continue;
            }
            LirBlock latch = latches.get(0);
            if (latch == header || !(latch.last() instanceof JumpOp j) || j.target() != header) {
                continue;
            }
            order.remove(header);
            order.add(order.indexOf(latch) + 1, header);
        }
        return order;
    }

    /** For each loop header, the sources of its back edges: edges to a block on the depth-first search stack. */
    private static Map<LirBlock, List<LirBlock>> backEdges(LirBlock entry) {
        Map<LirBlock, List<LirBlock>> result = new HashMap<>();
        Set<LirBlock> visited = new HashSet<>();
        Set<LirBlock> onStack = new HashSet<>();
        Deque<LirBlock> blocks = new ArrayDeque<>();
        Deque<Integer> next = new ArrayDeque<>();
        visited.add(entry);
        onStack.add(entry);
        blocks.push(entry);
        next.push(0);
        while (!blocks.isEmpty()) {
            LirBlock b = blocks.peek();
            int i = next.pop();
            if (i == b.successors().size()) {
                onStack.remove(blocks.pop());
                continue;
            }
            next.push(i + 1);
            LirBlock s = b.successors().get(i);
            if (onStack.contains(s)) {
                result.computeIfAbsent(s, x -> new ArrayList<>()).add(b);
            } else if (visited.add(s)) {
                onStack.add(s);
                blocks.push(s);
                next.push(0);
            }
        }
        return result;
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
            boolean xmm = r.getRegister().getRegisterCategory().equals(AMD64.XMM);
            if (xmm != isFloatKind(v)) {
                throw new IllegalStateException(op + ": " + v + " is in the wrong register file");
            }
            if (r.getRegister().equals(Amd64CodeEmitter.SCRATCH)) {
                throw new IllegalStateException(op + ": " + v + " uses the scratch register");
            }
        }
    }
}
