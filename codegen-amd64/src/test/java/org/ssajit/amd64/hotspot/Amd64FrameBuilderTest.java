package org.ssajit.amd64.hotspot;

import static jdk.vm.ci.amd64.AMD64.r12;
import static jdk.vm.ci.amd64.AMD64.r13;
import static jdk.vm.ci.amd64.AMD64.r15;
import static jdk.vm.ci.amd64.AMD64.rbp;
import static jdk.vm.ci.amd64.AMD64.rbx;
import static jdk.vm.ci.amd64.AMD64.rsi;
import static jdk.vm.ci.amd64.AMD64.rsp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.Infopoint;
import jdk.vm.ci.code.site.InfopointReason;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCI;
import org.ssajit.hotspot.BytecodeFrameBuilder;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;

/**
 * The shapes HotSpot dictates, read back with objdump and checked against the VM's own values. That
 * HotSpot accepts and runs them is jvmci-plugin's job to test (it installs code).
 */
class Amd64FrameBuilderTest {
    private static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();
    private static final MetaAccessProvider META = JVMCI.getRuntime().getHostJVMCIBackend().getMetaAccess();

    static int sample(int x, long y, Object o) {
        int z = x + 1;
        return z + (int) y + o.hashCode();
    }

    private static ResolvedJavaMethod sampleMethod() throws NoSuchMethodException {
        return META.lookupJavaMethod(Amd64FrameBuilderTest.class.getDeclaredMethod("sample", int.class, long.class, Object.class));
    }

    private static DebugInfo info(FrameLayout layout) throws NoSuchMethodException {
        BytecodeFrame f = BytecodeFrameBuilder.at(sampleMethod(), 0)
                        .local(0, JavaKind.Int, Amd64ValueKind.reg(rsi, JavaKind.Int))
                        .local(3, JavaKind.Object, Amd64ValueKind.reg(rbx, JavaKind.Object))
                        .build();
        return DebugInfos.of(f, layout);
    }

    /** pc -> normalized objdump text. */
    private static Map<Integer, String> listing(CompiledCode code) throws IOException {
        Map<Integer, String> m = new TreeMap<>();
        for (Objdump.Instruction i : Objdump.decode(code.code(), 0)) {
            m.put((int) i.address(), i.text());
        }
        return m;
    }

    private static int markAt(CompiledCode code, int id) {
        List<Site> found = code.sites().stream().filter(s -> s instanceof Mark mk && (int) mk.id == id).toList();
        assertEquals(1, found.size(), "mark " + id + ": " + code.sites());
        return found.get(0).pcOffset;
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /**
     * An instance method's unverified entry at offset 0: the receiver's narrow klass compared with the
     * inline cache's speculated klass, equal: on to the verified entry (8-byte aligned), else a jump to
     * HotSpot's inline-cache miss stub. Nothing before it; it writes only r10.
     */
    @Test
    void inlineCacheCheckAtTheUnverifiedEntry() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(CONFIG.useCompressedClassPointers && !CONFIG.useCompactObjectHeaders);
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 16, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitInlineCacheCheck(rsi);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        assertEquals(0, markAt(code, CONFIG.markUnverifiedEntry));
        int verified = markAt(code, CONFIG.markVerifiedEntry);
        assertEquals(0, verified % 8, "verified entry aligned");
        assertEquals("mov r10d,DWORD PTR [rsi+" + hex(CONFIG.oopKlassOffset) + "]", l.get(0));
        assertEquals("cmp r10d,DWORD PTR [rax+" + hex(CONFIG.icSpeculatedKlassOffset) + "]", l.get(4));
        assertEquals("je " + hex(verified), l.get(8));
        Call miss = code.sites().stream().filter(st -> st instanceof Call c && ((StubTarget) c.target).address() == CONFIG.icMissStub).map(st -> (Call) st)
                        .findFirst().orElseThrow();
        assertEquals(14, miss.pcOffset);
        assertEquals(0xe9, code.code()[14] & 0xff, "a jump to the miss stub, not a call: the caller's return address stays on top");
        assertEquals("nop DWORD PTR [rax+rax*1+0x0]", l.get(verified), "the verified entry's patchable 5-byte instruction");
        assertThrows(IllegalStateException.class, () -> {
            Amd64FrameBuilder late = new Amd64FrameBuilder(CONFIG, layout);
            late.emitPrologue();
            late.emitInlineCacheCheck(rsi);
        });
    }

