package org.ssajit.hotspot;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.util.Nulls;

import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Infopoint;
import jdk.vm.ci.code.site.InfopointReason;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.SpeculationLog;
import jdk.vm.ci.meta.VMConstant;

/**
 * The parts of a HotSpot nmethod that HotSpot dictates, around a body someone else writes into
 * {@link #asm()}, with the sites (marks, calls, infopoints, data patches) that tell HotSpot what they
 * are. The protocol is the same on every target and lives here: which entries exist and in which
 * order, where each mark goes, what is checked before a call or trap is recorded, which calls an
 * exception leaves the frame through, the exception handler entry and the deopt handler. A target
 * supplies the few instructions of each step (the abstract {@code emit...} hooks: its frame, its
 * compares and branches, how it reaches a stub) and how to reach the thread's fields. The shapes and
 * the facts behind them are in docs/HOTSPOT-NOTES.md; every value HotSpot defines (offsets, stub
 * addresses, mark ids) comes from {@link HotSpotVmConfig}.
 *
 * <p>Use: for an instance method {@link #emitInlineCacheCheck} (its unverified entry) first; then
 * {@link #emitPrologue()} (or with a class-initialization barrier, or {@link #emitOsrPrologue()}); the
 * body, using {@link #emitReturn()}, {@link #emitSafepointPoll}, {@link #emitUncommonTrap},
 * {@link #emitForeignCall}, {@link #emitJavaCall}, {@link #emitCFunctionCall} and the exception steps
 * where needed; then {@link #finish}, which appends the out-of-line stubs, the exception handler entry
 * and the deopt handler.
 *
 * @param <A> the target's assembler
 */
public abstract class HotSpotFrameBuilder<A extends Assembler> {
    /** Displacements below this fault on the null page when the base is null (the smallest page size): the reach of an implicit null check. */
    public static final int IMPLICIT_NULL_CHECK_LIMIT = 4096;

    /** Calls whose return addresses the exception handler entry compares one by one; beyond, a table. */
    protected static final int MAX_UNWIND_COMPARES = 4;

    private enum State {
        NEW,
        BODY,
        FINISHED
    }

    protected final HotSpotVmConfig config;
    protected final FrameLayout layout;
    protected final A asm;
    private final List<Site> sites = new CompilerList<>();
    /** Out-of-line code (slow paths), emitted after the body in the order recorded. */
    private final List<Runnable> stubs = new CompilerList<>();
    private final java.util.Map<TrapRequest, Label> trapTails = new org.ssajit.util.CompilerMap<>();
    private State state = State.NEW;
    /** Whether any site carries debug info: such code can be deoptimized lazily and needs a rescue slot. */
    private boolean hasDebugInfo;
    /** The return addresses of the calls whose exceptions leave this frame (see {@link #finish}). */
    private final List<Integer> unwindingReturns = new CompilerList<>();
    /** The code that removes the frame and continues at the caller's exception handler ({@link #emitUnwind}). */
    private final Label unwind = new Label("unwind");
    private boolean unwindUsed;
    /** The return addresses of the calls with an exception check after them: the exception handler entry resumes there. */
    private final List<Integer> checkedReturns = new CompilerList<>();

    protected HotSpotFrameBuilder(HotSpotVmConfig config, FrameLayout layout, A asm) {
        this.config = Nulls.requireNonNull(config, "config");
        this.layout = Nulls.requireNonNull(layout, "layout");
        this.asm = asm;
    }

    public final A asm() {
        return asm;
    }

    public final FrameLayout layout() {
        return layout;
    }

    public final HotSpotVmConfig config() {
        return config;
    }

    /** The sites recorded so far, in recording order. */
    public final List<Site> sites() {
        return CompilerList.copyOf(sites);
    }

    /** Records mark {@code id} at the current position. */
    public final void recordMark(int id) {
        sites.add(new Mark(asm.position(), id));
    }

    /** Records that the instruction at {@code pc} embeds {@code constant} (an oop or class metadata), which HotSpot fills in and tracks. */
    public final void recordPatch(int pc, VMConstant constant) {
        recordSite(new DataPatch(pc, new ConstantReference(constant)));
    }

    /** {@link #recordPatch(int, VMConstant)} for the instruction emitted next. */
    public final void recordPatch(VMConstant constant) {
        recordPatch(asm.position(), constant);
    }

    /** Records a site the body made (a data patch). */
    public final void recordSite(Site site) {
        sites.add(site);
    }

