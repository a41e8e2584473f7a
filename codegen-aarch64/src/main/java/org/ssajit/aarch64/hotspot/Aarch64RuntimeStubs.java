package org.ssajit.aarch64.hotspot;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r10;
import static jdk.vm.ci.aarch64.AArch64.r11;
import static jdk.vm.ci.aarch64.AArch64.r2;
import static jdk.vm.ci.aarch64.AArch64.r29;
import static jdk.vm.ci.aarch64.AArch64.r3;
import static jdk.vm.ci.aarch64.AArch64.r30;
import static jdk.vm.ci.aarch64.AArch64.r4;
import static jdk.vm.ci.aarch64.AArch64.r5;
import static jdk.vm.ci.aarch64.AArch64.r6;
import static jdk.vm.ci.aarch64.AArch64.r7;
import static jdk.vm.ci.aarch64.AArch64.r8;
import static jdk.vm.ci.aarch64.AArch64.r9;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;

import java.nio.charset.StandardCharsets;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.asm.Label;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubBuilder;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;

/**
 * The instructions of ssajit's runtime stubs on AArch64 ({@link RuntimeStubBuilder} owns the
 * protocol). Frame: {@code stp x29, x30, [sp, #-16]!; mov x29, sp}, plus the message buffer below the
 * pair; sp stays 16-byte aligned. Unlike on AMD64, HotSpot does not take the last Java frame's pc from
 * the word below its sp (an AArch64 call's return address is in lr): the stub stores it explicitly,
 * the address right after its {@code blr}, where the call's empty oop map is recorded; then x29 and,
 * last, sp ({@code MacroAssembler::set_last_Java_frame}'s order). x28 is the thread; the C function is
 * reached by {@code movz/movk/movk x8; blr x8}. A message is written at x4, its numbers kept in w10 and
 * w11; the digits clobber x5-x7 and x9. x19-x27 are kept; x0, x8 and x9 are clobbered besides what the
 * C function and the formatting clobber.
 */
public final class Aarch64RuntimeStubs extends RuntimeStubBuilder<Aarch64Assembler> {
    private static final Register THREAD = Aarch64FrameBuilder.THREAD;

    public Aarch64RuntimeStubs(HotSpotVmConfig config) {
        super(config, new Aarch64Assembler(), r0, r0, r1, r2, r3);
    }

    @Override
    protected void emitEnter() {
        asm.stp(64, r29, r30, Address.preIndex(sp, -16));
        asm.mov(64, r29, sp);
    }

    @Override
    protected void emitLeave() {
        asm.ldp(64, r29, r30, Address.postIndex(sp, 16));
        asm.ret();
    }

    /**
     * The general registers the C convention (AAPCS64) lets a callee clobber and the allocator may hold
     * values in: x0-x7 and x10-x18 (x8 and x9 are scratch; x18 is a temporary on Linux, where HotSpot
     * allocates it; saving it elsewhere is harmless), and lr, which the stub's own call overwrites.
     */
    private static final Register[] C_CALLER_SAVED = {r0, r1, r2, r3, r4, r5, r6, r7, r10, r11, AArch64.r12, AArch64.r13, AArch64.r14, AArch64.r15,
                    AArch64.r16, AArch64.r17, AArch64.r18, r30};
    /**
     * The SIMD registers whose low 64 bits (all a Java float or double uses) a C callee may clobber:
     * v0-v7 and v16-v31 (it keeps the low halves of v8-v15).
     */
    private static final Register[] C_CALLER_SAVED_SIMD = {AArch64.v0, AArch64.v1, AArch64.v2, AArch64.v3, AArch64.v4, AArch64.v5, AArch64.v6, AArch64.v7,
                    AArch64.v16, AArch64.v17, AArch64.v18, AArch64.v19, AArch64.v20, AArch64.v21, AArch64.v22, AArch64.v23, AArch64.v24, AArch64.v25,
                    AArch64.v26, AArch64.v27, AArch64.v28, AArch64.v29, AArch64.v30, AArch64.v31};
    /** Bytes the stub takes below sp for them (a multiple of 16: sp stays aligned). */
    static final int SAVE_BYTES = 8 * (C_CALLER_SAVED.length + C_CALLER_SAVED_SIMD.length);

