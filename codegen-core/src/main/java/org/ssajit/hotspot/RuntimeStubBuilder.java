package org.ssajit.hotspot;

import org.ssajit.util.CompilerList;
import java.nio.charset.StandardCharsets;

import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.util.Nulls;

import jdk.vm.ci.code.BytecodePosition;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Location;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;

/**
 * ssajit's runtime stubs ({@link RuntimeStubs}), the same protocol on every target: code with a frame
 * of its own between compiled code and a VM entry, where the VM must find a stub frame on top. Each
 * stub builds a 16-byte frame (the saved frame pointer and return address, right below the caller's
 * stack pointer, as HotSpot's walk of a frame of a known size expects), makes it the thread's last Java
 * frame, calls the VM's C function with the thread as the first C argument (a far call, its Call site
 * with no Java frame and an empty oop map, the map HotSpot walks the stub's frame with), clears the
 * anchor (stack pointer first, then frame pointer and pc) and returns. If the compiled frame below is
 * deoptimized while the VM runs, HotSpot redirects the stub's return into it to the frame's deopt
 * handler, which then runs after the stub has cleaned up. A target supplies the instructions (the
 * abstract {@code emit...} hooks); the shapes are in docs/HOTSPOT-NOTES.md.
 *
 * <p>The stubs: a VM entry that may run Java code before it returns ({@link #vmCallStub}), entering a
 * monitor in the VM ({@link #monitorEnterStub}), and creating an implicit exception
 * ({@link #exceptionStub}).
 *
 * @param <A> the target's assembler
 */
public abstract class RuntimeStubBuilder<A extends Assembler> {
    /** What a VM-call stub returns in the C return register. */
    public enum VmResult {
        /** The thread's vm_result (taken off the thread), or null when the entry failed. */
        OBJECT,
        /** 1, or 0 when the entry failed. */
        STATUS
    }

    /** The frame's size without a message buffer: the saved frame pointer and return address. */
    public static final int FRAME = 16;
    /** The message buffer of an exception stub that formats one (at the stack pointer). */
    public static final int BUFFER = 96;
    /** Where a number's digits are assembled in the buffer, backwards, below this offset. */
    public static final int DIGITS_END = 88;

    protected final HotSpotVmConfig config;
    protected final A asm;
    private final Register returnRegister;
    private final Register[] cArguments;
    private Call call;

    /**
     * @param returnRegister the C convention's return register
     * @param cArguments the C convention's first four argument registers (the first gets the thread)
     */
    protected RuntimeStubBuilder(HotSpotVmConfig config, A asm, Register returnRegister, Register... cArguments) {
        this.config = Nulls.requireNonNull(config, "config");
        this.asm = asm;
        this.returnRegister = returnRegister;
        this.cArguments = cArguments.clone();
    }

    /**
     * The stub through which compiled code calls a VM entry that may run Java code before it returns
     * ({@code JVMCIRuntime::new_array_or_null}, {@code new_multi_array_or_null},
     * {@code new_instance_or_null}, {@code SharedRuntime::register_finalizer}). The caller puts the
     * entry's arguments after the thread in the C convention's second to fourth registers and calls the
     * stub with the debug info of its bytecode; the stub returns the object the entry left in the
     * thread's vm_result ({@link VmResult#OBJECT}) or 1 ({@link VmResult#STATUS}), 0 when the entry
     * failed, its pending exception cleared (the caller deoptimizes to the state before the bytecode,
     * where the interpreter does it again and throws).
     *
     * <p>Why a stub frame: while the VM runs Java code for the entry, a collection walks the thread's
     * stack down through the VM's entry frame to the frame the anchor names, and walks the frame below
     * an entry frame as one whose callee may need its outgoing arguments kept alive: for an nmethod,
     * HotSpot then reads the invoke at the call's bci for the callee's signature
     * ({@code nmethod::preserve_callee_argument_oops}) and dies on a {@code newarray} or a
     * {@code return}. A stub frame there is walked as a runtime stub, and the compiled frame below it as
     * the caller of a stub whose arguments no one keeps ({@code caller_must_gc_arguments} is false for
     * JVMCI's stubs).
     */
    public final CompiledCode vmCallStub(String name, long entry, VmResult result) {
        emitEnter();
        callVm(entry, () -> {
        });
        if (result == VmResult.OBJECT) {
            emitLoadFromThread(returnRegister, config.threadVmResultOopOffset);
            emitStoreZeroInThread(config.threadVmResultOopOffset);
        } else {
            emitReturnInt(1);
        }
        Label out = new Label("vm-call-out");
        emitBranchIfThreadWordZero(config.threadPendingExceptionOffset, out);
        emitStoreZeroInThread(config.threadPendingExceptionOffset);
        emitReturnInt(0);
        asm.bind(out);
        emitLeave();
        return code(name, FRAME);
    }