    // Entries ------------------------------------------------------------------------------------------

    /**
     * The unverified entry of an instance method, before the prologue: where a call through an inline
     * cache enters, with the receiver in {@code receiver} (the first Java argument register). Unless
     * the receiver's class is the one the cache speculated on ({@link #emitReceiverClassCheck}), a jump
     * to HotSpot's inline-cache miss stub, which finds the right method and re-binds the cache; else on
     * to the verified entry, 8-byte aligned. A null receiver faults on the first load; HotSpot knows
     * that code before the verified entry is the inline-cache check and throws NullPointerException at
     * the caller's call site.
     */
    public final void emitInlineCacheCheck(Register receiver) {
        require(State.NEW, "emitInlineCacheCheck");
        if (!sites.isEmpty()) {
            throw new IllegalStateException("the unverified entry must be the code's first instruction");
        }
        recordMark(config.markUnverifiedEntry);
        Label verified = new Label("verified-entry");
        emitReceiverClassCheck(receiver, verified);
        jumpToStub(config.icMissStub);
        asm.align(8);
        asm.bind(verified);
    }

    /** The verified entry, stack bang, frame, FRAME_COMPLETE and the nmethod entry barrier. Arguments are untouched. */
    public final void emitPrologue() {
        emitPrologue(config.markVerifiedEntry, null);
    }

    /**
     * {@link #emitPrologue()} with HotSpot's class-initialization barrier right after the patchable
     * entry, for a static method of a class not initialized when it was compiled: unless the class
     * ({@code initializationBarrier}, a class-metadata constant) is fully initialized or being
     * initialized by this thread ({@link #emitInitializedCheck}), a jump to HotSpot's
     * handle-wrong-method stub before the frame exists (as at a call), which re-resolves the call, so
     * the caller waits for the initialization (or gets its error). The arguments are untouched.
     */
    public final void emitPrologue(Constant initializationBarrier) {
        emitPrologue(config.markVerifiedEntry, initializationBarrier);
    }

    /**
     * The entry of an on-stack-replacement compile: the interpreter has popped its frame, copied the
     * locals into a C-heap buffer (the first Java argument register) and jumps here as if the method's
     * caller had called this code. The same frame and entry barrier as {@link #emitPrologue()}; the
     * buffer's register survives them. The body reads the locals and frees the buffer
     * ({@link #emitCFunctionCall}).
     */
    public final void emitOsrPrologue() {
        emitPrologue(config.markOsrEntry, null);
    }

    private void emitPrologue(int entryMark, Constant initializationBarrier) {
        require(State.NEW, "emitPrologue");
        recordMark(entryMark);
        emitPatchableEntry();
        if (initializationBarrier != null) {
            Label initialized = new Label("class-initialized");
            emitInitializedCheck((VMConstant) initializationBarrier, initialized);
            jumpToStub(config.handleWrongMethodStub);
            asm.bind(initialized);
        }
        // Touch the page the frame and the shadow zone reach while the frame does not exist yet: an
        // overflow here is reported as StackOverflowError at the caller's call site.
        emitStackBang(config.stackBangOffset(layout.totalFrameSize()));
        emitFrameSetup();
        recordMark(config.markFrameComplete);
        emitEntryBarrier();
        state = State.BODY;
    }

    /**
     * The nmethod entry barrier: an instruction HotSpot finds through ENTRY_BARRIER_PATCH
     * ({@link #emitEntryBarrierCheck}); armed, a call of the barrier stub, which may deoptimize this
     * very activation by unwinding to the caller, so the frame must be complete here.
     */
    private void emitEntryBarrier() {
        Label slow = new Label("entry-barrier-slow");
        Label done = new Label("entry-barrier-done");
        emitEntryBarrierCheck(slow);
        asm.bind(done);
        stubs.add(() -> {
            asm.bind(slow);
            callStub(config.nmethodEntryBarrier, null);
            emitJump(done);
        });
    }

    // Returns and polls --------------------------------------------------------------------------------

