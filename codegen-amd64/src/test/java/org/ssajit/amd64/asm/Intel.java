package org.ssajit.amd64.asm;

import static jdk.vm.ci.amd64.AMD64.*;

import java.util.List;

import jdk.vm.ci.code.Register;

/**
 * The text objdump prints in Intel syntax ({@code -M intel}), built from what an instruction means,
 * not from how it is encoded: the tests' expected side.
 */
final class Intel {
    static final List<Register> GPRS = List.of(rax, rcx, rdx, rbx, rsp, rbp, rsi, rdi, r8, r9, r10, r11, r12, r13, r14, r15);
    static final List<Register> XMMS = List.of(xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7, xmm8, xmm9, xmm10, xmm11,
            xmm12, xmm13, xmm14, xmm15);
    /** Addresses exercising each ModRM/SIB special case once; AddressingTest covers all combinations. */
    static final List<Address> ADDRESSES = List.of(
            Address.of(rax),
            Address.of(rsp),
            Address.of(rbp),
            Address.of(r12),
            Address.of(r13),
            Address.of(r15, 0x20),
            Address.of(rcx, -8),
            Address.of(rdx, 0x12345),
            Address.of(rbx, rsi, Scale.EIGHT, 16),
            Address.of(r9, r10, Scale.TWO, Integer.MIN_VALUE),
            Address.of(null, r11, Scale.FOUR, 0x40),
            Address.of(rsp, r12, Scale.ONE, 127),
            Address.of(r13, rbp, Scale.FOUR, -128),
            Address.rip(0x100),
            Address.rip(-0x10));
    private static final String[] NAMES32 = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"};
    private static final String[] NAMES16 = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"};
    private static final String[] NAMES8 = {"al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil"};

    private Intel() {
    }

    /** The register's name at that width: {@code rax/eax/ax/al}, {@code r8/r8d/r8w/r8b}, {@code sil}. */
    static String reg(Register r, OperandSize size) {
        int e = r.encoding;
        if (e >= 8) {
            return "r" + e + switch (size) {
                case BYTE -> "b";
                case WORD -> "w";
                case DWORD -> "d";
                case QWORD -> "";
            };
        }
        return switch (size) {
            case BYTE -> NAMES8[e];
            case WORD -> NAMES16[e];
            case DWORD -> NAMES32[e];
            case QWORD -> r.name;
        };
    }

    static String ptr(OperandSize size) {
        return size.name() + " PTR ";
    }

    /** {@code QWORD PTR [rbx+rcx*8-0x10]}. */
    static String mem(OperandSize size, Address a) {
        return ptr(size) + mem(a);
    }

    /** {@code XMMWORD PTR [...]}. */
    static String xmmword(Address a) {
        return "XMMWORD PTR " + mem(a);
    }

    /**
     * The bracketed operand without a size, as after {@code lea}. objdump shows a displacement when
     * the encoding has one, and minimal encodings have one exactly when it is non-zero, when the base
     * is rbp or r13 (mod 00 would mean something else there), or when there is no base.
     */
    static String mem(Address a) {
        long disp = a.displacement();
        if (a.isRipRelative()) {
            return "[rip+" + hex(disp) + "]";
        }
        StringBuilder sb = new StringBuilder("[");
        Register base = a.base();
        if (base != null) {
            sb.append(base.name);
        }
        if (a.index() != null) {
            sb.append(base != null ? "+" : "").append(a.index().name).append('*').append(a.scale().value);
        }
        boolean showDisp = disp != 0 || base == null || (base.encoding & 7) == 5;
        if (showDisp) {
            sb.append(disp < 0 ? "-" : "+").append(hex(Math.abs(disp)));
        }
        return sb.append(']').toString();
    }

    /** An immediate as objdump shows it: sign-extended to the operand size, then unsigned hex. */
    static String imm(long v, OperandSize size) {
        long masked = size == OperandSize.QWORD ? v : v & ((1L << size.bits()) - 1);
        return hex(masked);
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
