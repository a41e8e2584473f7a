package org.ssajit.codegen;

import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.function.Consumer;

import org.ssajit.ir.Graph;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.MoveFactory;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.CodeCacheProvider;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;

/**
 * A target: what the compiler needs from AMD64 or AArch64 after the SSA graph is built and lowered
 * (codegen-core's {@code HotSpotLowering}), around a register allocator it does not own.
 *
 * <pre>
 *   LirGraph lir = backend.select(graph);              // instruction selection for the lowered graph (or a BailoutException)
 *   allocator.accept(lir);                             // e.g. LinearScan.allocate(lir, config) with backend.moveFactory()
 *   CompiledCode code = backend.emit(lir, name);       // prologue, blocks, stubs, handlers
 *   backend.checkInstallable(code, codeCache);         // what HotSpot would not notice itself
 * </pre>
 *
 * The allocator may use only {@link #allocatableRegisters()}, hands out spill slots from the LIR's
 * frame map, respects each op's operand modes and allowed locations, inserts moves through
 * {@link #moveFactory()} and fills every frame state with locations and live references. Back ends
 * are found by {@link Backends#forTarget}.
 */
public interface Backend {
    Architecture architecture();

    RegisterConfig registerConfig();

    /** The moves the register allocator inserts. */
    MoveFactory moveFactory();

    /** The registers the allocator may hand out: the VM's allocatable registers minus the back end's scratch registers. */
    List<Register> allocatableRegisters();

    /** The VM's allocatable registers the allocator must leave alone ({@link #allocatableRegisters()}'s complement). */
    default List<Register> withheldRegisters() {
        List<Register> withheld = new CompilerList<>(registerConfig().getAllocatableRegisters());
        withheld.removeAll(allocatableRegisters());
        return withheld;
    }

    /**
     * Instruction selection for a lowered graph: the LIR before register allocation, or a
     * BailoutException for what this target cannot compile.
     */
    LirGraph select(Graph lowered);

    /** Machine code for allocated LIR. */
    CompiledCode emit(LirGraph lir, String name);

    /** The whole way from a lowered graph: {@link #select}, {@code allocator}, {@link #emit}. */
    default CompiledCode compile(Graph lowered, String name, Consumer<LirGraph> allocator) {
        LirGraph lir = select(lowered);
        allocator.accept(lir);
        return emit(lir, name);
    }

    /**
     * Throws IllegalArgumentException if HotSpot could install {@code code} but running it would go
     * wrong in a way the installer does not check (a pc-relative call that cannot reach its target).
     */
    void checkInstallable(CompiledCode code, CodeCacheProvider codeCache);

    /** Machine code as text for dumps ({@code startAddress} is the address of byte 0), or null if no disassembler is available. */
    String disassemble(byte[] code, long startAddress);
}
