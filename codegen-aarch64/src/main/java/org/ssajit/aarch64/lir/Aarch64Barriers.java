package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.aarch64.lir.Operands.reg;
import static org.ssajit.aarch64.lir.Operands.values;

import java.util.List;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.BarrierOption;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.ExtendType;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.GcBarrier;
import org.ssajit.ir.NarrowEncoding;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * The collectors' barriers around a reference store ({@link GcBarrier}) and G1's keep-alive barrier
 * of a {@code Reference.referent} read. The address operands (base, index) and the stored value are
 * alive through each barrier: its temps are written while they are still read. The slow paths are out
 * of line; those that call the VM's leaf C functions ({@code JVMCIRuntime::write_barrier_pre/post})
 * go through a stub shared by the method's barriers ({@link #callSavingRegisters}) that saves every
 * register the C convention lets the callee clobber, since a barrier is not a call for the register
 * allocator.
 */
public final class Aarch64Barriers {
    private Aarch64Barriers() {
    }

    private static final Register THREAD = Aarch64FrameBuilder.THREAD;

    /** What every store barrier has: the store's address, alive through the op, and its {@link GcBarrier}. */
    private abstract static class Barrier extends Aarch64Op {
        final GcBarrier barrier;
        private final boolean hasIndex;

        Barrier(GcBarrier barrier, Value[] alive, boolean hasIndex, Value[] temps) {
            super(null, null, alive, temps);
            this.barrier = barrier;
            this.hasIndex = hasIndex;
        }

        Register base() {
            return reg(get(Mode.ALIVE, 0));
        }

        Value index() {
            return hasIndex ? get(Mode.ALIVE, count(Mode.ALIVE) - 1) : null;
        }

        /** The store's address for an access of {@code bits}; may write x8. */
        Address address(Aarch64Assembler asm, int bits) {
            return Aarch64Memory.address(asm, base(), index(), barrier.access().displacement(), barrier.access().scale(), bits, SCRATCH1);
        }

        /** {@code dst = } the store's address ({@code base + sxtw(index) << log2(scale) + displacement}); may write x8. */
        void effectiveAddress(Aarch64Assembler asm, Register dst) {
            int displacement = barrier.access().displacement();
            Value index = index();
            if (index == null) {
                addImmediate(asm, dst, base(), displacement);
            } else {
                asm.add(64, dst, base(), reg(index), ExtendType.SXTW, Integer.numberOfTrailingZeros(barrier.access().scale()));
                addImmediate(asm, dst, dst, displacement);
            }
        }

        @Override
        public String name() {
            return barrier.toString();
        }
    }

    /** {@code rd = rn + imm} (rd may be rn): through x8 when {@code imm} is no add/sub immediate. */
    static void addImmediate(Aarch64Assembler asm, Register rd, Register rn, long imm) {
        if (imm == 0) {
            if (!rd.equals(rn)) {
                asm.mov(64, rd, rn);
            }
        } else if (Aarch64Assembler.isArithmeticImmediate(imm)) {
            asm.add(64, rd, rn, imm);
        } else if (Aarch64Assembler.isArithmeticImmediate(-imm)) {
            asm.sub(64, rd, rn, -imm);
        } else {
            asm.mov(64, SCRATCH1, imm);
            asm.add(64, rd, rn, SCRATCH1);
        }
    }