    /**
     * A static method of a class not initialized when compiled: right after the patchable entry,
     * the class (a metadata patch on a movabs r10) is checked: fully initialized, or initialized by
     * this thread (r15), goes on; else a jump (not a call: the caller's return address stays on top)
     * to HotSpot's handle-wrong-method stub, before the frame exists and without touching an argument
     * register.
     */
    @Test
    void classInitializationBarrierAtTheVerifiedEntry() throws Exception {
        jdk.vm.ci.meta.Constant klass = jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getConstantReflection()
                        .asObjectHub(jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess().lookupJavaType(String.class));
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 16, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitPrologue(klass);
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        assertEquals(0, markAt(code, CONFIG.markVerifiedEntry));
        assertEquals("nop DWORD PTR [rax+rax*1+0x0]", l.get(0));
        assertEquals("movabs r10,0x0", l.get(5));
        jdk.vm.ci.code.site.DataPatch patch = code.sites().stream().filter(st -> st instanceof jdk.vm.ci.code.site.DataPatch).map(st -> (jdk.vm.ci.code.site.DataPatch) st)
                        .findFirst().orElseThrow();
        assertEquals(5, patch.pcOffset);
        assertEquals(klass, ((jdk.vm.ci.code.site.ConstantReference) patch.reference).getConstant());
        assertEquals("cmp BYTE PTR [r10+" + hex(CONFIG.instanceKlassInitStateOffset) + "]," + hex(CONFIG.instanceKlassFullyInitialized), l.get(15));
        int je1 = l.keySet().stream().filter(pc -> pc > 15).findFirst().orElseThrow();
        int ok = Integer.parseInt(l.get(je1).substring("je 0x".length()), 16);
        int cmp2 = l.keySet().stream().filter(pc -> pc > je1).findFirst().orElseThrow();
        assertEquals("cmp r15,QWORD PTR [r10+" + hex(CONFIG.instanceKlassInitThreadOffset) + "]", l.get(cmp2));
        int je2 = l.keySet().stream().filter(pc -> pc > cmp2).findFirst().orElseThrow();
        assertEquals("je " + hex(ok), l.get(je2));
        int jmp = l.keySet().stream().filter(pc -> pc > je2).findFirst().orElseThrow();
        assertEquals(0xe9, code.code()[jmp] & 0xff);
        Call wrong = code.sites().stream().filter(st -> st instanceof Call c && c.target instanceof StubTarget t && t.address() == CONFIG.handleWrongMethodStub)
                        .map(st -> (Call) st).findFirst().orElseThrow();
        assertEquals(jmp, wrong.pcOffset);
        assertEquals(jmp + 5, ok, "initialized: on to the stack bang");
        assertEquals("mov DWORD PTR [rsp-" + hex(CONFIG.stackBangOffset(layout.totalFrameSize())) + "],eax", l.get(ok));
    }

    @Test
    void prologueAndEpilogue() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 16, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        byte[] b = code.code();

        assertEquals(0, markAt(code, CONFIG.markVerifiedEntry));
        assertEquals("nop DWORD PTR [rax+rax*1+0x0]", l.get(0), "a single 5-byte instruction first");
        assertEquals("mov DWORD PTR [rsp-" + hex(CONFIG.stackBangOffset(layout.totalFrameSize())) + "],eax", l.get(5));
        int afterBang = l.keySet().stream().filter(pc -> pc > 5).findFirst().orElseThrow();
        assertEquals("push rbp", l.get(afterBang));
        assertEquals("sub rsp," + hex(layout.frameSize()), l.get(afterBang + 1));

        int frameComplete = markAt(code, CONFIG.markFrameComplete);
        assertEquals(afterBang + 1 + 4, frameComplete);
        int barrier = markAt(code, CONFIG.markEntryBarrierPatch);
        assertTrue(barrier >= frameComplete && barrier % 4 == 0, "barrier at " + barrier);
        assertEquals(0x41, b[barrier] & 0xff);
        assertEquals(0x81, b[barrier + 1] & 0xff);
        assertEquals(0x7f, b[barrier + 2] & 0xff);
        assertEquals(CONFIG.threadDisarmedGuardValueOffset, b[barrier + 3]);
        assertTrue(l.get(barrier + 8).startsWith("jne "), l.get(barrier + 8));

        int poll = markAt(code, CONFIG.markPollReturnFar);
        assertEquals("cmp rsp,QWORD PTR [r15+" + hex(CONFIG.threadPollingWordOffset) + "]", l.get(poll));
        assertTrue(l.get(poll + 4).startsWith("ja "), l.get(poll + 4));
        assertEquals("ret", l.get(poll + 10));
        assertEquals("pop rbp", l.get(poll - 1));
        assertEquals("add rsp," + hex(layout.frameSize()), l.get(poll - 5));

