package org.ssajit.amd64.disasm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ssajit.disasm.GnuObjdump;

/**
 * Disassembles x86-64 machine code with GNU {@code objdump} (binutils), in Intel syntax. Used to show
 * generated code to people and, in tests, as the independent judge of the assembler's encodings.
 *
 * <p>The executable is the system property {@code ssajit.objdump} if set, else {@code objdump} or
 * {@code x86_64-linux-gnu-objdump} on the {@code PATH} (codegen-core's {@link GnuObjdump}).
 */
public final class Objdump {
    /** Property naming the objdump executable to use. */
    public static final String PROPERTY = "ssajit.objdump";
    /** {@code "  1a3:\te8 00 00 00 00   \tcall   0x1a8"}; continuation lines have no text. */
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\t((?:[0-9a-f]{2} )*[0-9a-f]{2})\\s*(?:\\t(.*))?$");
    private static final GnuObjdump OBJDUMP = new GnuObjdump("objdump", PROPERTY, List.of("objdump", "x86_64-linux-gnu-objdump"), "i386:x86-64",
                    List.of("-M", "intel", "--insn-width=16"), LINE, 60, "install GNU binutils, e.g. `apt-get install binutils`");

    /** One decoded instruction: its address, its bytes and objdump's text, {@linkplain #normalize normalized}. */
    public record Instruction(long address, byte[] bytes, String text) {
        public int length() {
            return bytes.length;
        }

        @Override
        public String toString() {
            return String.format("%x: %-30s %s", address, HexFormat.ofDelimiter(" ").formatHex(bytes), text);
        }
    }

    private Objdump() {
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
     * instruction (address, bytes, Intel-syntax text). Null if objdump is unavailable or fails: a
     * dump is a convenience and must never break compilation.
     */
    public static String disassemble(byte[] code, long startAddress) {
        return OBJDUMP.disassemble(code, startAddress);
    }

    /**
     * Decodes {@code code} into instructions. Fails with an {@link IOException} that says how to fix
     * it when objdump is missing or cannot decode x86-64.
     */
    public static List<Instruction> decode(byte[] code, long startAddress) throws IOException {
        List<Instruction> out = new ArrayList<>();
        HexFormat hex = HexFormat.ofDelimiter(" ");
        for (Matcher m : OBJDUMP.instructionLines(code, startAddress)) {
            byte[] bytes = hex.parseHex(m.group(2));
            if (m.group(3) == null && !out.isEmpty()) {
                // A continuation of the previous instruction's bytes (objdump wraps long ones).
                Instruction prev = out.remove(out.size() - 1);
                byte[] joined = new byte[prev.bytes.length + bytes.length];
                System.arraycopy(prev.bytes, 0, joined, 0, prev.bytes.length);
                System.arraycopy(bytes, 0, joined, prev.bytes.length, bytes.length);
                out.add(new Instruction(prev.address, joined, prev.text));
            } else {
                out.add(new Instruction(Long.parseUnsignedLong(m.group(1), 16), bytes, normalize(m.group(3) == null ? "" : m.group(3))));
            }
        }
        return out;
    }

    /**
     * objdump's text without what varies between runs or tools: the {@code # address} comment after
     * rip-relative operands, {@code <symbol+offset>} annotations, and runs of blanks.
     */
    public static String normalize(String text) {
        String t = text.replaceAll("\\s+#.*$", "").replaceAll("\\s*<[^>]*>", "");
        return t.trim().replaceAll("\\s+", " ");
    }
}
