package org.ssajit.amd64.asm;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.ssajit.amd64.disasm.Objdump;

/**
 * A batch of expectations judged by one objdump run: each case emits one instruction and names the
 * text objdump must print for it (and optionally its exact length). {@link #verify()} fails with
 * every mismatch, the bytes included; it fails too, never skips, when objdump is missing.
 */
final class ObjdumpCheck {
    private record Case(int start, int end, String expected, int length) {
    }

    private final String name;
    private final Amd64Assembler asm = new Amd64Assembler(1 << 16);
    private final List<Case> cases = new ArrayList<>();

    ObjdumpCheck(String name) {
        this.name = name;
    }

    /** Emits one instruction and expects objdump to print {@code expected} for it. */
    ObjdumpCheck add(String expected, Consumer<Amd64Assembler> emit) {
        return add(expected, -1, emit);
    }

    /** As {@link #add(String, Consumer)}, and the instruction must be exactly {@code length} bytes. */
    ObjdumpCheck add(String expected, int length, Consumer<Amd64Assembler> emit) {
        int start = asm.position();
        emit.accept(asm);
        cases.add(new Case(start, asm.position(), expected, length));
        return this;
    }

    /** The assembler the cases are emitted into, for cases that need its position (labels). */
    Amd64Assembler asm() {
        return asm;
    }

    int size() {
        return cases.size();
    }

    /** Runs objdump once over the whole batch and compares; returns the number of cases checked. */
    int verify() {
        byte[] code = asm.code();
        List<Objdump.Instruction> decoded;
        try {
            decoded = Objdump.decode(code, 0);
        } catch (IOException e) {
            throw new AssertionError("objdump is required by the assembler tests: " + e.getMessage(), e);
        }
        TreeMap<Long, Objdump.Instruction> byAddress = new TreeMap<>();
        for (Objdump.Instruction insn : decoded) {
            byAddress.put(insn.address(), insn);
        }
        HexFormat hex = HexFormat.ofDelimiter(" ");
        List<String> problems = new ArrayList<>();
        for (Case c : cases) {
            Objdump.Instruction insn = byAddress.get((long) c.start);
            String bytes = hex.formatHex(code, c.start, c.end);
            String problem = null;
            if (c.end == c.start) {
                problem = "emitted nothing";
            } else if (insn == null) {
                problem = "objdump found no instruction starting here";
            } else if (insn.length() != c.end - c.start) {
                problem = "objdump decoded " + insn.length() + " bytes as one instruction ('" + insn.text() + "'), emitted " + (c.end - c.start);
            } else if (!insn.text().equals(c.expected)) {
                problem = "objdump says '" + insn.text() + "'";
            } else if (c.length >= 0 && c.length != c.end - c.start) {
                problem = "expected " + c.length + " bytes (shortest form), emitted " + (c.end - c.start);
            }
            if (problem != null) {
                problems.add(String.format("  at %x [%s] expected '%s': %s", c.start, bytes, c.expected, problem));
            }
        }
        if (!problems.isEmpty()) {
            int shown = Math.min(problems.size(), 40);
            fail(name + ": " + problems.size() + " of " + cases.size() + " encodings wrong\n"
                    + String.join("\n", problems.subList(0, shown)) + (shown < problems.size() ? "\n  ..." : ""));
        }
        System.out.println("[objdump] " + name + ": " + cases.size() + " encodings match");
        return cases.size();
    }
}
