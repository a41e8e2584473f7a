package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.assertListing;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.ref;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.temp;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.aarch64.hotspot.Arm64LikeConfig;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.ZTest;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;

/**
 * {@link Aarch64ZBarriers} read back with objdump, with the relocation marks where the VM looks for
 * them: at the start of the {@code tbz}/{@code tbnz} whose bit it patches ({@code LOAD_GOOD_BEFORE_TB_X})
 * and of the 32-bit {@code movz} whose imm16 it patches (the other three), every immediate 0 until
 * then. The branch goes to the block after it by falling through, in both senses of each test. The
 * x86-64 host's configuration made arm64-like, with ZGC's AArch64 marks and load shift (16) set.
 */
class Aarch64ZBarriersEncodingTest {
    static final int LOAD_GOOD_TBX = 1001;
    static final int MARK_BAD_MOV = 1002;
    static final int STORE_GOOD_MOV = 1003;
    static final int STORE_BAD_MOV = 1004;

    static HotSpotVmConfig zConfig() throws ReflectiveOperationException {
        HotSpotVmConfig c = Arm64LikeConfig.get();
        set(c, "markZLoadGoodBeforeTbX", LOAD_GOOD_TBX);
        set(c, "markZMarkBadBeforeMov", MARK_BAD_MOV);
        set(c, "markZStoreGoodBeforeMov", STORE_GOOD_MOV);
        set(c, "markZStoreBadBeforeMov", STORE_BAD_MOV);
        set(c, "zPointerLoadShift", 16);
        return c;
    }

    private static void set(HotSpotVmConfig c, String name, int value) throws ReflectiveOperationException {
        Field f = HotSpotVmConfig.class.getDeclaredField(name);
        f.setAccessible(true);
        f.setInt(c, value);
    }

    /** The code of {@code op} in block B0, then B1 and B2 (a {@code nop} each); and the marks as {@code id@pc}. */
    private record Emitted(byte[] code, List<String> marks) {
    }

    private static Emitted emit(java.util.function.BiFunction<LirBlock, LirBlock, LirOp> make) throws Exception {
        LirGraph g = new LirGraph(null, new Aarch64FrameMap());
        LirBlock b0 = g.newBlock(null);
        LirBlock b1 = g.newBlock(null);
        LirBlock b2 = g.newBlock(null);
        g.addEdge(b0, b1);
        g.addEdge(b0, b2);
        Aarch64FrameBuilder frame = new Aarch64FrameBuilder(zConfig(), FrameLayout.of(AArch64Kind.QWORD, 0, 0));
        Aarch64CodeEmitter e = new Aarch64CodeEmitter(frame, HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess(), null, List.of(b0, b1, b2));
        e.bind(b0);
        make.apply(b1, b2).emit(e);
        e.bind(b1);
        e.asm().nop();
        e.bind(b2);
        e.asm().nop();
        List<String> marks = new ArrayList<>();
        for (Site s : frame.sites()) {
            if (s instanceof Mark m) {
                marks.add(m.id + "@" + m.pcOffset);
            }
        }
        return new Emitted(e.asm().code(), marks);
    }

    private static Emitted test(ZTest t, boolean ifBad, boolean toNext) throws Exception {
        return emit((b1, b2) -> new Aarch64ZBarriers.TestBranch(t, ifBad, temp(r1), temp(r3), toNext ? b1 : b2, toNext ? b2 : b1));
    }

