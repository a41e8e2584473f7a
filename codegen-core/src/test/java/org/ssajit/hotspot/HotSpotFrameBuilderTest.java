package org.ssajit.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;
import org.ssajit.codegen.CompiledCode;

import jdk.vm.ci.amd64.AMD64Kind;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Infopoint;
import jdk.vm.ci.code.site.InfopointReason;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.VMConstant;

/**
 * The nmethod protocol {@link HotSpotFrameBuilder} owns, written down against a toy target whose
 * every hook emits one named instruction: which entries, marks, calls and handlers come in which
 * order, whatever a target's instructions are. (The targets' own frame builder tests check their
 * instructions with objdump, and jvmci-plugin that HotSpot runs the code.)
 */
class HotSpotFrameBuilderTest {
    private static final HotSpotVmConfig C = HotSpotVmConfig.host();
    private static final MetaAccessProvider META = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess();
    private static final FrameLayout LAYOUT = FrameLayout.of(AMD64Kind.QWORD, 16, 0);

    /** Every instruction is 4 bytes: a tag byte and, for a branch, its target's position (else 0). */
    private static final class Toy extends Assembler {
        final List<Object[]> listing = new ArrayList<>();

        Toy() {
            super(64);
        }

        void op(String text) {
            listing.add(new Object[] {position(), text, null});
            emitInt(0);
        }

        void branch(String text, Label target) {
            listing.add(new Object[] {position(), text, target});
            int at = position();
            int bound = resolve(target, at);
            emitInt(bound < 0 ? 0 : bound);
        }

        @Override
        public void align(int alignment) {
            while (position() % alignment != 0) {
                op("pad");
            }
        }

        @Override
        protected void patchReferences(Label label, int[] references) {
            for (int at : references) {
                putInt(at, label.position());
            }
        }

        /** pc -> text, with a branch's target position after "->". */
        Map<Integer, String> text() {
            Map<Integer, String> m = new TreeMap<>();
            for (Object[] i : listing) {
                m.put((Integer) i[0], (String) i[1] + (i[2] == null ? "" : "->" + ((Label) i[2]).position()));
            }
            return m;
        }
    }

    /** Each hook one instruction; stubs are named by their address's config field where the test needs it. */
    private static final class ToyFrameBuilder extends HotSpotFrameBuilder<Toy> {
        ToyFrameBuilder(FrameLayout layout) {
            super(C, layout, new Toy());
        }

        @Override
        protected void emitReceiverClassCheck(Register receiver, Label verified) {
            asm.branch("ic-check", verified);
        }

        @Override
        protected void emitPatchableEntry() {
            asm.op("patchable");
        }

        @Override
        protected void emitInitializedCheck(VMConstant klass, Label initialized) {
            recordPatch(klass);
            asm.branch("init-check", initialized);
        }

        @Override
        protected void emitStackBang(int offset) {
            asm.op("bang " + (offset == C.stackBangOffset(layout.totalFrameSize())));
        }

        @Override
        protected void emitFrameSetup() {
            asm.op("frame");
        }

        @Override
        protected void emitFrameTeardown() {
            asm.op("unframe");
        }

        @Override
        protected void emitEntryBarrierCheck(Label armed) {
            recordMark(config.markEntryBarrierPatch);
            asm.branch("barrier", armed);
        }

        @Override
        protected void emitReturnPoll(Label armed) {
            asm.branch("return-poll", armed);
            asm.op("ret");
        }

        @Override
        protected void emitStoreAddressInThread(Label label, int threadOffset) {
            asm.branch("store-address " + (threadOffset == config.threadSavedExceptionPcOffset ? "saved-exception-pc" : threadOffset), label);
        }

        @Override
        public void emitSafepointPoll(DebugInfo info) {
            safepointPoll(info, () -> asm.op("load-page"), () -> asm.op("read-page"));
        }

        @Override
        protected void emitTrapRequest(int request, long speculation) {
            asm.op("trap-request " + request);
        }

        @Override
        protected void emitUnreachable() {
            asm.op("unreachable");
        }

        @Override
        public void emitJump(Label target) {
            asm.branch("jump", target);
        }

