package org.ssajit.amd64.hotspot;

import static jdk.vm.ci.amd64.AMD64.r10;
import static jdk.vm.ci.amd64.AMD64.r11;
import static jdk.vm.ci.amd64.AMD64.r15;
import static jdk.vm.ci.amd64.AMD64.rax;
import static jdk.vm.ci.amd64.AMD64.rbp;
import static jdk.vm.ci.amd64.AMD64.rbx;
import static jdk.vm.ci.amd64.AMD64.rcx;
import static jdk.vm.ci.amd64.AMD64.rdi;
import static jdk.vm.ci.amd64.AMD64.rdx;
import static jdk.vm.ci.amd64.AMD64.rsi;
import static jdk.vm.ci.amd64.AMD64.rsp;
import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import java.util.Set;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.asm.Label;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.VMConstant;

/**
 * The instructions of HotSpot/AMD64's nmethod protocol ({@link HotSpotFrameBuilder} owns the
 * protocol). The frame is {@link FrameLayout}'s: {@code push rbp; sub rsp, N}, rsp 16-aligned in the
 * body. r15 is the thread; r10, never allocated and dead after the frame is gone (not a return
 * register), is the scratch register of the entries, the return-poll stub and C-function calls. Stubs
 * are reached by {@code call rel32}/{@code jmp rel32} (HotSpot checks their reach at installation), C
 * functions by {@code movabs r10; call r10}. HotSpot passes the exception handler entry the exception
 * in rax and the throwing pc in rdx.
 */
public final class Amd64FrameBuilder extends HotSpotFrameBuilder<Amd64Assembler> {
    /**
     * Registers a loop poll may read the polling page through. HotSpot's safepoint handler blob skips
     * the faulting {@code test eax, [reg]} by decoding only these forms (no rbp/r13 base, which need a
     * displacement byte, nor rsp/r12, which need a SIB byte, nor r15, the thread).
     */
    private static final Set<Register> POLL_SCRATCH = Set.of(AMD64.rax, AMD64.rcx, AMD64.rdx, AMD64.rbx, AMD64.rsi, AMD64.rdi,
                    AMD64.r8, AMD64.r9, AMD64.r10, AMD64.r11, AMD64.r14);
    private static final Register SCRATCH = r10;
    /** The 8-byte {@code nopl 0x0(%rax,%rax,1)} HotSpot expects after every Java call (its disp32 is patched). */
    static final byte[] POST_CALL_NOP = {0x0F, 0x1F, (byte) 0x84, 0x00, 0x00, 0x00, 0x00, 0x00};
    /** {@code movabs rax, imm64}: REX.W B8+r, then the 8-byte immediate. */
    static final int MOVABS_SIZE = 10;

    public Amd64FrameBuilder(HotSpotVmConfig config, FrameLayout layout) {
        super(config, layout, new Amd64Assembler());
    }

    /**
     * {@code mov r10d, [receiver + klass]; cmp r10d, [rax + speculated klass]; je verified}: the
     * cache's {@code CompiledICData*} is in rax, dead after the check. With compact object headers the
     * narrow klass is the mark word's top bits: {@code mov r10d, [receiver + 4]; shr r10d, klass_shift -
     * 32}. Only r10 (no argument register) is written.
     */
    @Override
    protected void emitReceiverClassCheck(Register receiver, Label verified) {
        if (config.useCompactObjectHeaders && config.markWordKlassShift < 32) {
            throw new IllegalStateException("compact object headers with the klass at bit " + config.markWordKlassShift + " of the mark word");
        }
        OperandSize size = config.useCompressedClassPointers ? DWORD : QWORD;
        if (config.useCompactObjectHeaders) {
            // The narrow klass is in the mark word's upper bits: its upper half, shifted.
            asm.mov(DWORD, SCRATCH, Address.of(receiver, 4));
            asm.shift(ShiftOp.SHR, DWORD, SCRATCH, config.markWordKlassShift - 32);
        } else {
            asm.mov(size, SCRATCH, Address.of(receiver, config.oopKlassOffset));
        }
        asm.alu(AluOp.CMP, size, SCRATCH, Address.of(rax, config.icSpeculatedKlassOffset));
        asm.jcc(Condition.E, verified);
    }

