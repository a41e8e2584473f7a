package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;

import java.util.Objects;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;

import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;

/**
 * An A64 assembler: each method appends one instruction, a 32-bit word stored little-endian, to a
 * growable buffer. It knows encodings, not programs: no register allocation, no IR, no HotSpot.
 * Registers are JVMCI's: {@link AArch64#r0} ... {@link AArch64#r30}, {@link AArch64#zr} and
 * {@link AArch64#sp} (both register number 31: each operand accepts only the one it means),
 * {@link AArch64#v0} ... {@link AArch64#v31} for scalar floating point.
 *
 * <p>Operand order is the Arm assembler's: destination first. Integer operations take their width
 * as {@code int size}, 32 (W registers) or 64 (X registers); floating-point ones 32 (S) or 64 (D);
 * loads and stores the access size in bits (8, 16, 32, 64). Every method checks its operands (register
 * kind, width, immediate range, scaled-offset alignment) and throws {@link IllegalArgumentException}
 * for what the form cannot encode; nothing is truncated or wrapped silently.
 *
 * <p>Choices where the form is free are deterministic: the scaled offset over the unscaled one, the
 * shortest {@link #mov(int, Register, long)} sequence. Forms that a later step patches have fixed
 * sizes and return their position ({@link #movImm48Fixed}, {@link #movImm64Fixed},
 * {@link #emitBlPlaceholder}, {@link #emitBPlaceholder}).
 */
public final class Aarch64Assembler extends Assembler {
    /** {@code b}/{@code bl} reach {@code [-BRANCH_RANGE, BRANCH_RANGE - 4]} from the instruction: 128 MiB. */
    public static final int BRANCH_RANGE = 128 << 20;
    /** {@code b.cond}, {@code cbz}/{@code cbnz}, {@code ldr} (literal), {@code adr}: 1 MiB. */
    public static final int CONDITIONAL_BRANCH_RANGE = 1 << 20;
    /** {@code tbz}/{@code tbnz}: 32 KiB. */
    public static final int TEST_BRANCH_RANGE = 32 << 10;

    private static final int NOP = 0xD503201F;


    public Aarch64Assembler() {
        this(256);
    }

    public Aarch64Assembler(int initialCapacity) {
        super(initialCapacity);
    }

    // ==========================================================================================
    // Buffer

    /** The 32-bit word at {@code position} (a multiple of 4). */
    public int intAt(int position) {
        checkWordPosition(position);
        return getInt(position);
    }

    private void checkWordPosition(int position) {
        Objects.checkFromIndexSize(position, 4, position());
        if ((position & 3) != 0) {
            throw new IllegalArgumentException("instruction positions are multiples of 4, not " + position);
        }
    }

    /** Pads with {@code nop}s until the position is a multiple of {@code alignment} (a power of two). */
    @Override
    public void align(int alignment) {
        if (alignment <= 0 || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two: " + alignment);
        }
        while ((position() & (alignment - 1)) != 0) {
            nop();
        }
    }

    // ==========================================================================================
    // Operand checks

    /** The {@code sf} bit: 0 for 32, 1 for 64. */
    private static int sf(int size) {
        if (size == 64) {
            return 1;
        }
        if (size == 32) {
            return 0;
        }
        throw new IllegalArgumentException("size must be 32 or 64 bits, not " + size);
    }

    /** The floating-point {@code ftype}: 00 single, 01 double. */
    private static int ftype(int size) {
        if (size == 32) {
            return 0;
        }
        if (size == 64) {
            return 1;
        }
        throw new IllegalArgumentException("floating-point size must be 32 (s) or 64 (d) bits, not " + size);
    }

    private static int rz(Register r, String role) {
        return Registers.zrForm(r, role);
    }

    private static int rs(Register r, String role) {
        return Registers.spForm(r, role);
    }

    private static int v(Register r, String role) {
        return Registers.simd(r, role);
    }

