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
 * The runtime stub through which AArch64 compiled code enters a monitor in the VM
 * ({@code JVMCIRuntime::monitorenter(thread, object, BasicLock*)}, the object in x1 and the
 * BasicLock, a slot of the compiled frame, in x2): the stub pins the continuation the thread runs,
 * if any, makes its own frame the thread's last Java frame, calls the VM, and unpins before it
 * returns. Why pinned and why a stub: see {@code Amd64MonitorStubs} (a virtual thread must not be
 * unmounted inside an nmethod's call; a compiled frame deoptimized while the VM blocks returns
 * through the stub, which still unpins, into its deopt handler).
 *
 * <p>The frame: {@code stp x29, x30, [sp, #-16]!; mov x29, sp}, 16 bytes, the saved pair right below
 * the caller's sp as HotSpot's AArch64 stack walker expects of any code blob. Unlike x86, AArch64
 * HotSpot builds the last Java frame from all three anchor fields ({@code JavaThread::pd_last_frame}
 * never reads the pc from the stack), so the stub stores the pc of its call's return address (where
 * the call's empty oop map is), x29 and sp, sp last.
 */
public final class Aarch64MonitorStubs {
    private static final Register THREAD = Aarch64FrameBuilder.THREAD;

    private Aarch64MonitorStubs() {
    }

    /** The entry of the monitorenter stub, installed on first use. */
    public static long monitorEnter(HotSpotVmConfig config) {
        return RuntimeStubs.address("ssajit-monitorenter", () -> generateMonitorEnter(config));
    }

    /** The stub's code; see the class comment. x0, x8 and x9 besides what the VM clobbers. */
    public static CompiledCode generateMonitorEnter(HotSpotVmConfig c) {
        Aarch64Assembler asm = new Aarch64Assembler();
        asm.stp(64, r29, r30, Address.preIndex(sp, -16));
        asm.mov(64, r29, sp);
        pin(asm, c, true);
        Label returnAddress = new Label("monitorenter-return");
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
        Call call = new Call(new StubTarget(c.monitorEnter, true), pc, asm.position() - pc, true, noFrame);
        asm.str(64, zr, Address.of(THREAD, c.threadLastJavaSpOffset));
        asm.str(64, zr, Address.of(THREAD, c.threadLastJavaFpOffset));
        asm.str(64, zr, Address.of(THREAD, c.threadLastJavaPcOffset));
        pin(asm, c, false);
        asm.ldp(64, r29, r30, Address.postIndex(sp, 16));
        asm.ret();
        return new CompiledCode("ssajit-monitorenter", asm.code(), List.of(call), 16, null);
    }

    /** Adds 1 to (or subtracts 1 from) the pin count of the thread's innermost continuation, if it runs one; uses x8 and x9. */
    private static void pin(Aarch64Assembler asm, HotSpotVmConfig c, boolean on) {
        Label none = new Label(on ? "no-continuation-to-pin" : "no-continuation-to-unpin");
        asm.ldr(64, r8, Address.of(THREAD, c.threadContEntryOffset));
        asm.cbz(64, r8, none);
        asm.ldr(32, r9, Address.of(r8, c.contEntryPinCountOffset));
        if (on) {
            asm.add(32, r9, r9, 1);
        } else {
            asm.sub(32, r9, r9, 1);
        }
        asm.str(32, r9, Address.of(r8, c.contEntryPinCountOffset));
        asm.bind(none);
    }
}
