package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.aarch64.lir.Operands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.BarrierOption;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.aarch64.hotspot.Aarch64VmCallStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.AllocationShape;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/**
 * The VM's allocations through a {@code JVMCIRuntime} entry called through its stub ({@link #callVm})
 * (the lowering expanded the inline ones), and {@code Unsafe.allocateInstance}'s fast path.
 */
public final class Aarch64Allocation {
    private Aarch64Allocation() {
    }

    private static final Register THREAD = Aarch64FrameBuilder.THREAD;

    /**
     * {@link org.ssajit.ir.Op#VM_ALLOCATE}, an inline allocation's slow path: a new object or array in
     * x0 from {@code JVMCIRuntime::new_instance_or_null} or {@code new_array_or_null} (thread, class[,
     * length in x2]) through {@link #callVm}; no object (an exception, NegativeArraySizeException,
     * which the stub has cleared, or out of memory) deoptimizes to the state before the bytecode, so the
     * interpreter allocates or throws. Every register but x0 is clobbered (the op destroys them all, as
     * a call).
     */
    public static final class AllocateInVm extends Aarch64Op {
        private final AllocationShape shape;

        public AllocateInVm(AllocationShape shape, RegisterValue result, RegisterValue length, LirFrameState state) {
            super(values(result), length == null ? null : values(length), null, null);
            if (!(shape.hub() instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + shape.hub());
            }
            if (!result.getRegister().equals(AArch64.r0) || (length != null && !length.getRegister().equals(AArch64.r2))) {
                throw new IllegalArgumentException("the result is in x0, the length in x2: " + result + ", " + length);
            }
            this.shape = shape;
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            // new_array_or_null's length is already in x2, its third C argument.
            callVm(e, shape.isArray() ? "new_array_or_null" : "new_instance_or_null", shape.isArray() ? c.newArrayOrNull : c.newInstanceOrNull,
                            Aarch64VmCallStubs.Result.OBJECT, e.debugInfo(state()), trap, () -> e.loadMetadata(AArch64.r1, (HotSpotMetaspaceConstant) shape.hub()));
        }

        @Override
        public String name() {
            return "vmallocate " + shape;
        }
    }

    /**
     * An object's header at {@code obj}: the mark word from the class's prototype header, then, unless
     * compact headers keep it in the mark word, the class pointer (narrow with compressed class
     * pointers: minus the base, shifted). Clobbers {@link Aarch64CodeEmitter#SCRATCH1}.
     */
    static void storeHeader(Aarch64Assembler asm, HotSpotVmConfig c, Register obj, Register klass) {
        asm.ldr(64, SCRATCH1, Address.of(klass, c.klassPrototypeHeaderOffset));
        asm.str(64, SCRATCH1, Address.of(obj, 0));
        if (c.useCompactObjectHeaders) {
            return;
        }
        if (c.useCompressedClassPointers) {
            if (c.narrowKlassBase != 0) {
                asm.mov(64, SCRATCH1, c.narrowKlassBase);
                asm.sub(64, SCRATCH1, klass, SCRATCH1);
            } else {
                asm.mov(64, SCRATCH1, klass);
            }
            if (c.narrowKlassShift != 0) {
                asm.lsr(64, SCRATCH1, SCRATCH1, c.narrowKlassShift);
            }
            asm.str(32, SCRATCH1, Address.of(obj, c.oopKlassOffset));
        } else {
            asm.str(64, klass, Address.of(obj, c.oopKlassOffset));
        }
    }

    /**
     * Zeros from {@code obj + start} (8-byte aligned) up to {@code top}, 8 bytes at a time, with
     * {@code p} walking (post-indexed stores of zr).
     */
    static void zeroUpTo(Aarch64Assembler asm, Register obj, int start, Register top, Register p) {
        addImmediate(asm, p, obj, start);
        Label loop = new Label("zero");
        Label zeroed = new Label("zeroed");
        asm.bind(loop);
        asm.cmp(64, p, top);
        asm.b(Condition.HS, zeroed);
        asm.str(64, AArch64.zr, Address.postIndex(p, 8));
        asm.b(loop);
        asm.bind(zeroed);
    }

