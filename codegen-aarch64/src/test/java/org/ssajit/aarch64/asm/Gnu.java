package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jdk.vm.ci.code.Register;

/**
 * The text GNU objdump prints for A64 instructions, built from what an instruction means, not from
 * how it is encoded: the tests' expected side. Where objdump prefers an alias (ARM ARM's "preferred
 * disassembly": {@code mov}, {@code cmp}, {@code lsl}, {@code cset}, ...), the rule is written here
 * in terms of the operands.
 */
final class Gnu {
    /** r0..r30. */
    static final List<Register> GPRS = List.of(r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17, r18, r19,
            r20, r21, r22, r23, r24, r25, r26, r27, r28, r29, r30);
    /** r0..r30 and zr: operands where 31 means the zero register. */
    static final List<Register> GPRS_ZR = with(GPRS, zr);
    /** r0..r30 and sp: operands where 31 means the stack pointer. */
    static final List<Register> GPRS_SP = with(GPRS, sp);
    static final List<Register> SIMDS = List.of(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19,
            v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31);
    static final int[] SIZES = {32, 64};

    private Gnu() {
    }

    private static List<Register> with(List<Register> regs, Register extra) {
        List<Register> l = new ArrayList<>(regs);
        l.add(extra);
        return List.copyOf(l);
    }

    static String x(Register r) {
        return r == zr ? "xzr" : r == sp ? "sp" : "x" + r.encoding;
    }

    static String w(Register r) {
        return r == zr ? "wzr" : r == sp ? "wsp" : "w" + r.encoding;
    }

    /** A general register at 32 (w) or 64 (x) bits. */
    static String reg(int size, Register r) {
        return size == 64 ? x(r) : w(r);
    }

    /** A floating-point register as s (32) or d (64). */
    static String fp(int size, Register v) {
        return (size == 64 ? "d" : "s") + v.encoding;
    }

    /** A register of either file at that width. */
    static String any(int size, Register r) {
        return r.getRegisterCategory().equals(SIMD) ? fp(size, r) : reg(size, r);
    }

    /** objdump's hex immediate: {@code #0x1f}. */
    static String hex(long v) {
        return "#0x" + Long.toHexString(v);
    }

