package org.ssajit.aarch64.asm;

import static jdk.vm.ci.aarch64.AArch64.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.disasm.Objdump;

/** The buffer: little-endian words, growth, copies, alignment; and that a missing objdump fails the tests instead of skipping them. */
class BufferTest {
    @Test
    void wordsAreLittleEndianAndCodeIsACopy() {
        Aarch64Assembler a = new Aarch64Assembler(1);
        for (int i = 0; i < 10_000; i++) {
            a.add(64, r1, r2, i & 0xfff);
        }
        assertEquals(40_000, a.position());
        byte[] code = a.code();
        assertEquals(a.position(), code.length);
        // add x1, x2, #0 = 0x91000041, stored 41 00 00 91.
        assertArrayEquals(new byte[] {0x41, 0x00, 0x00, (byte) 0x91}, java.util.Arrays.copyOf(code, 4));
        code[0] = 0;
        assertEquals(0x91000041, a.intAt(0));
        a.emitLong(0x0102030405060708L);
        assertEquals(0x05060708, a.intAt(40_000));
        assertEquals(0x01020304, a.intAt(40_004));
        assertThrows(IllegalArgumentException.class, () -> a.intAt(2));
        assertThrows(IndexOutOfBoundsException.class, () -> a.intAt(a.position()));
    }

    @Test
    void alignPadsWithNops() {
        ObjdumpCheck c = new ObjdumpCheck("align");
        Aarch64Assembler a = c.asm();
        c.add("ret", Aarch64Assembler::ret);
        c.add(java.util.List.of("nop", "nop", "nop"), x -> x.align(16));
        assertEquals(16, a.position());
        c.add(java.util.List.of(), x -> x.align(16));
        c.add(java.util.List.of(), x -> x.align(4));
        c.add(java.util.List.of(), x -> x.align(1));
        c.add("ret", Aarch64Assembler::ret);
        c.add(java.util.List.of("nop"), x -> x.align(8));
        c.add(java.util.List.of("nop", "nop"), x -> x.align(32));
        c.verify();
        assertThrows(IllegalArgumentException.class, () -> a.align(12));
        assertThrows(IllegalArgumentException.class, () -> a.align(0));
    }

    @Test
    void missingObjdumpFailsTheCheck() {
        String old = System.getProperty(Objdump.PROPERTY);
        System.setProperty(Objdump.PROPERTY, "/nonexistent/aarch64-objdump");
        try {
            ObjdumpCheck c = new ObjdumpCheck("no objdump");
            c.add("nop", Aarch64Assembler::nop);
            AssertionError e = assertThrows(AssertionError.class, c::verify);
            assertTrue(e.getMessage().contains("apt-get install binutils-aarch64-linux-gnu"), e.getMessage());
            assertEquals(null, Objdump.disassemble(new byte[4], 0), "a dump is a convenience: null, not an exception");
        } finally {
            if (old == null) {
                System.clearProperty(Objdump.PROPERTY);
            } else {
                System.setProperty(Objdump.PROPERTY, old);
            }
        }
    }

    @Test
    void disassembleListsOneLinePerWord() {
        Aarch64Assembler a = new Aarch64Assembler();
        a.nop();
        a.ret();
        String listing = Objdump.disassemble(a.code(), 0x1000);
        assertEquals("    1000:\td503201f \tnop\n    1004:\td65f03c0 \tret\n", listing);
        assertThrows(IllegalArgumentException.class, () -> Objdump.decode(new byte[3], 0));
    }
}
