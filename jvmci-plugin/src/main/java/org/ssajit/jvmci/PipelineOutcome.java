package org.ssajit.jvmci;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.regalloc.AllocationVerificationError;
import org.ssajit.regalloc.RegisterAllocationException;
import org.ssajit.verify.VerificationError;

/**
 * How an exception out of the {@link Pipeline} is reported, in one place for the JIT
 * ({@link SsajitCompiler}, {@code -Dssajit.Stats}) and the tools ({@code ctw}): the message HotSpot and
 * the log see, the category statistics count, and whether it is a compiler bug (a refusal either way:
 * the VM never sees the exception).
 *
 * @param message the refusal reason
 * @param category what statistics group it under (no method-specific text)
 * @param bug whether it shows a defect of ssajit rather than a limit of what it compiles
 */
public record PipelineOutcome(String message, String category, boolean bug) {
    /** The category of compiles refused because of an injected fault (-Dssajit.InjectFaults). */
    public static final String INJECTED_FAULT = "injected fault";

    /** The outcome of the pipeline throwing {@code t}. */
    public static PipelineOutcome of(Throwable t) {
        org.ssajit.debug.FaultInjection.InjectedFault fault = org.ssajit.debug.FaultInjection.find(t);
        if (fault != null) {
            return new PipelineOutcome(fault.getMessage() + " (-Dssajit.InjectFaults)", INJECTED_FAULT, false);
        }
        if (t instanceof BailoutException e) {
            return new PipelineOutcome(e.toString(), "bailout: " + e.reason().description(), false);
        }
        if (t instanceof RegisterAllocationException e) {
            return new PipelineOutcome("register allocation: " + e.getMessage(), "register allocation impossible", false);
        }
        if (t instanceof jdk.vm.ci.code.BailoutException e) {
            return new PipelineOutcome("JVMCI bailout: " + e.getMessage(), "bailout: JVMCI", false);
        }
        if (t instanceof VerificationError e) {
            return new PipelineOutcome("SSA graph fails verification (a compiler bug): " + e.getMessage(), "compiler bug: SSA verification failed", true);
        }
        if (t instanceof AllocationVerificationError e) {
            return new PipelineOutcome("register allocation fails verification (a compiler bug): " + e.getMessage(),
                            "compiler bug: allocation verification failed", true);
        }
        String vm = vmFailure(t);
        if (vm != null) {
            return new PipelineOutcome(vm + ": " + t, vm, false);
        }
        return new PipelineOutcome("internal error in ssajit: " + t, "internal error: " + t.getClass().getName(), true);
    }

    /** The category of a compile the VM's resources failed rather than ssajit. */
    public static final String VM_OUT_OF_MEMORY = "the VM ran out of memory while ssajit ran";

    /** The category of a compile that failed linking an invokedynamic or method handle of ssajit's own code. */
    public static final String VM_LINKAGE = "the VM failed to link ssajit's own code (java.lang.invoke)";

    /**
     * Whether {@code t} is the VM failing ssajit rather than a defect of ssajit: an
     * {@link OutOfMemoryError} anywhere in its causes (the Java heap, or the code cache: "Out of space in
     * CodeCache for adapters" when a class of ssajit's is linked), or an error thrown by java.lang.invoke,
     * which ssajit's own code reaches only through its lambdas, string concatenations, pattern
     * switches and records' methods (invokedynamic): linking one of those needs code-cache space for
     * adapters and method-handle intrinsics, and fails when the cache is full (a {@code
     * BootstrapMethodError}, or an {@code InternalError} for a missing {@code linkToStatic}). The VM
     * keeps an invokedynamic's linkage error, so ssajit refuses what reaches that site from then on:
     * HotSpot's own tiers run those methods. Returns the category, or null for a defect of ssajit.
     */
    static String vmFailure(Throwable t) {
        int depth = 0;
        for (Throwable c = t; c != null && depth < 16; c = c.getCause(), depth++) {
            if (c instanceof OutOfMemoryError) {
                return VM_OUT_OF_MEMORY;
            }
        }
        if (t instanceof LinkageError || t instanceof InternalError) {
            StackTraceElement[] stack = t.getStackTrace();
            if (stack.length > 0 && stack[0].getClassName().startsWith("java.lang.invoke.")) {
                return VM_LINKAGE;
            }
            for (StackTraceElement e : stack) {
                if (e.getClassName().equals("java.lang.invoke.MethodHandleNatives") && e.getMethodName().startsWith("link")) {
                    return VM_LINKAGE;
                }
            }
        }
        return null;
    }
}