        // Out of line: entry barrier slow path (call the stub, jump back), return-poll stub.
        List<Call> calls = code.sites().stream().filter(s -> s instanceof Call).map(s -> (Call) s).toList();
        Call barrierCall = calls.stream().filter(c -> ((StubTarget) c.target).address() == CONFIG.nmethodEntryBarrier).findFirst().orElseThrow();
        assertNull(barrierCall.debugInfo);
        assertEquals("call " + hex(barrierCall.pcOffset + 5), l.get(barrierCall.pcOffset));
        assertEquals("jmp " + hex(barrier + 8 + 6), l.get(barrierCall.pcOffset + 5));
        Call returnHandler = calls.stream().filter(c -> ((StubTarget) c.target).address() == CONFIG.pollingPageReturnHandler).findFirst().orElseThrow();
        int stub = returnHandler.pcOffset - 7 - 7;
        assertTrue(l.get(stub).startsWith("lea r10,[rip+"), l.get(stub));
        int disp = (b[stub + 3] & 0xff) | (b[stub + 4] & 0xff) << 8 | (b[stub + 5] & 0xff) << 16 | b[stub + 6] << 24;
        assertEquals(poll, stub + 7 + disp, "the stub records the poll's own pc");
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadSavedExceptionPcOffset) + "],r10", l.get(stub + 7));
        assertEquals(0xe9, b[returnHandler.pcOffset] & 0xff, "a jump, not a call");

        // Handlers: exception entry stores rax/rdx in the thread and jumps to the deopt blob.
        int exc = markAt(code, CONFIG.markExceptionHandlerEntry);
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadExceptionOopOffset) + "],rax", l.get(exc));
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadExceptionPcOffset) + "],rdx", l.get(exc + 7));
        Call toBlob = (Call) code.sites().stream().filter(s -> s instanceof Call && s.pcOffset == exc + 14).findFirst().orElseThrow();
        assertEquals(CONFIG.deoptBlobUnpackWithExceptionInTls, ((StubTarget) toBlob.target).address());
        // Deopt handler: clears the thread's last Java frame (set if deoptimized during a call into the
        // VM), pushes its own address (call next; fix up), then jumps to the blob.
        int deopt = markAt(code, CONFIG.markDeoptHandlerEntry);
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadLastJavaSpOffset) + "],0x0", l.get(deopt));
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadLastJavaFpOffset) + "],0x0", l.get(deopt + 11));
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadLastJavaPcOffset) + "],0x0", l.get(deopt + 22));
        int push = deopt + 33;
        assertEquals("call " + hex(push + 5), l.get(push));
        assertEquals("sub QWORD PTR [rsp]," + hex(push + 5 - deopt), l.get(push + 5), "the pushed address becomes the handler's own");
        Call unpack = (Call) code.sites().stream().filter(s -> s instanceof Call && s.pcOffset == push + 10).findFirst().orElseThrow();
        assertEquals(CONFIG.deoptBlobUnpack, ((StubTarget) unpack.target).address());
        assertEquals(0xe9, b[push + 10] & 0xff);
        assertEquals(b.length, push + 15);

        assertEquals(layout.totalFrameSize(), code.totalFrameSize());
        assertEquals(layout.rescueSlot(), code.deoptRescueSlot());
        for (int i = 1; i < code.sites().size(); i++) {
            assertTrue(code.sites().get(i - 1).pcOffset <= code.sites().get(i).pcOffset, "sites sorted");
        }
    }

    /**
     * An OSR compile's entry is marked OSR_ENTRY instead of VERIFIED_ENTRY, with the same frame and
     * barrier; the buffer is freed by {@code movabs r10, target; call r10}, a Call site on the movabs
     * that HotSpot patches (the C function may lie beyond rel32 reach).
     */
    @Test
    void osrEntryAndCFunctionCall() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 16, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitOsrPrologue();
        int callPc = fb.asm().position();
        fb.emitCFunctionCall(CONFIG.osrMigrationEnd);
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);

        assertEquals(0, markAt(code, CONFIG.markOsrEntry));
        assertTrue(code.sites().stream().noneMatch(s -> s instanceof Mark mk && (int) mk.id == CONFIG.markVerifiedEntry), "no verified entry");
        markAt(code, CONFIG.markFrameComplete);
        markAt(code, CONFIG.markEntryBarrierPatch);

        assertEquals("movabs r10,0x0", l.get(callPc));
        assertEquals("call r10", l.get(callPc + 10));
        Call c = (Call) code.sites().stream().filter(s -> s instanceof Call && s.pcOffset == callPc).findFirst().orElseThrow();
        StubTarget t = (StubTarget) c.target;
        assertEquals(CONFIG.osrMigrationEnd, t.address());
        assertTrue(t.isFar());
        assertEquals(13, c.size);
        assertNull(c.debugInfo, "a leaf call: no safepoint");
    }

    @Test
    void safepointPoll() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        int before = fb.asm().position();
        DebugInfo info = info(layout);
        fb.emitSafepointPoll(jdk.vm.ci.amd64.AMD64.rax, info);
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        assertEquals("mov rax,QWORD PTR [r15+" + hex(CONFIG.threadPollingPageOffset) + "]", l.get(before));
        int poll = markAt(code, CONFIG.markPollFar);
        assertEquals("test DWORD PTR [rax],eax", l.get(poll));
        Infopoint ip = (Infopoint) code.sites().stream().filter(s -> s instanceof Infopoint).findFirst().orElseThrow();
        assertEquals(poll, ip.pcOffset);
        assertEquals(InfopointReason.SAFEPOINT, ip.reason);
        assertEquals(info, ip.debugInfo);

        for (jdk.vm.ci.code.Register bad : List.of(rsp, rbp, r12, r13, r15)) {
            Amd64FrameBuilder f = new Amd64FrameBuilder(CONFIG, layout);
            f.emitPrologue();
            assertThrows(IllegalArgumentException.class, () -> f.emitSafepointPoll(bad, info), bad.name);
        }
    }

    /**
     * A trap is a call of the method's tail for its request, its debug info at the return address (a
     * SAFEPOINT infopoint: the deopt blob finds the frame there), and ud2. The tail, after the body,
     * stores the request and the speculation (one 64-bit store of 0) in the thread and jumps to the
     * blob (a Call site without debug info). Traps of the same request share it.
     */
    @Test
    void uncommonTrap() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        int before = fb.asm().position();
        DebugInfo info = info(layout);
        fb.emitUncommonTrap(META, DeoptimizationAction.InvalidateRecompile, DeoptimizationReason.NullCheckException, info);
        fb.emitUncommonTrap(META, DeoptimizationAction.InvalidateRecompile, DeoptimizationReason.NullCheckException, info);
        int body = fb.asm().position();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        int request = META.encodeDeoptActionAndReason(DeoptimizationAction.InvalidateRecompile, DeoptimizationReason.NullCheckException, 0).asInt();
        assertTrue(request < 0, "HotSpot's trap requests are negative");
        String store = "mov DWORD PTR [r15+" + hex(CONFIG.threadPendingDeoptimizationOffset) + "]," + hex(request & 0xffffffffL);
        int tail = l.entrySet().stream().filter(e -> e.getValue().equals(store)).mapToInt(Map.Entry::getKey).findFirst().orElseThrow(() -> new AssertionError(l.toString()));
        assertTrue(tail >= body, "the tail comes after the body");
        assertEquals(1, l.values().stream().filter(store::equals).count(), "one tail for both traps");
        for (int trap : new int[] {before, before + 7}) {
            assertEquals("call " + hex(tail), l.get(trap), l::toString);
            assertEquals("ud2", l.get(trap + 5));
            Infopoint ip = (Infopoint) code.sites().stream().filter(s -> s instanceof Infopoint p && p.pcOffset == trap + 5).findFirst().orElseThrow();
            assertEquals(InfopointReason.SAFEPOINT, ip.reason);
            assertEquals(info, ip.debugInfo);
        }
        assertEquals("mov QWORD PTR [r15+" + hex(CONFIG.threadPendingFailedSpeculationOffset) + "],0x0", l.get(tail + 11), "no speculation: one store of 0");
        Call jump = (Call) code.sites().stream().filter(s -> s instanceof Call && s.pcOffset == tail + 22).findFirst().orElseThrow();
        assertEquals(CONFIG.deoptBlobUncommonTrap, ((StubTarget) jump.target).address());
        assertNull(jump.debugInfo, "the trap's debug info is at its own return address");
        assertTrue(l.get(tail + 22).startsWith("jmp "), l::toString);
    }

    /**
     * A speculation that fits a sign-extended 32-bit immediate is one 64-bit store (a negative one's
     * upper half all ones); a wider one is two 32-bit stores, low half first. Each its own tail.
     */
    @Test
    void uncommonTrapSpeculations() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        DebugInfo info = info(layout);
        jdk.vm.ci.meta.JavaConstant request = META.encodeDeoptActionAndReason(DeoptimizationAction.InvalidateRecompile, DeoptimizationReason.ClassCastException, 0);
        fb.emitUncommonTrap(request, jdk.vm.ci.meta.JavaConstant.forLong(-5), info);
        fb.emitUncommonTrap(request, jdk.vm.ci.meta.JavaConstant.forLong(0x1_8000_0005L), info);
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        String store = "mov DWORD PTR [r15+" + hex(CONFIG.threadPendingDeoptimizationOffset) + "]," + hex(request.asInt() & 0xffffffffL);
        List<Integer> tails = l.entrySet().stream().filter(e -> e.getValue().equals(store)).map(Map.Entry::getKey).toList();
        assertEquals(2, tails.size(), l::toString);
        String field = "[r15+" + hex(CONFIG.threadPendingFailedSpeculationOffset);
        assertEquals("mov QWORD PTR " + field + "],0xfffffffffffffffb", l.get(tails.get(0) + 11), l::toString);
        assertEquals("mov DWORD PTR " + field + "],0x80000005", l.get(tails.get(1) + 11), l::toString);
        assertEquals("mov DWORD PTR [r15+" + hex(CONFIG.threadPendingFailedSpeculationOffset + 4) + "],0x1", l.get(tails.get(1) + 22), l::toString);
    }

    @Test
    void misuseIsRefused() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        DebugInfo info = info(layout);
        Amd64FrameBuilder fresh = new Amd64FrameBuilder(CONFIG, layout);
        assertThrows(IllegalStateException.class, fresh::emitReturn);
        assertThrows(IllegalStateException.class, () -> fresh.finish("t"));
        fresh.emitPrologue();
        assertThrows(IllegalStateException.class, fresh::emitPrologue);
        assertThrows(NullPointerException.class, () -> fresh.emitSafepointPoll(rbx, null));
        DebugInfo noMap = new DebugInfo(info.frame());
        assertThrows(IllegalArgumentException.class, () -> fresh.emitSafepointPoll(rbx, noMap));
        BytecodeFrame during = BytecodeFrameBuilder.at(sampleMethod(), 0).duringCall(true).build();
        assertThrows(IllegalArgumentException.class, () -> fresh.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.None, DebugInfos.of(during, layout)));
        fresh.emitReturn();
        fresh.finish("t");
        assertThrows(IllegalStateException.class, () -> fresh.finish("t"));

        // Safepoints without a rescue slot: HotSpot could not deoptimize the frame; refused up front.
        FrameLayout bare = FrameLayout.withoutRescueSlot(Amd64ValueKind.WORD, 0, 0);
        Amd64FrameBuilder noRescue = new Amd64FrameBuilder(CONFIG, bare);
        noRescue.emitPrologue();
        noRescue.emitSafepointPoll(rbx, info(bare));
        noRescue.emitReturn();
        assertThrows(IllegalStateException.class, () -> noRescue.finish("t"));
    }

    @Test
    void configComesFromTheVm() {
        // Mark ids and stubs are distinct and present; nothing is a made-up default.
        int[] marks = {CONFIG.markVerifiedEntry, CONFIG.markUnverifiedEntry, CONFIG.markOsrEntry, CONFIG.markExceptionHandlerEntry,
                        CONFIG.markDeoptHandlerEntry, CONFIG.markFrameComplete, CONFIG.markEntryBarrierPatch, CONFIG.markInvokeInterface,
                        CONFIG.markInvokeVirtual, CONFIG.markInvokeStatic, CONFIG.markInvokeSpecial, CONFIG.markPollFar, CONFIG.markPollReturnFar};
        assertEquals(marks.length, java.util.Arrays.stream(marks).distinct().count());
        long[] stubs = {CONFIG.pollingPageReturnHandler, CONFIG.deoptBlobUnpack, CONFIG.deoptBlobUncommonTrap, CONFIG.deoptBlobUnpackWithExceptionInTls,
                        CONFIG.nmethodEntryBarrier, CONFIG.throwDelayedStackOverflowErrorEntry, CONFIG.handleWrongMethodStub, CONFIG.icMissStub};
        for (long s : stubs) {
            assertTrue(s != 0);
        }
        assertTrue(CONFIG.stackShadowPages > 0 && Integer.bitCount(CONFIG.vmPageSize) == 1);
        assertEquals(CONFIG.threadPollingWordOffset + 8 == CONFIG.threadPollingPageOffset
                        || CONFIG.threadPollingPageOffset + 8 == CONFIG.threadPollingWordOffset, true, "poll word and page sit together in Thread::_poll_data");
        int gc = CONFIG.selectedGc();
        assertNotNull(CONFIG.gcName(gc));
        assertFalse(CONFIG.gcName(gc).startsWith("CollectedHeap"));
        assertInstanceOf(Integer.class, CONFIG.narrowOopShift);
    }
}
