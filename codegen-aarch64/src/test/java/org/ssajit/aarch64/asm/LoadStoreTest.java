package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.aarch64.asm.Gnu.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/**
 * Single loads and stores of every width and kind (zero- and sign-extending, general and s/d
 * registers) in every addressing mode, the choice between the scaled and unscaled forms, literal
 * loads, ldp/stp, and what {@link Address} says is encodable.
 */
class LoadStoreTest {
    @FunctionalInterface
    interface Emit {
        void emit(Aarch64Assembler a, Register rt, Address address);
    }

    /** One load or store: its mnemonic (scaled form), access bits, register width, register file. */
    record Access(String mnemonic, int bits, int regSize, boolean simd, Emit emit) {
        int bytes() {
            return bits / 8;
        }

        /** ldr -> ldur, ldrsb -> ldursb, strh -> sturh. */
        String unscaledMnemonic() {
            return mnemonic.substring(0, 2) + "u" + mnemonic.substring(2);
        }

        Register rt(int k) {
            return simd ? SIMDS.get(k & 31) : GPRS_ZR.get(k & 31);
        }

        String expected(Register rt, Address a) {
            String m = unscaled(a, bytes()) ? unscaledMnemonic() : mnemonic;
            return m + " " + any(regSize, rt) + ", " + address(a, bytes());
        }

        @Override
        public String toString() {
            return mnemonic + (simd ? " fp" : "") + " " + bits + "->" + regSize;
        }
    }

    static final List<Access> ACCESSES = List.of(
            new Access("ldrb", 8, 32, false, (a, r, m) -> a.ldr(8, r, m)),
            new Access("ldrh", 16, 32, false, (a, r, m) -> a.ldr(16, r, m)),
            new Access("ldr", 32, 32, false, (a, r, m) -> a.ldr(32, r, m)),
            new Access("ldr", 64, 64, false, (a, r, m) -> a.ldr(64, r, m)),
            new Access("ldrsb", 8, 32, false, (a, r, m) -> a.ldrs(32, 8, r, m)),
            new Access("ldrsb", 8, 64, false, (a, r, m) -> a.ldrs(64, 8, r, m)),
            new Access("ldrsh", 16, 32, false, (a, r, m) -> a.ldrs(32, 16, r, m)),
            new Access("ldrsh", 16, 64, false, (a, r, m) -> a.ldrs(64, 16, r, m)),
            new Access("ldrsw", 32, 64, false, (a, r, m) -> a.ldrs(64, 32, r, m)),
            new Access("strb", 8, 32, false, (a, r, m) -> a.str(8, r, m)),
            new Access("strh", 16, 32, false, (a, r, m) -> a.str(16, r, m)),
            new Access("str", 32, 32, false, (a, r, m) -> a.str(32, r, m)),
            new Access("str", 64, 64, false, (a, r, m) -> a.str(64, r, m)),
            new Access("ldr", 32, 32, true, (a, r, m) -> a.ldr(32, r, m)),
            new Access("ldr", 64, 64, true, (a, r, m) -> a.ldr(64, r, m)),
            new Access("str", 32, 32, true, (a, r, m) -> a.str(32, r, m)),
            new Access("str", 64, 64, true, (a, r, m) -> a.str(64, r, m)));

    /** Immediate offsets at the edges of the scaled and unscaled forms. */
    static long[] boundaryOffsets(int bytes) {
        return new long[] {0, 1, -1, bytes, -bytes, 3, 17, -255, -256, 255, 256, 8 * bytes, 255L * bytes, 4094L * bytes, 4095L * bytes};
    }

    @Test
    void immediateOffsetsPickScaledThenUnscaled() {
        ObjdumpCheck c = new ObjdumpCheck("ldr/str [base, #imm]");
        int k = 0;
        for (Access acc : ACCESSES) {
            for (long off : boundaryOffsets(acc.bytes())) {
                if (!Address.isEncodableOffset(off, acc.bits())) {
                    continue;
                }
                for (int i = 0; i < 3; i++, k++) {
                    Register rt = acc.rt(k * 5);
                    Address a = Address.of(GPRS_SP.get(k * 3 & 31), off);
                    c.add(acc.expected(rt, a), x -> acc.emit().emit(x, rt, a));
                }
            }
        }
        c.verify();
    }

