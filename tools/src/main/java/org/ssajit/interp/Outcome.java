package org.ssajit.interp;

/**
 * How one execution ended. {@link Returned} and {@link Threw} are what the program did;
 * {@link NotInterpretable} means the interpreter could not run it faithfully (so nothing may be
 * concluded about the graph); {@link Malformed} means the graph itself broke an invariant the IR
 * promises (a value read before its definition, an undefined value used, a phi without an operand
 * for the edge taken) - always a construction bug.
 */
public sealed interface Outcome {
    /** Normal completion; {@code value} is boxed as reflection boxes the declared return type (null for void). */
    record Returned(Object value) implements Outcome {
        @Override
        public String toString() {
            return "returned " + Values.describe(value);
        }
    }

    /** Completion by an exception the method did not catch. */
    record Threw(Throwable exception) implements Outcome {
        @Override
        public String toString() {
            return "threw " + exception;
        }
    }

    record NotInterpretable(String reason) implements Outcome {
        @Override
        public String toString() {
            return "not interpretable: " + reason;
        }
    }

    record Malformed(String reason) implements Outcome {
        @Override
        public String toString() {
            return "malformed graph: " + reason;
        }
    }
}
