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
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * The runtime stubs through which compiled code calls a VM entry that may run Java code before it
 * returns: {@code JVMCIRuntime::new_array_or_null} and {@code new_multi_array_or_null} (a negative
 * length's {@code NegativeArraySizeException} is made by its Java constructors),
 * {@code new_instance_or_null}, and {@code SharedRuntime::register_finalizer} (which calls
 * {@code Finalizer.register}). The caller puts the entry's arguments after the thread in rsi, rdx and
 * rcx and calls the stub with the debug info of its bytecode; the stub makes its own frame the
 * thread's last Java frame, passes the thread in rdi, calls the entry, clears the anchor, and returns
 * in rax either the object the entry left in the thread's vm_result ({@link Result#OBJECT}) or 1
 * ({@link Result#STATUS}); 0 when the entry failed, its pending exception cleared (the caller
 * deoptimizes to the state before the bytecode, where the interpreter does it again and throws).
 *
 * <p>Why a stub frame: while the VM runs Java code for the entry, a collection walks the thread's
 * stack from that code down through the VM's entry frame to the frame the anchor names, and walks
 * the frame below an entry frame as one whose callee may need its outgoing arguments kept alive: for
 * an nmethod, HotSpot then reads the invoke at the call's bci for the callee's signature
 * ({@code nmethod::preserve_callee_argument_oops}) and dies on a {@code newarray} or a
 * {@code return}. A stub frame there is walked as a runtime stub, and the compiled frame below it as
 * the caller of a stub whose arguments no one keeps ({@code caller_must_gc_arguments} is false for
 * JVMCI's stubs). As with the exception stubs, a compiled frame deoptimized meanwhile returns through
 * the stub, which has cleared the pending exception and vm_result, into its deopt handler.
 *
 * <p>Frame: the return address and the saved rbp, 16 bytes; rsp is 16-byte aligned at the C call.
 * Clobbers rax, rdi, r10 besides what the C function clobbers.
 */
public final class Amd64VmCallStubs {
    /** What the stub returns in rax. */
    public enum Result {
        /** The thread's vm_result (taken off the thread), or null when the entry failed. */
        OBJECT,
        /** 1, or 0 when the entry failed. */
        STATUS
    }

    private Amd64VmCallStubs() {
    }

    /** The entry of the stub that calls the VM entry {@code entry} (named {@code entryName} in the stub's name), installed on first use. */
    public static long address(HotSpotVmConfig config, String entryName, long entry, Result result) {
        String name = "ssajit-vm-" + entryName;
        return RuntimeStubs.address(name, () -> generate(config, name, entry, result));
    }

    /** The stub's code; see the class comment. */
    public static CompiledCode generate(HotSpotVmConfig c, String name, long entry, Result result) {
        Amd64Assembler asm = new Amd64Assembler();
        asm.push(AMD64.rbp);
        // This frame is the last Java frame's: the VM reads the return address right below its sp.
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), AMD64.rsp);
        asm.mov(QWORD, AMD64.rdi, AMD64.r15);
        int pc = asm.movabs(AMD64.r10, 0L);
        asm.call(AMD64.r10);
        DebugInfo noFrame = new DebugInfo((jdk.vm.ci.code.BytecodePosition) null);
        noFrame.setReferenceMap(new HotSpotReferenceMap(new Location[0], new Location[0], new int[0], 16));
        Call call = new Call(new StubTarget(entry, true), pc, asm.position() - pc, true, noFrame);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaSpOffset), 0);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaFpOffset), 0);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadLastJavaPcOffset), 0);
        if (result == Result.OBJECT) {
            asm.mov(QWORD, AMD64.rax, Address.of(AMD64.r15, c.threadVmResultOopOffset));
            asm.mov(QWORD, Address.of(AMD64.r15, c.threadVmResultOopOffset), 0);
        } else {
            asm.mov(DWORD, AMD64.rax, 1);
        }
        Label out = new Label("vm-call-out");
        asm.alu(AluOp.CMP, QWORD, Address.of(AMD64.r15, c.threadPendingExceptionOffset), 0);
        asm.jcc(Condition.E, out);
        asm.mov(QWORD, Address.of(AMD64.r15, c.threadPendingExceptionOffset), 0);
        asm.alu(AluOp.XOR, DWORD, AMD64.rax, AMD64.rax);
        asm.bind(out);
        asm.pop(AMD64.rbp);
        asm.ret();
        return new CompiledCode(name, asm.code(), List.of(call), 16, null);
    }
}
