package org.ssajit.aarch64.disasm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ssajit.disasm.GnuObjdump;

/**
 * Disassembles A64 machine code with GNU {@code objdump} (binutils), as
 * {@code objdump -D -b binary -m aarch64}. Used to show generated code to people and, in tests, as
 * the independent judge of the assembler's encodings.
 *
 * <p>The executable is the system property {@code ssajit.aarch64.objdump} if set, else
 * {@code aarch64-linux-gnu-objdump} on the {@code PATH} (Debian/Ubuntu package
 * {@code binutils-aarch64-linux-gnu}), else, on an AArch64 host only, the native {@code objdump}
 * (codegen-core's {@link GnuObjdump}).
 */
public final class Objdump {
    /** Property naming the objdump executable to use. */
    public static final String PROPERTY = "ssajit.aarch64.objdump";
    /** The cross objdump looked for on the {@code PATH}. */
    public static final String CROSS_OBJDUMP = "aarch64-linux-gnu-objdump";
    /** {@code "  1a4:\t94000000 \tbl\t0x1a4"}: address, the instruction word in hex, text. */
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\t([0-9a-f]{8})\\s*(?:\\t(.*))?$");
    private static final GnuObjdump OBJDUMP = new GnuObjdump("AArch64 objdump", PROPERTY, names(), "aarch64", List.of(), LINE, 120,
                    "install it, e.g. `apt-get install binutils-aarch64-linux-gnu`");

    /** One decoded instruction: its address, its 32-bit word and objdump's text, {@linkplain #normalize normalized}. */
    public record Instruction(long address, int word, String text) {
        @Override
        public String toString() {
            return String.format("%x: %08x  %s", address, word, text);
        }
    }

    private Objdump() {
    }

    /** The cross objdump; on an AArch64 host the native one too. */
    private static List<String> names() {
        List<String> names = new ArrayList<>(List.of(CROSS_OBJDUMP));
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            names.add("objdump");
        }
        return names;
    }

    /** The objdump executable that would be used, or null if there is none. */
    public static Path executable() {
        return OBJDUMP.executable();
    }

    public static boolean isAvailable() {
        return executable() != null;
    }

    /**
     * objdump's listing of {@code code} as if loaded at {@code startAddress}: one line per
     * instruction (address, word, text). Null if objdump is unavailable or fails: a dump is a
     * convenience and must never break compilation.
     */
    public static String disassemble(byte[] code, long startAddress) {
        return OBJDUMP.disassemble(code, startAddress);
    }

    /**
     * Decodes {@code code} (a whole number of little-endian 32-bit words) into instructions, one per
     * word. Fails with an {@link IOException} that says how to fix it when objdump is missing or
     * cannot decode AArch64.
     */
    public static List<Instruction> decode(byte[] code, long startAddress) throws IOException {
        if (code.length % 4 != 0) {
            throw new IllegalArgumentException("A64 code is a whole number of 4-byte words, got " + code.length + " bytes");
        }
        List<Instruction> out = new ArrayList<>(code.length / 4);
        for (Matcher m : OBJDUMP.instructionLines(code, startAddress)) {
            out.add(new Instruction(Long.parseUnsignedLong(m.group(1), 16), Integer.parseUnsignedInt(m.group(2), 16),
                            normalize(m.group(3) == null ? "" : m.group(3))));
        }
        return out;
    }

    /**
     * objdump's text without what is commentary: the {@code // ...} comments (alternative condition
     * names, an immediate in decimal), {@code <symbol+offset>} annotations, and runs of blanks (the
     * tab after the mnemonic becomes one space).
     */
    public static String normalize(String text) {
        String t = text.replaceAll("\\s*//.*$", "").replaceAll("\\s*<[^>]*>", "");
        return t.trim().replaceAll("\\s+", " ");
    }
}
