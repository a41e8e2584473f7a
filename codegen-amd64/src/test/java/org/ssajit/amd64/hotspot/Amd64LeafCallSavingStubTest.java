package org.ssajit.amd64.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.site.Call;

/**
 * The leaf-call-saving stub ({@link Amd64RuntimeStubs}, codegen-core's
 * {@code RuntimeStubBuilder.leafCallSavingStub}: the collectors' barrier slow paths, one stub per
 * function for the VM) read back with objdump, the whole stub: xmm0-15 and every general register
 * the System V convention lets a C function clobber saved (r10, the scratch register, holds nothing),
 * the arguments the call site pushed loaded into rdi and rsi from above the return address, the far
 * call (its Call site without debug info), the result into the first argument's word, everything
 * restored from where it was saved, rsp back where it was, the return.
 */
class Amd64LeafCallSavingStubTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    static final long TARGET = 0x7f0012345678L;

    @ParameterizedTest
    @CsvSource({"1, false", "2, false", "1, true", "2, true"})
    void wholeStub(int arguments, boolean result) throws Exception {
        CompiledCode code = new Amd64RuntimeStubs(C).leafCallSavingStub("test", TARGET, arguments, result);
        List<String> t = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(code.code(), 0)) {
            t.add(i.text());
            at.add(i.address());
        }
        // 16 xmm words and a pad word, 8 general registers, the return address: 208 bytes, so rsp is
        // 16-byte aligned at the C call as at the call site.
        assertEquals(208, code.totalFrameSize());
        assertEquals(1, code.sites().size(), code.sites()::toString);
        Call call = assertInstanceOf(Call.class, code.sites().get(0));
        assertEquals(TARGET, ((StubTarget) call.target).address());
        assertNull(call.debugInfo, "a leaf call neither safepoints nor walks the stack");

        List<String> expected = new ArrayList<>();
        expected.add("sub rsp,0x88");
        for (int k = 0; k < 16; k++) {
            expected.add("movsd QWORD PTR [rsp" + (k == 0 ? "" : "+0x" + Integer.toHexString(8 * k)) + "],xmm" + k);
        }
        String[] general = {"rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r11"};
        for (String r : general) {
            expected.add("push " + r);
        }
        String[] argumentRegisters = {"rdi", "rsi"};
        for (int k = 0; k < arguments; k++) {
            expected.add("mov " + argumentRegisters[k] + ",QWORD PTR [rsp+0x" + Integer.toHexString(0xd0 + 8 * k) + "]");
        }
        int movabs = expected.size();
        expected.add("movabs r10,0x0");
        expected.add("call r10");
        if (result) {
            expected.add("mov QWORD PTR [rsp+0xd0],rax");
        }
        for (int k = general.length - 1; k >= 0; k--) {
            expected.add("pop " + general[k]);
        }
        for (int k = 0; k < 16; k++) {
            expected.add("movsd xmm" + k + ",QWORD PTR [rsp" + (k == 0 ? "" : "+0x" + Integer.toHexString(8 * k)) + "]");
        }
        expected.add("add rsp,0x88");
        expected.add("ret");
        assertEquals(expected, t);
        assertEquals(at.get(movabs).intValue(), call.pcOffset, "the Call starts at the movabs");
        assertEquals(at.get(movabs + 2).intValue(), call.pcOffset + call.size, "the Call covers the movabs and the call");
        assertTrue(call.direct);
    }
}
