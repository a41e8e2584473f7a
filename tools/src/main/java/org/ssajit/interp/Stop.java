package org.ssajit.interp;

/**
 * Non-local exits of the interpreter. Program exceptions travel as {@link Raise} so that they can never
 * be confused with a fault of the interpreter itself: only code that knows the JVM would throw raises.
 */
abstract sealed class Stop extends RuntimeException permits Stop.Raise, Stop.Unwind, Stop.Refuse, Stop.Broken {
    private static final long serialVersionUID = 1L;

    Stop(String message, Throwable cause) {
        // No stack trace: these are control flow, thrown per program exception.
        super(message, cause, false, false);
    }

    /** The interpreted program throws {@code exception}. */
    static final class Raise extends Stop {
        private static final long serialVersionUID = 1L;
        final Throwable exception;

        Raise(Throwable exception) {
            super(null, null);
            this.exception = exception;
        }
    }

    /** The frame ends throwing {@code exception} to its caller, no handler of it consulted (a lowered graph's unwind). */
    static final class Unwind extends Stop {
        private static final long serialVersionUID = 1L;
        final Throwable exception;

        Unwind(Throwable exception) {
            super(null, null);
            this.exception = exception;
        }
    }

    /** The interpreter cannot run this faithfully: becomes {@link Outcome.NotInterpretable}. */
    static final class Refuse extends Stop {
        private static final long serialVersionUID = 1L;

        Refuse(String reason) {
            super(reason, null);
        }

        Refuse(String reason, Throwable cause) {
            super(reason + ": " + cause, cause);
        }
    }

    /** The graph breaks an IR invariant: becomes {@link Outcome.Malformed}. */
    static final class Broken extends Stop {
        private static final long serialVersionUID = 1L;

        Broken(String reason) {
            super(reason, null);
        }
    }

    static Raise raise(Throwable t) {
        return new Raise(t);
    }

    static Refuse refuse(String reason) {
        return new Refuse(reason);
    }

    static Refuse refuse(String reason, Throwable cause) {
        return new Refuse(reason, cause);
    }

    static Broken broken(String reason) {
        return new Broken(reason);
    }
}
