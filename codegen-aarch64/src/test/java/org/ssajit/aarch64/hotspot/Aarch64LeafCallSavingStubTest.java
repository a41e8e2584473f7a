package org.ssajit.aarch64.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.site.Call;

/**
 * The leaf-call-saving stub ({@link Aarch64RuntimeStubs}, codegen-core's
 * {@code RuntimeStubBuilder.leafCallSavingStub}: the collectors' barrier slow paths, one stub per
 * function for the VM) read back with objdump, the whole stub: every general register AAPCS64 lets a
 * callee clobber that the allocator may use (x0-x7, x10-x18) and lr saved in pairs, the low halves
 * of v0-v7 and v16-v31, the arguments moved from x8 and x9 (where the call site passes them) to x0
 * and x1, the far call through x8 (its Call site without debug info), the result into x8, everything
 * restored from where it was saved, sp back where it was, the return.
 */
class Aarch64LeafCallSavingStubTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();
    static final long TARGET = 0x7f0012345678L;

    @ParameterizedTest
    @CsvSource({"1, false", "2, false", "1, true", "2, true"})
    void wholeStub(int arguments, boolean result) throws Exception {
        CompiledCode code = new Aarch64RuntimeStubs(C).leafCallSavingStub("test", TARGET, arguments, result);
        List<String> t = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(code.code(), 0)) {
            t.add(i.text());
        }
        // 18 general registers and 24 SIMD halves, 8 bytes each: 336, a multiple of 16.
        assertEquals(336, code.totalFrameSize());
        assertEquals(1, code.sites().size(), code.sites()::toString);
        Call call = assertInstanceOf(Call.class, code.sites().get(0));
        assertEquals(TARGET, ((StubTarget) call.target).address());
        assertNull(call.debugInfo, "a leaf call neither safepoints nor walks the stack");
        assertTrue(call.direct);
        assertEquals(Aarch64FrameBuilder.FAR_CALL_SIZE, call.size);

        List<String> pairs = new ArrayList<>(List.of("x0, x1", "x2, x3", "x4, x5", "x6, x7", "x10, x11", "x12, x13", "x14, x15", "x16, x17", "x18, x30"));
        for (int k = 0; k < 8; k += 2) {
            pairs.add("d" + k + ", d" + (k + 1));
        }
        for (int k = 16; k < 32; k += 2) {
            pairs.add("d" + k + ", d" + (k + 1));
        }
        List<String> expected = new ArrayList<>();
        expected.add("sub sp, sp, #0x150");
        for (int k = 0; k < pairs.size(); k++) {
            expected.add("stp " + pairs.get(k) + ", [sp" + (k == 0 ? "" : ", #" + 16 * k) + "]");
        }
        expected.add("mov x0, x8");
        if (arguments == 2) {
            expected.add("mov x1, x9");
        }
        int movz = expected.size();
        assertEquals(4 * movz, call.pcOffset, t::toString);
        assertTrue(t.get(movz).startsWith("mov x8, #") && t.get(movz + 1).startsWith("movk x8, #") && t.get(movz + 2).startsWith("movk x8, #"), t::toString);
        expected.addAll(t.subList(movz, movz + 3));
        expected.add("blr x8");
        if (result) {
            expected.add("mov x8, x0");
        }
        for (int k = 0; k < pairs.size(); k++) {
            expected.add("ldp " + pairs.get(k) + ", [sp" + (k == 0 ? "" : ", #" + 16 * k) + "]");
        }
        expected.add("add sp, sp, #0x150");
        expected.add("ret");
        assertEquals(expected, t);
    }
}