    @Test
    void loadBadIsTheMarkedBitTestOverAJump() throws Exception {
        // if (bad) B2 else B1: past the jump to B2 when the bit is clear.
        Emitted e = test(ZTest.LOAD_BAD, true, false);
        assertListing(List.of("tbz w1, #0, @skip", "b @b2", "skip:", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(LOAD_GOOD_TBX + "@0"), e.marks());
        // if (bad) B1 else B2: past the jump to B2 when the bit is set.
        e = test(ZTest.LOAD_BAD, true, true);
        assertListing(List.of("tbnz w1, #0, @skip", "b @b2", "skip:", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(LOAD_GOOD_TBX + "@0"), e.marks());
        // if (good) B2 else B1.
        e = test(ZTest.LOAD_BAD, false, false);
        assertListing(List.of("tbnz w1, #0, @skip", "b @b2", "skip:", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(LOAD_GOOD_TBX + "@0"), e.marks());
    }

    @Test
    void markAndStoreBadTestTheMaskMovedIntoTheTemp() throws Exception {
        Emitted e = test(ZTest.MARK_BAD, true, false);
        assertListing(List.of("mov w3, #0x0", "tst x1, x3", "b.ne @b2", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(MARK_BAD_MOV + "@0"), e.marks());
        e = test(ZTest.STORE_BAD, false, false);
        assertListing(List.of("mov w3, #0x0", "tst x1, x3", "b.eq @b2", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(STORE_BAD_MOV + "@0"), e.marks());
        e = test(ZTest.STORE_BAD, false, true);
        assertListing(List.of("mov w3, #0x0", "tst x1, x3", "b.ne @b2", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(STORE_BAD_MOV + "@0"), e.marks());
    }

    @Test
    void notStoreGoodComparesTheLow16BitsWithTheStoreGoodColor() throws Exception {
        Emitted e = test(ZTest.NOT_STORE_GOOD, false, false);
        assertListing(List.of("mov w3, #0x0", "cmp w3, w1, uxth", "b.eq @b2", "nop", "b2:", "nop"), e.code());
        assertEquals(List.of(STORE_GOOD_MOV + "@0"), e.marks());
        e = test(ZTest.NOT_STORE_GOOD, true, false);
        assertListing(List.of("mov w3, #0x0", "cmp w3, w1, uxth", "b.ne @b2", "nop", "b2:", "nop"), e.code());
    }

    /**
     * The mask tests write their temp before they read the pointer: the pointer is alive through the
     * op (a use may share a register with a temp, and once did: {@code movz w7, #mask; tst x7, x7}).
     * The bit test reads the pointer only, a use.
     */
    @Test
    void theTempNeverTakesThePointersRegister() throws Exception {
        for (ZTest t : ZTest.values()) {
            Aarch64ZBarriers.TestBranch op = new Aarch64ZBarriers.TestBranch(t, true, temp(r1), temp(r3), null, null);
            boolean masked = t != ZTest.LOAD_BAD;
            assertEquals(masked ? 0 : 1, op.count(LirOp.Mode.USE), t::toString);
            assertEquals(masked ? 1 : 0, op.count(LirOp.Mode.ALIVE), t::toString);
            assertEquals(masked ? 1 : 0, op.count(LirOp.Mode.TEMP), t::toString);
            if (masked) {
                assertThrows(IllegalStateException.class, () -> emit((b1, b2) -> new Aarch64ZBarriers.TestBranch(t, true, temp(r1), temp(r1), b2, b1)), t::toString);
            }
        }
    }

    @Test
    void uncolorShiftsTheColorOut() throws Exception {
        Emitted e = emit((b1, b2) -> new Aarch64ZBarriers.Uncolor(ref(r0), temp(r1)));
        assertListing(List.of("lsr x0, x1, #16", "nop", "nop"), e.code());
        assertEquals(List.of(), e.marks());
        e = emit((b1, b2) -> new Aarch64ZBarriers.Uncolor(ref(r1), temp(r1)));
        assertListing(List.of("lsr x1, x1, #16", "nop", "nop"), e.code());
    }

    @Test
    void colorOrsTheShiftedReferenceIntoTheStoreGoodColor() throws Exception {
        Emitted e = emit((b1, b2) -> new Aarch64ZBarriers.Color(temp(r0), ref(r1)));
        assertListing(List.of("mov w0, #0x0", "orr x0, x0, x1, lsl #16", "nop", "nop"), e.code());
        assertEquals(List.of(STORE_GOOD_MOV + "@0"), e.marks());
        Aarch64ZBarriers.Color same = new Aarch64ZBarriers.Color(temp(r1), ref(r1));
        assertEquals(1, same.count(LirOp.Mode.ALIVE), "the reference is alive: the allocator never gives the result its register");
        assertThrows(IllegalStateException.class, () -> emit((b1, b2) -> same));
    }
}
