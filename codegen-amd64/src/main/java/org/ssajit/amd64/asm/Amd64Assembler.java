package org.ssajit.amd64.asm;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.asm.OperandSize.WORD;

import java.util.Arrays;
import java.util.Objects;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;

import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;

/**
 * An x86-64 assembler: each method appends one instruction's bytes to a growable buffer. It knows
 * encodings, not programs: no register allocation, no IR, no HotSpot. Registers are JVMCI's
 * ({@link AMD64#rax} ... {@link AMD64#r15}, {@link AMD64#xmm0} ... {@link AMD64#xmm15}).
 *
 * <p>Choices are deterministic and, where the form is free, the shortest: {@code disp8} when a
 * displacement fits, an 8-bit immediate when it fits after sign-extension, the accumulator forms for
 * {@code rax}, rel8 for a backward jump that fits. Forms that a later step patches have fixed sizes
 * and say so ({@link #movabs}, {@link #cmpDwordImm32}, {@link #emitCallRel32Placeholder}).
 *
 * <p>Operand order is Intel's: destination first. Integer methods take an {@link OperandSize};
 * a {@link OperandSize#QWORD} immediate is an {@code int} the CPU sign-extends to 64 bits.
 */
public final class Amd64Assembler extends Assembler {
    private static final int REX = 0x40;
    private static final int OPERAND_SIZE_PREFIX = 0x66;
    private static final int MOD_REG = 0b11;
    /** ModRM r/m (or SIB base) value meaning "SIB follows". */
    private static final int RM_SIB = 0b100;
    /** ModRM r/m value meaning rip-relative (with mod 00); as SIB base with mod 00: no base. */
    private static final int RM_DISP32 = 0b101;
    /** Intel's recommended multi-byte NOPs (SDM vol. 2B, NOP), indexed by length. */
    private static final int[][] NOPS = {
        {},
        {0x90},
        {0x66, 0x90},
        {0x0F, 0x1F, 0x00},
        {0x0F, 0x1F, 0x40, 0x00},
        {0x0F, 0x1F, 0x44, 0x00, 0x00},
        {0x66, 0x0F, 0x1F, 0x44, 0x00, 0x00},
        {0x0F, 0x1F, 0x80, 0x00, 0x00, 0x00, 0x00},
        {0x0F, 0x1F, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
        {0x66, 0x0F, 0x1F, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
    };
    /** The longest single NOP {@link #nop(int)} emits. */
    public static final int MAX_NOP_LENGTH = NOPS.length - 1;

    private RipReference lastRip;

    public Amd64Assembler() {
        this(256);
    }

    public Amd64Assembler(int initialCapacity) {
        super(initialCapacity);
    }

    // ------------------------------------------------------------------------------------------
    // Buffer

    /** Raw data: one byte (the low 8 bits). */
    @Override
    public void emitByte(int b) {
        super.emitByte(b);
    }

    /** Raw data: 16 bits, little-endian. */
    public void emitShort(int v) {
        emitByte(v);
        emitByte(v >>> 8);
    }

    /** Pads with as few NOP instructions as possible until the position is a multiple of {@code alignment}. */
    @Override
    public void align(int alignment) {
        if (alignment <= 0 || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two: " + alignment);
        }
        nops((-position()) & (alignment - 1));
    }

    // ------------------------------------------------------------------------------------------
    // Labels and patching

    @Override
    protected void patchReferences(Label label, int[] references) {
        for (int i = 0; i < references.length; i += 3) {
            writeOffset(label, references[i], references[i + 1], references[i + 2]);
        }
    }

    /** Writes (for a bound label) or records {@code target - anchor} into the field at {@code field}. */
    private void reference(Label target, int field, int size, int anchor) {
        // A bound label (a backward branch) needs no record: no array for resolve's arguments.
        if (boundPosition(target) >= 0 || resolve(target, field, size, anchor) >= 0) {
            writeOffset(target, field, size, anchor);
        }
    }

    private void writeOffset(Label target, int field, int size, int anchor) {
        int offset = target.position() - anchor;
        if (size == 1) {
            if (!isByte(offset)) {
                throw new IllegalStateException("short jump at " + (field - 1) + " cannot reach " + target.id() + "@" + target.position() + ": offset " + offset);
            }
            putByte(field, offset);
        } else {
            putInt(field, offset);
        }
    }

    /**
     * The last rip-relative operand emitted: where its displacement is and what it counts from.
     * Call it right after the instruction whose operand a later step must redirect.
     */
    public RipReference lastRipReference() {
        if (lastRip == null) {
            throw new IllegalStateException("no rip-relative operand emitted yet");
        }
        return lastRip;
    }

    /** Points a rip-relative operand at {@code targetPosition} (which may lie past the code, e.g. in a data section laid after it). */
    public void patchRipDisplacement(RipReference ref, int targetPosition) {
        Objects.checkFromIndexSize(ref.displacementPosition(), 4, position());
        putInt(ref.displacementPosition(), targetPosition - ref.instructionEnd());
    }

    // ------------------------------------------------------------------------------------------
    // Encoding core: [prefix] [REX] opcode ModRM [SIB] [disp] [imm]

    private static boolean isByte(long v) {
        return v >= -128 && v <= 127;
    }

    private static int gpr(Register r) {
        return Registers.checkGpr(r, "register");
    }

    private static int xmm(Register r) {
        return Registers.checkXmm(r, "register");
    }

    /** A byte operand in register 4-7 needs a REX prefix to mean spl/bpl/sil/dil, not ah/ch/dh/bh. */
    private static boolean needsByteRex(OperandSize size, int enc) {
        return size == BYTE && enc >= 4 && enc < 8;
    }

    private static int sizePrefix(OperandSize size) {
        Assembler.nonNull(size, "size");
        return size == WORD ? OPERAND_SIZE_PREFIX : 0;
    }

    /** The opcode for {@code size}: byte operations use {@code byteOpcode}, the others the next one. */
    private static int sized(OperandSize size, int byteOpcode) {
        return size == BYTE ? byteOpcode : byteOpcode + 1;
    }

    private static void requireSize(OperandSize size, OperandSize... allowed) {
        Assembler.nonNull(size, "size");
        for (OperandSize a : allowed) {
            if (a == size) {
                return;
            }
        }
        throw new IllegalArgumentException("operand size " + size + " not encodable here; allowed: " + Arrays.toString(allowed));
    }

    private void rex(boolean w, int reg, int index, int base, boolean force) {
        int bits = (w ? 8 : 0) | ((reg & 8) >> 1) | ((index & 8) >> 2) | ((base & 8) >> 3);
        if (bits != 0 || force) {
            emitByte(REX | bits);
        }
    }

    /** One to three opcode bytes, most significant first ({@code 0x0FAF} is {@code 0F AF}). */
    private void opcode(int op) {
        if (op > 0xFFFF) {
            emitByte(op >>> 16);
        }
        if (op > 0xFF) {
            emitByte(op >>> 8);
        }
        emitByte(op);
    }

    /** Register-direct: ModRM.reg = {@code reg} (a register or an opcode extension), ModRM.rm = {@code rm}. */
    private void rr(int prefix, boolean w, int op, int reg, int rm, boolean forceRex) {
        if (prefix != 0) {
            emitByte(prefix);
        }
        rex(w, reg, 0, rm, forceRex);
        opcode(op);
        emitByte(MOD_REG << 6 | (reg & 7) << 3 | (rm & 7));
    }

    /** Memory operand; {@code immBytes} is the size of the immediate that will follow (rip-relative offsets count from the end). */
    private void rm(int prefix, boolean w, int op, int reg, Address a, boolean forceRex, int immBytes) {
        Assembler.nonNull(a, "address");
        if (prefix != 0) {
            emitByte(prefix);
        }
        int index = a.index() != null ? a.index().encoding : 0;
        int base = a.base() != null && !a.isRipRelative() ? a.base().encoding : 0;
        rex(w, reg, index, base, forceRex);
        opcode(op);
        address(reg, a, immBytes);
    }

    private void address(int reg, Address a, int immBytes) {
        int r = (reg & 7) << 3;
        int disp = a.displacement();
        if (a.isRipRelative()) {
            emitByte(r | RM_DISP32);
            int field = position();
            emitInt(disp);
            int end = field + 4 + immBytes;
            lastRip = new RipReference(field, end);
            if (a.ripTarget() != null) {
                reference(a.ripTarget(), field, 4, end);
            }
            return;
        }
        Register base = a.base();
        Register index = a.index();
        int scale = a.scale().bits << 6;
        if (base == null) {
            // mod 00 with SIB base 101: no base, disp32 always.
            emitByte(r | RM_SIB);
            emitByte(scale | (index.encoding & 7) << 3 | RM_DISP32);
            emitInt(disp);
            return;
        }
        int b = base.encoding & 7;
        // rbp/r13 (low bits 101) with mod 00 would mean rip/no-base, so they always carry a displacement.
        int mod = disp == 0 && b != RM_DISP32 ? 0b00 : isByte(disp) ? 0b01 : 0b10;
        if (index != null || b == RM_SIB) {
            // rsp/r12 as base need a SIB byte; index field 100 (without REX.X) means no index.
            emitByte(mod << 6 | r | RM_SIB);
            emitByte(scale | (index != null ? index.encoding & 7 : RM_SIB) << 3 | b);
        } else {
            emitByte(mod << 6 | r | b);
        }
        if (mod == 0b01) {
            emitByte(disp);
        } else if (mod == 0b10) {
            emitInt(disp);
        }
    }

    /** An immediate of the operand's size; QWORD operations take a sign-extended imm32. */
    private void imm(OperandSize size, int v) {
        switch (size) {
            case BYTE -> emitByte(v);
            case WORD -> emitShort(v);
            default -> emitInt(v);
        }
    }

    private static int immBytes(OperandSize size) {
        return size.bytes < 4 ? size.bytes : 4;
    }

    private static void checkImm(OperandSize size, long v) {
        boolean ok = switch (size) {
            case BYTE -> v >= -0x80 && v <= 0xFF;
            case WORD -> v >= -0x8000 && v <= 0xFFFF;
            case DWORD -> v >= Integer.MIN_VALUE && v <= 0xFFFF_FFFFL;
            case QWORD -> true;
        };
        if (!ok) {
            throw new IllegalArgumentException("immediate " + v + " does not fit " + size);
        }
    }

    /** Whether {@code v}, truncated to {@code size}, equals the sign extension of its low byte. */
    private static boolean fitsImm8(OperandSize size, int v) {
        return size == WORD ? isByte((short) v) : isByte(v);
    }

    // ------------------------------------------------------------------------------------------
    // Integer moves

    /** {@code mov dst, src} between registers. */
    public void mov(OperandSize size, Register dst, Register src) {
        int d = gpr(dst);
        int s = gpr(src);
        rr(sizePrefix(size), size == QWORD, sized(size, 0x88), s, d, needsByteRex(size, s) || needsByteRex(size, d));
    }

    /** Load: {@code mov dst, size PTR [src]}. */
    public void mov(OperandSize size, Register dst, Address src) {
        int d = gpr(dst);
        rm(sizePrefix(size), size == QWORD, sized(size, 0x8A), d, src, needsByteRex(size, d), 0);
    }

    /** Store: {@code mov size PTR [dst], src}. */
    public void mov(OperandSize size, Address dst, Register src) {
        int s = gpr(src);
        rm(sizePrefix(size), size == QWORD, sized(size, 0x88), s, dst, needsByteRex(size, s), 0);
    }

    /** Immediate store; a QWORD store writes the sign extension of {@code imm}. */
    public void mov(OperandSize size, Address dst, int imm) {
        checkImm(size, imm);
        rm(sizePrefix(size), size == QWORD, sized(size, 0xC6), 0, dst, false, immBytes(size));
        imm(size, imm);
    }

    /**
     * {@code dst = imm} in the shortest correct form. For QWORD: {@code mov r32, imm32} (zero-extends)
     * when {@code 0 <= imm < 2^32}, else the sign-extended {@code mov r64, imm32}, else the 10-byte
     * {@code movabs}. For the smaller sizes {@code imm} must fit the size, signed or unsigned.
     */
    public void mov(OperandSize size, Register dst, long imm) {
        int d = gpr(dst);
        if (size == QWORD) {
            if (imm >= 0 && imm <= 0xFFFF_FFFFL) {
                movRegImm(DWORD, d, (int) imm);
            } else if (imm == (int) imm) {
                rr(0, true, 0xC7, 0, d, false);
                emitInt((int) imm);
            } else {
                movabs(dst, imm);
            }
            return;
        }
        checkImm(size, imm);
        movRegImm(size, d, (int) imm);
    }

    /** {@code B0+r ib} / {@code B8+r iw/id}: the register is in the opcode's low bits. */
    private void movRegImm(OperandSize size, int d, int imm) {
        if (size == WORD) {
            emitByte(OPERAND_SIZE_PREFIX);
        }
        rex(false, 0, 0, d, needsByteRex(size, d));
        emitByte((size == BYTE ? 0xB0 : 0xB8) | (d & 7));
        imm(size, imm);
    }

    /**
     * {@code movabs dst, imm64}: always the 10-byte {@code REX.W B8+r io} form, so the constant can be
     * patched in place (e.g. an embedded oop or metadata pointer). Returns the instruction's position.
     */
    public int movabs(Register dst, long imm) {
        int d = gpr(dst);
        int start = position();
        rex(true, 0, 0, d, false);
        emitByte(0xB8 | (d & 7));
        emitLong(imm);
        return start;
    }

    /**
     * {@code mov dst32, imm32}: always the 5- or 6-byte {@code B8+r id} form (zero-extends), so the
     * immediate can be patched in place (a narrow class constant). Returns the instruction's position.
     */
    public int movImm32Patchable(Register dst, int imm) {
        int start = position();
        movRegImm(DWORD, gpr(dst), imm);
        return start;
    }

    /** Zero extension ({@code movzx}) of a BYTE or WORD register into a DWORD or QWORD register. */
    public void movzx(OperandSize dstSize, Register dst, OperandSize srcSize, Register src) {
        requireSize(dstSize, DWORD, QWORD);
        requireSize(srcSize, BYTE, WORD);
        int s = gpr(src);
        rr(0, dstSize == QWORD, sized(srcSize, 0x0FB6), gpr(dst), s, needsByteRex(srcSize, s));
    }

    /** Zero-extending load of a BYTE or WORD. */
    public void movzx(OperandSize dstSize, Register dst, OperandSize srcSize, Address src) {
        requireSize(dstSize, DWORD, QWORD);
        requireSize(srcSize, BYTE, WORD);
        rm(0, dstSize == QWORD, sized(srcSize, 0x0FB6), gpr(dst), src, false, 0);
    }

    /** Sign extension of a BYTE or WORD register into DWORD/QWORD, or of a DWORD into QWORD ({@code movsxd}). */
    public void movsx(OperandSize dstSize, Register dst, OperandSize srcSize, Register src) {
        requireSignExtension(dstSize, srcSize);
        int s = gpr(src);
        int op = srcSize == DWORD ? 0x63 : sized(srcSize, 0x0FBE);
        rr(0, dstSize == QWORD, op, gpr(dst), s, needsByteRex(srcSize, s));
    }

    /** Sign-extending load. */
    public void movsx(OperandSize dstSize, Register dst, OperandSize srcSize, Address src) {
        requireSignExtension(dstSize, srcSize);
        int op = srcSize == DWORD ? 0x63 : sized(srcSize, 0x0FBE);
        rm(0, dstSize == QWORD, op, gpr(dst), src, false, 0);
    }

    private static void requireSignExtension(OperandSize dstSize, OperandSize srcSize) {
        requireSize(dstSize, DWORD, QWORD);
        requireSize(srcSize, BYTE, WORD, DWORD);
        if (srcSize.bytes >= dstSize.bytes) {
            throw new IllegalArgumentException("sign extension from " + srcSize + " to " + dstSize);
        }
    }

    /** {@code movsxd dst64, src32}. */
    public void movsxd(Register dst, Register src) {
        movsx(QWORD, dst, DWORD, src);
    }

    /** {@code movsxd dst64, DWORD PTR [src]}. */
    public void movsxd(Register dst, Address src) {
        movsx(QWORD, dst, DWORD, src);
    }

    /** {@code lea dst, [src]}; DWORD truncates the address. */
    public void lea(OperandSize size, Register dst, Address src) {
        requireSize(size, DWORD, QWORD);
        rm(0, size == QWORD, 0x8D, gpr(dst), src, false, 0);
    }

    /** {@code xchg a, b} (never the one-byte {@code 90+r} form: {@code 90} is {@code nop}). */
    public void xchg(OperandSize size, Register a, Register b) {
        int ea = gpr(a);
        int eb = gpr(b);
        rr(sizePrefix(size), size == QWORD, sized(size, 0x86), eb, ea, needsByteRex(size, ea) || needsByteRex(size, eb));
    }

    /** {@code xchg [mem], r}: implicitly locked. */
    public void xchg(OperandSize size, Address mem, Register r) {
        int e = gpr(r);
        rm(sizePrefix(size), size == QWORD, sized(size, 0x86), e, mem, needsByteRex(size, e), 0);
    }

    /** {@code push r} (64-bit). */
    public void push(Register r) {
        int e = gpr(r);
        rex(false, 0, 0, e, false);
        emitByte(0x50 | (e & 7));
    }

    /** {@code push imm}: pushes the sign extension of {@code imm} to 64 bits. */
    public void push(int imm) {
        if (isByte(imm)) {
            emitByte(0x6A);
            emitByte(imm);
        } else {
            emitByte(0x68);
            emitInt(imm);
        }
    }

    /** {@code pop r} (64-bit). */
    public void pop(Register r) {
        int e = gpr(r);
        rex(false, 0, 0, e, false);
        emitByte(0x58 | (e & 7));
    }

    // ------------------------------------------------------------------------------------------
    // Integer arithmetic

    /** {@code op dst, src} between registers. */
    public void alu(AluOp op, OperandSize size, Register dst, Register src) {
        int d = gpr(dst);
        int s = gpr(src);
        rr(sizePrefix(size), size == QWORD, sized(size, op.ext() << 3), s, d, needsByteRex(size, s) || needsByteRex(size, d));
    }

    /** {@code op dst, size PTR [src]}. */
    public void alu(AluOp op, OperandSize size, Register dst, Address src) {
        int d = gpr(dst);
        rm(sizePrefix(size), size == QWORD, sized(size, op.ext() << 3 | 2), d, src, needsByteRex(size, d), 0);
    }

    /** {@code op size PTR [dst], src}. */
    public void alu(AluOp op, OperandSize size, Address dst, Register src) {
        int s = gpr(src);
        rm(sizePrefix(size), size == QWORD, sized(size, op.ext() << 3), s, dst, needsByteRex(size, s), 0);
    }

    /**
     * {@code op dst, imm}: the sign-extended imm8 form ({@code 83}) when it fits, else the short
     * accumulator form for {@code rax}, else {@code 81} with a full immediate.
     */
    public void alu(AluOp op, OperandSize size, Register dst, int imm) {
        checkImm(size, imm);
        int d = gpr(dst);
        if (size == BYTE) {
            if (d == 0) {
                emitByte(op.ext() << 3 | 0x04);
            } else {
                rr(0, false, 0x80, op.ext(), d, needsByteRex(size, d));
            }
            emitByte(imm);
        } else if (fitsImm8(size, imm)) {
            rr(sizePrefix(size), size == QWORD, 0x83, op.ext(), d, false);
            emitByte(imm);
        } else {
            if (d == 0) {
                if (size == WORD) {
                    emitByte(OPERAND_SIZE_PREFIX);
                }
                rex(size == QWORD, 0, 0, 0, false);
                emitByte(op.ext() << 3 | 0x05);
            } else {
                rr(sizePrefix(size), size == QWORD, 0x81, op.ext(), d, false);
            }
            imm(size, imm);
        }
    }

    /** {@code op size PTR [dst], imm}, imm8 form when it fits. */
    public void alu(AluOp op, OperandSize size, Address dst, int imm) {
        checkImm(size, imm);
        if (size == BYTE) {
            rm(0, false, 0x80, op.ext(), dst, false, 1);
            emitByte(imm);
        } else if (fitsImm8(size, imm)) {
            rm(sizePrefix(size), size == QWORD, 0x83, op.ext(), dst, false, 1);
            emitByte(imm);
        } else {
            rm(sizePrefix(size), size == QWORD, 0x81, op.ext(), dst, false, immBytes(size));
            imm(size, imm);
        }
    }

    /**
     * {@code cmp DWORD PTR [mem], imm32} always with a 4-byte immediate, so the immediate can be
     * patched: the nmethod entry barrier ({@code 41 81 7F disp8 imm32} for {@code [r15 + disp8]}).
     * Returns the instruction's position.
     */
    public int cmpDwordImm32(Address mem, int imm) {
        int start = position();
        rm(0, false, 0x81, AluOp.CMP.ext(), mem, false, 4);
        emitInt(imm);
        return start;
    }

    /**
     * {@code op r64, imm32} always in the {@code REX.W 81 /op id} form, so that the immediate's low 16
     * bits can be patched at the instruction's end (ZGC's {@code STORE_GOOD_AFTER_OR}).
     */
    public void aluQwordImm32(AluOp op, Register dst, int imm) {
        rr(0, true, 0x81, op.ext(), gpr(dst), false);
        emitInt(imm);
    }

    /**
     * {@code cmp r16, imm16} always in the {@code 66 [REX] 81 /7 iw} form, so that the immediate can be
     * patched at the instruction's end (ZGC's {@code STORE_GOOD_AFTER_CMP}).
     */
    public void cmpWordImm16(Register r, int imm) {
        rr(OPERAND_SIZE_PREFIX, false, 0x81, AluOp.CMP.ext(), gpr(r), false);
        emitShort(imm);
    }

    /**
     * {@code test r32, imm32} always in the {@code [REX] F7 /0 id} form, the immediate last (ZGC's
     * {@code *_BAD_AFTER_TEST} patch its low 16 bits at the instruction's end).
     */
    public void testDwordImm32(Register r, int imm) {
        rr(0, false, 0xF7, 0, gpr(r), false);
        emitInt(imm);
    }

    /**
     * {@code shl}/{@code shr r64, imm8} always in the 4-byte {@code REX.W C1 /op ib} form (never
     * {@code D1}, never omitted for 0), the count at offset 3 (ZGC's {@code LOAD_GOOD_BEFORE_SHL}
     * patches it). Returns the instruction's position.
     */
    public int shiftQwordImm8(ShiftOp op, Register r, int count) {
        int start = position();
        rr(0, true, 0xC1, op.ext, gpr(r), true);
        emitByte(count);
        return start;
    }

    /** {@code test a, b}. */
    public void test(OperandSize size, Register a, Register b) {
        int ea = gpr(a);
        int eb = gpr(b);
        rr(sizePrefix(size), size == QWORD, sized(size, 0x84), eb, ea, needsByteRex(size, ea) || needsByteRex(size, eb));
    }

    /** {@code test r, imm} (there is no imm8 form; {@code rax} has a shorter one). */
    public void test(OperandSize size, Register r, int imm) {
        checkImm(size, imm);
        int e = gpr(r);
        if (e == 0) {
            if (size == WORD) {
                emitByte(OPERAND_SIZE_PREFIX);
            }
            rex(size == QWORD, 0, 0, 0, false);
            emitByte(sized(size, 0xA8));
        } else {
            rr(sizePrefix(size), size == QWORD, sized(size, 0xF6), 0, e, needsByteRex(size, e));
        }
        imm(size, imm);
    }

    /** {@code test size PTR [mem], r}. */
    public void test(OperandSize size, Address mem, Register r) {
        int e = gpr(r);
        rm(sizePrefix(size), size == QWORD, sized(size, 0x84), e, mem, needsByteRex(size, e), 0);
    }

    /** {@code test size PTR [mem], imm}. */
    public void test(OperandSize size, Address mem, int imm) {
        checkImm(size, imm);
        rm(sizePrefix(size), size == QWORD, sized(size, 0xF6), 0, mem, false, immBytes(size));
        imm(size, imm);
    }

    /** {@code imul dst, src}: the truncated (low half) product; WORD, DWORD or QWORD. */
    public void imul(OperandSize size, Register dst, Register src) {
        requireSize(size, WORD, DWORD, QWORD);
        rr(sizePrefix(size), size == QWORD, 0x0FAF, gpr(dst), gpr(src), false);
    }

    /** {@code imul dst, size PTR [src]}. */
    public void imul(OperandSize size, Register dst, Address src) {
        requireSize(size, WORD, DWORD, QWORD);
        rm(sizePrefix(size), size == QWORD, 0x0FAF, gpr(dst), src, false, 0);
    }

    /** {@code imul dst, src, imm}: imm8 form when it fits. */
    public void imul(OperandSize size, Register dst, Register src, int imm) {
        requireSize(size, WORD, DWORD, QWORD);
        checkImm(size, imm);
        boolean short8 = fitsImm8(size, imm);
        rr(sizePrefix(size), size == QWORD, short8 ? 0x6B : 0x69, gpr(dst), gpr(src), false);
        imm(short8 ? BYTE : size, imm);
    }

    /** {@code imul dst, size PTR [src], imm}. */
    public void imul(OperandSize size, Register dst, Address src, int imm) {
        requireSize(size, WORD, DWORD, QWORD);
        checkImm(size, imm);
        boolean short8 = fitsImm8(size, imm);
        rm(sizePrefix(size), size == QWORD, short8 ? 0x6B : 0x69, gpr(dst), src, false, short8 ? 1 : immBytes(size));
        imm(short8 ? BYTE : size, imm);
    }

    /** {@code not/neg/mul/imul/div/idiv r}. */
    public void unary(UnaryOp op, OperandSize size, Register r) {
        int e = gpr(r);
        rr(sizePrefix(size), size == QWORD, sized(size, 0xF6), op.ext, e, needsByteRex(size, e));
    }

    /** {@code not/neg/mul/imul/div/idiv size PTR [mem]}. */
    public void unary(UnaryOp op, OperandSize size, Address mem) {
        rm(sizePrefix(size), size == QWORD, sized(size, 0xF6), op.ext, mem, false, 0);
    }

    /** {@code cdq}: sign-extends eax into edx (before a 32-bit {@code idiv}). */
    public void cdq() {
        emitByte(0x99);
    }

    /** {@code cqo}: sign-extends rax into rdx (before a 64-bit {@code idiv}). */
    public void cqo() {
        emitByte(REX | 8);
        emitByte(0x99);
    }

    /** Shift or rotate by an immediate count ({@code D0/D1} when the count is 1). */
    public void shift(ShiftOp op, OperandSize size, Register r, int count) {
        if (count < 0 || count > 0xFF) {
            throw new IllegalArgumentException("shift count must be an unsigned byte: " + count);
        }
        int e = gpr(r);
        if (count == 1) {
            rr(sizePrefix(size), size == QWORD, sized(size, 0xD0), op.ext, e, needsByteRex(size, e));
        } else {
            rr(sizePrefix(size), size == QWORD, sized(size, 0xC0), op.ext, e, needsByteRex(size, e));
            emitByte(count);
        }
    }

    /** Shift or rotate by {@code cl} (the CPU masks the count to 5 or 6 bits, like Java). */
    public void shiftByCl(ShiftOp op, OperandSize size, Register r) {
        int e = gpr(r);
        rr(sizePrefix(size), size == QWORD, sized(size, 0xD2), op.ext, e, needsByteRex(size, e));
    }

    /** {@code bt base, bit}: CF = the selected bit. */
    public void bt(OperandSize size, Register base, Register bit) {
        requireSize(size, WORD, DWORD, QWORD);
        rr(sizePrefix(size), size == QWORD, 0x0FA3, gpr(bit), gpr(base), false);
    }

    /** {@code bt base, imm8}. */
    public void bt(OperandSize size, Register base, int bit) {
        requireSize(size, WORD, DWORD, QWORD);
        if (bit < 0 || bit > 0xFF) {
            throw new IllegalArgumentException("bit index must be an unsigned byte: " + bit);
        }
        rr(sizePrefix(size), size == QWORD, 0x0FBA, 4, gpr(base), false);
        emitByte(bit);
    }

    /** {@code setcc r8}: the byte register gets 0 or 1; the rest of the register is unchanged. */
    public void setcc(Condition cc, Register dst) {
        int d = gpr(dst);
        rr(0, false, 0x0F90 | cc.code(), 0, d, needsByteRex(BYTE, d));
    }

    /** {@code cmovcc dst, src} (WORD, DWORD or QWORD; a DWORD cmov zero-extends even when the condition is false). */
    public void cmov(Condition cc, OperandSize size, Register dst, Register src) {
        requireSize(size, WORD, DWORD, QWORD);
        rr(sizePrefix(size), size == QWORD, 0x0F40 | cc.code(), gpr(dst), gpr(src), false);
    }

    /** {@code lzcnt dst, src} (LZCNT): the leading zero bits of {@code src}, the operand's width for 0. */
    public void lzcnt(OperandSize size, Register dst, Register src) {
        bitOp(0xF3, 0x0FBD, size, dst, src);
    }

    /** {@code tzcnt dst, src} (BMI1): the trailing zero bits of {@code src}, the operand's width for 0. */
    public void tzcnt(OperandSize size, Register dst, Register src) {
        bitOp(0xF3, 0x0FBC, size, dst, src);
    }

    /** {@code popcnt dst, src} (POPCNT): the one bits of {@code src}. */
    public void popcnt(OperandSize size, Register dst, Register src) {
        bitOp(0xF3, 0x0FB8, size, dst, src);
    }

    /** {@code bsr dst, src}: the index of {@code src}'s highest one bit; ZF set and {@code dst} undefined for 0. */
    public void bsr(OperandSize size, Register dst, Register src) {
        bitOp(0, 0x0FBD, size, dst, src);
    }

    /** {@code bsf dst, src}: the index of {@code src}'s lowest one bit; ZF set and {@code dst} undefined for 0. */
    public void bsf(OperandSize size, Register dst, Register src) {
        bitOp(0, 0x0FBC, size, dst, src);
    }

    /** The bit scans and counts: {@code prefix} (F3 for the counts, which share bsr's and bsf's opcodes) before REX. */
    private void bitOp(int prefix, int op, OperandSize size, Register dst, Register src) {
        requireSize(size, DWORD, QWORD);
        rr(prefix, size == QWORD, op, gpr(dst), gpr(src), false);
    }

    /** {@code cmovcc dst, size PTR [src]} (the load happens whatever the condition). */
    public void cmov(Condition cc, OperandSize size, Register dst, Address src) {
        requireSize(size, WORD, DWORD, QWORD);
        rm(sizePrefix(size), size == QWORD, 0x0F40 | cc.code(), gpr(dst), src, false, 0);
    }

    // ------------------------------------------------------------------------------------------
    // Atomics and fences

    /** The {@code lock} prefix: makes the next instruction (a read-modify-write on memory) atomic. */
    public void lock() {
        emitByte(0xF0);
    }

    /** {@code xadd [mem], r}: r gets the old value. Precede with {@link #lock()} for atomicity. */
    public void xadd(OperandSize size, Address mem, Register r) {
        int e = gpr(r);
        rm(sizePrefix(size), size == QWORD, sized(size, 0x0FC0), e, mem, needsByteRex(size, e), 0);
    }

    /**
     * {@code rep stos}: stores {@code al}, {@code ax}, {@code eax} or {@code rax} (by {@code size}) into
     * {@code rcx} consecutive elements from {@code [rdi]} upwards (the direction flag is clear in Java
     * code); leaves {@code rdi} past the last element and {@code rcx} zero.
     */
    public void repStos(OperandSize size) {
        emitByte(0xF3);
        if (size == WORD) {
            emitByte(0x66);
        }
        if (size == QWORD) {
            emitByte(REX | 8);
        }
        emitByte(size == BYTE ? 0xAA : 0xAB);
    }

    /** {@code cmpxchg [mem], r}: compares with {@code rax}. Precede with {@link #lock()} for atomicity. */
    public void cmpxchg(OperandSize size, Address mem, Register r) {
        int e = gpr(r);
        rm(sizePrefix(size), size == QWORD, sized(size, 0x0FB0), e, mem, needsByteRex(size, e), 0);
    }

    public void mfence() {
        opcode(0x0FAEF0);
    }

    public void lfence() {
        opcode(0x0FAEE8);
    }

    public void sfence() {
        opcode(0x0FAEF8);
    }

    /** Spin-loop hint. */
    public void pause() {
        emitByte(0xF3);
        emitByte(0x90);
    }

    // ------------------------------------------------------------------------------------------
    // Control flow

    /** {@code jmp target}: rel8 when the label is bound and in reach, rel32 otherwise (forward jumps are always rel32). */
    public void jmp(Label target) {
        int bound = boundPosition(target);
        if (bound >= 0 && isByte(bound - (position() + 2))) {
            emitByte(0xEB);
            emitByte(bound - (position() + 1));
            return;
        }
        emitByte(0xE9);
        int field = position();
        emitInt(0);
        reference(target, field, 4, field + 4);
    }

    /** {@code jmp rel8}: the caller promises the target is within reach; {@link #bind} fails otherwise. */
    public void jmpShort(Label target) {
        emitByte(0xEB);
        int field = position();
        emitByte(0);
        reference(target, field, 1, field + 1);
    }

    /** {@code jcc target}: rel8 when the label is bound and in reach, rel32 otherwise. */
    public void jcc(Condition cc, Label target) {
        int bound = boundPosition(target);
        if (bound >= 0 && isByte(bound - (position() + 2))) {
            emitByte(0x70 | cc.code());
            emitByte(bound - (position() + 1));
            return;
        }
        opcode(0x0F80 | cc.code());
        int field = position();
        emitInt(0);
        reference(target, field, 4, field + 4);
    }

    /** {@code jcc rel8}: the caller promises the target is within reach; {@link #bind} fails otherwise. */
    public void jccShort(Condition cc, Label target) {
        emitByte(0x70 | cc.code());
        int field = position();
        emitByte(0);
        reference(target, field, 1, field + 1);
    }

    /** {@code call target} (rel32) to a label in this buffer. */
    public void call(Label target) {
        emitByte(0xE8);
        int field = position();
        emitInt(0);
        reference(target, field, 4, field + 4);
    }

    /**
     * {@code call rel32} with a zero displacement ({@code E8 00 00 00 00}), for a call HotSpot
     * resolves at installation (a JVMCI {@code Call} site). Returns the instruction's position.
     */
    public int emitCallRel32Placeholder() {
        int start = position();
        emitByte(0xE8);
        emitInt(0);
        return start;
    }

    /** {@code jmp rel32} with a zero displacement ({@code E9 00 00 00 00}), like {@link #emitCallRel32Placeholder()}. */
    public int emitJmpRel32Placeholder() {
        int start = position();
        emitByte(0xE9);
        emitInt(0);
        return start;
    }

    /** {@code jmp r} (indirect, 64-bit). */
    public void jmp(Register target) {
        rr(0, false, 0xFF, 4, gpr(target), false);
    }

    /** {@code jmp QWORD PTR [mem]}. */
    public void jmp(Address target) {
        rm(0, false, 0xFF, 4, target, false, 0);
    }

    /** {@code call r} (indirect, 64-bit). */
    public void call(Register target) {
        rr(0, false, 0xFF, 2, gpr(target), false);
    }

    /** {@code call QWORD PTR [mem]}. */
    public void call(Address target) {
        rm(0, false, 0xFF, 2, target, false, 0);
    }

    public void ret() {
        emitByte(0xC3);
    }

    /** {@code ret imm16}: pops {@code bytes} more after the return address. */
    public void ret(int bytes) {
        if (bytes < 0 || bytes > 0xFFFF) {
            throw new IllegalArgumentException("ret pops an unsigned 16-bit count: " + bytes);
        }
        emitByte(0xC2);
        emitShort(bytes);
    }

    public void int3() {
        emitByte(0xCC);
    }

    public void hlt() {
        emitByte(0xF4);
    }

    /** The guaranteed-invalid opcode ({@code 0F 0B}). */
    public void ud2() {
        opcode(0x0F0B);
    }

    public void nop() {
        emitByte(0x90);
    }

    /**
     * One NOP instruction of exactly {@code length} bytes (1 to {@link #MAX_NOP_LENGTH}); a single
     * instruction can be overwritten atomically, e.g. the 5-byte NOP at a verified entry point.
     */
    public void nop(int length) {
        if (length < 1 || length > MAX_NOP_LENGTH) {
            throw new IllegalArgumentException("a single nop is 1.." + MAX_NOP_LENGTH + " bytes: " + length);
        }
        for (int b : NOPS[length]) {
            emitByte(b);
        }
    }

    /** {@code bytes} of padding as the fewest NOP instructions. */
    public void nops(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative padding: " + bytes);
        }
        for (; bytes > MAX_NOP_LENGTH; bytes -= MAX_NOP_LENGTH) {
            nop(MAX_NOP_LENGTH);
        }
        if (bytes > 0) {
            nop(bytes);
        }
    }

    // ------------------------------------------------------------------------------------------
    // SSE / SSE2 (legacy encoding, xmm0-xmm15)

    /** {@code op dst, src} for an {@link SseOp} between xmm registers. */
    public void sse(SseOp op, Register dst, Register src) {
        rr(op.prefix, false, 0x0F00 | op.opcode, xmm(dst), xmm(src), false);
    }

    /** {@code op dst, [src]} for an {@link SseOp}; packed operations need a 16-byte aligned address. */
    public void sse(SseOp op, Register dst, Address src) {
        rm(op.prefix, false, 0x0F00 | op.opcode, xmm(dst), src, false, 0);
    }

    /**
     * {@code roundsd dst, src, mode} (SSE4.1, {@code 66 0F 3A 0B /r ib}): {@code src} rounded to an
     * integral double in the low half of {@code dst}, its upper half kept. {@code mode} 0 to the
     * nearest (ties to even), 1 down, 2 up, 3 toward zero (bit 2 clear: the mode given, not MXCSR's).
     * A signalling NaN comes back quiet.
     */
    public void roundsd(Register dst, Register src, int mode) {
        if (mode < 0 || mode > 3) {
            throw new IllegalArgumentException("rounding mode " + mode);
        }
        rr(0x66, false, 0x0F3A0B, xmm(dst), xmm(src), false);
        emitByte(mode);
    }

    // ------------------------------------------------------------------------------------------
    // AVX: VEX-encoded three-operand forms of the SSE arithmetic (xmm0-xmm15, 128-bit)

    /**
     * {@code vop dst, src1, src2}: {@code dst := src1 op src2} with neither source overwritten, so no
     * copy of {@code src1} into {@code dst} first. Only for the operations {@link SseOp#hasVexForm}
     * accepts. Scalar forms leave bits 64 (32) to 127 of {@code dst} those of {@code src1} and zero
     * bits 128 and up, so mixing these with the legacy SSE encodings costs no state transition.
     */
    public void vex(SseOp op, Register dst, Register src1, Register src2) {
        int d = xmm(dst);
        int b = xmm(src2);
        vexPrefix(op, d, 0, b, xmm(src1));
        emitByte(op.opcode);
        emitByte(MOD_REG << 6 | (d & 7) << 3 | (b & 7));
    }

    /** {@code vop dst, src1, [src2]}: as {@link #vex(SseOp, Register, Register, Register)} with a memory operand. */
    public void vex(SseOp op, Register dst, Register src1, Address src2) {
        Assembler.nonNull(src2, "address");
        int d = xmm(dst);
        int index = src2.index() != null ? src2.index().encoding : 0;
        int base = src2.base() != null && !src2.isRipRelative() ? src2.base().encoding : 0;
        vexPrefix(op, d, index, base, xmm(src1));
        emitByte(op.opcode);
        address(d, src2, 0);
    }

    /**
     * The VEX prefix for opcode map 0F, W=0, L=0 (128 bits): the two-byte form {@code C5} when neither
     * the SIB index nor the rm/base register needs an extension bit, else the three-byte {@code C4}.
     * REX.R/X/B and the second source ({@code vvvv}) are stored inverted.
     */
    private void vexPrefix(SseOp op, int reg, int index, int base, int vvvv) {
        if (!op.hasVexForm()) {
            throw new IllegalArgumentException(op + " has no three-operand VEX form here");
        }
        int pp = switch (op.prefix) {
            case 0 -> 0b00;
            case 0x66 -> 0b01;
            case 0xF3 -> 0b10;
            case 0xF2 -> 0b11;
            default -> throw new IllegalStateException("prefix " + op.prefix);
        };
        int notR = (reg & 8) == 0 ? 0x80 : 0;
        int lowByte = (~vvvv & 0xF) << 3 | pp;
        if ((index & 8) == 0 && (base & 8) == 0) {
            emitByte(0xC5);
            emitByte(notR | lowByte);
        } else {
            int notX = (index & 8) == 0 ? 0x40 : 0;
            int notB = (base & 8) == 0 ? 0x20 : 0;
            emitByte(0xC4);
            emitByte(notR | notX | notB | 0b00001);
            emitByte(lowByte);
        }
    }

    /** {@code movss dst, src} between registers: merges into dst (prefer {@code MOVAPS} for a copy). */
    public void movss(Register dst, Register src) {
        rr(0xF3, false, 0x0F10, xmm(dst), xmm(src), false);
    }

    /** {@code movss dst, DWORD PTR [src]}: zeroes the upper lanes. */
    public void movss(Register dst, Address src) {
        rm(0xF3, false, 0x0F10, xmm(dst), src, false, 0);
    }

    /** {@code movss DWORD PTR [dst], src}. */
    public void movss(Address dst, Register src) {
        rm(0xF3, false, 0x0F11, xmm(src), dst, false, 0);
    }

    /** {@code movsd dst, src} between registers: merges into dst (prefer {@code MOVAPD} for a copy). */
    public void movsd(Register dst, Register src) {
        rr(0xF2, false, 0x0F10, xmm(dst), xmm(src), false);
    }

    /** {@code movsd dst, QWORD PTR [src]}: zeroes the upper lane. */
    public void movsd(Register dst, Address src) {
        rm(0xF2, false, 0x0F10, xmm(dst), src, false, 0);
    }

    /** {@code movsd QWORD PTR [dst], src}. */
    public void movsd(Address dst, Register src) {
        rm(0xF2, false, 0x0F11, xmm(src), dst, false, 0);
    }

    /** {@code movd}: 32 bits from a general register into an xmm register (upper lanes zeroed) or back. */
    public void movd(Register dst, Register src) {
        movdq(false, dst, src);
    }

    /** {@code movq}: 64 bits from a general register into an xmm register (upper lane zeroed) or back. */
    public void movq(Register dst, Register src) {
        movdq(true, dst, src);
    }

    private void movdq(boolean w, Register dst, Register src) {
        if (dst.getRegisterCategory().equals(AMD64.XMM)) {
            rr(0x66, w, 0x0F6E, xmm(dst), gpr(src), false);
        } else {
            rr(0x66, w, 0x0F7E, xmm(src), gpr(dst), false);
        }
    }

    /** {@code cvtsi2ss xmm, r32/r64}: {@code srcSize} is DWORD (int) or QWORD (long). */
    public void cvtsi2ss(OperandSize srcSize, Register dst, Register src) {
        requireSize(srcSize, DWORD, QWORD);
        rr(0xF3, srcSize == QWORD, 0x0F2A, xmm(dst), gpr(src), false);
    }

    /** {@code cvtsi2ss xmm, DWORD/QWORD PTR [src]}. */
    public void cvtsi2ss(OperandSize srcSize, Register dst, Address src) {
        requireSize(srcSize, DWORD, QWORD);
        rm(0xF3, srcSize == QWORD, 0x0F2A, xmm(dst), src, false, 0);
    }

    /** {@code cvtsi2sd xmm, r32/r64}. */
    public void cvtsi2sd(OperandSize srcSize, Register dst, Register src) {
        requireSize(srcSize, DWORD, QWORD);
        rr(0xF2, srcSize == QWORD, 0x0F2A, xmm(dst), gpr(src), false);
    }

    /** {@code cvtsi2sd xmm, DWORD/QWORD PTR [src]}. */
    public void cvtsi2sd(OperandSize srcSize, Register dst, Address src) {
        requireSize(srcSize, DWORD, QWORD);
        rm(0xF2, srcSize == QWORD, 0x0F2A, xmm(dst), src, false, 0);
    }

    /**
     * {@code cvttss2si r32/r64, xmm}: truncating. NaN and out-of-range inputs give the "integer
     * indefinite" value (MIN_VALUE), not Java's saturation: callers fix those cases up.
     */
    public void cvttss2si(OperandSize dstSize, Register dst, Register src) {
        requireSize(dstSize, DWORD, QWORD);
        rr(0xF3, dstSize == QWORD, 0x0F2C, gpr(dst), xmm(src), false);
    }

    /** {@code cvttss2si r32/r64, DWORD PTR [src]}. */
    public void cvttss2si(OperandSize dstSize, Register dst, Address src) {
        requireSize(dstSize, DWORD, QWORD);
        rm(0xF3, dstSize == QWORD, 0x0F2C, gpr(dst), src, false, 0);
    }

    /** {@code cvttsd2si r32/r64, xmm}: truncating; see {@link #cvttss2si(OperandSize, Register, Register)}. */
    public void cvttsd2si(OperandSize dstSize, Register dst, Register src) {
        requireSize(dstSize, DWORD, QWORD);
        rr(0xF2, dstSize == QWORD, 0x0F2C, gpr(dst), xmm(src), false);
    }

    /** {@code cvttsd2si r32/r64, QWORD PTR [src]}. */
    public void cvttsd2si(OperandSize dstSize, Register dst, Address src) {
        requireSize(dstSize, DWORD, QWORD);
        rm(0xF2, dstSize == QWORD, 0x0F2C, gpr(dst), src, false, 0);
    }
}
