package org.ssajit.aarch64.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubBuilder;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.hotspot.ir.ImplicitException;

import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The exception stubs ({@link Aarch64RuntimeStubs}, codegen-core's {@code RuntimeStubBuilder.exceptionStub}) read back with objdump: the AArch64 stub frame
 * ({@code stp x29, x30, [sp, #-16]!} at the top of a frame of the declared size), the last Java frame
 * set with an explicit pc that is the call's return address (pc, fp, then sp; cleared sp first), the
 * far call with its Call site on the {@code movz}, the arguments of each {@code JVMCIRuntime} entry,
 * the pending exception taken into x0, and the messages the stub formats ({@code "Index %d out of
 * bounds for length %d"}, {@code "%d"}).
 */
class Aarch64ExceptionStubsTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();

    record Stub(CompiledCode code, List<String> text, Call call) {
        int indexOf(String instruction) {
            return text.indexOf(instruction);
        }
    }

    static Stub stub(ImplicitException.Kind kind) throws Exception {
        CompiledCode code = new Aarch64RuntimeStubs(C).exceptionStub(kind);
        List<String> text = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(code.code(), 0)) {
            text.add(i.text());
        }
        assertEquals(1, code.sites().size(), code.sites()::toString);
        return new Stub(code, text, assertInstanceOf(Call.class, code.sites().get(0)));
    }

    static String thread(String op, String reg, int offset) {
        return op + " " + reg + ", [x28, #" + offset + "]";
    }

    @Test
    void frameAnchorAndCall() throws Exception {
        for (ImplicitException.Kind kind : ImplicitException.Kind.values()) {
            Stub s = stub(kind);
            boolean formats = kind == ImplicitException.Kind.OUT_OF_BOUNDS || kind == ImplicitException.Kind.NEGATIVE_SIZE;
            List<String> t = s.text();
            assertEquals(List.of("stp x29, x30, [sp, #-16]!", "mov x29, sp"), t.subList(0, 2), kind.toString());
            assertEquals(formats ? 16 + RuntimeStubBuilder.BUFFER : 16, s.code().totalFrameSize(), kind.toString());
            if (formats) {
                assertEquals("sub sp, sp, #0x" + Integer.toHexString(RuntimeStubBuilder.BUFFER), t.get(2), kind.toString());
            }
            // The call: movz/movk/movk x8; blr x8, the Call on the movz, 16 bytes, an empty oop map and no frame.
            int movz = s.call().pcOffset / 4;
            assertTrue(t.get(movz).startsWith("mov x8, #"), t.get(movz));
            assertTrue(t.get(movz + 1).startsWith("movk x8, #") && t.get(movz + 2).startsWith("movk x8, #"), kind.toString());
            assertEquals("blr x8", t.get(movz + 3), kind.toString());
            assertEquals(Aarch64FrameBuilder.FAR_CALL_SIZE, s.call().size);
            assertTrue(s.call().direct);
            long entry = switch (kind) {
                case ARRAY_STORE -> C.throwKlassExternalNameException;
                case CLASS_CAST -> C.throwClassCastException;
                default -> C.throwAndPostJvmtiException;
            };
            assertEquals(entry, ((StubTarget) s.call().target).address(), kind.toString());
            assertNull(s.call().debugInfo.getBytecodePosition());
            assertInstanceOf(HotSpotReferenceMap.class, s.call().debugInfo.getReferenceMap());
            // The anchor before the call: pc = the return address, explicitly; fp; sp last.
            int returnAddress = movz + 4;
            int pcStore = s.indexOf(thread("str", "x9", C.threadLastJavaPcOffset));
            assertEquals("adr x9, 0x" + Integer.toHexString(4 * returnAddress), t.get(pcStore - 1), kind.toString());
            assertEquals(thread("str", "x29", C.threadLastJavaFpOffset), t.get(pcStore + 1), kind.toString());
            assertEquals("mov x9, sp", t.get(pcStore + 2), kind.toString());
            assertEquals(thread("str", "x9", C.threadLastJavaSpOffset), t.get(pcStore + 3), kind.toString());
            assertEquals("mov x0, x28", t.get(pcStore + 4), kind.toString());
            assertTrue(t.get(pcStore + 5).startsWith("adr x1, "), kind.toString());
            // After it: sp cleared first, then fp and pc; the pending exception into x0 and cleared; the frame popped.
            assertEquals(List.of(thread("str", "xzr", C.threadLastJavaSpOffset), thread("str", "xzr", C.threadLastJavaFpOffset),
                            thread("str", "xzr", C.threadLastJavaPcOffset), thread("ldr", "x0", C.threadPendingExceptionOffset),
                            thread("str", "xzr", C.threadPendingExceptionOffset)), t.subList(returnAddress, returnAddress + 5), kind.toString());
            int ret = t.indexOf("ret");
            assertEquals("ldp x29, x30, [sp], #16", t.get(ret - 1), kind.toString());
            if (formats) {
                assertEquals("add sp, sp, #0x" + Integer.toHexString(RuntimeStubBuilder.BUFFER), t.get(ret - 2), kind.toString());
                assertEquals("mov x2, sp", t.get(movz - 1), kind.toString());
            }
            // The class name, as a C string, where adr x1 points.
            long className = Long.decode(t.get(pcStore + 5).substring("adr x1, ".length()));
            assertEquals(kind.className(), cString(s.code().code(), (int) className), kind.toString());
            if (kind == ImplicitException.Kind.ARITHMETIC) {
                long message = Long.decode(t.get(movz - 1).substring("adr x2, ".length()));
                assertEquals("/ by zero", cString(s.code().code(), (int) message));
            } else if (kind == ImplicitException.Kind.NULL_POINTER) {
                assertEquals("mov x2, xzr", t.get(movz - 1));
            }
        }
    }

    /** The fixed parts of the formatted messages, from the stub's character stores ({@code mov w9, #c; strb w9, [x4], #1}). */
    @Test
    void messages() throws Exception {
        assertEquals(List.of("Index ", "#", " out of bounds for length ", "#", "\0"), message(stub(ImplicitException.Kind.OUT_OF_BOUNDS)));
        assertEquals(List.of("#", "\0"), message(stub(ImplicitException.Kind.NEGATIVE_SIZE)));
    }

    private static final Pattern CHAR = Pattern.compile("mov w9, #0x([0-9a-f]+)");

    /** The message's pieces in order: text runs, {@code #} for each number (a udiv loop), NUL for the terminating {@code strb wzr}. */
    static List<String> message(Stub s) {
        List<String> out = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        List<String> t = s.text();
        for (int k = 0; k < t.size(); k++) {
            Matcher m = CHAR.matcher(t.get(k));
            if (m.matches() && k + 1 < t.size() && t.get(k + 1).equals("strb w9, [x4], #1")) {
                char c = (char) Integer.parseInt(m.group(1), 16);
                if (c == '-' && t.get(k - 1).startsWith("b.ge")) {
                    continue; // a number's sign
                }
                run.append(c);
                k++;
            } else if (t.get(k).equals("sxtw x5, w10") || t.get(k).equals("sxtw x5, w11") || t.get(k).equals("strb wzr, [x4]")) {
                if (!run.isEmpty()) {
                    out.add(run.toString());
                    run.setLength(0);
                }
                out.add(t.get(k).startsWith("strb") ? "\0" : "#");
            }
        }
        return out;
    }

    static String cString(byte[] code, int at) {
        int end = at;
        while (code[end] != 0) {
            end++;
        }
        return new String(code, at, end - at, StandardCharsets.US_ASCII);
    }
}
