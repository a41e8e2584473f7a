package org.ssajit.regalloc;

/**
 * The LIR asks for something no allocation can give (more values needing a register at one
 * instruction than the target has, a variable used before its definition, a critical edge): a bailout,
 * not a crash.
 */
public final class RegisterAllocationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RegisterAllocationException(String message) {
        super(message);
    }
}
