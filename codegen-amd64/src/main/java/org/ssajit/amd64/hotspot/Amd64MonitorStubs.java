package org.ssajit.amd64.hotspot;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import java.util.List;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.RuntimeStubs;
import org.ssajit.hotspot.StubTarget;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Location;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The runtime stub through which compiled code enters a monitor in the VM
 * ({@code JVMCIRuntime::monitorenter(thread, object, BasicLock*)}, the object in rsi and the BasicLock,
 * a slot of the compiled frame, in rdx): the stub pins the continuation the thread runs, if any,
 * makes its own frame the thread's last Java frame, calls the VM, and unpins before it returns.
 *
 * <p>Why pinned: a virtual thread that finds the lock taken would otherwise be unmounted inside the VM
 * (JDK 24+), which resumes it only through the interpreter's or HotSpot's own stubs' return paths.
 * Why a stub: if the compiled frame is deoptimized while the VM blocks (a safepoint while waiting),
 * HotSpot redirects the compiled frame's return address, which is the stub's, to the frame's deopt
 * handler; the stub still unpins on its way there, where a direct call from the nmethod skipped the
 * unpinning and left the virtual thread pinned until its continuation ended.
 */
public final class Amd64MonitorStubs {
    private Amd64MonitorStubs() {
    }

    /** The entry of the monitorenter stub, installed on first use. */
    public static long monitorEnter(HotSpotVmConfig config) {
        return RuntimeStubs.address("ssajit-monitorenter", () -> generateMonitorEnter(config));
    }

    /** The stub's code; see the class comment. Frame: the return address and the saved rbp, 16 bytes. */
    public static CompiledCode generateMonitorEnter(HotSpotVmConfig c) {
        Amd64Assembler asm = new Amd64Assembler();
        asm.push(AMD64.rbp);
        pin(asm, c, true);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), AMD64.rsp);
        asm.mov(QWORD, AMD64.rdi, AMD64.r15);
        int pc = asm.movabs(AMD64.r10, 0L);
        asm.call(AMD64.r10);
        DebugInfo noFrame = new DebugInfo((jdk.vm.ci.code.BytecodePosition) null);
        noFrame.setReferenceMap(new HotSpotReferenceMap(new Location[0], new Location[0], new int[0], 16));
        Call call = new Call(new StubTarget(c.monitorEnter, true), pc, asm.position() - pc, true, noFrame);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), 0);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaFpOffset), 0);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaPcOffset), 0);
        pin(asm, c, false);
        asm.pop(AMD64.rbp);
        asm.ret();
        return new CompiledCode("ssajit-monitorenter", asm.code(), List.of(call), 16, null);
    }

    /** Adds 1 to (or subtracts 1 from) the pin count of the thread's innermost continuation, if it runs one; uses r10. */
    private static void pin(Amd64Assembler asm, HotSpotVmConfig c, boolean on) {
        Register entry = AMD64.r10;
        Label none = new Label(on ? "no-continuation-to-pin" : "no-continuation-to-unpin");
        asm.mov(QWORD, entry, Address.of(AMD64.r15, c.threadContEntryOffset));
        asm.test(QWORD, entry, entry);
        asm.jcc(Condition.E, none);
        asm.alu(on ? AluOp.ADD : AluOp.SUB, DWORD, Address.of(entry, c.contEntryPinCountOffset), 1);
        asm.bind(none);
    }
}