    /**
     * The stub through which compiled code enters a monitor in the VM
     * ({@code JVMCIRuntime::monitorenter(thread, object, BasicLock*)}, the object and the BasicLock, a
     * slot of the compiled frame, in the C convention's second and third registers): it pins the
     * continuation the thread runs, if any, calls the VM, and unpins before it returns.
     *
     * <p>Why pinned: a virtual thread that finds the lock taken would otherwise be unmounted inside the
     * VM (JDK 24+), which resumes it only through the interpreter's or HotSpot's own stubs' return
     * paths. Why a stub: if the compiled frame is deoptimized while the VM blocks, its return goes
     * through the stub, which still unpins, into its deopt handler, where a direct call from the
     * nmethod skipped the unpinning and left the virtual thread pinned until its continuation ended.
     */
    public final CompiledCode monitorEnterStub() {
        emitEnter();
        emitPin(true);
        callVm(config.monitorEnter, () -> {
        });
        emitPin(false);
        emitLeave();
        return code("ssajit-monitorenter", FRAME);
    }

    /**
     * The stub through which compiled code has the VM create an implicit exception of {@code kind}: it
     * calls the {@code JVMCIRuntime} entry, which creates the exception as the interpreter does (class,
     * message; the stack trace from the first Java frame below the stub: the compiled method at the
     * bytecode's bci) and leaves it pending, and returns it, taken off the thread, in the C return
     * register. Compiled code calls it with the debug info of the failing bytecode, reexecuting it: if
     * the compiled frame is deoptimized meanwhile, the exception is no longer pending when its deopt
     * handler runs, and the interpreter re-executes the bytecode and throws.
     *
     * <p>Convention (C argument registers 1 to 3): the object's class in the third for a class cast or
     * array store and the target class in the fourth for a class cast, where the entry takes them; the
     * index and length in the second and third (out of bounds), the length in the second (negative
     * size), whose message the stub formats into its frame, below the saved pair, as the interpreter
     * does ({@code "Index %d out of bounds for length %d"}, {@code "%d"}). Every register but the
     * callee-saved ones of the C convention and the thread may be clobbered (the caller treats the call
     * as clobbering all).
     */
    public final CompiledCode exceptionStub(ImplicitException.Kind kind) {
        Label className = new Label("class-name");
        Label message = new Label("message");
        boolean formats = kind == ImplicitException.Kind.OUT_OF_BOUNDS || kind == ImplicitException.Kind.NEGATIVE_SIZE;
        emitEnter();
        if (formats) {
            emitMessageStart();
            if (kind == ImplicitException.Kind.OUT_OF_BOUNDS) {
                emitText("Index ");
                emitDecimal(0);
                emitText(" out of bounds for length ");
                emitDecimal(1);
            } else {
                emitDecimal(0);
            }
            emitMessageEnd();
        }
        long entry = switch (kind) {
            case NULL_POINTER, ARITHMETIC, OUT_OF_BOUNDS, NEGATIVE_SIZE -> config.throwAndPostJvmtiException;
            case ARRAY_STORE -> config.throwKlassExternalNameException; // the value's class in argument 2
            case CLASS_CAST -> config.throwClassCastException; // the object's class in argument 2, the target in 3
        };
        callVm(entry, () -> {
            emitAddressOf(cArgument(1), className);
            if (formats) {
                emitStackPointerTo(cArgument(2)); // the formatted message
            } else if (kind == ImplicitException.Kind.NULL_POINTER || kind == ImplicitException.Kind.ARITHMETIC) {
                if (kind.message() == null) {
                    emitZero(cArgument(2));
                } else {
                    emitAddressOf(cArgument(2), message);
                }
            }
        });
        emitLoadFromThread(returnRegister, config.threadPendingExceptionOffset);
        emitStoreZeroInThread(config.threadPendingExceptionOffset);
        if (formats) {
            emitMessageFree();
        }
        emitLeave();
        asm.bind(className);
        emitCString(kind.className());
        asm.bind(message);
        if (kind.message() != null) {
            emitCString(kind.message());
        }
        return code("ssajit-throw-" + kind.name(), formats ? FRAME + BUFFER : FRAME);
    }

    /**
     * The stub through which compiled code calls the VM's leaf C function {@code target} with every
     * register intact ({@code HotSpotOp.LEAF_CALL_SAVING}: the collectors' barrier slow paths, which the
     * register allocator treats as clobbering nothing): it saves every register the C convention lets
     * the callee clobber, moves the {@code arguments} words from where the call site left them into the
     * C argument registers ({@link #emitLeafCallSave}), makes the far call (the stub's one Call site, no
     * debug info: the function neither safepoints nor walks the stack, so no frame and no anchor are
     * needed), leaves the result, with {@code result}, where the call site reads it, restores and returns
     * ({@link #emitLeafCallRestore}). One stub per function serves every method of the VM: the save and
     * restore sequences are the largest part of it, and each method kept a copy before.
     */
    public final CompiledCode leafCallSavingStub(String name, long target, int arguments, boolean result) {
        int frameSize = emitLeafCallSave(arguments);
        int pc = asm.position();
        emitFarCall(target);
        call = new Call(new StubTarget(target, true), pc, asm.position() - pc, true, null);
        emitLeafCallRestore(result);
        return code(name, frameSize);
    }

