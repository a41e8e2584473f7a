package org.ssajit.aarch64.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every public instruction method of {@link Aarch64Assembler} is exercised by this package's tests,
 * which compare what it emits with GNU objdump: an encoding nobody checked is not kept. (The test
 * reads the test sources for a call {@code .name(} or a method reference {@code ::name}.)
 */
class AssemblerCoverageTest {
    /** Accessors and raw emitters, checked through every encoding rather than on their own. */
    private static final List<String> NOT_INSTRUCTIONS = List.of("position", "code", "intAt", "emitInt", "emitLong");

    @Test
    void everyInstructionHasAnObjdumpTest() throws IOException {
        StringBuilder tests = new StringBuilder();
        try (Stream<Path> files = Files.walk(Path.of("src/test/java/org/ssajit/aarch64/asm"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("AssemblerCoverageTest.java")).toList()) {
                tests.append(Files.readString(p));
            }
        }
        assertTrue(tests.length() > 10_000, "test sources not found from " + Path.of("").toAbsolutePath());
        TreeSet<String> methods = new TreeSet<>();
        for (Method m : Aarch64Assembler.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()) && !NOT_INSTRUCTIONS.contains(m.getName())) {
                methods.add(m.getName());
            }
        }
        List<String> untested = new ArrayList<>();
        for (String name : methods) {
            if (!tests.toString().contains("." + name + "(") && !tests.toString().contains("::" + name)) {
                untested.add(name);
            }
        }
        assertEquals(List.of(), untested, "assembler methods without an objdump test");
        assertTrue(methods.size() > 100, "instruction methods (distinct names): " + methods.size());
    }

    /**
     * The assembler knows bytes: it imports nothing of ssajit outside its own package but the code
     * buffer and labels it is built on ({@code org.ssajit.asm}, which imports nothing of ssajit or
     * JVMCI itself: codegen-core's AssemblerBaseTest), and of JVMCI only the registers.
     */
    @Test
    void assemblerUsesOnlyJvmciRegisters() throws IOException {
        List<String> offending = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/java/org/ssajit/aarch64/asm"))) {
            for (Path p : files.toList()) {
                for (String line : Files.readAllLines(p)) {
                    String l = line.strip();
                    if (l.startsWith("import ") && (l.contains("org.ssajit.") || l.contains("jdk.vm.ci."))
                            && !l.matches("import (static )?jdk\\.vm\\.ci\\.(aarch64\\.AArch64|code\\.Register)(\\.\\w+)?;")
                            && !l.matches("import org\\.ssajit\\.asm\\.\\w+;")) {
                        offending.add(p.getFileName() + ": " + l);
                    }
                }
            }
        }
        assertEquals(List.of(), offending);
    }
}
