package org.ssajit.amd64.hotspot;

import static jdk.vm.ci.amd64.AMD64.r10;
import static jdk.vm.ci.amd64.AMD64.r11;
import static jdk.vm.ci.amd64.AMD64.r15;
import static jdk.vm.ci.amd64.AMD64.r8;
import static jdk.vm.ci.amd64.AMD64.r9;
import static jdk.vm.ci.amd64.AMD64.rax;
import static jdk.vm.ci.amd64.AMD64.rbp;
import static jdk.vm.ci.amd64.AMD64.rcx;
import static jdk.vm.ci.amd64.AMD64.rdi;
import static jdk.vm.ci.amd64.AMD64.rdx;
import static jdk.vm.ci.amd64.AMD64.rsi;
import static jdk.vm.ci.amd64.AMD64.rsp;
import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import java.nio.charset.StandardCharsets;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.asm.Label;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubBuilder;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;

/**
 * The instructions of ssajit's runtime stubs on AMD64 ({@link RuntimeStubBuilder} owns the protocol).
 * Frame: {@code push rbp} (with the return address, 16 bytes; rsp 16-byte aligned at the C call),
 * plus the message buffer. The last Java frame is the anchor's sp alone: HotSpot/x86 reads the pc
 * right below it. r15 is the thread; the C function is reached by {@code movabs r10; call r10}. A
 * message is written at rdi, its numbers kept in r10 and r11; the digits clobber rax, rdx, r8 and r9.
 * Clobbers rax, rdi and r10 besides what the C function and the formatting clobber.
 */
public final class Amd64RuntimeStubs extends RuntimeStubBuilder<Amd64Assembler> {
    public Amd64RuntimeStubs(HotSpotVmConfig config) {
        super(config, new Amd64Assembler(), rax, rdi, rsi, rdx, rcx);
    }

    @Override
    protected void emitEnter() {
        asm.push(rbp);
    }

    @Override
    protected void emitLeave() {
        asm.pop(rbp);
        asm.ret();
    }

    /** The C convention's general argument registers (System V). */
    private static final Register[] C_ARGUMENTS = {rdi, rsi, rdx, rcx, r8, r9};
    /** The most arguments a leaf-call-saving stub loads (the C argument registers). */
    public static final int LEAF_CALL_ARGUMENTS = C_ARGUMENTS.length;
    /** The general registers a C function may clobber (r10, the scratch register, holds nothing across ops). */
    private static final Register[] C_CALLER_SAVED = {rax, rcx, rdx, rsi, rdi, r8, r9, r11};
    /** Bytes below the return address for xmm0-xmm15 (their low 64 bits, all a Java float or double uses) and padding. */
    private static final int XMM_SAVE_BYTES = 16 * 8 + 8;
    /** The save area below the return address: rsp is 16-byte aligned at the C call as at the call site. */
    private static final int SAVED = XMM_SAVE_BYTES + 8 * C_CALLER_SAVED.length;

    /**
     * The call site pushed the argument words (last first, padded to an even count) and called: they
     * lie above the return address, the first lowest. xmm0-15 and the general registers C may clobber
     * are saved below it; the frame is the save area and the return address.
     */
    @Override
    protected int emitLeafCallSave(int arguments) {
        if ((8 + SAVED) % 16 != 0 || arguments > C_ARGUMENTS.length) {
            throw new IllegalStateException("the register save area must keep rsp 16-byte aligned, the arguments fit in registers");
        }
        asm.alu(AluOp.SUB, QWORD, rsp, XMM_SAVE_BYTES);
        for (int k = 0; k < 16; k++) {
            asm.movsd(Address.of(rsp, 8 * k), AMD64.xmmRegistersSSE.get(k));
        }
        for (Register r : C_CALLER_SAVED) {
            asm.push(r);
        }
        for (int k = 0; k < arguments; k++) {
            asm.mov(QWORD, C_ARGUMENTS[k], Address.of(rsp, SAVED + 8 + 8 * k));
        }
        return SAVED + 8;
    }

    /** The result (rax) goes to the first argument's word, which the call site reads before it drops the words. */
    @Override
    protected void emitLeafCallRestore(boolean result) {
        if (result) {
            asm.mov(QWORD, Address.of(rsp, SAVED + 8), rax);
        }
        for (int k = C_CALLER_SAVED.length - 1; k >= 0; k--) {
            asm.pop(C_CALLER_SAVED[k]);
        }
        for (int k = 0; k < 16; k++) {
            asm.movsd(AMD64.xmmRegistersSSE.get(k), Address.of(rsp, 8 * k));
        }
        asm.alu(AluOp.ADD, QWORD, rsp, XMM_SAVE_BYTES);
        asm.ret();
    }

    /** The anchor's sp alone: the VM reads the return address right below it. */
    @Override
    protected void emitSetLastJavaFrame(Label returnAddress) {
        asm.mov(QWORD, Address.of(r15, config.threadLastJavaSpOffset), rsp);
    }

