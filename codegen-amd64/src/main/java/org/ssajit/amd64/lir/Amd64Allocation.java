package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.amd64.hotspot.Amd64VmCallStubs;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.AllocationShape;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;

/** The VM's allocations (the lowering expanded the inline ones), and {@code Unsafe.allocateInstance}'s fast path. */
public final class Amd64Allocation {
    private Amd64Allocation() {
    }

    /**
     * {@link org.ssajit.ir.Op#VM_ALLOCATE}, an inline allocation's slow path: a new object or array in
     * rax from {@code JVMCIRuntime::new_instance_or_null} or {@code new_array_or_null} (thread, class[,
     * length in rdx]) through its stub ({@link Amd64VmCallStubs}: the VM may run Java code, a
     * NegativeArraySizeException's constructors, below a frame of the stub's), called with this op's
     * debug info; no object (an exception, which the stub has cleared, or out of memory) deoptimizes to
     * the state before the bytecode, so the interpreter allocates or throws. Every register but rax is
     * clobbered (the op destroys them all, as a call).
     */
    public static final class AllocateInVm extends Amd64Op {
        private final AllocationShape shape;

        public AllocateInVm(AllocationShape shape, RegisterValue result, RegisterValue length, LirFrameState state) {
            super(values(result), length == null ? null : values(length), null, null);
            if (!(shape.hub() instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + shape.hub());
            }
            if (!result.getRegister().equals(AMD64.rax) || (length != null && !length.getRegister().equals(AMD64.rdx))) {
                throw new IllegalArgumentException("the result is in rax, the length in rdx: " + result + ", " + length);
            }
            this.shape = shape;
            setState(state);
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            int pc = asm.movabs(AMD64.rsi, 0L);
            e.recordPatch(new DataPatch(pc, new ConstantReference((HotSpotMetaspaceConstant) shape.hub())));
            // new_array_or_null's length is already in rdx, its third C argument.
            e.frame().emitForeignCall(shape.isArray() ? Amd64VmCallStubs.address(c, "new_array_or_null", c.newArrayOrNull, Amd64VmCallStubs.Result.OBJECT)
                            : Amd64VmCallStubs.address(c, "new_instance_or_null", c.newInstanceOrNull, Amd64VmCallStubs.Result.OBJECT), e.debugInfo(state()));
            // Null: an exception (NegativeArraySizeException), which the interpreter throws again
            // when it re-executes the bytecode, or no memory.
            asm.test(QWORD, AMD64.rax, AMD64.rax);
            asm.jcc(Condition.E, trap);
        }

        @Override
        public String name() {
            return "vmallocate " + shape;
        }
    }

