package org.ssajit.aarch64.hotspot;

import java.io.ByteArrayOutputStream;
import org.ssajit.util.IntMath;

/**
 * The nmethod's data section as this back end fills it: items reserved at aligned offsets, their
 * bytes little-endian. HotSpot lays it out before the code; instructions reach it pc-relatively
 * through a {@code DataSectionReference} patch (a literal {@code ldr} or {@code adr}).
 */
public final class DataSection {
    /** The section's alignment, and the least alignment of every item. */
    public static final int ALIGNMENT = 16;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final int itemAlignment;

    /** @param itemAlignment what HotSpot requires of every item's offset ({@code data_section_item_alignment}) */
    public DataSection(int itemAlignment) {
        if (Integer.bitCount(itemAlignment) != 1 || itemAlignment > ALIGNMENT) {
            throw new IllegalArgumentException("data section item alignment " + itemAlignment);
        }
        this.itemAlignment = itemAlignment;
    }

    /** Reserves {@code size} zero bytes aligned to {@code alignment} (a power of two up to 16); returns their offset. */
    public int reserve(int size, int alignment) {
        if (Integer.bitCount(alignment) != 1 || alignment > ALIGNMENT || size <= 0) {
            throw new IllegalArgumentException("data item of " + size + " bytes aligned to " + alignment);
        }
        while (bytes.size() % IntMath.max(alignment, itemAlignment) != 0) {
            bytes.write(0);
        }
        int offset = bytes.size();
        for (int i = 0; i < size; i++) {
            bytes.write(0);
        }
        return offset;
    }

    /** Adds a 64-bit value (8-aligned); returns its offset. */
    public int addLong(long v) {
        int offset = reserve(8, 8);
        byte[] b = bytes.toByteArray();
        bytes.reset();
        for (int i = 0; i < 8; i++) {
            b[offset + i] = (byte) (v >>> (8 * i));
        }
        bytes.writeBytes(b);
        return offset;
    }

    public int size() {
        return bytes.size();
    }

    public byte[] bytes() {
        return bytes.toByteArray();
    }
}
