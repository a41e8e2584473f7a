package org.ssajit.aarch64.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubBuilder;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The VM-call stubs ({@link Aarch64RuntimeStubs}, codegen-core's {@code RuntimeStubBuilder.vmCallStub}) read back with objdump, the whole stub: its frame,
 * the anchor set with the call's return address as pc (pc, fp, sp last) and cleared (sp first), the
 * thread in x0, the far call with its Call site, the result (vm_result taken off the thread, or 1),
 * and 0 in x0 when an exception is pending, which is cleared.
 */
class Aarch64VmCallStubsTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();

    static String thread(String op, String reg, int offset) {
        return op + " " + reg + ", [x28, #" + offset + "]";
    }

    @ParameterizedTest
    @EnumSource(RuntimeStubBuilder.VmResult.class)
    void wholeStub(RuntimeStubBuilder.VmResult result) throws Exception {
        CompiledCode code = new Aarch64RuntimeStubs(C).vmCallStub("test", C.newArrayOrNull, result);
        List<String> t = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(code.code(), 0)) {
            t.add(i.text());
        }
        assertEquals(16, code.totalFrameSize());
        assertEquals(1, code.sites().size(), code.sites()::toString);
        Call call = assertInstanceOf(Call.class, code.sites().get(0));
        assertEquals(C.newArrayOrNull, ((StubTarget) call.target).address());
        assertTrue(call.direct);
        assertEquals(Aarch64FrameBuilder.FAR_CALL_SIZE, call.size);
        assertNull(call.debugInfo.getBytecodePosition());
        assertInstanceOf(HotSpotReferenceMap.class, call.debugInfo.getReferenceMap());
        int movz = call.pcOffset / 4;
        int returnAddress = movz + 4;
        List<String> expected = new ArrayList<>(List.of(
                        "stp x29, x30, [sp, #-16]!",
                        "mov x29, sp",
                        "adr x9, 0x" + Integer.toHexString(4 * returnAddress),
                        thread("str", "x9", C.threadLastJavaPcOffset),
                        thread("str", "x29", C.threadLastJavaFpOffset),
                        "mov x9, sp",
                        thread("str", "x9", C.threadLastJavaSpOffset),
                        "mov x0, x28"));
        assertEquals(expected.size(), movz, t::toString);
        assertTrue(t.get(movz).startsWith("mov x8, #") && t.get(movz + 1).startsWith("movk x8, #") && t.get(movz + 2).startsWith("movk x8, #"), t::toString);
        expected.addAll(t.subList(movz, movz + 3));
        expected.add("blr x8");
        expected.addAll(List.of(
                        thread("str", "xzr", C.threadLastJavaSpOffset),
                        thread("str", "xzr", C.threadLastJavaFpOffset),
                        thread("str", "xzr", C.threadLastJavaPcOffset)));
        if (result == RuntimeStubBuilder.VmResult.OBJECT) {
            expected.add(thread("ldr", "x0", C.threadVmResultOopOffset));
            expected.add(thread("str", "xzr", C.threadVmResultOopOffset));
        } else {
            expected.add("mov w0, #0x1");
        }
        int cbz = expected.size() + 1;
        int out = cbz + 3;
        expected.addAll(List.of(
                        thread("ldr", "x9", C.threadPendingExceptionOffset),
                        "cbz x9, 0x" + Integer.toHexString(4 * out),
                        thread("str", "xzr", C.threadPendingExceptionOffset),
                        "mov w0, #0x0",
                        "ldp x29, x30, [sp], #16",
                        "ret"));
        assertEquals(expected, t);
    }
}
