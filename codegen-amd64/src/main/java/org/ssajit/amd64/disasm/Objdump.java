package org.ssajit.amd64.disasm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Disassembles x86-64 machine code with GNU {@code objdump} (binutils), in Intel syntax. Used to show
 * generated code to people and, in tests, as the independent judge of the assembler's encodings.
 *
 * <p>The executable is the system property {@code ssajit.objdump} if set, else {@code objdump} or
 * {@code x86_64-linux-gnu-objdump} on the {@code PATH}.
 */
public final class Objdump {
    /** Property naming the objdump executable to use. */
    public static final String PROPERTY = "ssajit.objdump";
    private static final long TIMEOUT_SECONDS = 60;
    /** {@code "  1a3:\te8 00 00 00 00   \tcall   0x1a8"}; continuation lines have no text. */
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\t((?:[0-9a-f]{2} )*[0-9a-f]{2})\\s*(?:\\t(.*))?$");

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
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured);
            return Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String name : List.of("objdump", "x86_64-linux-gnu-objdump")) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
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
        try {
            List<String> lines = new ArrayList<>();
            for (String line : run(code, startAddress).split("\n")) {
                if (LINE.matcher(line).matches()) {
                    lines.add(line);
                }
            }
            return String.join("\n", lines) + (lines.isEmpty() ? "" : "\n");
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Decodes {@code code} into instructions. Fails with an {@link IOException} that says how to fix
     * it when objdump is missing or cannot decode x86-64.
     */
    public static List<Instruction> decode(byte[] code, long startAddress) throws IOException {
        List<Instruction> out = new ArrayList<>();
        HexFormat hex = HexFormat.ofDelimiter(" ");
        for (String line : run(code, startAddress).split("\n")) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
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

    private static String run(byte[] code, long startAddress) throws IOException {
        Path exe = executable();
        if (exe == null) {
            throw new IOException("objdump not found (looked at -D" + PROPERTY + " and for objdump, x86_64-linux-gnu-objdump on PATH);"
                    + " install GNU binutils, e.g. `apt-get install binutils`");
        }
        Path in = Files.createTempFile("ssajit-code", ".bin");
        Path out = Files.createTempFile("ssajit-objdump", ".txt");
        try {
            Files.write(in, code);
            Process p = new ProcessBuilder(exe.toString(), "-D", "-b", "binary", "-m", "i386:x86-64", "-M", "intel",
                    "--insn-width=16", "--adjust-vma=0x" + Long.toHexString(startAddress), in.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            boolean done;
            try {
                done = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for objdump", e);
            }
            if (!done) {
                p.destroyForcibly();
                throw new IOException(exe + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(exe + " failed (exit " + p.exitValue() + "); does it support i386:x86-64?\n" + text);
            }
            return text;
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }
}
