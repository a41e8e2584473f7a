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
        return new PipelineOutcome("internal error in ssajit: " + t, "internal error: " + t.getClass().getName(), true);
    }
}
