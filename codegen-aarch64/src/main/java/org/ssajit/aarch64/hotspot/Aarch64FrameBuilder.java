package org.ssajit.aarch64.hotspot;

import org.ssajit.util.CompilerList;
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

import java.util.List;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.DataSectionReference;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.aarch64.AArch64HotSpotRegisterConfig;
import jdk.vm.ci.meta.VMConstant;

/**
 * The instructions of HotSpot/AArch64's nmethod protocol ({@link HotSpotFrameBuilder} owns the
 * protocol); the shapes and the facts behind them are in docs/HOTSPOT-NOTES.md, section AArch64.
 *
 * <p>The frame is codegen-core's {@link FrameLayout}: {@code sub sp, sp, #total; stp x29, x30, [sp,
 * #total-16]}, so the saved frame pointer and lr sit right below the caller's sp, and x29 points at
 * them. x8 and x9 (HotSpot's rscratch1 and rscratch2, never allocatable) are this class's scratch
 * registers; x28 is the thread. VM stubs and C functions are called through the 48-bit absolute form
 * {@code movz/movk/movk x8; blr x8} (the Call site on the {@code movz}), which reaches any address
 * whatever the code cache's size. HotSpot passes the exception handler entry the exception in x0 and
 * the throwing pc in x3. The nmethod has a data section (the entry barrier's guard).
 */
public final class Aarch64FrameBuilder extends HotSpotFrameBuilder<Aarch64Assembler> {
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

    /** The data section: the entry barrier's guard and the body's constants, laid out before the code. */
    private final DataSection data;

    public Aarch64FrameBuilder(HotSpotVmConfig config, FrameLayout layout) {
        super(config, layout, new Aarch64Assembler());
        this.data = new DataSection(config.dataSectionItemAlignment);
    }

    /** The data section, for constants the body loads pc-relatively. */
    public DataSection data() {
        return data;
    }

    /**
     * With the receiver in x1 and the cache's {@code CompiledICData*} in x9: {@code ldr w8, [x1,
     * #klass]; ldr w10, [x9, #speculated_klass]; cmp w8, w10; b.eq verified} (the class, or with compact
     * object headers the mark word's top bits). Writes x8, x10 and the flags, no argument register.
     */
    @Override
    protected void emitReceiverClassCheck(Register receiver, Label verified) {
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
        asm.b(Condition.EQ, verified);
    }

    /** One 4-byte instruction HotSpot may patch into a branch to make the code not entrant. */
    @Override
    protected void emitPatchableEntry() {
        asm.nop();
    }

    /** The state read with {@code ldarb}, so that the initializer's writes are seen. Only x8 and x9 are written. */
    @Override
    protected void emitInitializedCheck(VMConstant klass, Label initialized) {
        recordPatch(klass);
        asm.movImm48Fixed(SCRATCH2, 0L);
        asm.add(64, SCRATCH1, SCRATCH2, config.instanceKlassInitStateOffset);
        asm.ldar(8, SCRATCH1, SCRATCH1);
        asm.cmp(32, SCRATCH1, config.instanceKlassFullyInitialized);
        asm.b(Condition.EQ, initialized);
        asm.ldr(64, SCRATCH1, Address.of(SCRATCH2, config.instanceKlassInitThreadOffset));
        asm.cmp(64, THREAD, SCRATCH1);
        asm.b(Condition.EQ, initialized);
    }

    /** {@code str xzr, [sp - offset]} through x8, while lr still holds the caller's pc. */
    @Override
    protected void emitStackBang(int offset) {
        if (Aarch64Assembler.isArithmeticImmediate(offset)) {
            asm.sub(64, SCRATCH1, sp, offset); // the shadow zone is whole pages: sub x8, sp, #n, lsl #12
        } else {
            asm.mov(64, SCRATCH1, offset);
            asm.sub(64, SCRATCH1, sp, SCRATCH1);
        }
        asm.str(64, zr, Address.of(SCRATCH1, 0));
    }

    @Override
    protected void emitFrameSetup() {
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
    }