    /**
     * Tears the frame down and returns, with the return safepoint poll after the frame is gone (the
     * result is already in its register): POLL_RETURN_FAR on the poll ({@link #emitReturnPoll}). An
     * armed poll goes to a stub that records the poll's pc in the thread and jumps to HotSpot's return
     * handler (a jump: the caller's return address stays where the handler finds it).
     */
    public final void emitReturn() {
        require(State.BODY, "emitReturn");
        emitFrameTeardown();
        Label poll = new Label("return-poll");
        Label stub = new Label("return-poll-stub");
        asm.bind(poll);
        recordMark(config.markPollReturnFar);
        emitReturnPoll(stub);
        stubs.add(() -> {
            asm.bind(stub);
            emitStoreAddressInThread(poll, config.threadSavedExceptionPcOffset);
            jumpToStub(config.pollingPageReturnHandler);
        });
    }

    /**
     * A safepoint poll (on a loop back edge): the polling page's address from the thread, then, with
     * POLL_FAR and a SAFEPOINT infopoint carrying {@code info}, a read of the page. When a safepoint is
     * pending the page is protected: the read faults and HotSpot's signal handler stops the thread in
     * its safepoint blob, which saves every register. Execution continues after the read, or, if this
     * frame was deoptimized meanwhile, in the interpreter at {@code info}'s bci.
     */
    public abstract void emitSafepointPoll(DebugInfo info);

    /** {@link #emitSafepointPoll}'s protocol: {@code loadPage} then, at the recorded pc, {@code readPage} (the read that faults). */
    protected final void safepointPoll(DebugInfo info, Runnable loadPage, Runnable readPage) {
        require(State.BODY, "emitSafepointPoll");
        requireFullDebugInfo(info, "safepoint poll");
        loadPage.run();
        recordMark(config.markPollFar);
        sites.add(new Infopoint(asm.position(), info, InfopointReason.SAFEPOINT));
        hasDebugInfo = true;
        readPage.run();
    }

    // Traps ------------------------------------------------------------------------------------------

    /**
     * Declares that the instruction emitted next is an implicit null check: it reads or writes memory
     * at {@code [reference + small displacement]}, and if the reference is null the access faults on
     * the page at address 0. HotSpot's signal handler then finds this site (a debug-info entry at the
     * faulting pc) and deoptimizes the frame with reason {@code null_check} and action
     * {@code reinterpret}: the interpreter re-executes the bytecode at {@code info}'s bci and throws
     * NullPointerException, and this code is made not entrant. The deopt blob saves every register
     * first, so {@code info} may name any. The caller guarantees the displacement is below the
     * smallest page size ({@link #IMPLICIT_NULL_CHECK_LIMIT}).
     */
    public final void emitImplicitNullCheckSite(DebugInfo info) {
        require(State.BODY, "emitImplicitNullCheckSite");
        requireFullDebugInfo(info, "implicit null check");
        sites.add(new Infopoint(asm.position(), info, InfopointReason.IMPLICIT_EXCEPTION));
        hasDebugInfo = true;
    }

    /**
     * Leaves compiled code for good at {@code info}'s bci: stores the trap request and speculation in
     * the thread ({@link #emitTrapRequest}) and calls the deopt blob's uncommon-trap entry, which
     * unpacks this frame into interpreter frames that re-execute the bytecode at the bci (debug info
     * with {@code duringCall == false}). The blob saves every register first, so {@code info} may
     * name any. Never returns.
     *
     * @param trapRequest {@link MetaAccessProvider#encodeDeoptActionAndReason}'s int
     * @param speculation {@link MetaAccessProvider#encodeSpeculation}'s long (0: none)
     */
    public final void emitUncommonTrap(JavaConstant trapRequest, JavaConstant speculation, DebugInfo info) {
        require(State.BODY, "emitUncommonTrap");
        if (trapRequest.getJavaKind() != JavaKind.Int || speculation.getJavaKind() != JavaKind.Long) {
            throw new IllegalArgumentException("trap request must be an int and speculation a long: " + trapRequest + ", " + speculation);
        }
        requireFullDebugInfo(info, "uncommon trap");
        if (info.getBytecodePosition() instanceof BytecodeFrame f && f.duringCall) {
            throw new IllegalArgumentException("an uncommon trap re-executes its bytecode: its frame cannot be duringCall");
        }
        // A call of this method's tail for the request: the return address it pushes (or leaves in
        // the link register) is the pc the deopt blob finds this frame at, with the trap's debug info.
        emitCallTo(trapTail(trapRequest.asInt(), speculation.asLong()));
        sites.add(new Infopoint(asm.position(), info, InfopointReason.SAFEPOINT));
        hasDebugInfo = true;
        emitUnreachable(); // the blob pops this frame
    }

