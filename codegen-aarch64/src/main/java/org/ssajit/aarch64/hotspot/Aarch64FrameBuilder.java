package org.ssajit.aarch64.hotspot;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r10;
import static jdk.vm.ci.aarch64.AArch64.r11;
import static jdk.vm.ci.aarch64.AArch64.r29;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static jdk.vm.ci.aarch64.AArch64.r30;
import static jdk.vm.ci.aarch64.AArch64.r8;
import static jdk.vm.ci.aarch64.AArch64.r9;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.ir.CallTarget;

import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.DataSectionReference;
import jdk.vm.ci.code.site.Infopoint;
import jdk.vm.ci.code.site.InfopointReason;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.aarch64.AArch64HotSpotRegisterConfig;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.SpeculationLog;
import jdk.vm.ci.meta.VMConstant;

/**
 * Emits the parts of a HotSpot/AArch64 nmethod that HotSpot dictates, around a body someone else
 * writes into {@link #asm()}, and records the sites (marks, calls, infopoints, data patches) that tell
 * HotSpot what they are. The shapes and the facts behind them are in docs/HOTSPOT-NOTES.md, section
 * AArch64.
 *
 * <p>Use: {@link #emitPrologue}, the body (using {@link #emitReturn()}, {@link #emitSafepointPoll},
 * {@link #emitUncommonTrap}, {@link #emitForeignCall}, {@link #emitJavaCall} where needed), then
 * {@link #finish}, which appends the out-of-line stubs and the exception and deopt handlers. An
 * instance method starts with {@link #emitInlineCacheCheck} (its unverified entry), a static method
 * with its verified entry.
 *
 * <p>The frame is codegen-core's {@link FrameLayout}: {@code sub sp, sp, #total; stp x29, x30, [sp,
 * #total-16]}, so the saved frame pointer and lr sit right below the caller's sp, and x29 points at
 * them. x8 and x9 (HotSpot's rscratch1 and rscratch2, never allocatable) are this class's scratch
 * registers; x28 is the thread. VM stubs and C functions are called through the 48-bit absolute form
 * {@code movz/movk/movk x8; blr x8} (the Call site on the {@code movz}), which reaches any address
 * whatever the code cache's size.
 */
public final class Aarch64FrameBuilder {
    /** HotSpot's thread register (x28), from JVMCI's register configuration. */
    public static final Register THREAD = AArch64HotSpotRegisterConfig.threadRegister;
    private static final Register SCRATCH1 = r8;
    private static final Register SCRATCH2 = r9;
    /** The three words HotSpot requires after every Java call ({@code nop; movk xzr, #0; movk xzr, #0}). */
    static final int[] POST_CALL_NOP = {0xd503201f, 0xf280001f, 0xf280001f};
    /** Bytes of the absolute call or jump: {@code movz; movk; movk; blr|br}. */
    public static final int FAR_CALL_SIZE = 16;
    /** The largest frame whose saved pair {@code stp} addresses from sp directly (a signed 7-bit scaled offset). */
    private static final int MAX_PAIR_OFFSET = 504;

    private enum State {
        NEW,
        BODY,
        FINISHED
    }

    private final HotSpotVmConfig config;
    private final FrameLayout layout;
    private final Aarch64Assembler asm = new Aarch64Assembler();
    private final List<Site> sites = new ArrayList<>();
    /** Out-of-line code (slow paths), emitted after the body in the order recorded. */
    private final List<Runnable> stubs = new ArrayList<>();
    /** The data section: the entry barrier's guard and the body's constants, laid out before the code. */
    private final DataSection data;
    private State state = State.NEW;
    /** Whether any site carries debug info: such code can be deoptimized lazily and needs a rescue slot. */
    private boolean hasDebugInfo;

    public Aarch64FrameBuilder(HotSpotVmConfig config, FrameLayout layout) {
        this.config = Objects.requireNonNull(config, "config");
        this.layout = Objects.requireNonNull(layout, "layout");
        this.data = new DataSection(config.dataSectionItemAlignment);
    }