    /** fp and lr reloaded from their pair at the frame's top, sp back to the caller's. */
    @Override
    protected void emitFrameTeardown() {
        int total = layout.totalFrameSize();
        int pair = total - 16;
        if (pair <= MAX_PAIR_OFFSET) {
            asm.ldp(64, r29, r30, Address.of(sp, pair));
        } else {
            addImmediate(SCRATCH1, sp, pair);
            asm.ldp(64, r29, r30, Address.of(SCRATCH1, 0));
        }
        addImmediate(sp, sp, total);
    }

    private void subtractFromSp(int bytes) {
        if (Aarch64Assembler.isArithmeticImmediate(bytes)) {
            asm.sub(64, sp, sp, bytes);
        } else {
            asm.mov(64, SCRATCH1, bytes);
            asm.sub(64, sp, sp, SCRATCH1);
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
     * The nmethod entry barrier: {@code ldr w8, <guard>} (ENTRY_BARRIER_PATCH, a literal load of a
     * 4-byte word in the data section: HotSpot finds the guard through that instruction's section-word
     * relocation and checks the shape after installing), compared with the thread's disarmed value.
     * <ul>
     * <li>Collectors that patch code only at safepoints (Serial, Parallel, G1):
     * {@code ldr w9, [x28, #disarmed]; cmp w8, w9; b.ne armed}.
     * <li>Collectors that patch it while threads run (Shenandoah): the global patching epoch joins the
     * guard as its high half, read after it (an address made to depend on the guard's value orders the
     * loads), and the thread's disarmed value and its copy of the epoch are compared as one doubleword:
     * {@code mov x9, &epoch; orr x9, x9, x8, lsr #32; ldr w9, [x9]; orr x8, x8, x9, lsl #32; ldr x9, [x28,
     * #disarmed]; cmp x8, x9; b.ne armed}. A thread whose copy is old takes the barrier's stub, which
     * synchronizes its instruction stream and updates the copy (HotSpot's
     * {@code BarrierSetAssembler::nmethod_entry_barrier}).
     * </ul>
     */
    @Override
    protected void emitEntryBarrierCheck(Label armed) {
        boolean concurrent = config.nmethodPatchingType == config.nmethodPatchingConcurrent && config.patchingEpochAddress != 0;
        if (config.nmethodPatchingType != config.nmethodPatchingStw && !concurrent) {
            throw new IllegalStateException("nmethod entry barrier patching type " + config.nmethodPatchingType + ": only the stop-the-world ("
                            + config.nmethodPatchingStw + ") and concurrent instruction-and-data (" + config.nmethodPatchingConcurrent + ") types are emitted");
        }
        int guard = data.reserve(4, 4);
        recordMark(config.markEntryBarrierPatch);
        DataSectionReference ref = new DataSectionReference();
        ref.setOffset(guard);
        recordSite(new DataPatch(asm.position(), ref));
        asm.emitInt(0x18000000 | SCRATCH1.encoding); // ldr w8, <literal>: HotSpot points it at the guard
        if (concurrent) {
            asm.mov(64, SCRATCH2, config.patchingEpochAddress);
            asm.orr(64, SCRATCH2, SCRATCH2, SCRATCH1, ShiftType.LSR, 32);
            asm.ldr(32, SCRATCH2, Address.of(SCRATCH2, 0));
            asm.orr(64, SCRATCH1, SCRATCH1, SCRATCH2, ShiftType.LSL, 32);
            asm.ldr(64, SCRATCH2, Address.of(THREAD, config.threadDisarmedGuardValueOffset));
            asm.cmp(64, SCRATCH1, SCRATCH2);
        } else {
            asm.ldr(32, SCRATCH2, Address.of(THREAD, config.threadDisarmedGuardValueOffset));
            asm.cmp(32, SCRATCH1, SCRATCH2);
        }
        asm.b(Condition.NE, armed);
    }

    /** {@code ldr x8, [x28, #polling word]; cmp sp, x8; b.hi armed; ret}. */
    @Override
    protected void emitReturnPoll(Label armed) {
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadPollingWordOffset));
        asm.cmp(64, sp, SCRATCH1);
        asm.b(Condition.HI, armed);
        asm.ret();
    }

    @Override
    protected void emitStoreAddressInThread(Label label, int threadOffset) {
        asm.adr(SCRATCH1, label);
        asm.str(64, SCRATCH1, Address.of(THREAD, threadOffset));
    }

    /** {@code ldr x8, [x28, #polling page]; ldr wzr, [x8]}: HotSpot resumes after the faulting load (it adds 4 to the pc). */
    @Override
    public void emitSafepointPoll(DebugInfo info) {
        safepointPoll(info, () -> asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadPollingPageOffset)), () -> asm.ldr(32, zr, Address.of(SCRATCH1, 0)));
    }

    @Override
    protected void emitTrapRequest(int request, long speculation) {
        asm.mov(32, SCRATCH1, request & 0xFFFF_FFFFL);
        asm.str(32, SCRATCH1, Address.of(THREAD, config.threadPendingDeoptimizationOffset));
        if (speculation == 0) {
            asm.str(64, zr, Address.of(THREAD, config.threadPendingFailedSpeculationOffset));
        } else {
            asm.mov(64, SCRATCH1, speculation);
            asm.str(64, SCRATCH1, Address.of(THREAD, config.threadPendingFailedSpeculationOffset));
        }
    }

    @Override
    protected void emitUnreachable() {
        asm.brk(0);
    }

    /** {@code bl}: the return address in lr, which the deopt blob saves as its caller's pc (the tail's {@code br} keeps it). */
    @Override
    protected void emitCallTo(Label target) {
        asm.bl(target);
    }

    @Override
    public void emitJump(Label target) {
        asm.b(target);
    }

    /** {@code movz/movk/movk x8, target; blr x8}. */
    @Override
    protected StubTarget emitStubCall(long target) {
        asm.movImm48Fixed(SCRATCH1, target);
        asm.blr(SCRATCH1);
        return new StubTarget(target, true);
    }

    /** {@code movz/movk/movk x8, target; br x8}. */
    @Override
    protected StubTarget emitStubJump(long target) {
        asm.movImm48Fixed(SCRATCH1, target);
        asm.br(SCRATCH1);
        return new StubTarget(target, true);
    }

    @Override
    protected StubTarget emitCCall(long target) {
        return emitStubCall(target);
    }

    /**
     * {@code movz/movk/movk x30, target; blr x30}: the call site passes the arguments in x8 and x9; lr,
     * which the call overwrites anyway, is not allocatable and the frame saved the caller's at entry.
     */
    @Override
    protected StubTarget emitLeafCallSavingCall(long target) {
        asm.movImm48Fixed(r30, target);
        asm.blr(r30);
        return new StubTarget(target, true);
    }

    /** {@code movz/movk/movk x9} of the VM's non-oop word. */
    @Override
    protected void emitInlineCacheData() {
        if (config.nonOopWord >>> 48 != 0) {
            throw new IllegalStateException(String.format("the non-oop word 0x%x does not fit the 48 bits HotSpot patches", config.nonOopWord));
        }
        asm.movImm48Fixed(SCRATCH2, config.nonOopWord);
    }

    /** {@code bl}, which HotSpot points at its resolve stub, through a trampoline of its own where the code cache is larger than a branch reaches. */
    @Override
    protected void emitJavaCallInstruction() {
        asm.emitBlPlaceholder();
    }

    @Override
    protected void emitPostCallNop() {
        for (int w : POST_CALL_NOP) {
            asm.emitInt(w);
        }
    }

    /** {@code adr x9, return address; ldr x8, [x28, #exception pc]; cmp x8, x9; cset; ldr x8, [x28, #exception oop]; cmp x8, #0; csel}. */
    @Override
    protected void emitExceptionPcCheck(Register r, int returnAddress) {
        asm.adr(SCRATCH2, returnAddress - asm.position());
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadExceptionPcOffset));
        asm.cmp(64, SCRATCH1, SCRATCH2);
        asm.cset(32, r, Condition.EQ);
        asm.ldr(64, SCRATCH1, Address.of(THREAD, config.threadExceptionOopOffset));
        asm.cmp(64, SCRATCH1, 0);
        asm.csel(32, r, r, zr, Condition.NE);
    }

    /** {@code adr x8, return address; cmp x3, x8; b.eq target}. */
    @Override
    protected void emitBranchIfThrowingPc(int returnAddress, Label target) {
        asm.adr(SCRATCH1, returnAddress - asm.position());
        asm.cmp(64, r3, SCRATCH1);
        asm.b(Condition.EQ, target);
    }

    /** x11 counts down through the table; x8 and x9 hold the offset sought and the table. */
    @Override
    protected void emitUnwindingTableLookup(int count, Label table, Label found) {
        asm.adr(SCRATCH1, -asm.position());
        asm.sub(64, SCRATCH1, r3, SCRATCH1);
        asm.adr(SCRATCH2, table);
        asm.mov(64, r11, count);
        Label loop = new Label("unwind-lookup");
        asm.bind(loop);
        asm.sub(64, r11, r11, 1);
        asm.ldr(32, r10, Address.indexedScaled(SCRATCH2, r11));
        asm.cmp(32, SCRATCH1, r10);
        asm.b(Condition.EQ, found);
        asm.cbnz(64, r11, loop);
    }

    @Override
    protected void emitStoreExceptionInThread() {
        asm.str(64, r0, Address.of(THREAD, config.threadExceptionOopOffset));
        asm.str(64, r3, Address.of(THREAD, config.threadExceptionPcOffset));
    }

    @Override
    protected void emitJumpToThrowingPc() {
        asm.br(r3);
    }

    /** The deopt blob takes the frame's pc from lr. */
    @Override
    protected void emitDeoptHandlerReturnAddress(int handler) {
        asm.adr(r30, handler - asm.position());
    }

    /**
     * The exception and the return address are kept on the stack across the C call (sp stays 16-byte
     * aligned); the handler gets the exception in x0 and the return address in x3 and lr, sp as at the
     * caller's call.
     */
    @Override
    protected void emitUnwindToCallerHandler() {
        asm.stp(64, r0, r30, Address.preIndex(sp, -16));
        asm.mov(64, r0, THREAD);
        asm.mov(64, r1, r30);
        callC(config.exceptionHandlerForReturnAddress);
        asm.mov(64, SCRATCH1, r0);
        asm.ldp(64, r0, r3, Address.postIndex(sp, 16));
        asm.mov(64, r30, r3);
        asm.br(SCRATCH1);
    }

    @Override
    protected void emitLoadFromThread(Register r, int offset) {
        asm.ldr(64, r, Address.of(THREAD, offset));
    }

    @Override
    protected void emitSetLastJavaFrame(Label returnAddress) {
        setLastJavaFrame(asm, config, returnAddress);
    }

    /**
     * The thread's last-Java-frame anchor: pc, x29, then sp, through x9 (AArch64 HotSpot never
     * derives the pc from the stack). The compiled code's calls and the runtime stubs set it alike.
     */
    static void setLastJavaFrame(Aarch64Assembler asm, HotSpotVmConfig config, Label returnAddress) {
        asm.adr(SCRATCH2, returnAddress);
        asm.str(64, SCRATCH2, Address.of(THREAD, config.threadLastJavaPcOffset));
        asm.str(64, r29, Address.of(THREAD, config.threadLastJavaFpOffset));
        asm.mov(64, SCRATCH2, sp);
        asm.str(64, SCRATCH2, Address.of(THREAD, config.threadLastJavaSpOffset));
    }

    @Override
    protected void emitThreadArgument() {
        asm.mov(64, r0, THREAD);
    }

    @Override
    protected Aarch64RuntimeStubs newRuntimeStubs() {
        return new Aarch64RuntimeStubs(config);
    }

    @Override
    protected void emitStoreZeroInThread(int offset) {
        asm.str(64, zr, Address.of(THREAD, offset));
    }

    @Override
    protected CompiledCode compiledCode(String name, byte[] code, List<Site> sites) {
        return new CompiledCode(name, code, sites, layout.totalFrameSize(), layout.rescueSlot(), data.bytes(), DataSection.ALIGNMENT, CompilerList.of());
    }
}