        @Override
        protected StubTarget emitStubCall(long target) {
            asm.op("call " + stub(target));
            return new StubTarget(target);
        }

        @Override
        protected StubTarget emitStubJump(long target) {
            asm.op("jump " + stub(target));
            return new StubTarget(target);
        }

        @Override
        protected StubTarget emitCCall(long target) {
            asm.op("c-call " + stub(target));
            return new StubTarget(target, true);
        }

        @Override
        protected void emitCallTo(org.ssajit.asm.Label target) {
            asm.op("call-local " + target);
        }

        @Override
        protected StubTarget emitLeafCallSavingCall(long target) {
            asm.op("saving-call " + stub(target));
            return new StubTarget(target, true);
        }

        @Override
        protected void emitInlineCacheData() {
            asm.op("ic-data");
        }

        @Override
        protected void emitJavaCallInstruction() {
            asm.op("java-call");
        }

        @Override
        protected void emitPostCallNop() {
            asm.op("post-call-nop");
        }

        @Override
        protected void emitExceptionPcCheck(Register r, int returnAddress) {
            asm.op("exception-pc? " + returnAddress);
        }

        @Override
        protected void emitBranchIfThrowingPc(int returnAddress, Label target) {
            asm.branch("if-throwing-pc " + returnAddress, target);
        }

        @Override
        protected void emitUnwindingTableLookup(int count, Label table, Label found) {
            asm.branch("lookup " + count, table);
            asm.branch("if-found", found);
        }

        @Override
        protected void emitStoreExceptionInThread() {
            asm.op("store-exception");
        }

        @Override
        protected void emitJumpToThrowingPc() {
            asm.op("jump-to-throwing-pc");
        }

        @Override
        protected void emitDeoptHandlerReturnAddress(int handler) {
            asm.op("return-address " + handler);
        }

        @Override
        protected void emitUnwindToCallerHandler() {
            callC(config.exceptionHandlerForReturnAddress);
            asm.op("jump-to-handler");
        }

        @Override
        protected void emitLoadFromThread(Register r, int offset) {
            asm.op("load-thread " + field(offset));
        }

        @Override
        protected void emitStoreZeroInThread(int offset) {
            asm.op("zero-thread " + field(offset));
        }

        @Override
        protected void emitSetLastJavaFrame(Label returnAddress) {
            asm.op("anchor");
        }

        @Override
        protected void emitThreadArgument() {
            asm.op("thread-argument");
        }

        @Override
        protected RuntimeStubBuilder<?> newRuntimeStubs() {
            throw new UnsupportedOperationException("the toy target has no runtime stubs");
        }

        private String field(int offset) {
            return offset == config.threadExceptionOopOffset ? "exception-oop"
                            : offset == config.threadExceptionPcOffset ? "exception-pc"
                                            : offset == config.threadLastJavaSpOffset ? "last-sp"
                                                            : offset == config.threadLastJavaFpOffset ? "last-fp" : offset == config.threadLastJavaPcOffset ? "last-pc" : "?" + offset;
        }

        private String stub(long target) {
            return target == config.icMissStub ? "ic-miss"
                            : target == config.handleWrongMethodStub ? "wrong-method"
                                            : target == config.nmethodEntryBarrier ? "entry-barrier"
                                                            : target == config.pollingPageReturnHandler ? "return-handler"
                                                                            : target == config.deoptBlobUncommonTrap ? "uncommon-trap"
                                                                                            : target == config.deoptBlobUnpackWithExceptionInTls ? "deopt-with-exception"
                                                                                                            : target == config.deoptBlobUnpack ? "deopt"
                                                                                                                            : target == config.exceptionHandlerForReturnAddress ? "handler-for-return-address"
                                                                                                                                            : "0x" + Long.toHexString(target);
        }
    }

    static void callee() {
    }

    private static DebugInfo info(boolean duringCall) throws NoSuchMethodException {
        ResolvedJavaMethod m = META.lookupJavaMethod(HotSpotFrameBuilderTest.class.getDeclaredMethod("callee"));
        return DebugInfos.of(BytecodeFrameBuilder.at(m, 0).duringCall(duringCall).build(), LAYOUT);
    }