    public Aarch64Assembler asm() {
        return asm;
    }

    public FrameLayout layout() {
        return layout;
    }

    public HotSpotVmConfig config() {
        return config;
    }

    /** The data section, for constants the body loads pc-relatively. */
    public DataSection data() {
        return data;
    }

    /** The sites recorded so far, in recording order. */
    public List<Site> sites() {
        return List.copyOf(sites);
    }

    /** Records mark {@code id} at the current position. */
    public void recordMark(int id) {
        sites.add(new Mark(asm.position(), id));
    }

    /** Records a data patch at the current position (the next instruction embeds a constant HotSpot fills in). */
    public void recordPatch(VMConstant constant) {
        sites.add(new DataPatch(asm.position(), new ConstantReference(constant)));
    }

    /**
     * The unverified entry of an instance method, before the prologue: where a call through an inline
     * cache enters, with the receiver in {@code receiver} (x1) and the cache's {@code CompiledICData*}
     * in x9. The receiver's narrow class (or class, or with compact object headers the mark word's top
     * bits) must be the one the cache speculated on, else a jump to HotSpot's inline-cache miss stub:
     * {@code ldr w8, [x1, #klass]; ldr w10, [x9, #speculated_klass]; cmp w8, w10; b.eq verified}. A
     * null receiver faults on the first load, which HotSpot turns into a NullPointerException at the
     * caller (code before the verified entry is the inline-cache check). Writes x8, x10 and the flags,
     * no argument register.
     */
    public void emitInlineCacheCheck(Register receiver) {
        require(State.NEW, "emitInlineCacheCheck");
        if (!sites.isEmpty()) {
            throw new IllegalStateException("the unverified entry must be the code's first instruction");
        }
        recordMark(config.markUnverifiedEntry);
        int size;
        if (config.useCompactObjectHeaders) {
            asm.ldr(64, SCRATCH1, Address.of(receiver, 0));
            asm.lsr(64, SCRATCH1, SCRATCH1, config.markWordKlassShift);
            size = 32;
        } else {
            size = config.useCompressedClassPointers ? 32 : 64;
            asm.ldr(size, SCRATCH1, Address.of(receiver, config.oopKlassOffset));
        }
        asm.ldr(size, r10, Address.of(SCRATCH2, config.icSpeculatedKlassOffset));
        asm.cmp(size, SCRATCH1, r10);
        Label verified = new Label("verified-entry");
        asm.b(Condition.EQ, verified);
        farJump(config.icMissStub);
        asm.align(8);
        asm.bind(verified);
    }

    /** The verified entry, stack bang, frame, FRAME_COMPLETE and the nmethod entry barrier. */
    public void emitPrologue() {
        emitPrologue(config.markVerifiedEntry, null);
    }

    /**
     * {@link #emitPrologue()} with HotSpot's class-initialization barrier right after the patchable
     * entry, for a static method of a class not initialized when it was compiled: unless the class
     * ({@code klass}, a class-metadata constant) is fully initialized (its state read with acquire
     * semantics, {@code ldarb}, so that the initializer's writes are seen) or being initialized by this
     * thread, jump to HotSpot's handle-wrong-method stub before the frame exists, which re-resolves the
     * call. Only x8 and x9 are written: the arguments are untouched.
     */
    public void emitPrologue(jdk.vm.ci.meta.Constant initializationBarrier) {
        emitPrologue(config.markVerifiedEntry, initializationBarrier);
    }

    /**
     * The entry of an on-stack-replacement compile: the interpreter has popped its frame, left the
     * buffer of locals in x1 and branched here as if the method's caller had called this code (lr its
     * return address). The same frame and entry barrier as {@link #emitPrologue()}; x1 survives them.
     */
    public void emitOsrPrologue() {
        emitPrologue(config.markOsrEntry, null);
    }