    /** A single instruction of at least 5 bytes, so the entry can be patched atomically into a jump. */
    @Override
    protected void emitPatchableEntry() {
        asm.nop(5);
    }

    /** {@code movabs r10, klass; cmp byte [r10 + init state], fully initialized; je; cmp r15, [r10 + init thread]; je}. */
    @Override
    protected void emitInitializedCheck(VMConstant klass, Label initialized) {
        int pc = asm.movabs(SCRATCH, 0L);
        recordPatch(pc, klass);
        asm.alu(AluOp.CMP, OperandSize.BYTE, Address.of(SCRATCH, config.instanceKlassInitStateOffset), config.instanceKlassFullyInitialized);
        asm.jcc(Condition.E, initialized);
        asm.alu(AluOp.CMP, QWORD, r15, Address.of(SCRATCH, config.instanceKlassInitThreadOffset));
        asm.jcc(Condition.E, initialized);
    }

    @Override
    protected void emitStackBang(int offset) {
        asm.mov(DWORD, Address.of(rsp, -offset), rax);
    }

    @Override
    protected void emitFrameSetup() {
        asm.push(rbp);
        if (layout.frameSize() > 0) {
            asm.alu(AluOp.SUB, QWORD, rsp, layout.frameSize());
        }
    }

    /** {@code add rsp, N; pop rbp}: rsp then points at the return address. */
    @Override
    protected void emitFrameTeardown() {
        if (layout.frameSize() > 0) {
            asm.alu(AluOp.ADD, QWORD, rsp, layout.frameSize());
        }
        asm.pop(rbp);
    }

    /**
     * {@code cmp dword [r15 + guard], imm32} whose immediate HotSpot patches (it checks the exact bytes
     * {@code 41 81 7f disp8} and a 4-byte aligned instruction); unequal means armed.
     */
    @Override
    protected void emitEntryBarrierCheck(Label armed) {
        if (config.threadDisarmedGuardValueOffset < -128 || config.threadDisarmedGuardValueOffset > 127) {
            throw new IllegalStateException("thread_disarmed_guard_value_offset " + config.threadDisarmedGuardValueOffset
                            + " does not fit the disp8 HotSpot expects in the entry barrier");
        }
        asm.align(4);
        recordMark(config.markEntryBarrierPatch);
        asm.cmpDwordImm32(Address.of(r15, config.threadDisarmedGuardValueOffset), 0);
        asm.jcc(Condition.NE, armed);
    }

    /** {@code cmp rsp, [r15 + polling word]; ja armed; ret}: armed when rsp is above the thread's polling word. */
    @Override
    protected void emitReturnPoll(Label armed) {
        asm.alu(AluOp.CMP, QWORD, rsp, Address.of(r15, config.threadPollingWordOffset));
        asm.jcc(Condition.A, armed);
        asm.ret();
    }

    @Override
    protected void emitStoreAddressInThread(Label label, int threadOffset) {
        asm.lea(QWORD, SCRATCH, Address.rip(label));
        asm.mov(QWORD, Address.of(r15, threadOffset), SCRATCH);
    }

    /** {@link #emitSafepointPoll(Register, DebugInfo)} through r10. */
    @Override
    public void emitSafepointPoll(DebugInfo info) {
        emitSafepointPoll(SCRATCH, info);
    }

    /**
     * A loop's safepoint poll: {@code scratch = thread's polling page; test eax, [scratch]}. The
     * safepoint blob saves every register, so {@code info} may name values in any register but
     * {@code scratch}.
     */
    public void emitSafepointPoll(Register scratch, DebugInfo info) {
        if (!POLL_SCRATCH.contains(scratch)) {
            throw new IllegalArgumentException(scratch + " cannot address the polling page: HotSpot's handler only skips polls through " + POLL_SCRATCH);
        }
        safepointPoll(info, () -> asm.mov(QWORD, scratch, Address.of(r15, config.threadPollingPageOffset)), () -> asm.test(DWORD, Address.of(scratch), rax));
    }

