package org.ssajit.disasm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GNU {@code objdump} for one architecture, run on raw machine code ({@code objdump -D -b binary -m
 * <machine>}): which executable, running it, and the instruction lines of its listing. Each target's
 * {@code Objdump} (which shows generated code to people and, in tests, is the independent judge of
 * the assembler's encodings) is one of these and its own reading of an instruction line.
 *
 * <p>The executable is the system property {@link #property()} if set (read at each use, so a test may
 * change it), else the first of the target's names found on the {@code PATH}.
 */
public final class GnuObjdump {
    private final String what;
    private final String property;
    private final List<String> names;
    private final String machine;
    private final List<String> options;
    private final Pattern line;
    private final long timeoutSeconds;
    private final String install;

    /**
     * @param what the tool as error messages name it ("objdump", "AArch64 objdump")
     * @param property the system property naming the executable
     * @param names the executables looked for on the {@code PATH}, in order
     * @param machine objdump's {@code -m} architecture
     * @param options objdump's further options (syntax, instruction width)
     * @param line an instruction line of the listing (others are headers and blank lines)
     * @param install how to install the tool, for the error when it is missing
     */
    public GnuObjdump(String what, String property, List<String> names, String machine, List<String> options, Pattern line, long timeoutSeconds,
                    String install) {
        this.what = what;
        this.property = property;
        this.names = List.copyOf(names);
        this.machine = machine;
        this.options = List.copyOf(options);
        this.line = line;
        this.timeoutSeconds = timeoutSeconds;
        this.install = install;
    }

    public String property() {
        return property;
    }

    /** The objdump executable that would be used, or null if there is none. */
    public Path executable() {
        String configured = System.getProperty(property);
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured);
            return Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String name : names) {
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

    /**
     * objdump's listing of {@code code} as if loaded at {@code startAddress}: its instruction lines.
     * Null if objdump is unavailable or fails: a dump is a convenience and must never break
     * compilation.
     */
    public String disassemble(byte[] code, long startAddress) {
        try {
            List<String> lines = new ArrayList<>();
            for (Matcher m : instructionLines(code, startAddress)) {
                lines.add(m.group());
            }
            return String.join("\n", lines) + (lines.isEmpty() ? "" : "\n");
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The instruction lines of objdump's listing of {@code code} at {@code startAddress}, matched by
     * the line pattern. Fails with an {@link IOException} that says how to fix it when objdump is
     * missing or cannot decode the architecture.
     */
    public List<Matcher> instructionLines(byte[] code, long startAddress) throws IOException {
        List<Matcher> out = new ArrayList<>();
        for (String l : run(code, startAddress).split("\n")) {
            Matcher m = line.matcher(l);
            if (m.matches()) {
                out.add(m);
            }
        }
        return out;
    }

    private String run(byte[] code, long startAddress) throws IOException {
        Path exe = executable();
        if (exe == null) {
            throw new IOException(what + " not found (looked at -D" + property + " and for " + String.join(", ", names) + " on PATH); " + install);
        }
        Path in = Files.createTempFile("ssajit-code", ".bin");
        Path out = Files.createTempFile("ssajit-objdump", ".txt");
        try {
            Files.write(in, code);
            List<String> command = new ArrayList<>(List.of(exe.toString(), "-D", "-b", "binary", "-m", machine));
            command.addAll(options);
            command.add("--adjust-vma=0x" + Long.toHexString(startAddress));
            command.add(in.toString());
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean done;
            try {
                done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for objdump", e);
            }
            if (!done) {
                p.destroyForcibly();
                throw new IOException(exe + " did not finish within " + timeoutSeconds + " s");
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(exe + " failed (exit " + p.exitValue() + "); does it support -m " + machine + "?\n" + text);
            }
            return text;
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }
}