    /**
     * {@link org.ssajit.ir.Op#ALLOCATE_INSTANCE_OF}: a new instance of the class whose mirror is the
     * input (not null), or null where it cannot be allocated here (the call of
     * {@code Unsafe.allocateInstance} then does it). The class from the mirror's {@code _klass} (0: a
     * primitive type); its layout helper must be positive (an instance class) without the slow-path
     * bit, its init state fully initialized; then the buffer's top moves by the layout helper's size
     * (a full buffer: null), and the header and zeros go in as for {@link Allocate}. Temporaries: the
     * class, the size (then the narrow-class base), the new top; {@link Amd64CodeEmitter#SCRATCH} for
     * the header and the zeroing. No call, no safepoint.
     */
    public static final class AllocateInstanceOf extends Amd64Op {
        public AllocateInstanceOf(jdk.vm.ci.meta.AllocatableValue result, jdk.vm.ci.meta.AllocatableValue mirror, jdk.vm.ci.meta.AllocatableValue klassTemp,
                        jdk.vm.ci.meta.AllocatableValue sizeTemp, jdk.vm.ci.meta.AllocatableValue topTemp) {
            super(values(result), values(mirror), null, values(klassTemp, sizeTemp, topTemp));
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register mirror = Operands.reg(get(Mode.USE, 0));
            Register obj = Operands.reg(get(Mode.DEF, 0));
            Register klass = Operands.reg(get(Mode.TEMP, 0));
            Register size = Operands.reg(get(Mode.TEMP, 1));
            Register top = Operands.reg(get(Mode.TEMP, 2));
            Register p = Amd64CodeEmitter.SCRATCH;
            Label none = new Label("allocateinstanceof-none");
            Label done = new Label("allocateinstanceof-done");

            asm.mov(QWORD, klass, Address.of(mirror, c.mirrorKlassOffset)); // the mirror is not needed after this
            asm.test(QWORD, klass, klass);
            asm.jcc(Condition.E, none);
            asm.mov(DWORD, size, Address.of(klass, c.klassLayoutHelperOffset)); // zero-extends: positive below
            asm.test(DWORD, size, size);
            asm.jcc(Condition.LE, none);
            asm.test(DWORD, size, c.layoutHelperInstanceSlowPathBit);
            asm.jcc(Condition.NE, none);
            asm.alu(AluOp.CMP, org.ssajit.amd64.asm.OperandSize.BYTE, Address.of(klass, c.instanceKlassInitStateOffset), c.instanceKlassFullyInitialized);
            asm.jcc(Condition.NE, none);
            asm.mov(QWORD, obj, Address.of(AMD64.r15, c.threadTlabTopOffset));
            asm.lea(QWORD, top, Address.of(obj, size, org.ssajit.amd64.asm.Scale.ONE, 0));
            asm.alu(AluOp.CMP, QWORD, top, Address.of(AMD64.r15, c.threadTlabEndOffset));
            asm.jcc(Condition.A, none);
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadTlabTopOffset), top);
            storeHeader(asm, c, obj, klass, p, size);
            int start = c.instanceHeaderSize();
            if (start % 8 == 4) {
                asm.mov(DWORD, Address.of(obj, start), 0); // a field or the gap: within the instance's size
                start += 4;
            }
            zeroUpTo(asm, obj, start, top, p, done);
            asm.bind(none);
            asm.alu(AluOp.XOR, DWORD, obj, obj);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "allocateinstanceof";
        }
    }

    /**
     * An object's header at {@code obj}: the mark word from the class's prototype header, then, unless
     * compact headers keep it in the mark word, the class pointer (narrow with compressed class
     * pointers: minus the base, shifted). Clobbers {@code scratch}, and {@code base} where the
     * narrow-class base is not 0.
     */
    static void storeHeader(Amd64Assembler asm, HotSpotVmConfig c, Register obj, Register klass, Register scratch, Register base) {
        asm.mov(QWORD, scratch, Address.of(klass, c.klassPrototypeHeaderOffset));
        asm.mov(QWORD, Address.of(obj), scratch);
        if (c.useCompactObjectHeaders) {
            return;
        }
        if (c.useCompressedClassPointers) {
            asm.mov(QWORD, scratch, klass);
            if (c.narrowKlassBase != 0) {
                asm.movabs(base, c.narrowKlassBase);
                asm.alu(AluOp.SUB, QWORD, scratch, base);
            }
            if (c.narrowKlassShift != 0) {
                asm.shift(ShiftOp.SHR, QWORD, scratch, c.narrowKlassShift);
            }
            asm.mov(DWORD, Address.of(obj, c.oopKlassOffset), scratch);
        } else {
            asm.mov(QWORD, Address.of(obj, c.oopKlassOffset), klass);
        }
    }

    /**
     * Zeros from {@code obj + start} (8-byte aligned) up to {@code top}, 8 bytes at a time, with
     * {@code p} walking; jumps to {@code exit} when done.
     */
    static void zeroUpTo(Amd64Assembler asm, Register obj, int start, Register top, Register p, Label exit) {
        asm.lea(QWORD, p, Address.of(obj, start));
        Label loop = new Label("zero");
        asm.bind(loop);
        asm.alu(AluOp.CMP, QWORD, p, top);
        asm.jcc(Condition.AE, exit);
        asm.mov(QWORD, Address.of(p), 0);
        asm.alu(AluOp.ADD, QWORD, p, 8);
        asm.jmp(loop);
    }

    /**
     * A new multi-dimensional array in rax, always from the VM: the dimensions stored as ints at the
     * bottom of the frame (its outgoing-argument area, free between calls), then
     * {@code JVMCIRuntime::new_multi_array_or_null(thread, array class, rank, dims)} through its stub
     * ({@link Amd64VmCallStubs}) with this op's debug info. No array (an exception,
     * NegativeArraySizeException, or out of memory) deoptimizes to the state before the bytecode, so
     * the interpreter allocates or throws. Every register but rax is clobbered.
     */
    public static final class AllocateMulti extends Amd64Op {
        private final HotSpotMetaspaceConstant hub;

        public AllocateMulti(jdk.vm.ci.meta.Constant hub, RegisterValue result, jdk.vm.ci.meta.Value[] dimensions, LirFrameState state) {
            super(values(result), dimensions, null, null);
            if (!(hub instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + hub);
            }
            if (!result.getRegister().equals(AMD64.rax) || dimensions.length == 0) {
                throw new IllegalArgumentException("the result is in rax, and there is a dimension at least: " + result + ", " + dimensions.length);
            }
            this.hub = m;
            setState(state);
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK | CONST : REG;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Label trap = e.trap(state(), DeoptimizationReason.RuntimeConstraint, DeoptimizationAction.None);
            jdk.vm.ci.code.DebugInfo callInfo = e.debugInfo(state());
            int rank = count(Mode.USE);
            for (int k = 0; k < rank; k++) {
                jdk.vm.ci.meta.Value d = get(Mode.USE, k);
                Address slot = Address.of(AMD64.rsp, 4 * k);
                if (Operands.isConstant(d)) {
                    asm.mov(DWORD, slot, Operands.imm32(d));
                } else if (Operands.isRegister(d)) {
                    asm.mov(DWORD, slot, Operands.reg(d));
                } else {
                    asm.mov(DWORD, Amd64CodeEmitter.SCRATCH, Operands.address(e, d));
                    asm.mov(DWORD, slot, Amd64CodeEmitter.SCRATCH);
                }
            }
            int pc = asm.movabs(AMD64.rsi, 0L);
            e.recordPatch(new DataPatch(pc, new ConstantReference(hub)));
            asm.mov(DWORD, AMD64.rdx, rank);
            asm.lea(QWORD, AMD64.rcx, Address.of(AMD64.rsp, 0));
            e.frame().emitForeignCall(Amd64VmCallStubs.address(c, "new_multi_array_or_null", c.newMultiArrayOrNull, Amd64VmCallStubs.Result.OBJECT), callInfo);
            // Null: an exception (NegativeArraySizeException) the interpreter throws again, or no memory.
            asm.test(QWORD, AMD64.rax, AMD64.rax);
            asm.jcc(Condition.E, trap);
        }

        @Override
        public String name() {
            return "allocatemulti " + hub + " rank " + count(Mode.USE);
        }
    }
}