    private void emitPrologue(int entryMark, jdk.vm.ci.meta.Constant initializationBarrier) {
        require(State.NEW, "emitPrologue");
        recordMark(entryMark);
        // One 4-byte instruction HotSpot may patch into a branch to make the code not entrant.
        asm.nop();
        if (initializationBarrier != null) {
            recordPatch((VMConstant) initializationBarrier);
            asm.movImm48Fixed(SCRATCH2, 0L);
            Label initialized = new Label("class-initialized");
            asm.add(64, SCRATCH1, SCRATCH2, config.instanceKlassInitStateOffset);
            asm.ldar(8, SCRATCH1, SCRATCH1);
            asm.cmp(32, SCRATCH1, config.instanceKlassFullyInitialized);
            asm.b(Condition.EQ, initialized);
            asm.ldr(64, SCRATCH1, Address.of(SCRATCH2, config.instanceKlassInitThreadOffset));
            asm.cmp(64, THREAD, SCRATCH1);
            asm.b(Condition.EQ, initialized);
            farJump(config.handleWrongMethodStub);
            asm.bind(initialized);
        }
        // Touch the page the frame and the shadow zone reach while the frame does not exist yet (and lr
        // still holds the caller's pc): an overflow is reported as StackOverflowError at the caller.
        int bang = config.stackBangOffset(layout.totalFrameSize());
        if (Aarch64Assembler.isArithmeticImmediate(bang)) {
            asm.sub(64, SCRATCH1, sp, bang); // the shadow zone is whole pages: sub x8, sp, #n, lsl #12
        } else {
            asm.mov(64, SCRATCH1, bang);
            asm.sub(64, SCRATCH1, sp, SCRATCH1);
        }
        asm.str(64, zr, Address.of(SCRATCH1, 0));
        int total = layout.totalFrameSize();
        subtractFromSp(total);
        int pair = total - 16;
        if (pair <= MAX_PAIR_OFFSET) {
            asm.stp(64, r29, r30, Address.of(sp, pair));
            asm.add(64, r29, sp, pair);
        } else {
            // Through x9: x29 still holds the caller's frame pointer, which the pair must save (the
            // interpreter's frames are addressed through it after the return). Saving x29 after
            // setting it saved this frame's own address: on return to an interpreted caller its
            // locals and bcp were read from the wrong place (wrong results, a crash in
            // InterpreterRuntime::create_exception: fuzz seeds 100 and 134 on the emulated JDK).
            addImmediate(SCRATCH2, sp, pair);
            asm.stp(64, r29, r30, Address.of(SCRATCH2, 0));
            asm.mov(64, r29, SCRATCH2);
        }
        recordMark(config.markFrameComplete);
        emitEntryBarrier();
        state = State.BODY;
    }

    private void subtractFromSp(int bytes) {
        if (Aarch64Assembler.isArithmeticImmediate(bytes)) {
            asm.sub(64, sp, sp, bytes);
        } else {
            asm.mov(64, SCRATCH1, bytes);
            asm.sub(64, sp, sp, SCRATCH1);
        }
    }

    private void addToSp(int bytes) {
        if (Aarch64Assembler.isArithmeticImmediate(bytes)) {
            asm.add(64, sp, sp, bytes);
        } else {
            asm.mov(64, SCRATCH1, bytes);
            asm.add(64, sp, sp, SCRATCH1);
        }
    }

    /** {@code rd = rn + imm} for any non-negative int (through x8 when it is no add immediate; rd may be x8). */
    private void addImmediate(Register rd, Register rn, int imm) {
        if (Aarch64Assembler.isArithmeticImmediate(imm)) {
            asm.add(64, rd, rn, imm);
        } else {
            asm.mov(64, SCRATCH1, imm);
            asm.add(64, rd, rn, SCRATCH1);
        }
    }

