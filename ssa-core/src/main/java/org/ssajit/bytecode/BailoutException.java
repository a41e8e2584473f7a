package org.ssajit.bytecode;

/**
 * ssajit refuses to compile a method. Always safe: HotSpot keeps running the method in its own tiers.
 * The {@link Reason} is what statistics count; the message says where and why.
 */
public final class BailoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Reason {
        NO_BYTECODE("no bytecode (abstract, native or not linked)"),
        JSR_RET("jsr/ret subroutines"),
        ILLEGAL_BYTECODE("malformed or unknown bytecode"),
        UNBALANCED_STACK("inconsistent operand stack at a merge"),
        UNBALANCED_MONITORS("unstructured locking"),
        HANDLER_REACHED_NORMALLY("exception handler entered by normal control flow"),
        UNRESOLVED_DYNAMIC_CONSTANT("unresolved dynamic constant (condy)"),
        TOO_LARGE("method too large"),
        INTERNAL_ERROR("internal error in the compiler"),
        UNSUPPORTED("not supported yet");

        private final String description;

        Reason(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Reason reason;

    public BailoutException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public BailoutException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "bailout (" + reason.description() + "): " + getMessage();
    }
}