    private static int checkRange(String what, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + " must be in " + min + ".." + max + ", not " + value);
        }
        return (int) value;
    }

    private static int shiftAmount(int size, int amount) {
        return checkRange("shift amount", amount, 0, size - 1);
    }

    private static Condition cond(Condition c) {
        return Assembler.nonNull(c, "condition");
    }

    // ==========================================================================================
    // Static queries for instruction selection

    /** {@code add/sub/cmp/cmn} (immediate): {@code 0..4095}, or a multiple of 4096 up to {@code 4095 << 12}. */
    public static boolean isArithmeticImmediate(long imm) {
        return (imm >= 0 && imm <= 0xFFF) || (imm > 0 && imm <= 0xFFF000 && (imm & 0xFFF) == 0);
    }

    /** {@code and/orr/eor/ands/tst} (immediate): see {@link LogicalImmediate}. */
    public static boolean isLogicalImmediate(long imm, int size) {
        return LogicalImmediate.isEncodable(imm, size);
    }

    /**
     * {@code fmov} (immediate): {@code +-n/16 * 2^r} with {@code n} in 16..31 and {@code r} in -3..4,
     * i.e. 0.125 .. 31.0 with four fraction bits (1.0, 0.5, 2.5, -1.75, 31.0; not 0.0). A float value
     * fits exactly when its double does.
     */
    public static boolean isFpImmediate(double value) {
        return fpImm8(value) >= 0;
    }

    /** The 8-bit {@code a:b:cdefgh} of {@code fmov} (immediate), or -1. */
    private static int fpImm8(double value) {
        long bits = Double.doubleToRawLongBits(value);
        if ((bits & 0x0000_FFFF_FFFF_FFFFL) != 0) {
            return -1;
        }
        // Exponent NOT(b):b:b:b:b:b:b:b:b:c:d; the top nine bits must be 100000000 or 011111111.
        int top9 = (int) (bits >>> 54) & 0x1FF;
        if (top9 != 0b1_0000_0000 && top9 != 0b0_1111_1111) {
            return -1;
        }
        return (int) (bits >>> 63) << 7 | (top9 & 1) << 6 | (int) (bits >>> 48) & 0x3F;
    }

    // ==========================================================================================
    // Add / subtract

    private static final int ADD = 0;
    private static final int SUB = 1;

    private void addSubShifted(int size, int op, int s, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        int sf = sf(size);
        Assembler.nonNull(shift, "shift");
        if (rd == sp || rn == sp) {
            // GNU as does the same: with sp only the extended-register form exists, and its
            // uxtx/uxtw with an amount of 0..4 is the plain lsl.
            if (shift != ShiftType.LSL || amount < 0 || amount > 4) {
                throw new IllegalArgumentException("with sp as an operand only lsl #0..4 is encodable (extended-register form), not "
                        + shift.mnemonic() + " #" + amount);
            }
            addSubExtended(size, op, s, rd, rn, rm, size == 64 ? ExtendType.UXTX : ExtendType.UXTW, amount);
            return;
        }
        if (shift == ShiftType.ROR) {
            throw new IllegalArgumentException("add/sub cannot shift by ror");
        }
        shiftAmount(size, amount);
        emitInt(sf << 31 | op << 30 | s << 29 | 0b01011 << 24 | shift.ordinal() << 22 | rz(rm, "rm") << 16 | amount << 10
                | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    private void addSubExtended(int size, int op, int s, Register rd, Register rn, Register rm, ExtendType extend, int shift) {
        int sf = sf(size);
        Assembler.nonNull(extend, "extend");
        checkRange("extend shift", shift, 0, 4);
        int d = s == 1 ? rz(rd, "rd of a flag-setting add/sub") : rs(rd, "rd");
        emitInt(sf << 31 | op << 30 | s << 29 | 0b01011001 << 21 | rz(rm, "rm") << 16 | extend.option() << 13 | shift << 10
                | rs(rn, "rn") << 5 | d);
    }

    private void addSubImmediate(int size, int op, int s, Register rd, Register rn, long imm) {
        int sf = sf(size);
        if (!isArithmeticImmediate(imm)) {
            throw new IllegalArgumentException("add/sub immediate must be 0..4095 or a multiple of 4096 up to 0xfff000, not " + imm
                    + (imm < 0 && isArithmeticImmediate(-imm) ? " (use the opposite operation with " + (-imm) + ")" : ""));
        }
        int sh = imm > 0xFFF ? 1 : 0;
        int imm12 = (int) (sh == 1 ? imm >>> 12 : imm);
        int d = s == 1 ? rz(rd, "rd of a flag-setting add/sub") : rs(rd, "rd");
        emitInt(sf << 31 | op << 30 | s << 29 | 0b100010 << 23 | sh << 22 | imm12 << 10 | rs(rn, "rn") << 5 | d);
    }

    /** {@code add rd, rn, rm}; with sp as rd or rn the extended-register form ({@code add sp, x1, x2}). */
    public void add(int size, Register rd, Register rn, Register rm) {
        addSubShifted(size, ADD, 0, rd, rn, rm, ShiftType.LSL, 0);
    }

    /** {@code add rd, rn, rm, shift #amount} (lsl, lsr, asr; amount below size). */
    public void add(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        addSubShifted(size, ADD, 0, rd, rn, rm, shift, amount);
    }

    /** {@code add rd|sp, rn|sp, rm, extend #shift} (shift 0..4; a W rm unless uxtx/sxtx). */
    public void add(int size, Register rd, Register rn, Register rm, ExtendType extend, int shift) {
        addSubExtended(size, ADD, 0, rd, rn, rm, extend, shift);
    }

    /** {@code add rd|sp, rn|sp, #imm} ({@link #isArithmeticImmediate}). */
    public void add(int size, Register rd, Register rn, long imm) {
        addSubImmediate(size, ADD, 0, rd, rn, imm);
    }

    public void adds(int size, Register rd, Register rn, Register rm) {
        addSubShifted(size, ADD, 1, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void adds(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        addSubShifted(size, ADD, 1, rd, rn, rm, shift, amount);
    }

    public void adds(int size, Register rd, Register rn, Register rm, ExtendType extend, int shift) {
        addSubExtended(size, ADD, 1, rd, rn, rm, extend, shift);
    }

    public void adds(int size, Register rd, Register rn, long imm) {
        addSubImmediate(size, ADD, 1, rd, rn, imm);
    }

    public void sub(int size, Register rd, Register rn, Register rm) {
        addSubShifted(size, SUB, 0, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void sub(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        addSubShifted(size, SUB, 0, rd, rn, rm, shift, amount);
    }

    public void sub(int size, Register rd, Register rn, Register rm, ExtendType extend, int shift) {
        addSubExtended(size, SUB, 0, rd, rn, rm, extend, shift);
    }

    public void sub(int size, Register rd, Register rn, long imm) {
        addSubImmediate(size, SUB, 0, rd, rn, imm);
    }

    public void subs(int size, Register rd, Register rn, Register rm) {
        addSubShifted(size, SUB, 1, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void subs(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        addSubShifted(size, SUB, 1, rd, rn, rm, shift, amount);
    }

    public void subs(int size, Register rd, Register rn, Register rm, ExtendType extend, int shift) {
        addSubExtended(size, SUB, 1, rd, rn, rm, extend, shift);
    }

    public void subs(int size, Register rd, Register rn, long imm) {
        addSubImmediate(size, SUB, 1, rd, rn, imm);
    }

    /** {@code cmp rn, rm} = {@code subs zr, rn, rm}. */
    public void cmp(int size, Register rn, Register rm) {
        subs(size, zr, rn, rm);
    }

    public void cmp(int size, Register rn, Register rm, ShiftType shift, int amount) {
        subs(size, zr, rn, rm, shift, amount);
    }

    public void cmp(int size, Register rn, Register rm, ExtendType extend, int shift) {
        subs(size, zr, rn, rm, extend, shift);
    }

    public void cmp(int size, Register rn, long imm) {
        subs(size, zr, rn, imm);
    }

    /** {@code cmn rn, rm} = {@code adds zr, rn, rm}. */
    public void cmn(int size, Register rn, Register rm) {
        adds(size, zr, rn, rm);
    }

    public void cmn(int size, Register rn, Register rm, ShiftType shift, int amount) {
        adds(size, zr, rn, rm, shift, amount);
    }

    public void cmn(int size, Register rn, Register rm, ExtendType extend, int shift) {
        adds(size, zr, rn, rm, extend, shift);
    }

    public void cmn(int size, Register rn, long imm) {
        adds(size, zr, rn, imm);
    }

    /** {@code neg rd, rm} = {@code sub rd, zr, rm}. */
    public void neg(int size, Register rd, Register rm) {
        neg(size, rd, rm, ShiftType.LSL, 0);
    }

    public void neg(int size, Register rd, Register rm, ShiftType shift, int amount) {
        rz(rd, "rd of neg");
        sub(size, rd, zr, rm, shift, amount);
    }

    /** {@code negs rd, rm} = {@code subs rd, zr, rm}. */
    public void negs(int size, Register rd, Register rm) {
        negs(size, rd, rm, ShiftType.LSL, 0);
    }

    public void negs(int size, Register rd, Register rm, ShiftType shift, int amount) {
        subs(size, rd, zr, rm, shift, amount);
    }

    // ==========================================================================================
    // Logical

    private static final int AND = 0b00;
    private static final int ORR = 0b01;
    private static final int EOR = 0b10;
    private static final int ANDS = 0b11;

    private void logicalShifted(int size, int opc, int n, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        int sf = sf(size);
        Assembler.nonNull(shift, "shift");
        shiftAmount(size, amount);
        emitInt(sf << 31 | opc << 29 | 0b01010 << 24 | shift.ordinal() << 22 | n << 21 | rz(rm, "rm") << 16 | amount << 10
                | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    private void logicalImmediate(int size, int opc, Register rd, Register rn, long imm) {
        int sf = sf(size);
        int fields = LogicalImmediate.encode(imm, size);
        int d = opc == ANDS ? rz(rd, "rd of ands") : rs(rd, "rd");
        emitInt(sf << 31 | opc << 29 | 0b100100 << 23 | fields << 10 | rz(rn, "rn") << 5 | d);
    }

    public void and(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, AND, 0, rd, rn, rm, ShiftType.LSL, 0);
    }

    /** {@code and rd, rn, rm, shift #amount} (lsl, lsr, asr, ror; amount below size); likewise the other logical operations. */
    public void and(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, AND, 0, rd, rn, rm, shift, amount);
    }

    /** {@code and rd|sp, rn, #imm} ({@link #isLogicalImmediate}). */
    public void and(int size, Register rd, Register rn, long imm) {
        logicalImmediate(size, AND, rd, rn, imm);
    }

    public void orr(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, ORR, 0, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void orr(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, ORR, 0, rd, rn, rm, shift, amount);
    }

    public void orr(int size, Register rd, Register rn, long imm) {
        logicalImmediate(size, ORR, rd, rn, imm);
    }

    public void eor(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, EOR, 0, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void eor(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, EOR, 0, rd, rn, rm, shift, amount);
    }

    public void eor(int size, Register rd, Register rn, long imm) {
        logicalImmediate(size, EOR, rd, rn, imm);
    }

    public void ands(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, ANDS, 0, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void ands(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, ANDS, 0, rd, rn, rm, shift, amount);
    }

    /** {@code ands rd, rn, #imm}: rd may be zr ({@link #tst}), not sp. */
    public void ands(int size, Register rd, Register rn, long imm) {
        logicalImmediate(size, ANDS, rd, rn, imm);
    }

    /** {@code bic rd, rn, rm} = {@code rn & ~rm}. */
    public void bic(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, AND, 1, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void bic(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, AND, 1, rd, rn, rm, shift, amount);
    }

    /** {@code orn rd, rn, rm} = {@code rn | ~rm}. */
    public void orn(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, ORR, 1, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void orn(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, ORR, 1, rd, rn, rm, shift, amount);
    }

    /** {@code eon rd, rn, rm} = {@code rn ^ ~rm}. */
    public void eon(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, EOR, 1, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void eon(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, EOR, 1, rd, rn, rm, shift, amount);
    }

    public void bics(int size, Register rd, Register rn, Register rm) {
        logicalShifted(size, ANDS, 1, rd, rn, rm, ShiftType.LSL, 0);
    }

    public void bics(int size, Register rd, Register rn, Register rm, ShiftType shift, int amount) {
        logicalShifted(size, ANDS, 1, rd, rn, rm, shift, amount);
    }

    /** {@code tst rn, rm} = {@code ands zr, rn, rm}. */
    public void tst(int size, Register rn, Register rm) {
        ands(size, zr, rn, rm);
    }

    public void tst(int size, Register rn, Register rm, ShiftType shift, int amount) {
        ands(size, zr, rn, rm, shift, amount);
    }

    public void tst(int size, Register rn, long imm) {
        ands(size, zr, rn, imm);
    }

    /** {@code mvn rd, rm} = {@code orn rd, zr, rm}. */
    public void mvn(int size, Register rd, Register rm) {
        orn(size, rd, zr, rm);
    }

    public void mvn(int size, Register rd, Register rm, ShiftType shift, int amount) {
        orn(size, rd, zr, rm, shift, amount);
    }

    /**
     * Register move: {@code orr rd, zr, rm}, or, when either is sp, {@code add rd, rn, #0}. A 32-bit
     * move clears the upper half of rd.
     */
    public void mov(int size, Register rd, Register rm) {
        if (rd == sp || rm == sp) {
            if (rd == zr || rm == zr) {
                throw new IllegalArgumentException("no single instruction moves between sp and zr");
            }
            add(size, rd, rm, 0);
        } else {
            orr(size, rd, zr, rm);
        }
    }

    // ==========================================================================================
    // Move wide and constants

    private static final int MOVN = 0b00;
    private static final int MOVZ = 0b10;
    private static final int MOVK = 0b11;

    private void moveWide(int size, int opc, Register rd, int imm16, int shift) {
        int sf = sf(size);
        checkRange("move-wide immediate", imm16, 0, 0xFFFF);
        if (shift < 0 || shift >= size || shift % 16 != 0) {
            throw new IllegalArgumentException("move-wide shift must be 0, 16" + (size == 64 ? ", 32 or 48" : "") + ", not " + shift);
        }
        emitInt(sf << 31 | opc << 29 | 0b100101 << 23 | (shift / 16) << 21 | imm16 << 5 | rz(rd, "rd"));
    }

    /** {@code movz rd, #imm16, lsl #shift}: rd = imm16 << shift (shift 0, 16, 32, 48). */
    public void movz(int size, Register rd, int imm16, int shift) {
        moveWide(size, MOVZ, rd, imm16, shift);
    }

    /** {@code movn rd, #imm16, lsl #shift}: rd = ~(imm16 << shift). */
    public void movn(int size, Register rd, int imm16, int shift) {
        moveWide(size, MOVN, rd, imm16, shift);
    }

    /** {@code movk rd, #imm16, lsl #shift}: replaces those 16 bits of rd. */
    public void movk(int size, Register rd, int imm16, int shift) {
        moveWide(size, MOVK, rd, imm16, shift);
    }

    /**
     * rd = imm with the fewest instructions this assembler knows: one {@code movz}, {@code movn} or
     * {@code orr rd, zr, #bitmask} when one does; for 64 bits an {@code orr} of a bitmask plus one
     * {@code movk} when that beats {@code movz}/{@code movn}; else {@code movz} (or {@code movn}, when
     * more halfwords are 0xffff than 0) and a {@code movk} per remaining halfword: at most 2
     * instructions for 32 bits, 4 for 64. A 32-bit imm may be given zero- or sign-extended.
     */
    public void mov(int size, Register rd, long imm) {
        sf(size);
        rz(rd, "rd");
        long value;
        if (size == 32) {
            if (imm != (int) imm && (imm >>> 32) != 0) {
                throw new IllegalArgumentException(String.format("0x%x does not fit 32 bits", imm));
            }
            value = imm & 0xFFFF_FFFFL;
        } else {
            value = imm;
        }
        int halves = size / 16;
        int zeros = 0;
        int ones = 0;
        for (int i = 0; i < halves; i++) {
            int h = half(value, i);
            zeros += h == 0 ? 1 : 0;
            ones += h == 0xFFFF ? 1 : 0;
        }
        if (zeros >= halves - 1) {
            int i = firstHalfNot(value, halves, 0);
            movz(size, rd, half(value, Math.max(i, 0)), 16 * Math.max(i, 0));
            return;
        }
        if (ones >= halves - 1) {
            int i = Math.max(firstHalfNot(value, halves, 0xFFFF), 0);
            movn(size, rd, ~half(value, i) & 0xFFFF, 16 * i);
            return;
        }
        if (LogicalImmediate.isEncodable(value, size)) {
            orr(size, rd, zr, value);
            return;
        }
        if (size == 64 && Math.max(zeros, ones) <= 1) {
            // movz/movn would take 3 or 4: try a bitmask that differs from value in one halfword.
            for (int i = 0; i < 4; i++) {
                for (int candidate : new int[] {half(value, (i + 1) & 3), half(value, (i + 2) & 3), half(value, (i + 3) & 3), 0, 0xFFFF}) {
                    long pattern = value & ~(0xFFFFL << (16 * i)) | (long) candidate << (16 * i);
                    if (LogicalImmediate.isEncodable(pattern, 64)) {
                        orr(64, rd, zr, pattern);
                        movk(64, rd, half(value, i), 16 * i);
                        return;
                    }
                }
            }
        }
        int skip = ones > zeros ? 0xFFFF : 0;
        boolean first = true;
        for (int i = 0; i < halves; i++) {
            int h = half(value, i);
            if (h == skip) {
                continue;
            }
            if (first) {
                if (skip == 0) {
                    movz(size, rd, h, 16 * i);
                } else {
                    movn(size, rd, ~h & 0xFFFF, 16 * i);
                }
                first = false;
            } else {
                movk(size, rd, h, 16 * i);
            }
        }
    }

    private static int half(long value, int i) {
        return (int) (value >>> (16 * i)) & 0xFFFF;
    }

    private static int firstHalfNot(long value, int halves, int h) {
        for (int i = 0; i < halves; i++) {
            if (half(value, i) != h) {
                return i;
            }
        }
        return -1;
    }

    /**
     * {@code movz rd, #v[15:0]; movk rd, #v[31:16], lsl #16; movk rd, #v[47:32], lsl #32}: always
     * three instructions, for a 48-bit address ({@code 0 <= value < 2^48}) that is patched later
     * ({@link #patchMovImm48Fixed}). Returns the position of the {@code movz}.
     */
    public int movImm48Fixed(Register rd, long value) {
        if ((value >>> 48) != 0) {
            throw new IllegalArgumentException(String.format("0x%x does not fit 48 bits", value));
        }
        int at = position();
        movz(64, rd, half(value, 0), 0);
        movk(64, rd, half(value, 1), 16);
        movk(64, rd, half(value, 2), 32);
        return at;
    }

    /** As {@link #movImm48Fixed}, for any 64-bit value: four instructions (a last {@code movk ..., lsl #48}). */
    public int movImm64Fixed(Register rd, long value) {
        int at = movImm48Fixed(rd, value & 0xFFFF_FFFF_FFFFL);
        movk(64, rd, half(value, 3), 48);
        return at;
    }

    /** Rewrites the value of a {@link #movImm48Fixed} sequence at {@code position}. */
    public void patchMovImm48Fixed(int position, long value) {
        if ((value >>> 48) != 0) {
            throw new IllegalArgumentException(String.format("0x%x does not fit 48 bits", value));
        }
        patchMoveWideSequence(position, 3, value);
    }

    /** Rewrites the value of a {@link #movImm64Fixed} sequence at {@code position}. */
    public void patchMovImm64Fixed(int position, long value) {
        patchMoveWideSequence(position, 4, value);
    }

    private void patchMoveWideSequence(int position, int count, long value) {
        checkWordPosition(position);
        if (position + 4 * count > position()) {
            throw new IllegalArgumentException("no movz/movk sequence of " + count + " at " + position + ": the code ends at " + position());
        }
        int rd = intAt(position) & 0x1F;
        for (int i = 0; i < count; i++) {
            int word = intAt(position + 4 * i);
            // 64-bit movz (i == 0) or movk with hw == i, writing the same register.
            int expected = (i == 0 ? 0xD2800000 : 0xF2800000) | i << 21 | rd;
            if ((word & 0xFFE0001F) != expected) {
                throw new IllegalArgumentException(String.format("no movz/movk sequence of %d at %d: word %d is %08x", count, position, i, word));
            }
            putInt(position + 4 * i, word & ~(0xFFFF << 5) | half(value, i) << 5);
        }
    }

    // ==========================================================================================
    // Multiply, divide, variable shifts

    private void dataProcessing3(int sf, int op31, int o0, Register rd, Register rn, Register rm, Register ra) {
        emitInt(sf << 31 | 0b11011 << 24 | op31 << 21 | rz(rm, "rm") << 16 | o0 << 15 | rz(ra, "ra") << 10 | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    /** {@code madd rd, rn, rm, ra}: rd = ra + rn * rm. */
    public void madd(int size, Register rd, Register rn, Register rm, Register ra) {
        dataProcessing3(sf(size), 0b000, 0, rd, rn, rm, ra);
    }

    /** {@code msub rd, rn, rm, ra}: rd = ra - rn * rm. */
    public void msub(int size, Register rd, Register rn, Register rm, Register ra) {
        dataProcessing3(sf(size), 0b000, 1, rd, rn, rm, ra);
    }

    public void mul(int size, Register rd, Register rn, Register rm) {
        madd(size, rd, rn, rm, zr);
    }

    /** {@code mneg rd, rn, rm}: rd = -(rn * rm). */
    public void mneg(int size, Register rd, Register rn, Register rm) {
        msub(size, rd, rn, rm, zr);
    }

    /** {@code smaddl xd, wn, wm, xa}: xd = xa + sext(wn) * sext(wm). */
    public void smaddl(Register rd, Register rn, Register rm, Register ra) {
        dataProcessing3(1, 0b001, 0, rd, rn, rm, ra);
    }

    public void smsubl(Register rd, Register rn, Register rm, Register ra) {
        dataProcessing3(1, 0b001, 1, rd, rn, rm, ra);
    }

    /** {@code umaddl xd, wn, wm, xa}: xd = xa + zext(wn) * zext(wm). */
    public void umaddl(Register rd, Register rn, Register rm, Register ra) {
        dataProcessing3(1, 0b101, 0, rd, rn, rm, ra);
    }

    public void umsubl(Register rd, Register rn, Register rm, Register ra) {
        dataProcessing3(1, 0b101, 1, rd, rn, rm, ra);
    }

    /** {@code smull xd, wn, wm}: the full 64-bit signed product of two 32-bit values. */
    public void smull(Register rd, Register rn, Register rm) {
        smaddl(rd, rn, rm, zr);
    }

    public void umull(Register rd, Register rn, Register rm) {
        umaddl(rd, rn, rm, zr);
    }

    /** {@code smulh xd, xn, xm}: the high 64 bits of the signed 128-bit product. */
    public void smulh(Register rd, Register rn, Register rm) {
        dataProcessing3(1, 0b010, 0, rd, rn, rm, zr);
    }

    public void umulh(Register rd, Register rn, Register rm) {
        dataProcessing3(1, 0b110, 0, rd, rn, rm, zr);
    }

    private void dataProcessing2(int size, int opcode, Register rd, Register rn, Register rm) {
        emitInt(sf(size) << 31 | 0x1AC00000 | rz(rm, "rm") << 16 | opcode << 10 | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    /** {@code sdiv rd, rn, rm}: signed, rounds toward zero; MIN / -1 gives MIN, x / 0 gives 0 (no trap). */
    public void sdiv(int size, Register rd, Register rn, Register rm) {
        dataProcessing2(size, 0b000011, rd, rn, rm);
    }

    public void udiv(int size, Register rd, Register rn, Register rm) {
        dataProcessing2(size, 0b000010, rd, rn, rm);
    }

    /** {@code lslv rd, rn, rm}: shift by rm modulo size (objdump prints {@code lsl}); as Java's {@code <<}. */
    public void lslv(int size, Register rd, Register rn, Register rm) {
        dataProcessing2(size, 0b001000, rd, rn, rm);
    }

    public void lsrv(int size, Register rd, Register rn, Register rm) {
        dataProcessing2(size, 0b001001, rd, rn, rm);
    }

    public void asrv(int size, Register rd, Register rn, Register rm) {
        dataProcessing2(size, 0b001010, rd, rn, rm);
    }

    public void rorv(int size, Register rd, Register rn, Register rm) {
        dataProcessing2(size, 0b001011, rd, rn, rm);
    }

    private void dataProcessing1(int sf, int opcode, Register rd, Register rn) {
        emitInt(sf << 31 | 0x5AC00000 | opcode << 10 | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    /** Count leading zeros. */
    public void clz(int size, Register rd, Register rn) {
        dataProcessing1(sf(size), 0b000100, rd, rn);
    }

    /** Count leading sign bits (excluding the sign bit itself). */
    public void cls(int size, Register rd, Register rn) {
        dataProcessing1(sf(size), 0b000101, rd, rn);
    }

    /** Reverse the bit order. */
    public void rbit(int size, Register rd, Register rn) {
        dataProcessing1(sf(size), 0b000000, rd, rn);
    }

    /** Reverse the byte order of the whole register. */
    public void rev(int size, Register rd, Register rn) {
        dataProcessing1(sf(size), size == 64 ? 0b000011 : 0b000010, rd, rn);
    }

    /** Reverse the bytes in each halfword. */
    public void rev16(int size, Register rd, Register rn) {
        dataProcessing1(sf(size), 0b000001, rd, rn);
    }

    /** Reverse the bytes in each word of an X register. */
    public void rev32(Register rd, Register rn) {
        dataProcessing1(1, 0b000010, rd, rn);
    }

    // ==========================================================================================
    // Bitfield, extract, shifts by immediate, extensions

    private static final int SBFM = 0b00;
    private static final int BFM = 0b01;
    private static final int UBFM = 0b10;

    private void bitfield(int size, int opc, Register rd, Register rn, int immr, int imms) {
        int sf = sf(size);
        checkRange("immr", immr, 0, size - 1);
        checkRange("imms", imms, 0, size - 1);
        emitInt(sf << 31 | opc << 29 | 0b100110 << 23 | sf << 22 | immr << 16 | imms << 10 | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    /** {@code ubfm rd, rn, #immr, #imms}: the raw unsigned bitfield move (see the aliases below). */
    public void ubfm(int size, Register rd, Register rn, int immr, int imms) {
        bitfield(size, UBFM, rd, rn, immr, imms);
    }

    public void sbfm(int size, Register rd, Register rn, int immr, int imms) {
        bitfield(size, SBFM, rd, rn, immr, imms);
    }

    public void bfm(int size, Register rd, Register rn, int immr, int imms) {
        bitfield(size, BFM, rd, rn, immr, imms);
    }

    /** Checks lsb/width of a bitfield alias: {@code 0 <= lsb}, {@code 1 <= width}, {@code lsb + width <= size}. */
    private static void checkField(int size, int lsb, int width) {
        sf(size);
        checkRange("lsb", lsb, 0, size - 1);
        checkRange("width", width, 1, size - lsb);
    }

    /** {@code lsl rd, rn, #amount} (0 .. size-1) = {@code ubfm rd, rn, #(-amount mod size), #(size-1-amount)}. */
    public void lsl(int size, Register rd, Register rn, int amount) {
        sf(size);
        shiftAmount(size, amount);
        ubfm(size, rd, rn, (size - amount) & (size - 1), size - 1 - amount);
    }

    /** {@code lsr rd, rn, #amount} = {@code ubfm rd, rn, #amount, #(size-1)}. */
    public void lsr(int size, Register rd, Register rn, int amount) {
        sf(size);
        ubfm(size, rd, rn, shiftAmount(size, amount), size - 1);
    }

    /** {@code asr rd, rn, #amount} = {@code sbfm rd, rn, #amount, #(size-1)}. */
    public void asr(int size, Register rd, Register rn, int amount) {
        sf(size);
        sbfm(size, rd, rn, shiftAmount(size, amount), size - 1);
    }

    /** {@code ror rd, rn, #amount} = {@code extr rd, rn, rn, #amount}. */
    public void ror(int size, Register rd, Register rn, int amount) {
        extr(size, rd, rn, rn, amount);
    }

    /** {@code extr rd, rn, rm, #lsb}: bits lsb .. lsb+size-1 of the concatenation rn:rm. */
    public void extr(int size, Register rd, Register rn, Register rm, int lsb) {
        int sf = sf(size);
        checkRange("lsb", lsb, 0, size - 1);
        emitInt(sf << 31 | 0b00100111 << 23 | sf << 22 | rz(rm, "rm") << 16 | lsb << 10 | rz(rn, "rn") << 5 | rz(rd, "rd"));
    }

    /** {@code ubfx rd, rn, #lsb, #width}: rd = width bits of rn from lsb, zero-extended. */
    public void ubfx(int size, Register rd, Register rn, int lsb, int width) {
        checkField(size, lsb, width);
        ubfm(size, rd, rn, lsb, lsb + width - 1);
    }

    /** {@code sbfx rd, rn, #lsb, #width}: rd = width bits of rn from lsb, sign-extended. */
    public void sbfx(int size, Register rd, Register rn, int lsb, int width) {
        checkField(size, lsb, width);
        sbfm(size, rd, rn, lsb, lsb + width - 1);
    }

    /** {@code ubfiz rd, rn, #lsb, #width}: the low width bits of rn placed at lsb, zeros elsewhere. */
    public void ubfiz(int size, Register rd, Register rn, int lsb, int width) {
        checkField(size, lsb, width);
        ubfm(size, rd, rn, (size - lsb) & (size - 1), width - 1);
    }

    /** {@code sbfiz rd, rn, #lsb, #width}: as {@link #ubfiz}, sign-extended above the field. */
    public void sbfiz(int size, Register rd, Register rn, int lsb, int width) {
        checkField(size, lsb, width);
        sbfm(size, rd, rn, (size - lsb) & (size - 1), width - 1);
    }

    /** {@code bfi rd, rn, #lsb, #width}: the low width bits of rn inserted into rd at lsb. */
    public void bfi(int size, Register rd, Register rn, int lsb, int width) {
        checkField(size, lsb, width);
        bfm(size, rd, rn, (size - lsb) & (size - 1), width - 1);
    }

    /** {@code bfxil rd, rn, #lsb, #width}: width bits of rn from lsb into the low bits of rd. */
    public void bfxil(int size, Register rd, Register rn, int lsb, int width) {
        checkField(size, lsb, width);
        bfm(size, rd, rn, lsb, lsb + width - 1);
    }

    /** {@code sxtb rd, wn}: sign-extend the low byte to 32 or 64 bits. */
    public void sxtb(int size, Register rd, Register rn) {
        sbfm(size, rd, rn, 0, 7);
    }

    public void sxth(int size, Register rd, Register rn) {
        sbfm(size, rd, rn, 0, 15);
    }

    /** {@code sxtw xd, wn}: int to long. */
    public void sxtw(Register rd, Register rn) {
        sbfm(64, rd, rn, 0, 31);
    }

    /** {@code uxtb wd, wn}: zero-extend the low byte (a W write clears the upper half too). */
    public void uxtb(Register rd, Register rn) {
        ubfm(32, rd, rn, 0, 7);
    }

    public void uxth(Register rd, Register rn) {
        ubfm(32, rd, rn, 0, 15);
    }

    // ==========================================================================================
    // Conditional select and compare

    private void condSelect(int size, int op, int op2, Register rd, Register rn, Register rm, Condition c) {
        emitInt(sf(size) << 31 | op << 30 | 0b11010100 << 21 | rz(rm, "rm") << 16 | cond(c).code() << 12 | op2 << 10 | rz(rn, "rn") << 5
                | rz(rd, "rd"));
    }

    /** {@code csel rd, rn, rm, cond}: rd = cond ? rn : rm. */
    public void csel(int size, Register rd, Register rn, Register rm, Condition cond) {
        condSelect(size, 0, 0b00, rd, rn, rm, cond);
    }

    /** rd = cond ? rn : rm + 1. */
    public void csinc(int size, Register rd, Register rn, Register rm, Condition cond) {
        condSelect(size, 0, 0b01, rd, rn, rm, cond);
    }

    /** rd = cond ? rn : ~rm. */
    public void csinv(int size, Register rd, Register rn, Register rm, Condition cond) {
        condSelect(size, 1, 0b00, rd, rn, rm, cond);
    }

    /** rd = cond ? rn : -rm. */
    public void csneg(int size, Register rd, Register rn, Register rm, Condition cond) {
        condSelect(size, 1, 0b01, rd, rn, rm, cond);
    }

    /** {@code cset rd, cond}: rd = cond ? 1 : 0 ({@code csinc rd, zr, zr, !cond}; not al). */
    public void cset(int size, Register rd, Condition cond) {
        csinc(size, rd, zr, zr, cond(cond).negate());
    }

    /** {@code csetm rd, cond}: rd = cond ? -1 : 0. */
    public void csetm(int size, Register rd, Condition cond) {
        csinv(size, rd, zr, zr, cond(cond).negate());
    }

    /** {@code cinc rd, rn, cond}: rd = cond ? rn + 1 : rn. */
    public void cinc(int size, Register rd, Register rn, Condition cond) {
        csinc(size, rd, rn, rn, cond(cond).negate());
    }

    /** {@code cinv rd, rn, cond}: rd = cond ? ~rn : rn. */
    public void cinv(int size, Register rd, Register rn, Condition cond) {
        csinv(size, rd, rn, rn, cond(cond).negate());
    }

    /** {@code cneg rd, rn, cond}: rd = cond ? -rn : rn. */
    public void cneg(int size, Register rd, Register rn, Condition cond) {
        csneg(size, rd, rn, rn, cond(cond).negate());
    }

    private void condCompare(int size, int op, Register rn, int rmOrImm, int immediate, int nzcv, Condition c) {
        checkRange("nzcv", nzcv, 0, 15);
        emitInt(sf(size) << 31 | op << 30 | 1 << 29 | 0b11010010 << 21 | rmOrImm << 16 | cond(c).code() << 12 | immediate << 11
                | rz(rn, "rn") << 5 | nzcv);
    }

    /** {@code ccmp rn, rm, #nzcv, cond}: flags = cond ? flags of (rn - rm) : nzcv. */
    public void ccmp(int size, Register rn, Register rm, int nzcv, Condition cond) {
        condCompare(size, 1, rn, rz(rm, "rm"), 0, nzcv, cond);
    }

    /** {@code ccmp rn, #imm5, #nzcv, cond} (imm5 0..31). */
    public void ccmp(int size, Register rn, int imm5, int nzcv, Condition cond) {
        condCompare(size, 1, rn, checkRange("ccmp immediate", imm5, 0, 31), 1, nzcv, cond);
    }

    /** {@code ccmn rn, rm, #nzcv, cond}: flags = cond ? flags of (rn + rm) : nzcv. */
    public void ccmn(int size, Register rn, Register rm, int nzcv, Condition cond) {
        condCompare(size, 0, rn, rz(rm, "rm"), 0, nzcv, cond);
    }

    public void ccmn(int size, Register rn, int imm5, int nzcv, Condition cond) {
        condCompare(size, 0, rn, checkRange("ccmn immediate", imm5, 0, 31), 1, nzcv, cond);
    }

    // ==========================================================================================
    // Loads and stores

    /**
     * The size, V and opc fields of a single-register load/store, as {@code size << 30 | V << 26 |
     * opc << 22}. {@code kind}: 0 store, 1 zero-extending load, 2 sign-extending load to 64, 3
     * sign-extending load to 32.
     */
    private static int accessFields(Register rt, int accessBits, int kind) {
        Assembler.nonNull(rt, "rt");
        int size = Integer.numberOfTrailingZeros(Address.accessBytes(accessBits));
        if (Registers.isSimd(rt)) {
            if (accessBits != 32 && accessBits != 64) {
                throw new IllegalArgumentException("floating-point loads and stores are 32 (s) or 64 (d) bits, not " + accessBits);
            }
            return size << 30 | 1 << 26 | kind << 22;
        }
        Registers.zrForm(rt, "rt");
        if (accessBits == 128 || (kind >= 2 && accessBits == 64) || (kind == 3 && accessBits == 32)) {
            throw new IllegalArgumentException((kind == 0 ? "store" : kind == 1 ? "load" : "sign-extending load") + " of " + accessBits
                    + " bits into " + (kind == 3 ? "a W register" : "a general register") + " does not exist");
        }
        return size << 30 | kind << 22;
    }

    /** One load or store with any {@link Address}: picks the scaled, unscaled, indexed or register form. */
    private void loadStore(String name, int fields, Register rt, Address a, int accessBits) {
        Assembler.nonNull(a, "address");
        int t = rt.encoding;
        int n = a.base().encoding;
        int bytes = Address.accessBytes(accessBits);
        if (a.writesBack() && Registers.isGpr(rt) && t == n && a.base() != sp) {
            throw new IllegalArgumentException(name + " with write-back to " + a.base() + " must not also transfer it (unpredictable)");
        }
        int base = 0b111 << 27 | fields | n << 5 | t;
        switch (a.mode()) {
            case OFFSET -> {
                long off = a.offset();
                if (Address.isScaledOffset(off, accessBits)) {
                    emitInt(base | 1 << 24 | (int) (off / bytes) << 10);
                } else if (Address.isUnscaledOffset(off)) {
                    emitInt(base | ((int) off & 0x1FF) << 12);
                } else {
                    throw new IllegalArgumentException(String.format("%s: offset %d of %s is not encodable for a %d-bit access: neither a multiple of %d in 0..%d nor in -256..255",
                            name, off, a, accessBits, bytes, 4095 * bytes));
                }
            }
            case PRE_INDEX, POST_INDEX -> {
                int off = checkRange(name + " pre/post-index offset", a.offset(), -256, 255);
                emitInt(base | (off & 0x1FF) << 12 | (a.mode() == Address.Mode.PRE_INDEX ? 0b11 : 0b01) << 10);
            }
            case REGISTER_OFFSET -> {
                int s = a.isScaled() ? 1 : 0;
                emitInt(base | 1 << 21 | a.index().encoding << 16 | a.extend().option() << 13 | s << 12 | 0b10 << 10);
            }
        }
    }

    /**
     * Load of {@code size} bits (8, 16, 32, 64) into a general register, zero-extended ({@code ldrb},
     * {@code ldrh}, {@code ldr wt}, {@code ldr xt}, or their {@code ldur} forms), or of 32/64 bits into
     * a floating-point register ({@code ldr st|dt}).
     */
    public void ldr(int size, Register rt, Address address) {
        loadStore("ldr", accessFields(rt, size, 1), rt, address, size);
    }

    /**
     * Sign-extending load of {@code memSize} bits into a {@code dstSize}-bit register: {@code ldrsb}
     * and {@code ldrsh} (to 32 or 64), {@code ldrsw} (to 64).
     */
    public void ldrs(int dstSize, int memSize, Register rt, Address address) {
        sf(dstSize);
        if (!Registers.isGpr(Assembler.nonNull(rt, "rt"))) {
            throw new IllegalArgumentException("sign-extending loads go to general registers, not " + rt);
        }
        loadStore("ldrs", accessFields(rt, memSize, dstSize == 64 ? 2 : 3), rt, address, memSize);
    }

    /** Store of the low {@code size} bits (8, 16, 32, 64) of a general register, or of an s/d register (32, 64). */
    public void str(int size, Register rt, Address address) {
        loadStore("str", accessFields(rt, size, 0), rt, address, size);
    }

    /**
     * {@code ldr wt|xt|st|dt, label}: a pc-relative literal load of {@code size} (32 or 64) bits, within
     * +-1 MiB; the label's position must be a multiple of 4.
     */
    public void ldr(int size, Register rt, Label literal) {
        sf(size);
        int opc = size == 64 ? 1 : 0;
        int word;
        if (Registers.isSimd(Assembler.nonNull(rt, "rt"))) {
            word = opc << 30 | 0b011 << 27 | 1 << 26 | rt.encoding;
        } else {
            word = opc << 30 | 0b011 << 27 | rz(rt, "rt");
        }
        emitPcRelative(word, literal);
    }

    private void pair(int load, int size, Register rt1, Register rt2, Address a) {
        Assembler.nonNull(rt1, "rt1");
        Assembler.nonNull(rt2, "rt2");
        Assembler.nonNull(a, "address");
        int opc;
        int vBit;
        if (Registers.isSimd(rt1)) {
            v(rt2, "rt2");
            opc = ftype(size);
            vBit = 1;
        } else {
            rz(rt1, "rt1");
            rz(rt2, "rt2");
            opc = sf(size) << 1;
            vBit = 0;
            if (a.writesBack() && a.base() != sp && (rt1.encoding == a.base().encoding || rt2.encoding == a.base().encoding)) {
                throw new IllegalArgumentException((load == 1 ? "ldp" : "stp") + " with write-back to " + a.base()
                        + " must not also transfer it (unpredictable)");
            }
        }
        if (load == 1 && rt1.encoding == rt2.encoding) {
            throw new IllegalArgumentException("ldp into the same register twice is unpredictable: " + rt1);
        }
        int mode = switch (a.mode()) {
            case POST_INDEX -> 0b001;
            case OFFSET -> 0b010;
            case PRE_INDEX -> 0b011;
            case REGISTER_OFFSET -> throw new IllegalArgumentException("ldp/stp take no index register: " + a);
        };
        if (!Address.isPairOffset(a.offset(), size)) {
            throw new IllegalArgumentException("ldp/stp offset must be a multiple of " + size / 8 + " in " + (-64 * size / 8) + ".." + (63 * size / 8)
                    + ", not " + a.offset());
        }
        int imm7 = (int) (a.offset() / (size / 8)) & 0x7F;
        emitInt(opc << 30 | 0b101 << 27 | vBit << 26 | mode << 23 | load << 22 | imm7 << 15 | rt2.encoding << 10 | a.base().encoding << 5 | rt1.encoding);
    }

    /** {@code ldp rt1, rt2, address}: two 32/64-bit general or s/d registers; offset, pre- or post-index. */
    public void ldp(int size, Register rt1, Register rt2, Address address) {
        pair(1, size, rt1, rt2, address);
    }

    public void stp(int size, Register rt1, Register rt2, Address address) {
        pair(0, size, rt1, rt2, address);
    }

    // ==========================================================================================
    // Atomics and ordering

    /** The size field of an exclusive/acquire/LSE access: 8, 16, 32, 64 bits. */
    private static int memSize(int bits) {
        return switch (bits) {
            case 8 -> 0;
            case 16 -> 1;
            case 32 -> 2;
            case 64 -> 3;
            default -> throw new IllegalArgumentException("access size must be 8, 16, 32 or 64 bits, not " + bits);
        };
    }

    private void exclusive(int size, int o2, int l, int o1, int o0, int s, Register rt, Register rn) {
        emitInt(memSize(size) << 30 | 0b001000 << 24 | o2 << 23 | l << 22 | o1 << 21 | s << 16 | o0 << 15 | 0b11111 << 10
                | rs(rn, "rn") << 5 | rz(rt, "rt"));
    }

    private void storeExclusive(int size, int o0, Register status, Register rt, Register rn) {
        int s = rz(status, "status register");
        if (s == rz(rt, "rt") || (s == rs(rn, "rn") && rn != sp)) {
            throw new IllegalArgumentException("the status register of a store-exclusive must differ from rt and rn (unpredictable)");
        }
        exclusive(size, 0, 0, 0, o0, s, rt, rn);
    }

    /** {@code ldar rt, [rn]}: load-acquire of 8/16/32/64 bits (zero-extended). */
    public void ldar(int size, Register rt, Register rn) {
        exclusive(size, 1, 1, 0, 1, 31, rt, rn);
    }

    /** {@code stlr rt, [rn]}: store-release. */
    public void stlr(int size, Register rt, Register rn) {
        exclusive(size, 1, 0, 0, 1, 31, rt, rn);
    }

    /** {@code ldxr rt, [rn]}: load-exclusive. */
    public void ldxr(int size, Register rt, Register rn) {
        exclusive(size, 0, 1, 0, 0, 31, rt, rn);
    }

    /** {@code ldaxr rt, [rn]}: load-acquire exclusive. */
    public void ldaxr(int size, Register rt, Register rn) {
        exclusive(size, 0, 1, 0, 1, 31, rt, rn);
    }

    /** {@code stxr ws, rt, [rn]}: store-exclusive; ws = 0 on success, 1 on failure. */
    public void stxr(int size, Register status, Register rt, Register rn) {
        storeExclusive(size, 0, status, rt, rn);
    }

    /** {@code stlxr ws, rt, [rn]}: store-release exclusive. */
    public void stlxr(int size, Register status, Register rt, Register rn) {
        storeExclusive(size, 1, status, rt, rn);
    }

    /** {@code ldapr rt, [rn]}: load-acquire RCpc (ARMv8.3). */
    public void ldapr(int size, Register rt, Register rn) {
        emitInt(memSize(size) << 30 | 0x38BFC000 | rs(rn, "rn") << 5 | rz(rt, "rt"));
    }

    /**
     * {@code cas{a|l|al}{b|h} rs, rt, [rn]} (LSE): if [rn] == rs then [rn] = rt; rs = the old value,
     * in one atomic access of {@code size} bits.
     */
    public void cas(int size, AtomicOrder order, Register rs, Register rt, Register rn) {
        Assembler.nonNull(order, "order");
        exclusive(size, 1, order.acquire ? 1 : 0, 1, order.release ? 1 : 0, rz(rs, "rs"), rt, rn);
    }

    public void cas(int size, Register rs, Register rt, Register rn) {
        cas(size, AtomicOrder.PLAIN, rs, rt, rn);
    }

    public void casa(int size, Register rs, Register rt, Register rn) {
        cas(size, AtomicOrder.ACQUIRE, rs, rt, rn);
    }

    public void casl(int size, Register rs, Register rt, Register rn) {
        cas(size, AtomicOrder.RELEASE, rs, rt, rn);
    }

    public void casal(int size, Register rs, Register rt, Register rn) {
        cas(size, AtomicOrder.ACQUIRE_RELEASE, rs, rt, rn);
    }

    /**
     * An LSE atomic memory operation {@code op{a|l|al}{b|h} rs, rt, [rn]}: rt = [rn]; [rn] = [rn] op
     * rs, atomically, on {@code size} bits. With rt = zr and no acquire it is the store form
     * ({@code stadd}, ...).
     */
    public void atomic(AtomicOp op, AtomicOrder order, int size, Register rs, Register rt, Register rn) {
        Assembler.nonNull(op, "op");
        Assembler.nonNull(order, "order");
        emitInt(memSize(size) << 30 | 0b111000 << 24 | (order.acquire ? 1 : 0) << 23 | (order.release ? 1 : 0) << 22 | 1 << 21
                | rz(rs, "rs") << 16 | op.o3 << 15 | op.opc << 12 | rs(rn, "rn") << 5 | rz(rt, "rt"));
    }

    /** {@code ldadd rs, rt, [rn]}: rt = [rn]; [rn] += rs. */
    public void ldadd(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDADD, AtomicOrder.PLAIN, size, rs, rt, rn);
    }

    public void ldaddal(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDADD, AtomicOrder.ACQUIRE_RELEASE, size, rs, rt, rn);
    }

    /** {@code swp rs, rt, [rn]}: rt = [rn]; [rn] = rs. */
    public void swp(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.SWP, AtomicOrder.PLAIN, size, rs, rt, rn);
    }

    public void swpal(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.SWP, AtomicOrder.ACQUIRE_RELEASE, size, rs, rt, rn);
    }

    /** {@code ldclr rs, rt, [rn]}: rt = [rn]; [rn] &= ~rs. */
    public void ldclr(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDCLR, AtomicOrder.PLAIN, size, rs, rt, rn);
    }

    public void ldclral(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDCLR, AtomicOrder.ACQUIRE_RELEASE, size, rs, rt, rn);
    }

    /** {@code ldset rs, rt, [rn]}: rt = [rn]; [rn] |= rs. */
    public void ldset(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDSET, AtomicOrder.PLAIN, size, rs, rt, rn);
    }

    public void ldsetal(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDSET, AtomicOrder.ACQUIRE_RELEASE, size, rs, rt, rn);
    }

    /** {@code ldeor rs, rt, [rn]}: rt = [rn]; [rn] ^= rs. */
    public void ldeor(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDEOR, AtomicOrder.PLAIN, size, rs, rt, rn);
    }

    public void ldeoral(int size, Register rs, Register rt, Register rn) {
        atomic(AtomicOp.LDEOR, AtomicOrder.ACQUIRE_RELEASE, size, rs, rt, rn);
    }

    /** Data memory barrier. */
    public void dmb(BarrierOption option) {
        emitInt(0xD50330BF | Assembler.nonNull(option, "option").crm << 8);
    }

    /** Data synchronization barrier. */
    public void dsb(BarrierOption option) {
        emitInt(0xD503309F | Assembler.nonNull(option, "option").crm << 8);
    }

    /** Instruction synchronization barrier (full system). */
    public void isb() {
        emitInt(0xD5033FDF);
    }

    // ==========================================================================================
    // Control flow

    /** {@code b label} (+-128 MiB). */
    public void b(Label target) {
        emitPcRelative(0x14000000, target);
    }

    /** {@code bl label} (+-128 MiB): call, return address in x30. */
    public void bl(Label target) {
        emitPcRelative(0x94000000, target);
    }

    /** {@code b.cond label} (+-1 MiB). */
    public void b(Condition cond, Label target) {
        emitPcRelative(0x54000000 | cond(cond).code(), target);
    }

    /** {@code b .} with a zero offset, for a relocation that a later step fills in ({@link #patchBranch}); returns its position. */
    public int emitBPlaceholder() {
        int at = position();
        emitInt(0x14000000);
        return at;
    }

    /** {@code bl .} with a zero offset, for a call site that is relocated later; returns its position. */
    public int emitBlPlaceholder() {
        int at = position();
        emitInt(0x94000000);
        return at;
    }

    /** {@code cbz rt, label} (+-1 MiB): branch if the 32/64-bit rt is zero. */
    public void cbz(int size, Register rt, Label target) {
        emitPcRelative(sf(size) << 31 | 0x34000000 | rz(rt, "rt"), target);
    }

    public void cbnz(int size, Register rt, Label target) {
        emitPcRelative(sf(size) << 31 | 0x35000000 | rz(rt, "rt"), target);
    }

    private void testBranch(int op, Register rt, int bit, Label target) {
        checkRange("bit", bit, 0, 63);
        emitPcRelative((bit >>> 5) << 31 | 0x36000000 | op << 24 | (bit & 31) << 19 | rz(rt, "rt"), target);
    }

    /** {@code tbz rt, #bit, label} (+-32 KiB): branch if bit (0..63) of rt is zero; W register syntax below bit 32. */
    public void tbz(Register rt, int bit, Label target) {
        testBranch(0, rt, bit, target);
    }

    public void tbnz(Register rt, int bit, Label target) {
        testBranch(1, rt, bit, target);
    }

    /** {@code br xn}: jump to the address in xn. */
    public void br(Register rn) {
        emitInt(0xD61F0000 | rz(rn, "rn") << 5);
    }

    /** {@code blr xn}: call the address in xn. */
    public void blr(Register rn) {
        emitInt(0xD63F0000 | rz(rn, "rn") << 5);
    }

    /** {@code ret}: return to x30. */
    public void ret() {
        ret(AArch64.lr);
    }

    public void ret(Register rn) {
        emitInt(0xD65F0000 | rz(rn, "rn") << 5);
    }

    /** {@code adr xd, label} (+-1 MiB): xd = the label's address. */
    public void adr(Register rd, Label target) {
        emitPcRelative(0x10000000 | rz(rd, "rd"), target);
    }

    /** {@code adr xd, #offset}: xd = this instruction's address + offset (+-1 MiB). */
    public void adr(Register rd, int offset) {
        checkRange("adr offset", offset, -CONDITIONAL_BRANCH_RANGE, CONDITIONAL_BRANCH_RANGE - 1);
        emitInt(PcRelative.ADR21.insert(0x10000000 | rz(rd, "rd"), offset));
    }

    /**
     * {@code adrp xd, #offset}: xd = (this instruction's address & ~0xfff) + offset, where offset is a
     * multiple of 4096 within +-4 GiB. There is no label form: the page distance depends on where the
     * code is finally placed, which the caller must know.
     */
    public void adrp(Register rd, long offset) {
        if ((offset & 0xFFF) != 0 || offset < -(1L << 32) || offset > (1L << 32) - 4096) {
            throw new IllegalArgumentException("adrp offset must be a multiple of 4096 in -4 GiB..4 GiB-4096, not " + offset);
        }
        emitInt(PcRelative.ADR21.insert(0x90000000 | rz(rd, "rd"), (int) (offset >> 12)));
    }

    /** {@code brk #imm16}: breakpoint exception. */
    public void brk(int imm16) {
        emitInt(0xD4200000 | checkRange("brk immediate", imm16, 0, 0xFFFF) << 5);
    }

    /** {@code udf #imm16}: permanently undefined; raises an illegal-instruction exception. */
    public void udf(int imm16) {
        emitInt(checkRange("udf immediate", imm16, 0, 0xFFFF));
    }

    /** {@code hint #imm7}: a hint-space instruction (0 nop, 1 yield, ...); unknown hints execute as nops. */
    public void hint(int imm7) {
        emitInt(NOP | checkRange("hint immediate", imm7, 0, 0x7F) << 5);
    }

    public void nop() {
        emitInt(NOP);
    }

    /** {@code yield} (hint #1): this thread is spinning. Call it as {@code asm.yield()}. */
    public void yield() {
        hint(1);
    }

    // ==========================================================================================
    // Labels and pc-relative fields

    /** Every instruction waiting for {@code label} must reach the current position: checked before it is bound. */
    @Override
    protected void checkReferences(Label label, int[] references) {
        for (int at : references) {
            checkReach(intAt(at), at, position(), label);
        }
    }

    @Override
    protected void patchReferences(Label label, int[] references) {
        for (int at : references) {
            putInt(at, PcRelative.of(intAt(at)).insertOffset(intAt(at), label.position() - at));
        }
    }

    private void emitPcRelative(int word, Label target) {
        int at = position();
        int bound = resolve(target, at);
        if (bound >= 0) {
            checkReach(word, at, bound, target);
            emitInt(PcRelative.of(word).insertOffset(word, bound - at));
        } else {
            emitInt(word);
        }
    }

    private static void checkReach(int word, int at, int targetPosition, Label target) {
        PcRelative kind = PcRelative.of(word);
        long offset = (long) targetPosition - at;
        if (!kind.reaches(offset)) {
            throw new BranchOutOfRangeException(String.format("%s at 0x%x cannot reach %s: offset %d is outside %s", kind.describe(word), at,
                    target, offset, kind.range));
        }
    }

    /**
     * Points the pc-relative instruction at {@code position} ({@code b}, {@code bl}, {@code b.cond},
     * {@code cbz}/{@code cbnz}, {@code tbz}/{@code tbnz}, {@code ldr} literal, {@code adr}) at
     * {@code target}, a position in (or beyond) this code. Refuses targets out of the instruction's
     * reach or not word-aligned.
     */
    public void patchBranch(int position, int target) {
        checkWordPosition(position);
        int word = intAt(position);
        PcRelative kind = PcRelative.of(word);
        long offset = (long) target - position;
        if (!kind.reaches(offset)) {
            throw new IllegalArgumentException(String.format("%s at 0x%x cannot reach 0x%x: offset %d is outside %s", kind.describe(word), position,
                    target, offset, kind.range));
        }
        putInt(position, kind.insertOffset(word, (int) offset));
    }

    /** The pc-relative offset fields: where they are, their reach, how they are scaled. */
    private enum PcRelative {
        BRANCH26(26, 0, "+-128 MiB"),
        BRANCH19(19, 5, "+-1 MiB"),
        TEST14(14, 5, "+-32 KiB"),
        ADR21(21, -1, "+-1 MiB");

        final int bits;
        final int lsb;
        final String range;

        PcRelative(int bits, int lsb, String range) {
            this.bits = bits;
            this.lsb = lsb;
            this.range = range;
        }

        static PcRelative of(int word) {
            if ((word & 0x7C000000) == 0x14000000) {
                return BRANCH26;
            }
            if ((word & 0xFF000010) == 0x54000000 || (word & 0x7E000000) == 0x34000000 || (word & 0x3B000000) == 0x18000000) {
                return BRANCH19;
            }
            if ((word & 0x7E000000) == 0x36000000) {
                return TEST14;
            }
            if ((word & 0x9F000000) == 0x10000000) {
                return ADR21;
            }
            throw new IllegalArgumentException(String.format("%08x is not a pc-relative branch, literal load or adr", word));
        }

        boolean reaches(long offset) {
            if (this == ADR21) {
                return offset >= -(1L << 20) && offset < (1L << 20);
            }
            long limit = 1L << (bits + 1);
            return (offset & 3) == 0 && offset >= -limit && offset < limit;
        }

        int insertOffset(int word, int offset) {
            return insert(word, this == ADR21 ? offset : offset >> 2);
        }

        /** Puts {@code imm} (already scaled) into the field, two's complement, truncated to the field's width. */
        int insert(int word, int imm) {
            if (this == ADR21) {
                return word & ~(0x3 << 29 | 0x7FFFF << 5) | (imm & 0x3) << 29 | ((imm >> 2) & 0x7FFFF) << 5;
            }
            int mask = (1 << bits) - 1;
            return word & ~(mask << lsb) | (imm & mask) << lsb;
        }

        String describe(int word) {
            return switch (this) {
                case BRANCH26 -> word < 0 ? "bl" : "b";
                case BRANCH19 -> (word & 0xFF000010) == 0x54000000 ? "b.cond" : (word & 0x7E000000) == 0x34000000 ? "cbz/cbnz" : "ldr (literal)";
                case TEST14 -> "tbz/tbnz";
                case ADR21 -> "adr";
            };
        }
    }

    // ==========================================================================================
    // Floating point (scalar)

    private void fp2(int size, int opcode, Register rd, Register rn, Register rm) {
        emitInt(0x1E200800 | ftype(size) << 22 | v(rm, "rm") << 16 | opcode << 12 | v(rn, "rn") << 5 | v(rd, "rd"));
    }

    public void fmul(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0000, rd, rn, rm);
    }

    public void fdiv(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0001, rd, rn, rm);
    }

    public void fadd(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0010, rd, rn, rm);
    }

    public void fsub(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0011, rd, rn, rm);
    }

    /** {@code fmax}: NaN if either is NaN (Java's {@code Math.max} semantics for NaN; +0.0 > -0.0). */
    public void fmax(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0100, rd, rn, rm);
    }

    public void fmin(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0101, rd, rn, rm);
    }

    /** {@code fmaxnm}: IEEE maxNum, a quiet NaN loses to a number. */
    public void fmaxnm(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0110, rd, rn, rm);
    }

    public void fminnm(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b0111, rd, rn, rm);
    }

    /** {@code fnmul}: -(rn * rm). */
    public void fnmul(int size, Register rd, Register rn, Register rm) {
        fp2(size, 0b1000, rd, rn, rm);
    }

    private void fp1(int size, int opcode, Register rd, Register rn) {
        emitInt(0x1E204000 | ftype(size) << 22 | opcode << 15 | v(rn, "rn") << 5 | v(rd, "rd"));
    }

    public void fabs(int size, Register rd, Register rn) {
        fp1(size, 0b000001, rd, rn);
    }

    public void fneg(int size, Register rd, Register rn) {
        fp1(size, 0b000010, rd, rn);
    }

    public void fsqrt(int size, Register rd, Register rn) {
        fp1(size, 0b000011, rd, rn);
    }

    /** {@code cnt vd.8b, vn.8b}: the one bits of each of the low 8 bytes (the upper 64 bits of vd zeroed). */
    public void cnt8b(Register vd, Register vn) {
        emitInt(0x0E205800 | v(vn, "vn") << 5 | v(vd, "vd"));
    }

    /** {@code addv bd, vn.8b}: the sum of the low 8 bytes, into the low byte of vd (the rest zeroed). */
    public void addv8b(Register vd, Register vn) {
        emitInt(0x0E31B800 | v(vn, "vn") << 5 | v(vd, "vd"));
    }

    /** Round to nearest, ties to even ({@code Math.rint}). */
    public void frintn(int size, Register rd, Register rn) {
        fp1(size, 0b001000, rd, rn);
    }

    /** Round toward +infinity ({@code Math.ceil}). */
    public void frintp(int size, Register rd, Register rn) {
        fp1(size, 0b001001, rd, rn);
    }

    /** Round toward -infinity ({@code Math.floor}). */
    public void frintm(int size, Register rd, Register rn) {
        fp1(size, 0b001010, rd, rn);
    }

    /** Round toward zero. */
    public void frintz(int size, Register rd, Register rn) {
        fp1(size, 0b001011, rd, rn);
    }

    /** {@code fcvt}: between single (32) and double (64) precision. */
    public void fcvt(int dstSize, int srcSize, Register rd, Register rn) {
        int dst = ftype(dstSize);
        ftype(srcSize);
        if (dstSize == srcSize) {
            throw new IllegalArgumentException("fcvt converts between different precisions, not " + srcSize + " to " + dstSize);
        }
        // opcode 0001 opc: opc is the destination's type.
        fp1(srcSize, 0b000100 | dst, rd, rn);
    }

    private void fp3(int size, int o1, int o0, Register rd, Register rn, Register rm, Register ra) {
        emitInt(0x1F000000 | ftype(size) << 22 | o1 << 21 | v(rm, "rm") << 16 | o0 << 15 | v(ra, "ra") << 10 | v(rn, "rn") << 5 | v(rd, "rd"));
    }

    /** {@code fmadd rd, rn, rm, ra}: ra + rn * rm, fused (one rounding, {@code Math.fma}). */
    public void fmadd(int size, Register rd, Register rn, Register rm, Register ra) {
        fp3(size, 0, 0, rd, rn, rm, ra);
    }

    /** {@code fmsub}: ra - rn * rm, fused. */
    public void fmsub(int size, Register rd, Register rn, Register rm, Register ra) {
        fp3(size, 0, 1, rd, rn, rm, ra);
    }

    /** {@code fnmadd}: -ra - rn * rm, fused. */
    public void fnmadd(int size, Register rd, Register rn, Register rm, Register ra) {
        fp3(size, 1, 0, rd, rn, rm, ra);
    }

    /** {@code fnmsub}: -ra + rn * rm, fused. */
    public void fnmsub(int size, Register rd, Register rn, Register rm, Register ra) {
        fp3(size, 1, 1, rd, rn, rm, ra);
    }

    private void fpInt(int sf, int ftype, int rmode, int opcode, int rd, int rn) {
        emitInt(sf << 31 | 0x1E200000 | ftype << 22 | rmode << 19 | opcode << 16 | rn << 5 | rd);
    }

    /**
     * {@code fmov}: between two s/d registers, or the raw bits between a general and a floating-point
     * register of the same width ({@code fmov s, w}, {@code fmov x, d}, either direction; the general
     * side may be zr).
     */
    public void fmov(int size, Register rd, Register rn) {
        Assembler.nonNull(rd, "rd");
        Assembler.nonNull(rn, "rn");
        boolean dFp = Registers.isSimd(rd);
        boolean nFp = Registers.isSimd(rn);
        if (dFp && nFp) {
            fp1(size, 0b000000, rd, rn);
        } else if (dFp) {
            fpInt(sf(size), ftype(size), 0b00, 0b111, rd.encoding, rz(rn, "rn"));
        } else if (nFp) {
            fpInt(sf(size), ftype(size), 0b00, 0b110, rz(rd, "rd"), rn.encoding);
        } else {
            throw new IllegalArgumentException("fmov needs a floating-point register; use mov for " + rd + ", " + rn);
        }
    }

    /** {@code fmov sd|dd, #value}: only values with {@link #isFpImmediate}; a 32-bit value must also be a float exactly. */
    public void fmov(int size, Register rd, double value) {
        int type = ftype(size);
        int imm8 = fpImm8(value);
        if (imm8 < 0 || (size == 32 && (float) value != value)) {
            throw new IllegalArgumentException(value + " is not an fmov immediate (+-n/16 * 2^r, n in 16..31, r in -3..4)");
        }
        emitInt(0x1E201000 | type << 22 | imm8 << 13 | v(rd, "rd"));
    }

    private void fcompare(int size, int opc2, Register rn, Register rm) {
        emitInt(0x1E202000 | ftype(size) << 22 | (rm == null ? 0 : v(rm, "rm")) << 16 | v(rn, "rn") << 5 | opc2);
    }

    /** {@code fcmp rn, rm}: quiet compare (only a signalling NaN raises Invalid). */
    public void fcmp(int size, Register rn, Register rm) {
        fcompare(size, 0b00000, rn, Assembler.nonNull(rm, "rm"));
    }

    /** {@code fcmp rn, #0.0}. */
    public void fcmpZero(int size, Register rn) {
        fcompare(size, 0b01000, rn, null);
    }

    /** {@code fcmpe rn, rm}: signalling compare (any NaN raises Invalid). */
    public void fcmpe(int size, Register rn, Register rm) {
        fcompare(size, 0b10000, rn, Assembler.nonNull(rm, "rm"));
    }

    public void fcmpeZero(int size, Register rn) {
        fcompare(size, 0b11000, rn, null);
    }

    /** {@code fcsel rd, rn, rm, cond}: rd = cond ? rn : rm. */
    public void fcsel(int size, Register rd, Register rn, Register rm, Condition cond) {
        emitInt(0x1E200C00 | ftype(size) << 22 | v(rm, "rm") << 16 | cond(cond).code() << 12 | v(rn, "rn") << 5 | v(rd, "rd"));
    }

    /**
     * {@code fcvtzs wd|xd, sn|dn}: to a signed integer, rounding toward zero, saturating; NaN gives 0.
     * Exactly Java's {@code (int)}/{@code (long)} casts.
     */
    public void fcvtzs(int dstSize, int srcSize, Register rd, Register rn) {
        fpInt(sf(dstSize), ftype(srcSize), 0b11, 0b000, rz(rd, "rd"), v(rn, "rn"));
    }

    /** {@code fcvtzu}: to an unsigned integer, rounding toward zero, saturating. */
    public void fcvtzu(int dstSize, int srcSize, Register rd, Register rn) {
        fpInt(sf(dstSize), ftype(srcSize), 0b11, 0b001, rz(rd, "rd"), v(rn, "rn"));
    }

    /** {@code scvtf sd|dd, wn|xn}: from a signed integer, rounding to nearest. */
    public void scvtf(int dstSize, int srcSize, Register rd, Register rn) {
        fpInt(sf(srcSize), ftype(dstSize), 0b00, 0b010, v(rd, "rd"), rz(rn, "rn"));
    }

    /** {@code ucvtf}: from an unsigned integer. */
    public void ucvtf(int dstSize, int srcSize, Register rd, Register rn) {
        fpInt(sf(srcSize), ftype(dstSize), 0b00, 0b011, v(rd, "rd"), rz(rn, "rn"));
    }
}