    private static ResolvedJavaMethod calleeMethod() throws NoSuchMethodException {
        return META.lookupJavaMethod(HotSpotFrameBuilderTest.class.getDeclaredMethod("callee"));
    }

    /** The marks of {@code code}: pc -> mark names. */
    private static Map<Integer, List<String>> marks(CompiledCode code) {
        Map<Integer, String> names = Map.ofEntries(Map.entry(C.markVerifiedEntry, "VERIFIED_ENTRY"), Map.entry(C.markUnverifiedEntry, "UNVERIFIED_ENTRY"),
                        Map.entry(C.markOsrEntry, "OSR_ENTRY"), Map.entry(C.markExceptionHandlerEntry, "EXCEPTION_HANDLER_ENTRY"),
                        Map.entry(C.markDeoptHandlerEntry, "DEOPT_HANDLER_ENTRY"), Map.entry(C.markFrameComplete, "FRAME_COMPLETE"),
                        Map.entry(C.markEntryBarrierPatch, "ENTRY_BARRIER_PATCH"), Map.entry(C.markInvokeInterface, "INVOKEINTERFACE"),
                        Map.entry(C.markInvokeVirtual, "INVOKEVIRTUAL"), Map.entry(C.markInvokeStatic, "INVOKESTATIC"), Map.entry(C.markInvokeSpecial, "INVOKESPECIAL"),
                        Map.entry(C.markPollFar, "POLL_FAR"), Map.entry(C.markPollReturnFar, "POLL_RETURN_FAR"));
        Map<Integer, List<String>> m = new TreeMap<>();
        for (Site s : code.sites()) {
            if (s instanceof Mark mk) {
                m.computeIfAbsent(s.pcOffset, k -> new ArrayList<>()).add(names.get((int) mk.id));
            }
        }
        return m;
    }

    /** The listing as "pc text" lines, marks as "[NAME]" lines before their instruction. */
    private static List<String> listing(ToyFrameBuilder fb, CompiledCode code) {
        Map<Integer, List<String>> marks = marks(code);
        List<String> out = new ArrayList<>();
        for (Map.Entry<Integer, String> e : fb.asm().text().entrySet()) {
            for (String mark : marks.getOrDefault(e.getKey(), List.of())) {
                out.add("[" + mark + "]");
            }
            out.add(e.getKey() + " " + e.getValue());
        }
        return out;
    }

    @Test
    void aStaticMethodsEntryReturnAndHandlers() {
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitPrologue();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        assertEquals(List.of(
                        "[VERIFIED_ENTRY]",
                        "0 patchable",
                        "4 bang true",
                        "8 frame",
                        "[FRAME_COMPLETE]",
                        "[ENTRY_BARRIER_PATCH]",
                        "12 barrier->28",
                        "16 unframe",
                        "[POLL_RETURN_FAR]",
                        "20 return-poll->36",
                        "24 ret",
                        // The stubs, in the order recorded: the entry barrier's slow path (back to the
                        // instruction after the check), the return poll's (the poll's pc into the thread).
                        "28 call entry-barrier",
                        "32 jump->16",
                        "36 store-address saved-exception-pc->20",
                        "40 jump return-handler",
                        // The exception handler entry: no call of this code catches, so the deopt blob takes the frame.
                        "[EXCEPTION_HANDLER_ENTRY]",
                        "44 store-exception",
                        "48 jump deopt-with-exception",
                        // The deopt handler: the anchor cleared, its own pc as the frame's return address.
                        "[DEOPT_HANDLER_ENTRY]",
                        "52 zero-thread last-sp",
                        "56 zero-thread last-fp",
                        "60 zero-thread last-pc",
                        "64 return-address 52",
                        "68 jump deopt"), listing(fb, code), String.join("\n", listing(fb, code)));
        assertEquals(LAYOUT.totalFrameSize(), code.totalFrameSize());
        assertEquals(LAYOUT.rescueSlot(), code.deoptRescueSlot());
    }

