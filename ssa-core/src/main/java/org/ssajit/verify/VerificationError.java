package org.ssajit.verify;

/** The graph violates an invariant of ssajit's SSA form. */
public final class VerificationError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public VerificationError(String message) {
        super(message);
    }
}