    /**
     * The nmethod entry barrier of the collectors that patch code only at safepoints (Serial, Parallel,
     * G1): {@code ldr w8, <guard>} (ENTRY_BARRIER_PATCH, a literal load of a 4-byte word in the data
     * section: HotSpot finds the guard through that instruction's section-word relocation and checks
     * the shape after installing), then {@code ldr w9, [x28, #disarmed]; cmp w8, w9; b.ne slow}. The
     * slow path calls the barrier stub, which may deoptimize this very activation by unwinding to the
     * caller, so the frame is complete here.
     */
    private void emitEntryBarrier() {
        if (config.nmethodPatchingType != config.nmethodPatchingStw) {
            throw new IllegalStateException("nmethod entry barrier patching type " + config.nmethodPatchingType
                            + ": only the stop-the-world type (" + config.nmethodPatchingStw + ") of Serial, Parallel and G1 is emitted");
        }
        int guard = data.reserve(4, 4);
        recordMark(config.markEntryBarrierPatch);
        DataSectionReference ref = new DataSectionReference();
        ref.setOffset(guard);
        sites.add(new DataPatch(asm.position(), ref));
        asm.emitInt(0x18000000 | SCRATCH1.encoding); // ldr w8, <literal>: HotSpot points it at the guard
        asm.ldr(32, SCRATCH2, Address.of(THREAD, config.threadDisarmedGuardValueOffset));
        asm.cmp(32, SCRATCH1, SCRATCH2);
        Label slow = new Label("entry-barrier-slow");
        Label done = new Label("entry-barrier-done");
        asm.b(Condition.NE, slow);
        asm.bind(done);
        stubs.add(() -> {
            asm.bind(slow);
            farCall(config.nmethodEntryBarrier, null);
            asm.b(done);
        });
    }

