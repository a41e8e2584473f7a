package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;
import static org.ssajit.amd64.lir.Operands.reg;
import static org.ssajit.amd64.lir.Operands.values;

import java.util.List;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.amd64.lir.Amd64Memory.AddressShape;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.GcBarrier;
import org.ssajit.ir.NarrowEncoding;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Reference stores: compressing the stored reference, and the collectors' barriers around the store
 * ({@link GcBarrier}). The address operands (base, index) are alive through each barrier: its temps
 * are written while they are still read. The slow paths are out of line; those that call the VM's
 * leaf C functions ({@code JVMCIRuntime::write_barrier_pre/post}) save and restore every register the
 * C convention lets the callee clobber, since a barrier is not a call for the register allocator.
 */
public final class Amd64Barriers {
    private Amd64Barriers() {
    }

    /**
     * {@link org.ssajit.ir.Op#COMPRESS}: {@code narrow = ref == null ? 0 : (ref - base) >> shift}, in
     * the result's 64-bit register (its upper half zero). Without a base, null gives 0 by itself.
     */
    public static final class Compress extends Amd64Op {
        private final NarrowEncoding narrow;

        public Compress(AllocatableValue result, AllocatableValue reference, NarrowEncoding narrow) {
            super(values(result), values(reference), null, null);
            this.narrow = narrow;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register ref = reg(get(Mode.USE, 0));
            if (!r.equals(ref)) {
                asm.mov(QWORD, r, ref);
            }
            Label done = new Label("compress-null");
            if (narrow.base() != 0) {
                asm.test(QWORD, r, r);
                asm.jcc(Condition.E, done);
                asm.mov(QWORD, SCRATCH, narrow.base());
                asm.alu(AluOp.SUB, QWORD, r, SCRATCH);
            }
            if (narrow.shift() != 0) {
                asm.shift(ShiftOp.SHR, QWORD, r, narrow.shift());
            }
            asm.bind(done);
        }

        @Override
        public String name() {
            return "compress " + narrow;
        }
    }

    /** What every barrier has: the store's address, alive through the op, and its {@link GcBarrier}. */
    private abstract static class Barrier extends Amd64Op {
        final GcBarrier barrier;
        final AddressShape shape;
        private final boolean hasIndex;

        Barrier(GcBarrier barrier, AddressShape shape, Value[] alive, boolean hasIndex, Value[] temps) {
            super(null, null, alive, temps);
            this.barrier = barrier;
            this.shape = shape;
            this.hasIndex = hasIndex;
        }

        /** The store's address; may clobber {@link Amd64CodeEmitter#SCRATCH} (an index's sign extension). */
        Address address(Amd64CodeEmitter e) {
            Value base = get(Mode.ALIVE, 0);
            Value index = hasIndex ? get(Mode.ALIVE, count(Mode.ALIVE) - 1) : null;
            return Amd64Memory.address(e, base, index, shape);
        }

        @Override
        public String name() {
            return barrier.toString();
        }
    }