    /** objdump's address operand (branch targets, literals): {@code 0x1f4}. */
    static String addr(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** objdump's condition names: {@code cs}/{@code cc} for hs/lo. */
    static String cond(Condition c) {
        return switch (c) {
            case HS -> "cs";
            case LO -> "cc";
            default -> c.mnemonic();
        };
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** {@code ", asr #3"}, nothing for {@code lsl #0}. */
    static String shift(ShiftType s, int amount) {
        return s == ShiftType.LSL && amount == 0 ? "" : ", " + s.mnemonic() + " #" + amount;
    }

    // ------------------------------------------------------------------------------------------
    // Add/subtract

    static String addSubShifted(boolean sub, boolean setFlags, int size, Register rd, Register rn, Register rm, ShiftType s, int amount) {
        if (rd == sp || rn == sp) {
            return addSubExtended(sub, setFlags, size, rd, rn, rm, size == 64 ? ExtendType.UXTX : ExtendType.UXTW, amount);
        }
        String suffix = shift(s, amount);
        if (setFlags && rd == zr) {
            return (sub ? "cmp " : "cmn ") + reg(size, rn) + ", " + reg(size, rm) + suffix;
        }
        if (sub && rn == zr) {
            return (setFlags ? "negs " : "neg ") + reg(size, rd) + ", " + reg(size, rm) + suffix;
        }
        return addSubName(sub, setFlags) + " " + reg(size, rd) + ", " + reg(size, rn) + ", " + reg(size, rm) + suffix;
    }

    static String addSubExtended(boolean sub, boolean setFlags, int size, Register rd, Register rn, Register rm, ExtendType e, int amount) {
        String m = size == 64 && e.readsX() ? x(rm) : w(rm);
        // With sp as an operand, uxtx (64) / uxtw (32) is printed as lsl, and left out when 0.
        boolean spOperand = rn == sp || (!setFlags && rd == sp);
        String ext;
        if (spOperand && e == (size == 64 ? ExtendType.UXTX : ExtendType.UXTW)) {
            ext = amount == 0 ? "" : ", lsl #" + amount;
        } else {
            ext = ", " + e.mnemonic() + (amount == 0 ? "" : " #" + amount);
        }
        if (setFlags && rd == zr) {
            return (sub ? "cmp " : "cmn ") + reg(size, rn) + ", " + m + ext;
        }
        return addSubName(sub, setFlags) + " " + reg(size, rd) + ", " + reg(size, rn) + ", " + m + ext;
    }

    static String addSubImmediate(boolean sub, boolean setFlags, int size, Register rd, Register rn, long imm) {
        if (!sub && !setFlags && imm == 0 && (rd == sp || rn == sp)) {
            return "mov " + reg(size, rd) + ", " + reg(size, rn);
        }
        String i = imm > 0xFFF ? hex(imm >>> 12) + ", lsl #12" : hex(imm);
        if (setFlags && rd == zr) {
            return (sub ? "cmp " : "cmn ") + reg(size, rn) + ", " + i;
        }
        return addSubName(sub, setFlags) + " " + reg(size, rd) + ", " + reg(size, rn) + ", " + i;
    }

    private static String addSubName(boolean sub, boolean setFlags) {
        return (sub ? "sub" : "add") + (setFlags ? "s" : "");
    }

    // ------------------------------------------------------------------------------------------
    // Logical

    enum LogicOp {
        AND, ORR, EOR, ANDS, BIC, ORN, EON, BICS;

        boolean hasImmediate() {
            return ordinal() < 4;
        }
    }

    static String logicalShifted(LogicOp op, int size, Register rd, Register rn, Register rm, ShiftType s, int amount) {
        String suffix = shift(s, amount);
        if (op == LogicOp.ANDS && rd == zr) {
            return "tst " + reg(size, rn) + ", " + reg(size, rm) + suffix;
        }
        if (op == LogicOp.ORR && rn == zr && s == ShiftType.LSL && amount == 0) {
            return "mov " + reg(size, rd) + ", " + reg(size, rm);
        }
        if (op == LogicOp.ORN && rn == zr) {
            return "mvn " + reg(size, rd) + ", " + reg(size, rm) + suffix;
        }
        return lower(op) + " " + reg(size, rd) + ", " + reg(size, rn) + ", " + reg(size, rm) + suffix;
    }

    /** {@code imm} is the value as the instruction sees it (a 32-bit one zero-extended). */
    static String logicalImmediate(LogicOp op, int size, Register rd, Register rn, long imm) {
        if (op == LogicOp.ANDS && rd == zr) {
            return "tst " + reg(size, rn) + ", " + hex(imm);
        }
        // orr with zr is printed as mov unless a single movz/movn makes the same value (then that is
        // the mov); movz/movn cannot write sp, so with sp it is always mov.
        if (op == LogicOp.ORR && rn == zr && (rd == sp || !isSingleMoveWide(imm, size))) {
            return "mov " + reg(size, rd) + ", " + hex(imm);
        }
        return lower(op) + " " + reg(size, rd) + ", " + reg(size, rn) + ", " + hex(imm);
    }

    /** Some {@code movz} or {@code movn} of {@code size} bits yields {@code value} (given zero-extended). */
    static boolean isSingleMoveWide(long value, int size) {
        long mask = size == 64 ? -1L : 0xFFFF_FFFFL;
        for (int shift = 0; shift < size; shift += 16) {
            long fieldMask = 0xFFFFL << shift;
            if ((value & ~fieldMask & mask) == 0 || ((~value & mask) & ~fieldMask) == 0) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------
    // Move wide

    static String movz(int size, Register rd, int imm16, int shift) {
        if (imm16 == 0 && shift != 0) {
            return "movz " + reg(size, rd) + ", " + hex(0) + ", lsl #" + shift;
        }
        return "mov " + reg(size, rd) + ", " + hex((long) imm16 << shift);
    }

    static String movn(int size, Register rd, int imm16, int shift) {
        if ((imm16 == 0 && shift != 0) || (size == 32 && imm16 == 0xFFFF)) {
            return "movn " + reg(size, rd) + ", " + hex(imm16) + (shift == 0 ? "" : ", lsl #" + shift);
        }
        long value = ~((long) imm16 << shift) & (size == 64 ? -1L : 0xFFFF_FFFFL);
        return "mov " + reg(size, rd) + ", " + hex(value);
    }

    static String movk(int size, Register rd, int imm16, int shift) {
        return "movk " + reg(size, rd) + ", " + hex(imm16) + (shift == 0 ? "" : ", lsl #" + shift);
    }

    // ------------------------------------------------------------------------------------------
    // Bitfield moves (ARM ARM's alias conditions for sbfm, ubfm, bfm)

    enum Bitfield {
        SBFM, BFM, UBFM
    }

    static String bitfield(Bitfield op, int size, Register rd, Register rn, int immr, int imms) {
        String d = reg(size, rd);
        String n = reg(size, rn);
        int top = size - 1;
        switch (op) {
            case SBFM -> {
                if (imms == top) {
                    return "asr " + d + ", " + n + ", #" + immr;
                }
                if (imms < immr) {
                    return "sbfiz " + d + ", " + n + ", #" + (size - immr) + ", #" + (imms + 1);
                }
                if (bfxPreferred(size, false, imms, immr)) {
                    return "sbfx " + d + ", " + n + ", #" + immr + ", #" + (imms - immr + 1);
                }
                // immr == 0 and imms is 7, 15 or (64-bit) 31: the source is a W register.
                String ext = imms == 7 ? "sxtb " : imms == 15 ? "sxth " : "sxtw ";
                return ext + d + ", " + w(rn);
            }
            case UBFM -> {
                if (imms != top && imms + 1 == immr) {
                    return "lsl " + d + ", " + n + ", #" + (top - imms);
                }
                if (imms == top) {
                    return "lsr " + d + ", " + n + ", #" + immr;
                }
                if (imms < immr) {
                    return "ubfiz " + d + ", " + n + ", #" + (size - immr) + ", #" + (imms + 1);
                }
                if (bfxPreferred(size, true, imms, immr)) {
                    return "ubfx " + d + ", " + n + ", #" + immr + ", #" + (imms - immr + 1);
                }
                return (imms == 7 ? "uxtb " : "uxth ") + d + ", " + n;
            }
            default -> {
                if (imms < immr) {
                    if (rn == zr) {
                        return "bfc " + d + ", #" + (size - immr) + ", #" + (imms + 1);
                    }
                    return "bfi " + d + ", " + n + ", #" + (size - immr) + ", #" + (imms + 1);
                }
                return "bfxil " + d + ", " + n + ", #" + immr + ", #" + (imms - immr + 1);
            }
        }
    }

    /** ARM ARM's BFXPreferred: sbfx/ubfx unless a shift or an extension describes the move better. */
    private static boolean bfxPreferred(int size, boolean unsigned, int imms, int immr) {
        if (imms < immr || imms == size - 1) {
            return false;
        }
        if (immr == 0) {
            if (size == 32 && (imms == 7 || imms == 15)) {
                return false;
            }
            if (size == 64 && !unsigned && (imms == 7 || imms == 15 || imms == 31)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------
    // Memory operands

    /** The address as objdump prints it for an access of {@code bytes}. */
    static String address(Address a, int bytes) {
        String b = x(a.base());
        return switch (a.mode()) {
            case OFFSET -> a.offset() == 0 ? "[" + b + "]" : "[" + b + ", #" + a.offset() + "]";
            case PRE_INDEX -> "[" + b + ", #" + a.offset() + "]!";
            case POST_INDEX -> "[" + b + "], #" + a.offset();
            case REGISTER_OFFSET -> {
                int scale = Integer.numberOfTrailingZeros(bytes);
                ExtendType e = a.extend();
                String index = e.readsX() ? x(a.index()) : w(a.index());
                String ext;
                if (e == ExtendType.UXTX) {
                    ext = a.isScaled() ? ", lsl #" + scale : "";
                } else {
                    ext = ", " + e.mnemonic() + (a.isScaled() ? " #" + scale : "");
                }
                yield "[" + b + ", " + index + ext + "]";
            }
        };
    }

    /** Whether the assembler uses the unscaled (ldur/stur) form for this immediate-offset address. */
    static boolean unscaled(Address a, int bytes) {
        long off = a.offset();
        return a.mode() == Address.Mode.OFFSET && !(off >= 0 && off % bytes == 0 && off / bytes < 4096);
    }
}