    /**
     * The speculation in one 64-bit store of a sign-extended 32-bit immediate where it fits (no
     * speculation, 0, is most traps: 11 bytes instead of 22), else two 32-bit stores: no scratch
     * register, and nothing else reads the field before the blob does.
     */
    @Override
    protected void emitTrapRequest(int request, long speculation) {
        asm.mov(DWORD, Address.of(r15, config.threadPendingDeoptimizationOffset), request);
        if (speculation == (int) speculation) {
            asm.mov(QWORD, Address.of(r15, config.threadPendingFailedSpeculationOffset), (int) speculation);
        } else {
            asm.mov(DWORD, Address.of(r15, config.threadPendingFailedSpeculationOffset), (int) speculation);
            asm.mov(DWORD, Address.of(r15, config.threadPendingFailedSpeculationOffset + 4), (int) (speculation >>> 32));
        }
    }

    @Override
    protected void emitUnreachable() {
        asm.ud2();
    }

    /** {@code call rel32}: the return address on the stack, where the deopt blob reads its caller's pc. */
    @Override
    protected void emitCallTo(Label target) {
        asm.call(target);
    }

    @Override
    public void emitJump(Label target) {
        asm.jmp(target);
    }

    /** {@code call rel32}: HotSpot checks at installation that the stub is within reach. */
    @Override
    protected StubTarget emitStubCall(long target) {
        asm.emitCallRel32Placeholder();
        return new StubTarget(target);
    }

    @Override
    protected StubTarget emitStubJump(long target) {
        asm.emitJmpRel32Placeholder();
        return new StubTarget(target);
    }

    /** A stub call ({@code call rel32}): the call site passes the arguments on the stack. */
    @Override
    protected StubTarget emitLeafCallSavingCall(long target) {
        return emitStubCall(target);
    }

    /** {@code movabs r10, target; call r10} (HotSpot fills in the address): C functions may lie anywhere. */
    @Override
    protected StubTarget emitCCall(long target) {
        asm.movabs(SCRATCH, 0L);
        asm.call(SCRATCH);
        return new StubTarget(target, true);
    }

    /** The call's rel32 starts one byte after the call, which starts after the inline-cache load: 4-byte aligned, HotSpot patches it while other threads run. */
    @Override
    protected void emitJavaCallAlignment(boolean inlineCache) {
        int prefix = inlineCache ? MOVABS_SIZE : 0;
        asm.nops(Math.floorMod(-(asm.position() + prefix + 1), 4));
    }

    /** {@code movabs rax, <non-oop word>}. */
    @Override
    protected void emitInlineCacheData() {
        int start = asm.position();
        asm.movabs(rax, config.nonOopWord);
        if (asm.position() - start != MOVABS_SIZE) {
            throw new IllegalStateException("movabs rax is " + (asm.position() - start) + " bytes");
        }
    }

    @Override
    protected void emitJavaCallInstruction() {
        asm.emitCallRel32Placeholder();
    }

    @Override
    protected void emitPostCallNop() {
        for (byte b : POST_CALL_NOP) {
            asm.emitByte(b & 0xFF);
        }
    }

    /**
     * {@code lea r, [rip + return address]; cmp r, [r15 + exception pc]; sete r; movzx r, r}, and 0 unless
     * an exception oop is in the thread (a stale pc alone is no exception).
     */
    @Override
    protected void emitExceptionPcCheck(Register r, int returnAddress) {
        leaOfPosition(r, returnAddress);
        asm.alu(AluOp.CMP, QWORD, r, Address.of(r15, config.threadExceptionPcOffset));
        asm.setcc(Condition.E, r);
        asm.movzx(DWORD, r, BYTE, r);
        Label done = new Label("exception-check");
        asm.alu(AluOp.CMP, QWORD, Address.of(r15, config.threadExceptionOopOffset), 0);
        asm.jcc(Condition.NE, done);
        asm.alu(AluOp.XOR, DWORD, r, r);
        asm.bind(done);
    }

