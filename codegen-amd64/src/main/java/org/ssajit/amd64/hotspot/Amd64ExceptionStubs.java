package org.ssajit.amd64.hotspot;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubs;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.ir.ImplicitException;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Location;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The runtime stubs through which compiled code has the VM create an implicit exception
 * ({@link ImplicitException}), one per kind. Compiled code calls the stub (a call with the debug info
 * of the failing bytecode, reexecuting it); the stub has a frame of its own, makes itself the thread's
 * last Java frame and calls the {@code JVMCIRuntime} entry, which creates the exception as the
 * interpreter does (class, message; the stack trace from the first Java frame below the stub: the
 * compiled method at the bytecode's bci) and leaves it pending. The stub takes it off the thread and
 * returns it in rax.
 *
 * <p>Why a stub frame: if the compiled frame is deoptimized while the VM runs (a safepoint in the
 * allocation), HotSpot redirects the return into the compiled frame, which is the stub's return, to
 * the frame's deopt handler. Without a stub the VM would return there with the exception still
 * pending; with it, the stub has cleared it, and the interpreter re-executes the bytecode and throws.
 *
 * <p>Convention: rdx holds the object's class for a class cast or array store and rcx the target
 * class of a class cast, where the entry takes them; esi and edx hold the index and length (out of
 * bounds), esi the length (negative size), whose message the stub formats into its frame as the
 * interpreter does ({@code "Index %d out of bounds for length %d"}, {@code "%d"}); every other
 * register may be clobbered (the caller treats the call as clobbering all). Frame: the return address
 * and the saved rbp, plus a 96-byte message buffer where a message is formatted; rsp is 16-byte
 * aligned at the C call.
 */
public final class Amd64ExceptionStubs {
    private Amd64ExceptionStubs() {
    }

    /** The entry of the stub for {@code kind}, installed on first use. */
    public static long address(HotSpotVmConfig config, ImplicitException.Kind kind) {
        return RuntimeStubs.address("ssajit-throw-" + kind.name(), () -> generate(config, kind));
    }

    /** Where the formatted message starts (rsp) and where the digits of a number are assembled, backwards, below {@link #DIGITS_END}. */
    private static final int BUFFER = 96;
    private static final int DIGITS_END = 88;

    /** The stub's code; see the class comment. */
    public static CompiledCode generate(HotSpotVmConfig c, ImplicitException.Kind kind) {
        Amd64Assembler asm = new Amd64Assembler();
        Label className = new Label("class-name");
        Label message = new Label("message");
        boolean formats = kind == ImplicitException.Kind.OUT_OF_BOUNDS || kind == ImplicitException.Kind.NEGATIVE_SIZE;
        asm.push(AMD64.rbp);
        if (formats) {
            asm.alu(AluOp.SUB, QWORD, AMD64.rsp, BUFFER);
            // The numbers, out of the registers the formatting uses.
            asm.mov(DWORD, AMD64.r10, AMD64.rsi);
            asm.mov(DWORD, AMD64.r11, AMD64.rdx);
            asm.mov(QWORD, AMD64.rdi, AMD64.rsp);
            if (kind == ImplicitException.Kind.OUT_OF_BOUNDS) {
                text(asm, "Index ");
                decimal(asm, AMD64.r10);
                text(asm, " out of bounds for length ");
                decimal(asm, AMD64.r11);
            } else {
                decimal(asm, AMD64.r10);
            }
            asm.mov(OperandSize.BYTE, Address.of(AMD64.rdi), 0);
        }
        // This frame is the last Java frame's: the VM reads the return address right below its sp.
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), AMD64.rsp);
        asm.mov(QWORD, AMD64.rdi, AMD64.r15);
        asm.lea(QWORD, AMD64.rsi, Address.rip(className));
        long entry;
        switch (kind) {
            case NULL_POINTER, ARITHMETIC -> {
                if (kind.message() == null) {
                    asm.alu(AluOp.XOR, DWORD, AMD64.rdx, AMD64.rdx);
                } else {
                    asm.lea(QWORD, AMD64.rdx, Address.rip(message));
                }
                entry = c.throwAndPostJvmtiException;
            }
            case ARRAY_STORE -> entry = c.throwKlassExternalNameException; // rdx: the value's class
            case CLASS_CAST -> entry = c.throwClassCastException; // rdx: the object's class, rcx: the target
            case OUT_OF_BOUNDS, NEGATIVE_SIZE -> {
                asm.mov(QWORD, AMD64.rdx, AMD64.rsp); // the formatted message
                entry = c.throwAndPostJvmtiException;
            }
            default -> throw new IllegalArgumentException(kind.toString());
        }
        // A far call (the VM's C function may be anywhere): movabs r10, entry; call r10. Its debug info:
        // no Java frame here, no references (the oop map HotSpot walks this frame with at the call).
        int pc = asm.movabs(AMD64.r10, 0L);
        asm.call(AMD64.r10);
        DebugInfo noFrame = new DebugInfo((jdk.vm.ci.code.BytecodePosition) null);
        noFrame.setReferenceMap(new HotSpotReferenceMap(new Location[0], new Location[0], new int[0], 16));
        Call call = new Call(new StubTarget(entry, true), pc, asm.position() - pc, true, noFrame);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), 0);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaFpOffset), 0);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaPcOffset), 0);
        asm.mov(QWORD, AMD64.rax, Address.of(AMD64.r15, c.threadPendingExceptionOffset));
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadPendingExceptionOffset), 0);
        if (formats) {
            asm.alu(AluOp.ADD, QWORD, AMD64.rsp, BUFFER);
        }
        asm.pop(AMD64.rbp);
        asm.ret();
        asm.bind(className);
        cString(asm, kind.className());
        asm.bind(message);
        if (kind.message() != null) {
            cString(asm, kind.message());
        }
        return new CompiledCode("ssajit-throw-" + kind.name(), asm.code(), List.of(call), formats ? 16 + BUFFER : 16, null);
    }

    /** Stores {@code s} at rdi and advances rdi past it. */
    private static void text(Amd64Assembler asm, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k < bytes.length; k++) {
            asm.mov(OperandSize.BYTE, Address.of(AMD64.rdi, k), bytes[k]);
        }
        asm.alu(AluOp.ADD, QWORD, AMD64.rdi, bytes.length);
    }

    /**
     * Stores the decimal form of the int in {@code value}'s low half at rdi (a '-' first if negative;
     * the magnitude in 64 bits, so MIN_VALUE too) and advances rdi past it. The digits are produced
     * backwards below {@link #DIGITS_END} in the frame, then copied. Clobbers rax, rdx, r8, r9.
     */
    private static void decimal(Amd64Assembler asm, jdk.vm.ci.code.Register value) {
        Label positive = new Label("positive");
        Label digit = new Label("digit");
        Label copy = new Label("copy");
        Label done = new Label("copied");
        asm.movsxd(AMD64.rax, value);
        asm.test(QWORD, AMD64.rax, AMD64.rax);
        asm.jcc(org.ssajit.amd64.asm.Condition.GE, positive);
        asm.mov(OperandSize.BYTE, Address.of(AMD64.rdi), '-');
        asm.alu(AluOp.ADD, QWORD, AMD64.rdi, 1);
        asm.unary(org.ssajit.amd64.asm.UnaryOp.NEG, QWORD, AMD64.rax);
        asm.bind(positive);
        asm.lea(QWORD, AMD64.r8, Address.of(AMD64.rsp, DIGITS_END));
        asm.mov(DWORD, AMD64.r9, 10);
        asm.bind(digit);
        asm.alu(AluOp.XOR, DWORD, AMD64.rdx, AMD64.rdx);
        asm.unary(org.ssajit.amd64.asm.UnaryOp.DIV, QWORD, AMD64.r9);
        asm.alu(AluOp.ADD, DWORD, AMD64.rdx, '0');
        asm.alu(AluOp.SUB, QWORD, AMD64.r8, 1);
        asm.mov(OperandSize.BYTE, Address.of(AMD64.r8), AMD64.rdx);
        asm.test(QWORD, AMD64.rax, AMD64.rax);
        asm.jcc(org.ssajit.amd64.asm.Condition.NE, digit);
        asm.lea(QWORD, AMD64.r9, Address.of(AMD64.rsp, DIGITS_END));
        asm.bind(copy);
        asm.alu(AluOp.CMP, QWORD, AMD64.r8, AMD64.r9);
        asm.jcc(org.ssajit.amd64.asm.Condition.AE, done);
        asm.movzx(DWORD, AMD64.rax, OperandSize.BYTE, Address.of(AMD64.r8));
        asm.mov(OperandSize.BYTE, Address.of(AMD64.rdi), AMD64.rax);
        asm.alu(AluOp.ADD, QWORD, AMD64.rdi, 1);
        asm.alu(AluOp.ADD, QWORD, AMD64.r8, 1);
        asm.jmp(copy);
        asm.bind(done);
    }

    private static void cString(Amd64Assembler asm, String s) {
        for (byte b : s.getBytes(StandardCharsets.US_ASCII)) {
            asm.emitByte(b);
        }
        asm.emitByte(0);
    }
}