    /**
     * G1's SATB pre-barrier. Inline: {@code ldrb} of the thread's marking flag, {@code cbnz} out. Out of
     * line: the old value at the address (decoded if narrow); if not null, into the thread's SATB
     * buffer (its index counts down in bytes; 0 is full), else to {@code write_barrier_pre(thread, old)}.
     */
    public static final class G1PreBarrier extends Barrier {
        public G1PreBarrier(GcBarrier barrier, Value base, Value index, AllocatableValue temp1, AllocatableValue temp2) {
            super(barrier, index == null ? values(base) : values(base, index), index != null, values(temp1, temp2));
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register t1 = reg(get(Mode.TEMP, 0));
            Register old = reg(get(Mode.TEMP, 1));
            Label slow = new Label("satb-marking");
            Label done = new Label("satb-done");
            asm.ldr(8, SCRATCH1, Address.of(THREAD, c.g1SatbActiveOffset));
            asm.cbnz(32, SCRATCH1, slow);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                if (barrier.access().narrowOop()) {
                    asm.ldr(32, old, address(asm, 32));
                    Aarch64Memory.decodeInPlace(asm, old, new NarrowEncoding(c.narrowOopBase, c.narrowOopShift));
                } else {
                    asm.ldr(64, old, address(asm, 64));
                }
                asm.cbz(64, old, done);
                enqueue(e, c.g1SatbIndexOffset, c.g1SatbBufferOffset, old, t1, c.writeBarrierPre, done);
            });
        }
    }

    /**
     * G1's keep-alive barrier of a referent just read. Inline: is the thread's marking flag set? Out of
     * line: the value, if not null, into the thread's SATB buffer, else to
     * {@code write_barrier_pre(thread, value)}, as the pre-barrier does with a store's old value.
     */
    public static final class G1KeepAlive extends Aarch64Op {
        public G1KeepAlive(AllocatableValue value, AllocatableValue temp) {
            super(null, null, values(value), values(temp));
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register value = reg(get(Mode.ALIVE, 0));
            Register t = reg(get(Mode.TEMP, 0));
            Label slow = new Label("keep-alive-marking");
            Label done = new Label("keep-alive-done");
            asm.ldr(8, SCRATCH1, Address.of(THREAD, c.g1SatbActiveOffset));
            asm.cbnz(32, SCRATCH1, slow);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                asm.cbz(64, value, done);
                enqueue(e, c.g1SatbIndexOffset, c.g1SatbBufferOffset, value, t, c.writeBarrierPre, done);
            });
        }

        @Override
        public String name() {
            return "g1 keep-alive";
        }
    }

    /**
     * G1's post-barrier. Inline: a store within one heap region ({@code (address ^ value) >>
     * LogOfHRGrainBytes == 0}) needs nothing. Out of line: a null value needs nothing; else the card
     * ({@code base + (address >> shift)}) unless young or, after a StoreLoad fence ({@code dmb ish}),
     * already dirty, is dirtied and put in the thread's dirty-card buffer, or handed to
     * {@code write_barrier_post(thread, card)} when the buffer is full.
     */
    public static final class G1PostBarrier extends Barrier {
        private final boolean valueNonNull;

        public G1PostBarrier(GcBarrier barrier, Value base, Value value, Value index, boolean valueNonNull, AllocatableValue temp1, AllocatableValue temp2) {
            super(barrier, index == null ? values(base, value) : values(base, value, index), index != null, values(temp1, temp2));
            this.valueNonNull = valueNonNull;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register value = reg(get(Mode.ALIVE, 1));
            Register card = reg(get(Mode.TEMP, 0));
            Register t2 = reg(get(Mode.TEMP, 1));
            Label slow = new Label("g1-cross-region");
            Label done = new Label("g1-post-done");
            effectiveAddress(asm, card);
            asm.eor(64, t2, card, value);
            asm.lsr(64, t2, t2, c.g1LogRegionBytes);
            asm.cbnz(64, t2, slow);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                if (!valueNonNull) {
                    asm.cbz(64, value, done);
                }
                asm.lsr(64, card, card, c.cardTableShift);
                asm.mov(64, SCRATCH1, c.cardTableAddress);
                asm.add(64, card, card, SCRATCH1);
                asm.ldr(8, SCRATCH1, Address.of(card, 0));
                asm.cmp(32, SCRATCH1, c.g1YoungCard);
                asm.b(Condition.EQ, done);
                asm.dmb(BarrierOption.ISH);
                asm.ldr(8, SCRATCH1, Address.of(card, 0));
                asm.cmp(32, SCRATCH1, c.dirtyCard);
                asm.b(Condition.EQ, done);
                asm.str(8, dirtyCardValue(asm, c), Address.of(card, 0));
                enqueue(e, c.g1CardQueueIndexOffset, c.g1CardQueueBufferOffset, card, t2, c.writeBarrierPost, done);
            });
        }

        @Override
        public String name() {
            return super.name() + (valueNonNull ? " (value non-null)" : "");
        }
    }

    /** The register holding {@code CardTable::dirty_card}: zr for 0 (JDK 25's value), else x9 loaded with it. */
    private static Register dirtyCardValue(Aarch64Assembler asm, HotSpotVmConfig c) {
        if (c.dirtyCard == 0) {
            return AArch64.zr;
        }
        asm.mov(32, SCRATCH2, c.dirtyCard & 0xFF);
        return SCRATCH2;
    }

    /**
     * Puts {@code entry} into a thread-local G1 queue ({@code [x28 + indexOffset]}: bytes left, counting
     * down, 0 when full; {@code [x28 + bufferOffset]}: the buffer), else calls {@code runtime(thread,
     * entry)}; then branches to {@code done}. Clobbers {@code temp}, x8 and x9.
     */
    private static void enqueue(Aarch64CodeEmitter e, int indexOffset, int bufferOffset, Register entry, Register temp, long runtime, Label done) {
        Aarch64Assembler asm = e.asm();
        Label full = new Label("queue-full");
        asm.ldr(64, temp, Address.of(THREAD, indexOffset));
        asm.cbz(64, temp, full);
        asm.sub(64, temp, temp, 8);
        asm.str(64, temp, Address.of(THREAD, indexOffset));
        asm.ldr(64, SCRATCH1, Address.of(THREAD, bufferOffset));
        asm.str(64, entry, Address.indexed(SCRATCH1, temp));
        asm.b(done);
        asm.bind(full);
        callSavingRegisters(e, runtime, entry);
        asm.b(done);
    }

    /**
     * The general registers the C convention (AAPCS64) lets a callee clobber and the allocator may hold
     * values in: x0-x7 and x10-x18 (x8 and x9 are scratch; x18 is a temporary on Linux, where HotSpot
     * allocates it; saving it elsewhere is harmless), and lr, which the stub's own call overwrites.
     */
    static final List<Register> C_CALLER_SAVED = List.of(AArch64.r0, AArch64.r1, AArch64.r2, AArch64.r3, AArch64.r4, AArch64.r5, AArch64.r6, AArch64.r7,
                    AArch64.r10, AArch64.r11, AArch64.r12, AArch64.r13, AArch64.r14, AArch64.r15, AArch64.r16, AArch64.r17, AArch64.r18, AArch64.r30);
    /**
     * The SIMD registers whose low 64 bits (all a Java float or double uses) a C callee may clobber:
     * v0-v7 and v16-v31 (it keeps the low halves of v8-v15).
     */
    static final List<Register> C_CALLER_SAVED_SIMD = List.of(AArch64.v0, AArch64.v1, AArch64.v2, AArch64.v3, AArch64.v4, AArch64.v5, AArch64.v6, AArch64.v7,
                    AArch64.v16, AArch64.v17, AArch64.v18, AArch64.v19, AArch64.v20, AArch64.v21, AArch64.v22, AArch64.v23, AArch64.v24, AArch64.v25,
                    AArch64.v26, AArch64.v27, AArch64.v28, AArch64.v29, AArch64.v30, AArch64.v31);
    /** Bytes the stub takes below sp for them (a multiple of 16: sp stays aligned). */
    static final int SAVE_BYTES = 8 * (C_CALLER_SAVED.size() + C_CALLER_SAVED_SIMD.size());

    /**
     * Calls leaf C function {@code target(thread, argument)} keeping every register intact, through a
     * stub of this method shared by all its barriers ({@code bl}, the argument in x9; lr is not
     * allocatable and the frame saved the caller's lr at entry): the stub saves the registers above
     * ({@value #SAVE_BYTES} bytes), calls, restores and returns.
     */
    static void callSavingRegisters(Aarch64CodeEmitter e, long target, Register argument) {
        Aarch64Assembler asm = e.asm();
        Label stub = e.sharedOutOfLine("leaf-call-saving-registers " + Long.toHexString(target), () -> emitSavingStub(e, target));
        asm.mov(64, SCRATCH2, argument);
        asm.bl(stub);
    }

    private static void emitSavingStub(Aarch64CodeEmitter e, long target) {
        Aarch64Assembler asm = e.asm();
        if (SAVE_BYTES % 16 != 0 || C_CALLER_SAVED.size() % 2 != 0 || C_CALLER_SAVED_SIMD.size() % 2 != 0) {
            throw new IllegalStateException("the register save area must be pairs and keep sp 16-byte aligned");
        }
        asm.sub(64, AArch64.sp, AArch64.sp, SAVE_BYTES);
        saveOrRestore(asm, true);
        asm.mov(64, AArch64.r1, SCRATCH2);
        asm.mov(64, AArch64.r0, THREAD);
        e.frame().emitCFunctionCall(target);
        saveOrRestore(asm, false);
        asm.add(64, AArch64.sp, AArch64.sp, SAVE_BYTES);
        asm.ret();
    }

    private static void saveOrRestore(Aarch64Assembler asm, boolean save) {
        int offset = 0;
        for (List<Register> regs : List.of(C_CALLER_SAVED, C_CALLER_SAVED_SIMD)) {
            for (int k = 0; k < regs.size(); k += 2, offset += 16) {
                if (save) {
                    asm.stp(64, regs.get(k), regs.get(k + 1), Address.of(AArch64.sp, offset));
                } else {
                    asm.ldp(64, regs.get(k), regs.get(k + 1), Address.of(AArch64.sp, offset));
                }
            }
        }
    }
}
