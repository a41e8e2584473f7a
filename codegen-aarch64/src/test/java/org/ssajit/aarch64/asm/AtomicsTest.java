package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.aarch64.asm.Gnu.*;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/** Acquire/release and exclusive accesses, LSE cas and atomic memory operations, barriers. */
class AtomicsTest {
    private static final int[] MEM_SIZES = {8, 16, 32, 64};

    /** {@code b}, {@code h} or nothing: the mnemonic's size suffix. */
    private static String suffix(int size) {
        return size == 8 ? "b" : size == 16 ? "h" : "";
    }

    /** The data register: x only for 64-bit accesses. */
    private static String data(int size, Register r) {
        return size == 64 ? x(r) : w(r);
    }

    @Test
    void acquireReleaseAndExclusives() {
        ObjdumpCheck c = new ObjdumpCheck("ldar/stlr/ldxr/ldaxr/ldapr/stxr/stlxr");
        int k = 0;
        for (int size : MEM_SIZES) {
            String sfx = suffix(size);
            for (int i = 0; i < 32; i++, k++) {
                Register t = GPRS_ZR.get(i);
                Register n = GPRS_SP.get(k * 7 + 3 & 31);
                Register s = GPRS_ZR.get(k * 5 + 1 & 31);
                String mem = ", [" + x(n) + "]";
                c.add("ldar" + sfx + " " + data(size, t) + mem, a -> a.ldar(size, t, n));
                c.add("stlr" + sfx + " " + data(size, t) + mem, a -> a.stlr(size, t, n));
                c.add("ldxr" + sfx + " " + data(size, t) + mem, a -> a.ldxr(size, t, n));
                c.add("ldaxr" + sfx + " " + data(size, t) + mem, a -> a.ldaxr(size, t, n));
                c.add("ldapr" + sfx + " " + data(size, t) + mem, a -> a.ldapr(size, t, n));
                if (s != t && s.encoding != n.encoding) {
                    c.add("stxr" + sfx + " " + w(s) + ", " + data(size, t) + mem, a -> a.stxr(size, s, t, n));
                    c.add("stlxr" + sfx + " " + w(s) + ", " + data(size, t) + mem, a -> a.stlxr(size, s, t, n));
                }
            }
        }
        c.add("stlxr w0, x1, [sp]", a -> a.stlxr(64, r0, r1, sp));
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.stxr(64, r1, r1, r2));
        assertEquals("the status register of a store-exclusive must differ from rt and rn (unpredictable)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.stlxr(32, r2, r1, r2));
        assertThrows(IllegalArgumentException.class, () -> a.ldar(128, r0, r1));
        assertThrows(IllegalArgumentException.class, () -> a.ldar(64, r0, zr), "the base is sp-form");
        assertThrows(IllegalArgumentException.class, () -> a.stlr(64, sp, r1), "rt is zr-form");
        assertThrows(IllegalArgumentException.class, () -> a.ldar(64, v0, r1));
        assertEquals(0, a.position());
    }

    @Test
    void compareAndSwapEveryOrderAndSize() {
        ObjdumpCheck c = new ObjdumpCheck("cas");
        int k = 0;
        for (int size : MEM_SIZES) {
            for (AtomicOrder order : AtomicOrder.values()) {
                for (int i = 0; i < 8; i++, k++) {
                    Register s = GPRS_ZR.get(k * 3 & 31);
                    Register t = GPRS_ZR.get(k * 5 + 1 & 31);
                    Register n = GPRS_SP.get(k * 7 + 2 & 31);
                    String text = "cas" + order.suffix + suffix(size) + " " + data(size, s) + ", " + data(size, t) + ", [" + x(n) + "]";
                    c.add(text, a -> a.cas(size, order, s, t, n));
                    c.add(text, a -> {
                        switch (order) {
                            case PLAIN -> a.cas(size, s, t, n);
                            case ACQUIRE -> a.casa(size, s, t, n);
                            case RELEASE -> a.casl(size, s, t, n);
                            case ACQUIRE_RELEASE -> a.casal(size, s, t, n);
                        }
                    });
                }
            }
        }
        c.verify();
    }

