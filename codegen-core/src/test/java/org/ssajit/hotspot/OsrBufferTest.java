package org.ssajit.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.meta.JavaKind;

/**
 * Where the interpreter's OSR buffer holds each local: {@code SharedRuntime::OSR_migration_begin}
 * copies the locals from local {@code maxLocals - 1} (lowest address) up to local 0, and a two-slot
 * value sits in the word of its second slot, as in the interpreter frame.
 */
class OsrBufferTest {
    @Test
    void bufferOffsets() {
        assertEquals(16, OsrBuffer.offset(0, JavaKind.Int, 3));
        assertEquals(8, OsrBuffer.offset(1, JavaKind.Object, 3));
        assertEquals(0, OsrBuffer.offset(2, JavaKind.Float, 3));
        assertEquals(0, OsrBuffer.offset(1, JavaKind.Long, 3), "slots 1 and 2: the word of slot 2");
        assertEquals(8, OsrBuffer.offset(0, JavaKind.Double, 3), "slots 0 and 1: the word of slot 1");
        assertThrows(IllegalArgumentException.class, () -> OsrBuffer.offset(2, JavaKind.Long, 3));
        assertThrows(IllegalArgumentException.class, () -> OsrBuffer.offset(-1, JavaKind.Int, 3));
    }
}
