package org.ssajit.aarch64.asm;

import java.util.Objects;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;

import org.ssajit.asm.Assembler;

/**
 * A memory operand of a load or store: a base register ({@code r0..r30} or {@code sp}, never
 * {@code zr}) plus
 * <ul>
 * <li>an immediate offset ({@link #of(Register, long)}): the assembler emits the scaled unsigned
 * 12-bit form ({@code ldr x0, [x1, #8]}) when the offset is a non-negative multiple of the access
 * size below 4096 times it, else the unscaled signed 9-bit form ({@code ldur x0, [x1, #-8]}) when it
 * lies in -256..255, else refuses ({@link #isEncodableOffset});</li>
 * <li>a pre-index ({@code [x1, #-16]!}) or post-index ({@code [x1], #16}) offset in -256..255 that is
 * written back to the base ({@code ldp}/{@code stp}: a multiple of the access size, -64..63 times it);</li>
 * <li>an index register ({@code r0..r30} or {@code zr}), optionally extended ({@code uxtw},
 * {@code sxtw}, {@code sxtx}; {@code lsl} is {@link ExtendType#UXTX}) and optionally scaled by the
 * access size ({@code [x1, w2, sxtw #3]}).</li>
 * </ul>
 * Which offsets fit depends on the access size, so it is checked when an instruction uses the address;
 * the static {@code is...Offset} helpers let a code generator decide beforehand whether to put an
 * offset in a register. Access sizes are in bits: 8, 16, 32, 64, 128.
 *
 * <p>Immutable.
 */
public final class Address {
    /** How the address is formed. */
    public enum Mode {
        /** {@code [base, #offset]}; no write-back. */
        OFFSET,
        /** {@code [base, #offset]!}: base += offset, then access. */
        PRE_INDEX,
        /** {@code [base], #offset}: access, then base += offset. */
        POST_INDEX,
        /** {@code [base, index{, extend {#shift}}]}. */
        REGISTER_OFFSET
    }

    /** Largest scaled 12-bit offset, in units of the access size. */
    private static final int MAX_SCALED = 4095;
    private static final int MIN_UNSCALED = -256;
    private static final int MAX_UNSCALED = 255;

    private final Mode mode;
    private final Register base;
    private final long offset;
    private final Register index;
    private final ExtendType extend;
    private final boolean scaled;

    private Address(Mode mode, Register base, long offset, Register index, ExtendType extend, boolean scaled) {
        this.mode = mode;
        this.base = base;
        this.offset = offset;
        this.index = index;
        this.extend = extend;
        this.scaled = scaled;
    }

    /** {@code [base]}. */
    public static Address of(Register base) {
        return of(base, 0);
    }

    /** {@code [base, #offset]}: scaled or unscaled form, chosen by the instruction's access size. */
    public static Address of(Register base, long offset) {
        Registers.spForm(base, "base");
        return new Address(Mode.OFFSET, base, offset, null, null, false);
    }

    /** {@code [base, #offset]!}. */
    public static Address preIndex(Register base, long offset) {
        Registers.spForm(base, "base");
        return new Address(Mode.PRE_INDEX, base, offset, null, null, false);
    }

    /** {@code [base], #offset}. */
    public static Address postIndex(Register base, long offset) {
        Registers.spForm(base, "base");
        return new Address(Mode.POST_INDEX, base, offset, null, null, false);
    }

    /** {@code [base, index]}: a 64-bit index, not scaled. */
    public static Address indexed(Register base, Register index) {
        return indexed(base, index, ExtendType.UXTX, false);
    }

    /** {@code [base, index, lsl #log2(access bytes)]}: a 64-bit element index. */
    public static Address indexedScaled(Register base, Register index) {
        return indexed(base, index, ExtendType.UXTX, true);
    }

    /**
     * {@code [base, index, extend {#log2(access bytes)}]}: {@code extend} is {@link ExtendType#UXTW} or
     * {@link ExtendType#SXTW} (a W index), {@link ExtendType#UXTX} ({@code lsl}) or
     * {@link ExtendType#SXTX} (an X index); {@code scaled} multiplies the index by the access size.
     */
    public static Address indexed(Register base, Register index, ExtendType extend, boolean scaled) {
        Registers.spForm(base, "base");
        Registers.zrForm(index, "index");
        Assembler.nonNull(extend, "extend");
        if (extend != ExtendType.UXTW && extend != ExtendType.SXTW && extend != ExtendType.UXTX && extend != ExtendType.SXTX) {
            throw new IllegalArgumentException("an index register can be extended by uxtw, sxtw, sxtx or uxtx (lsl), not " + extend.mnemonic());
        }
        return new Address(Mode.REGISTER_OFFSET, base, 0, index, extend, scaled);
    }

