package org.ssajit.aarch64.hotspot;

import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r20;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.BytecodeFrameBuilder;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.lir.LirKind;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.DataSectionReference;
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

/**
 * The shapes HotSpot's AArch64 code installer and runtime dictate (docs/HOTSPOT-NOTES.md, AArch64),
 * read back with the cross objdump and checked instruction by instruction against the VM's values.
 * These tests run on the host: its VM's offsets, ids and stub addresses stand in for an arm64 VM's
 * (the AArch64-only values, which an x86 VM does not export, are set to what an arm64 VM with Serial,
 * Parallel or G1 reports). That HotSpot accepts and runs the shapes is tested on the emulated arm64
 * JDK (jvmci-plugin's aarch64 profile).
 */
class Aarch64FrameBuilderTest {
    private static final HotSpotVmConfig CONFIG = Arm64LikeConfig.get();
    private static final MetaAccessProvider META = JVMCI.getRuntime().getHostJVMCIBackend().getMetaAccess();


    static int sample(int x, long y, Object o) {
        int z = x + 1;
        return z + (int) y + o.hashCode();
    }

    private static ResolvedJavaMethod sampleMethod() throws NoSuchMethodException {
        return META.lookupJavaMethod(Aarch64FrameBuilderTest.class.getDeclaredMethod("sample", int.class, long.class, Object.class));
    }

    private static FrameLayout layout(int spill) {
        return FrameLayout.of(AArch64Kind.QWORD, spill, 0);
    }