    /** A trap's request and speculation, which its tail stores. */
    private record TrapRequest(int request, long speculation) {
        // equals and hashCode written out, as FieldRef's (ssa-core): a record's go through method handles.
        @Override
        public boolean equals(Object o) {
            return o instanceof TrapRequest t && t.request == request && t.speculation == speculation;
        }

        @Override
        public int hashCode() {
            return request * 31 + Long.hashCode(speculation);
        }
    }

    /**
     * The tail that the traps of {@code request} and {@code speculation} share, emitted after the body
     * on first use: it stores them in the thread's pending-deoptimization fields and jumps to the
     * deopt blob's uncommon-trap entry, which finds the trap's return address as its caller's pc.
     * Each trap is then a call and its debug info (5 bytes on AMD64 instead of 29).
     */
    private Label trapTail(int request, long speculation) {
        return trapTails.computeIfAbsent(new TrapRequest(request, speculation), k -> {
            Label tail = new Label("trap-tail");
            stubs.add(() -> {
                asm.bind(tail);
                emitTrapRequest(k.request(), k.speculation());
                jumpToStub(config.deoptBlobUncommonTrap);
            });
            return tail;
        });
    }

    /** {@link #emitUncommonTrap(JavaConstant, JavaConstant, DebugInfo)} without a speculation, encoded by the VM. */
    public final void emitUncommonTrap(MetaAccessProvider metaAccess, DeoptimizationAction action, DeoptimizationReason reason, DebugInfo info) {
        emitUncommonTrap(metaAccess.encodeDeoptActionAndReason(action, reason, 0), metaAccess.encodeSpeculation(SpeculationLog.NO_SPECULATION), info);
    }

    // Calls --------------------------------------------------------------------------------------------

    /**
     * A call of a VM stub or runtime routine ({@link #emitStubCall}), with debug info if it can stop at
     * a safepoint, deoptimize or throw (HotSpot records it at the return address). The caller saves
     * what the callee may clobber. Returns the position of the return address.
     */
    public final int emitForeignCall(long target, DebugInfo info) {
        require(State.BODY, "emitForeignCall");
        if (info != null) {
            requireFullDebugInfo(info, "call");
        }
        return callStub(target, info);
    }

    /**
     * A call of a C function of the VM that neither stops at a safepoint nor throws (a leaf: no debug
     * info, no Java frame anchor; {@link #emitCCall}). Arguments are in the C registers; the caller
     * saves every register the C convention lets the callee clobber. The stack pointer is 16-byte
     * aligned in the body, as the C convention requires at a call.
     */
    public final void emitCFunctionCall(long target) {
        require(State.BODY, "emitCFunctionCall");
        callC(target);
    }

    /**
     * A call of a VM function that may inspect the stack but neither blocks nor safepoints
     * ({@code monitorexit}), with this frame as the thread's last Java frame during the call: the anchor
     * set ({@link #emitSetLastJavaFrame}, its pc the call's return address), the thread in the first C
     * argument register, the call ({@link #emitForeignCall}) with {@code info}, the anchor cleared.
     */
    public final void emitAnchoredCall(long target, DebugInfo info) {
        Label returnAddress = new Label("anchored-call-return");
        emitSetLastJavaFrame(returnAddress);
        emitThreadArgument();
        int ret = emitForeignCall(target, info);
        if (ret != asm.position()) {
            throw new IllegalStateException("the call's return address " + ret + " is not here, " + asm.position());
        }
        asm.bind(returnAddress);
        clearLastJavaFrame();
    }

    /**
     * A call of a Java method through one of HotSpot's call sites, with the debug info of the call (a
     * frame {@code duringCall}, recorded at the return address): an {@code INVOKESTATIC},
     * {@code INVOKESPECIAL}, {@code INVOKEVIRTUAL} or {@code INVOKEINTERFACE} mark and the call
     * instruction (the Call site), which HotSpot points at its resolve stub. Virtual and interface
     * calls are inline caches: the mark is on the load of the VM's non-oop word
     * ({@link #emitInlineCacheData}), which HotSpot replaces by the site's {@code CompiledICData*}. The
     * post-call nop HotSpot expects follows the call. Returns the return address's position.
     */
    public final int emitJavaCall(ResolvedJavaMethod target, CallTarget.Dispatch dispatch, DebugInfo info) {
        return emitJavaCall(target, dispatch, info, false);
    }