    @Override
    protected void emitMoveThread(Register r) {
        asm.mov(QWORD, r, r15);
    }

    @Override
    protected void emitFarCall(long entry) {
        asm.movabs(r10, 0L);
        asm.call(r10);
    }

    @Override
    protected void emitLoadFromThread(Register r, int offset) {
        asm.mov(QWORD, r, Address.of(r15, offset));
    }

    @Override
    protected void emitStoreZeroInThread(int offset) {
        asm.mov(QWORD, Address.of(r15, offset), 0);
    }

    @Override
    protected void emitBranchIfThreadWordZero(int offset, Label target) {
        asm.alu(AluOp.CMP, QWORD, Address.of(r15, offset), 0);
        asm.jcc(Condition.E, target);
    }

    @Override
    protected void emitReturnInt(int value) {
        if (value == 0) {
            emitZero(rax);
        } else {
            asm.mov(DWORD, rax, value);
        }
    }

    /** Through r10. */
    @Override
    protected void emitPin(boolean on) {
        Label none = new Label(on ? "no-continuation-to-pin" : "no-continuation-to-unpin");
        asm.mov(QWORD, r10, Address.of(r15, config.threadContEntryOffset));
        asm.test(QWORD, r10, r10);
        asm.jcc(Condition.E, none);
        asm.alu(on ? AluOp.ADD : AluOp.SUB, DWORD, Address.of(r10, config.contEntryPinCountOffset), 1);
        asm.bind(none);
    }

    @Override
    protected void emitAddressOf(Register r, Label label) {
        asm.lea(QWORD, r, Address.rip(label));
    }

    @Override
    protected void emitStackPointerTo(Register r) {
        asm.mov(QWORD, r, rsp);
    }

    @Override
    protected void emitZero(Register r) {
        asm.alu(AluOp.XOR, DWORD, r, r);
    }

    @Override
    protected void emitMessageStart() {
        asm.alu(AluOp.SUB, QWORD, rsp, BUFFER);
        asm.mov(DWORD, r10, rsi);
        asm.mov(DWORD, r11, rdx);
        asm.mov(QWORD, rdi, rsp);
    }

    @Override
    protected void emitText(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k < bytes.length; k++) {
            asm.mov(BYTE, Address.of(rdi, k), bytes[k]);
        }
        asm.alu(AluOp.ADD, QWORD, rdi, bytes.length);
    }

    /** The magnitude in 64 bits ({@code div} by 10), the digits stored backwards from {@link #DIGITS_END}, then copied. */
    @Override
    protected void emitDecimal(int k) {
        Label positive = new Label("positive");
        Label digit = new Label("digit");
        Label copy = new Label("copy");
        Label done = new Label("copied");
        asm.movsxd(rax, k == 0 ? r10 : r11);
        asm.test(QWORD, rax, rax);
        asm.jcc(Condition.GE, positive);
        asm.mov(BYTE, Address.of(rdi), '-');
        asm.alu(AluOp.ADD, QWORD, rdi, 1);
        asm.unary(UnaryOp.NEG, QWORD, rax);
        asm.bind(positive);
        asm.lea(QWORD, r8, Address.of(rsp, DIGITS_END));
        asm.mov(DWORD, r9, 10);
        asm.bind(digit);
        asm.alu(AluOp.XOR, DWORD, rdx, rdx);
        asm.unary(UnaryOp.DIV, QWORD, r9);
        asm.alu(AluOp.ADD, DWORD, rdx, '0');
        asm.alu(AluOp.SUB, QWORD, r8, 1);
        asm.mov(BYTE, Address.of(r8), rdx);
        asm.test(QWORD, rax, rax);
        asm.jcc(Condition.NE, digit);
        asm.lea(QWORD, r9, Address.of(rsp, DIGITS_END));
        asm.bind(copy);
        asm.alu(AluOp.CMP, QWORD, r8, r9);
        asm.jcc(Condition.AE, done);
        asm.movzx(DWORD, rax, BYTE, Address.of(r8));
        asm.mov(BYTE, Address.of(rdi), rax);
        asm.alu(AluOp.ADD, QWORD, rdi, 1);
        asm.alu(AluOp.ADD, QWORD, r8, 1);
        asm.jmp(copy);
        asm.bind(done);
    }

    @Override
    protected void emitMessageEnd() {
        asm.mov(BYTE, Address.of(rdi), 0);
    }

    @Override
    protected void emitMessageFree() {
        asm.alu(AluOp.ADD, QWORD, rsp, BUFFER);
    }

    /** Unpadded: data after the code, read by the VM only. */
    @Override
    protected void emitCString(String s) {
        for (byte b : s.getBytes(StandardCharsets.US_ASCII)) {
            asm.emitByte(b);
        }
        asm.emitByte(0);
    }
}
