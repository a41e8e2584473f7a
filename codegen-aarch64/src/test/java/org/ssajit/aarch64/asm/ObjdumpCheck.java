package org.ssajit.aarch64.asm;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

import org.ssajit.aarch64.disasm.Objdump;

/**
 * A batch of expectations judged by one objdump run: each case emits one instruction (or a stated
 * number of them) and names the text objdump must print for each. {@link #verify()} fails with every
 * mismatch, the words included; it fails too, never skips, when objdump is missing.
 */
final class ObjdumpCheck {
    /** Either the exact texts expected, or a judge of the texts that returns a problem or null. */
    private record Case(int start, int end, List<String> expected, Function<List<String>, String> judge) {
    }

    private final String name;
    private final Aarch64Assembler asm;
    private final List<Case> cases = new ArrayList<>();

    ObjdumpCheck(String name) {
        this(name, 1 << 16);
    }

    ObjdumpCheck(String name, int capacity) {
        this.name = name;
        this.asm = new Aarch64Assembler(capacity);
    }

    /** Emits one instruction and expects objdump to print {@code expected} for it. */
    ObjdumpCheck add(String expected, Consumer<Aarch64Assembler> emit) {
        return add(List.of(expected), emit);
    }

    /** Emits {@code expected.size()} instructions, each printed as the corresponding text. */
    ObjdumpCheck add(List<String> expected, Consumer<Aarch64Assembler> emit) {
        int start = asm.position();
        emit.accept(asm);
        cases.add(new Case(start, asm.position(), List.copyOf(expected), null));
        return this;
    }

    /**
     * Emits instructions whose texts are judged by {@code judge} (for sequences whose exact choice is
     * free, e.g. constant materialization): it returns null when they are right, else the problem.
     */
    ObjdumpCheck add(String description, Consumer<Aarch64Assembler> emit, Function<List<String>, String> judge) {
        int start = asm.position();
        emit.accept(asm);
        cases.add(new Case(start, asm.position(), List.of(description), judge));
        return this;
    }

    /** The assembler the cases are emitted into, for cases that need its position (labels). */
    Aarch64Assembler asm() {
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
            throw new AssertionError("objdump for AArch64 is required by the assembler tests: " + e.getMessage(), e);
        }
        TreeMap<Long, Objdump.Instruction> byAddress = new TreeMap<>();
        for (Objdump.Instruction insn : decoded) {
            byAddress.put(insn.address(), insn);
        }
        if (byAddress.size() != code.length / 4) {
            fail(name + ": objdump decoded " + byAddress.size() + " lines for " + code.length / 4 + " words");
        }
        List<String> problems = new ArrayList<>();
        for (Case c : cases) {
            int words = (c.end - c.start) / 4;
            StringBuilder got = new StringBuilder();
            for (int at = c.start; at < c.end; at += 4) {
                Objdump.Instruction insn = byAddress.get((long) at);
                got.append(got.isEmpty() ? "" : "; ").append(String.format("%08x '%s'", asm.intAt(at), insn == null ? "?" : insn.text()));
            }
            String problem = null;
            if (c.judge != null) {
                List<String> texts = new ArrayList<>();
                for (int at = c.start; at < c.end; at += 4) {
                    Objdump.Instruction insn = byAddress.get((long) at);
                    texts.add(insn == null ? "?" : insn.text());
                }
                problem = c.judge.apply(texts);
            } else if (words != c.expected.size()) {
                problem = "emitted " + words + " instructions, expected " + c.expected.size();
            } else {
                for (int i = 0; i < words; i++) {
                    Objdump.Instruction insn = byAddress.get((long) c.start + 4L * i);
                    if (insn == null || !insn.text().equals(c.expected.get(i))) {
                        problem = "objdump disagrees";
                        break;
                    }
                }
            }
            if (problem != null) {
                problems.add(String.format("  at %x expected %s, got %s: %s", c.start, c.expected, got, problem));
            }
        }
        if (!problems.isEmpty()) {
            int shown = Math.min(problems.size(), 40);
            fail(name + ": " + problems.size() + " of " + cases.size() + " cases wrong\n" + String.join("\n", problems.subList(0, shown))
                    + (shown < problems.size() ? "\n  ..." : ""));
        }
        System.out.println("[objdump] " + name + ": " + cases.size() + " cases (" + code.length / 4 + " instructions) match");
        return cases.size();
    }
}