    /**
     * {@link org.ssajit.ir.Op#ALLOCATE_INSTANCE_OF}: a new instance of the class whose mirror is the
     * input (not null), or null where it cannot be allocated here (the call of
     * {@code Unsafe.allocateInstance} then does it). The class from the mirror's {@code _klass} (0: a
     * primitive type); its layout helper must be positive (an instance class) without the slow-path
     * bit, its init state fully initialized ({@code ldrb}); then the buffer's top moves by the layout
     * helper's size (a full buffer: null), the header and zeros go in as for {@link Allocate}, and a
     * {@code dmb ishst} publishes them. Temporaries: the class, the size (then the zeroing pointer), the
     * new top; {@link Aarch64CodeEmitter#SCRATCH1}. No call, no safepoint.
     */
    public static final class AllocateInstanceOf extends Aarch64Op {
        public AllocateInstanceOf(jdk.vm.ci.meta.AllocatableValue result, jdk.vm.ci.meta.AllocatableValue mirror, jdk.vm.ci.meta.AllocatableValue klassTemp,
                        jdk.vm.ci.meta.AllocatableValue sizeTemp, jdk.vm.ci.meta.AllocatableValue topTemp) {
            super(values(result), values(mirror), null, values(klassTemp, sizeTemp, topTemp));
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register mirror = Operands.reg(get(Mode.USE, 0));
            Register obj = Operands.reg(get(Mode.DEF, 0));
            Register klass = Operands.reg(get(Mode.TEMP, 0));
            Register size = Operands.reg(get(Mode.TEMP, 1));
            Register top = Operands.reg(get(Mode.TEMP, 2));
            Label none = new Label("allocateinstanceof-none");
            Label done = new Label("allocateinstanceof-done");

            asm.ldr(64, klass, Address.of(mirror, c.mirrorKlassOffset)); // the mirror is not needed after this
            asm.cbz(64, klass, none);
            asm.ldr(32, size, Address.of(klass, c.klassLayoutHelperOffset)); // zero-extended: positive below
            asm.cmp(32, size, 0);
            asm.b(Condition.LE, none);
            asm.tst(32, size, c.layoutHelperInstanceSlowPathBit);
            asm.b(Condition.NE, none);
            asm.ldr(8, SCRATCH1, Address.of(klass, c.instanceKlassInitStateOffset));
            asm.cmp(32, SCRATCH1, c.instanceKlassFullyInitialized);
            asm.b(Condition.NE, none);
            asm.ldr(64, obj, Address.of(THREAD, c.threadTlabTopOffset));
            asm.add(64, top, obj, size);
            asm.ldr(64, SCRATCH1, Address.of(THREAD, c.threadTlabEndOffset));
            asm.cmp(64, top, SCRATCH1);
            asm.b(Condition.HI, none);
            asm.str(64, top, Address.of(THREAD, c.threadTlabTopOffset));
            storeHeader(asm, c, obj, klass);
            int start = c.instanceHeaderSize();
            if (start % 8 == 4) {
                asm.str(32, AArch64.zr, Address.of(obj, start)); // a field or the gap: within the instance's size
                start += 4;
            }
            zeroUpTo(asm, obj, start, top, size); // size is not needed after the bump
            // Publish: the header and zeros before any store of the new reference.
            asm.dmb(BarrierOption.ISHST);
            asm.b(done);
            asm.bind(none);
            asm.mov(64, obj, AArch64.zr);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "allocateinstanceof";
        }
    }

    /**
     * A new multi-dimensional array in x0, always from the VM: the dimensions are at the bottom of the
     * frame as ints (the outgoing-argument area, written by moves right before this op), and
     * {@code JVMCIRuntime::new_multi_array_or_null(thread, array class, rank, dims)} runs through its
     * stub ({@link #callVm}) with this op's debug info. No array (an exception,
     * NegativeArraySizeException, or out of memory) deoptimizes to the state before the bytecode, so
     * the interpreter allocates or throws. Every register but x0 is clobbered.
     */
    public static final class AllocateMulti extends Aarch64Op {
        private final HotSpotMetaspaceConstant hub;
        private final int rank;

        public AllocateMulti(jdk.vm.ci.meta.Constant hub, int rank, RegisterValue result, LirFrameState state) {
            super(values(result), null, null, null);
            if (!(hub instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + hub);
            }
            if (!result.getRegister().equals(AArch64.r0) || rank <= 0) {
                throw new IllegalArgumentException("the result is in x0, and there is a dimension at least: " + result + ", " + rank);
            }
            this.hub = m;
            this.rank = rank;
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            DebugInfo callInfo = e.debugInfo(state());
            callVm(e, "new_multi_array_or_null", e.config().newMultiArrayOrNull, Aarch64VmCallStubs.Result.OBJECT, callInfo, trap, () -> {
                e.loadMetadata(AArch64.r1, hub);
                asm.mov(32, AArch64.r2, rank);
                asm.mov(64, AArch64.r3, AArch64.sp);
            });
        }

        @Override
        public String name() {
            return "allocatemulti " + hub + " rank " + rank;
        }
    }

    /**
     * Calls the VM entry {@code target} (named {@code entryName}) through its stub
     * ({@link Aarch64VmCallStubs}, which makes its own frame the thread's last Java frame: the VM may
     * run Java code before it returns) with {@code info}; {@code arguments} sets the entry's arguments
     * after the thread (x1-x3; it may use x8 and x9). The stub's result is in x0: the object, or 0
     * when the entry failed (its exception cleared), which takes {@code trap}.
     */
    static void callVm(Aarch64CodeEmitter e, String entryName, long target, Aarch64VmCallStubs.Result result, DebugInfo info, Label trap,
                    Runnable arguments) {
        arguments.run();
        e.frame().emitForeignCall(Aarch64VmCallStubs.address(e.config(), entryName, target, result), info);
        e.asm().cbz(result == Aarch64VmCallStubs.Result.OBJECT ? 64 : 32, AArch64.r0, trap);
    }

    /** {@code rd = rn + imm} for a non-negative {@code imm} (through x9 when it is no add immediate; rd may be rn). */
    static void addImmediate(Aarch64Assembler asm, Register rd, Register rn, long imm) {
        if (imm == 0) {
            if (!rd.equals(rn)) {
                asm.mov(64, rd, rn);
            }
        } else if (Aarch64Assembler.isArithmeticImmediate(imm)) {
            asm.add(64, rd, rn, imm);
        } else {
            asm.mov(64, SCRATCH2, imm);
            asm.add(64, rd, rn, SCRATCH2);
        }
    }
}