    @Test
    void everyOffsetAroundTheFormsIsEncodedOrRefusedAsAddressSays() {
        ObjdumpCheck c = new ObjdumpCheck("ldr/str offset sweep", 1 << 20);
        int encoded = 0;
        int refused = 0;
        for (Access acc : ACCESSES) {
            List<Long> offsets = new ArrayList<>();
            for (long off = -300; off <= 300; off++) {
                offsets.add(off);
            }
            long top = 4095L * acc.bytes();
            for (long off = top - 40; off <= top + 40; off++) {
                offsets.add(off);
            }
            for (long off : offsets) {
                Register rt = acc.rt((int) off);
                Address a = Address.of(GPRS_SP.get((int) (off & 31)), off);
                assertEquals(Address.isEncodableOffset(off, acc.bits()), a.isEncodable(acc.bits()));
                if (a.isEncodable(acc.bits())) {
                    c.add(acc.expected(rt, a), x -> acc.emit().emit(x, rt, a));
                    encoded++;
                } else {
                    Aarch64Assembler x = new Aarch64Assembler();
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> acc.emit().emit(x, rt, a), acc + " " + off);
                    assertTrue(e.getMessage().contains("not encodable"), e.getMessage());
                    assertEquals(0, x.position());
                    refused++;
                }
            }
        }
        c.verify();
        assertTrue(encoded > 9_000 && refused > 2_000, encoded + " encoded, " + refused + " refused");
    }

    @Test
    void preAndPostIndex() {
        ObjdumpCheck c = new ObjdumpCheck("ldr/str pre/post-index");
        int k = 0;
        for (Access acc : ACCESSES) {
            for (long off : new long[] {-256, -255, -16, -1, 0, 1, 8, 100, 255}) {
                for (int i = 0; i < 2; i++, k++) {
                    Register base = GPRS_SP.get(k * 3 & 31);
                    // Not the base itself: a write-back base that is also transferred is unpredictable.
                    Register rt = acc.rt(k * 3 + 1);
                    for (Address a : List.of(Address.preIndex(base, off), Address.postIndex(base, off))) {
                        c.add(acc.expected(rt, a), x -> acc.emit().emit(x, rt, a));
                    }
                }
            }
        }
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ldr(64, r0, Address.preIndex(r1, 256)));
        assertThrows(IllegalArgumentException.class, () -> a.str(8, r0, Address.postIndex(r1, -257)));
        assertFalse(Address.preIndex(r1, 256).isEncodable(64));
        assertTrue(Address.postIndex(r1, -256).isEncodable(8));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.ldr(64, r3, Address.postIndex(r3, 8)));
        assertEquals("ldr with write-back to r3 must not also transfer it (unpredictable)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.str(32, r3, Address.preIndex(r3, 8)));
        assertEquals(0, a.position());
    }

    @Test
    void registerOffsetsEveryExtendScaledOrNot() {
        ObjdumpCheck c = new ObjdumpCheck("ldr/str [base, index, extend]");
        int k = 0;
        for (Access acc : ACCESSES) {
            for (ExtendType e : List.of(ExtendType.UXTW, ExtendType.SXTW, ExtendType.UXTX, ExtendType.SXTX)) {
                for (boolean scaled : new boolean[] {false, true}) {
                    for (int i = 0; i < 4; i++, k++) {
                        Register rt = acc.rt(k * 7);
                        Address a = Address.indexed(GPRS_SP.get(k * 3 & 31), GPRS_ZR.get(k * 5 + 1 & 31), e, scaled);
                        c.add(acc.expected(rt, a), x -> acc.emit().emit(x, rt, a));
                    }
                }
            }
            Register rt = acc.rt(3);
            c.add(acc.mnemonic() + " " + any(acc.regSize(), rt) + ", [x1, x2]", x -> acc.emit().emit(x, rt, Address.indexed(r1, r2)));
            c.add(acc.mnemonic() + " " + any(acc.regSize(), rt) + ", [sp, x2, lsl #" + Integer.numberOfTrailingZeros(acc.bytes()) + "]",
                    x -> acc.emit().emit(x, rt, Address.indexedScaled(sp, r2)));
        }
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> Address.indexed(r1, r2, ExtendType.UXTB, false));
        assertThrows(IllegalArgumentException.class, () -> Address.indexed(r1, r2, ExtendType.SXTH, true));
        assertThrows(IllegalArgumentException.class, () -> Address.indexed(r1, sp));
        assertThrows(IllegalArgumentException.class, () -> Address.indexed(zr, r1));
        assertThrows(IllegalArgumentException.class, () -> Address.of(zr, 8));
        assertThrows(IllegalArgumentException.class, () -> Address.of(v1));
    }

    @Test
    void allRegisterPairsForOneLoadAndOneStore() {
        ObjdumpCheck c = new ObjdumpCheck("ldr x/str w, 32x32 rt x base");
        for (Register rt : GPRS_ZR) {
            for (Register base : GPRS_SP) {
                Address a = Address.of(base, 8);
                c.add("ldr " + x(rt) + ", [" + x(base) + ", #8]", x -> x.ldr(64, rt, a));
                c.add("str " + w(rt) + ", [" + x(base) + ", #8]", x -> x.str(32, rt, a));
            }
        }
        for (Register v : SIMDS) {
            c.add("ldr " + fp(64, v) + ", [sp, #16]", x -> x.ldr(64, v, Address.of(sp, 16)));
            c.add("stur " + fp(32, v) + ", [x7, #-4]", x -> x.str(32, v, Address.of(r7, -4)));
        }
        c.verify();
    }

    @Test
    void impossibleAccessesAreRefused() {
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ldrs(32, 32, r0, Address.of(r1)), "ldrsw to a W register");
        assertThrows(IllegalArgumentException.class, () -> a.ldrs(64, 64, r0, Address.of(r1)));
        assertThrows(IllegalArgumentException.class, () -> a.ldrs(64, 8, v0, Address.of(r1)));
        assertThrows(IllegalArgumentException.class, () -> a.ldr(8, v0, Address.of(r1)), "b registers are not supported");
        assertThrows(IllegalArgumentException.class, () -> a.ldr(128, r0, Address.of(r1)));
        assertThrows(IllegalArgumentException.class, () -> a.str(64, sp, Address.of(r1)), "rt is zr-form");
        assertThrows(IllegalArgumentException.class, () -> a.ldr(12, r0, Address.of(r1)));
        assertThrows(NullPointerException.class, () -> a.ldr(64, r0, (Address) null));
        assertEquals(0, a.position());
    }

    @Test
    void literalLoads() {
        ObjdumpCheck c = new ObjdumpCheck("ldr (literal)");
        Aarch64Assembler a = c.asm();
        Label back = new Label("back");
        a.bind(back);
        a.emitLong(0x1234_5678_9abc_def0L);
        Label fwd = new Label("fwd");
        List<Object[]> forms = List.of(new Object[] {32, r0, "w0"}, new Object[] {64, r17, "x17"}, new Object[] {64, zr, "xzr"},
                new Object[] {32, v3, "s3"}, new Object[] {64, v31, "d31"});
        // Forward ones are patched at bind: the data lies 0x40 + 8 bytes after the first.
        int fwdAt = 8 + 4 * forms.size() * 2 + 0x40;
        for (Object[] f : forms) {
            int size = (Integer) f[0];
            Register rt = (Register) f[1];
            c.add("ldr " + f[2] + ", " + addr(0), x -> x.ldr(size, rt, back));
            c.add("ldr " + f[2] + ", " + addr(fwdAt), x -> x.ldr(size, rt, fwd));
        }
        for (int i = 0; i < 0x40 / 4; i++) {
            a.nop();
        }
        a.bind(fwd);
        assertEquals(fwdAt, fwd.position());
        a.emitInt(42);
        c.add("nop", Aarch64Assembler::nop);
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().ldr(16, r0, new Label()));
        assertThrows(IllegalArgumentException.class, () -> new Aarch64Assembler().ldr(64, sp, new Label()));
    }

    @Test
    void pairsEveryModeAtTheOffsetLimits() {
        ObjdumpCheck c = new ObjdumpCheck("ldp/stp");
        int k = 0;
        for (boolean simd : new boolean[] {false, true}) {
            for (int size : SIZES) {
                int b = size / 8;
                for (long off : new long[] {-64L * b, -b, 0, b, 2L * b, 63L * b}) {
                    for (int i = 0; i < 2; i++, k++) {
                        Register base = GPRS_SP.get(k * 5 + 2 & 31);
                        Register t1 = simd ? SIMDS.get(k & 31) : GPRS_ZR.get(k * 3 & 31);
                        Register t2 = simd ? SIMDS.get(k + 9 & 31) : GPRS_ZR.get(k * 3 + 1 & 31);
                        String regs = any(size, t1) + ", " + any(size, t2) + ", ";
                        for (Address a : List.of(Address.of(base, off), Address.preIndex(base, off), Address.postIndex(base, off))) {
                            if (!simd && a.mode() != Address.Mode.OFFSET && a.base() != sp && (t1.encoding == base.encoding || t2.encoding == base.encoding)) {
                                continue;
                            }
                            assertTrue(a.isEncodableForPair(size));
                            c.add("ldp " + regs + address(a, b), x -> x.ldp(size, t1, t2, a));
                            c.add("stp " + regs + address(a, b), x -> x.stp(size, t1, t2, a));
                        }
                    }
                }
            }
        }
        c.add("stp x29, x30, [sp, #-16]!", x -> x.stp(64, r29, r30, Address.preIndex(sp, -16)));
        c.add("ldp x29, x30, [sp], #16", x -> x.ldp(64, r29, r30, Address.postIndex(sp, 16)));
        c.add("stp xzr, xzr, [x0]", x -> x.stp(64, zr, zr, Address.of(r0)));
        c.verify();
        Aarch64Assembler a = new Aarch64Assembler();
        assertThrows(IllegalArgumentException.class, () -> a.ldp(64, r0, r1, Address.of(r2, 4)), "not a multiple of 8");
        assertThrows(IllegalArgumentException.class, () -> a.ldp(64, r0, r1, Address.of(r2, 512)));
        assertThrows(IllegalArgumentException.class, () -> a.stp(32, r0, r1, Address.of(r2, -260)));
        assertThrows(IllegalArgumentException.class, () -> a.ldp(64, r0, r1, Address.indexed(r2, r3)));
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class, () -> a.ldp(64, r4, r4, Address.of(r2)));
        assertEquals("ldp into the same register twice is unpredictable: r4", same.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.ldp(64, r2, r1, Address.postIndex(r2, 16)));
        assertThrows(IllegalArgumentException.class, () -> a.stp(64, r1, r2, Address.preIndex(r2, 16)));
        assertThrows(IllegalArgumentException.class, () -> a.ldp(64, r0, v1, Address.of(r2)));
        assertThrows(IllegalArgumentException.class, () -> a.ldp(64, v0, r1, Address.of(r2)));
        assertThrows(IllegalArgumentException.class, () -> a.ldp(16, r0, r1, Address.of(r2)));
        assertEquals(0, a.position());
        assertFalse(Address.of(r2, 512).isEncodableForPair(64));
        assertFalse(Address.indexed(r2, r3).isEncodableForPair(64));
        assertFalse(Address.of(r2, 8).isEncodableForPair(8));
    }

    @Test
    void addressPredicatesAtTheirEdges() {
        assertTrue(Address.isScaledOffset(0, 64));
        assertTrue(Address.isScaledOffset(32760, 64));
        assertFalse(Address.isScaledOffset(32768, 64));
        assertFalse(Address.isScaledOffset(12, 64));
        assertFalse(Address.isScaledOffset(-8, 64));
        assertTrue(Address.isScaledOffset(4095, 8));
        assertFalse(Address.isScaledOffset(4096, 8));
        assertTrue(Address.isUnscaledOffset(-256));
        assertTrue(Address.isUnscaledOffset(255));
        assertFalse(Address.isUnscaledOffset(256));
        assertFalse(Address.isUnscaledOffset(-257));
        assertTrue(Address.isEncodableOffset(-8, 64));
        assertFalse(Address.isEncodableOffset(257, 64));
        assertTrue(Address.isEncodableOffset(257, 8));
        assertTrue(Address.isPairOffset(-512, 64));
        assertTrue(Address.isPairOffset(504, 64));
        assertFalse(Address.isPairOffset(512, 64));
        assertFalse(Address.isPairOffset(-516, 32));
        assertTrue(Address.isPairOffset(-256, 32));
        assertThrows(IllegalArgumentException.class, () -> Address.isScaledOffset(0, 24));
        assertEquals("[sp, #-16]!", Address.preIndex(sp, -16).toString());
        assertEquals("[x1], #8", Address.postIndex(r1, 8).toString());
        assertEquals("[x1, w2, sxtw #scale]", Address.indexed(r1, r2, ExtendType.SXTW, true).toString());
        assertEquals(Address.of(r1, 8), Address.of(r1, 8));
    }
}
