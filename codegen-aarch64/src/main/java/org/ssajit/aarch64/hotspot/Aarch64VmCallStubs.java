package org.ssajit.aarch64.hotspot;

import static jdk.vm.ci.aarch64.AArch64.r0;
import static jdk.vm.ci.aarch64.AArch64.r29;
import static jdk.vm.ci.aarch64.AArch64.r30;
import static jdk.vm.ci.aarch64.AArch64.r8;
import static jdk.vm.ci.aarch64.AArch64.r9;
import static jdk.vm.ci.aarch64.AArch64.sp;
import static jdk.vm.ci.aarch64.AArch64.zr;

import java.util.List;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubs;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Location;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The runtime stubs through which AArch64 compiled code calls a VM entry that may run Java code
 * before it returns ({@code JVMCIRuntime::new_array_or_null}, {@code new_multi_array_or_null},
 * {@code new_instance_or_null}, {@code SharedRuntime::register_finalizer}). The caller puts the
 * entry's arguments after the thread in x1-x3 and calls the stub with the debug info of its bytecode;
 * the stub makes its own frame the thread's last Java frame, passes the thread in x0, calls the entry,
 * clears the anchor, and returns in x0 the object the entry left in the thread's vm_result
 * ({@link Result#OBJECT}) or 1 ({@link Result#STATUS}); 0 when the entry failed, its pending exception
 * cleared (the caller deoptimizes to the state before the bytecode). Why a stub frame: see
 * {@code Amd64VmCallStubs} (a collection inside the VM's Java code walks the frame below the VM's
 * entry frame as a Java call site, which a compiled frame at a {@code newarray} is not).
 *
 * <p>The frame is the monitorenter stub's ({@link Aarch64MonitorStubs}): {@code stp x29, x30,
 * [sp, #-16]!; mov x29, sp}, 16 bytes, and the anchor's three fields set explicitly (the pc of the
 * call's return address, x29, sp last). Clobbers x0, x8, x9 besides what the C function clobbers.
 */
public final class Aarch64VmCallStubs {
    private static final Register THREAD = Aarch64FrameBuilder.THREAD;

    /** What the stub returns in x0. */
    public enum Result {
        /** The thread's vm_result (taken off the thread), or null when the entry failed. */
        OBJECT,
        /** 1, or 0 when the entry failed. */
        STATUS
    }

    private Aarch64VmCallStubs() {
    }

    /** The entry of the stub that calls the VM entry {@code entry} (named {@code entryName} in the stub's name), installed on first use. */
    public static long address(HotSpotVmConfig config, String entryName, long entry, Result result) {
        String name = "ssajit-vm-" + entryName;
        return RuntimeStubs.address(name, () -> generate(config, name, entry, result));
    }

    /** The stub's code; see the class comment. */
    public static CompiledCode generate(HotSpotVmConfig c, String name, long entry, Result result) {
        Aarch64Assembler asm = new Aarch64Assembler();
        asm.stp(64, r29, r30, Address.preIndex(sp, -16));
        asm.mov(64, r29, sp);
        Label returnAddress = new Label("vm-call-return");
        asm.adr(r9, returnAddress);
        asm.str(64, r9, Address.of(THREAD, c.threadLastJavaPcOffset));
        asm.str(64, r29, Address.of(THREAD, c.threadLastJavaFpOffset));
        asm.mov(64, r9, sp);
        asm.str(64, r9, Address.of(THREAD, c.threadLastJavaSpOffset));
        asm.mov(64, r0, THREAD);
        int pc = asm.movImm48Fixed(r8, 0L);
        asm.blr(r8);
        asm.bind(returnAddress);
        DebugInfo noFrame = new DebugInfo((jdk.vm.ci.code.BytecodePosition) null);
        noFrame.setReferenceMap(new HotSpotReferenceMap(new Location[0], new Location[0], new int[0], 16));
        Call call = new Call(new StubTarget(entry, true), pc, asm.position() - pc, true, noFrame);
        asm.str(64, zr, Address.of(THREAD, c.threadLastJavaSpOffset));
        asm.str(64, zr, Address.of(THREAD, c.threadLastJavaFpOffset));
        asm.str(64, zr, Address.of(THREAD, c.threadLastJavaPcOffset));
        if (result == Result.OBJECT) {
            asm.ldr(64, r0, Address.of(THREAD, c.threadVmResultOopOffset));
            asm.str(64, zr, Address.of(THREAD, c.threadVmResultOopOffset));
        } else {
            asm.mov(32, r0, 1);
        }
        Label out = new Label("vm-call-out");
        asm.ldr(64, r9, Address.of(THREAD, c.threadPendingExceptionOffset));
        asm.cbz(64, r9, out);
        asm.str(64, zr, Address.of(THREAD, c.threadPendingExceptionOffset));
        asm.mov(32, r0, 0);
        asm.bind(out);
        asm.ldp(64, r29, r30, Address.postIndex(sp, 16));
        asm.ret();
        return new CompiledCode(name, asm.code(), List.of(call), 16, null);
    }
}