    /**
     * G1's SATB pre-barrier. Inline: is the thread's marking flag set? Out of line: the old value at
     * the address (decoded if narrow); if not null, into the thread's SATB buffer (its index counts
     * down in bytes; 0 is full), else to {@code write_barrier_pre(thread, old)}.
     */
    public static final class G1PreBarrier extends Barrier {
        public G1PreBarrier(GcBarrier barrier, AddressShape shape, Value base, Value index, AllocatableValue temp1, AllocatableValue temp2) {
            super(barrier, shape, index == null ? values(base) : values(base, index), index != null, values(temp1, temp2));
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register t1 = reg(get(Mode.TEMP, 0));
            Register old = reg(get(Mode.TEMP, 1));
            Label slow = new Label("satb-marking");
            Label done = new Label("satb-done");
            asm.alu(AluOp.CMP, BYTE, Address.of(AMD64.r15, c.g1SatbActiveOffset), 0);
            asm.jcc(Condition.NE, slow);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                Address a = address(e);
                if (barrier.access().narrowOop()) {
                    asm.mov(DWORD, old, a);
                    Amd64Memory.decode(asm, old, new NarrowEncoding(c.narrowOopBase, c.narrowOopShift));
                } else {
                    asm.mov(QWORD, old, a);
                }
                asm.test(QWORD, old, old);
                asm.jcc(Condition.E, done);
                enqueue(e, c.g1SatbIndexOffset, c.g1SatbBufferOffset, old, t1, c.writeBarrierPre, done);
            });
        }
    }

    /**
     * G1's keep-alive barrier of a referent just read. Inline: is the thread's marking flag set? Out of
     * line: the value, if not null, into the thread's SATB buffer, else to
     * {@code write_barrier_pre(thread, value)}, as the pre-barrier does with a store's old value.
     */
    public static final class G1KeepAlive extends Amd64Op {
        public G1KeepAlive(AllocatableValue value, AllocatableValue temp) {
            super(null, null, values(value), values(temp));
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register value = reg(get(Mode.ALIVE, 0));
            Register t = reg(get(Mode.TEMP, 0));
            Label slow = new Label("keep-alive-marking");
            Label done = new Label("keep-alive-done");
            asm.alu(AluOp.CMP, BYTE, Address.of(AMD64.r15, c.g1SatbActiveOffset), 0);
            asm.jcc(Condition.NE, slow);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                asm.test(QWORD, value, value);
                asm.jcc(Condition.E, done);
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
     * ({@code base + (address >> shift)}) unless young or, after a StoreLoad fence, already dirty, is
     * dirtied and put in the thread's dirty-card buffer, or handed to
     * {@code write_barrier_post(thread, card)} when the buffer is full.
     */
    public static final class G1PostBarrier extends Barrier {
        private final boolean valueNonNull;

        public G1PostBarrier(GcBarrier barrier, AddressShape shape, Value base, Value value, Value index, boolean valueNonNull, AllocatableValue temp1,
                        AllocatableValue temp2) {
            super(barrier, shape, index == null ? values(base, value) : values(base, value, index), index != null, values(temp1, temp2));
            this.valueNonNull = valueNonNull;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register value = reg(get(Mode.ALIVE, 1));
            Register card = reg(get(Mode.TEMP, 0));
            Register t2 = reg(get(Mode.TEMP, 1));
            Label slow = new Label("g1-cross-region");
            Label done = new Label("g1-post-done");
            asm.lea(QWORD, card, address(e));
            asm.mov(QWORD, t2, card);
            asm.alu(AluOp.XOR, QWORD, t2, value);
            asm.shift(ShiftOp.SHR, QWORD, t2, c.g1LogRegionBytes);
            asm.jcc(Condition.NE, slow);
            asm.bind(done);
            e.outOfLine(() -> {
                asm.bind(slow);
                if (!valueNonNull) {
                    asm.test(QWORD, value, value);
                    asm.jcc(Condition.E, done);
                }
                asm.shift(ShiftOp.SHR, QWORD, card, c.cardTableShift);
                asm.movabs(SCRATCH, c.cardTableAddress);
                asm.alu(AluOp.ADD, QWORD, card, SCRATCH);
                asm.alu(AluOp.CMP, BYTE, Address.of(card), c.g1YoungCard);
                asm.jcc(Condition.E, done);
                asm.lock();
                asm.alu(AluOp.ADD, DWORD, Address.of(AMD64.rsp), 0);
                asm.alu(AluOp.CMP, BYTE, Address.of(card), c.dirtyCard);
                asm.jcc(Condition.E, done);
                asm.mov(BYTE, Address.of(card), c.dirtyCard);
                enqueue(e, c.g1CardQueueIndexOffset, c.g1CardQueueBufferOffset, card, t2, c.writeBarrierPost, done);
            });
        }

        @Override
        public String name() {
            return super.name() + (valueNonNull ? " (value non-null)" : "");
        }
    }

    /**
     * Puts {@code entry} into a thread-local G1 queue ({@code [r15 + indexOffset]}: bytes left, counting
     * down, 0 when full; {@code [r15 + bufferOffset]}: the buffer), else calls {@code runtime(thread,
     * entry)}; then jumps to {@code done}. Clobbers {@code temp}.
     */
    private static void enqueue(Amd64CodeEmitter e, int indexOffset, int bufferOffset, Register entry, Register temp, long runtime, Label done) {
        Amd64Assembler asm = e.asm();
        Label full = new Label("queue-full");
        asm.mov(QWORD, temp, Address.of(AMD64.r15, indexOffset));
        asm.test(QWORD, temp, temp);
        asm.jcc(Condition.E, full);
        asm.alu(AluOp.SUB, QWORD, temp, 8);
        asm.mov(QWORD, Address.of(AMD64.r15, indexOffset), temp);
        asm.alu(AluOp.ADD, QWORD, temp, Address.of(AMD64.r15, bufferOffset));
        asm.mov(QWORD, Address.of(temp), entry);
        asm.jmp(done);
        asm.bind(full);
        callSavingRegisters(e, runtime, entry);
        asm.jmp(done);
    }

    /** The general registers a C function may clobber (r10, the scratch register, holds nothing across ops). */
    static final List<Register> C_CALLER_SAVED = List.of(AMD64.rax, AMD64.rcx, AMD64.rdx, AMD64.rsi, AMD64.rdi, AMD64.r8, AMD64.r9, AMD64.r11);
    /** Bytes below the return address for xmm0-xmm15 (their low 64 bits, all a Java float or double uses) and padding. */
    static final int XMM_SAVE_BYTES = 16 * 8 + 8;

    /**
     * Calls leaf C function {@code target(thread, argument)} keeping every register intact, through a
     * stub of this method shared by all its barriers ({@code call} with the argument in r10): the stub
     * saves xmm0-15 and the general registers C may clobber (with the return address, 208 bytes: rsp
     * is 16-byte aligned at the C call, as in the body), calls, restores and returns.
     */
    static void callSavingRegisters(Amd64CodeEmitter e, long target, Register argument) {
        Amd64Assembler asm = e.asm();
        Label stub = e.sharedOutOfLine("leaf-call-saving-registers " + Long.toHexString(target), () -> emitSavingStub(e, target));
        asm.mov(QWORD, SCRATCH, argument);
        asm.call(stub);
    }

    private static void emitSavingStub(Amd64CodeEmitter e, long target) {
        Amd64Assembler asm = e.asm();
        if ((8 + XMM_SAVE_BYTES + 8 * C_CALLER_SAVED.size()) % 16 != 0) {
            throw new IllegalStateException("the register save area must keep rsp 16-byte aligned");
        }
        asm.alu(AluOp.SUB, QWORD, AMD64.rsp, XMM_SAVE_BYTES);
        for (int k = 0; k < 16; k++) {
            asm.movsd(Address.of(AMD64.rsp, 8 * k), AMD64.xmmRegistersSSE.get(k));
        }
        for (Register r : C_CALLER_SAVED) {
            asm.push(r);
        }
        asm.mov(QWORD, AMD64.rsi, SCRATCH);
        asm.mov(QWORD, AMD64.rdi, AMD64.r15);
        e.frame().emitCFunctionCall(target);
        for (int k = C_CALLER_SAVED.size() - 1; k >= 0; k--) {
            asm.pop(C_CALLER_SAVED.get(k));
        }
        for (int k = 0; k < 16; k++) {
            asm.movsd(AMD64.xmmRegistersSSE.get(k), Address.of(AMD64.rsp, 8 * k));
        }
        asm.alu(AluOp.ADD, QWORD, AMD64.rsp, XMM_SAVE_BYTES);
        asm.ret();
    }
}
