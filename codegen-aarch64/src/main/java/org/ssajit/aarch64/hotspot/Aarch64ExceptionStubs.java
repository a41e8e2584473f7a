package org.ssajit.aarch64.hotspot;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r10;
import static jdk.vm.ci.aarch64.AArch64.r11;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r29;
import static jdk.vm.ci.aarch64.AArch64.r30;
import static jdk.vm.ci.aarch64.AArch64.r4;
import static jdk.vm.ci.aarch64.AArch64.r5;
import static jdk.vm.ci.aarch64.AArch64.r6;
import static jdk.vm.ci.aarch64.AArch64.r7;
import static jdk.vm.ci.aarch64.AArch64.r8;
import static jdk.vm.ci.aarch64.AArch64.r9;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubs;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.ir.ImplicitException;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Location;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The AArch64 runtime stubs through which compiled code has the VM create an implicit exception
 * ({@link ImplicitException}), one per kind, with the protocol of the AMD64 back end's
 * ({@code Amd64ExceptionStubs}; docs/HOTSPOT-NOTES.md, "Exceptions" and the AArch64 section):
 * compiled code calls the stub with the debug info of the failing bytecode; the stub builds a frame
 * of its own, makes it the thread's last Java frame and calls the {@code JVMCIRuntime} entry, which
 * creates the exception (its stack trace from the first Java frame below the stub: the compiled method
 * at the bytecode's bci) and leaves it pending; the stub takes it off the thread and returns it in x0.
 * If the compiled frame is deoptimized meanwhile, HotSpot redirects the stub's return (the lr it saved)
 * to the frame's deopt handler; the exception is no longer pending then, and the interpreter
 * re-executes the bytecode and throws itself.
 *
 * <p>Convention: x2 holds the object's class for a class cast or array store and x3 the target
 * class of a class cast, where the entry takes them; w1 and w2 hold the index and length (out of
 * bounds), w1 the length (negative size), whose message the stub formats into its frame as the
 * interpreter does ({@code "Index %d out of bounds for length %d"}, {@code "%d"}). x28 is the thread;
 * every other register but x19-x27 may be clobbered (the caller treats the call as clobbering all).
 *
 * <p>Frame: {@code stp x29, x30, [sp, #-16]!; mov x29, sp}, plus a 96-byte message buffer below the
 * pair where a message is formatted: the saved pair right below the caller's sp, as HotSpot's walk of
 * a frame of a known size expects (the return address at {@code caller sp - 8}); sp stays 16-byte
 * aligned. Unlike on AMD64, HotSpot does not take the last Java frame's pc from the word below its sp
 * (the return address of an AArch64 call is in lr, not on the stack): the stub stores it explicitly,
 * the address right after its {@code blr}, where the call's empty oop map is recorded; then x29 and,
 * last, sp ({@code MacroAssembler::set_last_Java_frame}'s order). After the call: sp cleared first,
 * then fp and pc ({@code reset_last_Java_frame}).
 */
public final class Aarch64ExceptionStubs {
    private Aarch64ExceptionStubs() {
    }

    /** The entry of the stub for {@code kind}, installed on first use. */
    public static long address(HotSpotVmConfig config, ImplicitException.Kind kind) {
        return RuntimeStubs.address("ssajit-throw-" + kind.name(), () -> generate(config, kind));
    }

    /** The message buffer's size (at sp) and where the digits of a number are assembled, backwards, below {@link #DIGITS_END}. */
    static final int BUFFER = 96;
    static final int DIGITS_END = 88;

    /** The stub's code; see the class comment. */
    public static CompiledCode generate(HotSpotVmConfig c, ImplicitException.Kind kind) {
        Aarch64Assembler asm = new Aarch64Assembler();
        Register thread = Aarch64FrameBuilder.THREAD;
        Label className = new Label("class-name");
        Label message = new Label("message");
        Label returnAddress = new Label("return-address");
        boolean formats = kind == ImplicitException.Kind.OUT_OF_BOUNDS || kind == ImplicitException.Kind.NEGATIVE_SIZE;
        asm.stp(64, r29, r30, Address.preIndex(sp, -16));
        asm.mov(64, r29, sp);
        if (formats) {
            asm.sub(64, sp, sp, BUFFER);
            // The numbers, out of the registers the call takes; x4 is where the next character goes.
            asm.mov(32, r10, r1);
            asm.mov(32, r11, r2);
            asm.mov(64, r4, sp);
            if (kind == ImplicitException.Kind.OUT_OF_BOUNDS) {
                text(asm, "Index ");
                decimal(asm, r10);
                text(asm, " out of bounds for length ");
                decimal(asm, r11);
            } else {
                decimal(asm, r10);
            }
            asm.str(8, zr, Address.of(r4, 0));
        }
        // This frame is the last Java frame: its pc (where the call's oop map is), fp, and sp last.
        asm.adr(r8, returnAddress);
        asm.str(64, r8, Address.of(thread, c.threadLastJavaPcOffset));
        asm.str(64, r29, Address.of(thread, c.threadLastJavaFpOffset));
        asm.mov(64, r9, sp);
        asm.str(64, r9, Address.of(thread, c.threadLastJavaSpOffset));
        asm.mov(64, r0, thread);
        asm.adr(r1, className);
        long entry;
        switch (kind) {
            case NULL_POINTER, ARITHMETIC -> {
                if (kind.message() == null) {
                    asm.mov(64, r2, zr);
                } else {
                    asm.adr(r2, message);
                }
                entry = c.throwAndPostJvmtiException;
            }
            case ARRAY_STORE -> entry = c.throwKlassExternalNameException; // x2: the value's class
            case CLASS_CAST -> entry = c.throwClassCastException; // x2: the object's class, x3: the target
            case OUT_OF_BOUNDS, NEGATIVE_SIZE -> {
                asm.mov(64, r2, sp); // the formatted message
                entry = c.throwAndPostJvmtiException;
            }
            default -> throw new IllegalArgumentException(kind.toString());
        }
        // The VM's C function may be anywhere: movz/movk/movk x8; blr x8, the Call on the movz. Its
        // debug info: no Java frame here, no references (the oop map HotSpot walks this frame with).
        int pc = asm.movImm48Fixed(r8, entry);
        asm.blr(r8);
        asm.bind(returnAddress);
        DebugInfo noFrame = new DebugInfo((jdk.vm.ci.code.BytecodePosition) null);
        noFrame.setReferenceMap(new HotSpotReferenceMap(new Location[0], new Location[0], new int[0], 16));
        Call call = new Call(new StubTarget(entry, true), pc, Aarch64FrameBuilder.FAR_CALL_SIZE, true, noFrame);
        asm.str(64, zr, Address.of(thread, c.threadLastJavaSpOffset));
        asm.str(64, zr, Address.of(thread, c.threadLastJavaFpOffset));
        asm.str(64, zr, Address.of(thread, c.threadLastJavaPcOffset));
        asm.ldr(64, r0, Address.of(thread, c.threadPendingExceptionOffset));
        asm.str(64, zr, Address.of(thread, c.threadPendingExceptionOffset));
        if (formats) {
            asm.add(64, sp, sp, BUFFER);
        }
        asm.ldp(64, r29, r30, Address.postIndex(sp, 16));
        asm.ret();
        asm.bind(className);
        cString(asm, kind.className());
        asm.bind(message);
        if (kind.message() != null) {
            cString(asm, kind.message());
        }
        return new CompiledCode("ssajit-throw-" + kind.name(), asm.code(), List.of(call), formats ? 16 + BUFFER : 16, null);
    }

    /** Stores {@code s} at x4 and advances x4 past it ({@code mov w9, #char; strb w9, [x4], #1} per character). */
    private static void text(Aarch64Assembler asm, String s) {
        for (byte b : s.getBytes(StandardCharsets.US_ASCII)) {
            asm.mov(32, r9, b & 0xFF);
            asm.str(8, r9, Address.postIndex(r4, 1));
        }
    }

    /**
     * Stores the decimal form of the int in {@code value}'s low half at x4 (a '-' first if negative; the
     * magnitude in 64 bits, so MIN_VALUE too) and advances x4 past it. The digits are produced
     * backwards below {@link #DIGITS_END} in the frame ({@code udiv}, {@code msub}), then copied.
     * Clobbers x5-x7 and x9.
     */
    private static void decimal(Aarch64Assembler asm, Register value) {
        Label positive = new Label("positive");
        Label digit = new Label("digit");
        Label copy = new Label("copy");
        Label done = new Label("copied");
        asm.sxtw(r5, value);
        asm.cmp(64, r5, 0);
        asm.b(Condition.GE, positive);
        asm.mov(32, r9, '-');
        asm.str(8, r9, Address.postIndex(r4, 1));
        asm.neg(64, r5, r5);
        asm.bind(positive);
        asm.add(64, r6, sp, DIGITS_END);
        asm.mov(64, r7, 10);
        asm.bind(digit);
        asm.udiv(64, r9, r5, r7); // q = v / 10
        asm.msub(64, r5, r9, r7, r5); // v - q * 10: the digit
        asm.add(32, r5, r5, '0');
        asm.str(8, r5, Address.preIndex(r6, -1));
        asm.mov(64, r5, r9);
        asm.cbnz(64, r5, digit);
        asm.add(64, r7, sp, DIGITS_END);
        asm.bind(copy);
        asm.cmp(64, r6, r7);
        asm.b(Condition.HS, done);
        asm.ldr(8, r9, Address.postIndex(r6, 1));
        asm.str(8, r9, Address.postIndex(r4, 1));
        asm.b(copy);
        asm.bind(done);
    }

    /** {@code s} and a NUL, padded with zeros to whole instruction words. */
    private static void cString(Aarch64Assembler asm, String s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
        bytes.write(0);
        while (bytes.size() % 4 != 0) {
            bytes.write(0);
        }
        byte[] b = bytes.toByteArray();
        for (int k = 0; k < b.length; k += 4) {
            asm.emitInt((b[k] & 0xFF) | (b[k + 1] & 0xFF) << 8 | (b[k + 2] & 0xFF) << 16 | (b[k + 3] & 0xFF) << 24);
        }
    }
}
