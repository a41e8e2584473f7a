package org.ssajit.aarch64.asm;

/**
 * The bitmask immediates of {@code and/orr/eor/ands} (immediate): a 2, 4, 8, 16, 32 or 64-bit
 * element holding one run of 1 to size-1 ones, rotated right by {@code immr}, and replicated to the
 * register's width. Encoded in 13 bits {@code N:immr:imms}: {@code N} is 1 only for 64-bit elements;
 * {@code imms} holds the element size in its leading ones ({@code 0xxxxx} for 32 bits, {@code 10xxxx}
 * for 16, ..., {@code 11110x} for 2) and the run length minus one in the rest. Zero and all-ones are
 * not encodable. There are 5334 such 64-bit values and 1302 32-bit ones, each with exactly one
 * encoding.
 */
public final class LogicalImmediate {
    private LogicalImmediate() {
    }

    /**
     * Whether {@code value} is a bitmask immediate for a {@code size}-bit (32 or 64) operation. A 32-bit
     * value may be given zero- or sign-extended ({@code 0xffff0000L} or {@code (long) 0xffff0000}).
     */
    public static boolean isEncodable(long value, int size) {
        return encodeOrMinusOne(value, size) >= 0;
    }

    /** The 13-bit {@code N:immr:imms} field for {@code value}; refuses a value that is not {@linkplain #isEncodable encodable}. */
    public static int encode(long value, int size) {
        int bits = encodeOrMinusOne(value, size);
        if (bits < 0) {
            throw new IllegalArgumentException(String.format("0x%x is not a %d-bit logical (bitmask) immediate", size == 32 ? value & 0xffff_ffffL : value, size));
        }
        return bits;
    }

    static int encodeOrMinusOne(long value, int size) {
        long v;
        if (size == 64) {
            v = value;
        } else if (size == 32) {
            if (value != (int) value && (value >>> 32) != 0) {
                return -1;
            }
            long w = value & 0xffff_ffffL;
            v = w | w << 32;
        } else {
            throw new IllegalArgumentException("size must be 32 or 64, not " + size);
        }
        if (v == 0 || v == -1) {
            return -1;
        }
        // The smallest element the value replicates.
        int e = 64;
        while (e > 2) {
            int half = e / 2;
            long mask = (1L << half) - 1;
            if ((v & mask) != ((v >>> half) & mask)) {
                break;
            }
            e = half;
        }
        long mask = e == 64 ? -1L : (1L << e) - 1;
        long element = v & mask;
        int ones = Long.bitCount(element);
        // Where the run of ones starts: at its lowest bit, or, when it wraps around the element's
        // top, right after the run of zeros.
        int start;
        if (isRunFromBitZero(element >>> Long.numberOfTrailingZeros(element))) {
            start = Long.numberOfTrailingZeros(element);
        } else {
            long zeros = ~element & mask;
            int tz = Long.numberOfTrailingZeros(zeros);
            if (!isRunFromBitZero(zeros >>> tz)) {
                return -1;
            }
            start = tz + Long.bitCount(zeros);
        }
        // element == ror(ones(k), immr), i.e. the run rotated left by start.
        int immr = (e - start) % e;
        int imms = ((-e << 1) & 0x3f) | (ones - 1);
        int n = e == 64 ? 1 : 0;
        return n << 12 | immr << 6 | imms;
    }

    /** {@code x} is {@code 2^k - 1} for some k >= 1. */
    private static boolean isRunFromBitZero(long x) {
        return x != 0 && (x & (x + 1)) == 0;
    }
}
