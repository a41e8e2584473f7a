package org.ssajit.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The code buffer and labels every target's assembler is built on, through a toy assembler whose
 * only instruction is a 4-byte "jump" holding {@code target - end of instruction}.
 */
class AssemblerBaseTest {
    /** Jumps record (field position, anchor); a jump may not go further back than {@code reach} bytes. */
    private static final class Toy extends Assembler {
        int reach = Integer.MAX_VALUE;

        Toy() {
            super(1);
        }

        void jump(Label target) {
            int field = position();
            int end = field + 4;
            int bound = resolve(target, field, end);
            emitInt(bound >= 0 ? bound - end : 0);
        }

        @Override
        public void align(int alignment) {
            while (position() % alignment != 0) {
                emitByte(0x90);
            }
        }

        @Override
        protected void checkReferences(Label label, int[] references) {
            for (int i = 0; i < references.length; i += 2) {
                if (position() - references[i + 1] > reach) {
                    throw new IllegalStateException("too far: " + label);
                }
            }
        }

        @Override
        protected void patchReferences(Label label, int[] references) {
            for (int i = 0; i < references.length; i += 2) {
                putInt(references[i], label.position() - references[i + 1]);
            }
        }
    }

    @Test
    void forwardReferencesArePatchedWhenTheLabelIsBound() {
        Toy a = new Toy();
        Label l = new Label("L");
        a.jump(l);
        a.jump(l);
        a.emitInt(0x11223344);
        assertThrows(IllegalStateException.class, a::code, "a referenced label not bound yet");
        a.bind(l);
        a.jump(l); // backward
        assertEquals(12, l.position());
        assertArrayEquals(new byte[] {8, 0, 0, 0, 4, 0, 0, 0, 0x44, 0x33, 0x22, 0x11, -4, -1, -1, -1}, a.code());
        assertEquals("L@0xc", l.toString());
        assertEquals(0x22, a.byteAt(10));
    }

    @Test
    void aCheckThatFailsLeavesTheLabelUnbound() {
        Toy a = new Toy();
        a.reach = 4;
        Label l = new Label("far");
        a.jump(l);
        a.emitLong(0);
        assertThrows(IllegalStateException.class, () -> a.bind(l));
        assertFalse(l.isBound());
        a.reach = 100;
        a.bind(l);
        assertEquals(12, l.position());
        assertEquals(8, a.code()[0]);
    }

    @Test
    void misuseIsRefused() {
        Toy a = new Toy();
        Label l = new Label("L");
        a.bind(l);
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> a.bind(l));
        assertEquals("label L@0x0 is already bound", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Toy().jump(l), "a label belongs to one assembler");
        assertThrows(IllegalStateException.class, () -> new Label().position());
        assertThrows(NullPointerException.class, () -> a.jump(null));
        Label unbound = new Label("U");
        a.jump(unbound);
        IllegalStateException never = assertThrows(IllegalStateException.class, a::code);
        assertEquals("labels referenced but never bound: [U]", never.getMessage());
        assertTrue(new Label().id().startsWith("L"));
    }

    @Test
    void bufferGrowsAndAligns() {
        Toy a = new Toy();
        a.emitByte(1);
        a.align(8);
        assertEquals(8, a.position());
        for (int i = 0; i < 1000; i++) {
            a.emitLong(i);
        }
        assertEquals(8 + 8000, a.code().length);
        assertEquals(0x90, a.byteAt(7));
    }

    /** The base knows bytes only: nothing of ssajit outside this package, nothing of JVMCI. */
    @Test
    void importsNothingOfSsajitOrJvmci() throws IOException {
        List<String> offending = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/java/org/ssajit/asm"))) {
            for (Path p : files.toList()) {
                for (String line : Files.readAllLines(p)) {
                    String l = line.strip();
                    if (l.startsWith("import ") && (l.contains("org.ssajit.") || l.contains("jdk.vm.ci."))) {
                        offending.add(p.getFileName() + ": " + l);
                    }
                }
            }
        }
        assertEquals(List.of(), offending);
    }
}
