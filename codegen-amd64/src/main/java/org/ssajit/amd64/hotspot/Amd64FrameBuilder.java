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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import org.ssajit.ir.CallTarget;
import jdk.vm.ci.code.site.Infopoint;
import jdk.vm.ci.code.site.InfopointReason;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.SpeculationLog;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;

/**
 * Emits the parts of a HotSpot/AMD64 nmethod that HotSpot dictates, around a body someone else writes
 * into {@link #asm()}, and records the sites (marks, calls, infopoints) that tell HotSpot what they are.
 *
 * <p>Use: {@link #emitPrologue()}, the body (using {@link #emitReturn()}, {@link #emitSafepointPoll},
 * {@link #emitUncommonTrap}, {@link #emitForeignCall} where needed), then {@link #finish}, which appends
 * the out-of-line stubs and the exception and deopt handlers. An instance method starts with
 * {@link #emitInlineCacheCheck} (its unverified entry), a static method with its verified entry.
 *
 * <p>The frame is {@link FrameLayout}'s: {@code push rbp; sub rsp, N}, rsp 16-aligned in the body. Every
 * value HotSpot defines (offsets, stub addresses, mark ids) comes from {@link HotSpotVmConfig}.
 */
public final class Amd64FrameBuilder {
    /**
     * Registers a loop poll may read the polling page through. HotSpot's safepoint handler blob skips
     * the faulting {@code test eax, [reg]} by decoding only these forms (no rbp/r13 base, which need a
     * displacement byte, nor rsp/r12, which need a SIB byte, nor r15, the thread).
     */
    private static final Set<Register> POLL_SCRATCH = Set.of(AMD64.rax, AMD64.rcx, AMD64.rdx, AMD64.rbx, AMD64.rsi, AMD64.rdi,
                    AMD64.r8, AMD64.r9, AMD64.r10, AMD64.r11, AMD64.r14);
    /**
     * Never allocated, and dead after the frame is gone (not a return register): the return-poll stub
     * and C-function calls use it.
     */
    private static final Register SCRATCH = r10;

    private enum State {
        NEW,
        BODY,
        FINISHED
    }

    private final HotSpotVmConfig config;
    private final FrameLayout layout;
    private final Amd64Assembler asm = new Amd64Assembler();
    private final List<Site> sites = new ArrayList<>();
    /** Out-of-line code (slow paths), emitted after the body in the order recorded. */
    private final List<Runnable> stubs = new ArrayList<>();
    private State state = State.NEW;
    /** Whether any site carries debug info: such code can be deoptimized lazily and needs a rescue slot. */
    private boolean hasDebugInfo;