    // ------------------------------------------------------------------------------------------
    // What fits

    /** The unsigned scaled form: {@code offset} is a multiple of the access size in {@code 0..4095*size}. */
    public static boolean isScaledOffset(long offset, int accessBits) {
        int bytes = accessBytes(accessBits);
        return offset >= 0 && offset % bytes == 0 && offset / bytes <= MAX_SCALED;
    }

    /** The unscaled ({@code ldur}) form, and the pre/post-index forms: {@code -256..255}. */
    public static boolean isUnscaledOffset(long offset) {
        return offset >= MIN_UNSCALED && offset <= MAX_UNSCALED;
    }

    /** {@link #of(Register, long)} with this offset can be used by a single load or store of this size. */
    public static boolean isEncodableOffset(long offset, int accessBits) {
        return isScaledOffset(offset, accessBits) || isUnscaledOffset(offset);
    }

    /** {@code ldp}/{@code stp} (offset, pre- or post-index): a multiple of the access size in {@code -64..63} times it. */
    public static boolean isPairOffset(long offset, int accessBits) {
        int bytes = accessBytes(accessBits);
        return offset % bytes == 0 && offset / bytes >= -64 && offset / bytes <= 63;
    }

    /** Whether a single load or store of {@code accessBits} can use this address. */
    public boolean isEncodable(int accessBits) {
        return switch (mode) {
            case OFFSET -> isEncodableOffset(offset, accessBits);
            case PRE_INDEX, POST_INDEX -> isUnscaledOffset(offset) && accessBytes(accessBits) > 0;
            case REGISTER_OFFSET -> accessBytes(accessBits) > 0;
        };
    }

    /** Whether {@code ldp}/{@code stp} of two {@code accessBits} registers can use this address. */
    public boolean isEncodableForPair(int accessBits) {
        return mode != Mode.REGISTER_OFFSET && accessBits >= 32 && isPairOffset(offset, accessBits);
    }

    /** Bytes per access; refuses sizes other than 8, 16, 32, 64, 128 bits. */
    static int accessBytes(int accessBits) {
        return switch (accessBits) {
            case 8, 16, 32, 64, 128 -> accessBits / 8;
            default -> throw new IllegalArgumentException("access size must be 8, 16, 32, 64 or 128 bits, not " + accessBits);
        };
    }

    // ------------------------------------------------------------------------------------------
    // Accessors

    public Mode mode() {
        return mode;
    }

    public Register base() {
        return base;
    }

    /** The immediate offset (0 for a register offset). */
    public long offset() {
        return offset;
    }

    /** The index register, or null. */
    public Register index() {
        return index;
    }

    /** The index's extension, or null without an index. */
    public ExtendType extend() {
        return extend;
    }

    /** Whether the index is multiplied by the access size. */
    public boolean isScaled() {
        return scaled;
    }

    boolean writesBack() {
        return mode == Mode.PRE_INDEX || mode == Mode.POST_INDEX;
    }

    @Override
    public String toString() {
        String b = base == AArch64.sp ? "sp" : "x" + base.encoding;
        return switch (mode) {
            case OFFSET -> offset == 0 ? "[" + b + "]" : "[" + b + ", #" + offset + "]";
            case PRE_INDEX -> "[" + b + ", #" + offset + "]!";
            case POST_INDEX -> "[" + b + "], #" + offset;
            case REGISTER_OFFSET -> {
                String i = (extend.readsX() ? (index == AArch64.zr ? "xzr" : "x" + index.encoding) : (index == AArch64.zr ? "wzr" : "w" + index.encoding));
                String ext = extend == ExtendType.UXTX ? (scaled ? ", lsl #scale" : "") : ", " + extend.mnemonic() + (scaled ? " #scale" : "");
                yield "[" + b + ", " + i + ext + "]";
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Address a && a.mode == mode && a.base == base && a.offset == offset && a.index == index && a.extend == extend
                && a.scaled == scaled;
    }

    @Override
    public int hashCode() {
        return Objects.hash(mode, base, offset, index, extend, scaled);
    }
}