    /**
     * As {@link #emitJavaCall(ResolvedJavaMethod, CallTarget.Dispatch, DebugInfo)}; with
     * {@code unwinds}, an exception the callee throws leaves this frame for the caller's handler
     * ({@link #emitUnwind}) instead of deoptimizing it (see {@link #finish}).
     */
    public final int emitJavaCall(ResolvedJavaMethod target, CallTarget.Dispatch dispatch, DebugInfo info, boolean unwinds) {
        require(State.BODY, "emitJavaCall");
        requireFullDebugInfo(info, "Java call");
        if (!(info.getBytecodePosition() instanceof BytecodeFrame f) || !f.duringCall) {
            throw new IllegalArgumentException("a Java call's frame must be duringCall: " + info.getBytecodePosition());
        }
        boolean inlineCache = dispatch == CallTarget.Dispatch.VIRTUAL || dispatch == CallTarget.Dispatch.INTERFACE;
        emitJavaCallAlignment(inlineCache);
        recordMark(switch (dispatch) {
            case STATIC -> config.markInvokeStatic;
            case DIRECT -> config.markInvokeSpecial;
            case VIRTUAL -> config.markInvokeVirtual;
            case INTERFACE -> config.markInvokeInterface;
        });
        if (inlineCache) {
            emitInlineCacheData();
        }
        int pc = asm.position();
        emitJavaCallInstruction();
        sites.add(new Call(target, pc, asm.position() - pc, true, info));
        hasDebugInfo = true;
        int returnAddress = asm.position();
        emitPostCallNop();
        if (unwinds) {
            unwindingReturns.add(returnAddress);
        }
        return returnAddress;
    }

    // ssajit's runtime stubs ----------------------------------------------------------------------------

    /** Stubs by VM entry and result kind ({@link #vmCallStub}). */
    private static final RuntimeStubs.Known VM_CALL_STUBS = new RuntimeStubs.Known();
    /** Exception stubs by kind ({@link #exceptionStub}). */
    private static final RuntimeStubs.Known EXCEPTION_STUBS = new RuntimeStubs.Known();
    /** Leaf-call-saving stubs by C function, argument count and result ({@link #leafCallSavingStub}). */
    private static final RuntimeStubs.Known LEAF_CALL_SAVING_STUBS = new RuntimeStubs.Known();

    /** The entry of the stub that calls the VM entry {@code entry} ({@link RuntimeStubBuilder#vmCallStub}; named after {@code entryName}), installed on first use. */
    public final long vmCallStub(String entryName, long entry, RuntimeStubBuilder.VmResult result) {
        long known = VM_CALL_STUBS.find(entry, result.ordinal());
        if (known != 0) {
            return known;
        }
        String name = "ssajit-vm-" + entryName;
        long address = RuntimeStubs.address(name, () -> newRuntimeStubs().vmCallStub(name, entry, result));
        VM_CALL_STUBS.add(entry, result.ordinal(), address);
        return address;
    }

    /** The entry of the monitorenter stub ({@link RuntimeStubBuilder#monitorEnterStub}), installed on first use. */
    public final long monitorEnterStub() {
        return RuntimeStubs.address("ssajit-monitorenter", () -> newRuntimeStubs().monitorEnterStub());
    }

    /** The entry of the stub that creates an implicit exception of {@code kind} ({@link RuntimeStubBuilder#exceptionStub}), installed on first use. */
    public final long exceptionStub(ImplicitException.Kind kind) {
        long known = EXCEPTION_STUBS.find(kind.ordinal(), 0);
        if (known != 0) {
            return known;
        }
        long address = RuntimeStubs.address("ssajit-throw-" + kind.name(), () -> newRuntimeStubs().exceptionStub(kind));
        EXCEPTION_STUBS.add(kind.ordinal(), 0, address);
        return address;
    }

    /**
     * The entry of the stub that calls the VM's leaf C function {@code target} ({@code symbol}) with every
     * register intact ({@link RuntimeStubBuilder#leafCallSavingStub}), installed on first use; called
     * with {@link #emitLeafCallSavingStubCall}.
     */
    public final long leafCallSavingStub(String symbol, long target, int arguments, boolean result) {
        int shape = 2 * arguments + (result ? 1 : 0);
        long known = LEAF_CALL_SAVING_STUBS.find(target, shape);
        if (known != 0) {
            return known;
        }
        String name = "ssajit-saving-" + symbol + "-" + arguments + (result ? "-result" : "");
        long address = RuntimeStubs.address(name, () -> newRuntimeStubs().leafCallSavingStub(name, target, arguments, result));
        LEAF_CALL_SAVING_STUBS.add(target, shape, address);
        return address;
    }

