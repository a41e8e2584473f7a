package org.ssajit.ir;

import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.DeoptimizationReason;

/**
 * The attribute of {@link Op#NEW_EXCEPTION}: which exception a failed check creates when a handler of
 * the same method catches it in compiled code, and, for a ClassCastException, the class cast to (a
 * class-metadata constant, for the message).
 *
 * <p>Only the exceptions whose message HotSpot's runtime builds from what the compiled code can pass
 * (nothing, a class, two classes) are here: the out-of-bounds and negative-size messages are formatted
 * from an index and a length, which no entry of the VM takes, so those checks stay deoptimizations.
 */
public record ImplicitException(Kind kind, Constant targetHub) {
    public ImplicitException {
        if ((kind == Kind.CLASS_CAST) != (targetHub != null)) {
            throw new IllegalArgumentException(kind + " with target " + targetHub);
        }
    }

    /** The exception classes, named as the VM's symbol table names them, and their fixed messages. */
    public enum Kind {
        /** A null reference dereferenced: no message here (NullPointerException computes its helpful message from the bytecode at the bci). */
        NULL_POINTER("java/lang/NullPointerException", null, DeoptimizationReason.NullCheckException),
        /** Integer division or remainder by zero. */
        ARITHMETIC("java/lang/ArithmeticException", "/ by zero", DeoptimizationReason.ArithmeticException),
        /** A failed checkcast: the object (input) and the target class (attribute) make the message. */
        CLASS_CAST("java/lang/ClassCastException", null, DeoptimizationReason.ClassCastException),
        /** A failed aastore store check: the stored value's class (input) is the message. */
        ARRAY_STORE("java/lang/ArrayStoreException", null, DeoptimizationReason.ArrayStoreException);

        private final String className;
        private final String message;
        private final DeoptimizationReason reason;

        Kind(String className, String message, DeoptimizationReason reason) {
            this.className = className;
            this.message = message;
            this.reason = reason;
        }

        /** The class's internal name ({@code java/lang/NullPointerException}). */
        public String className() {
            return className;
        }

        /** The Java class. */
        public Class<? extends Throwable> javaClass() {
            return switch (this) {
                case NULL_POINTER -> NullPointerException.class;
                case ARITHMETIC -> ArithmeticException.class;
                case CLASS_CAST -> ClassCastException.class;
                case ARRAY_STORE -> ArrayStoreException.class;
            };
        }

        /** The fixed message, or null (none, or one built from the inputs). */
        public String message() {
            return message;
        }

        /** Whether the op takes an object input: the checked object (class cast) or the stored value (array store). */
        public boolean takesObject() {
            return this == CLASS_CAST || this == ARRAY_STORE;
        }

        /** The kind a failed check of {@code reason} throws, or null if compiled code cannot create it. */
        public static Kind of(DeoptimizationReason reason) {
            for (Kind k : values()) {
                if (k.reason == reason) {
                    return k;
                }
            }
            return null;
        }
    }

    @Override
    public String toString() {
        return kind.className.substring(kind.className.lastIndexOf('/') + 1) + (targetHub != null ? " to " + targetHub : "");
    }
}