    @Test
    void anInstanceMethodStartsWithItsInlineCacheCheck() {
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitInlineCacheCheck(null);
        fb.emitPrologue();
        fb.emitReturn();
        List<String> l = listing(fb, fb.finish("t"));
        assertEquals(List.of("[UNVERIFIED_ENTRY]", "0 ic-check->8", "4 jump ic-miss", "[VERIFIED_ENTRY]", "8 patchable", "12 bang true"), l.subList(0, 6));
        assertThrows(IllegalStateException.class, () -> {
            ToyFrameBuilder late = new ToyFrameBuilder(LAYOUT);
            late.emitPrologue();
            late.emitInlineCacheCheck(null);
        });
    }

    @Test
    void theClassInitializationBarrierComesBeforeTheFrame() {
        VMConstant klass = (VMConstant) HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getConstantReflection()
                        .asObjectHub(META.lookupJavaType(String.class));
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitPrologue(klass);
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        assertEquals(List.of("[VERIFIED_ENTRY]", "0 patchable", "4 init-check->12", "8 jump wrong-method", "12 bang true", "16 frame"), listing(fb, code).subList(0, 6));
        DataPatch p = (DataPatch) code.sites().stream().filter(s -> s instanceof DataPatch).findFirst().orElseThrow();
        assertEquals(4, p.pcOffset, "the class is patched into the check");
    }

    @Test
    void anOsrEntryHasTheSameFrame() {
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitOsrPrologue();
        fb.emitReturn();
        List<String> l = listing(fb, fb.finish("t"));
        assertEquals(List.of("[OSR_ENTRY]", "0 patchable", "4 bang true", "8 frame", "[FRAME_COMPLETE]", "[ENTRY_BARRIER_PATCH]"), l.subList(0, 6));
    }

