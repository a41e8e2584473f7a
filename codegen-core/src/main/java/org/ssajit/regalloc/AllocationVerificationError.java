package org.ssajit.regalloc;

/** The {@link AllocationVerifier} found an instruction that would read the wrong value. */
public final class AllocationVerificationError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AllocationVerificationError(String message) {
        super(message);
    }
}
