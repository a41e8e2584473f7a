package org.ssajit.amd64.disasm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

class ObjdumpTest {
    /** mov rax, rbx; lea r10, [rip+0x10]; ret. */
    private static final byte[] CODE = {0x48, (byte) 0x89, (byte) 0xd8, 0x4c, (byte) 0x8d, 0x15, 0x10, 0, 0, 0, (byte) 0xc3};

    @Test
    void objdumpIsInstalled() {
        assertNotNull(Objdump.executable(), "objdump is required (GNU binutils: apt-get install binutils); .ci/run installs it");
    }

    @Test
    void disassembleListsEveryInstructionAtItsAddress() {
        String text = Objdump.disassemble(CODE, 0x7f00_1000L);
        assertNotNull(text, "objdump is required (GNU binutils)");
        String[] lines = text.split("\n");
        assertEquals(3, lines.length, text);
        assertTrue(lines[0].matches("\\s*7f001000:\\t48 89 d8\\s+\\tmov\\s+rax,rbx"), lines[0]);
        assertTrue(lines[1].contains("7f001003:") && lines[1].contains("lea    r10,[rip+0x10]"), lines[1]);
        assertTrue(lines[2].contains("7f00100a:") && lines[2].endsWith("ret"), lines[2]);
    }

    @Test
    void decodeSplitsAndNormalizes() throws IOException {
        List<Objdump.Instruction> insns = Objdump.decode(CODE, 0x400);
        assertEquals(3, insns.size());
        assertEquals(0x400, insns.get(0).address());
        assertArrayEquals(new byte[] {0x48, (byte) 0x89, (byte) 0xd8}, insns.get(0).bytes());
        assertEquals("mov rax,rbx", insns.get(0).text());
        assertEquals(0x403, insns.get(1).address());
        assertEquals("lea r10,[rip+0x10]", insns.get(1).text(), "the '# address' comment is dropped");
        assertEquals(0x40a, insns.get(2).address());
        assertEquals("ret", insns.get(2).text());
    }

    @Test
    void normalize() {
        assertEquals("lea rax,[rip+0x0]", Objdump.normalize("lea    rax,[rip+0x0]        # 0x1b9"));
        assertEquals("jmp 0x19d", Objdump.normalize("jmp    0x19d <.data+0x19d>"));
        assertEquals("lock xadd QWORD PTR [rax],rcx", Objdump.normalize("lock xadd QWORD PTR [rax],rcx"));
    }

    @Test
    void missingObjdumpIsNullForDumpsAndAnErrorForDecode() {
        String old = System.getProperty(Objdump.PROPERTY);
        System.setProperty(Objdump.PROPERTY, "/nonexistent/objdump");
        try {
            assertNull(Objdump.executable());
            assertNull(Objdump.disassemble(CODE, 0));
            IOException e = assertThrows(IOException.class, () -> Objdump.decode(CODE, 0));
            assertTrue(e.getMessage().contains("binutils"), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(Objdump.PROPERTY);
            } else {
                System.setProperty(Objdump.PROPERTY, old);
            }
        }
    }
}