    /**
     * A call of a leaf-call-saving stub ({@link #leafCallSavingStub}), without debug info (nothing in it
     * safepoints). Where the call site passes the arguments in the target's scratch registers, the
     * call reaches the stub through another register ({@link #emitLeafCallSavingCall}).
     */
    public final void emitLeafCallSavingStubCall(long stub) {
        require(State.BODY, "emitLeafCallSavingStubCall");
        int pc = asm.position();
        StubTarget t = emitLeafCallSavingCall(stub);
        sites.add(new Call(t, pc, asm.position() - pc, true, null));
    }

    // Exceptions ---------------------------------------------------------------------------------------

    /**
     * Throws the exception in the return register (not null) out of this frame, to the caller:
     * removes the frame, asks the VM where the caller handles an exception thrown by its call
     * ({@code SharedRuntime::exception_handler_for_return_address(thread, return address)}, a leaf),
     * and jumps there with the exception and the return address where every exception handler
     * HotSpot gives expects them (a compiled method's exception handler entry, the interpreter's
     * rethrow entry, the call stub's), as when a callee of theirs throws. Nothing of this frame runs
     * after it; no debug info (no safepoint until the handler).
     */
    public final void emitUnwind() {
        require(State.BODY, "emitUnwind");
        unwindUsed = true;
        emitJump(unwind);
    }

    /**
     * {@code r = 1} if the call whose return address is {@code returnAddress} returned through the
     * exception handler entry (the thread's exception pc is that address and an exception is in the
     * thread), else 0; right after that call (only moves between). The entry leaves the exception and
     * the return address in the thread for calls registered here. A normal return never finds the
     * address there: HotSpot clears the field after every exception it dispatches, and this code
     * clears it when it takes the exception ({@link #emitExceptionTake}).
     */
    public final void emitExceptionCheck(Register r, int returnAddress) {
        require(State.BODY, "emitExceptionCheck");
        if (returnAddress < 0 || returnAddress > asm.position()) {
            throw new IllegalArgumentException("return address " + returnAddress + " not emitted before " + asm.position());
        }
        checkedReturns.add(returnAddress);
        emitExceptionPcCheck(r, returnAddress);
    }

    /** {@code r = thread's exception oop}, then the thread's exception oop and pc are cleared. */
    public final void emitExceptionTake(Register r) {
        require(State.BODY, "emitExceptionTake");
        emitLoadFromThread(r, config.threadExceptionOopOffset);
        emitStoreZeroInThread(config.threadExceptionOopOffset);
        emitStoreZeroInThread(config.threadExceptionPcOffset);
    }

    // Finishing --------------------------------------------------------------------------------------