    /**
     * The call site passed the arguments in x8 and x9 (scratch: the allocator never assigns them) and
     * called with {@code blr}; the registers above are saved in pairs below sp, then x8 and x9 go to
     * x0 and x1. The frame is the save area.
     */
    @Override
    protected int emitLeafCallSave(int arguments) {
        if (SAVE_BYTES % 16 != 0 || C_CALLER_SAVED.length % 2 != 0 || C_CALLER_SAVED_SIMD.length % 2 != 0 || arguments > 2) {
            throw new IllegalStateException("the register save area must be pairs and keep sp 16-byte aligned, at most two arguments");
        }
        asm.sub(64, sp, sp, SAVE_BYTES);
        saveOrRestore(true);
        Register[] scratch = {r8, r9};
        Register[] c = {r0, r1};
        for (int k = 0; k < arguments; k++) {
            asm.mov(64, c[k], scratch[k]);
        }
        return SAVE_BYTES;
    }

    /** The result (x0) goes to x8, which no restore touches and the call site reads. */
    @Override
    protected void emitLeafCallRestore(boolean result) {
        if (result) {
            asm.mov(64, r8, r0);
        }
        saveOrRestore(false);
        asm.add(64, sp, sp, SAVE_BYTES);
        asm.ret();
    }

    private void saveOrRestore(boolean save) {
        int offset = 0;
        for (Register[] regs : new Register[][] {C_CALLER_SAVED, C_CALLER_SAVED_SIMD}) {
            for (int k = 0; k < regs.length; k += 2, offset += 16) {
                if (save) {
                    asm.stp(64, regs[k], regs[k + 1], Address.of(sp, offset));
                } else {
                    asm.ldp(64, regs[k], regs[k + 1], Address.of(sp, offset));
                }
            }
        }
    }

    @Override
    protected void emitSetLastJavaFrame(Label returnAddress) {
        Aarch64FrameBuilder.setLastJavaFrame(asm, config, returnAddress);
    }

    @Override
    protected void emitMoveThread(Register r) {
        asm.mov(64, r, THREAD);
    }

    @Override
    protected void emitFarCall(long entry) {
        asm.movImm48Fixed(r8, entry);
        asm.blr(r8);
    }

    @Override
    protected void emitLoadFromThread(Register r, int offset) {
        asm.ldr(64, r, Address.of(THREAD, offset));
    }

    @Override
    protected void emitStoreZeroInThread(int offset) {
        asm.str(64, zr, Address.of(THREAD, offset));
    }

    /** Through x9. */
    @Override
    protected void emitBranchIfThreadWordZero(int offset, Label target) {
        asm.ldr(64, r9, Address.of(THREAD, offset));
        asm.cbz(64, r9, target);
    }

    @Override
    protected void emitReturnInt(int value) {
        asm.mov(32, r0, value);
    }

    /** Through x8 and x9. */
    @Override
    protected void emitPin(boolean on) {
        Label none = new Label(on ? "no-continuation-to-pin" : "no-continuation-to-unpin");
        asm.ldr(64, r8, Address.of(THREAD, config.threadContEntryOffset));
        asm.cbz(64, r8, none);
        asm.ldr(32, r9, Address.of(r8, config.contEntryPinCountOffset));
        if (on) {
            asm.add(32, r9, r9, 1);
        } else {
            asm.sub(32, r9, r9, 1);
        }
        asm.str(32, r9, Address.of(r8, config.contEntryPinCountOffset));
        asm.bind(none);
    }

    @Override
    protected void emitAddressOf(Register r, Label label) {
        asm.adr(r, label);
    }

    @Override
    protected void emitStackPointerTo(Register r) {
        asm.mov(64, r, sp);
    }

    @Override
    protected void emitZero(Register r) {
        asm.mov(64, r, zr);
    }

    @Override
    protected void emitMessageStart() {
        asm.sub(64, sp, sp, BUFFER);
        asm.mov(32, r10, r1);
        asm.mov(32, r11, r2);
        asm.mov(64, r4, sp);
    }

    /** {@code mov w9, #char; strb w9, [x4], #1} per character. */
    @Override
    protected void emitText(String s) {
        for (byte b : s.getBytes(StandardCharsets.US_ASCII)) {
            asm.mov(32, r9, b & 0xFF);
            asm.str(8, r9, Address.postIndex(r4, 1));
        }
    }

    /** The magnitude in 64 bits ({@code udiv}, {@code msub}), the digits stored backwards from {@link #DIGITS_END}, then copied. */
    @Override
    protected void emitDecimal(int k) {
        Label positive = new Label("positive");
        Label digit = new Label("digit");
        Label copy = new Label("copy");
        Label done = new Label("copied");
        asm.sxtw(r5, k == 0 ? r10 : r11);
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

    @Override
    protected void emitMessageEnd() {
        asm.str(8, zr, Address.of(r4, 0));
    }

    @Override
    protected void emitMessageFree() {
        asm.add(64, sp, sp, BUFFER);
    }
}
