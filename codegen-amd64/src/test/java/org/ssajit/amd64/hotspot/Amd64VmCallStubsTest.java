package org.ssajit.amd64.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubBuilder;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The VM-call stubs ({@link Amd64RuntimeStubs}, codegen-core's {@code RuntimeStubBuilder.vmCallStub}) read back with objdump, the whole stub: its 16-byte
 * frame, its own sp as the last Java sp (cleared with fp and pc after the call), the thread in rdi,
 * the far call with its Call site (no frame, an empty oop map), the result (vm_result taken off the
 * thread, or 1), and 0 in rax when an exception is pending, which is cleared.
 */
class Amd64VmCallStubsTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();

    static String thread(int offset) {
        return "QWORD PTR [r15+0x" + Integer.toHexString(offset) + "]";
    }

    @ParameterizedTest
    @EnumSource(RuntimeStubBuilder.VmResult.class)
    void wholeStub(RuntimeStubBuilder.VmResult result) throws Exception {
        CompiledCode code = new Amd64RuntimeStubs(C).vmCallStub("test", C.newArrayOrNull, result);
        List<String> t = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(code.code(), 0)) {
            t.add(i.text());
            at.add(i.address());
        }
        assertEquals(16, code.totalFrameSize());
        assertEquals(1, code.sites().size(), code.sites()::toString);
        Call call = assertInstanceOf(Call.class, code.sites().get(0));
        assertEquals(C.newArrayOrNull, ((StubTarget) call.target).address());
        assertTrue(call.direct);
        assertNull(call.debugInfo.getBytecodePosition());
        assertInstanceOf(HotSpotReferenceMap.class, call.debugInfo.getReferenceMap());
        int movabs = at.indexOf((long) call.pcOffset);
        assertEquals("call r10", t.get(movabs + 1), t::toString);
        assertEquals(call.pcOffset + call.size, at.get(movabs + 2).intValue(), "the Call covers the movabs and the call");
        List<String> expected = new ArrayList<>(List.of(
                        "push rbp",
                        "mov " + thread(C.threadLastJavaSpOffset) + ",rsp",
                        "mov rdi,r15",
                        "movabs r10,0x0",
                        "call r10",
                        "mov " + thread(C.threadLastJavaSpOffset) + ",0x0",
                        "mov " + thread(C.threadLastJavaFpOffset) + ",0x0",
                        "mov " + thread(C.threadLastJavaPcOffset) + ",0x0"));
        if (result == RuntimeStubBuilder.VmResult.OBJECT) {
            expected.add("mov rax," + thread(C.threadVmResultOopOffset));
            expected.add("mov " + thread(C.threadVmResultOopOffset) + ",0x0");
        } else {
            expected.add("mov eax,0x1");
        }
        int je = expected.size() + 1;
        expected.add("cmp " + thread(C.threadPendingExceptionOffset) + ",0x0");
        expected.add("je 0x" + Long.toHexString(je + 3 < at.size() ? at.get(je + 3) : -1));
        expected.addAll(List.of(
                        "mov " + thread(C.threadPendingExceptionOffset) + ",0x0",
                        "xor eax,eax",
                        "pop rbp",
                        "ret"));
        assertEquals(expected, t);
    }
}