    private static DebugInfo info(FrameLayout layout, boolean duringCall) throws NoSuchMethodException {
        BytecodeFrame f = BytecodeFrameBuilder.at(sampleMethod(), 0).duringCall(duringCall)
                        .local(0, JavaKind.Int, r1.asValue(LirKind.value(AArch64Kind.DWORD)))
                        .local(3, JavaKind.Object, r20.asValue(LirKind.reference(AArch64Kind.QWORD)))
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

    private static int word(CompiledCode code, int pc) {
        byte[] b = code.code();
        return (b[pc] & 0xff) | (b[pc + 1] & 0xff) << 8 | (b[pc + 2] & 0xff) << 16 | (b[pc + 3] & 0xff) << 24;
    }

    private static int markAt(CompiledCode code, int id) {
        List<Site> found = code.sites().stream().filter(s -> s instanceof Mark mk && (int) mk.id == id).toList();
        assertEquals(1, found.size(), "mark " + id + ": " + code.sites());
        return found.get(0).pcOffset;
    }

    private static Call callTo(CompiledCode code, long target) {
        return code.sites().stream().filter(s -> s instanceof Call c && c.target instanceof StubTarget t && t.address() == target).map(s -> (Call) s)
                        .findFirst().orElseThrow(() -> new AssertionError("no call of " + Long.toHexString(target) + " in " + code.sites()));
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** The three words of {@code movz/movk/movk xN} of a 48-bit value, as objdump prints them. */
    private static List<String> mov48(String reg, long v) {
        return List.of("mov " + reg + ", #" + hex(v & 0xffff), "movk " + reg + ", #" + hex((v >>> 16) & 0xffff) + ", lsl #16",
                        "movk " + reg + ", #" + hex((v >>> 32) & 0xffff) + ", lsl #32");
    }

    /**
     * A static method's entry: the patchable 4-byte {@code nop} at VERIFIED_ENTRY, the stack bang below
     * sp before the frame exists, the frame with x29/x30 right below the caller's sp and x29 pointing
     * at them, FRAME_COMPLETE, then the entry barrier: a literal {@code ldr w8} of a 4-byte data-section
     * guard carrying the ENTRY_BARRIER_PATCH mark and the data patch, compared with the thread's
     * disarmed value; the slow path calls the barrier stub and comes back.
     */
    @Test
    void prologueFrameAndEntryBarrier() throws Exception {
        FrameLayout layout = layout(16);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        int total = layout.totalFrameSize();
        assertEquals(0, markAt(code, CONFIG.markVerifiedEntry));
        assertEquals("nop", l.get(0));
        int bang = CONFIG.stackBangOffset(total);
        assertEquals(0, bang % 4096, "the shadow zone is whole pages");
        assertEquals("sub x8, sp, #" + hex(bang >> 12) + ", lsl #12", l.get(4));
        int pc = 4;
        assertEquals("str xzr, [x8]", l.get(pc + 4));
        assertEquals("sub sp, sp, #" + hex(total), l.get(pc + 8));
        assertEquals("stp x29, x30, [sp, #" + (total - 16) + "]", l.get(pc + 12));
        assertEquals("add x29, sp, #" + hex(total - 16), l.get(pc + 16));
        int complete = markAt(code, CONFIG.markFrameComplete);
        assertEquals(pc + 20, complete);
        int barrier = markAt(code, CONFIG.markEntryBarrierPatch);
        assertEquals(complete, barrier);
        assertEquals(0x18000000, word(code, barrier) & 0xff000000, "a 32-bit literal ldr at the barrier mark");
        assertEquals(8, word(code, barrier) & 0x1f, "into w8");
        DataPatch guard = code.sites().stream().filter(s -> s instanceof DataPatch d && d.pcOffset == barrier).map(s -> (DataPatch) s).findFirst().orElseThrow();
        DataSectionReference ref = assertInstanceOf(DataSectionReference.class, guard.reference);
        assertTrue(ref.getOffset() + 4 <= code.dataSection().length && ref.getOffset() % 4 == 0, "a 4-byte guard in the data section");
        assertEquals("ldr w9, [x28, #" + CONFIG.threadDisarmedGuardValueOffset + "]", l.get(barrier + 4).replace("#0x", "#").replace(hex(CONFIG.threadDisarmedGuardValueOffset).substring(2), "" + CONFIG.threadDisarmedGuardValueOffset));
        assertEquals("cmp w8, w9", l.get(barrier + 8));
        assertTrue(l.get(barrier + 12).startsWith("b.ne "), l.get(barrier + 12));
        Call slow = callTo(code, CONFIG.nmethodEntryBarrier);
        assertEquals(mov48("x8", CONFIG.nmethodEntryBarrier), List.of(l.get(slow.pcOffset), l.get(slow.pcOffset + 4), l.get(slow.pcOffset + 8)));
        assertEquals("blr x8", l.get(slow.pcOffset + 12));
        assertEquals(16, slow.size);
        assertEquals("b " + hex(barrier + 16), l.get(slow.pcOffset + 16), "back after the barrier's branch");
    }

    /**
     * Return: the frame popped, then POLL_RETURN_FAR on {@code ldr x8, [x28, #polling word]}, {@code cmp
     * sp, x8; b.hi stub; ret}; the stub stores the address of that very load in the thread's saved
     * exception pc and jumps (no link) to the VM's return handler.
     */
    @Test
    void returnWithItsSafepointPoll() throws Exception {
        FrameLayout layout = layout(0);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        int poll = markAt(code, CONFIG.markPollReturnFar);
        int total = layout.totalFrameSize();
        assertEquals("ldp x29, x30, [sp, #" + (total - 16) + "]", l.get(poll - 8));
        assertEquals("add sp, sp, #" + hex(total), l.get(poll - 4));
        assertTrue(l.get(poll).matches("ldr x8, \\[x28, #(0x)?[0-9a-f]+\\]"), l.get(poll));
        assertEquals(CONFIG.threadPollingWordOffset, (word(code, poll) >>> 10 & 0xfff) * 8, "the polling word's offset");
        assertEquals("cmp sp, x8", l.get(poll + 4));
        String bhi = l.get(poll + 8);
        assertTrue(bhi.startsWith("b.hi "), bhi);
        assertEquals("ret", l.get(poll + 12));
        int stub = Integer.decode(bhi.substring("b.hi ".length()).trim());
        assertEquals("adr x8, " + hex(poll), l.get(stub));
        assertEquals(CONFIG.threadSavedExceptionPcOffset, (word(code, stub + 4) >>> 10 & 0xfff) * 8, "str x8 into the saved exception pc");
        Call handler = callTo(code, CONFIG.pollingPageReturnHandler);
        assertEquals(stub + 8, handler.pcOffset);
        assertEquals("br x8", l.get(handler.pcOffset + 12), "a jump: the handler returns to the caller through lr");
    }

    /** An instance method's inline-cache check at offset 0, the receiver in x1 and the data in x9; a miss jumps (br, not blr) to the miss stub. */
    @Test
    void inlineCacheCheckAtTheUnverifiedEntry() throws Exception {
        FrameLayout layout = layout(0);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitInlineCacheCheck(r1);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        assertEquals(0, markAt(code, CONFIG.markUnverifiedEntry));
        int verified = markAt(code, CONFIG.markVerifiedEntry);
        assertEquals("nop", l.get(verified));
        Call miss = callTo(code, CONFIG.icMissStub);
        assertEquals("br x8", l.get(miss.pcOffset + 12));
        String w = CONFIG.useCompressedClassPointers || CONFIG.useCompactObjectHeaders ? "w" : "x";
        int cmp = 0;
        while (!l.get(cmp).startsWith("cmp ")) {
            cmp += 4;
        }
        assertEquals("cmp " + w + "8, " + w + "10", l.get(cmp));
        assertEquals("b.eq " + hex(verified), l.get(cmp + 4));
        assertTrue(l.get(cmp - 4).startsWith("ldr " + w + "10, [x9"), l.get(cmp - 4));
        assertThrows(IllegalStateException.class, () -> {
            Aarch64FrameBuilder late = new Aarch64FrameBuilder(CONFIG, layout);
            late.emitPrologue();
            late.emitInlineCacheCheck(r1);
        });
    }

    /**
     * Java calls: the invoke mark, for virtual calls the 48-bit {@code movz/movk/movk x9} of the VM's
     * non-oop word (patched to the CompiledICData), the {@code bl} as the Call site (4 bytes, debug
     * info at the return address), then exactly the post-call nop HotSpot checks: {@code nop; movk xzr,
     * #0; movk xzr, #0}.
     */
    @Test
    void javaCallSites() throws Exception {
        FrameLayout layout = layout(16);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        ResolvedJavaMethod target = sampleMethod();
        int staticReturn = fb.emitJavaCall(target, CallTarget.Dispatch.STATIC, info(layout, true));
        int virtualReturn = fb.emitJavaCall(target, CallTarget.Dispatch.VIRTUAL, info(layout, true));
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        List<Call> calls = code.sites().stream().filter(s -> s instanceof Call c && c.target == target).map(s -> (Call) s).toList();
        assertEquals(2, calls.size());
        for (Call c : calls) {
            assertEquals(0x94000000, word(code, c.pcOffset) & 0xfc000000, "a bl at the call site");
            assertEquals(4, c.size);
            assertTrue(c.debugInfo != null && ((BytecodeFrame) c.debugInfo.getBytecodePosition()).duringCall);
            assertEquals(0xd503201f, word(code, c.pcOffset + 4), "post-call nop");
            assertEquals(0xf280001f, word(code, c.pcOffset + 8), "post-call movk xzr");
            assertEquals(0xf280001f, word(code, c.pcOffset + 12), "post-call movk xzr");
        }
        assertEquals(calls.get(0).pcOffset + 4, staticReturn);
        assertEquals(calls.get(1).pcOffset + 4, virtualReturn);
        assertEquals(calls.get(0).pcOffset, markAt(code, CONFIG.markInvokeStatic));
        int virtualMark = markAt(code, CONFIG.markInvokeVirtual);
        assertEquals(calls.get(1).pcOffset - 12, virtualMark);
        assertEquals(mov48("x9", CONFIG.nonOopWord), List.of(l.get(virtualMark), l.get(virtualMark + 4), l.get(virtualMark + 8)));
    }

    /**
     * A loop poll: {@code ldr x8, [x28, #polling page]}, then POLL_FAR and the SAFEPOINT infopoint on
     * {@code ldr wzr, [x8]} (HotSpot skips exactly that 4-byte load after the safepoint). An uncommon
     * trap: the request and speculation stored in the thread, a call of the deopt blob with the debug
     * info at its return address.
     */
    @Test
    void loopPollAndUncommonTrap() throws Exception {
        FrameLayout layout = layout(16);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        fb.emitSafepointPoll(info(layout, false));
        fb.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.NullCheckException, info(layout, false));
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        int poll = markAt(code, CONFIG.markPollFar);
        assertEquals("ldr wzr, [x8]", l.get(poll));
        Infopoint ip = code.sites().stream().filter(s -> s instanceof Infopoint i && i.reason == InfopointReason.SAFEPOINT).map(s -> (Infopoint) s).findFirst()
                        .orElseThrow();
        assertEquals(poll, ip.pcOffset);
        assertTrue(l.get(poll - 4).startsWith("ldr x8, [x28"), l.get(poll - 4));
        // The trap: bl to the method's tail for its request, its debug info at the return address (the
        // deopt blob saves lr as its caller's pc), brk. The tail stores the request and the speculation
        // in the thread and jumps to the blob (its Call site without debug info; br keeps lr).
        int trap = poll + 4;
        assertTrue(l.get(trap).startsWith("bl 0x"), "the trap: " + l.get(trap));
        int tail = Integer.parseInt(l.get(trap).substring("bl 0x".length()), 16);
        assertEquals("brk #0x0", l.get(trap + 4));
        Infopoint at = code.sites().stream().filter(s -> s instanceof Infopoint i && i.pcOffset == trap + 4).map(s -> (Infopoint) s).findFirst().orElseThrow();
        assertEquals(InfopointReason.SAFEPOINT, at.reason);
        assertTrue(l.get(tail).startsWith("mov w8"), "the trap request: " + l.get(tail));
        assertTrue(l.get(tail + 4).startsWith("str w8, [x28"), l.get(tail + 4));
        assertTrue(l.get(tail + 8).startsWith("str xzr, [x28"), l.get(tail + 8));
        Call jump = callTo(code, CONFIG.deoptBlobUncommonTrap);
        assertEquals(tail + 12, jump.pcOffset);
        assertEquals("br x8", l.get(jump.pcOffset + 12));
        assertTrue(jump.debugInfo == null, "the trap's debug info is at its own return address");
    }

    /**
     * The handlers: the exception entry stores x0 (exception) and x3 (throwing pc) in the thread and
     * jumps to the deopt blob's unpack-with-exception entry; the deopt handler clears the last Java
     * frame, sets lr to its own address ({@code adr x30}) and jumps to the blob's unpack entry.
     */
    @Test
    void exceptionAndDeoptHandlers() throws Exception {
        FrameLayout layout = layout(0);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        int exception = markAt(code, CONFIG.markExceptionHandlerEntry);
        assertTrue(l.get(exception).startsWith("str x0, [x28"), l.get(exception));
        assertTrue(l.get(exception + 4).startsWith("str x3, [x28"), l.get(exception + 4));
        assertEquals(exception + 8, callTo(code, CONFIG.deoptBlobUnpackWithExceptionInTls).pcOffset);
        int deopt = markAt(code, CONFIG.markDeoptHandlerEntry);
        int adr = deopt;
        while (!l.get(adr).startsWith("adr ")) {
            adr += 4;
        }
        assertEquals("adr x30, " + hex(deopt), l.get(adr), "lr = the handler's own address");
        Call unpack = callTo(code, CONFIG.deoptBlobUnpack);
        assertEquals(adr + 4, unpack.pcOffset);
        assertEquals("br x8", l.get(unpack.pcOffset + 12));
    }

    /** Frames whose saved pair is out of stp's reach from sp, and over 4 KiB: the same layout through x8 and x29. */
    @Test
    void largeFrames() throws Exception {
        FrameLayout layout = layout(8192);
        Aarch64FrameBuilder fb = new Aarch64FrameBuilder(CONFIG, layout);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        Map<Integer, String> l = listing(code);
        int complete = markAt(code, CONFIG.markFrameComplete);
        // The caller's x29 saved before x29 is set: through x9, then x29 = x9.
        assertEquals("stp x29, x30, [x9]", l.get(complete - 8));
        assertEquals("mov x29, x9", l.get(complete - 4));
        for (int pc = 0; pc < complete - 8; pc += 4) {
            String t = l.get(pc);
            assertTrue(t == null || !t.matches("\\w+\\s+x29,.*"), "x29 written before it is saved: " + t + " at " + pc);
        }
        int poll = markAt(code, CONFIG.markPollReturnFar);
        assertTrue(l.values().stream().anyMatch(t -> t.equals("ldp x29, x30, [x8]")), l.toString());
        assertTrue(poll > 0);
        assertEquals(8192 + 32, layout.totalFrameSize());
    }
}