    @Test
    void pollsTrapsAndJavaCallsRecordTheirDebugInfo() throws Exception {
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitPrologue();
        int start = fb.asm().position();
        DebugInfo state = info(false);
        DebugInfo call = info(true);
        assertThrows(IllegalArgumentException.class, () -> fb.emitJavaCall(calleeMethod(), CallTarget.Dispatch.STATIC, state), "a Java call's state is during the call");
        fb.emitSafepointPoll(state);
        int returnAddress = fb.emitJavaCall(calleeMethod(), CallTarget.Dispatch.VIRTUAL, call);
        fb.emitJavaCall(calleeMethod(), CallTarget.Dispatch.STATIC, call);
        fb.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.NullCheckException, state);
        fb.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.NullCheckException, state);
        fb.emitUncommonTrap(META, DeoptimizationAction.InvalidateRecompile, DeoptimizationReason.ClassCastException, state);
        CompiledCode code = fb.finish("t");
        List<String> l = listing(fb, code);
        int at = l.indexOf(start + " load-page");
        assertEquals(List.of(start + " load-page", "[POLL_FAR]", (start + 4) + " read-page",
                        "[INVOKEVIRTUAL]", (start + 8) + " ic-data", (start + 12) + " java-call", (start + 16) + " post-call-nop",
                        "[INVOKESTATIC]", (start + 20) + " java-call", (start + 24) + " post-call-nop",
                        (start + 28) + " call-local trap-tail", (start + 32) + " unreachable",
                        (start + 36) + " call-local trap-tail", (start + 40) + " unreachable",
                        (start + 44) + " call-local trap-tail", (start + 48) + " unreachable"), l.subList(at, at + 16));
        // After the body, one tail per request: its stores and the jump to the blob, whose caller's pc is the trap's.
        int nullCheck = META.encodeDeoptActionAndReason(DeoptimizationAction.None, DeoptimizationReason.NullCheckException, 0).asInt();
        int classCast = META.encodeDeoptActionAndReason(DeoptimizationAction.InvalidateRecompile, DeoptimizationReason.ClassCastException, 0).asInt();
        List<String> tails = l.stream().filter(t -> t.contains("trap-request") || t.contains("uncommon-trap")).map(t -> t.substring(t.indexOf(' ') + 1)).toList();
        assertEquals(List.of("trap-request " + nullCheck, "jump uncommon-trap", "trap-request " + classCast, "jump uncommon-trap"), tails, l::toString);
        int tail = l.indexOf(l.stream().filter(t -> t.endsWith("trap-request " + nullCheck)).findFirst().orElseThrow());
        assertTrue(Integer.parseInt(l.get(tail).split(" ")[0]) > start + 48, "the tails come after the body");
        List<Integer> trapPcs = code.sites().stream().filter(s -> s instanceof Infopoint ip && ip.reason == InfopointReason.SAFEPOINT && ip.pcOffset > start + 4)
                        .map(s -> s.pcOffset).toList();
        assertEquals(List.of(start + 32, start + 40, start + 48), trapPcs, "each trap's debug info at its call's return address");
        assertEquals(start + 16, returnAddress, "the return address is after the call, before the post-call nop");
        Infopoint poll = (Infopoint) code.sites().stream().filter(s -> s instanceof Infopoint).findFirst().orElseThrow();
        assertEquals(start + 4, poll.pcOffset);
        assertEquals(state, poll.debugInfo);
        List<Call> javaCalls = code.sites().stream().filter(s -> s instanceof Call c && c.target instanceof ResolvedJavaMethod).map(s -> (Call) s).toList();
        assertEquals(List.of(start + 12, start + 20), javaCalls.stream().map(c -> c.pcOffset).toList());
        assertEquals(call, javaCalls.get(0).debugInfo);
        assertEquals(4, javaCalls.get(0).size);
        Infopoint trap = (Infopoint) code.sites().stream().filter(s -> s instanceof Infopoint ip && ip.pcOffset == start + 32).findFirst().orElseThrow();
        assertEquals(state, trap.debugInfo);
        assertTrue(code.sites().stream().noneMatch(s -> s instanceof Call c && c.target instanceof StubTarget t && t.address() == C.deoptBlobUncommonTrap && c.debugInfo != null),
                        "the tails' jumps carry no debug info");
    }

    /** monitorexit's call: the anchor set before the thread argument and the call, cleared after it (sp first), the debug info at the return address. */
    @Test
    void anAnchoredCallSetsAndClearsTheLastJavaFrame() throws Exception {
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitPrologue();
        int start = fb.asm().position();
        DebugInfo state = info(false);
        fb.emitAnchoredCall(C.monitorExit, state);
        CompiledCode code = fb.finish("t");
        List<String> l = listing(fb, code);
        int at = l.indexOf(start + " anchor");
        assertEquals(List.of(start + " anchor", (start + 4) + " thread-argument", (start + 8) + " call 0x" + Long.toHexString(C.monitorExit),
                        (start + 12) + " zero-thread last-sp", (start + 16) + " zero-thread last-fp", (start + 20) + " zero-thread last-pc"), l.subList(at, at + 6));
        Call call = code.sites().stream().filter(s -> s instanceof Call c && c.pcOffset == start + 8).map(s -> (Call) s).findFirst().orElseThrow();
        assertEquals(state, call.debugInfo);
    }

    @Test
    void misuseIsRefused() throws Exception {
        ToyFrameBuilder fresh = new ToyFrameBuilder(LAYOUT);
        assertThrows(IllegalStateException.class, fresh::emitReturn);
        assertThrows(IllegalStateException.class, () -> fresh.finish("t"));
        fresh.emitPrologue();
        assertThrows(IllegalStateException.class, fresh::emitPrologue);
        assertThrows(NullPointerException.class, () -> fresh.emitSafepointPoll(null));
        assertThrows(IllegalArgumentException.class, () -> fresh.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.None, info(true)),
                        "an uncommon trap re-executes its bytecode: not during a call");
        assertThrows(IllegalArgumentException.class, () -> fresh.emitExceptionCheck(null, fresh.asm().position() + 4), "a return address not emitted yet");
        fresh.emitReturn();
        fresh.finish("t");
        assertThrows(IllegalStateException.class, () -> fresh.finish("t"));

        // A safepoint without a rescue slot: HotSpot could not deoptimize the frame; refused.
        FrameLayout bare = FrameLayout.withoutRescueSlot(AMD64Kind.QWORD, 0, 0);
        ToyFrameBuilder noRescue = new ToyFrameBuilder(bare);
        noRescue.emitPrologue();
        noRescue.emitSafepointPoll(DebugInfos.of(BytecodeFrameBuilder.at(calleeMethod(), 0).build(), bare));
        noRescue.emitReturn();
        assertThrows(IllegalStateException.class, () -> noRescue.finish("t"));
    }

    /**
     * The exception handler entry: a call whose exceptions leave the frame unwinds (up to four such
     * calls compared one by one), a call with a compiled exception check resumes at its return
     * address, anything else deoptimizes.
     */
    @Test
    void exceptionsUnwindResumeOrDeoptimize() throws Exception {
        ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
        fb.emitPrologue();
        DebugInfo call = info(true);
        int unwinding = fb.emitJavaCall(calleeMethod(), CallTarget.Dispatch.STATIC, call, true);
        int checked = fb.emitJavaCall(calleeMethod(), CallTarget.Dispatch.STATIC, call);
        fb.emitExceptionCheck(null, checked);
        fb.emitExceptionTake(null);
        fb.emitUnwind();
        fb.emitReturn();
        CompiledCode code = fb.finish("t");
        List<String> l = listing(fb, code);
        int entry = l.indexOf("[EXCEPTION_HANDLER_ENTRY]");
        String[] body = l.get(l.indexOf(checked + " post-call-nop") + 1).split(" ");
        assertEquals("exception-pc?", body[1]);
        assertEquals(List.of("load-thread exception-oop", "zero-thread exception-oop", "zero-thread exception-pc", "jump"),
                        l.subList(l.indexOf(checked + " post-call-nop") + 2, l.indexOf(checked + " post-call-nop") + 6).stream()
                                        .map(s -> s.substring(s.indexOf(' ') + 1).replaceAll("->\\d+$", "")).toList());
        List<String> handler = l.subList(entry + 1, entry + 6).stream().map(s -> s.substring(s.indexOf(' ') + 1)).toList();
        int unwind = Integer.parseInt(handler.get(0).substring(handler.get(0).indexOf("->") + 2));
        int resume = Integer.parseInt(handler.get(2).substring(handler.get(2).indexOf("->") + 2));
        assertEquals(List.of("if-throwing-pc " + unwinding + "->" + unwind, "store-exception", "if-throwing-pc " + checked + "->" + resume, "jump deopt-with-exception",
                        "jump-to-throwing-pc"), handler);
        assertEquals(List.of(unwind + " unframe", (unwind + 4) + " c-call handler-for-return-address", (unwind + 8) + " jump-to-handler"),
                        l.subList(l.indexOf(unwind + " unframe"), l.indexOf(unwind + " unframe") + 3));
    }

    /** Past four unwinding calls, their return addresses go into a table after the handlers. */
    @Test
    void manyUnwindingCallsAreLookedUpInATable() throws Exception {
        for (int calls : new int[] {4, 5}) {
            ToyFrameBuilder fb = new ToyFrameBuilder(LAYOUT);
            fb.emitPrologue();
            List<Integer> returns = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                returns.add(fb.emitJavaCall(calleeMethod(), CallTarget.Dispatch.STATIC, info(true), true));
            }
            fb.emitReturn();
            CompiledCode code = fb.finish("t");
            List<String> l = listing(fb, code);
            int entry = l.indexOf("[EXCEPTION_HANDLER_ENTRY]");
            if (calls == 4) {
                for (int i = 0; i < 4; i++) {
                    assertEquals("if-throwing-pc " + returns.get(i), l.get(entry + 1 + i).replaceAll("^\\d+ |->\\d+$", ""));
                }
                continue;
            }
            String lookup = l.get(entry + 1);
            assertEquals("lookup 5", lookup.replaceAll("^\\d+ |->\\d+$", ""));
            int table = Integer.parseInt(lookup.substring(lookup.indexOf("->") + 2));
            byte[] bytes = code.code();
            assertEquals(bytes.length, table + 4 * calls, "the table ends the code");
            for (int i = 0; i < calls; i++) {
                int v = (bytes[table + 4 * i] & 0xFF) | (bytes[table + 4 * i + 1] & 0xFF) << 8 | (bytes[table + 4 * i + 2] & 0xFF) << 16 | bytes[table + 4 * i + 3] << 24;
                assertEquals(returns.get(i), v);
            }
        }
    }
}
