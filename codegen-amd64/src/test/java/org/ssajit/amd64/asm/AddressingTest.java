package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ssajit.amd64.asm.Intel.*;
import static org.ssajit.amd64.asm.OperandSize.*;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.Register;

/**
 * Every memory-operand shape: all 16 bases (and none) x all 15 indexes (and none) x 4 scales x
 * displacements at the disp8/disp32 boundaries, plus rip-relative. The length is checked too, so a
 * needless SIB byte or disp32 fails.
 */
class AddressingTest {
    private static final int[] DISPLACEMENTS = {0, 1, -1, 127, -128, 128, -129, 0x7fff_ffff, Integer.MIN_VALUE};

    private static List<Address> allAddresses() {
        List<Address> out = new ArrayList<>();
        List<Register> bases = new ArrayList<>(GPRS);
        bases.add(null);
        for (Register base : bases) {
            for (int disp : DISPLACEMENTS) {
                if (base != null) {
                    out.add(Address.of(base, disp));
                }
                for (Register index : GPRS) {
                    if (index == rsp) {
                        continue;
                    }
                    for (Scale s : Scale.values()) {
                        out.add(Address.of(base, index, s, disp));
                    }
                }
            }
        }
        return out;
    }

    /** ModRM + optional SIB + displacement, for the shortest encoding. */
    private static int operandLength(Address m) {
        if (m.isRipRelative()) {
            return 1 + 4;
        }
        Register base = m.base();
        if (base == null) {
            return 1 + 1 + 4;
        }
        boolean sib = m.index() != null || (base.encoding & 7) == 4;
        int disp = m.displacement();
        int dispLen = disp == 0 && (base.encoding & 7) != 5 ? 0 : disp >= -128 && disp <= 127 ? 1 : 4;
        return 1 + (sib ? 1 : 0) + dispLen;
    }

    @Test
    void everyBaseIndexScaleAndDisplacement() {
        ObjdumpCheck c = new ObjdumpCheck("addressing, QWORD load");
        int i = 0;
        for (Address m : allAddresses()) {
            Register r = GPRS.get(i++ % 16); // vary REX.R as well
            c.add("mov " + r.name + "," + mem(QWORD, m), 2 + operandLength(m), a -> a.mov(QWORD, r, m));
        }
        c.verify();
    }

    @Test
    void everyShapeWithoutRexW() {
        // DWORD store: REX only when a register number needs bit 3 (R, X or B).
        ObjdumpCheck c = new ObjdumpCheck("addressing, DWORD store");
        int i = 0;
        for (Address m : allAddresses()) {
            Register r = GPRS.get(i++ * 7 % 16);
            boolean rex = r.encoding >= 8 || (m.index() != null && m.index().encoding >= 8) || (m.base() != null && m.base().encoding >= 8);
            c.add("mov " + mem(DWORD, m) + "," + reg(r, DWORD), (rex ? 2 : 1) + operandLength(m), a -> a.mov(DWORD, m, r));
        }
        c.verify();
    }

    @Test
    void ripRelative() {
        ObjdumpCheck c = new ObjdumpCheck("rip-relative");
        for (int disp : DISPLACEMENTS) {
            Address m = Address.rip(disp);
            for (Register r : GPRS) {
                c.add("mov " + r.name + "," + mem(QWORD, m), 7, a -> a.mov(QWORD, r, m));
                c.add("lea " + r.name + "," + mem(m), 7, a -> a.lea(QWORD, r, m));
            }
            // The immediate follows the displacement; the encoding must not be confused by it.
            c.add("cmp " + mem(DWORD, m) + ",0x12345678", 10, a -> a.alu(AluOp.CMP, DWORD, m, 0x12345678));
        }
        c.verify();
    }

    @Test
    void knownBytes() {
        // A few encodings spelled out from the SDM tables, independent of objdump.
        assertBytes("48 8b 04 24", a -> a.mov(QWORD, rax, Address.of(rsp)));
        assertBytes("49 8b 45 00", a -> a.mov(QWORD, rax, Address.of(r13)));
        assertBytes("4a 8b 04 a5 10 00 00 00", a -> a.mov(QWORD, rax, Address.of(null, r12, Scale.FOUR, 16)));
        assertBytes("4d 8b 64 24 80", a -> a.mov(QWORD, r12, Address.of(r12, -128)));
        assertBytes("8b 80 80 00 00 00", a -> a.mov(DWORD, rax, Address.of(rax, 128)));
        assertBytes("48 8b 05 f0 ff ff ff", a -> a.mov(QWORD, rax, Address.rip(-16)));
        assertBytes("41 81 7f 20 00 00 00 00", a -> a.cmpDwordImm32(Address.of(r15, 0x20), 0));
        assertBytes("89 84 24 00 80 ff ff", a -> a.mov(DWORD, Address.of(rsp, -0x8000), rax));
        // ZGC's patched forms: the shift's count at offset 3, the immediates last.
        assertBytes("49 c1 eb 00", a -> a.shiftQwordImm8(ShiftOp.SHR, r11, 0));
        assertBytes("48 81 c8 00 00 00 00", a -> a.aluQwordImm32(AluOp.OR, rax, 0));
        assertBytes("41 f7 c2 00 00 00 00", a -> a.testDwordImm32(r10, 0));
        assertBytes("66 41 81 fb 00 00", a -> a.cmpWordImm16(r11, 0));
    }

    static void assertBytes(String hex, java.util.function.Consumer<Amd64Assembler> emit) {
        Amd64Assembler a = new Amd64Assembler();
        emit.accept(a);
        assertEquals(hex, HexFormat.ofDelimiter(" ").formatHex(a.code()));
    }

    @Test
    void invalidAddressesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Address.of(rax, rsp, Scale.ONE, 0));
        assertThrows(IllegalArgumentException.class, () -> Address.of(xmm0));
        assertThrows(IllegalArgumentException.class, () -> Address.of(r16));
        assertThrows(NullPointerException.class, () -> Address.of(null, null, Scale.ONE, 0));
        assertThrows(IllegalArgumentException.class, () -> Scale.of(3));
    }
}