    /**
     * This frame the thread's last Java frame, the thread in the first C argument register,
     * {@code arguments} (the rest of them), the far call of {@code entry} (the stub's one Call site),
     * and the anchor cleared.
     */
    private void callVm(long entry, Runnable arguments) {
        if (call != null) {
            throw new IllegalStateException("a stub calls the VM once");
        }
        Label returnAddress = new Label("stub-return-address");
        emitSetLastJavaFrame(returnAddress);
        emitMoveThread(cArgument(0));
        arguments.run();
        int pc = asm.position();
        emitFarCall(entry);
        asm.bind(returnAddress);
        DebugInfo noFrame = new DebugInfo((BytecodePosition) null);
        noFrame.setReferenceMap(new HotSpotReferenceMap(new Location[0], new Location[0], new int[0], 16));
        call = new Call(new StubTarget(entry, true), pc, asm.position() - pc, true, noFrame);
        emitStoreZeroInThread(config.threadLastJavaSpOffset);
        emitStoreZeroInThread(config.threadLastJavaFpOffset);
        emitStoreZeroInThread(config.threadLastJavaPcOffset);
    }

    private Register cArgument(int k) {
        return cArguments[k];
    }

    private CompiledCode code(String name, int frameSize) {
        return new CompiledCode(name, asm.code(), CompilerList.of(Nulls.requireNonNull(call, "the stub's call")), frameSize, null);
    }

    /** {@code s} as a NUL-terminated C string, padded with zeros to whole 4-byte words (an instruction's size on a fixed-width target). */
    protected void emitCString(String s) {
        byte[] text = s.getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[(text.length + 4) & ~3];
        System.arraycopy(text, 0, b, 0, text.length);
        for (int k = 0; k < b.length; k += 4) {
            asm.emitInt((b[k] & 0xFF) | (b[k + 1] & 0xFF) << 8 | (b[k + 2] & 0xFF) << 16 | (b[k + 3] & 0xFF) << 24);
        }
    }

    // Target hooks: the instructions ---------------------------------------------------------------

    /** The stub's frame: the caller's frame pointer and the return address saved, the frame pointer set. */
    protected abstract void emitEnter();

    /** Removes the frame and returns. */
    protected abstract void emitLeave();

    /**
     * A leaf-call-saving stub's entry ({@link #leafCallSavingStub}): every register the C convention
     * lets a callee clobber saved, the C argument registers loaded with the {@code arguments} words the
     * call site passes; returns the bytes the stub keeps below the caller's stack pointer (its frame).
     */
    protected abstract int emitLeafCallSave(int arguments);

    /** A leaf-call-saving stub's exit: the C result (with {@code result}) where the call site reads it, the registers restored, the return. */
    protected abstract void emitLeafCallRestore(boolean result);

    /**
     * Makes this frame the thread's last Java frame (the anchor's stack pointer stored last), with the
     * pc {@code returnAddress} where the target's stack walk reads it from the anchor (bound right after
     * the call).
     */
    protected abstract void emitSetLastJavaFrame(Label returnAddress);

    /** {@code r = } the thread. */
    protected abstract void emitMoveThread(Register r);

    /** A call of the C function at {@code entry} that reaches any address (the Call site starts here). */
    protected abstract void emitFarCall(long entry);

    /** {@code r = } the thread's word at {@code offset}. */
    protected abstract void emitLoadFromThread(Register r, int offset);

    /** The thread's word at {@code offset} {@code = 0}. */
    protected abstract void emitStoreZeroInThread(int offset);

    /** To {@code target} if the thread's word at {@code offset} is 0. */
    protected abstract void emitBranchIfThreadWordZero(int offset, Label target);

    /** The return register {@code = value} (an int). */
    protected abstract void emitReturnInt(int value);

    /** Adds 1 to ({@code on}) or subtracts 1 from the pin count of the thread's innermost continuation, if it runs one. */
    protected abstract void emitPin(boolean on);

    /** {@code r = } the address of {@code label}, bound in this stub. */
    protected abstract void emitAddressOf(Register r, Label label);

    /** {@code r = } the stack pointer. */
    protected abstract void emitStackPointerTo(Register r);

    /** {@code r = 0}. */
    protected abstract void emitZero(Register r);

    /**
     * Reserves the {@link #BUFFER}-byte message buffer at the stack pointer, moves the numbers (the ints
     * in C argument registers 1 and 2) where the formatting keeps them, and starts the message at the
     * buffer's beginning.
     */
    protected abstract void emitMessageStart();

    /** Appends {@code s} to the message. */
    protected abstract void emitText(String s);

    /** Appends the decimal form of number {@code k} (0 or 1; a '-' first if negative, {@code MIN_VALUE} too), assembled below {@link #DIGITS_END}. */
    protected abstract void emitDecimal(int k);

    /** Terminates the message with a NUL. */
    protected abstract void emitMessageEnd();

    /** Frees the message buffer. */
    protected abstract void emitMessageFree();
}