    public Amd64FrameBuilder(HotSpotVmConfig config, FrameLayout layout) {
        this.config = Objects.requireNonNull(config, "config");
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    public Amd64Assembler asm() {
        return asm;
    }

    public FrameLayout layout() {
        return layout;
    }

    public HotSpotVmConfig config() {
        return config;
    }

    /** The sites recorded so far, in recording order. */
    public List<Site> sites() {
        return List.copyOf(sites);
    }

    /** Records mark {@code id} at the current position. */
    public void recordMark(int id) {
        sites.add(new Mark(asm.position(), id));
    }

    /**
     * The unverified entry of an instance method, before {@link #emitPrologue()}: where a virtual call
     * through an inline cache enters, with the receiver in {@code receiver} (the first Java argument
     * register) and the cache's {@code CompiledICData*} in rax. The receiver's class (the narrow klass
     * in its header) must be the one the cache speculated on, else the call goes to HotSpot's
     * inline-cache miss stub, which finds the right method and re-binds the cache:
     * {@code mov r10d, [receiver + klass]; cmp r10d, [rax + speculated klass]; je verified; jmp
     * ic_miss}. With compact object headers the narrow klass is the mark word's top bits: {@code mov
     * r10d, [receiver + 4]; shr r10d, klass_shift - 32}. A null receiver faults on the first load; HotSpot knows that code before the verified
     * entry is the inline-cache check and throws NullPointerException at the caller's call site. Only
     * r10 (no argument register) is written; rax is dead after the check.
     */
    public void emitInlineCacheCheck(Register receiver) {
        require(State.NEW, "emitInlineCacheCheck");
        if (config.useCompactObjectHeaders && config.markWordKlassShift < 32) {
            throw new IllegalStateException("compact object headers with the klass at bit " + config.markWordKlassShift + " of the mark word");
        }
        if (!sites.isEmpty()) {
            throw new IllegalStateException("the unverified entry must be the code's first instruction");
        }
        recordMark(config.markUnverifiedEntry);
        OperandSize size = config.useCompressedClassPointers ? DWORD : QWORD;
        if (config.useCompactObjectHeaders) {
            // The narrow klass is in the mark word's upper bits: its upper half, shifted.
            asm.mov(DWORD, SCRATCH, Address.of(receiver, 4));
            asm.shift(ShiftOp.SHR, DWORD, SCRATCH, config.markWordKlassShift - 32);
        } else {
            asm.mov(size, SCRATCH, Address.of(receiver, config.oopKlassOffset));
        }
        asm.alu(AluOp.CMP, size, SCRATCH, Address.of(rax, config.icSpeculatedKlassOffset));
        Label verified = new Label("verified-entry");
        asm.jcc(Condition.E, verified);
        jump(config.icMissStub);
        asm.align(8);
        asm.bind(verified);
    }

    /**
     * The verified entry, stack bang, frame, FRAME_COMPLETE and the nmethod entry barrier. Arguments are
     * untouched (the barrier's slow path saves every register).
     */
    public void emitPrologue() {
        emitPrologue(config.markVerifiedEntry, null);
    }

    /**
     * {@link #emitPrologue()} with HotSpot's class-initialization barrier right after the patchable
     * entry, for a static method of a class not initialized when it was compiled: unless the class
     * ({@code klass}, a class-metadata constant) is fully initialized or being initialized by this
     * thread, jump to HotSpot's handle-wrong-method stub before the frame exists (as at a call), which
     * re-resolves the call, so the caller waits for the initialization (or gets its error). Only r10
     * is written: the arguments are untouched.
     */
    public void emitPrologue(jdk.vm.ci.meta.Constant initializationBarrier) {
        emitPrologue(config.markVerifiedEntry, initializationBarrier);
    }

    /**
     * The entry of an on-stack-replacement compile: the interpreter has popped its frame, copied the
     * locals into a C-heap buffer (rsi, the first Java argument register) and jumps here as if the
     * method's caller had called this code. The same frame and entry barrier as {@link #emitPrologue()};
     * rsi survives them. The body reads the locals and frees the buffer ({@link #emitCFunctionCall}).
     */
    public void emitOsrPrologue() {
        emitPrologue(config.markOsrEntry, null);
    }

    private void emitPrologue(int entryMark, jdk.vm.ci.meta.Constant initializationBarrier) {
        require(State.NEW, "emitPrologue");
        recordMark(entryMark);
        // A single instruction of at least 5 bytes, so the entry can be patched atomically into a jump.
        asm.nop(5);
        if (initializationBarrier != null) {
            int pc = asm.movabs(SCRATCH, 0L);
            sites.add(new jdk.vm.ci.code.site.DataPatch(pc, new jdk.vm.ci.code.site.ConstantReference((jdk.vm.ci.meta.VMConstant) initializationBarrier)));
            Label initialized = new Label("class-initialized");
            asm.alu(AluOp.CMP, OperandSize.BYTE, Address.of(SCRATCH, config.instanceKlassInitStateOffset), config.instanceKlassFullyInitialized);
            asm.jcc(Condition.E, initialized);
            asm.alu(AluOp.CMP, QWORD, r15, Address.of(SCRATCH, config.instanceKlassInitThreadOffset));
            asm.jcc(Condition.E, initialized);
            jump(config.handleWrongMethodStub);
            asm.bind(initialized);
        }
        // Touch the page the frame and the shadow zone reach while the frame does not exist yet: an
        // overflow here is reported as StackOverflowError at the caller's call site.
        asm.mov(DWORD, Address.of(rsp, -config.stackBangOffset(layout.totalFrameSize())), rax);
        asm.push(rbp);
        if (layout.frameSize() > 0) {
            asm.alu(AluOp.SUB, QWORD, rsp, layout.frameSize());
        }
        recordMark(config.markFrameComplete);
        emitEntryBarrier();
        state = State.BODY;
    }

    /**
     * {@code cmp dword [r15 + guard], imm32} whose immediate HotSpot patches (it checks the exact bytes
     * {@code 41 81 7f disp8} and a 4-byte aligned instruction); unequal means armed: call the barrier
     * stub, which may deoptimize this very activation by unwinding to the caller, so the frame must be
     * complete here.
     */
    private void emitEntryBarrier() {
        if (config.threadDisarmedGuardValueOffset < -128 || config.threadDisarmedGuardValueOffset > 127) {
            throw new IllegalStateException("thread_disarmed_guard_value_offset " + config.threadDisarmedGuardValueOffset
                            + " does not fit the disp8 HotSpot expects in the entry barrier");
        }
        asm.align(4);
        recordMark(config.markEntryBarrierPatch);
        asm.cmpDwordImm32(Address.of(r15, config.threadDisarmedGuardValueOffset), 0);
        Label slow = new Label("entry-barrier-slow");
        Label done = new Label("entry-barrier-done");
        asm.jcc(Condition.NE, slow);
        asm.bind(done);
        stubs.add(() -> {
            asm.bind(slow);
            call(config.nmethodEntryBarrier, null);
            asm.jmp(done);
        });
    }

    /**
     * Tears the frame down and returns, with the return safepoint poll after the frame is gone (the
     * result is already in rax or xmm0). An armed poll (rsp above the thread's polling word) goes to a
     * stub that records the poll's pc in the thread and jumps to HotSpot's return handler.
     */
    public void emitReturn() {
        require(State.BODY, "emitReturn");
        leaveFrame();
        Label poll = new Label("return-poll");
        Label stub = new Label("return-poll-stub");
        asm.bind(poll);
        recordMark(config.markPollReturnFar);
        asm.alu(AluOp.CMP, QWORD, rsp, Address.of(r15, config.threadPollingWordOffset));
        asm.jcc(Condition.A, stub);
        asm.ret();
        stubs.add(() -> {
            asm.bind(stub);
            asm.lea(QWORD, SCRATCH, Address.rip(poll));
            asm.mov(QWORD, Address.of(r15, config.threadSavedExceptionPcOffset), SCRATCH);
            jump(config.pollingPageReturnHandler);
        });
    }

    /**
     * A safepoint poll (on a loop back edge): {@code scratch = thread's polling page; test eax, [scratch]}.
     * When a safepoint is pending the page is protected: the read faults and HotSpot's signal handler
     * stops the thread in its safepoint blob, which saves every register, so {@code info} may name
     * values in any register but {@code scratch}. After the safepoint execution continues after the
     * {@code test}, or, if this frame was deoptimized meanwhile, in the interpreter at {@code info}'s bci.
     */
    public void emitSafepointPoll(Register scratch, DebugInfo info) {
        require(State.BODY, "emitSafepointPoll");
        if (!POLL_SCRATCH.contains(scratch)) {
            throw new IllegalArgumentException(scratch + " cannot address the polling page: HotSpot's handler only skips polls through " + POLL_SCRATCH);
        }
        requireFullDebugInfo(info, "safepoint poll");
        asm.mov(QWORD, scratch, Address.of(r15, config.threadPollingPageOffset));
        recordMark(config.markPollFar);
        sites.add(new Infopoint(asm.position(), info, InfopointReason.SAFEPOINT));
        hasDebugInfo = true;
        asm.test(DWORD, Address.of(scratch), rax);
    }

    /**
     * Declares that the instruction emitted next is an implicit null check: it reads or writes memory
     * at {@code [reference + small displacement]}, and if the reference is null the access faults on
     * the page at address 0. HotSpot's signal handler then finds this site (a debug-info entry at the
     * faulting pc) and deoptimizes the frame with reason {@code null_check} and action
     * {@code reinterpret}: the interpreter re-executes the bytecode at {@code info}'s bci and throws
     * NullPointerException, and this code is made not entrant (a recompile should use explicit checks
     * where nulls occur). The deopt blob saves every register first, so {@code info} may name any.
     * The caller guarantees the displacement is below the smallest page size (4096).
     */
    public void emitImplicitNullCheckSite(DebugInfo info) {
        require(State.BODY, "emitImplicitNullCheckSite");
        requireFullDebugInfo(info, "implicit null check");
        sites.add(new Infopoint(asm.position(), info, InfopointReason.IMPLICIT_EXCEPTION));
        hasDebugInfo = true;
    }

    /**
     * Leaves compiled code for good at {@code info}'s bci: stores the trap request and speculation in
     * the thread and calls the deopt blob's uncommon-trap entry, which unpacks this frame into
     * interpreter frames that re-execute the bytecode at the bci (debug info with
     * {@code duringCall == false}). The blob saves every register first, so {@code info} may name any.
     * Never returns.
     *
     * @param trapRequest {@link MetaAccessProvider#encodeDeoptActionAndReason}'s int
     * @param speculation {@link MetaAccessProvider#encodeSpeculation}'s long (0: none)
     */
    public void emitUncommonTrap(JavaConstant trapRequest, JavaConstant speculation, DebugInfo info) {
        require(State.BODY, "emitUncommonTrap");
        if (trapRequest.getJavaKind() != JavaKind.Int || speculation.getJavaKind() != JavaKind.Long) {
            throw new IllegalArgumentException("trap request must be an int and speculation a long: " + trapRequest + ", " + speculation);
        }
        requireFullDebugInfo(info, "uncommon trap");
        if (info.getBytecodePosition() instanceof BytecodeFrame f && f.duringCall) {
            throw new IllegalArgumentException("an uncommon trap re-executes its bytecode: its frame cannot be duringCall");
        }
        asm.mov(DWORD, Address.of(r15, config.threadPendingDeoptimizationOffset), trapRequest.asInt());
        long s = speculation.asLong();
        // Two 32-bit stores: no scratch register, and nothing else reads the field before the blob does.
        asm.mov(DWORD, Address.of(r15, config.threadPendingFailedSpeculationOffset), (int) s);
        asm.mov(DWORD, Address.of(r15, config.threadPendingFailedSpeculationOffset + 4), (int) (s >>> 32));
        call(config.deoptBlobUncommonTrap, info);
        asm.ud2(); // unreachable: the blob pops this frame
    }

    /** {@link #emitUncommonTrap(JavaConstant, JavaConstant, DebugInfo)} without a speculation, encoded by the VM. */
    public void emitUncommonTrap(MetaAccessProvider metaAccess, DeoptimizationAction action, DeoptimizationReason reason, DebugInfo info) {
        emitUncommonTrap(metaAccess.encodeDeoptActionAndReason(action, reason, 0), metaAccess.encodeSpeculation(SpeculationLog.NO_SPECULATION), info);
    }

    /**
     * {@code call target} to a VM stub or runtime routine, with debug info if it can stop at a
     * safepoint, deoptimize or throw (HotSpot records it at the return address). The caller saves what
     * the callee may clobber. Returns the position of the return address.
     */
    public int emitForeignCall(long target, DebugInfo info) {
        require(State.BODY, "emitForeignCall");
        if (info != null) {
            requireFullDebugInfo(info, "call");
        }
        return call(target, info);
    }

    /** The 8-byte {@code nopl 0x0(%rax,%rax,1)} HotSpot expects after every Java call (its disp32 is patched). */
    static final byte[] POST_CALL_NOP = {0x0F, 0x1F, (byte) 0x84, 0x00, 0x00, 0x00, 0x00, 0x00};
    /** {@code movabs rax, imm64}: REX.W B8+r, then the 8-byte immediate. */
    static final int MOVABS_SIZE = 10;

    /**
     * A call of a Java method through one of HotSpot's call sites, with the debug info of the call
     * (a frame {@code duringCall}, recorded at the return address). {@code STATIC} and {@code DIRECT}:
     * an {@code INVOKESTATIC} or {@code INVOKESPECIAL} mark and {@code call rel32}, which HotSpot points
     * at its resolve stub (adding the stub that enters the interpreter). {@code VIRTUAL} and
     * {@code INTERFACE}: an inline cache, the {@code INVOKEVIRTUAL}/{@code INVOKEINTERFACE} mark on
     * {@code movabs rax, <non-oop word>} (HotSpot replaces the word by the site's
     * {@code CompiledICData*}), then the call. The call's displacement is 4-byte aligned (HotSpot
     * patches it while other threads run), and the post-call nop follows. Returns the return address's
     * position.
     */
    public int emitJavaCall(ResolvedJavaMethod target, CallTarget.Dispatch dispatch, DebugInfo info) {
        return emitJavaCall(target, dispatch, info, false);
    }

    /**
     * As {@link #emitJavaCall(ResolvedJavaMethod, CallTarget.Dispatch, DebugInfo)}; with
     * {@code unwinds}, an exception the callee throws leaves this frame for the caller's handler
     * ({@link #emitUnwind}) instead of deoptimizing it (see {@link #finish}).
     */
    public int emitJavaCall(ResolvedJavaMethod target, CallTarget.Dispatch dispatch, DebugInfo info, boolean unwinds) {
        require(State.BODY, "emitJavaCall");
        requireFullDebugInfo(info, "Java call");
        if (!(info.getBytecodePosition() instanceof BytecodeFrame f) || !f.duringCall) {
            throw new IllegalArgumentException("a Java call's frame must be duringCall: " + info.getBytecodePosition());
        }
        boolean inlineCache = dispatch == CallTarget.Dispatch.VIRTUAL || dispatch == CallTarget.Dispatch.INTERFACE;
        int prefix = inlineCache ? MOVABS_SIZE : 0;
        // The call's rel32 starts one byte after the call, which starts after the prefix.
        asm.nops(Math.floorMod(-(asm.position() + prefix + 1), 4));
        recordMark(switch (dispatch) {
            case STATIC -> config.markInvokeStatic;
            case DIRECT -> config.markInvokeSpecial;
            case VIRTUAL -> config.markInvokeVirtual;
            case INTERFACE -> config.markInvokeInterface;
        });
        if (inlineCache) {
            int start = asm.position();
            asm.movabs(rax, config.nonOopWord);
            if (asm.position() - start != MOVABS_SIZE) {
                throw new IllegalStateException("movabs rax is " + (asm.position() - start) + " bytes");
            }
        }
        int pc = asm.emitCallRel32Placeholder();
        sites.add(new Call(target, pc, 5, true, info));
        hasDebugInfo = true;
        int returnAddress = asm.position();
        for (byte b : POST_CALL_NOP) {
            asm.emitByte(b & 0xFF);
        }
        if (unwinds) {
            unwindingReturns.add(returnAddress);
        }
        return returnAddress;
    }

    /** The return addresses of the calls whose exceptions leave this frame (see {@link #finish}). */
    private final List<Integer> unwindingReturns = new ArrayList<>();
    /** The code that removes the frame and continues at the caller's exception handler ({@link #emitUnwind}). */
    private final Label unwind = new Label("unwind");
    private boolean unwindUsed;

    /**
     * Throws the exception in rax (not null) out of this frame, to the caller: removes the frame, asks
     * the VM where the caller handles an exception thrown by its call
     * ({@code SharedRuntime::exception_handler_for_return_address(thread, return address)}, a leaf),
     * and jumps there with the exception in rax and the return address in rdx, rsp as at the caller's
     * call: the contract of every exception handler HotSpot gives (a compiled method's exception
     * handler entry, the interpreter's rethrow entry, the call stub's), as when a callee of theirs
     * throws. Nothing of this frame runs after it; no debug info (no safepoint until the handler).
     */
    public void emitUnwind() {
        require(State.BODY, "emitUnwind");
        unwindUsed = true;
        asm.jmp(unwind);
    }

    /** Removes the frame ({@code add rsp, N; pop rbp}): rsp then points at the return address. */
    private void leaveFrame() {
        if (layout.frameSize() > 0) {
            asm.alu(AluOp.ADD, QWORD, rsp, layout.frameSize());
        }
        asm.pop(rbp);
    }

    /**
     * The unwinding code, once per method: the frame goes as at a return (no return poll: nothing
     * returns; the handler reached polls or deoptimizes as it does for any exception); the return
     * address is popped into rdx and kept with the exception across the C call, whose rsp is aligned
     * explicitly (rbx, callee-saved in C, holds rsp; no Java value lives in it here).
     */
    private void emitUnwindCode() {
        asm.bind(unwind);
        leaveFrame();
        asm.pop(rdx);
        asm.push(rax);
        asm.push(rdx);
        asm.mov(QWORD, rbx, rsp);
        asm.alu(AluOp.AND, QWORD, rsp, -16);
        asm.mov(QWORD, rdi, r15);
        asm.mov(QWORD, rsi, rdx);
        int pc = asm.movabs(SCRATCH, 0L);
        asm.call(SCRATCH);
        sites.add(new Call(new StubTarget(config.exceptionHandlerForReturnAddress, true), pc, asm.position() - pc, true, null));
        asm.mov(QWORD, rsp, rbx);
        asm.mov(QWORD, SCRATCH, rax);
        asm.pop(rdx);
        asm.pop(rax);
        asm.jmp(SCRATCH);
    }

    /**
     * At the exception handler entry: continues at {@link #unwind} if rdx, the throwing pc, is the
     * return address of a call whose exceptions leave the frame; rax and rdx stay. Up to
     * {@link #MAX_UNWIND_COMPARES} of them are compared one by one; more are looked up in a table of
     * their offsets in the code, placed after the handlers (4 bytes each): {@code rcx} counts down
     * through it, r10 and r11 hold the offset sought and the table.
     */
    private void emitUnwindingLookup() {
        if (unwindingReturns.size() <= MAX_UNWIND_COMPARES) {
            for (int ret : unwindingReturns) {
                leaOfPosition(SCRATCH, ret);
                asm.alu(AluOp.CMP, QWORD, rdx, SCRATCH);
                asm.jcc(Condition.E, unwind);
            }
            return;
        }
        leaOfPosition(r11, 0);
        asm.mov(QWORD, SCRATCH, rdx);
        asm.alu(AluOp.SUB, QWORD, SCRATCH, r11);
        asm.lea(QWORD, r11, Address.rip(unwindTable));
        asm.mov(DWORD, rcx, unwindingReturns.size());
        Label loop = new Label("unwind-lookup");
        asm.bind(loop);
        asm.alu(AluOp.CMP, DWORD, SCRATCH, Address.of(r11, rcx, Scale.FOUR, -4));
        asm.jcc(Condition.E, unwind);
        asm.alu(AluOp.SUB, DWORD, rcx, 1);
        asm.jcc(Condition.NE, loop);
    }

    /** Calls whose return addresses the entry compares one by one; beyond, a table. */
    static final int MAX_UNWIND_COMPARES = 4;
    private final Label unwindTable = new Label("unwind-table");

    /**
     * The return addresses of the calls with an exception check after them: the exception handler
     * entry resumes there (see {@link #finish}).
     */
    private final List<Integer> checkedReturns = new ArrayList<>();

    /**
     * {@code r = (thread's exception pc == returnAddress)}, right after the call whose return address
     * that is (only moves between): 1 if the call returned through the exception handler entry, which
     * leaves the exception and the return address in the thread for calls registered here. A normal
     * return never finds this address there: HotSpot clears the field after every exception it
     * dispatches, and this code clears it when it takes the exception.
     */
    public void emitExceptionCheck(Register r, int returnAddress) {
        require(State.BODY, "emitExceptionCheck");
        if (returnAddress < 0 || returnAddress > asm.position()) {
            throw new IllegalArgumentException("return address " + returnAddress + " not emitted before " + asm.position());
        }
        checkedReturns.add(returnAddress);
        leaOfPosition(r, returnAddress);
        asm.alu(AluOp.CMP, QWORD, r, Address.of(r15, config.threadExceptionPcOffset));
        asm.setcc(Condition.E, r);
        asm.movzx(DWORD, r, BYTE, r);
        // And only with an exception in the thread (the entry stored it): a stale pc alone is no exception.
        Label done = new Label("exception-check");
        asm.alu(AluOp.CMP, QWORD, Address.of(r15, config.threadExceptionOopOffset), 0);
        asm.jcc(Condition.NE, done);
        asm.alu(AluOp.XOR, DWORD, r, r);
        asm.bind(done);
    }

    /** {@code lea r, [rip + disp32]} of an earlier position in this code (7 bytes: REX.W 8D modrm disp32). */
    private void leaOfPosition(Register r, int position) {
        int start = asm.position();
        asm.lea(QWORD, r, Address.rip(position - (start + 7)));
        if (asm.position() - start != 7) {
            throw new IllegalStateException("lea rip is " + (asm.position() - start) + " bytes");
        }
    }

    /** {@code r = thread's exception oop}, then the thread's exception oop and pc are cleared. */
    public void emitExceptionTake(Register r) {
        require(State.BODY, "emitExceptionTake");
        asm.mov(QWORD, r, Address.of(r15, config.threadExceptionOopOffset));
        asm.mov(QWORD, Address.of(r15, config.threadExceptionOopOffset), 0);
        asm.mov(QWORD, Address.of(r15, config.threadExceptionPcOffset), 0);
    }

    /**
     * {@code movabs r10, target; call r10} to a C function of the VM that neither stops at a safepoint
     * nor throws (a leaf: no debug info, no Java frame anchor). Arguments are in the C registers; the
     * caller saves every register the C convention lets the callee clobber. rsp is 16-byte aligned in
     * the body, as the C convention requires at a call.
     */
    public void emitCFunctionCall(long target) {
        require(State.BODY, "emitCFunctionCall");
        int pc = asm.movabs(SCRATCH, 0L);
        asm.call(SCRATCH);
        sites.add(new Call(new StubTarget(target, true), pc, asm.position() - pc, true, null));
    }

    /**
     * Appends the out-of-line stubs and the handlers HotSpot jumps to, and returns the code. The
     * exception handler entry deoptimizes: an exception thrown into this frame by a callee (rax the
     * exception, rdx the throwing pc, i.e. a return address in this code) is handed to the deopt blob,
     * and the interpreter looks for the handler at the call's bci.
     */
    public CompiledCode finish(String name) {
        require(State.BODY, "finish");
        for (Runnable stub : stubs) {
            stub.run();
        }
        stubs.clear();

        recordMark(config.markExceptionHandlerEntry);
        if (!unwindingReturns.isEmpty()) {
            unwindUsed = true;
            emitUnwindingLookup();
        }
        asm.mov(QWORD, Address.of(r15, config.threadExceptionOopOffset), rax);
        asm.mov(QWORD, Address.of(r15, config.threadExceptionPcOffset), rdx);
        if (!checkedReturns.isEmpty()) {
            // A call with an exception check after it: resume at its return address (rsp is as there),
            // where the check finds the address in the thread and the compiled handlers take the
            // exception. Any other pc deoptimizes.
            Label resume = new Label("exception-resume");
            for (int ret : checkedReturns) {
                leaOfPosition(SCRATCH, ret);
                asm.alu(AluOp.CMP, QWORD, rdx, SCRATCH);
                asm.jcc(Condition.E, resume);
            }
            jump(config.deoptBlobUnpackWithExceptionInTls);
            asm.bind(resume);
            asm.jmp(rdx);
        } else {
            jump(config.deoptBlobUnpackWithExceptionInTls);
        }

        // A lazily deoptimized frame returns here. The deopt blob must find the handler's own address
        // as this frame's return address: push it (call the next instruction, fix the pushed value up),
        // then jump to the blob.
        recordMark(config.markDeoptHandlerEntry);
        int handler = asm.position();
        // A call into the VM (an allocation's slow path) set this frame as the thread's last Java frame;
        // deoptimized while in the VM, it returns here with the anchor still set: clear it, as the call's
        // own return path would (harmless after a Java call, which never sets it).
        asm.mov(QWORD, Address.of(r15, config.threadLastJavaSpOffset), 0);
        asm.mov(QWORD, Address.of(r15, config.threadLastJavaFpOffset), 0);
        asm.mov(QWORD, Address.of(r15, config.threadLastJavaPcOffset), 0);
        Label next = new Label("deopt-handler-pushed");
        asm.call(next);
        asm.bind(next);
        asm.alu(AluOp.SUB, QWORD, Address.of(rsp), asm.position() - handler);
        jump(config.deoptBlobUnpack);

        if (unwindUsed) {
            emitUnwindCode();
        }
        if (unwindingReturns.size() > MAX_UNWIND_COMPARES) {
            asm.align(4);
            asm.bind(unwindTable);
            for (int ret : unwindingReturns) {
                asm.emitInt(ret);
            }
        }

        if (hasDebugInfo && !layout.hasRescueSlot()) {
            throw new IllegalStateException(name + ": code with safepoints, calls or traps needs a deopt rescue slot (" + layout + ")");
        }
        state = State.FINISHED;
        return new CompiledCode(name, asm.code(), sites, layout.totalFrameSize(), layout.rescueSlot());
    }

    private int call(long target, DebugInfo info) {
        int pc = asm.emitCallRel32Placeholder();
        sites.add(new Call(new StubTarget(target), pc, 5, true, info));
        if (info != null) {
            hasDebugInfo = true;
        }
        return asm.position();
    }

    private void jump(long target) {
        int pc = asm.emitJmpRel32Placeholder();
        sites.add(new Call(new StubTarget(target), pc, 5, true, null));
    }

    private static void requireFullDebugInfo(DebugInfo info, String what) {
        Objects.requireNonNull(info, what + " needs debug info");
        if (info.getReferenceMap() == null || info.getBytecodePosition() == null) {
            throw new IllegalArgumentException(what + " needs a frame and a reference map: " + info);
        }
    }

    private void require(State s, String what) {
        if (state != s) {
            throw new IllegalStateException(what + " not allowed now (state " + state + ")");
        }
    }
}