    /** {@code lea r10, [rip + return address]; cmp rdx, r10; je target}. */
    @Override
    protected void emitBranchIfThrowingPc(int returnAddress, Label target) {
        leaOfPosition(SCRATCH, returnAddress);
        asm.alu(AluOp.CMP, QWORD, rdx, SCRATCH);
        asm.jcc(Condition.E, target);
    }

    /** rcx counts down through the table; r10 and r11 hold the offset sought and the table. */
    @Override
    protected void emitUnwindingTableLookup(int count, Label table, Label found) {
        leaOfPosition(r11, 0);
        asm.mov(QWORD, SCRATCH, rdx);
        asm.alu(AluOp.SUB, QWORD, SCRATCH, r11);
        asm.lea(QWORD, r11, Address.rip(table));
        asm.mov(DWORD, rcx, count);
        Label loop = new Label("unwind-lookup");
        asm.bind(loop);
        asm.alu(AluOp.CMP, DWORD, SCRATCH, Address.of(r11, rcx, Scale.FOUR, -4));
        asm.jcc(Condition.E, found);
        asm.alu(AluOp.SUB, DWORD, rcx, 1);
        asm.jcc(Condition.NE, loop);
    }

    @Override
    protected void emitStoreExceptionInThread() {
        asm.mov(QWORD, Address.of(r15, config.threadExceptionOopOffset), rax);
        asm.mov(QWORD, Address.of(r15, config.threadExceptionPcOffset), rdx);
    }

    @Override
    protected void emitJumpToThrowingPc() {
        asm.jmp(rdx);
    }

    /** Pushes the handler's address (calls the next instruction, fixes the pushed value up). */
    @Override
    protected void emitDeoptHandlerReturnAddress(int handler) {
        Label next = new Label("deopt-handler-pushed");
        asm.call(next);
        asm.bind(next);
        asm.alu(AluOp.SUB, QWORD, Address.of(rsp), asm.position() - handler);
    }

    /**
     * The return address is popped into rdx and kept with the exception across the C call, whose rsp
     * is aligned explicitly (rbx, callee-saved in C, holds rsp; no Java value lives in it here); the
     * handler gets the exception in rax and the return address in rdx, rsp as at the caller's call.
     */
    @Override
    protected void emitUnwindToCallerHandler() {
        asm.pop(rdx);
        asm.push(rax);
        asm.push(rdx);
        asm.mov(QWORD, rbx, rsp);
        asm.alu(AluOp.AND, QWORD, rsp, -16);
        asm.mov(QWORD, rdi, r15);
        asm.mov(QWORD, rsi, rdx);
        callC(config.exceptionHandlerForReturnAddress);
        asm.mov(QWORD, rsp, rbx);
        asm.mov(QWORD, SCRATCH, rax);
        asm.pop(rdx);
        asm.pop(rax);
        asm.jmp(SCRATCH);
    }

    @Override
    protected void emitLoadFromThread(Register r, int offset) {
        asm.mov(QWORD, r, Address.of(r15, offset));
    }

    /** The anchor's sp alone: HotSpot/x86 reads the pc right below it. */
    @Override
    protected void emitSetLastJavaFrame(Label returnAddress) {
        asm.mov(QWORD, Address.of(r15, config.threadLastJavaSpOffset), rsp);
    }

    @Override
    protected void emitThreadArgument() {
        asm.mov(QWORD, rdi, r15);
    }

    @Override
    protected Amd64RuntimeStubs newRuntimeStubs() {
        return new Amd64RuntimeStubs(config);
    }

    @Override
    protected void emitStoreZeroInThread(int offset) {
        asm.mov(QWORD, Address.of(r15, offset), 0);
    }

    /** {@code lea r, [rip + disp32]} of an earlier position in this code (7 bytes: REX.W 8D modrm disp32). */
    private void leaOfPosition(Register r, int position) {
        int start = asm.position();
        asm.lea(QWORD, r, Address.rip(position - (start + 7)));
        if (asm.position() - start != 7) {
            throw new IllegalStateException("lea rip is " + (asm.position() - start) + " bytes");
        }
    }
}