    /**
     * Tears the frame down and returns, with the return safepoint poll after the frame is gone (the
     * result is already in x0 or v0): {@code ldr x8, [x28, #polling word]} (POLL_RETURN_FAR) and
     * {@code cmp sp, x8; b.hi stub}. The stub records the poll's pc in the thread and jumps to
     * HotSpot's return handler (a jump: the handler takes lr, the caller's pc, as its return address).
     */
    public void emitReturn() {
        require(State.BODY, "emitReturn");
        leaveFrame();
        Label poll = new Label("return-poll");
        Label stub = new Label("return-poll-stub");
        asm.bind(poll);
        recordMark(config.markPollReturnFar);
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadPollingWordOffset));
        asm.cmp(64, sp, SCRATCH1);
        asm.b(Condition.HI, stub);
        asm.ret();
        stubs.add(() -> {
            asm.bind(stub);
            asm.adr(SCRATCH1, poll);
            asm.str(64, SCRATCH1, Address.of(THREAD, config.threadSavedExceptionPcOffset));
            farJump(config.pollingPageReturnHandler);
        });
    }

    /**
     * A safepoint poll (on a loop back edge): {@code ldr x8, [x28, #polling page]; ldr wzr, [x8]} with
     * POLL_FAR and a SAFEPOINT infopoint on the second load. When a safepoint is pending the page is
     * protected: the load faults and HotSpot's handler blob, which saves every register, stops the
     * thread; it resumes after the load (HotSpot adds 4 to the faulting pc), or in the interpreter at
     * {@code info}'s bci if the frame was deoptimized meanwhile.
     */
    public void emitSafepointPoll(DebugInfo info) {
        require(State.BODY, "emitSafepointPoll");
        requireFullDebugInfo(info, "safepoint poll");
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadPollingPageOffset));
        recordMark(config.markPollFar);
        sites.add(new Infopoint(asm.position(), info, InfopointReason.SAFEPOINT));
        hasDebugInfo = true;
        asm.ldr(32, zr, Address.of(SCRATCH1, 0));
    }

    /**
     * Declares that the instruction emitted next is an implicit null check: it reads or writes memory
     * at {@code [reference + small offset]}, and if the reference is null the access faults on the page
     * at address 0. HotSpot's signal handler then finds this site and deoptimizes the frame (reason
     * {@code null_check}, action {@code reinterpret}): the interpreter re-executes the bytecode at
     * {@code info}'s bci and throws NullPointerException. The caller guarantees the offset is below
     * the smallest page size (4096).
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
     * {@code duringCall == false}). The blob saves every register first. Never returns.
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
        asm.mov(32, SCRATCH1, trapRequest.asInt() & 0xFFFF_FFFFL);
        asm.str(32, SCRATCH1, Address.of(THREAD, config.threadPendingDeoptimizationOffset));
        long s = speculation.asLong();
        if (s == 0) {
            asm.str(64, zr, Address.of(THREAD, config.threadPendingFailedSpeculationOffset));
        } else {
            asm.mov(64, SCRATCH1, s);
            asm.str(64, SCRATCH1, Address.of(THREAD, config.threadPendingFailedSpeculationOffset));
        }
        farCall(config.deoptBlobUncommonTrap, info);
        asm.brk(0); // unreachable: the blob pops this frame
    }

    /** {@link #emitUncommonTrap(JavaConstant, JavaConstant, DebugInfo)} without a speculation, encoded by the VM. */
    public void emitUncommonTrap(MetaAccessProvider metaAccess, DeoptimizationAction action, DeoptimizationReason reason, DebugInfo info) {
        emitUncommonTrap(metaAccess.encodeDeoptActionAndReason(action, reason, 0), metaAccess.encodeSpeculation(SpeculationLog.NO_SPECULATION), info);
    }

    /**
     * A call of a VM stub or runtime routine ({@code movz/movk/movk x8; blr x8}), with debug info if it
     * can stop at a safepoint, deoptimize or throw (HotSpot records it at the return address). The
     * caller saves what the callee may clobber. Returns the position of the return address.
     */
    public int emitForeignCall(long target, DebugInfo info) {
        require(State.BODY, "emitForeignCall");
        if (info != null) {
            requireFullDebugInfo(info, "call");
        }
        return farCall(target, info);
    }

    /**
     * A call of a Java method through one of HotSpot's call sites, with the debug info of the call (a
     * frame {@code duringCall}, recorded at the return address): an {@code INVOKESTATIC},
     * {@code INVOKESPECIAL}, {@code INVOKEVIRTUAL} or {@code INVOKEINTERFACE} mark and a {@code bl}
     * (the Call site), which HotSpot points at its resolve stub, through a trampoline of its own where
     * the code cache is larger than a branch reaches. Virtual and interface calls load the inline
     * cache's data first, {@code movz/movk/movk x9} of the VM's non-oop word, which HotSpot replaces by
     * the site's {@code CompiledICData*}. The post-call nop follows. Returns the return address's
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
        recordMark(switch (dispatch) {
            case STATIC -> config.markInvokeStatic;
            case DIRECT -> config.markInvokeSpecial;
            case VIRTUAL -> config.markInvokeVirtual;
            case INTERFACE -> config.markInvokeInterface;
        });
        if (inlineCache) {
            if (config.nonOopWord >>> 48 != 0) {
                throw new IllegalStateException(String.format("the non-oop word 0x%x does not fit the 48 bits HotSpot patches", config.nonOopWord));
            }
            asm.movImm48Fixed(SCRATCH2, config.nonOopWord);
        }
        int pc = asm.emitBlPlaceholder();
        sites.add(new Call(target, pc, 4, true, info));
        hasDebugInfo = true;
        int returnAddress = asm.position();
        for (int w : POST_CALL_NOP) {
            asm.emitInt(w);
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
    private final Label unwindTable = new Label("unwind-table");
    private boolean unwindUsed;
    /** Calls whose return addresses the entry compares one by one; beyond, a table. */
    static final int MAX_UNWIND_COMPARES = 4;

    /**
     * Throws the exception in x0 (not null) out of this frame, to the caller: removes the frame, asks
     * the VM where the caller handles an exception thrown by its call
     * ({@code SharedRuntime::exception_handler_for_return_address(thread, return address)}, a leaf),
     * and jumps there with the exception in x0 and the return address in x3 (and lr), sp as at the
     * caller's call: the contract of every exception handler HotSpot gives (a compiled method's
     * exception handler entry, the interpreter's rethrow entry, the call stub's), as when a callee of
     * theirs throws. Nothing of this frame runs after it; no debug info (no safepoint until the handler).
     */
    public void emitUnwind() {
        require(State.BODY, "emitUnwind");
        unwindUsed = true;
        asm.b(unwind);
    }

    /** Removes the frame: fp and lr reloaded from their pair at the frame's top, sp back to the caller's. */
    private void leaveFrame() {
        int total = layout.totalFrameSize();
        int pair = total - 16;
        if (pair <= MAX_PAIR_OFFSET) {
            asm.ldp(64, r29, r30, Address.of(sp, pair));
        } else {
            addImmediate(SCRATCH1, sp, pair);
            asm.ldp(64, r29, r30, Address.of(SCRATCH1, 0));
        }
        addToSp(total);
    }

    /**
     * The unwinding code, once per method: the frame goes as at a return (fp and lr reloaded, no
     * return poll: nothing returns; the handler reached polls or deoptimizes as for any exception);
     * the exception and the return address are kept on the stack across the C call (sp stays 16-byte
     * aligned).
     */
    private void emitUnwindCode() {
        asm.bind(unwind);
        leaveFrame();
        asm.stp(64, r0, r30, Address.preIndex(sp, -16));
        asm.mov(64, r0, THREAD);
        asm.mov(64, r1, r30);
        farCall(config.exceptionHandlerForReturnAddress, null);
        asm.mov(64, SCRATCH1, r0);
        asm.ldp(64, r0, r3, Address.postIndex(sp, 16));
        asm.mov(64, r30, r3);
        asm.br(SCRATCH1);
    }

    /**
     * At the exception handler entry: continues at {@link #unwind} if x3, the throwing pc, is the
     * return address of a call whose exceptions leave the frame; x0 and x3 stay. Up to
     * {@link #MAX_UNWIND_COMPARES} of them are compared one by one; more are looked up in a table of
     * their offsets in the code, placed after the handlers (4 bytes each), x11 counting down through it.
     */
    private void emitUnwindingLookup() {
        if (unwindingReturns.size() <= MAX_UNWIND_COMPARES) {
            for (int ret : unwindingReturns) {
                asm.adr(SCRATCH1, ret - asm.position());
                asm.cmp(64, r3, SCRATCH1);
                asm.b(Condition.EQ, unwind);
            }
            return;
        }
        asm.adr(SCRATCH1, -asm.position());
        asm.sub(64, SCRATCH1, r3, SCRATCH1);
        asm.adr(SCRATCH2, unwindTable);
        asm.mov(64, r11, unwindingReturns.size());
        Label loop = new Label("unwind-lookup");
        asm.bind(loop);
        asm.sub(64, r11, r11, 1);
        asm.ldr(32, r10, Address.indexedScaled(SCRATCH2, r11));
        asm.cmp(32, SCRATCH1, r10);
        asm.b(Condition.EQ, unwind);
        asm.cbnz(64, r11, loop);
    }

    /**
     * The return addresses of the calls with an exception check after them: the exception handler
     * entry resumes there (see {@link #finish}).
     */
    private final List<Integer> checkedReturns = new ArrayList<>();

    /**
     * {@code r = (thread's exception pc == returnAddress && thread's exception oop != null)}, right
     * after the call whose return address that is (only moves between): 1 if the call returned through
     * the exception handler entry, which leaves the exception and the return address in the thread for
     * calls registered here.
     */
    public void emitExceptionCheck(Register r, int returnAddress) {
        require(State.BODY, "emitExceptionCheck");
        if (returnAddress < 0 || returnAddress > asm.position()) {
            throw new IllegalArgumentException("return address " + returnAddress + " not emitted before " + asm.position());
        }
        checkedReturns.add(returnAddress);
        asm.adr(SCRATCH2, returnAddress - asm.position());
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadExceptionPcOffset));
        asm.cmp(64, SCRATCH1, SCRATCH2);
        asm.cset(32, r, Condition.EQ);
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadExceptionOopOffset));
        asm.cmp(64, SCRATCH1, 0);
        asm.csel(32, r, r, zr, Condition.NE);
    }

    /** {@code r = thread's exception oop}, then the thread's exception oop and pc are cleared. */
    public void emitExceptionTake(Register r) {
        require(State.BODY, "emitExceptionTake");
        asm.ldr(64, r, Address.of(THREAD, config.threadExceptionOopOffset));
        asm.str(64, zr, Address.of(THREAD, config.threadExceptionOopOffset));
        asm.str(64, zr, Address.of(THREAD, config.threadExceptionPcOffset));
    }

    /**
     * {@code movz/movk/movk x8, target; blr x8} to a C function of the VM that neither stops at a
     * safepoint nor throws (a leaf: no debug info, no Java frame anchor). Arguments are in the C
     * registers; the caller saves every register the C convention lets the callee clobber.
     */
    public void emitCFunctionCall(long target) {
        require(State.BODY, "emitCFunctionCall");
        farCall(target, null);
    }

    /**
     * Appends the out-of-line stubs, the exception handler entry and the deopt handler, and returns the
     * code. The exception handler entry is where HotSpot continues when a callee throws into this frame
     * (x0 the exception, x3 the throwing pc, a return address in this code): at a call with a compiled
     * exception check it resumes at the return address with the exception in the thread; anywhere else
     * the deopt blob takes the frame and the interpreter looks for the handler.
     */
    public CompiledCode finish(String name) {
        require(State.BODY, "finish");
        for (int i = 0; i < stubs.size(); i++) {
            stubs.get(i).run();
        }
        stubs.clear();

        recordMark(config.markExceptionHandlerEntry);
        if (!unwindingReturns.isEmpty()) {
            unwindUsed = true;
            emitUnwindingLookup();
        }
        asm.str(64, r0, Address.of(THREAD, config.threadExceptionOopOffset));
        asm.str(64, r3, Address.of(THREAD, config.threadExceptionPcOffset));
        if (!checkedReturns.isEmpty()) {
            Label resume = new Label("exception-resume");
            for (int ret : checkedReturns) {
                asm.adr(SCRATCH1, ret - asm.position());
                asm.cmp(64, r3, SCRATCH1);
                asm.b(Condition.EQ, resume);
            }
            farJump(config.deoptBlobUnpackWithExceptionInTls);
            asm.bind(resume);
            asm.br(r3);
        } else {
            farJump(config.deoptBlobUnpackWithExceptionInTls);
        }

        // A lazily deoptimized frame returns here; the deopt blob must find the handler's own address
        // as this frame's pc, which it takes from lr.
        Label handler = new Label("deopt-handler");
        asm.bind(handler);
        recordMark(config.markDeoptHandlerEntry);
        // A call into the VM (an allocation's slow path) set this frame as the thread's last Java frame;
        // deoptimized while in the VM, it returns here with the anchor still set: clear it.
        asm.str(64, zr, Address.of(THREAD, config.threadLastJavaSpOffset));
        asm.str(64, zr, Address.of(THREAD, config.threadLastJavaFpOffset));
        asm.str(64, zr, Address.of(THREAD, config.threadLastJavaPcOffset));
        asm.adr(r30, handler);
        farJump(config.deoptBlobUnpack);

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
        return new CompiledCode(name, asm.code(), sites, layout.totalFrameSize(), layout.rescueSlot(), data.bytes(), DataSection.ALIGNMENT, List.of());
    }

    /** {@code movz/movk/movk x8, target; blr x8}; the Call site on the {@code movz}. Returns the return address's position. */
    private int farCall(long target, DebugInfo info) {
        int pc = asm.movImm48Fixed(SCRATCH1, target);
        asm.blr(SCRATCH1);
        sites.add(new Call(new StubTarget(target, true), pc, FAR_CALL_SIZE, true, info));
        if (info != null) {
            hasDebugInfo = true;
        }
        return asm.position();
    }

    /** {@code movz/movk/movk x8, target; br x8}; the Call site on the {@code movz}. */
    private void farJump(long target) {
        int pc = asm.movImm48Fixed(SCRATCH1, target);
        asm.br(SCRATCH1);
        sites.add(new Call(new StubTarget(target, true), pc, FAR_CALL_SIZE, true, null));
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