    /** objdump's text: with rt = zr and no acquire, the ld* forms are printed as st* (not swp). */
    static String atomicText(AtomicOp op, AtomicOrder order, int size, Register s, Register t, Register n) {
        if (t == zr && !order.acquire && op != AtomicOp.SWP) {
            return "st" + op.mnemonic().substring(2) + (order.release ? "l" : "") + suffix(size) + " " + data(size, s) + ", [" + x(n) + "]";
        }
        return op.mnemonic() + order.suffix + suffix(size) + " " + data(size, s) + ", " + data(size, t) + ", [" + x(n) + "]";
    }

    @Test
    void atomicMemoryOperationsEveryOpOrderAndSize() {
        ObjdumpCheck c = new ObjdumpCheck("LSE atomics");
        int k = 0;
        for (AtomicOp op : AtomicOp.values()) {
            for (AtomicOrder order : AtomicOrder.values()) {
                for (int size : MEM_SIZES) {
                    for (int i = 0; i < 4; i++, k++) {
                        Register s = GPRS_ZR.get(k * 3 & 31);
                        Register t = i == 0 ? zr : GPRS_ZR.get(k * 5 + 1 & 31);
                        Register n = GPRS_SP.get(k * 7 + 2 & 31);
                        c.add(atomicText(op, order, size, s, t, n), a -> a.atomic(op, order, size, s, t, n));
                    }
                }
            }
        }
        for (int size : MEM_SIZES) {
            for (Register t : new Register[] {r1, zr}) {
                c.add(atomicText(AtomicOp.LDADD, AtomicOrder.PLAIN, size, r0, t, r2), a -> a.ldadd(size, r0, t, r2));
                c.add(atomicText(AtomicOp.LDADD, AtomicOrder.ACQUIRE_RELEASE, size, r0, t, r2), a -> a.ldaddal(size, r0, t, r2));
                c.add(atomicText(AtomicOp.SWP, AtomicOrder.PLAIN, size, r3, t, sp), a -> a.swp(size, r3, t, sp));
                c.add(atomicText(AtomicOp.SWP, AtomicOrder.ACQUIRE_RELEASE, size, r3, t, sp), a -> a.swpal(size, r3, t, sp));
                c.add(atomicText(AtomicOp.LDCLR, AtomicOrder.PLAIN, size, r4, t, r5), a -> a.ldclr(size, r4, t, r5));
                c.add(atomicText(AtomicOp.LDCLR, AtomicOrder.ACQUIRE_RELEASE, size, r4, t, r5), a -> a.ldclral(size, r4, t, r5));
                c.add(atomicText(AtomicOp.LDSET, AtomicOrder.PLAIN, size, r6, t, r7), a -> a.ldset(size, r6, t, r7));
                c.add(atomicText(AtomicOp.LDSET, AtomicOrder.ACQUIRE_RELEASE, size, r6, t, r7), a -> a.ldsetal(size, r6, t, r7));
                c.add(atomicText(AtomicOp.LDEOR, AtomicOrder.PLAIN, size, r8, t, r9), a -> a.ldeor(size, r8, t, r9));
                c.add(atomicText(AtomicOp.LDEOR, AtomicOrder.ACQUIRE_RELEASE, size, r8, t, r9), a -> a.ldeoral(size, r8, t, r9));
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ldadd(64, r0, r1, zr));
        assertThrows(IllegalArgumentException.class, () -> a.swp(32, sp, r1, r2));
        assertThrows(IllegalArgumentException.class, () -> a.atomic(AtomicOp.LDSMAX, AtomicOrder.PLAIN, 12, r0, r1, r2));
        assertThrows(NullPointerException.class, () -> a.atomic(null, AtomicOrder.PLAIN, 64, r0, r1, r2));
        assertEquals(0, a.position());
    }

    @Test
    void barriers() {
        ObjdumpCheck c = new ObjdumpCheck("dmb/dsb/isb");
        for (BarrierOption o : BarrierOption.values()) {
            c.add("dmb " + o.mnemonic(), a -> a.dmb(o));
            c.add("dsb " + o.mnemonic(), a -> a.dsb(o));
        }
        c.add("isb", Aarch64Assembler::isb);
        c.verify();
    }
}
