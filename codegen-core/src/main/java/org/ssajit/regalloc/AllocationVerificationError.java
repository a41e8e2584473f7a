package org.ssajit.regalloc;

import org.ssajit.lir.LirGraph;

/** The {@link AllocationVerifier} found an instruction that would read the wrong value. */
public final class AllocationVerificationError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient LirGraph lir;

    public AllocationVerificationError(String message, LirGraph lir) {
        super(message);
        this.lir = lir;
    }

    /** The problem, then the allocated LIR (printed only when asked for: tests reject many corruptions). */
    @Override
    public String getMessage() {
        return lir == null ? super.getMessage() : super.getMessage() + "\n" + lir;
    }

    /** The problem alone. */
    public String problem() {
        return super.getMessage();
    }
}
