package org.ssajit.tools;

/** The command line asks for something that cannot be done as written: a message for the user, exit code 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