    /**
     * Appends the out-of-line stubs, the exception handler entry and the deopt handler, and returns the
     * code. The exception handler entry is where HotSpot continues when a callee throws into this
     * frame (the exception and the throwing pc, a return address in this code, in the target's
     * registers): at a call whose exceptions leave the frame it unwinds; at a call with a compiled
     * exception check it resumes at the return address with the exception in the thread; anywhere
     * else the deopt blob takes the frame and the interpreter looks for the handler at the call's bci.
     */
    public final CompiledCode finish(String name) {
        require(State.BODY, "finish");
        for (int i = 0; i < stubs.size(); i++) {
            stubs.get(i).run();
        }
        stubs.clear();

        recordMark(config.markExceptionHandlerEntry);
        Label unwindTable = new Label("unwind-table");
        if (!unwindingReturns.isEmpty()) {
            unwindUsed = true;
            if (unwindingReturns.size() <= MAX_UNWIND_COMPARES) {
                for (int ret : unwindingReturns) {
                    emitBranchIfThrowingPc(ret, unwind);
                }
            } else {
                emitUnwindingTableLookup(unwindingReturns.size(), unwindTable, unwind);
            }
        }
        emitStoreExceptionInThread();
        if (!checkedReturns.isEmpty()) {
            // A call with an exception check after it: resume at its return address (the stack as
            // there), where the check finds the address in the thread and the compiled handlers take
            // the exception. Any other pc deoptimizes.
            Label resume = new Label("exception-resume");
            for (int ret : checkedReturns) {
                emitBranchIfThrowingPc(ret, resume);
            }
            jumpToStub(config.deoptBlobUnpackWithExceptionInTls);
            asm.bind(resume);
            emitJumpToThrowingPc();
        } else {
            jumpToStub(config.deoptBlobUnpackWithExceptionInTls);
        }

        // A lazily deoptimized frame returns here; the deopt blob must find the handler's own address
        // as this frame's return address.
        int handler = asm.position();
        recordMark(config.markDeoptHandlerEntry);
        // A call into the VM (an allocation's slow path) set this frame as the thread's last Java frame;
        // deoptimized while in the VM, it returns here with the anchor still set: clear it, as the call's
        // own return path would (harmless after a Java call, which never sets it).
        clearLastJavaFrame();
        emitDeoptHandlerReturnAddress(handler);
        jumpToStub(config.deoptBlobUnpack);

        if (unwindUsed) {
            // Once per method: the frame goes as at a return (no return poll: nothing returns; the
            // handler reached polls or deoptimizes as it does for any exception).
            asm.bind(unwind);
            emitFrameTeardown();
            emitUnwindToCallerHandler();
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
        return compiledCode(name, asm.code(), sites);
    }

    /** The finished code; a target with a data section adds it. */
    protected CompiledCode compiledCode(String name, byte[] code, List<Site> sites) {
        return new CompiledCode(name, code, sites, layout.totalFrameSize(), layout.rescueSlot());
    }

    // Calls the hooks use ----------------------------------------------------------------------------

    /** A call of the stub at {@code target} ({@link #emitStubCall}) with {@code info} (may be null); returns the return address's position. */
    protected final int callStub(long target, DebugInfo info) {
        int pc = asm.position();
        StubTarget t = emitStubCall(target);
        sites.add(new Call(t, pc, asm.position() - pc, true, info));
        if (info != null) {
            hasDebugInfo = true;
        }
        return asm.position();
    }

    /** A jump to the stub at {@code target} ({@link #emitStubJump}). */
    protected final void jumpToStub(long target) {
        int pc = asm.position();
        StubTarget t = emitStubJump(target);
        sites.add(new Call(t, pc, asm.position() - pc, true, null));
    }

    /** A call of the VM's C function at {@code target} ({@link #emitCCall}), no debug info. */
    protected final void callC(long target) {
        int pc = asm.position();
        StubTarget t = emitCCall(target);
        sites.add(new Call(t, pc, asm.position() - pc, true, null));
    }

    /** The thread's last Java frame cleared: its sp first (the frame is no longer walkable), then fp and pc. */
    private void clearLastJavaFrame() {
        emitStoreZeroInThread(config.threadLastJavaSpOffset);
        emitStoreZeroInThread(config.threadLastJavaFpOffset);
        emitStoreZeroInThread(config.threadLastJavaPcOffset);
    }

    protected static void requireFullDebugInfo(DebugInfo info, String what) {
        if (info == null) {
            throw new NullPointerException(what + " needs debug info");
        }
        if (info.getReferenceMap() == null || info.getBytecodePosition() == null) {
            throw new IllegalArgumentException(what + " needs a frame and a reference map: " + info);
        }
    }

    private void require(State s, String what) {
        if (state != s) {
            throw new IllegalStateException(what + " not allowed now (state " + state + ")");
        }
    }

    // Target hooks: the instructions ---------------------------------------------------------------

    /** To {@code verified} if the receiver's class is the one the inline cache (its data in the target's register) speculated on. */
    protected abstract void emitReceiverClassCheck(Register receiver, Label verified);

    /** One instruction at the entry that HotSpot may patch atomically into a jump (to make the code not entrant). */
    protected abstract void emitPatchableEntry();

    /**
     * To {@code initialized} if the class {@code klass} (embedded with a data patch) is fully
     * initialized (its state read with acquire semantics) or being initialized by this thread. Leaves
     * the arguments untouched.
     */
    protected abstract void emitInitializedCheck(VMConstant klass, Label initialized);

    /** Touches the stack {@code offset} bytes below the stack pointer. */
    protected abstract void emitStackBang(int offset);

    /** Builds the frame of {@link #layout}. */
    protected abstract void emitFrameSetup();

    /** Removes the frame: the stack pointer at the caller's, the return address where a return finds it. */
    protected abstract void emitFrameTeardown();

    /** The entry barrier's test: records ENTRY_BARRIER_PATCH at the instruction HotSpot patches and checks; to {@code armed} when armed. */
    protected abstract void emitEntryBarrierCheck(Label armed);

    /** The return poll (POLL_RETURN_FAR is on its first instruction): to {@code armed} if armed, else the return itself. */
    protected abstract void emitReturnPoll(Label armed);

    /** Stores the address of {@code label} (bound in this code) into the thread's field at {@code threadOffset}. */
    protected abstract void emitStoreAddressInThread(Label label, int threadOffset);

    /** Stores the trap request (int) and the speculation (long) into the thread's pending-deoptimization fields. */
    protected abstract void emitTrapRequest(int request, long speculation);

    /** An instruction that traps if ever reached. */
    protected abstract void emitUnreachable();

    /** A call of {@code target}, bound in this code (a trap's tail: the call never returns). */
    protected abstract void emitCallTo(Label target);

    /** An unconditional jump to a label of this code (also the emitter's jump to a block). */
    public abstract void emitJump(Label target);

    /** A call of a VM stub (HotSpot fills in or relocates the target); says how it reaches the stub. */
    protected abstract StubTarget emitStubCall(long target);

    /** A jump to a VM stub (the return address on top stays the caller's); says how it reaches the stub. */
    protected abstract StubTarget emitStubJump(long target);

    /** A call of a C function of the VM; says how it reaches the function. */
    protected abstract StubTarget emitCCall(long target);

    /** A call of a leaf-call-saving stub at {@code target} that keeps the registers its call sites pass arguments in ({@link #emitLeafCallSavingStubCall}). */
    protected abstract StubTarget emitLeafCallSavingCall(long target);

    /** Padding before a Java call's mark, if the target's call must be aligned for HotSpot to patch it. Nothing by default. */
    protected void emitJavaCallAlignment(boolean inlineCache) {
    }

    /** The load of the VM's non-oop word into the inline-cache data register, which HotSpot replaces. */
    protected abstract void emitInlineCacheData();

    /** The Java call instruction HotSpot points at its resolve stub (a Call site at its first byte). */
    protected abstract void emitJavaCallInstruction();

    /** The instruction(s) HotSpot expects after every Java call. */
    protected abstract void emitPostCallNop();

    /** {@code r = 1} if the thread's exception pc is {@code returnAddress} and an exception oop is in the thread, else 0. */
    protected abstract void emitExceptionPcCheck(Register r, int returnAddress);

    /** At the exception handler entry: to {@code target} if the throwing pc is {@code returnAddress}; the exception and pc stay. */
    protected abstract void emitBranchIfThrowingPc(int returnAddress, Label target);

    /**
     * At the exception handler entry, more than {@link #MAX_UNWIND_COMPARES} unwinding calls: to
     * {@code found} if the throwing pc's offset in the code is one of the {@code count} 4-byte entries
     * at {@code table} (laid out after the handlers); the exception and pc stay.
     */
    protected abstract void emitUnwindingTableLookup(int count, Label table, Label found);

    /** The exception and the throwing pc, as HotSpot passes them to the exception handler entry, into the thread's fields. */
    protected abstract void emitStoreExceptionInThread();

    /** Continues at the throwing pc (the stack as at the call). */
    protected abstract void emitJumpToThrowingPc();

    /** At the deopt handler entry ({@code handler}): makes {@code handler} this frame's return address as the deopt blob reads it. */
    protected abstract void emitDeoptHandlerReturnAddress(int handler);

    /**
     * After the frame is removed, with the exception in the return register and the return address
     * where a return finds it: {@code exception_handler_for_return_address(thread, return address)}
     * ({@link #callC}), then a jump to the handler it returns with the exception and return address
     * where HotSpot's handlers expect them.
     */
    protected abstract void emitUnwindToCallerHandler();

    /**
     * Makes this frame the thread's last Java frame (the anchor's sp stored last), with the pc
     * {@code returnAddress} where the target's stack walk reads it from the anchor (bound at the return
     * address of the call that follows).
     */
    protected abstract void emitSetLastJavaFrame(Label returnAddress);

    /** The thread into the C convention's first argument register. */
    protected abstract void emitThreadArgument();

    /** A builder of the target's runtime stubs, with an assembler of its own. */
    protected abstract RuntimeStubBuilder<?> newRuntimeStubs();

    /** {@code r = } the thread's field at {@code offset} (a word). */
    protected abstract void emitLoadFromThread(Register r, int offset);

    /** The thread's field at {@code offset} (a word) {@code = 0}. */
    protected abstract void emitStoreZeroInThread(int offset);
}
