package org.ssajit.regalloc;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.lir.MoveFactory;
import org.ssajit.util.IntMath;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.meta.PlatformKind;

/**
 * What the register allocator needs to know about a target: which registers it may hand out for a
 * value of each platform kind, which registers a call destroys, and how to move values.
 *
 * <p>Built from JVMCI's {@link RegisterConfig}: {@code getAllocatableRegisters()} minus the registers
 * the target withholds (scratch registers its moves or instructions use behind the allocator's back),
 * filtered per kind with {@code filterAllocatableRegisters}; {@code getCallerSaveRegisters()} for calls.
 * HotSpot's Java ABI saves nothing across calls, so every allocatable register is caller-saved there.
 */
public final class RegisterAllocationConfig {
    private final RegisterConfig registerConfig;
    private final List<Register> allocatable;
    private final boolean[] callerSaved;
    private final boolean[] isAllocatable;
    private final MoveFactory moveFactory;
    private final boolean verify;
    private final boolean recordOriginals;
    private final Map<PlatformKind, List<Register>> byKind = CompilerMap.identity(); // the kinds are enums: no Enum.hashCode

    private RegisterAllocationConfig(RegisterConfig registerConfig, List<Register> allocatable, boolean[] callerSaved, MoveFactory moveFactory,
                    boolean verify, boolean recordOriginals) {
        this.registerConfig = registerConfig;
        this.allocatable = allocatable;
        this.callerSaved = callerSaved;
        this.moveFactory = moveFactory;
        this.verify = verify;
        this.recordOriginals = recordOriginals || verify;
        this.isAllocatable = new boolean[callerSaved.length];
        for (Register r : allocatable) {
            isAllocatable[r.number] = true;
        }
    }

    /** Every allocatable register of {@code rc}, with verification on. */
    public static RegisterAllocationConfig of(RegisterConfig rc, MoveFactory moves) {
        return of(rc, moves, Set.of());
    }

    /**
     * The allocatable registers of {@code rc} except {@code withheld} (e.g. the scratch register a target's
     * stack-to-stack move uses), with verification on.
     */
    public static RegisterAllocationConfig of(RegisterConfig rc, MoveFactory moves, Collection<Register> withheld) {
        List<Register> regs = new CompilerList<>();
        int limit = 0;
        for (Register r : rc.getAllocatableRegisters()) {
            if (!withheld.contains(r)) {
                regs.add(r);
            }
            limit = IntMath.max(limit, r.number + 1);
        }
        for (Register r : rc.getCallerSaveRegisters()) {
            limit = IntMath.max(limit, r.number + 1);
        }
        boolean[] saved = new boolean[limit];
        for (Register r : rc.getCallerSaveRegisters()) {
            saved[r.number] = true;
        }
        return new RegisterAllocationConfig(rc, CompilerList.copyOf(regs), saved, moves, true, true);
    }

    /** The same configuration with the allocation verifier switched on or off. */
    public RegisterAllocationConfig withVerification(boolean on) {
        return new RegisterAllocationConfig(registerConfig, allocatable, callerSaved, moveFactory, on, recordOriginals);
    }

    /**
     * The same configuration with the result keeping, or not, every op's operands before allocation,
     * which {@link AllocationResult#verify()} checks against (on by default, and whenever
     * {@link #verify()} is): a compile that never verifies need not copy them.
     */
    public RegisterAllocationConfig withOriginalsRecorded(boolean on) {
        return new RegisterAllocationConfig(registerConfig, allocatable, callerSaved, moveFactory, verify, on);
    }

    /** Whether the result of {@link LinearScan#allocate} can be verified afterwards ({@link #withOriginalsRecorded}). */
    public boolean recordsOriginals() {
        return recordOriginals;
    }

    /** Whether {@link LinearScan#allocate} checks its result with the {@link AllocationVerifier}. */
    public boolean verify() {
        return verify;
    }

    public MoveFactory moveFactory() {
        return moveFactory;
    }

    /** All registers the allocator may assign, over every kind. */
    public List<Register> allocatableRegisters() {
        return allocatable;
    }

    /** The registers a value of {@code kind} may be assigned, in the register configuration's preference order. */
    public synchronized List<Register> allocatableRegisters(PlatformKind kind) {
        return byKind.computeIfAbsent(kind, k -> CompilerList.copyOf(registerConfig.filterAllocatableRegisters(k, allocatable)));
    }

    private final Map<PlatformKind, Register[]> arraysByKind = CompilerMap.identity();

    /** {@link #allocatableRegisters(PlatformKind)} as an array made once (shared: do not modify). */
    synchronized Register[] allocatableRegisterArray(PlatformKind kind) {
        return arraysByKind.computeIfAbsent(kind, k -> allocatableRegisters(k).toArray(new Register[0]));
    }

    public boolean isAllocatable(Register r) {
        return r.number < isAllocatable.length && isAllocatable[r.number];
    }

    /** Whether a call ({@code LirOp.destroysCallerSavedRegisters()}) destroys {@code r}. */
    public boolean isCallerSaved(Register r) {
        return r.number < callerSaved.length && callerSaved[r.number];
    }

    /** One more than the highest register number the allocator deals with: the size of per-register tables. */
    int registerLimit() {
        return callerSaved.length;
    }
}
